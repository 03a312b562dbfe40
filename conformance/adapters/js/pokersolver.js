#!/usr/bin/env node
// pokersolver 2.1.4 behind the engine protocol:
//   exec:'node conformance/adapters/js/pokersolver.js'
// `Hand.solve(cards)` (the 'standard' game) makes the best hand of the cards it is given and
// `hand.compare(other)` orders two hands (negative when `hand` is the better); `hand.name`
// names the category. pokersolver solves any number of cards, so it ranks high hands of five
// to seven cards and partial exposed hands of one to four (its own reading of a short hand).
// Its other games are video-poker and pai gow variants; it has no ace-to-five low and no pots.
'use strict';

const { Hand } = require('pokersolver');
const { orderByCompare, serve, sizes } = require('./serve');

const NAMES = {
  'Royal Flush': 'straight-flush', 'Straight Flush': 'straight-flush', 'Four of a Kind': 'four-of-a-kind',
  'Full House': 'full-house', Flush: 'flush', Straight: 'straight', 'Three of a Kind': 'three-of-a-kind',
  'Two Pair': 'two-pair', Pair: 'one-pair', 'High Card': 'high-card',
};

function ranker(fewest, most) {
  return (hands) => {
    const refused = sizes(hands, fewest, most, 'pokersolver here');
    if (refused) return refused;
    const solved = hands.map((h) => Hand.solve(h.map((c) => c.text)));
    return {
      order: orderByCompare(solved.map((_, i) => i), (i, j) => -solved[i].compare(solved[j])),
      categories: solved.map((s) => NAMES[s.name]),
    };
  };
}

serve({ name: 'pokersolver', pkg: 'pokersolver', rankings: { high: ranker(5, 7), exposed: ranker(1, 5) } });
