/* Offline use: over http(s) links the web app manifest and registers the service worker at
 * the site's root (sw.js, which caches the whole site, the most needed files first), and on
 * the first visit says when the site works offline. Opened from file:// it does nothing
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
  // On the first visit (no worker in control yet) the page says when the site works offline.
  const firstVisit = !navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (event.data === 'vse') say('Uloženo celé, i se scénáři a obrázky kartiček.');
  });
  navigator.serviceWorker
    .register(new URL('../sw.js', script.src).href)
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      if (firstVisit) say('Připraveno i bez připojení: pravidla, výklady, hledání i ověřování sporné situace.');
      // For scripts and tests: the page has done what it does at load.
      document.documentElement.dataset.offline = 'pripraveno';
      registration.active.postMessage('zbytek');
    })
    .catch(() => {});

  // The notice covers the header: once the player types, scrolls
  // or taps, it steps aside and says nothing more.
  let note = null;
  let dismissed = false;
  const dismiss = () => {
    dismissed = true;
    if (note) note.hidden = true;
  };
  for (const type of ['input', 'scroll', 'pointerdown']) {
    window.addEventListener(type, dismiss, { capture: true, passive: true, once: true });
  }
  function say(text) {
    if (!firstVisit || dismissed) return;
    if (!note) {
      note = document.createElement('p');
      note.className = 'offline-ready';
      note.setAttribute('role', 'status');
      (document.querySelector('.site-footer') || document.body).prepend(note);
    }
    note.textContent = text;
    note.hidden = false;
    clearTimeout(note.timer);
    note.timer = setTimeout(() => (note.hidden = true), 10000);
  }
})();
