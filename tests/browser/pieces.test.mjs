// The pieces of every game laid by taps in the situation builder (situace.html) at 390 px, in
// real Chromium: a dog beside a figure (the cooperative game from level 3), level 6's counters
// per colour, the Gifts cards in the players' hands, on the gift deck and opened in the
// disputed move, a game under way (scores and supplies; stacks and figures per colour), and
// the team's decisions as the engine asks them (a colour for level 6's points, two answers in
// one move, a cemetery for the ghost). Each built situation is written out as YAML that
// `carcref check` (CARCREF_BIN) decides "platí", decided the same in the page from file://,
// and opened again to the same text.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { launch, watchedPage, fileUrl, openInBuilder, PHONE } from './chromium.mjs';
import { ROAD_DISPUTE, teamRoad } from './disputes.mjs';

const SITE = process.env.CARCREF_SITE;
const BIN = process.env.CARCREF_BIN;
let phone;
let temp;

before(async () => {
  assert.ok(SITE && BIN, 'CARCREF_SITE and CARCREF_BIN must be set');
  temp = fs.mkdtempSync(path.join(os.tmpdir(), 'carcref-pieces-'));
  phone = await launch({ acceptDownloads: true, ...PHONE });
});
after(async () => {
  if (phone) await phone.close();
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

const cell = (x, y) => `[data-cell="${x},${y}"]`;
const label = (page, x, y) => page.getAttribute(cell(x, y), 'aria-label');

/** axe-core's violations on the page as it is (run last: it reads the stylesheets). */
async function axeViolations(page) {
  const axe = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe });
  return page.evaluate(async () => {
    const result = await globalThis.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Opens a shipped scenario from its page's "Upravit a ověřit" link (`scenare/<page>`) and
 * waits for the engine's verdict, which holds; it opens on the grid. */
async function openShipped(page, scenarioPage) {
  const html = fs.readFileSync(path.join(SITE, 'scenare', scenarioPage), 'utf8');
  const link = html.match(/href="([^"]*situace\.html(#s=[A-Za-z0-9_-]+))"/);
  assert.ok(link, `${scenarioPage} links to the builder`);
  await page.goto(fileUrl(SITE, 'situace.html') + link[2]);
  await waitForVerdict(page, 'Verdikt: platí');
  assert.equal(await page.isVisible('#jako-text'), false);
}

/** Waits for a verdict (the verdict area emptied before the action that gives it). */
async function waitForVerdict(page, headline) {
  await page.waitForFunction(() => document.querySelector('#verdikt h3'));
  assert.equal(await page.textContent('#verdikt h3'), headline);
}

/** Answers a question of the disputed move and waits for the new verdict. */
async function answer(page, picker, value, headline) {
  await page.evaluate(() => {
    document.getElementById('verdikt').textContent = '';
  });
  await page.selectOption(picker, value);
  await waitForVerdict(page, headline);
}

/** A fresh builder on the phone, set to the cooperative game's level 6 with `players`. */
async function levelSix(players) {
  const watched = await watchedPage(phone.context);
  await watched.page.goto(fileUrl(SITE, 'situace.html'));
  await watched.page.selectOption('#hra', 'duchove-carcassonne');
  await watched.page.selectOption('#hraci', String(players));
  await watched.page.selectOption('#uroven', '6');
  return watched;
}

async function fill(page, id, value) {
  await page.fill(id, value);
  await page.dispatchEvent(id, 'change');
}

/** Taps the cell until its tile lies turned by `degrees`. */
async function turnTo(page, x, y, degrees) {
  for (let i = 0; i < 4 && !(await label(page, x, y)).includes(`otočení ${degrees}°`); i++) await page.tap(cell(x, y));
  assert.match(await label(page, x, y), new RegExp(`otočení ${degrees}°`));
}

/** The exported scenario: checked by `carcref check` ("platí"), by the page ("platí"), and
 * opened again on a fresh page to the same text. */
async function decidedEverywhere(page, name, expected) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.tap('#stahnout')]);
  const file = path.join(temp, name);
  await download.saveAs(file);
  assert.equal(fs.readFileSync(file, 'utf8'), expected);
  const run = spawnSync(BIN, ['check', file], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /Verdikt: platí/);
  await page.tap('#overit');
  await page.waitForFunction(() => document.querySelector('#verdikt h3'));
  assert.equal(await page.textContent('#verdikt h3'), 'Verdikt: platí');
  const again = await watchedPage(phone.context);
  await again.page.goto(fileUrl(SITE, 'situace.html'));
  await openInBuilder(again.page, file);
  assert.match(await again.page.textContent('#hlaseni'), /^Otevřeno/);
  assert.equal(await again.page.textContent('#yaml'), expected);
  // Nothing of it is kept aside: the grid shows it all.
  assert.equal(await again.page.isVisible('#ze-scenare'), false);
  assert.deepEqual(again.problems, []);
  await again.page.close();
}

/** Red's road from the 2x2 start tile west over two straight roads, closed by red's
 * crossroads; the team takes the points. */
async function roadOfTheTeam(page, beside) {
  await page.tap('[data-tile="du-14-rovna"]');
  await page.tap(cell(-1, 1));
  await turnTo(page, -1, 1, 90);
  await page.selectOption('#figurka-hrac', 'red');
  await beside();
  await page.tap('#figurka-mista button:text-is("cesta na východě a západě")');
  await page.tap('[data-tile="du-14-rovna"]');
  await page.tap(cell(-2, 1));
  await turnTo(page, -2, 1, 90);
  await page.tap('input[name="rezim"][value="tah"]');
  await page.tap('[data-tile="du-21-tri-cesty"]');
  await page.tap(cell(-3, 1));
  await page.selectOption('#volba', 'body');
}

const DOG = teamRoad({ setup: '{level: 3, track: 16}', figure: '{on: E, player: red, dog: true, feature: road}', expect: '  track: 23\n' });

test('a dog beside a figure, laid by taps on level 3, scores its 3 points with the road (16 + 4 + 3)', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await page.goto(fileUrl(SITE, 'situace.html'));
  await page.selectOption('#hra', 'duchove-carcassonne');
  // Levels 1 and 2 have no dogs: the panel does not offer one.
  await page.tap('[data-tile="du-14-rovna"]');
  await page.tap(cell(-1, 1));
  assert.equal(await page.isVisible('#figurka-pes'), false);
  await page.tap('#odebrat');
  await page.selectOption('#uroven', '3');
  await fill(page, '#pocitadlo', '16');
  await roadOfTheTeam(page, async () => {
    assert.equal(await page.isVisible('#figurka-pes'), true);
    await page.tap('#figurka-pes');
  });
  assert.match(await label(page, -1, 1), /červený strážný – cesta na východě a západě, u něj pes$/);
  assert.equal(await page.locator(`${cell(-1, 1)} .builder-dog`).count(), 1);
  // A level without dogs is refused while a dog lies on the board.
  await page.selectOption('#uroven', '2');
  assert.equal(await page.inputValue('#uroven'), '3');
  assert.match(await page.textContent('#hlaseni'), /Na úrovni 2 psi nejsou/);
  await fill(page, '#cekam-pocitadlo', '23');
  await decidedEverywhere(page, 'dog.yaml', DOG);
  assert.deepEqual(problems, []);
});

