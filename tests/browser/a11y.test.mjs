// axe-core (npm) on every page type of the built site, at a phone width (390 px) and a desktop
// width (1280 px): no violations of any rule axe runs by default (WCAG 2.x A/AA and best
// practices). Run by `cargo test` (tests/browser.rs) on the site built into CARCREF_SITE.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { launch, watchedPage, fileUrl } from './chromium.mjs';

const SITE = process.env.CARCREF_SITE;
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let browser;

before(async () => {
  assert.ok(SITE, 'CARCREF_SITE must name a built site');
  browser = await launch();
});
after(async () => {
  if (browser) await browser.close();
});

/** The first link on `page` whose href matches `pattern`, as a path inside the site. */
function firstLink(page, pattern) {
  const html = fs.readFileSync(`${SITE}/${page}`, 'utf8').replaceAll('&#x2f;', '/');
  const found = [...html.matchAll(/href="([^"#]+)"/g)].map((m) => m[1]).find((h) => pattern.test(h));
  assert.ok(found, `no link like ${pattern} on ${page}`);
  return new URL(found, `file:///${page}`).pathname.slice(1);
}

function pageTypes() {
  return {
    'domov s výsledky': { path: 'index.html', query: 'duchové na hřbitově' },
    pravidla: { path: 'hry/duchove-carcassonne/index.html' },
    'výklady hry': { path: 'hry/duchove-carcassonne/vyklady.html' },
    výklad: { path: firstLink('hry/duchove-carcassonne/vyklady.html', /vyklady\/dc-.+\.html$/) },
    scénáře: { path: 'scenare/index.html' },
    scénář: { path: firstLink('scenare/index.html', /scenare\/duchove-carcassonne\/.+\.html$/) },
    'katalog kartiček': { path: 'karticky.html' },
    slovníček: { path: 'slovnicek.html' },
    pokrytí: { path: 'pokryti.html' },
    'sporná situace': { path: 'situace.html' },
  };
}

async function violations(page) {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    const result = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
}

for (const width of [390, 1280]) {
  test(`axe-core finds no violation on any page type at ${width} px`, async () => {
    const found = [];
    for (const [name, { path, query }] of Object.entries(pageTypes())) {
      const { page, problems } = await watchedPage(browser.context);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto(fileUrl(SITE, path));
      if (query) {
        await page.type('#dotaz', query);
        await page.waitForSelector('#vysledky a.result-link');
      }
      // Checked before axe runs: axe itself reads the stylesheets, which file:// refuses.
      assert.deepEqual(problems, [], `${name}: ${problems.join('; ')}`);
      for (const v of await violations(page)) found.push({ page: name, path, ...v });
      await page.close();
    }
    assert.deepEqual(found, [], JSON.stringify(found, null, 1));
  });
}
