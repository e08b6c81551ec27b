/* Checks the browser analyzer against every test vector the Rust analyzer exports:
 *   carcref analyze --vectors > vectors.json && node site/analyzer.test.js vectors.json
 * Prints "N passed, N failed" and exits 1 on any mismatch. */
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const vectorsFile = process.argv[2];
if (!vectorsFile) {
  console.error('usage: node site/analyzer.test.js VECTORS.json');
  process.exit(2);
}
vm.runInThisContext(fs.readFileSync(path.join(__dirname, 'analyzer.js'), 'utf8'));
const tables = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'src', 'search', 'czech.json'), 'utf8'),
);
const analyzer = globalThis.CarcrefAnalyzer.createAnalyzer(tables);
const vectors = JSON.parse(fs.readFileSync(vectorsFile, 'utf8'));

let passed = 0;
let failed = 0;
for (const vector of vectors) {
  const actual = analyzer
    .analyzeQuery(vector.input)
    .map((t) => ({ word: t.word, folded: t.folded, exact: t.exact }));
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
