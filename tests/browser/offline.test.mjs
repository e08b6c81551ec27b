// The built site served over http (a tiny static server on a free localhost port): the
// service worker caches everything on the first visit, and with the network cut and the
// server stopped the home page, a rulings page, a ruling's own page and search still work, and
// the situation builder decides a base-game and a level-5 cooperative dispute at 390 px with
// the engine in the page. The query and the
// filters live in the URL: a shared link restores them, and so does Back from a result.
// Run by `cargo test` (tests/browser.rs) with CARCREF_SITE naming a built site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { launch, watchedPage, fileUrl, waitForSearchParams, openInBuilder } from './chromium.mjs';
import { ROAD_DISPUTE, LEVEL_5_DISPUTE } from './disputes.mjs';

const SITE = process.env.CARCREF_SITE;
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};
let browser;
let server;
let origin;

function serve(root) {
  return http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url, 'http://x').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(path.resolve(root) + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
      'cache-control': 'no-store',
    });
    response.end(fs.readFileSync(file));
  });
}

before(async () => {
  assert.ok(SITE, 'CARCREF_SITE must name a built site');
  browser = await launch();
  server = serve(path.resolve(SITE));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
});
after(async () => {
  if (browser) await browser.close();
  if (server?.listening) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function search(page, query) {
  await page.fill('#dotaz', '');
  await page.type('#dotaz', query);
  await page.waitForSelector('#vysledky a.result-link');
  return page.$$eval('#vysledky a.result-link', (links) => links.map((a) => a.getAttribute('href')));
}

test('over http the service worker caches the site, which then works with no network', async () => {
  const { context } = browser;
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => msg.type() === 'error' && problems.push(`console: ${msg.text()}`));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A `blob:` URL is the page's own: the browser engine's worker.
  page.on('request', (r) => !r.url().startsWith(origin) && !r.url().startsWith('blob:') && problems.push(`external request: ${r.url()}`));

  await page.goto(`${origin}/index.html`);
  assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), `${origin}/manifest.webmanifest`);
  const manifest = await (await page.request.get(`${origin}/manifest.webmanifest`)).json();
  assert.equal(manifest.start_url, './index.html');
  assert.equal(manifest.display, 'standalone');
  for (const icon of manifest.icons) {
    const fetched = await page.request.get(`${origin}/${icon.src}`);
    assert.equal(fetched.status(), 200, icon.src);
    assert.equal(fetched.headers()['content-type'], icon.type, icon.src);
  }
  // Active and controlling this page (clients.claim); the page says it works offline, and
  // then that everything is cached, scenario pages and tile pictures last.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await page.waitForSelector('.offline-ready:text("Připraveno i bez připojení")', { timeout: 30000 });
  await page.waitForSelector('.offline-ready:text("Uloženo celé")', { timeout: 60000 });
  // It stands over the header, never over the page's content (on a phone, the results).
  const [noteBottom, mainTop] = await page.evaluate(() => [
    document.querySelector('.offline-ready').getBoundingClientRect().bottom,
    document.querySelector('main').getBoundingClientRect().top,
  ]);
  assert.ok(noteBottom <= mainTop, `the notice ends at ${noteBottom}, the content starts at ${mainTop}`);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const cache = await caches.open(names.find((n) => n.startsWith('carcref ')));
    return (await cache.keys()).length;
  });
  assert.ok(cached > 500, `${cached} files cached`);
  // Typing puts the notice away: on a phone it would cover the results.
  await page.type('#dotaz', 'pes');
  await page.waitForSelector('.offline-ready', { state: 'hidden' });
  // The next page is not a first visit: nothing more is said.
  await page.reload();
  await page.waitForSelector('html[data-offline="pripraveno"]');
  assert.equal(await page.$('.offline-ready'), null);

  // No network at all: the browser offline and the server gone.
  await context.setOffline(true);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  try {
    await page.reload();
    assert.match(await page.textContent('h1'), /Pravidla a výklady/);
    const found = await search(page, 'hrbitov');
    assert.ok(found.some((h) => h.includes('dc-vice-hrbitovu-jen-jeden-duch')), found.join(' '));

    // A ruling's own page, opened from a search result.
    await Promise.all([
      page.waitForNavigation(),
      page.click('#vysledky a.result-link[href="vyklady/dc-vice-hrbitovu-jen-jeden-duch.html"]'),
    ]);
    assert.equal(page.url(), `${origin}/vyklady/dc-vice-hrbitovu-jen-jeden-duch.html`);
    assert.match(await page.title(), / – carcref$/);
    assert.match(await page.textContent('.provenance'), /Dized\.MoC\.0025/);

    await page.goto(`${origin}/hry/duchove-carcassonne/vyklady.html#dc-erb-dva-body`);
    assert.match(await page.textContent('#dc-erb-dva-body .badge.overeno'), /Ověřeno/);
    const css = await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')).backgroundColor);
    assert.equal(css, 'rgb(59, 42, 23)', 'the stylesheet comes from the cache too');

    // A shared search link, also offline; and the site's root serves its index page.
    await page.goto(`${origin}/index.html?q=duchu`);
    await page.waitForSelector('#vysledky a.result-link');
    assert.equal(await page.inputValue('#dotaz'), 'duchu');
    await page.goto(`${origin}/`);
    assert.match(await page.textContent('h1'), /Pravidla a výklady/);

    // The installed app decides disputes with no network, on a phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin}/situace.html`);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'carcref-offline-'));
    for (const [name, text, event] of [
      ['cesta.yaml', ROAD_DISPUTE, /cesta: červený získává 4 body/],
      ['uroven-5.yaml', LEVEL_5_DISPUTE, /místo bodů se z \[-1, 0\] odhání 3 duchové/],
    ]) {
      fs.writeFileSync(path.join(folder, name), text);
      await openInBuilder(page, path.join(folder, name));
      await page.click('#overit');
      await page.waitForSelector('#verdikt h3');
      assert.equal(await page.textContent('#verdikt h3'), 'Verdikt: platí', name);
      assert.match(await page.textContent('#verdikt'), event, name);
    }
  } finally {
    await context.setOffline(false);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('the query and the filters live in the URL: Back from a result and a shared link restore them', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  const typed = await search(page, 'hrbitov');
  await page.selectOption('#filtr-hra', 'duchove-carcassonne');
  await page.selectOption('#filtr-uroven', '2');
  await page.waitForSelector('#vysledky a.result-link');
  const filtered = await page.$$eval('#vysledky a.result-link', (l) => l.map((a) => a.getAttribute('href')));
  assert.ok(filtered.length > 0 && filtered.length <= typed.length, filtered.join(' '));
  await waitForSearchParams(page, { q: 'hrbitov', hra: 'duchove-carcassonne', uroven: '2' });
  const shared = page.url();

  await Promise.all([page.waitForNavigation(), page.click('#vysledky a.result-link')]);
  assert.match(page.url(), /hry\/duchove-carcassonne\/|vyklady\/dc-/);
  await page.goBack();
  await page.waitForSelector('#vysledky a.result-link');
  assert.equal(await page.inputValue('#dotaz'), 'hrbitov');
  assert.equal(await page.inputValue('#filtr-hra'), 'duchove-carcassonne');
  assert.equal(await page.inputValue('#filtr-uroven'), '2');
  assert.deepEqual(
    await page.$$eval('#vysledky a.result-link', (l) => l.map((a) => a.getAttribute('href'))),
    filtered,
  );

  // A link shared with someone else: a fresh page, the same query, filters and results.
  const other = await watchedPage(browser.context);
  await other.page.goto(shared);
  await other.page.waitForSelector('#vysledky a.result-link');
  assert.equal(await other.page.inputValue('#dotaz'), 'hrbitov');
  assert.equal(await other.page.inputValue('#filtr-hra'), 'duchove-carcassonne');
  assert.equal(await other.page.inputValue('#filtr-uroven'), '2');
  assert.deepEqual(
    await other.page.$$eval('#vysledky a.result-link', (l) => l.map((a) => a.getAttribute('href'))),
    filtered,
  );
  // Clearing the query takes it out of the URL.
  await other.page.fill('#dotaz', '');
  await waitForSearchParams(other.page, { q: null, hra: 'duchove-carcassonne', uroven: '2' });
  assert.deepEqual([...problems, ...other.problems], []);
  await other.page.close();
  await page.close();
});
