/* Checks the browser analyzer against every test vector the Rust analyzer exports, with the
 * tables the site ships (assets/czech.js: czech.json and the dictionary's lemmas):
 *   carcref build && carcref analyze --vectors > vectors.json &&
 *   node site/analyzer.test.js vectors.json public/assets/czech.js
 * Prints "N passed, N failed" and exits 1 on any mismatch. */
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [vectorsFile, tablesScript] = process.argv.slice(2);
if (!vectorsFile || !tablesScript) {
  console.error('usage: node site/analyzer.test.js VECTORS.json CZECH.js');
  process.exit(2);
}
vm.runInThisContext(fs.readFileSync(path.join(__dirname, 'analyzer.js'), 'utf8'));
vm.runInThisContext(fs.readFileSync(tablesScript, 'utf8'));
const analyzer = globalThis.CarcrefAnalyzer.createAnalyzer(globalThis.CARCREF_CZECH);
const vectors = JSON.parse(fs.readFileSync(vectorsFile, 'utf8'));

let passed = 0;
let failed = 0;
for (const vector of vectors) {
  const normalized = vector.input.normalize('NFC');
  const actual = analyzer.analyzeQuery(vector.input).map((t) => {
    const token = { word: t.word, folded: t.folded, exact: t.exact, readings: analyzer.readings(t.word) };
    if (analyzer.negatedAt(normalized, t.start)) token.negated = true;
    return token;
  });
  if (JSON.stringify(actual) === JSON.stringify(vector.tokens)) {
    passed += 1;
  } else {
    failed += 1;
    if (failed <= 20) {
      console.error(
        `MISMATCH ${JSON.stringify(vector.input)}\n  rust: ${JSON.stringify(vector.tokens)}\n  js:   ${JSON.stringify(actual)}`,
      );
    }
  }
}
if (vectors.length === 0) {
  console.error('no vectors');
  process.exit(1);
}
console.log(`analyzer vectors: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
