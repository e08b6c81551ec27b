// The built site on a phone (390 × 844, touch), opened from disk (file://): the first result
// sits above the on-screen keyboard, Back restores the search, a rules result opens at its
// subsection, the header searches from any page, table cells keep their words whole and
// tap targets are at least 24 × 24 px. Run by `cargo test` (tests/browser.rs) with
// CARCREF_SITE naming a built site.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { launch, watchedPage, fileUrl, waitForSearchParams } from './chromium.mjs';

const SITE = process.env.CARCREF_SITE;
const WIDTH = 390;
const HEIGHT = 844;
// The bottom 40 % of the screen is taken by the on-screen keyboard while typing.
const ABOVE_KEYBOARD = 0.6 * HEIGHT;
// Words of the subsection "Ztracený pes" of level 3, far down the rules page.
const SUBSECTION_QUERY = 'ztracený pes';
let browser;

before(async () => {
  assert.ok(SITE, 'CARCREF_SITE must name a built site');
  browser = await launch({
    viewport: { width: WIDTH, height: HEIGHT },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
});
after(async () => {
  if (browser) await browser.close();
});

async function searchFor(page, query) {
  await page.tap('#dotaz');
  await page.fill('#dotaz', '');
  await page.keyboard.type(query);
  await page.waitForSelector('#vysledky a.result-link');
  return page.$$eval('#vysledky a.result-link', (links) => links.map((a) => a.getAttribute('href')));
}

test('after typing, the first result lies wholly above the on-screen keyboard', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  for (const query of ['hrbitov', 'duchové na hřbitově', 'MoC 27', 'kdy je cesta hotová', 'dárek']) {
    await searchFor(page, query);
    const box = await page.$eval('#vysledky a.result-link', (a) => {
      const r = a.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, scrolled: window.scrollY };
    });
    assert.ok(
      box.top >= 0 && box.bottom <= ABOVE_KEYBOARD,
      `"${query}": the first result spans ${box.top}–${box.bottom} px (page scrolled by ${box.scrolled}), the keyboard starts at ${ABOVE_KEYBOARD}`,
    );
  }
  // Arrow keys and Esc mean nothing on a touch screen: that part of the hint is not shown.
  assert.equal(await page.isVisible('#hledani-napoveda'), true);
  assert.equal(await page.isVisible('#hledani-napoveda .key-hint'), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Back from a result brings back the query and the same results', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  const found = await searchFor(page, 'duchové na hřbitově');
  await waitForSearchParams(page, { q: 'duchové na hřbitově' });
  await Promise.all([page.waitForNavigation(), page.tap('#vysledky a.result-link')]);
  assert.match(page.url(), /(hry\/.+\.html#|vyklady\/.+\.html$)/);
  await page.goBack();
  await page.waitForSelector('#vysledky a.result-link');
  assert.equal(await page.inputValue('#dotaz'), 'duchové na hřbitově');
  assert.deepEqual(
    await page.$$eval('#vysledky a.result-link', (links) => links.map((a) => a.getAttribute('href'))),
    found,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('a rules result opens the page at the subsection its words are in', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  await searchFor(page, SUBSECTION_QUERY);
  // The first rules hit whose title names a subsection (Section › Subsection).
  const hit = await page.$$eval('#vysledky a.result-link', (links) =>
    links
      .map((a) => ({ href: a.getAttribute('href'), title: a.querySelector('.result-title').textContent }))
      .find((h) => h.href.includes('/index.html#') && h.title.includes(' › ')),
  );
  assert.ok(hit, 'some rules result names a subsection');
  const subsection = hit.title.split(' › ').pop();
  await Promise.all([page.waitForNavigation(), page.tap(`#vysledky a.result-link[href="${hit.href}"]`)]);
  const target = await page.evaluate(() => {
    const el = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { tag: el.tagName, text: el.textContent.trim(), top: r.top, bottom: r.bottom, scrolled: window.scrollY };
  });
  assert.ok(target, `${hit.href} names no element`);
  assert.match(target.tag, /^H[3-6]$/, `${hit.href} opens ${target.tag} „${target.text}“, not the subsection`);
  assert.equal(target.text, subsection);
  assert.ok(target.scrolled > HEIGHT, `the subsection lies below the first screen (${target.scrolled} px)`);
  assert.ok(
    target.top >= 0 && target.bottom <= 0.25 * HEIGHT,
    `the subsection heading is at ${target.top}–${target.bottom} px, not near the top`,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('the search stays within reach on a scrolled page, and the header shows every game', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'hry/duchove-carcassonne/index.html'));
  // At the top every game's link lies wholly on the screen (none cut off at its edge).
  const links = await page.$$eval('.site-header nav a', (as) =>
    as.map((a) => {
      const r = a.getBoundingClientRect();
      return { text: a.textContent, left: r.left, right: r.right, width: r.width };
    }),
  );
  assert.ok(links.length >= 5, links.map((l) => l.text).join(', '));
  for (const link of links) {
    assert.ok(link.width > 0 && link.left >= 0 && link.right <= WIDTH, `${link.text}: ${link.left}–${link.right}`);
  }
  // Where the page's text lies in the page (not on the screen): folding and unfolding the
  // header must not move it under the reader's finger.
  const textAt = () => page.evaluate(() => document.querySelector('main').getBoundingClientRect().top + window.scrollY);
  const unfoldedAt = await textAt();
  // Far down the page the header, folded to one row, still holds the search box.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForSelector('.site-header.compact');
  assert.equal(await textAt(), unfoldedAt, 'folding the header moved the page');
  const folded = await page.evaluate(() => ({
    header: document.querySelector('.site-header').getBoundingClientRect().height,
    box: document.getElementById('hledat-web').getBoundingClientRect().toJSON(),
    y: window.scrollY,
  }));
  assert.ok(folded.y > 2 * HEIGHT, `scrolled ${folded.y} px`);
  assert.ok(folded.header <= 0.15 * HEIGHT, `the folded header is ${folded.header} px high`);
  assert.ok(folded.box.top >= 0 && folded.box.bottom <= 0.15 * HEIGHT, JSON.stringify(folded.box));
  // Back just above the unfolding height: the page stays where it was.
  await page.evaluate(() => window.scrollTo(0, 30));
  await page.waitForSelector('.site-header:not(.compact)');
  assert.equal(await textAt(), unfoldedAt, 'unfolding the header moved the page');
  assert.equal(await page.evaluate(() => window.scrollY), 30);

  // The home page's own box stays at the top while its results scroll by.
  await page.goto(fileUrl(SITE, 'index.html'));
  await searchFor(page, 'duch');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.waitForFunction(() => window.scrollY > 1000);
  const box = await page.evaluate(() => document.getElementById('dotaz').getBoundingClientRect().toJSON());
  assert.ok(box.top >= 0 && box.bottom <= 0.15 * HEIGHT, JSON.stringify(box));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the header searches from any page and leads to the results', async () => {
  const { page, problems } = await watchedPage(browser.context);
  for (const path of ['hry/duchove-carcassonne/index.html', 'scenare/index.html']) {
    await page.goto(fileUrl(SITE, path));
    assert.equal(await page.$$eval('[id]', (els) => new Set(els.map((e) => e.id)).size === els.length), true);
    const search = page.getByRole('search');
    assert.equal(await search.count(), 1, `${path} has a search form`);
    await search.getByRole('searchbox', { name: 'Hledat v pravidlech a výkladech' }).tap();
    await page.keyboard.type('hrbitov');
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    assert.match(page.url(), /\/index\.html\?q=hrbitov$/);
    await page.waitForSelector('#vysledky a.result-link');
    assert.equal(await page.inputValue('#dotaz'), 'hrbitov');
    const found = await page.$$eval('#vysledky a.result-link', (links) => links.map((a) => a.getAttribute('href')));
    assert.ok(found.some((h) => h.includes('dc-vice-hrbitovu-jen-jeden-duch')), found.join(' '));
    // And by the button too.
    await page.goto(fileUrl(SITE, path));
    await page.fill('.site-search input', 'duchu');
    await Promise.all([page.waitForNavigation(), page.tap('.site-search button')]);
    await page.waitForSelector('#vysledky a.result-link');
    assert.equal(await page.inputValue('#dotaz'), 'duchu');
  }
  // The home page has one search box, not two.
  assert.equal(await page.$$eval('input[type="search"]', (inputs) => inputs.length), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

const TABLE_PAGES = [
  'pokryti.html',
  'hry/duchove-carcassonne/index.html',
  'hry/zakladni-hra/index.html',
  'hry/hostince-a-katedraly/index.html',
  'scenare/zakladni/erb-dva-body.html',
];

test('table cells never break inside a word; wide tables scroll in their own box', async () => {
  const { page, problems } = await watchedPage(browser.context);
  const broken = [];
  let cells = 0;
  for (const path of TABLE_PAGES) {
    await page.goto(fileUrl(SITE, path));
    const found = await page.evaluate((width) => {
      const out = { broken: [], cells: 0 };
      for (const cell of document.querySelectorAll('main td, main th')) {
        out.cells += 1;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          // Words as runs of letters and digits: a line may end after a dash or a slash.
          for (const word of node.textContent.matchAll(/[\p{L}\p{N}]+/gu)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            // A word on two lines has boxes at two heights.
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.broken.push(`„${word[0]}“ on ${lines.size} lines`);
          }
        }
      }
      for (const table of document.querySelectorAll('main table')) {
        let box = table;
        while (box && box.getBoundingClientRect().right > width + 0.5) {
          const style = getComputedStyle(box);
          if (['auto', 'scroll'].includes(style.overflowX)) break;
          box = box.parentElement;
        }
        if (box && box.getBoundingClientRect().right > width + 0.5) {
          out.broken.push(`a table reaches ${box.getBoundingClientRect().right} px`);
        }
      }
      return out;
    }, WIDTH);
    cells += found.cells;
    broken.push(...found.broken.map((b) => `${path}: ${b}`));
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= WIDTH, `${path} is ${pageWidth} px wide`);
  }
  assert.ok(cells > 100, `${cells} table cells checked`);
  assert.deepEqual(broken, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a link that wraps in a list ("Ověřuje výklady") has its bullet beside its first line', async () => {
  const { page, problems } = await watchedPage(browser.context);
  const folder = path.join(SITE, 'scenare', 'darky');
  let wrapped = 0;
  for (const file of fs.readdirSync(folder).filter((f) => f.endsWith('.html')).sort()) {
    await page.goto(fileUrl(SITE, `scenare/darky/${file}`));
    const links = await page.evaluate(() =>
      [...document.querySelectorAll('dd li > a')].map((a) => {
        const lineHeight = parseFloat(getComputedStyle(a).lineHeight);
        const link = a.getBoundingClientRect();
        // The bullet sits on the baseline of the list item's first line box: an empty text
        // there shows where (a text node keeps the link its item's only element).
        const probe = document.createTextNode('\u200b');
        a.before(probe);
        const range = document.createRange();
        range.selectNode(probe);
        const bullet = range.getBoundingClientRect();
        probe.remove();
        return { text: a.textContent, lines: link.height / lineHeight, offset: bullet.top - link.top, lineHeight };
      }),
    );
    for (const link of links.filter((l) => l.lines >= 1.6)) {
      wrapped += 1;
      assert.ok(link.offset < link.lineHeight / 2, `${file}: the bullet of „${link.text}“ is ${link.offset} px below the link's top`);
    }
  }
  assert.ok(wrapped > 0, 'some ruling title wraps at 390 px');
  assert.deepEqual(problems, []);
});

test('every link, button and field outside running text is at least 24 × 24 px', async () => {
  const { page, problems } = await watchedPage(browser.context);
  const small = [];
  for (const path of [
    'index.html?q=hrbitov',
    'hry/duchove-carcassonne/index.html',
    'hry/duchove-carcassonne/vyklady.html',
    'vyklady/dc-hrbitov-uzavrou-ctyri-karticky.html',
    'scenare/zakladni/erb-dva-body.html',
    'scenare/index.html',
    'karticky.html',
    'slovnicek.html',
    'pokryti.html',
  ]) {
    const [file, query] = path.split('?');
    await page.goto(fileUrl(SITE, file) + (query ? `?${query}` : ''));
    if (query) await page.waitForSelector('#vysledky a.result-link');
    const found = await page.evaluate(() => {
      const out = [];
      const targets = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, summary');
      for (const el of targets) {
        const r = el.getBoundingClientRect();
        // Not rendered, or the skip link parked off screen until focused.
        if (el.getClientRects().length === 0 || r.right <= 0) continue;
        const style = getComputedStyle(el);
        if (style.display === 'inline') {
          // WCAG 2.5.8's inline exception: a link inside a sentence, i.e. its block holds
          // another word besides the links ("a" between two links does not make a sentence).
          let block = el.parentElement;
          while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
          const copy = block.cloneNode(true);
          copy.querySelectorAll('a').forEach((a) => a.remove());
          if (/\p{L}{2,}/u.test(copy.textContent)) continue;
        }
        if (r.width < 24 || r.height < 24) {
          out.push(`${el.tagName.toLowerCase()} „${(el.textContent || el.getAttribute('aria-label') || el.name || '').trim().slice(0, 30)}“ ${r.width.toFixed(0)}×${r.height.toFixed(0)}`);
        }
      }
      return out;
    });
    small.push(...found.map((f) => `${path}: ${f}`));
  }
  assert.deepEqual([...new Set(small)], []);
  assert.deepEqual(problems, []);
  await page.close();
});
