// Debian's Chromium driven by playwright-core (no browser download): the launch flags that
// work on a closed network, and a page that records every console error and uncaught error.
import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** `options` go to the browser context (viewport, isMobile, hasTouch, …). */
/** The phone the tests hold: 390 px wide, touch. */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export async function launch(options = {}) {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium chromium-driver\` (or set CHROMIUM)`,
    );
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'carcref-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    ...options,
  });
  const close = async () => {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return { context, close };
}

/** A new page that collects console errors, page errors and requests leaving file:// (a
 * `blob:` URL is the page's own, the browser engine's worker). */
export async function watchedPage(context) {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!/^(file|blob):/.test(request.url())) problems.push(`external request: ${request.url()}`);
  });
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  return { page, problems };
}

export function fileUrl(dir, page) {
  return 'file://' + path.join(path.resolve(dir), page);
}

/**
 * Waits until the page's URL carries exactly `expected` search parameters (`null`: absent).
 * The page changes its URL with history.replaceState, which Playwright learns of by an
 * event, so reading page.url() right after typing races with it: wait for the state instead.
 */
export async function waitForSearchParams(page, expected) {
  const matches = (url) => Object.entries(expected).every(([name, value]) => url.searchParams.get(name) === value);
  try {
    await page.waitForURL(matches, { timeout: 30000 });
  } catch (error) {
    throw new Error(`the URL ${page.url()} never carried ${JSON.stringify(expected)}: ${error.message}`);
  }
}

/**
 * Waits until the builder's status line (situace.js `say`) matches `pattern`; a status that
 * never comes fails with what the line says instead of a bare timeout.
 */
export async function waitForStatus(page, pattern) {
  const matches = (source) => new RegExp(source).test(document.getElementById('hlaseni').textContent);
  try {
    await page.waitForFunction(matches, pattern.source);
  } catch (error) {
    const said = await page.textContent('#hlaseni');
    throw new Error(`the builder's status never matched ${pattern}, it says "${said}": ${error.message}`);
  }
}

/** Opens a scenario file in the builder and waits until the page has said how that went (it
 * reads the file with the engine, in a worker). */
export async function openInBuilder(page, file) {
  // The builder speaks in its grid's status line, or in the text view's (situace.js `say`).
  const lines = ['hlaseni', 'text-hlaseni'];
  await page.evaluate((ids) => {
    for (const id of ids) document.getElementById(id).textContent = '';
  }, lines);
  await page.setInputFiles('#otevrit', file);
  await page.waitForFunction((ids) => ids.some((id) => document.getElementById(id).textContent !== ''), lines);
}
