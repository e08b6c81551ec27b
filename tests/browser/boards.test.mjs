// Scenario boards on a 390×844 phone in real Chromium (issue 14): the board fills its
// column, its smallest text shows at 11 px or more (or the page offers the board at full
// size), and a legend names its symbols. Run by tests/browser.rs with CARCREF_SITE.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, watchedPage, fileUrl } from './chromium.mjs';

const SITE = process.env.CARCREF_SITE;
const PHONE = { width: 390, height: 844 };
let browser;

before(async () => {
  assert.ok(SITE, 'CARCREF_SITE must name a built site');
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** Each board of the page: its width, its column's, its smallest text in CSS px (the font
 * size times the scale from board units to the screen), and what the page offers with it. */
async function boards(page) {
  return page.$$eval('figure.board', (figures) =>
    figures.map((figure) => {
      const svg = figure.querySelector('svg');
      const texts = svg ? [...svg.querySelectorAll('text')] : [];
      const scale = (t) => {
        const m = t.getScreenCTM();
        return Math.hypot(m.a, m.b);
      };
      const sizes = texts.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale(t));
      const style = getComputedStyle(figure);
      const inner = figure.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return {
        caption: figure.querySelector('figcaption')?.textContent ?? '',
        width: svg ? svg.getBoundingClientRect().width : 0,
        column: inner,
        smallest: sizes.length ? Math.min(...sizes) : Infinity,
        texts: sizes.length,
        enlarge: figure.querySelector('.board-enlarge a[href$=".svg"]')?.getAttribute('href') ?? null,
        legend: [...figure.querySelectorAll('.legend li')].map((li) => li.textContent.trim()),
        // Text a tile's rotation turned askew or upside down.
        askew: texts.filter((t) => Math.abs(t.getScreenCTM().b) > 1e-6 || t.getScreenCTM().a < 0).length,
        titled: svg ? svg.querySelectorAll('g > title').length : 0,
      };
    }),
  );
}

test('a scenario board fills the phone width with readable labels and a legend', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.setViewportSize(PHONE);
  await page.goto(fileUrl(SITE, 'scenare/duchove-carcassonne/rozehrana/pes-na-pripravenem-planu.html'));
  const found = await boards(page);
  assert.equal(found.length, 2, JSON.stringify(found));
  for (const b of found) {
    assert.ok(b.width >= 0.9 * b.column, `${b.caption}: ${b.width} px of ${b.column} px`);
    assert.ok(b.texts > 0, b.caption);
    assert.ok(b.smallest >= 11, `${b.caption}: smallest text ${b.smallest.toFixed(1)} px`);
    assert.ok(b.legend.length > 0, `${b.caption}: no legend`);
    assert.ok(b.titled > 0, `${b.caption}: no titled elements`);
  }
  // The board before the step: the dog beside red's meeple, the face-down tile, the mist.
  for (const label of ['červený strážný', 'pes u strážného', 'kartička lícem dolů', 'mlha']) {
    assert.ok(found[0].legend.includes(label), `${label} missing in ${found[0].legend.join(', ')}`);
  }
  // Captions are page text, never clipped by the picture.
  assert.match(found[0].caption, /Plán před prvním krokem/);
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(pageWidth <= PHONE.width, `the page scrolls sideways: ${pageWidth} px`);
  assert.deepEqual(problems, []);
});

test('every scenario board is readable at 390 px or offers the full-size picture', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.setViewportSize(PHONE);
  const pages = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.html') && entry.name !== 'index.html') pages.push(full);
    }
  };
  walk(path.join(SITE, 'scenare'));
  assert.ok(pages.length > 100, `${pages.length} scenario pages`);
  let enlarged = 0;
  for (const file of pages) {
    await page.goto('file://' + file);
    for (const b of await boards(page)) {
      const where = `${path.relative(SITE, file)} (${b.caption})`;
      assert.ok(b.legend.length > 0, `${where}: no legend`);
      assert.equal(b.askew, 0, `${where}: text not upright`);
      if (b.smallest < 11) {
        assert.ok(b.enlarge, `${where}: text of ${b.smallest.toFixed(1)} px and no full-size link`);
        assert.ok(fs.existsSync(path.resolve(path.dirname(file), b.enlarge)), `${where}: ${b.enlarge} missing`);
        enlarged += 1;
      }
    }
  }
  // Some shipped boards are wide (far-flung tiles in a row), so the link is exercised.
  assert.ok(enlarged > 0, 'no board needed enlarging');
  assert.deepEqual(problems, []);
});