const LEVEL_6 = teamRoad({
  setup: '{level: 6, track: {red: 30, blue: 5, green: 7}}',
  players: '[red, blue, green]',
  expect: '  track: 5\n  counters: {red: 34, blue: 5, green: 7}\n',
});

test('level 6: each colour\'s counter before and after the move, set by taps; the track stands at the lowest', async () => {
  const { page, problems } = await levelSix(3);
  // The team's single counter gives way to one per colour.
  assert.equal(await page.isVisible('#pocitadlo'), false);
  assert.match(await page.textContent('#pocitadla'), /každá ze 3 barev/);
  for (const [colour, points] of [['red', '30'], ['blue', '5'], ['green', '7']]) await fill(page, `#pocitadlo-${colour}`, points);
  await roadOfTheTeam(page, async () => {});
  assert.equal(await page.textContent('label[for="cekam-pocitadlo"]'), 'Nejnižší z počítadel');
  await fill(page, '#cekam-pocitadlo', '5');
  for (const [colour, points] of [['red', '34'], ['blue', '5'], ['green', '7']]) await fill(page, `#cekam-pocitadlo-${colour}`, points);
  await decidedEverywhere(page, 'level-6.yaml', LEVEL_6);
  // Back on level 1 the counters by colour are gone from the scenario.
  await page.selectOption('#uroven', '1');
  assert.doesNotMatch(await page.textContent('#yaml'), /counters|track: \{/);
  assert.deepEqual(problems, []);
});

const GIFT = `title: "Sporná situace"
ruleset: zakladni-hra
expansions: [darky]
setup: {gifts: {red: [vyplaceni]}, gift_deck: [koncil]}
start: zakladni
players: [red, blue]
board:
  - tile: zh-mesto-pas
    at: [0, -1]
    rotation: 90
    meeples: [{on: S, player: red, feature: city}]
steps:
  - player: red
    place: zh-cesta-rovna
    at: [1, 0]
    rotation: 0
    meeple: none
    gift: {card: vyplaceni, at: [0, -1], on: S}
expect:
  score: {red: 2, blue: 0}
  gifts: {red: 0, blue: 0}
`;

test('Gifts by taps: a card in red\'s hand, one on the deck, and Vyplacení opened in the disputed move pays 2 points', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await page.goto(fileUrl(SITE, 'situace.html'));
  assert.equal(await page.isVisible('#darky'), false);
  await page.tap('#rozsireni input[value="darky"]');
  assert.equal(await page.isVisible('#darky'), true);
  await page.selectOption('#ruka-red', 'vyplaceni');
  await page.tap('#ruka-red-pridat');
  assert.deepEqual(await page.$$eval('#darky-ruce p:first-child', (p) => p.map((x) => x.textContent)), ['Neotevřené dárky – červený:', 'Neotevřené dárky – modrý: žádné']);
  assert.equal(await page.textContent('#darky-ruce li'), 'Vyplacení Odebrat');
  await page.selectOption('#balicek', 'koncil');
  await page.tap('#balicek-pridat');
  // Five copies of each card: a sixth is refused.
  await page.selectOption('#ruka-blue', 'koncil');
  for (let i = 0; i < 5; i++) await page.tap('#ruka-blue-pridat');
  assert.match(await page.textContent('#hlaseni'), /Dárků Koncil je ve hře jen 5/);
  assert.equal(await page.locator('#darky-ruce li').count(), 5);
  for (let i = 0; i < 4; i++) await page.tap('#darky-ruce li:has-text("Koncil") button');
  assert.equal(await page.locator('#darky-ruce li').count(), 1);

  await page.tap('[data-tile="zh-mesto-pas"]');
  await page.tap(cell(0, -1));
  await turnTo(page, 0, -1, 90);
  await page.selectOption('#figurka-hrac', 'red');
  await page.tap('#figurka-mista button:has-text("město")');
  await page.tap('input[name="rezim"][value="tah"]');
  await page.selectOption('#tah-hrac', 'red');
  await page.tap('[data-tile="zh-cesta-rovna"]');
  await page.tap(cell(1, 0));
  await turnTo(page, 1, 0, 0);
  await page.selectOption('#darek', 'vyplaceni');
  // The one figure on the board is the target; red holds the card already.
  assert.match(await page.textContent('#darek-cil option:checked'), /^pole \[0, -1\]: červený družiník – město/);
  assert.equal(await page.isVisible('#darek-na'), false);
  for (const [id, value] of [['#body-red', '2'], ['#body-blue', '0'], ['#cekam-darky-red', '0'], ['#cekam-darky-blue', '0']]) await fill(page, id, value);
  await decidedEverywhere(page, 'gift.yaml', GIFT);

  // A card red does not hold goes into red's hand with it, and the page says so.
  await page.selectOption('#darek', 'zmena-postoje');
  assert.match(await page.textContent('#hlaseni'), /^Červený otevře dárek Změna postoje; stránka mu ho přidala/);
  assert.match(await page.textContent('#yaml'), /gifts: \{red: \[vyplaceni, zmena-postoje\]\}/);
  assert.equal(await page.isVisible('#darek-na'), true);
  assert.match(await page.textContent('#yaml'), /gift: \{card: zmena-postoje, at: \[0, -1\], on: S, to: [A-Z]+\}/);
  assert.deepEqual(problems, []);
  // The cards, the gift's pickers and the figure panel pass axe-core on the phone.
  await page.tap(cell(0, -1));
  assert.deepEqual(await axeViolations(page), []);
});

