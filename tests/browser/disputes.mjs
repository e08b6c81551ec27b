// Disputes as the situation builder writes them, shared by the browser tests and the engine
// benchmark: a base-game road closed by the other player (red's figure scores 4), and the
// rules' cooperative example where the team takes 3 ghosts back to the bank instead of 4
// points (level 1; at level 5 the bank starts with 10 ghosts, not 12).
export const ROAD_DISPUTE = `title: "Sporná situace"
ruleset: zakladni-hra
start: zakladni
players: [red, blue]
board:
  - tile: zh-klaster-cesta
    at: [-1, 0]
    rotation: 270
  - tile: zh-cesta-rovna
    at: [1, 0]
    rotation: 180
    meeples: [{on: W, player: red, feature: road}]
steps:
  - player: blue
    place: zh-krizovatka-tri
    at: [2, 0]
    rotation: 0
    meeple: none
expect:
  score: {red: 4, blue: 0}
`;

/** Red's road from the cooperative game's 2x2 start tile west over two straight roads,
 * closed by red's crossroads (`before`: board tiles laid first). */
export function teamRoad({ setup, players = '[red, blue]', before = '', figure = '{on: E, player: red, feature: road}', choose = '"body"', expect }) {
  return `title: "Sporná situace"
ruleset: duchove-carcassonne
setup: ${setup}
start: duchove-2x2
players: ${players}
board:
${before}  - tile: du-14-rovna
    at: [-1, 1]
    rotation: 90
    meeples: [${figure}]
  - tile: du-14-rovna
    at: [-2, 1]
    rotation: 90
steps:
  - player: red
    place: du-21-tri-cesty
    at: [-3, 1]
    rotation: 0
    meeple: none
    choose: [${choose}]
expect:
${expect}`;
}

export const GHOSTS_DISPUTE = teamRoad({
  setup: '{level: 1, track: 17}',
  before: '  - tile: du-40-louka-cela-v-mlze\n    at: [-1, 0]\n    rotation: 0\n    ghosts: 3\n',
  choose: '"duchy [-1, 0]"',
  expect: '  track: 17\n  ghosts: 3\n  bank: 12\n  outcome: playing\n',
});

export const LEVEL_5_DISPUTE = GHOSTS_DISPUTE.replace('level: 1,', 'level: 5,').replace('bank: 12', 'bank: 10');
