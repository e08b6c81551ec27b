// Screenshots of the built site for docs/screenshots/: the home page with a search, a ruling
// and a scenario page, each at 1280 px and 360 px wide, in Debian's headless Chromium.
//   cargo run -- build && node scripts/screenshots.mjs public docs/screenshots
import path from 'node:path';
import { launch, watchedPage, fileUrl } from '../tests/browser/chromium.mjs';

const [site = 'public', out = 'docs/screenshots'] = process.argv.slice(2);
const shots = [
  { name: 'domov', page: 'index.html', search: 'duchové na hřbitově' },
  { name: 'vyklad', page: 'hry/duchove-carcassonne/vyklady.html#dc-erb-dva-body' },
  { name: 'scenar', page: 'scenare/zakladni/erb-dva-body.html', narrowScrollTo: 'figure.board' },
];
const browser = await launch();
try {
  for (const width of [1280, 360]) {
    for (const shot of shots) {
      const { page, problems } = await watchedPage(browser.context);
      await page.setViewportSize({ width, height: width > 400 ? 900 : 780 });
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
