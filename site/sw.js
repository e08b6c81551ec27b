/* The service worker: on the first visit over http(s) it caches every file of the site
 * (`carcref build` writes the list and a version hash of the content in below), serves the
 * site's own files from that cache first, so the site works offline, and on activation
 * deletes the caches of older builds of the same site. The search, rules, rulings and the
 * situation builder are cached first (a tenth of the bytes), so the site answers offline
 * within seconds; the scenario pages and tile pictures follow when a page asks for them. */
'use strict';
const VERSION = '__CARCREF_VERSION__';
const FILES = __CARCREF_FILES__;
const SCOPE = self.registration.scope;
const PREFIX = `carcref ${SCOPE} `;
const CACHE = PREFIX + VERSION;
const LATER = /^(scenare|karticky)\//;
const FIRST = FILES.filter((file) => !LATER.test(file));
const REST = FILES.filter((file) => LATER.test(file));
const request = (file) => new Request(new URL(file, SCOPE).href, { cache: 'reload' });

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(FIRST.map(request)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))),
      )
      .then(() => self.clients.claim()),
  );
});

// A page asks for the rest once the worker is active ('zbytek'), and hears when all is cached
// ('vse'); files already cached are not fetched again.
self.addEventListener('message', (event) => {
  if (event.data !== 'zbytek') return;
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const missing = [];
        for (const file of REST) {
          if (!(await cache.match(new URL(file, SCOPE).href))) missing.push(file);
        }
        await cache.addAll(missing.map(request));
      })
      .then(() => event.source && event.source.postMessage('vse')),
  );
});

// Cache-first for the site's own files; the query (`?q=`) and a folder's index page map to
// the cached file. Anything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const asked = event.request;
  if (asked.method !== 'GET' || !asked.url.startsWith(SCOPE)) return;
  const url = new URL(asked.url);
  url.search = '';
  url.hash = '';
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(url.href))
      .then((cached) => cached || fetch(asked)),
  );
});
