// Times the browser search of a built site in Debian's Chromium with the CPU slowed 4×
// (DevTools throttling): how long after the page starts loading the search is ready, how long
// its set-up takes (the analyzer and the index, from app.js's start), and how long the
// results take to show after the last keystroke of each query. Prints medians.
//   node scripts/bench-browser-search.mjs SITE_DIR [QUERIES.yaml …]
// CARCREF_BENCH_LOADS sets how many page loads are timed (7 unless set): more on a noisy machine.
import fs from 'node:fs';
import path from 'node:path';
import { launch } from '../tests/browser/chromium.mjs';

const [site, ...sets] = process.argv.slice(2);
if (!site) {
  console.error('usage: node scripts/bench-browser-search.mjs SITE_DIR [QUERIES.yaml …]');
  process.exit(2);
}
const queries = (sets.length ? sets : ['tests/search/queries.yaml'])
  .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^- query: "(.*)"$/gm)].map((m) => m[1]));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * 0.9)];

const browser = await launch({ viewport: { width: 390, height: 844 } });
const page = await browser.context.newPage();
const cdp = await browser.context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const url = 'file://' + path.join(path.resolve(site), 'index.html');
const ready = [];
const setUp = [];
const loads = Number(process.env.CARCREF_BENCH_LOADS) || 7;
for (let i = 0; i < loads; i += 1) {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('carcref-search-ready').length > 0);
  const [start, end] = await page.evaluate(() =>
    ['carcref-search-start', 'carcref-search-ready'].map((m) => performance.getEntriesByName(m)[0].startTime),
  );
  ready.push(end);
  setUp.push(end - start);
}
// The last keystroke of each query: the input event renders the results synchronously.
const results = await page.evaluate((qs) => {
  const input = document.getElementById('dotaz');
  return qs.map((q) => {
    input.value = q.slice(0, -1);
    input.dispatchEvent(new Event('input'));
    const start = performance.now();
    input.value = q;
    input.dispatchEvent(new Event('input'));
    return performance.now() - start;
  });
}, queries);
console.log(`search ready after page start, 4× CPU throttling, ${ready.length} loads: median ${median(ready).toFixed(0)} ms, max ${Math.max(...ready).toFixed(0)} ms`);
console.log(`search set-up (analyzer and index), 4× CPU throttling, ${setUp.length} loads: median ${median(setUp).toFixed(0)} ms, max ${Math.max(...setUp).toFixed(0)} ms`);
console.log(`results after the last keystroke, 4× CPU throttling, ${results.length} queries: median ${median(results).toFixed(1)} ms, p90 ${p90(results).toFixed(1)} ms, max ${Math.max(...results).toFixed(1)} ms`);
await browser.close();