test('a shipped Gifts scenario opens with its hands, its gift and its deck on the grid, nothing of the setup kept aside', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await openShipped(page, 'darky/priklad-4-vyplaceni.html');
  assert.equal(await page.inputValue('#darek'), 'vyplaceni');
  assert.deepEqual(await page.$$eval('#darky-ruce li', (li) => li.map((x) => x.textContent)), ['Vyplacení Odebrat']);
  assert.doesNotMatch(await page.textContent('#ze-scenare'), /přípravy|krok/);
  assert.deepEqual(problems, []);
});

const STACKS = teamRoad({ setup: '{level: 3, track: 8, stacks: [1, 20, 20], meeples: 4}', expect: '  track: 12\n  outcome: lost\n' });

test('a cooperative game under way: the last tile of the first stack leaves the team short of the dog\'s 15 points, and it loses', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await page.goto(fileUrl(SITE, 'situace.html'));
  await page.selectOption('#hra', 'duchove-carcassonne');
  await page.selectOption('#uroven', '3');
  await fill(page, '#pocitadlo', '8');
  await page.tap('#rozehrana summary');
  // Level 3 draws from three stacks, one after another.
  assert.equal(await page.locator('#rozehrana-pole input[id^="hromadka-"]').count(), 3);
  for (const [id, n] of [['#hromadka-0', '1'], ['#hromadka-1', '20'], ['#hromadka-2', '20'], ['#strazni', '4']]) await fill(page, id, n);
  assert.equal(await page.textContent('label[for="strazni"]'), 'Strážných každé barvy (bez údaje 5)');
  await roadOfTheTeam(page, async () => {});
  await fill(page, '#cekam-pocitadlo', '12');
  await page.selectOption('#cekam-vysledek', 'lost');
  await decidedEverywhere(page, 'stacks.yaml', STACKS);
  // Levels 1 and 2 draw from one stack: the other two are no longer written.
  await page.selectOption('#uroven', '2');
  assert.match(await page.textContent('#yaml'), /^setup: \{level: 2, track: 8, stacks: \[1\], meeples: 4\}$/m);
  assert.deepEqual(problems, []);
});

