/* The service worker: on the first visit over http(s) it caches every file of the site
 * (`carcref build` writes the list and a version hash of the content in below), serves the
 * site's own files from that cache first, so the site works offline, and on activation
 * deletes the caches of older builds of the same site. */
'use strict';
const VERSION = '__CARCREF_VERSION__';
const FILES = __CARCREF_FILES__;
const SCOPE = self.registration.scope;
const PREFIX = `carcref ${SCOPE} `;
const CACHE = PREFIX + VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(FILES.map((file) => new Request(new URL(file, SCOPE).href, { cache: 'reload' }))),
      )
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

// Cache-first for the site's own files; the query (`?q=`) and a folder's index page map to
// the cached file. Anything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  url.search = '';
  url.hash = '';
  if (url.pathname.endsWith('/')) url.pathname += 'index.html';
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(url.href))
      .then((cached) => cached || fetch(request)),
  );
});
