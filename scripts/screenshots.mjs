// Screenshots of the built site for docs/screenshots/: the home page with a search, a ruling's
// page, a scenario page and the tile catalog, each at 1280 px and at a 390 × 844 phone, in
// Debian's headless Chromium.
//   cargo run -- build && node scripts/screenshots.mjs public docs/screenshots
import path from 'node:path';
import { launch, watchedPage, fileUrl } from '../tests/browser/chromium.mjs';

const [site = 'public', out = 'docs/screenshots'] = process.argv.slice(2);
const shots = [
  { name: 'domov', page: 'index.html', search: 'duchové na hřbitově' },
  { name: 'vyklad', page: 'vyklady/dc-erb-dva-body.html' },
  {
    name: 'scenar',
    page: 'scenare/duchove-carcassonne/uroven-2-6/pes-priklad-hodnoceni-po-meste.html',
    narrowScrollTo: 'figure.board',
  },
  { name: 'karticky', page: 'karticky.html' },
];
const browser = await launch();
try {
  for (const width of [1280, 390]) {
    for (const shot of shots) {
      const { page, problems } = await watchedPage(browser.context);
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(fileUrl(site, shot.page));
      if (shot.search) {
        await page.type('#dotaz', shot.search);
        await page.waitForSelector('#vysledky a.result-link');
      }
      if (shot.narrowScrollTo && width < 400) {
        await page.locator(shot.narrowScrollTo).last().evaluate((el) => el.scrollIntoView());
      }
      const file = path.join(out, `${shot.name}-${width}.png`);
      await page.screenshot({ path: file });
      if (problems.length) throw new Error(`${shot.page}: ${problems.join('; ')}`);
      console.log(file);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
