/* Offline use: over http(s) registers the service worker at the site's root (sw.js, which
 * caches the whole site) and links the web app manifest. Opened from file:// it does
 * nothing, so the site works from disk as before. */
(function () {
  'use strict';
  const script = document.currentScript;
  if (!script || !/^https?:$/.test(window.location.protocol) || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register(new URL('../sw.js', script.src).href).catch(() => {});
})();
