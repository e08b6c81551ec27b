/* The game switch in every page's header ("Hraju: …"): the player says once which game they
 * play, the device remembers it (localStorage), and the search leans to it: the home page's
 * game filter starts at it, the header search sends it along. "všechny hry" is the empty
 * value. Without storage (some file:// setups) the switch still works for the page. */
(function () {
  'use strict';
  const KEY = 'carcref-hra';
  const select = document.getElementById('moje-hra');
  if (!select) return;
  const known = (value) => Array.from(select.options).some((o) => o.value === value);
  function stored() {
    try {
      const value = window.localStorage.getItem(KEY) || '';
      return known(value) ? value : '';
    } catch {
      return '';
    }
  }
  function store(value) {
    try {
      if (value) window.localStorage.setItem(KEY, value);
      else window.localStorage.removeItem(KEY);
    } catch {
      // Nothing remembered; the choice still holds on this page.
    }
  }
  // The header search on other pages carries the game to the home page's filter.
  const carried = document.getElementById('hledat-web-hra');
  function apply(value) {
    select.value = value;
    if (carried) {
      carried.value = value;
      carried.disabled = value === '';
    }
  }
  apply(stored());
  select.addEventListener('change', () => {
    store(select.value);
    apply(select.value);
    document.dispatchEvent(new CustomEvent('carcref-hra', { detail: select.value }));
  });
  globalThis.CarcrefGame = {
    chosen: () => select.value,
    choose(value) {
      if (!known(value)) return;
      store(value);
      apply(value);
    },
  };
})();
