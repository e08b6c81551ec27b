// The situation builder (situace.html): the base game with expansions or the cooperative
// game at a level, tiles laid by taps (face down too), figures, ghosts, the disputed move and
// what is expected after it, kept in `state`; from it the page writes a scenario in the YAML that
// `carcref check` reads (SCENARIOS.md), downloads it, opens one it wrote before, and has the
// engine decide it right in the page (assets/engine.js), offline too. A scenario the grid
// cannot lay out (opened, shared, or from "Upravit a ověřit") is edited as text. Tile data comes
// from assets/situace-data.js (src/site/situace.rs). Text goes in with textContent only.
(function () {
  'use strict';
  const D = window.CARCREF_SITUACE;
  // The engine runs in this page (assets/engine.js, WebAssembly in a worker): it reads and
  // decides scenarios offline, from file:// and in the installed app alike.
  const engine = window.carcrefEngine;
  const $ = (id) => document.getElementById(id);
  // The colours in the CLI's order, with their Czech names and board colours (Colour::ALL).
  const COLOURS = D.colours.map(([id]) => id);
  const COLOUR_CS = Object.fromEntries(D.colours.map(([id, name]) => [id, name]));
  const COLOUR_HEX = Object.fromEntries(D.colours.map(([id, , hex]) => [id, hex]));
  // A figure's third ghost sends it home, so at most 2 stand at one (competitive Ghosts).
  const MAX_FIGURE_GHOSTS = 2;
  const FEATURE_CS = {
    road: 'cesta', city: 'město', field: 'louka',
    monastery: 'klášter', castle: 'zámek', graveyard: 'hřbitov',
  };
  const PLACE_CS = {
    center: 'uprostřed', N: 'na severu', E: 'na východě', S: 'na jihu', W: 'na západě',
    NL: 'na severu, západní polovina', NR: 'na severu, východní polovina',
    EL: 'na východě, severní polovina', ER: 'na východě, jižní polovina',
    SL: 'na jihu, východní polovina', SR: 'na jihu, západní polovina',
    WL: 'na západě, jižní polovina', WR: 'na západě, severní polovina',
  };
  // Where a figure's dot sits on a cell, in per cent (a half side is the half nearer its
  // left or right corner as seen from the tile's centre).
  const DOT = {
    center: [50, 50], N: [50, 14], NL: [25, 14], NR: [75, 14], E: [86, 50], EL: [86, 25],
    ER: [86, 75], S: [50, 86], SL: [75, 86], SR: [25, 86], W: [14, 50], WL: [14, 75], WR: [14, 25],
  };
  const SIDES = 'NESW';
  const STEPS = [[0, -1], [1, 0], [0, 1], [-1, 0]];

  if (!D || !D.base || !D.start) {
    $('hlaseni').textContent = 'Tento web nenese katalog kartiček základní hry, situaci proto sestavit nelze.';
    return;
  }
  const TILES = new Map(D.tiles.map((t) => [t.id, t]));
  const FACE_DOWN = D.tiles.find((t) => t.board_only);
  const COOP = D.cooperative;
  const count = (n, lemma) => globalThis.CarcrefPocet(n, D.nouns[lemma]);
  // czech::points: "8 bodů", "−2 body".
  const points = (n) => (n < 0 ? '−' : '') + count(Math.abs(n), 'bod');
  const OUTCOME_CS = { playing: 'hra pokračuje', won: 'tým vyhrál', lost: 'tým prohrál' };
  // The expansion whose players hold cards (Gifts), and each card's Czech name.
  const GIFTS = D.expansions.find((e) => e.cards.length);
  const CARD_CS = Object.fromEntries(GIFTS ? GIFTS.cards : []);
  // Copies of each card in the game.
  const CARD_COPIES = 5;
  /** Is `key` a name `table` gives (a card, a place, an outcome), not "constructor" or a number? */
  const isNamed = (table, key) => typeof key === 'string' && Object.hasOwn(table, key);

  /** The start tile's cells: one tile, or the 2×2 start tile's quarters. */
  function startCells(twoByTwo) {
    const parts = twoByTwo ? D.start_2x2 : [[D.start, [0, 0]]];
    return parts.map(([tile, [x, y]]) => ({ tile, x, y, rotation: 0, start: true, meeples: [] }));
  }

  const state = {
    title: 'Sporná situace',
    description: '', // an opened scenario's, kept on export
    rulings: [], // the rulings an opened scenario verifies, kept on export
    ruleset: D.base.id,
    expansions: [],
    level: 1, // the cooperative game's
    track: null, // the cooperative team's points before the move, if given
    counters: {}, // level 6: each colour's counter before the move, if given
    // A game under way, each if given: the cooperative game's tiles left in each stack (the
    // one drawn from first) and figures per colour; the other games' scores and supplies.
    stacks: [],
    meeples: null,
    score: {},
    supply: {},
    // Gifts: each player's unopened cards and the top of the gift deck, first card first.
    gifts: { hands: {}, deck: [] },
    startGhosts: COOP ? COOP.start_ghosts : 0,
    players: 2,
    // An opened scenario's colours when they are not the first ones in the CLI's order
    // (`[blue, red]`); choosing a number of players goes back to that order.
    colours: null,
    // The start tile at [0, 0]; figures on the base game's make the scenario lay it itself
    // (`start: none`).
    startCells: startCells(false),
    // An opened scenario's own start when it is not its game's ('none', 'zakladni',
    // 'duchove-2x2'); null for the game's start tile.
    start: null,
    // {tile, x, y, rotation, meeples: [{spot, player, kind, ghosts}], ghosts, faceDown}; spot
    // at rotation 0; ghosts on the tile in the cooperative game, at a figure in the
    // competitive Ghosts
    board: [],
    step: null, // {tile, x, y, rotation, meeple: {spot, kind} | null}
    stepPlayer: 'red',
    // A gift the player on turn opens before placing the tile: {card, at, on, to, other}.
    gift: null,
    // The answers to the rules' questions in the move, in the order asked: in the cooperative
    // game 'body' or 'duchy [x, y]', with the competitive Ghosts a figure ('red [x, y] EM')…
    choose: [],
    // Scores, and with ghosts `ghosts` and `bank`; the cooperative game `track` and `outcome`
    // instead of scores, on level 6 also `counters` by colour; with Gifts `gifts`, each
    // player's unopened cards.
    expect: { score: {} },
    end: false,
    // An opened scenario's parts the grid does not show, written back as they were: setup
    // keys, the steps after the disputed move, other expectations.
    kept: { setup: {}, steps: [], expect: {} },
    mode: 'plan',
    picked: null,
    selected: null, // [x, y]
  };
  // What "Nová situace na plánu" starts from.
  const FRESH = JSON.stringify(state);
  // A scenario the grid cannot lay out is edited as text (showText).
  let textMode = false;
  // The questions the rules asked in the disputed move at the last check, with the options
  // the engine offered (the verdict's `decisions`).
  let asked = [];

  // --- geometry ---------------------------------------------------------------------
  /** A spot named at rotation 0, named on the board after turning the tile by `rotation`. */
  function turnSpot(spot, rotation) {
    if (spot === 'center') return spot;
    const side = SIDES[(SIDES.indexOf(spot[0]) + rotation / 90) % 4];
    return side + spot.slice(1);
  }
  function edgesAt(tile, rotation) {
    const q = rotation / 90;
    return [0, 1, 2, 3].map((s) => tile.edges[(s - q + 4) % 4]);
  }
  function players() {
    return state.colours || COLOURS.slice(0, state.players);
  }
  function coop() {
    return Boolean(COOP) && state.ruleset === COOP.id;
  }
  function level() {
    return COOP.levels.find((l) => l.number === state.level);
  }
  /** The tile a cell shows: its own, or the back of one when it lies face down. */
  function shown(cell) {
    return cell.faceDown ? FACE_DOWN : TILES.get(cell.tile);
  }
  function inPlay(tile) {
    if (tile.board_only) return true;
    if (coop()) {
      return tile.set === COOP.set && !tile.quarter && (level().castles_and_graveyards || !tile.castle_or_graveyard);
    }
    const sets = [D.base.id, ...state.expansions.flatMap((id) => expansion(id).sets)];
    return sets.includes(tile.set) && !tile.quarter;
  }
  /** Whether the game is played with the 2x2 start tile. */
  function twoByTwo() {
    return coop() || state.expansions.some((id) => expansion(id).start_2x2);
  }
  /** How the board starts, as a scenario's `start` says it. */
  function startKind() {
    return state.start || (twoByTwo() ? 'duchove-2x2' : 'zakladni');
  }
  /** The board starts from the 2×2 start tile. */
  function bigStart() {
    return startKind() === 'duchove-2x2';
  }
  /** Dogs the cooperative game's level has (0 in any other game). */
  function dogs() {
    return coop() ? level().dogs : 0;
  }
  /** The colours that may have a counter of their own (level 6: any three of the players'),
   * else none. */
  function counterColours() {
    return coop() && level().counters > 1 ? players() : [];
  }
  /** Gifts is in play: players hold cards. */
  function giftsInPlay() {
    return !coop() && Boolean(GIFTS) && state.expansions.includes(GIFTS.id);
  }
  /** Ghosts stand at figures: the competitive Ghosts expansion. */
  function figureGhosts() {
    return !coop() && state.expansions.some((id) => expansion(id).start_2x2);
  }
  /** A figure kind's name: the game's own word for its figure ("strážný" in the cooperative game). */
  function kindName(kind) {
    if (kind === 'guard') return D.nouns['strážný'][0];
    const figure = D.nouns[D.figure[state.ruleset] || D.figure[D.base.id]][0];
    return kind === 'big' ? 'velký ' + figure : figure;
  }
  /** Ghosts on a cell: a board tile's own, or those the setup puts on the start tile's mist. */
  function ghostsOn(cell) {
    if (!coop()) return 0;
    if (!cell.start) return cell.ghosts || 0;
    let left = state.startGhosts;
    for (const c of state.startCells) {
      const n = Math.min(TILES.get(c.tile).symbols, left);
      if (c === cell) return n;
      left -= n;
    }
    return 0;
  }
  function expansion(id) {
    return D.expansions.find((e) => e.id === id);
  }
  function kinds() {
    const out = ['normal'];
    if (!coop()) for (const id of state.expansions) for (const k of expansion(id).kinds) out.push(k);
    return out;
  }
  /** What lies on a cell: the start tile, a board tile or the disputed move's tile. */
  function cellAt(x, y) {
    const start = state.startCells.find((c) => c.x === x && c.y === y);
    if (start) return start;
    const laid = state.board.find((c) => c.x === x && c.y === y);
    if (laid) return laid;
    if (state.step && state.step.x === x && state.step.y === y) return state.step;
    return null;
  }
  function neighbours(x, y, skipStep) {
    return STEPS.map(([dx, dy]) => {
      const n = cellAt(x + dx, y + dy);
      return n && !(skipStep && n === state.step) ? n : null;
    });
  }
  /** Rotations in which `tileId` fits on [x, y] against its neighbours. */
  function fitting(tileId, x, y) {
    const tile = TILES.get(tileId);
    const around = neighbours(x, y, false);
    return [0, 90, 180, 270].filter((r) => {
      const edges = edgesAt(tile, r);
      return around.every((n, s) => {
        const theirs = n && edgesAt(shown(n), n.rotation)[(s + 2) % 4];
        return !n || theirs === 'X' || edges[s] === 'X' || theirs === edges[s];
      });
    });
  }
  /** Whether every board tile still touches the start tile through board tiles. */
  function connected(board) {
    const key = (x, y) => x + ',' + y;
    const cells = new Set(board.map((c) => key(c.x, c.y)));
    // A board laid without a start tile (`start: none`) hangs together from its first tile.
    const seeds = state.startCells.length ? state.startCells : board.slice(0, 1);
    const seen = new Set(seeds.map((c) => key(c.x, c.y)));
    const queue = seeds.map((c) => [c.x, c.y]);
    while (queue.length) {
      const [x, y] = queue.pop();
      for (const [dx, dy] of STEPS) {
        const k = key(x + dx, y + dy);
        if (cells.has(k) && !seen.has(k)) {
          seen.add(k);
          queue.push([x + dx, y + dy]);
        }
      }
    }
    return board.every((c) => seen.has(key(c.x, c.y)));
  }

  // --- words ------------------------------------------------------------------------
  const SIDE_LOCATIVE = { N: 'severu', E: 'východě', S: 'jihu', W: 'západě' };
  /** A road or city by every side it reaches ("cesta na východě a západě"), anything else by
   * its spot; as the tile lies, turned by `rotation`. */
  function spotLabel(tile, spot, rotation) {
    const found = TILES.get(tile).spots.find((s) => s.on === spot) || {};
    const sides = (found.sides || []).map((side) => turnSpot(side, rotation));
    if ((found.feature === 'road' || found.feature === 'city') && sides.length > 1) {
      const names = SIDES.split('').filter((side) => sides.includes(side)).map((side) => SIDE_LOCATIVE[side]);
      return FEATURE_CS[found.feature] + ' na ' + names.slice(0, -1).join(', ') + ' a ' + names[names.length - 1];
    }
    return (FEATURE_CS[found.feature] || '') + ' ' + PLACE_CS[turnSpot(spot, rotation)];
  }
  function meepleLabel(cell, m, player) {
    const ghosts = m.ghosts ? ', ' + count(m.ghosts, 'duch') : '';
    const dog = m.dog === true ? ', u něj pes' : '';
    return COLOUR_CS[player] + ' ' + kindName(m.kind) + ' – ' + spotLabel(cell.tile, m.spot, cell.rotation) + ghosts + dog;
  }
  function cellLabel(x, y, cell) {
    const where = 'pole [' + x + ', ' + y + ']';
    if (!cell) return where + ', prázdné';
    let text = where + ', ' + shown(cell).name + ', otočení ' + cell.rotation + '°';
    // The 2x2 start tile's quarters say so in their names.
    if (cell.start && state.startCells.length === 1) text += ', startovní kartička';
    const ghosts = ghostsOn(cell);
    if (ghosts) text += ', ' + count(ghosts, 'duch');
    if (cell === state.step) {
      text += ', sporný tah';
      if (cell.meeple) text += ', ' + meepleLabel(cell, cell.meeple, state.stepPlayer);
    } else {
      for (const m of cell.meeples) text += ', ' + meepleLabel(cell, m, m.player);
    }
    return text;
  }
  function say(text) {
    $(textMode ? 'text-hlaseni' : 'hlaseni').textContent = text;
  }

  // --- drawing ----------------------------------------------------------------------
  /** A tile's picture; turned by `rotation`, its printed numbers turn back to stay upright
   * (the drawing writes each as `rotate(-0 x y)` for this). */
  function picture(tileId, rotation = 0) {
    const img = document.createElement('img');
    img.alt = '';
    const svg = TILES.get(tileId).svg.replace(/rotate\(-0 /g, 'rotate(-' + rotation + ' ');
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    return img;
  }
  function dot(spot, rotation, player) {
    const span = document.createElement('span');
    const [left, top] = DOT[turnSpot(spot, rotation)];
    span.className = 'builder-meeple';
    span.style.background = COLOUR_HEX[player];
    span.style.left = left + '%';
    span.style.top = top + '%';
    return span;
  }
  /** A dog lying beside a figure's dot, on the tile's inner side of it (the cell's label
   * names it). */
  function dogMark(spot, rotation) {
    const span = document.createElement('span');
    const [left, top] = DOT[turnSpot(spot, rotation)];
    const inward = left === 50 && top === 50 ? [50, 70] : [left + (50 - left) * 0.4, top + (50 - top) * 0.4];
    span.className = 'builder-dog';
    span.setAttribute('aria-hidden', 'true');
    span.style.left = inward[0] + '%';
    span.style.top = inward[1] + '%';
    return span;
  }

  // The picker's groups, by the most telling thing a tile shows.
  const GROUPS = [['monastery', 'Kláštery'], ['city', 'Města'], ['road', 'Cesty']];
  function groupOf(tile) {
    if (tile.board_only) return 'Kartička lícem dolů';
    if (tile.castle_or_graveyard) return 'Zámky a hřbitovy';
    const features = tile.spots.map((s) => s.feature);
    const found = GROUPS.find(([feature]) => features.includes(feature));
    return found ? found[1] : 'Louky';
  }
  /** Lower case without diacritics, so that "zatacka" finds "zatáčka": the picker matches
   * parts of tile names, which needs none of the search analyzer's stems and tables. */
  function folded(text) {
    return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }
  /** A name that tells apart tiles of one name: where their road or city runs. */
  function pickerName(tile, sameName) {
    if (sameName < 2) return tile.name;
    const telling = tile.spots.find((s) => s.feature === 'road' || s.feature === 'city');
    return telling ? tile.name + ', ' + spotLabel(tile.id, telling.on, 0) : tile.name;
  }
  /** The tiles in play, each as [tile, the name that tells it apart]. */
  function tileChoices() {
    // Tiles of one name whose sides match in some rotation are one choice (the base game's
    // straight road and the Mists box's): it is turned on the board.
    const looks = new Set();
    const choices = D.tiles.filter((tile) => {
      const turns = [0, 90, 180, 270].map((r) => edgesAt(tile, r).join('')).sort();
      const look = tile.name + '|' + turns[0];
      if (!inPlay(tile) || looks.has(look)) return false;
      looks.add(look);
      return true;
    });
    const named = (tile) => choices.filter((other) => other.name === tile.name).length;
    return choices.map((tile) => [tile, pickerName(tile, named(tile))]);
  }
  function drawPicker() {
    const box = $('karticky');
    const hadFocus = box.contains(document.activeElement);
    box.textContent = '';
    const wanted = folded($('hledat-karticku').value.trim());
    const groups = new Map();
    for (const [tile, name] of tileChoices()) {
      if (wanted && !folded(name).includes(wanted)) continue;
      const group = groupOf(tile);
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push([tile, name]);
    }
    if (!groups.size) {
      const none = document.createElement('p');
      none.textContent = 'Žádná kartička ve hře se tak nejmenuje.';
      box.append(none);
    }
    for (const [group, tiles] of groups) {
      const heading = document.createElement('h3');
      heading.className = 'builder-group';
      heading.textContent = group;
      box.append(heading);
      for (const [tile, name] of tiles) box.append(pickerButton(tile, name));
    }
    // The picker is one Tab stop too: the picked tile, or the first; arrow keys move inside.
    const current = box.querySelector('[aria-pressed="true"]') || box.querySelector('button');
    if (current) takeTabStop(box, current);
    if (hadFocus && current) current.focus();
  }
  function pickerButton(tile, name) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.tile = tile.id;
    button.setAttribute('aria-pressed', String(state.picked === tile.id));
    button.append(picture(tile.id));
    const text = document.createElement('span');
    text.textContent = name;
    button.append(text);
    button.addEventListener('click', () => {
      state.picked = tile.id;
      say('Vybraná kartička: ' + name + '. Klepněte na prázdné pole vedle plánu.');
      drawPicker();
    });
    return button;
  }

  function drawBoard() {
    const cells = [...state.startCells, ...state.board].map((c) => [c.x, c.y]);
    if (state.step) cells.push([state.step.x, state.step.y]);
    if (!cells.length) cells.push([0, 0]);
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
    const board = $('plan');
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
    // The board is one Tab stop: the cell last moved to (or the selected one, or the start
    // tile) takes the focus; arrow keys move inside.
    const within = ([x, y]) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
    if (!boardCursor || !within(boardCursor)) boardCursor = state.selected && within(state.selected) ? state.selected : [0, 0];
    board.textContent = '';
    board.style.setProperty('--cols', String(x1 - x0 + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = cellAt(x, y);
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'builder-cell';
        button.dataset.cell = x + ',' + y;
        button.tabIndex = x === boardCursor[0] && y === boardCursor[1] ? 0 : -1;
        button.addEventListener('focus', () => {
          takeTabStop(board, button);
          boardCursor = [x, y];
        });
        button.setAttribute('aria-label', cellLabel(x, y, cell));
        if (state.selected && state.selected[0] === x && state.selected[1] === y) button.setAttribute('aria-pressed', 'true');
        if (cell) {
          const img = picture(shown(cell).id, cell.rotation);
          img.style.transform = 'rotate(' + cell.rotation + 'deg)';
          button.append(img);
          const ghosts = ghostsOn(cell);
          if (ghosts) {
            // The number is in the button's label; this is what the eye sees.
            const badge = document.createElement('span');
            badge.className = 'builder-ghosts';
            badge.setAttribute('aria-hidden', 'true');
            badge.textContent = String(ghosts);
            button.append(badge);
          }
          if (cell === state.step) {
            button.classList.add('builder-step');
            if (cell.meeple) button.append(dot(cell.meeple.spot, cell.rotation, state.stepPlayer));
          } else {
            for (const m of cell.meeples) {
              button.append(dot(m.spot, cell.rotation, m.player));
              if (m.dog === true) button.append(dogMark(m.spot, cell.rotation));
            }
          }
        } else if (neighbours(x, y, false).some(Boolean)) {
          button.classList.add('builder-free');
        }
        button.addEventListener('click', () => tap(x, y));
        board.append(button);
      }
    }
    if (focused) {
      const again = board.querySelector('[data-cell="' + focused + '"]');
      if (again) again.focus();
    }
  }

  // The cell the board's one Tab stop is on.
  let boardCursor = null;
  /** Makes `button` the one Tab stop of its group (the board, the picker). */
  function takeTabStop(group, button) {
    for (const other of group.querySelectorAll('button')) other.tabIndex = other === button ? 0 : -1;
  }
  const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  $('plan').addEventListener('keydown', (event) => {
    const step = ARROWS[event.key];
    if (!step || !boardCursor) return;
    const next = $('plan').querySelector('[data-cell="' + (boardCursor[0] + step[0]) + ',' + (boardCursor[1] + step[1]) + '"]');
    if (!next) return;
    event.preventDefault();
    next.focus();
  });

  function option(select, value, text) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = text;
    select.append(o);
  }

  function drawPanel() {
    const panel = $('vybrana');
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (!cell) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    const tile = shown(cell);
    $('vybrana-nazev').textContent =
      (cell === state.step ? 'Sporný tah: ' : '') + tile.name + ' na poli [' + cell.x + ', ' + cell.y + '], otočení ' + cell.rotation + '°';
    $('otocit').hidden = cell.start || cell.faceDown;
    $('odebrat').hidden = cell.start;
    // Only a tile already on the board can lie face down; the back of one is face down anyway.
    $('rub').hidden = cell.start || cell === state.step || TILES.get(cell.tile).board_only;
    $('licem-dolu').checked = Boolean(cell.faceDown);
    // Ghosts stand on mist or a graveyard; the start tile's are counted for the whole tile.
    $('duchove').hidden = !coop() || cell === state.step || !(cell.start || tile.ghosts);
    $('duchove-pocet').textContent = cell.start
      ? 'Na startovní destičce: ' + count(state.startGhosts, 'duch') + '.'
      : 'Na kartičce: ' + count(ghostsOn(cell), 'duch') + '.';
    // A tile face down holds nothing a figure could stand on, and the scenario lays the 2x2
    // start tile itself, without figures.
    const noFigures = !tile.spots.length || (bigStart() && cell.start);
    $('figurka-radek').hidden = noFigures;
    $('figurka-mista').hidden = noFigures;
    const who = $('figurka-hrac');
    const keep = who.value;
    who.textContent = '';
    for (const p of players()) option(who, p, COLOUR_CS[p]);
    // On the disputed move the player is the one on turn; elsewhere the last one chosen stays.
    who.value = cell === state.step ? state.stepPlayer : players().includes(keep) ? keep : players()[0];
    const kind = $('figurka-druh');
    kind.textContent = '';
    for (const k of kinds()) option(kind, k, kindName(k));
    showFigureGhosts(cell);
    // A dog lies beside a figure already on the board, on a level with dogs.
    $('figurka-pes-radek').hidden = !dogs() || cell === state.step;
    const ghosts = $('figurka-duchove');
    if (!ghosts.options.length) for (let n = 0; n <= MAX_FIGURE_GHOSTS; n++) option(ghosts, String(n), count(n, 'duch'));
    // One tap on a spot stands the chosen figure there.
    const spots = $('figurka-mista');
    const focusedSpot = spots.contains(document.activeElement) ? document.activeElement.dataset.spot : null;
    for (const old of spots.querySelectorAll('button')) old.remove();
    for (const s of TILES.get(cell.tile).spots) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.spot = s.on;
      button.textContent = spotLabel(cell.tile, s.on, cell.rotation);
      button.addEventListener('click', () => standFigure(cell, s.on));
      spots.append(button);
      if (s.on === focusedSpot) button.focus();
    }
    const list = $('figurky');
    list.textContent = '';
    const placed = cell === state.step ? (cell.meeple ? [cell.meeple] : []) : cell.meeples;
    for (const m of placed) {
      const li = document.createElement('li');
      const text = meepleLabel(cell, m, cell === state.step ? state.stepPlayer : m.player);
      li.textContent = text + ' ';
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Odebrat';
      remove.setAttribute('aria-label', 'Odebrat figurku: ' + text);
      remove.addEventListener('click', () => {
        if (cell === state.step) cell.meeple = null;
        else cell.meeples = cell.meeples.filter((other) => other !== m);
        update();
      });
      li.append(remove);
      list.append(li);
    }
  }

  /** A number field's setter: `map[key]` takes the number, and goes when the field is emptied. */
  function setIn(map, key) {
    return (n) => {
      if (n === undefined) delete map[key];
      else map[key] = n;
    };
  }
  /** A labelled number from 0 in `box`; `set` gets it, or undefined when left empty. */
  function numberField(box, id, text, value, set) {
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = text;
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '0';
    input.id = id;
    input.inputMode = 'numeric';
    input.value = value === undefined ? '' : String(value);
    input.addEventListener('change', () => {
      const n = Number.parseInt(input.value, 10);
      set(Number.isFinite(n) && n >= 0 ? n : undefined);
      drawYaml();
    });
    const p = document.createElement('p');
    p.append(label, ' ', input);
    box.append(p);
  }

  /** A game under way: scores and supplies before the move, or the cooperative game's stacks
   * and figures per colour. */
  function drawUnderway() {
    const box = $('rozehrana-pole');
    box.textContent = '';
    const figures = D.nouns[D.figure[state.ruleset] || D.figure[D.base.id]][2];
    const Figures = figures[0].toUpperCase() + figures.slice(1);
    if (coop()) {
      const names = ['Kartiček zbývá v hromádce, ze které se teď táhne', 'Kartiček v další hromádce', 'Kartiček v hromádce po ní'];
      for (let i = 0; i < level().stacks; i++) {
        numberField(box, 'hromadka-' + i, names[i] || 'Kartiček v ' + (i + 1) + '. hromádce', state.stacks[i], setIn(state.stacks, i));
      }
      numberField(box, 'strazni', Figures + ' každé barvy (bez údaje ' + COOP.meeples + ')', state.meeples === null ? undefined : state.meeples, (n) => {
        state.meeples = n === undefined ? null : n;
      });
      return;
    }
    for (const p of players()) {
      numberField(box, 'skore-' + p, 'Body před tahem – ' + COLOUR_CS[p], state.score[p], setIn(state.score, p));
      numberField(box, 'zasoba-' + p, Figures + ' v zásobě – ' + COLOUR_CS[p], state.supply[p], setIn(state.supply, p));
    }
  }
  /** The stacks given, from the one drawn from first up to the first left empty. */
  function stacksGiven() {
    const given = [];
    for (const n of state.stacks.slice(0, level().stacks)) {
      if (n === undefined) break;
      given.push(n);
    }
    return given;
  }

  /** Level 6's counters before the move, one per colour. */
  function drawCounters() {
    const box = $('pocitadla');
    box.textContent = '';
    if (!counterColours().length) return;
    const hint = document.createElement('p');
    hint.className = 'hint';
    const n = level().counters;
    hint.textContent = 'Na úrovni ' + state.level + ' má své počítadlo každá ze ' + n + ' barev, které hráči zvolili. ' +
      'Stav před tahem (nepovinné) vyplňte u těch ' + n + ' barev.';
    box.append(hint);
    for (const p of counterColours()) {
      numberField(box, 'pocitadlo-' + p, 'Počítadlo – ' + COLOUR_CS[p], state.counters[p], setIn(state.counters, p));
    }
  }

  /** The rules' questions in the disputed move as the engine asked them at the last check,
   * each with a picker of the options it offered. */
  function drawAnswers(show) {
    const box = $('rozhodnuti');
    const focused = box.contains(document.activeElement) ? document.activeElement.id : null;
    box.textContent = '';
    box.hidden = !show;
    if (!show) return;
    box.append(el('p', 'V tomto tahu se pravidla ptají hráčů (podle posledního ověření):'));
    asked.forEach((d, i) => {
      const id = 'odpoved-' + i;
      const label = document.createElement('label');
      label.htmlFor = id;
      const question = d.question || 'rozhodnutí hráčů';
      label.textContent = (i + 1) + '. ' + question[0].toUpperCase() + question.slice(1);
      const select = document.createElement('select');
      select.id = id;
      const given = state.choose[i];
      const known = d.options.some((o) => o.answer === given);
      if (!known) option(select, '', given === undefined ? 'vyberte odpověď' : given + ' (mezi možnostmi není)');
      for (const o of d.options) option(select, o.answer, o.label);
      select.value = known ? given : '';
      select.addEventListener('change', () => answerQuestion(i, select.value));
      const p = document.createElement('p');
      p.append(label, ' ', select);
      box.append(p);
    });
    if (focused && $(focused)) $(focused).focus();
  }
  /** Answers question `i`; unanswered questions before it take what the engine took. The
   * questions after it may change, so the situation is checked again. */
  function answerQuestion(i, value) {
    if (!value) return;
    const answers = state.choose.slice();
    for (let j = 0; j < i; j++) {
      if (answers[j] === undefined) answers[j] = asked[j].options[asked[j].chosen].answer;
    }
    answers[i] = value;
    state.choose = answers;
    drawYaml();
    verify();
  }

  /** Gifts: each player's unopened cards and the top of the gift deck. */
  function drawGifts() {
    $('darky').hidden = !giftsInPlay();
    const hands = $('darky-ruce');
    const deck = $('darky-balicek');
    hands.textContent = '';
    deck.textContent = '';
    if (!giftsInPlay()) return;
    for (const p of players()) {
      hands.append(cardList('ruka-' + p, 'Neotevřené dárky – ' + COLOUR_CS[p], state.gifts.hands[p] || [], (cards) => {
        if (cards.length) state.gifts.hands[p] = cards;
        else delete state.gifts.hands[p];
      }));
    }
    deck.append(cardList('balicek', 'Balíček dárků odshora (nepovinné)', state.gifts.deck, (cards) => {
      state.gifts.deck = cards;
    }));
  }
  // The card each list's picker last offered, so that adding twice takes two taps.
  const cardChoice = {};
  /** Copies of a card in the players' hands and on the deck. */
  function copiesUsed(card) {
    return [...Object.values(state.gifts.hands), state.gifts.deck].flat().filter((c) => c === card).length;
  }
  /** A list of cards, each with a button to remove it, and a picker to add one. */
  function cardList(id, title, cards, set) {
    const box = document.createElement('div');
    box.className = 'builder-cards';
    const heading = document.createElement('p');
    heading.textContent = title + (cards.length ? ':' : ': žádné');
    const list = document.createElement('ul');
    cards.forEach((card, i) => {
      const li = document.createElement('li');
      li.textContent = CARD_CS[card] + ' ';
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Odebrat';
      remove.setAttribute('aria-label', 'Odebrat dárek ' + CARD_CS[card] + ': ' + title);
      remove.addEventListener('click', () => {
        set(cards.filter((_, j) => j !== i));
        update();
      });
      li.append(remove);
      list.append(li);
    });
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = 'Přidat dárek';
    const select = document.createElement('select');
    select.id = id;
    for (const [card, name] of GIFTS.cards) option(select, card, name);
    select.value = cardChoice[id] || GIFTS.cards[0][0];
    select.addEventListener('change', () => {
      cardChoice[id] = select.value;
    });
    const add = document.createElement('button');
    add.type = 'button';
    add.id = id + '-pridat';
    add.textContent = 'Přidat';
    add.setAttribute('aria-label', 'Přidat dárek: ' + title);
    add.addEventListener('click', () => {
      const card = select.value;
      if (copiesUsed(card) >= CARD_COPIES) {
        return say('Dárků ' + CARD_CS[card] + ' je ve hře jen ' + CARD_COPIES + ' a všechny už jsou v rukou nebo v balíčku.');
      }
      set(cards.concat([card]));
      say('Přidáno: ' + CARD_CS[card] + ' (' + title + ').');
      update();
      $(add.id).focus();
    });
    const row = document.createElement('p');
    row.append(label, ' ', select, ' ', add);
    box.append(heading, list, row);
    return box;
  }

  /** The gift the player on turn opens before placing the tile, and what it acts on. */
  function drawGiftStep() {
    $('darek-radek').hidden = !giftsInPlay();
    const card = $('darek');
    card.textContent = '';
    option(card, '', 'žádný');
    for (const [id, name] of GIFTS ? GIFTS.cards : []) option(card, id, name);
    const g = giftsInPlay() ? state.gift : null;
    card.value = g ? g.card : '';
    const target = $('darek-cil');
    const to = $('darek-na');
    target.textContent = '';
    to.textContent = '';
    $('darek-cil-radek').hidden = !g;
    $('darek-na-radek').hidden = !g || g.card !== 'zmena-postoje';
    if (!g) return;
    const { label, options } = giftTargets(g.card);
    $('darek-cil-popis').textContent = label;
    const now = giftValue(g);
    for (const [value, text] of options) option(target, value, text);
    if (now && !options.some(([value]) => value === now)) option(target, now, giftPlace(g));
    target.value = now;
    if (g.card !== 'zmena-postoje' || !g.at) return;
    const cell = cellAt(g.at[0], g.at[1]);
    for (const spot of cell ? TILES.get(cell.tile).spots : []) {
      const onBoard = turnSpot(spot.on, cell.rotation);
      if (onBoard !== g.on) option(to, onBoard, spotLabel(cell.tile, spot.on, cell.rotation));
    }
    if (g.to && ![...to.options].some((o) => o.value === g.to)) option(to, g.to, PLACE_CS[g.to] || g.to);
    to.value = g.to || '';
  }
  /** What a card can act on: [value, text] pairs and how the page asks for them. */
  function giftTargets(card) {
    const cells = [...state.startCells, ...state.board].filter((c) => !c.faceDown);
    const at = (c) => c.x + ',' + c.y;
    const figures = (keep) => cells.flatMap((c) => c.meeples.filter((m) => keep(c, m)).map((m) => [
      at(c) + ',' + turnSpot(m.port || m.spot, c.rotation),
      'pole [' + c.x + ', ' + c.y + ']: ' + meepleLabel(c, m, m.player),
    ]));
    const featureOf = (c, m) => TILES.get(c.tile).spots.find((s) => s.on === m.spot).feature;
    if (card === 'koncil') {
      const monasteries = cells.filter((c) => TILES.get(c.tile).spots.some((s) => s.feature === 'monastery'));
      return { label: 'do kláštera na', options: monasteries.map((c) => [at(c), 'poli [' + c.x + ', ' + c.y + ']']) };
    }
    if (card === 'vyklizeni-cesty') return { label: 'z cesty, kde stojí', options: figures((c, m) => featureOf(c, m) === 'road') };
    if (card === 'vyber-ze-dvou') {
      const tiles = tileChoices().filter(([t]) => !t.board_only);
      return { label: 'druhá tažená kartička', options: [...tiles.map(([t, name]) => [t.id, name]), ['', 'žádná, nebylo co táhnout']] };
    }
    // Vyplacení and Změna postoje act on the player's own figure; others are offered too, for
    // the engine to say why not.
    const own = figures((c, m) => m.player === state.stepPlayer);
    return { label: 'figurka', options: own.concat(figures((c, m) => m.player !== state.stepPlayer)) };
  }
  /** A gift's target as the target picker's value. */
  function giftValue(g) {
    if (g.card === 'vyber-ze-dvou') return g.other || '';
    if (!g.at) return '';
    return g.at.join(',') + (g.card === 'koncil' ? '' : ',' + g.on);
  }
  /** A target the board does not offer (an opened scenario's), said in words. */
  function giftPlace(g) {
    if (g.card === 'vyber-ze-dvou') return TILES.has(g.other) ? TILES.get(g.other).name : g.other;
    return 'pole [' + g.at[0] + ', ' + g.at[1] + ']' + (g.on ? ', ' + PLACE_CS[g.on] : '');
  }
  /** Sets a gift's target from the picker's value. */
  function setGiftTarget(g, value) {
    delete g.at;
    delete g.on;
    delete g.to;
    delete g.other;
    if (!value) return;
    if (g.card === 'vyber-ze-dvou') {
      g.other = value;
      return;
    }
    const [x, y, on] = value.split(',');
    g.at = [Number(x), Number(y)];
    if (on) g.on = on;
  }

  function drawStep() {
    const who = $('tah-hrac');
    const keep = state.stepPlayer;
    who.textContent = '';
    for (const p of players()) option(who, p, COLOUR_CS[p]);
    who.value = keep;
    const s = state.step;
    $('tah-popis').textContent = s
      ? 'Sporný tah: ' + TILES.get(s.tile).name + ' na pole [' + s.x + ', ' + s.y + '], otočení ' + s.rotation + '°' +
        (s.meeple ? ', ' + meepleLabel(s, s.meeple, state.stepPlayer) : ', bez figurky') + '.'
      : 'Sporný tah zatím chybí: zvolte nahoře „sporný tah“ a přiložte kartičku.';
    // The cooperative game asks the team, when a finished feature is scored with ghosts on
    // the board, for points or up to 3 ghosts from one tile; the competitive Ghosts ask
    // which figure a ghost comes to.
    const engineAsks = Boolean(s) && asked.length > 0;
    $('volba-radek').hidden = engineAsks || (!coop() && !figureGhosts() && !state.choose.length);
    $('volba-popis').textContent = coop() ? 'Za dokončené území tým vezme' : 'Duch přijde k figurce';
    const choose = $('volba');
    choose.textContent = '';
    option(choose, '', 'pravidla se neptají');
    if (coop()) option(choose, 'body', 'body');
    for (const c of [...state.startCells, ...state.board]) {
      const n = ghostsOn(c);
      if (n) option(choose, 'duchy [' + c.x + ', ' + c.y + ']', 'duchy z pole [' + c.x + ', ' + c.y + '] (' + count(n, 'duch') + ')');
      if (!figureGhosts()) continue;
      for (const m of c.meeples) {
        if (m.kind === 'guard') continue;
        const spot = turnSpot(m.port || m.spot, c.rotation);
        // Scenarios name a side's middle `EM` in answers.
        const value = m.player + ' [' + c.x + ', ' + c.y + '] ' + (spot.length === 1 ? spot + 'M' : spot);
        option(choose, value, 'pole [' + c.x + ', ' + c.y + ']: ' + meepleLabel(c, m, m.player));
      }
    }
    // An answer the page does not foresee (an opened scenario's) is offered as written.
    const first = state.choose[0] || '';
    if (first && ![...choose.options].some((o) => o.value === first)) option(choose, first, first);
    choose.value = first;
    drawAnswers(engineAsks);
    drawGiftStep();
    $('ocekavani-nadpis').textContent = coop() ? 'Očekávaný stav po tahu (nepovinné)' : 'Očekávané skóre po tahu (nepovinné)';
    const box = $('ocekavani');
    box.textContent = '';
    const field = (id, text, value, set) => numberField(box, id, text, value, set);
    const store = (key) => setIn(state.expect, key);
    // An expectation by colour (`counters`, `gifts`), left out when no colour has one.
    const byColour = (key, p) => (n) => {
      const map = { ...state.expect[key] };
      if (n === undefined) delete map[p];
      else map[p] = n;
      if (Object.keys(map).length) state.expect[key] = map;
      else delete state.expect[key];
    };
    if (coop()) {
      // On level 6 the track stands where the lowest of the counters does.
      const track = counterColours().length ? 'Nejnižší z počítadel' : 'Body na počítadle týmu';
      field('cekam-pocitadlo', track, state.expect.track, store('track'));
      for (const p of counterColours()) {
        field('cekam-pocitadlo-' + p, 'Počítadlo – ' + COLOUR_CS[p], (state.expect.counters || {})[p], byColour('counters', p));
      }
      field('cekam-duchy', 'Duchů na plánu', state.expect.ghosts, store('ghosts'));
      field('cekam-bank', 'Duchů v banku', state.expect.bank, store('bank'));
      const label = document.createElement('label');
      label.htmlFor = 'cekam-vysledek';
      label.textContent = 'Výsledek hry';
      const outcome = document.createElement('select');
      outcome.id = 'cekam-vysledek';
      option(outcome, '', 'neuvádím');
      for (const [value, text] of Object.entries(OUTCOME_CS)) option(outcome, value, text);
      outcome.value = state.expect.outcome || '';
      outcome.addEventListener('change', () => {
        store('outcome')(outcome.value || undefined);
        drawYaml();
      });
      const p = document.createElement('p');
      p.append(label, ' ', outcome);
      box.append(p);
    } else {
      for (const p of players()) {
        field('body-' + p, 'Body celkem – ' + COLOUR_CS[p], state.expect.score[p], setIn(state.expect.score, p));
      }
      if (figureGhosts()) {
        field('cekam-duchy', 'Duchů u figurek', state.expect.ghosts, store('ghosts'));
        field('cekam-bank', 'Duchů v banku', state.expect.bank, store('bank'));
      }
      if (giftsInPlay()) {
        for (const p of players()) field('cekam-darky-' + p, 'Neotevřených dárků – ' + COLOUR_CS[p], (state.expect.gifts || {})[p], byColour('gifts', p));
      }
    }
    // The cooperative game has no final scoring.
    $('konec-radek').hidden = coop();
    $('konec').checked = state.end;
    drawKept();
  }

  /** Says what of an opened scenario the grid keeps without showing it. */
  function drawKept() {
    const parts = [];
    if (Object.keys(state.kept.setup).length) parts.push('rozehranou hru z přípravy scénáře');
    const steps = state.kept.steps.length;
    if (steps) parts.push(count(steps, 'krok') + ' ' + (state.step ? 'po sporném tahu' : 'ze scénáře'));
    const expected = Object.keys(state.kept.expect).length;
    if (expected) parts.push(count(expected, 'očekávání') + ' navíc');
    $('ze-scenare').hidden = !parts.length;
    $('ze-scenare').textContent = parts.length
      ? 'Plán to neukazuje, a proto ze scénáře beze změny ponechá: ' + parts.join(', ') + '. Upravíte je v oddílu Text scénáře tlačítkem Upravit jako text.'
      : '';
  }

  function drawYaml() {
    $('yaml').textContent = toYaml();
  }

  function update() {
    $('nazev').value = state.title;
    $('hra').value = state.ruleset;
    $('rozsireni').hidden = coop();
    $('kooperace').hidden = !coop();
    $('uroven').value = String(state.level);
    $('pocitadlo').value = state.track === null ? '' : String(state.track);
    $('pocitadlo').parentElement.hidden = !coop() || level().counters !== 1;
    $('hraci').value = String(state.players);
    for (const box of document.querySelectorAll('#rozsireni input')) box.checked = state.expansions.includes(box.value);
    for (const radio of document.querySelectorAll('input[name="rezim"]')) radio.checked = radio.value === state.mode;
    drawCounters();
    drawGifts();
    drawUnderway();
    drawPicker();
    drawBoard();
    drawPanel();
    drawStep();
    drawYaml();
  }

  // --- taps ---------------------------------------------------------------------------
  function tap(x, y) {
    const cell = cellAt(x, y);
    if (cell) {
      const again = state.selected && state.selected[0] === x && state.selected[1] === y;
      state.selected = [x, y];
      if (again && !cell.start) rotate(cell);
      else say('Vybráno: ' + cellLabel(x, y, cell) + '.');
      update();
      return;
    }
    if (!state.picked) return say('Nejdřív vyberte kartičku.');
    const name = TILES.get(state.picked).name;
    // The disputed move is laid anew: its old place neither anchors nor constrains it.
    const before = state.step;
    if (state.mode === 'tah') state.step = null;
    const touches = neighbours(x, y, true).some(Boolean);
    const rotations = touches ? fitting(state.picked, x, y) : [];
    state.step = before;
    if (!touches) return say('Kartička musí k plánu přiléhat hranou.');
    if (!rotations.length) return say('Kartička „' + name + '“ sem nepasuje v žádném otočení.');
    if (state.mode === 'tah' && TILES.get(state.picked).board_only) {
      return say('Kartička lícem dolů může jen ležet na plánu; sporný tah je kartička lícem nahoru.');
    }
    const placed = { tile: state.picked, x, y, rotation: rotations[0] };
    if (state.mode === 'tah') {
      state.step = { ...placed, meeple: null };
      asked = [];
    } else {
      state.board.push({ ...placed, meeples: [] });
    }
    state.selected = [x, y];
    const more = rotations.length > 1 ? ' Dalším klepnutím ji otočíte.' : ' Pasuje jen v tomto otočení.';
    say('Přiloženo: ' + cellLabel(x, y, cellAt(x, y)) + '.' + more);
    update();
  }

  function rotate(cell) {
    if (cell.faceDown) return say('Kartička lícem dolů se neotáčí.');
    const rotations = fitting(cell.tile, cell.x, cell.y);
    if (rotations.length < 2) {
      say('Kartička „' + TILES.get(cell.tile).name + '“ sem pasuje jen v tomto otočení.');
      return;
    }
    cell.rotation = rotations[(rotations.indexOf(cell.rotation) + 1) % rotations.length];
    say('Otočeno: ' + cellLabel(cell.x, cell.y, cell) + '.');
  }

  $('otocit').addEventListener('click', () => {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (cell && !cell.start) rotate(cell);
    update();
  });
  $('odebrat').addEventListener('click', () => {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (!cell || cell.start) return;
    if (cell === state.step) {
      state.step = null;
      asked = [];
    } else {
      const rest = state.board.filter((c) => c !== cell);
      if (!connected(rest)) return say('Tuto kartičku nelze odebrat: jiné kartičky by pak k plánu nepřiléhaly.');
      state.board = rest;
    }
    state.selected = null;
    say('Kartička odebrána.');
    update();
  });
  /** Ghosts at a figure: with the competitive Ghosts, on the board, never at a guard. */
  function showFigureGhosts(cell) {
    $('figurka-duchove-radek').hidden = !figureGhosts() || cell === state.step || $('figurka-druh').value === 'guard';
  }
  $('figurka-druh').addEventListener('change', () => {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (cell) showFigureGhosts(cell);
  });
  function standFigure(cell, spot) {
    const m = { spot, kind: $('figurka-druh').value };
    if (cell === state.step) {
      cell.meeple = m;
    } else {
      m.player = $('figurka-hrac').value;
      // Ghosts come to figures, never to guards.
      const ghosts = Number($('figurka-duchove').value);
      if (!$('figurka-duchove-radek').hidden && ghosts) m.ghosts = ghosts;
      if (!$('figurka-pes-radek').hidden && $('figurka-pes').checked) m.dog = true;
      cell.meeples = cell.meeples.filter((other) => other.spot !== m.spot).concat([m]);
    }
    say('Figurka postavena: ' + meepleLabel(cell, m, cell === state.step ? state.stepPlayer : m.player) + '.');
    update();
  }
  $('hledat-karticku').addEventListener('input', drawPicker);
  // Ctrl+Enter checks the situation from anywhere on the page (the builder's hint says so).
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    $('overit').click();
  });
  $('karticky').addEventListener('keydown', (event) => {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    const buttons = [...$('karticky').querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement);
    const next = buttons[at + (step || 0)];
    if (!step || at < 0 || !next) return;
    event.preventDefault();
    takeTabStop($('karticky'), next);
    next.focus();
  });
  $('nazev').addEventListener('input', () => {
    state.title = $('nazev').value;
    drawYaml();
  });
  $('hraci').addEventListener('change', () => {
    state.players = Number($('hraci').value);
    state.colours = null;
    const ok = players();
    for (const c of [...state.startCells, ...state.board]) c.meeples = c.meeples.filter((m) => ok.includes(m.player));
    if (!ok.includes(state.stepPlayer)) state.stepPlayer = 'red';
    for (const p of Object.keys(state.expect.score)) if (!ok.includes(p)) delete state.expect.score[p];
    // What belonged to a colour no longer in the game goes with it.
    for (const map of [state.counters, state.score, state.supply, state.gifts.hands, state.expect.counters || {}, state.expect.gifts || {}]) {
      for (const p of Object.keys(map)) if (!ok.includes(p)) delete map[p];
    }
    update();
  });
  $('figurka-hrac').addEventListener('change', () => {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (cell !== state.step) return;
    state.stepPlayer = $('figurka-hrac').value;
    update();
  });
  $('tah-hrac').addEventListener('change', () => {
    state.stepPlayer = $('tah-hrac').value;
    update();
  });
  $('konec').addEventListener('change', () => {
    state.end = $('konec').checked;
    drawYaml();
  });
  for (const radio of document.querySelectorAll('input[name="rezim"]')) {
    radio.addEventListener('change', () => {
      state.mode = radio.value;
      say(state.mode === 'tah'
        ? 'Teď přikládáte sporný tah: kartičku, o kterou jde.'
        : 'Teď přikládáte kartičky, které už na plánu leží.');
    });
  }
  $('licem-dolu').addEventListener('change', () => {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (!cell || cell.start || cell === state.step) return;
    if ($('licem-dolu').checked) {
      // Its back holds neither figures nor ghosts.
      Object.assign(cell, { faceDown: true, meeples: [], ghosts: 0 });
      say('Kartička leží lícem dolů: ' + cellLabel(cell.x, cell.y, cell) + '.');
    } else {
      cell.faceDown = false;
      const rotations = fitting(cell.tile, cell.x, cell.y);
      if (!rotations.length) {
        cell.faceDown = true;
        say('Kartička „' + TILES.get(cell.tile).name + '“ sem lícem nahoru nepasuje v žádném otočení.');
      } else {
        if (!rotations.includes(cell.rotation)) cell.rotation = rotations[0];
        say('Kartička leží lícem nahoru: ' + cellLabel(cell.x, cell.y, cell) + '.');
      }
    }
    update();
  });
  /** Adds `delta` ghosts to the selected tile (the start tile's count is the setup's). */
  function addGhosts(delta) {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (!cell || cell === state.step) return;
    if (cell.start) {
      state.startGhosts = Math.min(COOP.start_ghosts, Math.max(0, state.startGhosts + delta));
      say('Na startovní destičce: ' + count(state.startGhosts, 'duch') + '.');
    } else {
      cell.ghosts = Math.min(level().bank, Math.max(0, (cell.ghosts || 0) + delta));
      say('Na poli [' + cell.x + ', ' + cell.y + ']: ' + count(cell.ghosts, 'duch') + '.');
    }
    update();
  }
  $('duch-ubrat').addEventListener('click', () => addGhosts(-1));
  $('duch-pridat').addEventListener('click', () => addGhosts(1));
  $('darek').addEventListener('change', () => {
    const card = $('darek').value;
    if (!card) {
      state.gift = null;
      return update();
    }
    state.gift = { card };
    const first = giftTargets(card).options[0];
    setGiftTarget(state.gift, first ? first[0] : '');
    if (card === 'zmena-postoje') state.gift.to = firstOtherSpot(state.gift);
    // The card has to be in the hand of the player who opens it.
    const p = state.stepPlayer;
    const hand = state.gifts.hands[p] || [];
    if (!hand.includes(card) && copiesUsed(card) < CARD_COPIES) {
      state.gifts.hands[p] = hand.concat([card]);
      const who = COLOUR_CS[p];
      say(who[0].toUpperCase() + who.slice(1) + ' otevře dárek ' + CARD_CS[card] + '; stránka mu ho přidala mezi neotevřené dárky.');
    }
    update();
  });
  $('darek-cil').addEventListener('change', () => {
    setGiftTarget(state.gift, $('darek-cil').value);
    if (state.gift.card === 'zmena-postoje') state.gift.to = firstOtherSpot(state.gift);
    update();
  });
  $('darek-na').addEventListener('change', () => {
    state.gift.to = $('darek-na').value;
    drawYaml();
  });
  /** Změna postoje: the first spot of the figure's tile other than where it stands. */
  function firstOtherSpot(g) {
    const cell = g.at && cellAt(g.at[0], g.at[1]);
    if (!cell) return undefined;
    return TILES.get(cell.tile).spots.map((s) => turnSpot(s.on, cell.rotation)).find((on) => on !== g.on);
  }
  $('volba').addEventListener('change', () => {
    state.choose = $('volba').value ? [$('volba').value, ...state.choose.slice(1)] : [];
    drawYaml();
  });

  option($('hra'), D.base.id, D.base.title);
  if (COOP) {
    option($('hra'), COOP.id, COOP.title);
    for (const l of COOP.levels) option($('uroven'), String(l.number), String(l.number));
  } else {
    $('hra').disabled = true;
  }
  $('hra').addEventListener('change', () => {
    if (state.board.length || state.step || state.startCells.some((c) => c.meeples.length)) {
      $('hra').value = state.ruleset;
      return say('Na plánu leží kartičky nebo figurky; jinou hru zvolíte, až je odeberete.');
    }
    state.ruleset = $('hra').value;
    state.start = null;
    state.startCells = startCells(twoByTwo());
    state.expect = { score: {} };
    state.kept = { setup: {}, steps: [], expect: {} };
    state.picked = null;
    state.selected = null;
    say('Hra: ' + $('hra').selectedOptions[0].textContent + '.');
    update();
  });
  $('uroven').addEventListener('change', () => {
    const next = COOP.levels.find((l) => l.number === Number($('uroven').value));
    if (!next.castles_and_graveyards && [...state.board, state.step].some((c) => c && TILES.get(c.tile).castle_or_graveyard)) {
      $('uroven').value = String(state.level);
      return say('Na úrovni ' + next.number + ' nejsou zámky ani hřbitovy; nejdřív je z plánu odeberte.');
    }
    if (!next.dogs && state.board.some((c) => c.meeples.some((m) => m.dog === true))) {
      $('uroven').value = String(state.level);
      return say('Na úrovni ' + next.number + ' psi nejsou; nejdřív odeberte figurky, u kterých leží pes.');
    }
    state.level = next.number;
    for (const c of state.board) c.ghosts = Math.min(next.bank, c.ghosts || 0);
    state.stacks = state.stacks.slice(0, next.stacks);
    // Counters by colour belong to the level that has them.
    if (next.counters < 2) {
      state.counters = {};
      delete state.expect.counters;
    }
    update();
  });
  $('pocitadlo').addEventListener('change', () => {
    const n = Number.parseInt($('pocitadlo').value, 10);
    state.track = Number.isFinite(n) && n >= 0 ? n : null;
    drawYaml();
  });
  for (const e of D.expansions) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = e.id;
    box.addEventListener('change', () => {
      // The 2x2 start tile replaces the base game's: only on an empty board.
      const laid = state.board.length || state.step || state.startCells.some((c) => c.meeples.length);
      if (e.start_2x2 && laid) {
        box.checked = !box.checked;
        return say('Toto rozšíření se hraje se startovní destičkou 2×2; zapnete nebo vypnete ho, až z plánu odeberete kartičky a figurky.');
      }
      if (box.checked) {
        state.expansions.push(e.id);
      } else {
        const used = (c) => e.sets.includes(TILES.get(c.tile).set);
        const figures = (c) => (c === state.step ? (c.meeple ? [c.meeple] : []) : c.meeples).some((m) => e.kinds.includes(m.kind));
        const cells = [...state.startCells, ...state.board].concat(state.step ? [state.step] : []);
        if (cells.some((c) => used(c) || figures(c))) {
          box.checked = true;
          return say('Na plánu jsou kartičky nebo figurky z tohoto rozšíření; nejdřív je odeberte.');
        }
        state.expansions = state.expansions.filter((id) => id !== e.id);
      }
      if (e.start_2x2) {
        state.startCells = startKind() === 'none' ? [] : startCells(bigStart());
        state.selected = null;
        if (!figureGhosts()) {
          delete state.expect.ghosts;
          delete state.expect.bank;
          state.choose = [];
        }
      }
      update();
    });
    label.append(box, ' s rozšířením ' + e.title);
    const p = document.createElement('p');
    p.append(label);
    $('rozsireni').append(p);
  }

  // --- YAML out -----------------------------------------------------------------------
  function flowMeeple(cell, m, player) {
    const parts = ['on: ' + turnSpot(m.port || m.spot, cell.rotation)];
    if (player) parts.push('player: ' + player);
    if (m.kind !== 'normal') parts.push('kind: ' + m.kind);
    if (m.ghosts) parts.push('ghosts: ' + m.ghosts);
    if (m.dog !== undefined) parts.push('dog: ' + JSON.stringify(m.dog));
    const feature = TILES.get(cell.tile).spots.find((s) => s.on === m.spot).feature;
    parts.push('feature: ' + feature);
    return '{' + parts.join(', ') + '}';
  }

  function toYaml() {
    const out = [];
    // A JSON string is a valid YAML double-quoted scalar.
    out.push('title: ' + JSON.stringify(state.title.trim() || 'Sporná situace'));
    // What an opened scenario said about itself and the rulings it verifies, kept.
    if (state.description) out.push('description: ' + JSON.stringify(state.description));
    if (state.rulings.length) out.push('rulings: [' + state.rulings.map((r) => JSON.stringify(r)).join(', ') + ']');
    out.push('ruleset: ' + state.ruleset);
    if (coop()) {
      const setup = ['level: ' + state.level];
      // A level with a counter per colour takes no single number.
      if (state.track !== null && level().counters === 1) setup.push('track: ' + state.track);
      const counters = flowMap(state.counters);
      if (counterColours().length && counters !== '{}') setup.push('track: ' + counters);
      if (state.startGhosts !== COOP.start_ghosts) setup.push('start_ghosts: ' + state.startGhosts);
      if (stacksGiven().length) setup.push('stacks: [' + stacksGiven().join(', ') + ']');
      if (state.meeples !== null) setup.push('meeples: ' + state.meeples);
      out.push('setup: {' + setup.concat(keptEntries(state.kept.setup)).join(', ') + '}');
    } else {
      if (state.expansions.length) out.push('expansions: [' + state.expansions.join(', ') + ']');
      const setup = [];
      for (const key of ['score', 'supply']) if (Object.keys(state[key]).length) setup.push(key + ': ' + flowMap(state[key]));
      if (giftsInPlay()) {
        const cards = (list) => '[' + list.join(', ') + ']';
        const hands = players().filter((p) => (state.gifts.hands[p] || []).length);
        if (hands.length) setup.push('gifts: {' + hands.map((p) => p + ': ' + cards(state.gifts.hands[p])).join(', ') + '}');
        if (state.gifts.deck.length) setup.push('gift_deck: ' + cards(state.gifts.deck));
      }
      setup.push(...keptEntries(state.kept.setup));
      if (setup.length) out.push('setup: {' + setup.join(', ') + '}');
    }
    // Only the base game's start tile carries figures (then the scenario lays it itself).
    const start = bigStart() ? [] : state.startCells.filter((c) => c.meeples.length);
    out.push('start: ' + (start.length ? 'none' : startKind()));
    out.push('players: [' + players().join(', ') + ']');
    const board = start.concat(state.board);
    if (board.length) {
      out.push('board:');
      for (const c of board) {
        out.push('  - tile: ' + tileText(shown(c)), '    at: [' + c.x + ', ' + c.y + ']', '    rotation: ' + c.rotation);
        if (c.ghosts) out.push('    ghosts: ' + c.ghosts);
        if (c.meeples.length) out.push('    meeples: [' + c.meeples.map((m) => flowMeeple(c, m, m.player)).join(', ') + ']');
      }
    }
    const steps = [];
    if (state.step) {
      const s = state.step;
      steps.push('  - player: ' + state.stepPlayer, '    place: ' + tileText(TILES.get(s.tile)), '    at: [' + s.x + ', ' + s.y + ']', '    rotation: ' + s.rotation);
      steps.push('    meeple: ' + (s.meeple ? flowMeeple(s, s.meeple, null) : 'none'));
      if (state.gift && giftsInPlay()) steps.push('    gift: ' + flowGift(state.gift));
      if (state.choose.length) steps.push('    choose: [' + state.choose.map((a) => JSON.stringify(a)).join(', ') + ']');
    }
    steps.push(...state.kept.steps.map((step) => '  - ' + JSON.stringify(step)));
    if (state.end && !coop()) steps.push('  - end: game');
    // Every scenario lists its steps, none yet included (`carcref check` requires the key).
    out.push(...(steps.length ? ['steps:', ...steps] : ['steps: []']));
    const expect = [];
    if (coop()) {
      for (const key of ['track', 'ghosts', 'bank', 'outcome']) {
        if (state.expect[key] !== undefined) expect.push('  ' + key + ': ' + state.expect[key]);
      }
      if (state.expect.counters) expect.push('  counters: ' + flowMap(state.expect.counters));
    } else {
      const scores = flowMap(state.expect.score);
      if (scores !== '{}') expect.push('  score: ' + scores);
      for (const key of figureGhosts() ? ['ghosts', 'bank'] : []) {
        if (state.expect[key] !== undefined) expect.push('  ' + key + ': ' + state.expect[key]);
      }
      if (state.expect.gifts && giftsInPlay()) expect.push('  gifts: ' + flowMap(state.expect.gifts));
    }
    expect.push(...keptEntries(state.kept.expect).map((entry) => '  ' + entry));
    if (expect.length) out.push('expect:', ...expect);
    return out.join('\n') + '\n';
  }

  /** `{red: 3, blue: 0}` in the players' order. */
  function flowMap(byColour) {
    return '{' + players().filter((p) => byColour[p] !== undefined).map((p) => p + ': ' + byColour[p]).join(', ') + '}';
  }
  /** `{card: vyplaceni, at: [0, -1], on: N}`. */
  function flowGift(g) {
    const parts = ['card: ' + g.card];
    if (g.at) parts.push('at: [' + g.at[0] + ', ' + g.at[1] + ']');
    if (g.on) parts.push('on: ' + g.on);
    if (g.to) parts.push('to: ' + g.to);
    if (g.other) parts.push('other: ' + g.other);
    return '{' + parts.join(', ') + '}';
  }

  /** A catalog tile by its id, one the scenario drew itself by its description. */
  function tileText(tile) {
    return tile.inline ? JSON.stringify(tile.inline) : tile.id;
  }

  /** Kept scenario entries as YAML (a JSON value is valid YAML flow). */
  function keptEntries(map) {
    return Object.entries(map).map(([key, value]) => JSON.stringify(key) + ': ' + JSON.stringify(value));
  }

  $('stahnout').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([scenarioText()], { type: 'text/yaml;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'situace.yaml';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say('Scénář je stažený jako situace.yaml; ověří ho i příkaz carcref check situace.yaml.');
  });

  // --- YAML in: read by the engine's own YAML reader (the syntax the CLI accepts), laid out
  // here as far as the page can show it.
  /** Why a file cannot be opened, in Czech; any other error means a shape the page never writes. */
  class Refusal extends Error {}

  /** The page's state from a scenario; throws an Error with a Czech message. */
  function fromScenario(doc, drawn = {}) {
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new Refusal('scénář musí být mapa klíčů');
    const known = ['title', 'description', 'rulings', 'ruleset', 'expansions', 'setup', 'start', 'players', 'board', 'steps', 'expect'];
    for (const key of Object.keys(doc)) {
      if (!known.includes(key)) throw new Refusal('klíč „' + key + '“ stránka neumí zobrazit');
    }
    const isCoop = Boolean(COOP) && doc.ruleset === COOP.id;
    if (!isCoop && doc.ruleset !== D.base.id) throw new Refusal('takovou hru stránka nezná');
    const int = (n, what) => {
      if (!Number.isInteger(n) || n < 0) throw new Refusal(what + ' musí být celé číslo od 0');
      return n;
    };
    const expansions = isCoop ? [] : doc.expansions || [];
    if (!Array.isArray(expansions) || !expansions.every((id) => expansion(id)) || (isCoop && doc.expansions)) {
      throw new Refusal('takové rozšíření stránka nezná');
    }
    const big = isCoop || expansions.some((id) => expansion(id).start_2x2);
    const ghostsAtFigures = big && !isCoop;
    if (!['none', 'zakladni', 'duchove-2x2'].includes(doc.start)) {
      throw new Refusal('takovou startovní kartičku stránka nezná');
    }
    const list = doc.players || [];
    const persons = list.length;
    if (persons < 1 || list.some((p, i) => !COLOURS.includes(p) || list.indexOf(p) !== i)) {
      throw new Refusal('hráči musí být různé barvy z: ' + COLOURS.map((c) => COLOUR_CS[c]).join(', '));
    }
    const colours = list.every((p, i) => p === COLOURS[i]) ? null : list;
    let levelNumber = 1;
    let track = null;
    let counters = {};
    let perColour = false;
    let stacks = [];
    let meeples = null;
    const underway = { score: {}, supply: {} };
    const gifts = { hands: {}, deck: [] };
    const giftsOn = Boolean(GIFTS) && expansions.includes(GIFTS.id);
    // `{red: 3, blue: 0}`: whole numbers from 0 for players in the game.
    const isByColour = (map) => map && typeof map === 'object' && !Array.isArray(map) &&
      Object.entries(map).every(([p, n]) => list.includes(p) && Number.isInteger(n) && n >= 0);
    const isCardList = (cards) => Array.isArray(cards) && cards.every((c) => isNamed(CARD_CS, c));
    let startGhosts = COOP ? COOP.start_ghosts : 0;
    // What the grid does not show (a game under way, later moves, other expectations) is
    // kept as the scenario wrote it and written back after the grid's parts.
    const kept = { setup: {}, steps: [], expect: {} };
    const keep = (from, shown, into) => {
      for (const [key, value] of Object.entries(from || {})) if (!shown.includes(key)) into[key] = value;
    };
    if (isCoop) {
      const setup = doc.setup || {};
      keep(setup, ['level', 'track', 'start_ghosts', 'stacks', 'meeples'], kept.setup);
      if (!COOP.levels.some((l) => l.number === setup.level)) throw new Refusal('úroveň musí být 1 až ' + COOP.levels.length);
      levelNumber = setup.level;
      // A counter per colour (level 6) is a map by colour.
      const levelData = COOP.levels.find((l) => l.number === levelNumber);
      perColour = levelData.counters > 1;
      const tiles = setup.stacks;
      if (Array.isArray(tiles) && tiles.length <= levelData.stacks && tiles.every((n) => Number.isInteger(n) && n >= 0)) stacks = tiles.slice();
      else if (tiles !== undefined) kept.setup.stacks = tiles;
      if (Number.isInteger(setup.meeples) && setup.meeples >= 0) meeples = setup.meeples;
      else if (setup.meeples !== undefined) kept.setup.meeples = setup.meeples;
      if (Number.isInteger(setup.track) && setup.track >= 0 && !perColour) track = setup.track;
      else if (perColour && isByColour(setup.track)) counters = { ...setup.track };
      else if (setup.track !== undefined) kept.setup.track = setup.track;
      if (setup.start_ghosts !== undefined) startGhosts = Math.min(COOP.start_ghosts, int(setup.start_ghosts, 'počet duchů'));
    } else {
      const setup = doc.setup || {};
      keep(setup, ['gifts', 'gift_deck', 'score', 'supply'], kept.setup);
      for (const key of ['score', 'supply']) {
        if (isByColour(setup[key])) underway[key] = { ...setup[key] };
        else if (setup[key] !== undefined) kept.setup[key] = setup[key];
      }
      const hands = setup.gifts;
      const handsShown = giftsOn && hands && typeof hands === 'object' && !Array.isArray(hands) &&
        Object.entries(hands).every(([p, cards]) => list.includes(p) && isCardList(cards));
      if (handsShown) {
        for (const [p, cards] of Object.entries(hands)) if (cards.length) gifts.hands[p] = cards;
      } else if (hands !== undefined) {
        kept.setup.gifts = hands;
      }
      if (giftsOn && isCardList(setup.gift_deck)) gifts.deck = setup.gift_deck;
      else if (setup.gift_deck !== undefined) kept.setup.gift_deck = setup.gift_deck;
    }
    // A tile the scenario draws itself, as the engine read it (`board/2`, `steps/0`): laid
    // on the grid under an id of its own and written back as it was described.
    const drawnTile = (where, spec) => {
      const data = drawn[where];
      if (!data) throw new Refusal('kartičku popsanou ve scénáři stránka neumí ukázat');
      const id = 'ze-scenare-' + where.replace('/', '-');
      TILES.set(id, { ...data, id, set: '', inline: spec });
      return id;
    };
    const tileOf = (id) => {
      const tile = TILES.get(id);
      const ours = tile && (isCoop
        ? tile.board_only || tile.set === COOP.set
        : tile.set === D.base.id || expansions.some((e) => expansion(e).sets.includes(tile.set)));
      if (!ours) throw new Refusal('kartičku „' + id + '“ stránka v této hře nezná');
      return id;
    };
    const place = (entry) => {
      const at = entry.at;
      const rotation = entry.rotation === undefined ? 0 : entry.rotation;
      if (!Array.isArray(at) || at.length !== 2 || !at.every(Number.isInteger)) throw new Refusal('pole kartičky musí být [x, y]');
      if (![0, 90, 180, 270].includes(rotation)) throw new Refusal('otočení musí být 0, 90, 180 nebo 270');
      return { x: at[0], y: at[1], rotation };
    };
    const figure = (tile, rotation, m) => {
      if (!m || typeof m !== 'object' || Array.isArray(m)) throw new Refusal('figurka musí být {on: …}');
      // A figure sent to another tile (`at`) is not one the grid can stand.
      if (Object.keys(m).some((k) => !['on', 'player', 'kind', 'ghosts', 'feature', 'dog'].includes(k))) throw new Refusal('takovou figurku stránka neumí ukázat');
      // Any port of a feature names it (`NM` is `N`); the grid shows it on the feature's spot.
      const on = String(m.on).replace(/^([NESW])M$/, '$1');
      const local = on === 'center' ? 'center' : turnSpot(on, (360 - rotation) % 360);
      const spot = local === 'center' ? 'center' : TILES.get(tile).ports[local];
      const shown = TILES.get(tile).spots.find((s) => s.on === spot);
      if (!shown || (m.feature !== undefined && m.feature !== shown.feature)) {
        throw new Refusal('figurku ' + (isNamed(PLACE_CS, on) ? PLACE_CS[on] : '„' + m.on + '“') + ' stránka neumí ukázat');
      }
      const kind = m.kind || 'normal';
      const kinds = ['normal', ...expansions.flatMap((id) => expansion(id).kinds)];
      if (!kinds.includes(kind)) throw new Refusal('druh figurky „' + kind + '“ v této hře není');
      // The port as written is kept too: a kept step or answer may name the figure by it.
      const shownFigure = local === spot ? { spot, kind } : { spot, kind, port: local };
      // A dog beside a figure (level 3 on) is kept and named, not drawn.
      if (m.dog !== undefined) shownFigure.dog = m.dog;
      return shownFigure;
    };
    /** A step the move panel can show: a catalog tile placed with one figure or none and
     * at most an answer the panel offers; null for any other step, which is kept. */
    /** A gift the move panel can show: {card, at, on, to, other} of a card in play. */
    const giftOf = (g) => {
      const keys = ['card', 'at', 'on', 'to', 'other'];
      if (!giftsOn || !g || typeof g !== 'object' || Array.isArray(g) || !isNamed(CARD_CS, g.card)) return null;
      if (Object.keys(g).some((k) => !keys.includes(k))) return null;
      const gift = { card: g.card };
      if (g.at !== undefined) {
        const { x, y } = place(g);
        gift.at = [x, y];
      }
      for (const key of ['on', 'to']) {
        if (g[key] === undefined) continue;
        if (!isNamed(PLACE_CS, g[key])) return null;
        gift[key] = g[key];
      }
      if (g.other !== undefined) gift.other = tileOf(g.other);
      return gift;
    };
    const disputedMove = (s) => {
      const keys = ['place', 'at', 'rotation', 'meeple', 'player', 'choose', 'gift'];
      if (!s || typeof s !== 'object' || !s.place || Object.keys(s).some((k) => !keys.includes(k))) return null;
      try {
        const tile = typeof s.place === 'object' ? drawnTile('steps/0', s.place) : tileOf(s.place);
        if (TILES.get(tile).board_only) return null;
        const where = place(s);
        const player = s.player || list[0];
        if (!list.includes(player)) return null;
        const meeple = s.meeple === undefined || s.meeple === 'none' ? null : figure(tile, where.rotation, s.meeple);
        // Any answers: the engine offers its options for them once the move is checked.
        const answers = s.choose === undefined ? [] : s.choose;
        if (!Array.isArray(answers) || !answers.every((a) => typeof a === 'string')) return null;
        const gift = s.gift === undefined ? null : giftOf(s.gift);
        if (s.gift !== undefined && !gift) return null;
        return { step: { tile, ...where, meeple }, stepPlayer: player, choose: answers, gift };
      } catch (e) {
        if (e instanceof Refusal) return null;
        throw e;
      }
    };
    const board = (doc.board || []).map((entry, i) => {
      const tile = entry.tile && typeof entry.tile === 'object' ? drawnTile('board/' + i, entry.tile) : tileOf(entry.tile);
      const where = place(entry);
      const meeples = (entry.meeples || []).map((m) => {
        if (!list.includes(m.player)) throw new Refusal('figurka patří hráči, který nehraje');
        const placed = { ...figure(tile, where.rotation, m), player: m.player };
        if (m.ghosts !== undefined) {
          const n = int(m.ghosts, 'počet duchů');
          if (!ghostsAtFigures || placed.kind === 'guard' || n > MAX_FIGURE_GHOSTS) throw new Refusal('takový počet duchů u figurky stránka neumí ukázat');
          if (n) placed.ghosts = n;
        }
        return placed;
      });
      const ghosts = entry.ghosts === undefined ? 0 : int(entry.ghosts, 'počet duchů');
      if (ghosts && !(isCoop && TILES.get(tile).ghosts)) throw new Refusal('duchové na kartičce „' + TILES.get(tile).name + '“ stát nemohou');
      return { tile, ...where, meeples, ghosts };
    });
    // `start: none` is how the page writes figures on the base game's start tile: it lies
    // first, at [0, 0]. Any other board without a start tile is laid as it is.
    const first = board[0];
    const figuresOnStart = doc.start === 'none' && first && first.tile === D.start && first.x === 0 && first.y === 0 && first.rotation === 0;
    const startAs = figuresOnStart ? 'zakladni' : doc.start;
    const starts = startAs === 'none' ? [] : startCells(startAs === 'duchove-2x2');
    if (figuresOnStart) {
      board.shift();
      starts[0].meeples = first.meeples;
    }
    const start = startAs === (big ? 'duchove-2x2' : 'zakladni') ? null : startAs;
    let step = null;
    let stepPlayer = list[0];
    let choose = [];
    let gift = null;
    let end = false;
    const steps = Array.isArray(doc.steps) ? doc.steps : [];
    // The first move is the disputed one on the grid when the grid can show it; the other
    // steps are kept (a final scoring alone becomes the checkbox).
    const disputed = steps.length ? disputedMove(steps[0]) : null;
    if (disputed) ({ step, stepPlayer, choose, gift } = disputed);
    kept.steps = steps.slice(disputed ? 1 : 0);
    if (kept.steps.length === 1 && kept.steps[0].end === 'game' && Object.keys(kept.steps[0]).length === 1 && !isCoop) {
      end = true;
      kept.steps = [];
    }
    const expect = { score: {} };
    if (doc.expect) {
      const shown = isCoop ? ['track', 'ghosts', 'bank', 'outcome', 'counters'] : ghostsAtFigures ? ['score', 'ghosts', 'bank'] : ['score'];
      if (giftsOn) shown.push('gifts');
      keep(doc.expect, shown, kept.expect);
      const scores = doc.expect.score || {};
      if (!isCoop && Object.entries(scores).every(([p, n]) => list.includes(p) && Number.isInteger(n))) {
        Object.assign(expect.score, scores);
      } else if (doc.expect.score !== undefined) {
        kept.expect.score = doc.expect.score;
      }
      for (const key of ['track', 'ghosts', 'bank']) {
        if (!shown.includes(key) || doc.expect[key] === undefined) continue;
        if (Number.isInteger(doc.expect[key]) && doc.expect[key] >= 0) expect[key] = doc.expect[key];
        else kept.expect[key] = doc.expect[key];
      }
      // Level 6's counters and the players' unopened gifts, by colour.
      for (const key of ['counters', 'gifts']) {
        if (!shown.includes(key) || doc.expect[key] === undefined) continue;
        if (isByColour(doc.expect[key]) && (key !== 'counters' || perColour)) expect[key] = { ...doc.expect[key] };
        else kept.expect[key] = doc.expect[key];
      }
      if (isCoop && doc.expect.outcome !== undefined) {
        if (isNamed(OUTCOME_CS, doc.expect.outcome)) expect.outcome = doc.expect.outcome;
        else kept.expect.outcome = doc.expect.outcome;
      }
    }
    const rulings = doc.rulings === undefined ? [] : doc.rulings;
    if (!Array.isArray(rulings) || !rulings.every((r) => typeof r === 'string')) throw new Refusal('výklady musí být seznam');
    return {
      title: typeof doc.title === 'string' ? doc.title : 'Sporná situace',
      description: typeof doc.description === 'string' ? doc.description : '',
      rulings,
      ruleset: isCoop ? COOP.id : D.base.id,
      level: levelNumber, track, counters, startGhosts, gifts, gift, stacks, meeples, ...underway,
      expansions, players: persons, colours, startCells: starts, start, board, step, stepPlayer, choose, expect, end, kept,
    };
  }

  // --- A scenario as text: one the grid cannot lay out (more moves, a game under way,
  // counters, pieces the grid does not offer…) opens as its YAML; checking it draws its
  // board before and after, and the player edits the text and checks again.
  function showText(on) {
    textMode = on;
    for (const id of ['s-hra', 's-plan', 's-tah']) $(id).closest('section').hidden = on;
    $('jako-text').hidden = !on;
    $('yaml').closest('details').hidden = on;
  }
  function scenarioText() {
    return textMode ? $('text-scenare').value : toYaml();
  }
  // Everything of a scenario, kept parts included, is edited as text; back on the grid the
  // text is laid out again as far as the grid can show it.
  $('upravit-text').addEventListener('click', () => {
    $('text-scenare').value = toYaml();
    showText(true);
    say('Scénář je v textovém poli: upravte ho a ověřte, nebo ho tlačítkem Rozložit na plán vraťte na plán.');
    $('text-scenare').focus();
  });
  $('na-plan').addEventListener('click', () => {
    openText($('text-scenare').value, 'text ze stránky', 'Text');
  });
  $('nova').addEventListener('click', () => {
    showText(false);
    Object.assign(state, JSON.parse(FRESH));
    asked = [];
    history.replaceState(null, '', location.href.split('#')[0]);
    $('verdikt').textContent = '';
    update();
    say('Nová situace: vyberte kartičku a klepněte na pole vedle startovní kartičky.');
  });

  /** Lays out a scenario on the grid, or as text when the grid cannot show it, and checks
   * it; says what it opened, or why it cannot. */
  async function openText(text, what, whatCannot) {
    if (!engine) {
      say(whatCannot + ' nelze otevřít: ověřování se do stránky nenačetlo.');
      return;
    }
    const read = await engine.read(text);
    if (Array.isArray(read.errors)) {
      const first = read.errors[0];
      say(whatCannot + ' nelze otevřít: řádek ' + first.line + ', sloupec ' + first.column + ': ' + first.message + '.');
      return;
    }
    let laidOut = null;
    let why = 'nemá tvar, jaký plán umí ukázat';
    try {
      laidOut = fromScenario(read.doc, read.tiles);
    } catch (e) {
      if (e instanceof Refusal) why = e.message;
    }
    showText(!laidOut);
    if (laidOut) {
      Object.assign(state, laidOut, { selected: null, picked: null, mode: 'plan' });
      // A game under way shows what it was given.
      const given = [state.score, state.supply].some((m) => Object.keys(m).length) || state.stacks.length || state.meeples !== null;
      if (given) $('rozehrana').open = true;
      update();
      say('Otevřeno: ' + what + '.');
    } else {
      $('text-scenare').value = text;
      say('Otevřeno: ' + what + '. Tuto situaci stránka na plán rozložit neumí (' + why + '), upravíte ji proto jako text; plán před tahem a po něm ukáže ověření.');
    }
    await verify();
  }

  $('otevrit').addEventListener('change', async () => {
    const file = $('otevrit').files[0];
    if (!file) return;
    openText(await file.text(), file.name, 'Soubor ' + file.name);
    $('otevrit').value = '';
  });

  // --- Sdílet: the scenario's YAML, deflated, in the link's fragment (`#s=…`), which never
  // leaves the phone that opens it; the other phone lays the same board out of it.
  const SHARE = '#s=';
  async function squeeze(bytes, stream) {
    const out = await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer();
    return new Uint8Array(out);
  }
  async function shareLink() {
    const packed = await squeeze(new TextEncoder().encode(scenarioText()), new CompressionStream('deflate-raw'));
    let binary = '';
    for (const byte of packed) binary += String.fromCharCode(byte);
    const fragment = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return location.href.split('#')[0] + SHARE + fragment;
  }
  async function openShared() {
    if (!location.hash.startsWith(SHARE)) return;
    let text;
    try {
      const base64 = location.hash.slice(SHARE.length).replace(/-/g, '+').replace(/_/g, '/');
      const packed = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      text = new TextDecoder().decode(await squeeze(packed, new DecompressionStream('deflate-raw')));
    } catch (e) {
      say('Sdílený odkaz je poškozený (zkrácený nebo přepsaný); požádejte o něj znovu.');
      return;
    }
    // A share link, or "Upravit a ověřit" on a scenario or ruling page.
    openText(text, 'situace z odkazu', 'Situaci z odkazu');
  }
  $('sdilet').addEventListener('click', async () => {
    const link = await shareLink();
    history.replaceState(null, '', link);
    $('odkaz').value = link;
    $('odkaz').hidden = false;
    $('odkaz').select();
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch (e) {
      // No clipboard (file://, an older browser): the link stands selected in the field.
    }
    say(copied ? 'Odkaz na situaci je ve schránce.' : 'Odkaz na situaci je v poli pod tlačítky; zkopírujte ho.');
  });
  window.addEventListener('hashchange', openShared);
  openShared();

  // --- Ověřit -----------------------------------------------------------------------------
  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  }

  function eventItem(event) {
    const li = el('li', event.text);
    const game = D.sections[event.section];
    if (game) {
      // Each link named as players know it: the section's title, a ruling's source ID (or
      // its question when the source gives none), the question on hover.
      const a = el('a', 'pravidla: ' + (D.section_titles[event.section] || event.section));
      a.href = 'hry/' + encodeURIComponent(game) + '/index.html#' + encodeURIComponent(event.section);
      li.append(' [', a);
      for (const id of event.rulings || []) {
        const [reference, question] = D.rulings[id] || [id, ''];
        const r = el('a', 'výklad ' + reference);
        r.href = 'vyklady/' + encodeURIComponent(id) + '.html';
        if (question) r.title = question;
        li.append(', ', r);
      }
      li.append(']');
    }
    return li;
  }

  function showVerdict(json) {
    const box = $('verdikt');
    box.textContent = '';
    const passed = json.passed === true;
    // With nothing expected there is nothing to hold: say so rather than "platí".
    const expectations = json.expectations || [];
    const expected = expectations.length > 0;
    // A refused move nobody expected to be refused is the answer to the dispute, not a
    // failed check (the engine marks those with a hint for scenario authors).
    const refusedOnly = !passed && expectations.every((e) => e.held || e.hint);
    const headline = refusedOnly
      ? 'Verdikt: tah pravidla nedovolují'
      : !passed ? 'Verdikt: neplatí' : expected ? 'Verdikt: platí' : 'Verdikt: nic jste neočekávali';
    box.append(el('h3', headline, passed ? 'verdict-ok' : 'verdict-no'));
    if (refusedOnly) {
      for (const step of (json.steps || []).filter((s) => s.refused)) {
        box.append(el('p', 'Tah ' + step.number + ' nelze zahrát: ' + step.refused.text + '.'));
      }
    }
    if (passed && !expected) {
      box.append(el('p', 'Tah pravidla dovolují. Co má po něm platit (body, figurky, duchy), zadejte v části 3 (Sporný tah a očekávání) a ověřte znovu.'));
    }
    // In the players' colour order, as the CLI prints them (the JSON's keys are sorted).
    const scores = Object.entries(json.scores || {})
      .sort(([a], [b]) => COLOURS.indexOf(a) - COLOURS.indexOf(b))
      .map(([p, n]) => (COLOUR_CS[p] || p) + ' ' + points(n));
    if (scores.length) box.append(el('p', 'Stav: ' + scores.join(', ')));
    // The cooperative game has no players' scores but the team's track and the ghosts.
    const m = json.mists;
    if (m && Number.isInteger(m.track) && Number.isInteger(m.ghosts_on_board) && Number.isInteger(m.bank)) {
      box.append(el('p', 'Stav: počítadlo týmu ' + points(m.track) + '; na plánu ' + count(m.ghosts_on_board, 'duch') +
        ', v banku ' + count(m.bank, 'duch') + (OUTCOME_CS[m.outcome] ? '; ' + OUTCOME_CS[m.outcome] : '') + '.'));
    }
    // The player's own expectations (the refusal is said above).
    const own = expectations.filter((e) => !(refusedOnly && e.hint));
    if (own.length) {
      const ul = el('ul');
      for (const e of own) ul.append(el('li', (e.held ? '✔ ' : '✘ ') + e.what + ' (skutečnost: ' + e.actual + ')'));
      box.append(el('h4', 'Očekávání'), ul);
    }
    const ol = el('ol', undefined, 'verdict-steps');
    for (const step of json.steps || []) {
      const li = el('li');
      li.append(el('strong', step.action));
      const ul = el('ul');
      for (const e of step.events || []) ul.append(eventItem(e));
      if (step.refused) {
        const refused = eventItem(step.refused);
        refused.prepend('nelze: ');
        ul.append(refused);
      }
      li.append(ul);
      ol.append(li);
    }
    box.append(el('h4', 'Průběh'), ol);
    for (const [key, title] of [['before', 'Plán před tahem'], ['after', 'Plán po tahu']]) {
      const svg = json.svg && json.svg[key];
      if (typeof svg !== 'string') continue;
      const figure = el('figure', undefined, 'verdict-board');
      const img = el('img');
      img.alt = title;
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
      figure.append(img, el('figcaption', title));
      box.append(figure);
    }
  }

  if (engine) engine.prepare().catch(() => {});
  async function verify() {
    const box = $('verdikt');
    box.textContent = '';
    if (!textMode && !state.step && !state.kept.steps.length && !state.end) {
      box.append(el('p', 'Nejdřív přiložte sporný tah: zvolte nahoře „sporný tah“ a klepněte na pole.'));
      return;
    }
    if (!engine) {
      box.append(el('p', 'Ověřování se do stránky nenačetlo. Stáhněte scénář tlačítkem Stáhnout YAML a ověřte ho příkazem carcref check situace.yaml.'));
      return;
    }
    box.append(el('p', 'Ověřuji…'));
    let json;
    try {
      json = await engine.check(scenarioText());
    } catch (error) {
      box.textContent = '';
      box.append(el('p', 'Ověřování situaci nedokázalo přehrát (' + (error && error.message || error) + '). Stažený scénář ověří příkaz carcref check situace.yaml.'));
      return;
    }
    box.textContent = '';
    if (Array.isArray(json.errors)) {
      box.append(el('p', 'Scénář nejde přehrát:'));
      const ul = el('ul');
      for (const e of json.errors) ul.append(el('li', 'řádek ' + e.line + ', sloupec ' + e.column + ': ' + e.message));
      box.append(ul);
      return;
    }
    asked = !textMode && state.step && json.steps[0] ? json.steps[0].decisions : [];
    drawStep();
    showVerdict(json);
  }
  $('overit').addEventListener('click', verify);

  update();
})();
