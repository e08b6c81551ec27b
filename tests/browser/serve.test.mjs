// `carcref serve` as a maintainer uses it, in real Chromium: pages open in the browser (one
// asking the server, the others told by it) reload by themselves when a ruling they show is
// edited, and a content error shows the overlay with file:line:column until it is fixed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from './chromium.mjs';
import { serve } from './server.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULINGS = 'duchove-carcassonne/rulings/uroven-1-cesty.yaml';
const RULING_PAGE = 'vyklady/dc-cesta-obsazena-nelze-nasadit.html';
const QUESTION = 'Smím postavit strážného na cestu, na které už nějaký strážný stojí?';
let browser;
let temp;

before(async () => {
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'carcref-serve-'));
  fs.cpSync(path.join(REPO, 'content'), path.join(temp, 'content'), { recursive: true });
  browser = await launch({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
});
after(async () => {
  if (browser) await browser.close();
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

function edit(from, to) {
  const file = path.join(temp, 'content', RULINGS);
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(text.includes(from), `${from} in ${file}`);
  fs.writeFileSync(file, text.replace(from, to));
}

test('open pages reload themselves after an edit, show a content error as the overlay, and come back after the fix', async () => {
  const { server, url } = await serve(['--content', path.join(temp, 'content')]);
  try {
    // Eight tabs: more than the six connections a browser opens to one server, so a waiting
    // question from every tab would leave none to load the pages with.
    const pages = [];
    const errors = [];
    for (let i = 0; i < 8; i++) {
      const page = await browser.context.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${url}${RULING_PAGE}`, { timeout: 30000 });
      assert.equal(await page.textContent('h1'), QUESTION);
      pages.push(page);
    }
    const shows = (text) =>
      Promise.all(
        pages.map((page) =>
          page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, text, {
            timeout: 30000,
          }),
        ),
      );

    // The pages are not touched: they learn of the rebuild and reload themselves.
    const edited = 'Smím postavit strážného na cestu, kde už nějaký strážný stojí?';
    edit(QUESTION, edited);
    await shows(edited);

    edit('section: dc-cesty\n', 'section: neni-takova-sekce\n');
    await Promise.all(
      pages.map((page) =>
        page.waitForFunction(() => document.body.textContent.includes('Obsah má chyby'), null, {
          timeout: 30000,
        }),
      ),
    );
    assert.match(await pages[0].textContent('body'), /uroven-1-cesty\.yaml:\d+:\d+/);

    edit('section: neni-takova-sekce\n', 'section: dc-cesty\n');
    await shows(edited);
    assert.deepEqual(errors, []);
  } finally {
    server.kill('SIGINT');
  }
});