// The road dispute of the other builder tests, in a game under way.
const SCORES = ROAD_DISPUTE.replace('start: zakladni', 'setup: {score: {red: 10, blue: 7}, supply: {red: 0, blue: 6}}\nstart: zakladni')
  .replace('score: {red: 4, blue: 0}', 'score: {red: 14, blue: 7}');

test('a base game under way: the scores and supplies before the move, by taps, and the road adds its 4 points to red\'s 10', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await page.goto(fileUrl(SITE, 'situace.html'));
  await page.tap('#rozehrana summary');
  assert.equal(await page.textContent('label[for="zasoba-red"]'), 'Družiníků v zásobě – červený');
  for (const [id, n] of [['#skore-red', '10'], ['#skore-blue', '7'], ['#zasoba-red', '0'], ['#zasoba-blue', '6']]) await fill(page, id, n);
  await page.tap('[data-tile="zh-klaster-cesta"]');
  await page.tap(cell(-1, 0));
  await page.tap('[data-tile="zh-cesta-rovna"]');
  await page.tap(cell(1, 0));
  await turnTo(page, 1, 0, 180);
  await page.selectOption('#figurka-hrac', 'red');
  await page.tap('#figurka-mista button:text-is("cesta na východě a západě")');
  await page.tap('input[name="rezim"][value="tah"]');
  await page.selectOption('#tah-hrac', 'blue');
  await page.tap('[data-tile="zh-krizovatka-tri"]');
  await page.tap(cell(2, 0));
  await fill(page, '#body-red', '14');
  await fill(page, '#body-blue', '7');
  await decidedEverywhere(page, 'scores.yaml', SCORES);
  assert.deepEqual(problems, []);
});

const COLOUR_DECISION = teamRoad({
  setup: '{level: 6, track: {blue: 5, green: 7, yellow: 9}}',
  players: '[red, blue, green, yellow]',
  choose: '"body", "green"',
  expect: '  track: 5\n  counters: {blue: 5, green: 11, yellow: 9}\n',
});

