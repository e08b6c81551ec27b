/* The search box on the home page: results while typing, filters by game and level,
 * keyboard navigation, matched words marked. Content is only ever inserted as text. */
(function () {
  'use strict';
  const input = document.getElementById('dotaz');
  const list = document.getElementById('vysledky');
  const status = document.getElementById('stav');
  const gameFilter = document.getElementById('filtr-hra');
  const levelFilter = document.getElementById('filtr-uroven');
  if (!input || !list || !globalThis.CARCREF_INDEX || !globalThis.CARCREF_CZECH) return;

  // When the search starts setting up and when it is ready, for scripts/bench-browser-search.mjs.
  performance.mark('carcref-search-start');
  const analyzer = globalThis.CarcrefAnalyzer.createAnalyzer(globalThis.CARCREF_CZECH);
  const engine = globalThis.CarcrefSearch.createSearch(globalThis.CARCREF_INDEX, analyzer);
  const games = new Map(globalThis.CARCREF_INDEX.games.map((g) => [g.id, g]));
  performance.mark('carcref-search-ready');

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** `query` with the word `typed` (any case, as a whole word) replaced by `suggested`. */
  function withWord(query, typed, suggested) {
    const escaped = typed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const word = new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
    return query.replace(word, (_, before) => before + suggested);
  }

  function href(hit) {
    if (hit.kind === 'v') return `vyklady/${encodeURIComponent(hit.id)}.html`;
    return `hry/${encodeURIComponent(hit.game)}/index.html#${encodeURIComponent(hit.anchor || hit.id)}`;
  }

  function render() {
    const query = input.value;
    list.replaceChildren();
    if (query.trim() === '') {
      status.textContent = '';
      return;
    }
    const level = levelFilter.value ? Number(levelFilter.value) : null;
    const found = engine.search(query, { game: gameFilter.value || null, level, limit: 20 });
    if (found.nothingToSearch) {
      status.textContent = 'Dotaz obsahuje jen běžná slova nebo znaky, podle kterých nelze hledat.';
      return;
    }
    status.replaceChildren();
    if (found.suggestions.length > 0) {
      // Each suggestion is a link that searches the query with that word put right.
      status.append('Mysleli jste ');
      found.suggestions.forEach((x, i) => {
        if (i > 0) status.append(' a ');
        const fixed = withWord(query, x.typed, x.suggested);
        const link = element('a', 'suggestion', `„${x.suggested}“`);
        link.href = `?q=${encodeURIComponent(fixed)}`;
        link.addEventListener('click', (event) => {
          event.preventDefault();
          input.value = fixed;
          update();
          input.focus();
        });
        status.append(link, ` (místo „${x.typed}“)`);
      });
      status.append('? ');
    }
    const parts = [];
    if (found.relaxed && found.hits.length > 0) {
      parts.push('Přesně nic neodpovídá; toto jsou výsledky s tolerancí dvou překlepů.');
    }
    const chosen = games.get(gameFilter.value);
    const where = chosen ? ` ve hře ${chosen.title}` : '';
    parts.push(
      found.hits.length === 0
        ? `Nic nenalezeno${where}. Zkuste jiný tvar slova nebo zrušte filtr.`
        : `Nalezeno${where}: ${globalThis.CarcrefPocet(found.hits.length, ['výsledek', 'výsledky', 'výsledků'])}.`,
    );
    parts.push(...found.notCovered);
    // Right above the results: they are only the nearest when none answers directly.
    if (!found.relaxed && !found.answered && found.hits.length > 0) {
      parts.push('Přímou odpověď jsem nenašel; nejbližší:');
    }
    status.append(parts.join(' '));
    for (const hit of found.hits) {
      const item = element('li', 'result');
      const link = element('a', 'result-link');
      link.href = href(hit);
      const head = element('span', 'result-head');
      head.append(element('span', `kind kind-${hit.kind}`, hit.kind === 'v' ? 'Výklad' : 'Pravidla'));
      head.append(element('span', 'result-title', hit.title));
      link.append(head);
      const meta = element('span', 'result-meta');
      const game = games.get(hit.game);
      meta.textContent = [game ? game.title : hit.game, hit.sourceId, hit.short ? `Krátce: ${hit.short}` : null]
        .filter(Boolean)
        .join(' · ');
      link.append(meta);
      const snippet = element('span', 'result-snippet');
      for (const [text, matched] of hit.snippet) {
        snippet.append(matched ? element('mark', null, text) : document.createTextNode(text));
      }
      link.append(snippet);
      item.append(link);
      list.append(item);
    }
  }

  function links() {
    return Array.from(list.querySelectorAll('a.result-link'));
  }

  // The query and the filters live in the URL (`?q=…&hra=…&uroven=…`), so Back from a
  // result and a shared link bring them back. replaceState: typing adds no history entries.
  function remember() {
    const url = new URL(window.location.href);
    for (const [name, value] of [
      ['q', input.value],
      ['hra', gameFilter.value],
      ['uroven', levelFilter.value],
    ]) {
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    if (url.href === window.location.href) return;
    try {
      window.history.replaceState(window.history.state, '', url.href);
    } catch {
      // A browser that refuses (some do for file:// pages) keeps the old URL; search works.
    }
  }

  function update() {
    render();
    remember();
  }

  input.addEventListener('input', update);
  // The filter and the header's game switch are one choice, remembered on the device.
  gameFilter.addEventListener('change', () => {
    globalThis.CarcrefGame?.choose(gameFilter.value);
    update();
  });
  document.addEventListener('carcref-hra', (event) => {
    gameFilter.value = event.detail;
    update();
  });
  levelFilter.addEventListener('change', update);
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && links().length > 0) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === 'Enter' && links().length > 0) {
      event.preventDefault();
      links()[0].click();
    }
  });
  list.addEventListener('keydown', (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown' && at + 1 < all.length) {
      event.preventDefault();
      all[at + 1].focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      (at === 0 ? input : all[at - 1]).focus();
    } else if (event.key === 'Escape') {
      input.focus();
    }
  });

  const params = new URLSearchParams(window.location.search);
  const initial = params.get('q');
  if (initial) input.value = initial;
  // The game a link carries wins; otherwise the one the player chose on this device.
  const chosenGame = globalThis.CarcrefGame ? globalThis.CarcrefGame.chosen() : '';
  if (chosenGame && !params.get('hra')) gameFilter.value = chosenGame;
  for (const [select, name] of [
    [gameFilter, 'hra'],
    [levelFilter, 'uroven'],
  ]) {
    const value = params.get(name);
    if (value && Array.from(select.options).some((o) => o.value === value)) select.value = value;
  }
  if (input.value) render();
})();
