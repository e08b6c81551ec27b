// Times the browser engine (assets/engine.js of a built site) against the native CLI: the
// module's size, raw and gzipped; in Node, loading and compiling it and checking every
// shipped scenario; in Debian's Chromium with the CPU slowed 4× (DevTools throttling), from
// file:// at 390 px, the module compiled in the page and every scenario checked through the
// worker, and the builder's "Ověřit" from the tap to the verdict on screen; and the native
// `carcref check --json` per scenario (a whole process). Prints medians.
//   node scripts/bench-browser-engine.mjs SITE_DIR [CARCREF_BINARY]
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { launch, openInBuilder } from '../tests/browser/chromium.mjs';
import { ROAD_DISPUTE } from '../tests/browser/disputes.mjs';

const [site, binary = 'target/release/carcref'] = process.argv.slice(2);
if (!site) {
  console.error('usage: node scripts/bench-browser-engine.mjs SITE_DIR [CARCREF_BINARY]');
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;
const files = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const f = path.join(dir, e.name);
    return e.isDirectory() ? files(f) : f.endsWith('.yaml') ? [f] : [];
  });
const scenarios = files('content/scenarios').map((f) => fs.readFileSync(f, 'utf8'));

const wasm = fs.readFileSync('site/engine.wasm');
const script = fs.readFileSync(path.join(site, 'assets/engine.js'));
console.log(`site/engine.wasm: ${wasm.length} bytes, ${zlib.gzipSync(wasm, { level: 9 }).length} gzipped`);
console.log(`assets/engine.js (module and engine data): ${script.length} bytes, ${zlib.gzipSync(script, { level: 9 }).length} gzipped`);

// Node: a fresh process's require and compile, then each scenario checked 5 times.
fs.writeFileSync('/tmp/carcref-bench-scenarios.json', JSON.stringify(scenarios));
const node = spawnSync(process.execPath, ['--input-type=module', '-e', `
  import { createRequire } from 'node:module';
  const t0 = performance.now();
  const engine = createRequire(import.meta.url)(${JSON.stringify(path.resolve(site, 'assets/engine.js'))});
  await engine.prepare();
  const load = performance.now() - t0;
  const texts = JSON.parse((await import('node:fs')).readFileSync(process.argv[1], 'utf8'));
  const t1 = performance.now();
  await engine.check(texts[0]);
  const first = performance.now() - t1;
  const times = [];
  for (const text of texts) {
    const runs = [];
    for (let i = 0; i < 5; i++) { const t = performance.now(); await engine.check(text); runs.push(performance.now() - t); }
    times.push(runs.sort((a, b) => a - b)[2]);
  }
  console.log(JSON.stringify({ load, first, times }));
`, '/tmp/carcref-bench-scenarios.json'], { encoding: 'utf8', maxBuffer: 1 << 26 });
if (node.status !== 0) throw new Error(node.stderr);
const inNode = JSON.parse(node.stdout);
console.log(`Node: require and compile ${ms(inNode.load)}; first check ${ms(inNode.first)}; per scenario (${inNode.times.length}): median ${ms(median(inNode.times))}, max ${ms(Math.max(...inNode.times))}`);

// Chromium, 4× slower CPU, from file:// at 390 px.
const browser = await launch({ viewport: { width: 390, height: 844 } });
const page = await browser.context.newPage();
const cdp = await browser.context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto('file://' + path.join(path.resolve(site), 'situace.html'));
const inPage = await page.evaluate(async (texts) => {
  const t0 = performance.now();
  await window.carcrefEngine.prepare();
  const compile = performance.now() - t0;
  const t1 = performance.now();
  await window.carcrefEngine.check(texts[0]);
  const first = performance.now() - t1;
  const times = [];
  for (const text of texts) {
    const runs = [];
    for (let i = 0; i < 3; i++) { const t = performance.now(); await window.carcrefEngine.check(text); runs.push(performance.now() - t); }
    times.push(runs.sort((a, b) => a - b)[1]);
  }
  return { compile, first, times, place: window.carcrefEngine.place };
}, scenarios);
console.log(`Chromium 4× throttled (${inPage.place}): compile after load ${ms(inPage.compile)}; first check (worker start) ${ms(inPage.first)}; per scenario (${inPage.times.length}): median ${ms(median(inPage.times))}, max ${ms(Math.max(...inPage.times))}`);

// The builder: a road dispute as the page writes it, opened, then the tap on "Ověřit" until
// the verdict shows (a fresh page each time, so the first check starts the worker).
fs.writeFileSync('/tmp/carcref-bench-road.yaml', ROAD_DISPUTE);
const shown = [];
for (let i = 0; i < 7; i++) {
  await page.goto('file://' + path.join(path.resolve(site), 'situace.html'));
  await openInBuilder(page, '/tmp/carcref-bench-road.yaml');
  shown.push(await page.evaluate(async () => {
    const t = performance.now();
    document.getElementById('overit').click();
    while (!document.querySelector('#verdikt h3')) {
      if (performance.now() - t > 10000) throw new Error(document.getElementById('verdikt').textContent);
      await new Promise((r) => setTimeout(r, 1));
    }
    return performance.now() - t;
  }));
}
console.log(`Chromium 4× throttled: "Ověřit" on a freshly loaded page to the verdict on screen, 7 times: median ${ms(median(shown))}, max ${ms(Math.max(...shown))}`);
await browser.close();

// Native: each scenario as `carcref check --json`, a whole process, 3 times.
const native = files('content/scenarios').map((f) => {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    spawnSync(binary, ['check', '--json', f], { encoding: 'utf8' });
    runs.push(performance.now() - t);
  }
  return runs.sort((a, b) => a - b)[1];
});
console.log(`native carcref check --json (process, content loaded each time), per scenario: median ${ms(median(native))}, max ${ms(Math.max(...native))}`);
