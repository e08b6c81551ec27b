// Node side of tests/browser_engine.rs: `node engine-parity.js ENGINE_JS CASES_JSON` checks
// each case's scenario text with the WebAssembly engine and compares the verdict with the
// native CLI's; prints the differences and exits 1, or "N scenarios, the same verdicts".
'use strict';
const assert = require('node:assert');
const fs = require('node:fs');

const [enginePath, casesPath] = process.argv.slice(2);
const engine = require(enginePath);
const cases = JSON.parse(fs.readFileSync(casesPath, 'utf8'));

(async () => {
  const differing = [];
  for (const { text, verdict } of cases) {
    const got = await engine.check(text);
    // The boards are what /api/check adds; the path is the page's name for the scenario.
    const svg = got.svg;
    delete got.svg;
    assert.strictEqual(got.scenario, 'situace.yaml');
    delete got.scenario;
    try {
      assert.deepStrictEqual(got, verdict);
      assert.ok(typeof svg.after === 'string' && svg.after.startsWith('<svg'), 'no board after');
    } catch (error) {
      differing.push(`${verdict.title}: ${error.message}`);
    }
  }
  const broken = await engine.check('title: x\nruleset: zakladni-hra\nsteps: 3\n');
  const expected = {
    errors: [
      { line: 1, column: 1, message: 'chybí povinné pole `players`' },
      { line: 3, column: 8, message: '`steps` má být seznam' },
    ],
  };
  try {
    assert.deepStrictEqual(broken, expected);
  } catch (error) {
    differing.push(`a malformed scenario: ${error.message}`);
  }
  // The builder reads scenarios through the same reader, as plain JSON.
  const read = await engine.read('a: 1\nb: "2"\nc: [x, ~]\n');
  try {
    assert.deepStrictEqual(read, { doc: { a: 1, b: '2', c: ['x', null] }, tiles: {} });
  } catch (error) {
    differing.push(`read: ${error.message}`);
  }
  // A tile the scenario draws itself comes with the builder's view of it, from the engine.
  const drawn = await engine.read('board:\n  - tile: {edges: [F, F, F, F], fields: [{ports: [N, E, S, W]}], center: monastery}\n');
  try {
    const tile = drawn.tiles['board/0'];
    assert.equal(tile.name, 'kartička ze scénáře: klášter');
    assert.deepStrictEqual(tile.edges, ['F', 'F', 'F', 'F']);
    assert.deepStrictEqual(tile.spots.map((s) => s.on), ['center', 'N']);
    assert.match(tile.svg, /^<svg /);
  } catch (error) {
    differing.push(`read of a drawn tile: ${error.message}`);
  }
  if (differing.length) {
    console.error(differing.join('\n\n'));
    process.exit(1);
  }
  console.log(`${cases.length} scenarios, the same verdicts`);
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
