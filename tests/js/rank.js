/* Runs the browser search of a built site in node, for the ranking agreement test:
 *   node tests/js/rank.js SITE_DIR QUERIES.json
 * QUERIES.json is a list of {query, game, level, limit}; prints for each its hits, whether the
 * search was relaxed, whether it answered, its suggestions and its sentences about games
 * carcref does not cover, as JSON. */
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [site, queriesFile] = process.argv.slice(2);
for (const file of ['czech.js', 'search-index.js', 'analyzer.js', 'search.js']) {
  vm.runInThisContext(fs.readFileSync(path.join(site, 'assets', file), 'utf8'), { filename: file });
}
const analyzer = globalThis.CarcrefAnalyzer.createAnalyzer(globalThis.CARCREF_CZECH);
const search = globalThis.CarcrefSearch.createSearch(globalThis.CARCREF_INDEX, analyzer);
const queries = JSON.parse(fs.readFileSync(queriesFile, 'utf8'));
const results = queries.map((q) => {
  const found = search.search(q.query, { game: q.game, level: q.level, limit: q.limit });
  return {
    hits: found.hits.map((h) => ({
      kind: h.kind === 'v' ? 'ruling' : 'rule',
      id: h.id,
      score: h.score,
      snippet: h.snippet.map(([text, hit]) => (hit ? `[${text}]` : text)).join(''),
    })),
    relaxed: found.relaxed,
    answered: found.answered,
    suggestions: found.suggestions.map((x) => [x.typed, x.suggested]),
    notCovered: found.notCovered,
  };
});
process.stdout.write(JSON.stringify(results));
