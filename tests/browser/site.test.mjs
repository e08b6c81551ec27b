// The built site in real headless Chromium, opened from disk (file://): search, keyboard,
// filters, a ruling's way to its scenario page, no console error, escaped content.
// Run by `cargo test` (tests/browser.rs), which builds the sites into
// CARCREF_SITE (the real content) and CARCREF_XSS_SITE (tests/content/xss).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, watchedPage, fileUrl } from './chromium.mjs';

const SITE = process.env.CARCREF_SITE;
const XSS_SITE = process.env.CARCREF_XSS_SITE;
let browser;

before(async () => {
  assert.ok(SITE && XSS_SITE, 'CARCREF_SITE and CARCREF_XSS_SITE must name built sites');
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

// A result's id: a ruling's page is `vyklady/<id>.html`, a rule part is `…#<id>`.
async function resultIds(page) {
  return page.$$eval('#vysledky a.result-link', (links) =>
    links.map((a) => {
      const href = a.getAttribute('href');
      const ruling = href.match(/^vyklady\/([^/#]+)\.html$/);
      return decodeURIComponent(ruling ? ruling[1] : href.split('#')[1]);
    }),
  );
}

async function searchFor(page, query) {
  await page.fill('#dotaz', '');
  await page.type('#dotaz', query);
  await page.waitForSelector('#vysledky a.result-link');
  return resultIds(page);
}

test('search finds rulings while typing, marks the words, filters and navigates by keyboard', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  assert.equal(await page.getAttribute('html', 'lang'), 'cs');
  // With a mouse and a keyboard the hint names the keys (phone.test.mjs: not on touch).
  assert.equal(await page.isVisible('#hledani-napoveda .key-hint'), true);

  const hrbitov = await searchFor(page, 'hrbitov');
  // The cemetery's rule sections lead a one-word query; the rulings about it follow.
  assert.ok(hrbitov.slice(0, 3).includes('dzh-hrbitov'), hrbitov.join(' '));
  assert.ok(hrbitov.slice(0, 5).includes('dc-vice-hrbitovu-jen-jeden-duch'), hrbitov.join(' '));
  assert.ok(hrbitov.includes('dc-duchove-ze-hrbitova-uroven-2'), hrbitov.join(' '));
  const marks = await page.$$eval('#vysledky mark', (m) => m.map((x) => x.textContent));
  assert.ok(marks.some((m) => m.toLowerCase().startsWith('hřbitov')), marks.join(' '));

  const duchu = await searchFor(page, 'duchu');
  assert.ok(duchu.slice(0, 3).includes('dc-uzavrena-mlha-duchy-nepridavat'), duchu.join(' '));
  assert.match(await page.textContent('#stav'), /Nalezeno/);

  // Filter by game: only that game's results remain.
  await page.fill('#dotaz', 'katedrála');
  await page.selectOption('#filtr-hra', 'hostince-a-katedraly');
  await page.waitForSelector('#vysledky a.result-link');
  const hrefs = await page.$$eval('#vysledky a.result-link', (l) => l.map((a) => a.getAttribute('href')));
  assert.ok(
    hrefs.length > 0 && hrefs.every((h) => h.startsWith('hry/hostince-a-katedraly/') || h.startsWith('vyklady/hk-')),
    hrefs.join(' '),
  );
  await page.selectOption('#filtr-hra', '');

  // Level filter: level 6 rulings only (and rule sections of the levelled game).
  await page.fill('#dotaz', 'duch');
  await page.selectOption('#filtr-uroven', '6');
  await page.waitForSelector('#vysledky a.result-link');
  const levelled = await page.$$eval('#vysledky a.result-link', (l) => l.map((a) => a.getAttribute('href')));
  assert.ok(
    levelled.every((h) => h.startsWith('hry/duchove-carcassonne/') || h.startsWith('vyklady/dc-')),
    levelled.join(' '),
  );
  await page.selectOption('#filtr-uroven', '');

  // Keyboard: ↓ to the first result, ↓ to the second, ↑ back, Enter opens it.
  await searchFor(page, 'hrbitov');
  await page.focus('#dotaz');
  await page.keyboard.press('ArrowDown');
  const first = await page.evaluate(() => document.activeElement.getAttribute('href'));
  await page.keyboard.press('ArrowDown');
  const second = await page.evaluate(() => document.activeElement.getAttribute('href'));
  assert.notEqual(first, second);
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('href')), first);
  await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
  assert.ok(page.url().endsWith(first.replace(/^.*\//, '')), page.url());
  assert.deepEqual(problems, []);
  await page.close();
});

test('"Mysleli jste …?" is a link that searches the query with the word put right', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  await searchFor(page, 'zamek mhla');
  await page.waitForSelector('#stav a.suggestion');
  assert.match(await page.textContent('#stav'), /Mysleli jste „mlha“ \(místo „mhla“\)\?/);
  await page.click('#stav a.suggestion');
  await page.waitForFunction(() => document.getElementById('dotaz').value === 'zamek mlha');
  await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'zamek mlha');
  assert.equal(await page.$('#stav a.suggestion'), null);
  assert.ok((await resultIds(page)).length > 0);
  assert.deepEqual(problems, []);
});

test('a word of a game carcref does not cover is named above the nearest results', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  await searchFor(page, 'vlk na louce');
  await page.waitForFunction(() => document.getElementById('stav').textContent.includes('Kopce a ovce'));
  const status = await page.textContent('#stav');
  assert.match(status, /Slovo „vlk“ patří do rozšíření Kopce a ovce, které carcref nepokrývá\. Přímou odpověď jsem nenašel; nejbližší:/);
  assert.doesNotMatch(status, /Mysleli jste/);
  assert.ok((await resultIds(page)).length > 0);
  assert.deepEqual(problems, []);
});

test('a ruling result opens the ruling\'s own page, which links back to the list', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'index.html'));
  const ids = await searchFor(page, 'zakletý hřbitov osm kartiček');
  assert.ok(ids.includes('dc-zaklety-hrbitov-osm-karticek'), ids.join(' '));
  const link = page.locator('#vysledky a.result-link[href="vyklady/dc-zaklety-hrbitov-osm-karticek.html"]');
  const question = await link.locator('.result-title').textContent();
  await Promise.all([page.waitForNavigation(), link.click()]);
  assert.match(page.url(), /\/vyklady\/dc-zaklety-hrbitov-osm-karticek\.html$/);
  const h1 = (await page.textContent('h1')).trim();
  assert.equal(await page.title(), `${h1} – carcref`);
  assert.equal(h1, question.trim());
  assert.match(await page.getAttribute('meta[property="og:description"]', 'content'), /^8 – /);
  assert.match(await page.textContent('.badge'), /Ověřeno/);
  assert.match(await page.textContent('.provenance'), /v pravidlech kooperativní hry Duchové Carcassonne; zdroj neuvádí ID/);
  await Promise.all([page.waitForNavigation(), page.click('main a[href*="vyklady.html#dc-zaklety-hrbitov-osm-karticek"]')]);
  assert.equal(await page.evaluate(() => window.location.hash), '#dc-zaklety-hrbitov-osm-karticek');
  assert.ok(await page.isVisible('#dc-zaklety-hrbitov-osm-karticek'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('a verified ruling leads to its scenario page with the boards', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'hry/duchove-carcassonne/vyklady.html#dc-erb-dva-body'));
  const badge = page.locator('#dc-erb-dva-body .badge.overeno a').first();
  assert.match(await page.textContent('#dc-erb-dva-body .badge.overeno'), /Ověřeno/);
  await Promise.all([page.waitForNavigation(), badge.click()]);
  assert.match(page.url(), /scenare\/.+\.html$/);
  assert.match(await page.textContent('h1'), /Scénář/);
  const boards = await page.$$eval('figure.board', (figures) =>
    figures.map((f) => ({
      width: f.querySelector('svg.board-svg')?.getBoundingClientRect().width ?? 0,
      legend: f.querySelectorAll('.legend li').length,
    })),
  );
  assert.equal(boards.length, 2, JSON.stringify(boards));
  for (const b of boards) {
    assert.ok(b.width > 0 && b.legend > 0, JSON.stringify(b));
  }
  assert.match(await page.textContent('.verdict'), /očekávání platí/);
  assert.ok((await page.$$('table.expectations tbody tr')).length > 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('every kind of page opens without a console error and fits 360 px', async () => {
  const { page, problems } = await watchedPage(browser.context);
  for (const path of [
    'index.html',
    'hry/duchove-carcassonne/index.html',
    'hry/duchove-carcassonne/vyklady.html',
    'hry/darky/vyklady.html',
    'vyklady/dc-zaklety-hrbitov-osm-karticek.html',
    'scenare/zakladni/erb-dva-body.html',
    'karticky.html',
    'slovnicek.html',
    'pokryti.html',
    'scenare/index.html',
  ]) {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(fileUrl(SITE, path));
      assert.ok((await page.title()).length > 0, path);
      assert.ok((await page.getAttribute('meta[name="description"]', 'content')).length > 20, path);
      assert.equal(await page.$$eval('main', (m) => m.length), 1, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= width, `${path} is ${overflow} px wide at ${width} px`);
    }
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('injected markup shows as text in pages and search results and runs nothing', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(XSS_SITE, 'hry/darky/vyklady.html'));
  const ruling = page.locator('#da-vyklizeni-cesty');
  assert.match(await ruling.locator('h4').textContent(), /<script>window.__xss = 1<\/script>/);
  assert.match(await ruling.locator('h4').textContent(), /"><img src=x onerror=/);
  assert.match(await ruling.locator('.answer').textContent(), /<script>window.__xss = 4<\/script>/);
  assert.equal(await page.$$eval('main img, main script, main b[onmouseover]', (n) => n.length), 0);
  assert.equal(await page.$$eval('a[href^="javascript"]', (n) => n.length), 0);
  await page.hover('.short strong');
  await page.click('#da-vyklizeni-cesty .answer');
  assert.equal(await page.evaluate(() => window.__xss), undefined);

  await page.goto(fileUrl(XSS_SITE, 'index.html'));
  await searchFor(page, 'xsskontrola');
  await page.fill('#dotaz', 'script img onerror xss');
  await page.waitForSelector('#vysledky a.result-link');
  const text = await page.textContent('#vysledky');
  assert.match(text, /<script>window.__xss = 1<\/script>/);
  assert.equal(await page.$$eval('#vysledky img, #vysledky script, #vysledky b', (n) => n.length), 0);
  await page.hover('#vysledky a.result-link');
  assert.equal(await page.evaluate(() => window.__xss), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

// WCAG contrast of every visible text element against the background it sits on (AA: 4.5:1,
// 3:1 for large text), on pages that show every component.
async function contrastProblems(page) {
  return page.evaluate(() => {
    const rgb = (text) => (text.match(/[\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => {
      const channel = (c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (el) => {
      for (let node = el; node; node = node.parentElement) {
        const c = rgb(getComputedStyle(node).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const problems = [];
    for (const el of document.querySelectorAll('body *')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own || el.closest('svg, .visually-hidden, .skip') || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      const [a, b] = [luminance(rgb(style.color)), luminance(background(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        problems.push(`${el.tagName}.${el.className}: ${ratio.toFixed(2)} "${el.textContent.trim().slice(0, 30)}"`);
      }
    }
    return problems;
  });
}

test('text has AA contrast and focus is visible', async () => {
  const { page, problems } = await watchedPage(browser.context);
  const low = [];
  for (const path of [
    'index.html',
    'hry/duchove-carcassonne/vyklady.html',
    'vyklady/dzh-zamek-u-startovni-karticky.html',
    'scenare/zakladni/erb-dva-body.html',
    'pokryti.html',
    'karticky.html',
  ]) {
    await page.goto(fileUrl(SITE, path));
    if (path === 'index.html') await searchFor(page, 'hrbitov');
    low.push(...(await contrastProblems(page)).map((p) => `${path}: ${p}`));
  }
  assert.deepEqual(low, []);
  await page.goto(fileUrl(SITE, 'index.html'));
  await page.keyboard.press('Tab');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the game chosen once in the header filters the search on every page and is remembered', async () => {
  const { page, problems } = await watchedPage(browser.context);
  await page.goto(fileUrl(SITE, 'vyklady/dzh-zamek-u-startovni-karticky.html'));
  assert.equal(await page.inputValue('#moje-hra'), '');
  await page.selectOption('#moje-hra', 'darky');
  await page.fill('#hledat-web', 'konec hry');
  await Promise.all([page.waitForNavigation(), page.press('#hledat-web', 'Enter')]);
  await page.waitForSelector('#vysledky a.result-link');
  assert.equal(await page.inputValue('#filtr-hra'), 'darky');
  assert.equal(await page.inputValue('#moje-hra'), 'darky');
  const hrefs = await page.$$eval('#vysledky a.result-link', (l) => l.map((a) => a.getAttribute('href')));
  assert.ok(hrefs.length > 0 && hrefs.every((h) => /vyklady\/da-|hry\/darky\//.test(h)), hrefs.join(' '));
  assert.match(await page.textContent('#stav'), /ve hře Dárky/);
  // Remembered on the device: a new visit starts with it.
  await page.goto(fileUrl(SITE, 'index.html'));
  assert.equal(await page.inputValue('#filtr-hra'), 'darky');
  // The home page's filter and the switch are one choice.
  await page.selectOption('#filtr-hra', '');
  assert.equal(await page.inputValue('#moje-hra'), '');
  await page.goto(fileUrl(SITE, 'pokryti.html'));
  assert.equal(await page.inputValue('#moje-hra'), '');
  assert.deepEqual(problems, []);
  await page.close();
});
