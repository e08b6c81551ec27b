// The situation builder (situace.html): tiles laid by taps, figures, the disputed move and
// expected scores, kept in `state`; from it the page writes a scenario in the YAML that
// `carcref check` reads (SCENARIOS.md), downloads it, opens one it wrote before, and, when
// served by `carcref serve`, has the engine check it (`POST /api/check`). Tile data comes
// from assets/situace-data.js (src/site/situace.rs). Text goes in with textContent only.
(function () {
  'use strict';
  const D = window.CARCREF_SITUACE;
  const $ = (id) => document.getElementById(id);
  const COLOURS = ['red', 'blue', 'green', 'yellow', 'black'];
  const COLOUR_CS = { red: 'červený', blue: 'modrý', green: 'zelený', yellow: 'žlutý', black: 'černý' };
  const KIND_CS = { normal: 'družiník', big: 'velký družiník' };
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

  const state = {
    title: 'Sporná situace',
    expansions: [],
    players: 2,
    // The start tile at [0, 0]; figures on it make the scenario lay it itself (`start: none`).
    startCell: { tile: D.start, x: 0, y: 0, rotation: 0, start: true, meeples: [] },
    board: [], // {tile, x, y, rotation, meeples: [{spot, player, kind}]}; spot at rotation 0
    step: null, // {tile, x, y, rotation, meeple: {spot, kind} | null}
    stepPlayer: 'red',
    expect: {},
    end: false,
    mode: 'plan',
    picked: null,
    selected: null, // [x, y]
  };

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
    return COLOURS.slice(0, state.players);
  }
  function inPlay(tile) {
    return tile.set === D.base.id || state.expansions.some((id) => expansion(id).sets.includes(tile.set));
  }
  function expansion(id) {
    return D.expansions.find((e) => e.id === id);
  }
  function kinds() {
    const out = ['normal'];
    for (const id of state.expansions) for (const k of expansion(id).kinds) out.push(k);
    return out;
  }
  /** What lies on a cell: the start tile, a board tile or the disputed move's tile. */
  function cellAt(x, y) {
    if (x === 0 && y === 0) return state.startCell;
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
        const theirs = n && edgesAt(TILES.get(n.tile), n.rotation)[(s + 2) % 4];
        return !n || theirs === 'X' || edges[s] === 'X' || theirs === edges[s];
      });
    });
  }
  /** Whether every board tile still touches the start tile through board tiles. */
  function connected(board) {
    const key = (x, y) => x + ',' + y;
    const cells = new Set(board.map((c) => key(c.x, c.y)));
    const seen = new Set([key(0, 0)]);
    const queue = [[0, 0]];
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
  function spotLabel(tile, spot, rotation) {
    const feature = (TILES.get(tile).spots.find((s) => s.on === spot) || {}).feature;
    return (FEATURE_CS[feature] || '') + ' ' + PLACE_CS[turnSpot(spot, rotation)];
  }
  function meepleLabel(cell, m, player) {
    return COLOUR_CS[player] + ' ' + KIND_CS[m.kind] + ' – ' + spotLabel(cell.tile, m.spot, cell.rotation);
  }
  function cellLabel(x, y, cell) {
    const where = 'pole [' + x + ', ' + y + ']';
    if (!cell) return where + ', prázdné';
    let text = where + ', ' + TILES.get(cell.tile).name + ', otočení ' + cell.rotation + '°';
    if (cell.start) text += ', startovní kartička';
    if (cell === state.step) {
      text += ', sporný tah';
      if (cell.meeple) text += ', ' + meepleLabel(cell, cell.meeple, state.stepPlayer);
    } else {
      for (const m of cell.meeples) text += ', ' + meepleLabel(cell, m, m.player);
    }
    return text;
  }
  function say(text) {
    $('hlaseni').textContent = text;
  }

  // --- drawing ----------------------------------------------------------------------
  function picture(tileId) {
    const img = document.createElement('img');
    img.alt = '';
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(TILES.get(tileId).svg);
    return img;
  }
  function dot(spot, rotation, player) {
    const span = document.createElement('span');
    const [left, top] = DOT[turnSpot(spot, rotation)];
    span.className = 'builder-meeple builder-' + player;
    span.style.left = left + '%';
    span.style.top = top + '%';
    return span;
  }

  function drawPicker() {
    const box = $('karticky');
    box.textContent = '';
    for (const tile of D.tiles) {
      if (!inPlay(tile)) continue;
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.tile = tile.id;
      button.setAttribute('aria-pressed', String(state.picked === tile.id));
      button.append(picture(tile.id));
      const name = document.createElement('span');
      name.textContent = tile.name;
      button.append(name);
      button.addEventListener('click', () => {
        state.picked = tile.id;
        say('Vybraná kartička: ' + tile.name + '. Klepněte na prázdné pole vedle plánu.');
        drawPicker();
      });
      box.append(button);
    }
  }

  function drawBoard() {
    const cells = [[0, 0], ...state.board.map((c) => [c.x, c.y])];
    if (state.step) cells.push([state.step.x, state.step.y]);
    const xs = cells.map((c) => c[0]);
    const ys = cells.map((c) => c[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs) - 1, Math.max(...xs) + 1, Math.min(...ys) - 1, Math.max(...ys) + 1];
    const board = $('plan');
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.cell : null;
    board.textContent = '';
    board.style.setProperty('--cols', String(x1 - x0 + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = cellAt(x, y);
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'builder-cell';
        button.dataset.cell = x + ',' + y;
        button.setAttribute('aria-label', cellLabel(x, y, cell));
        if (state.selected && state.selected[0] === x && state.selected[1] === y) button.setAttribute('aria-pressed', 'true');
        if (cell) {
          const img = picture(cell.tile);
          img.style.transform = 'rotate(' + cell.rotation + 'deg)';
          button.append(img);
          if (cell === state.step) {
            button.classList.add('builder-step');
            if (cell.meeple) button.append(dot(cell.meeple.spot, cell.rotation, state.stepPlayer));
          } else {
            for (const m of cell.meeples) button.append(dot(m.spot, cell.rotation, m.player));
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
    const name = TILES.get(cell.tile).name;
    $('vybrana-nazev').textContent =
      (cell === state.step ? 'Sporný tah: ' : '') + name + ' na poli [' + cell.x + ', ' + cell.y + '], otočení ' + cell.rotation + '°';
    $('otocit').hidden = cell.start;
    $('odebrat').hidden = cell.start;
    // A tile face down holds nothing a figure could stand on.
    $('postavit').parentElement.hidden = !TILES.get(cell.tile).spots.length;
    const who = $('figurka-hrac');
    who.textContent = '';
    if (cell === state.step) option(who, state.stepPlayer, COLOUR_CS[state.stepPlayer]);
    else for (const p of players()) option(who, p, COLOUR_CS[p]);
    const kind = $('figurka-druh');
    kind.textContent = '';
    for (const k of kinds()) option(kind, k, KIND_CS[k]);
    const spot = $('figurka-misto');
    spot.textContent = '';
    for (const s of TILES.get(cell.tile).spots) option(spot, s.on, spotLabel(cell.tile, s.on, cell.rotation));
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
    const box = $('ocekavani');
    box.textContent = '';
    for (const p of players()) {
      const label = document.createElement('label');
      label.htmlFor = 'body-' + p;
      label.textContent = 'Body celkem – ' + COLOUR_CS[p];
      const input = document.createElement('input');
      input.type = 'number';
      input.min = '0';
      input.id = 'body-' + p;
      input.inputMode = 'numeric';
      input.value = state.expect[p] === undefined ? '' : String(state.expect[p]);
      input.addEventListener('change', () => {
        const n = Number.parseInt(input.value, 10);
        if (Number.isFinite(n) && n >= 0) state.expect[p] = n;
        else delete state.expect[p];
        drawYaml();
      });
      const p2 = document.createElement('p');
      p2.append(label, ' ', input);
      box.append(p2);
    }
    $('konec').checked = state.end;
  }

  function drawYaml() {
    $('yaml').textContent = toYaml();
  }

  function update() {
    $('nazev').value = state.title;
    $('hraci').value = String(state.players);
    for (const box of document.querySelectorAll('#rozsireni input')) box.checked = state.expansions.includes(box.value);
    for (const radio of document.querySelectorAll('input[name="rezim"]')) radio.checked = radio.value === state.mode;
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
    } else {
      state.board.push({ ...placed, meeples: [] });
    }
    state.selected = [x, y];
    const more = rotations.length > 1 ? ' Dalším klepnutím ji otočíte.' : ' Pasuje jen v tomto otočení.';
    say('Přiloženo: ' + cellLabel(x, y, cellAt(x, y)) + '.' + more);
    update();
  }

  function rotate(cell) {
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
    } else {
      const rest = state.board.filter((c) => c !== cell);
      if (!connected(rest)) return say('Tuto kartičku nelze odebrat: jiné kartičky by pak k plánu nepřiléhaly.');
      state.board = rest;
    }
    state.selected = null;
    say('Kartička odebrána.');
    update();
  });
  $('postavit').addEventListener('click', () => {
    const cell = state.selected && cellAt(state.selected[0], state.selected[1]);
    if (!cell) return;
    const m = { spot: $('figurka-misto').value, kind: $('figurka-druh').value };
    if (cell === state.step) {
      cell.meeple = m;
    } else {
      m.player = $('figurka-hrac').value;
      cell.meeples = cell.meeples.filter((other) => other.spot !== m.spot).concat([m]);
    }
    say('Figurka postavena: ' + meepleLabel(cell, m, cell === state.step ? state.stepPlayer : m.player) + '.');
    update();
  });
  $('nazev').addEventListener('input', () => {
    state.title = $('nazev').value;
    drawYaml();
  });
  $('hraci').addEventListener('change', () => {
    state.players = Number($('hraci').value);
    const ok = players();
    for (const c of [state.startCell, ...state.board]) c.meeples = c.meeples.filter((m) => ok.includes(m.player));
    if (!ok.includes(state.stepPlayer)) state.stepPlayer = 'red';
    for (const p of Object.keys(state.expect)) if (!ok.includes(p)) delete state.expect[p];
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
  $('hra-nazev').textContent = D.base.title;
  for (const e of D.expansions) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = e.id;
    box.addEventListener('change', () => {
      if (box.checked) {
        state.expansions.push(e.id);
      } else {
        const used = (c) => e.sets.includes(TILES.get(c.tile).set);
        const figures = (c) => (c === state.step ? (c.meeple ? [c.meeple] : []) : c.meeples).some((m) => e.kinds.includes(m.kind));
        const cells = [state.startCell, ...state.board].concat(state.step ? [state.step] : []);
        if (cells.some((c) => used(c) || figures(c))) {
          box.checked = true;
          return say('Na plánu jsou kartičky nebo figurky z tohoto rozšíření; nejdřív je odeberte.');
        }
        state.expansions = state.expansions.filter((id) => id !== e.id);
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
    const parts = ['on: ' + turnSpot(m.spot, cell.rotation)];
    if (player) parts.push('player: ' + player);
    if (m.kind !== 'normal') parts.push('kind: ' + m.kind);
    const feature = TILES.get(cell.tile).spots.find((s) => s.on === m.spot).feature;
    parts.push('feature: ' + feature);
    return '{' + parts.join(', ') + '}';
  }

  function toYaml() {
    const out = [];
    // A JSON string is a valid YAML double-quoted scalar.
    out.push('title: ' + JSON.stringify(state.title.trim() || 'Sporná situace'));
    out.push('ruleset: ' + D.base.id);
    if (state.expansions.length) out.push('expansions: [' + state.expansions.join(', ') + ']');
    const start = state.startCell;
    out.push('start: ' + (start.meeples.length ? 'none' : 'zakladni'));
    out.push('players: [' + players().join(', ') + ']');
    const board = (start.meeples.length ? [start] : []).concat(state.board);
    if (board.length) {
      out.push('board:');
      for (const c of board) {
        out.push('  - tile: ' + c.tile, '    at: [' + c.x + ', ' + c.y + ']', '    rotation: ' + c.rotation);
        if (c.meeples.length) out.push('    meeples: [' + c.meeples.map((m) => flowMeeple(c, m, m.player)).join(', ') + ']');
      }
    }
    const steps = [];
    if (state.step) {
      const s = state.step;
      steps.push('  - player: ' + state.stepPlayer, '    place: ' + s.tile, '    at: [' + s.x + ', ' + s.y + ']', '    rotation: ' + s.rotation);
      steps.push('    meeple: ' + (s.meeple ? flowMeeple(s, s.meeple, null) : 'none'));
    }
    if (state.end) steps.push('  - end: game');
    if (steps.length) out.push('steps:', ...steps);
    const scores = players().filter((p) => state.expect[p] !== undefined);
    if (scores.length) {
      out.push('expect:', '  score: {' + scores.map((p) => p + ': ' + state.expect[p]).join(', ') + '}');
    }
    return out.join('\n') + '\n';
  }

  $('stahnout').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([toYaml()], { type: 'text/yaml;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'situace.yaml';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say('Scénář je stažený jako situace.yaml; ověří ho i příkaz carcref check situace.yaml.');
  });

  // --- YAML in: only the subset this page writes -----------------------------------------
  /** Why a file cannot be opened, in Czech; any other error means a shape the page never writes. */
  class Refusal extends Error {}

  // Block maps and lists by indentation, flow [..] and {..} of plain or double-quoted
  // scalars, no anchors, tags or multi-line strings. Anything else is refused in Czech.
  function readYaml(text) {
    const lines = [];
    text.split(/\r?\n/).forEach((raw, i) => {
      const line = stripComment(raw);
      if (line.trim()) lines.push({ indent: line.length - line.trimStart().length, text: line.trim(), no: i + 1 });
    });
    let at = 0;
    function fail(line, what) {
      throw new Refusal('řádek ' + line.no + ': ' + what);
    }
    function block(indent) {
      return lines[at].text.startsWith('-') ? list(indent) : map(indent);
    }
    function map(indent) {
      const out = {};
      while (at < lines.length && lines[at].indent === indent && !lines[at].text.startsWith('- ')) {
        const line = lines[at];
        const m = line.text.match(/^([A-Za-z_][\w-]*):(?:\s+(.*))?$/);
        if (!m) fail(line, 'má tu být „klíč: hodnota“');
        at++;
        if (m[2] !== undefined) out[m[1]] = flow(m[2], line);
        else if (at < lines.length && lines[at].indent > indent) out[m[1]] = block(lines[at].indent);
        else out[m[1]] = null;
      }
      if (at < lines.length && lines[at].indent > indent) fail(lines[at], 'nečekané odsazení');
      return out;
    }
    function list(indent) {
      const out = [];
      while (at < lines.length && lines[at].indent === indent && lines[at].text.startsWith('- ')) {
        const line = lines[at];
        const rest = line.text.slice(2).trim();
        if (/^[A-Za-z_][\w-]*:(\s|$)/.test(rest)) {
          lines[at] = { indent: indent + 2, text: rest, no: line.no };
          out.push(map(indent + 2));
        } else {
          at++;
          out.push(flow(rest, line));
        }
      }
      return out;
    }
    function flow(text, line) {
      let i = 0;
      const ws = () => { while (text[i] === ' ') i++; };
      function value(inFlow) {
        ws();
        if (text[i] === '[') {
          i++;
          const items = [];
          ws();
          if (text[i] === ']') { i++; return items; }
          for (;;) {
            items.push(value(true));
            ws();
            if (text[i] === ',') { i++; continue; }
            if (text[i] === ']') { i++; return items; }
            fail(line, 'neuzavřený seznam [ ]');
          }
        }
        if (text[i] === '{') {
          i++;
          const obj = {};
          ws();
          if (text[i] === '}') { i++; return obj; }
          for (;;) {
            ws();
            const key = text.slice(i).match(/^([A-Za-z_][\w-]*):\s*/);
            if (!key) fail(line, 'má tu být „klíč: hodnota“');
            i += key[0].length;
            obj[key[1]] = value(true);
            ws();
            if (text[i] === ',') { i++; continue; }
            if (text[i] === '}') { i++; return obj; }
            fail(line, 'neuzavřené mapování { }');
          }
        }
        if (text[i] === '"') {
          let j = i + 1;
          while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
          try {
            const s = JSON.parse(text.slice(i, j + 1));
            i = j + 1;
            return s;
          } catch (e) {
            fail(line, 'chybný text v uvozovkách');
          }
        }
        const stop = inFlow ? /[,\]}]/ : /$^/;
        let j = i;
        while (j < text.length && !stop.test(text[j])) j++;
        const word = text.slice(i, j).trim();
        i = j;
        if (/^[>|]/.test(word) || word.startsWith("'") || word.startsWith('&') || word.startsWith('*') || word.startsWith('!')) {
          fail(line, 'tento zápis stránka nezná (umí jen to, co sama ukládá)');
        }
        return /^-?\d+$/.test(word) ? Number(word) : word;
      }
      const v = value(false);
      ws();
      if (i < text.length) fail(line, 'nečekaný text za hodnotou');
      return v;
    }
    if (!lines.length) throw new Refusal('soubor je prázdný');
    if (lines[0].indent !== 0) fail(lines[0], 'nečekané odsazení');
    const doc = map(0);
    if (at < lines.length) fail(lines[at], 'nečekaný řádek');
    return doc;
  }

  function stripComment(line) {
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"' && line[i - 1] !== '\\') quoted = !quoted;
      if (!quoted && line[i] === '#' && (i === 0 || line[i - 1] === ' ')) return line.slice(0, i);
    }
    return line;
  }

  /** The page's state from a scenario it wrote; throws an Error with a Czech message. */
  function fromScenario(doc) {
    const known = ['title', 'ruleset', 'expansions', 'start', 'players', 'board', 'steps', 'expect'];
    for (const key of Object.keys(doc)) {
      if (!known.includes(key)) throw new Refusal('klíč „' + key + '“ stránka neumí zobrazit');
    }
    if (doc.ruleset !== D.base.id || !['zakladni', 'none'].includes(doc.start)) {
      throw new Refusal('stránka zatím umí jen základní hru se startovní kartičkou');
    }
    const expansions = doc.expansions || [];
    if (!Array.isArray(expansions) || !expansions.every((id) => expansion(id))) {
      throw new Refusal('takové rozšíření stránka nezná');
    }
    const list = doc.players || [];
    const count = list.length;
    if (count < 2 || count > COLOURS.length || list.some((p, i) => p !== COLOURS[i])) {
      throw new Refusal('hráči musí být v pořadí červený, modrý, zelený, žlutý, černý');
    }
    const tileOf = (id) => {
      const tile = TILES.get(id);
      if (!tile || !(tile.set === D.base.id || expansions.some((e) => expansion(e).sets.includes(tile.set)))) {
        throw new Refusal('kartičku „' + id + '“ stránka v této hře nezná');
      }
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
      if (!m || typeof m !== 'object') throw new Refusal('figurka musí být {on: …}');
      const spot = m.on === 'center' ? 'center' : turnSpot(String(m.on), (360 - rotation) % 360);
      if (!TILES.get(tile).spots.some((s) => s.on === spot)) throw new Refusal('místo figurky „' + m.on + '“ stránka neumí ukázat');
      const kind = m.kind || 'normal';
      if (!KIND_CS[kind]) throw new Refusal('druh figurky „' + kind + '“ stránka nezná');
      return { spot, kind };
    };
    const board = (doc.board || []).map((entry) => {
      const tile = tileOf(entry.tile);
      const where = place(entry);
      const meeples = (entry.meeples || []).map((m) => {
        if (!list.includes(m.player)) throw new Refusal('figurka patří hráči, který nehraje');
        return { ...figure(tile, where.rotation, m), player: m.player };
      });
      return { tile, ...where, meeples };
    });
    // `start: none` is how the page writes figures on the start tile: it lies first, at [0, 0].
    const startCell = { tile: D.start, x: 0, y: 0, rotation: 0, start: true, meeples: [] };
    if (doc.start === 'none') {
      const first = board.shift();
      if (!first || first.tile !== D.start || first.x !== 0 || first.y !== 0 || first.rotation !== 0) {
        throw new Refusal('bez startovní kartičky na poli [0, 0] stránka plán neumí ukázat');
      }
      startCell.meeples = first.meeples;
    }
    let step = null;
    let stepPlayer = 'red';
    let end = false;
    for (const s of doc.steps || []) {
      if (s.end === 'game' && Object.keys(s).length === 1) {
        end = true;
      } else if (s.place && !step) {
        const tile = tileOf(s.place);
        if (TILES.get(tile).board_only) throw new Refusal('sporný tah nemůže být kartička lícem dolů');
        const where = place(s);
        stepPlayer = s.player || list[0];
        if (!list.includes(stepPlayer)) throw new Refusal('na tahu je hráč, který nehraje');
        const meeple = s.meeple === undefined || s.meeple === 'none' ? null : figure(tile, where.rotation, s.meeple);
        step = { tile, ...where, meeple };
      } else {
        throw new Refusal('stránka umí jen jeden sporný tah a závěrečné hodnocení');
      }
    }
    const expect = {};
    if (doc.expect) {
      const keys = Object.keys(doc.expect);
      if (keys.some((k) => k !== 'score')) throw new Refusal('z očekávání stránka umí jen skóre');
      for (const [p, n] of Object.entries(doc.expect.score || {})) {
        if (!list.includes(p) || !Number.isInteger(n)) throw new Refusal('skóre musí být celé číslo hráče, který hraje');
        expect[p] = n;
      }
    }
    return {
      title: typeof doc.title === 'string' ? doc.title : 'Sporná situace',
      expansions, players: count, startCell, board, step, stepPlayer, expect, end,
    };
  }

  $('otevrit').addEventListener('change', async () => {
    const file = $('otevrit').files[0];
    if (!file) return;
    try {
      Object.assign(state, fromScenario(readYaml(await file.text())), { selected: null, picked: null, mode: 'plan' });
      say('Otevřeno: ' + file.name + '.');
      update();
    } catch (e) {
      const why = e instanceof Refusal ? e.message : 'soubor nemá tvar, jaký stránka ukládá';
      say('Soubor ' + file.name + ' nelze otevřít: ' + why + '. Stránka otevře jen scénáře, které sama uložila.');
    }
    $('otevrit').value = '';
  });

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
      const a = el('a', 'pravidla');
      a.href = 'hry/' + encodeURIComponent(game) + '/index.html#' + encodeURIComponent(event.section);
      li.append(' [', a);
      (event.rulings || []).forEach((id, i) => {
        const r = el('a', event.rulings.length > 1 ? 'výklad ' + (i + 1) : 'výklad');
        r.href = 'vyklady/' + encodeURIComponent(id) + '.html';
        li.append(', ', r);
      });
      li.append(']');
    }
    return li;
  }

  function showVerdict(json) {
    const box = $('verdikt');
    box.textContent = '';
    const passed = json.passed === true;
    box.append(el('h3', passed ? 'Verdikt: platí' : 'Verdikt: neplatí', passed ? 'verdict-ok' : 'verdict-no'));
    const scores = Object.entries(json.scores || {}).map(([p, n]) => (COLOUR_CS[p] || p) + ' ' + n + ' b.');
    if (scores.length) box.append(el('p', 'Stav: ' + scores.join(', ')));
    if ((json.expectations || []).length) {
      const ul = el('ul');
      for (const e of json.expectations) ul.append(el('li', (e.held ? '✔ ' : '✘ ') + e.what + ' (skutečnost: ' + e.actual + ')'));
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

  $('overit').addEventListener('click', async () => {
    const box = $('verdikt');
    box.textContent = '';
    if (location.protocol !== 'http:' && location.protocol !== 'https:') {
      box.append(el('p', 'Ověření potřebuje engine: spusťte carcref serve a otevřete tuto stránku na adrese, kterou vypíše. ' +
        'Bez něj stáhněte scénář tlačítkem Stáhnout YAML a ověřte ho příkazem carcref check situace.yaml.'));
      return;
    }
    if (!state.step) {
      box.append(el('p', 'Nejdřív přiložte sporný tah: zvolte nahoře „sporný tah“ a klepněte na pole.'));
      return;
    }
    box.append(el('p', 'Ověřuji…'));
    try {
      const response = await fetch('/api/check', {
        method: 'POST',
        headers: { 'Content-Type': 'application/yaml' },
        body: toYaml(),
      });
      const json = await response.json().catch(() => null);
      box.textContent = '';
      if (response.ok && json) return showVerdict(json);
      if (response.status === 400 && json && Array.isArray(json.errors)) {
        box.append(el('p', 'Scénář nejde přehrát:'));
        const ul = el('ul');
        for (const e of json.errors) ul.append(el('li', 'řádek ' + e.line + ', sloupec ' + e.column + ': ' + e.message));
        box.append(ul);
        return;
      }
      box.append(el('p', 'Ověření se nepodařilo (odpověď serveru ' + response.status + '). Stažený scénář ověří příkaz carcref check situace.yaml.'));
    } catch (e) {
      box.textContent = '';
      box.append(el('p', 'Server neodpovídá. Ověřování umí jen carcref serve; stažený scénář ověří příkaz carcref check situace.yaml.'));
    }
  });

  update();
})();