test('team decisions the page does not foresee: after Ověřit each question the engine asked is a picker of its options, and an answer checks again', async () => {
  const { page, problems } = await levelSix(4);
  // Red has no counter of its own: its points go to a colour the team chooses.
  for (const [colour, points] of [['blue', '5'], ['green', '7'], ['yellow', '9']]) await fill(page, `#pocitadlo-${colour}`, points);
  await roadOfTheTeam(page, async () => {});
  await fill(page, '#cekam-pocitadlo', '5');
  for (const [colour, points] of [['blue', '5'], ['green', '11'], ['yellow', '9']]) await fill(page, `#cekam-pocitadlo-${colour}`, points);
  assert.equal(await page.isVisible('#rozhodnuti'), false);
  await page.tap('#overit');
  await page.waitForFunction(() => document.querySelector('#verdikt h3'));
  // Unanswered, the engine took the first colour: the verdict says so.
  assert.equal(await page.textContent('#verdikt h3'), 'Verdikt: neplatí');
  assert.equal(await page.isVisible('#volba'), false);
  assert.deepEqual(await page.$$eval('#rozhodnuti label', (l) => l.map((x) => x.textContent)), [
    '1. Za dokončené obsazené území si tým vezme body, nebo místo nich sundá duchy',
    '2. Úroveň 6: body barvy bez počítadla posunou zvolené počítadlo',
  ]);
  assert.equal(await page.inputValue('#odpoved-0'), 'body');
  assert.deepEqual(await page.$$eval('#odpoved-1 option', (o) => o.map((x) => x.textContent)), ['vyberte odpověď', 'modré počítadlo', 'zelené počítadlo', 'žluté počítadlo']);
  await answer(page, '#odpoved-1', 'green', 'Verdikt: platí');
  assert.equal(await page.inputValue('#odpoved-1'), 'green');
  await decidedEverywhere(page, 'colour-decision.yaml', COLOUR_DECISION);
  assert.deepEqual(problems, []);
  await page.tap('#rozehrana summary');
  assert.deepEqual(await axeViolations(page), []);
});

test('a shipped scenario with two answers in one move opens with both as pickers, and another answer changes the verdict', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await openShipped(page, 'duchove-carcassonne/uroven-1/vice-uzemi-volba-zvlast.html');
  assert.equal(await page.inputValue('#odpoved-0'), 'body');
  assert.equal(await page.inputValue('#odpoved-1'), 'duchy [1, 1]');
  await answer(page, '#odpoved-1', 'body', 'Verdikt: neplatí');
  assert.match(await page.textContent('#yaml'), /^ {4}choose: \["body", "body"\]$/m);
  assert.deepEqual(problems, []);
});

test('a ghost to one of two open cemeteries (level 2): the question is a picker of the cemeteries, and the other one changes the verdict', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await openShipped(page, 'duchove-carcassonne/uroven-2-6/hrbitov-vice-otevrenych-jeden-duch.html');
  assert.equal(await page.textContent('label[for="odpoved-0"]'), '1. Když přijde duch do mlhy, další jde na jeden otevřený hřbitov');
  assert.deepEqual(await page.$$eval('#odpoved-0 option', (o) => o.map((x) => x.textContent)), ['hřbitov na [0, 0]', 'hřbitov na [2, 0]']);
  assert.equal(await page.inputValue('#odpoved-0'), '[2, 0]');
  // The ghost now stands on the left cemetery: the scenario's expectation of it fails.
  await answer(page, '#odpoved-0', '[0, 0]', 'Verdikt: neplatí');
  assert.match(await page.textContent('#yaml'), /^ {4}choose: \["\[0, 0\]"\]$/m);
  assert.deepEqual(problems, []);
});

test('names that are not cards or places (constructor, __proto__) are never taken for them: the grid keeps them as written and the engine says why', async () => {
  const { page, problems } = await watchedPage(phone.context);
  await page.goto(fileUrl(SITE, 'situace.html'));
  const file = path.join(temp, 'not-cards.yaml');
  fs.writeFileSync(file, ROAD_DISPUTE.replace('start: zakladni', 'expansions: [darky]\nsetup: {gifts: {red: [constructor, koncil]}, gift_deck: [__proto__]}\nstart: zakladni')
    .replace('    meeple: none\n', '    meeple: none\n    gift: {card: vyplaceni, at: [1, 0], on: constructor}\n'));
  await openInBuilder(page, file);
  await page.waitForFunction(() => document.querySelector('#verdikt h3, #verdikt > ul'));
  // Kept as written: no hand, no deck card, no gift on the grid.
  assert.equal(await page.locator('#darky li').count(), 0);
  assert.equal(await page.inputValue('#darek'), '');
  assert.match(await page.textContent('#ze-scenare'), /rozehranou hru z přípravy scénáře, 1 krok ze scénáře/);
  assert.match(await page.textContent('#verdikt'), /constructor/);
  assert.doesNotMatch(await page.textContent('body'), /function|native code|\[object/);
  assert.deepEqual(problems, []);
});
