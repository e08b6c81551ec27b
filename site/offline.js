/* Offline use: over http(s) links the web app manifest and registers the service worker at
 * the site's root (sw.js, which caches the whole site). Opened from file:// it does nothing
 * (Chromium cannot load a manifest from file:// and logs an error), so the site works from
 * disk as before. */
(function () {
  'use strict';
  const script = document.currentScript;
  if (!script || !/^https?:$/.test(window.location.protocol)) return;
  const manifest = document.createElement('link');
  manifest.rel = 'manifest';
  manifest.href = new URL('../manifest.webmanifest', script.src).href;
  document.head.append(manifest);
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('../sw.js', script.src).href).catch(() => {});
})();
