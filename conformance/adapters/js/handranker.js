#!/usr/bin/env node
// handranker 1.0.5 behind the engine protocol:
//   exec:'node conformance/adapters/js/handranker.js'
// `Ranker.orderHands(hands, game)` ranks several hands at once into groups of ties, best first,
// which is exactly the protocol's `order`; each hand's `ranking` names its category. The
// adapter uses its stud games, whose hands are five to seven cards without a board:
//   high:   Ranker.STUD;
//   low-a5: Ranker.RAZZ (ace-to-five, pairs count, no qualifier);
//   low-8:  the low half of Ranker.STUD_HI_LO (eight or better); a hand left out of the low
//           groups does not qualify.
// handranker has no partial hands and no pots.
'use strict';

const Ranker = require('handranker');
const { serve, sizes } = require('./serve');

const NAMES = {
  'straight flush': 'straight-flush', 'royal flush': 'straight-flush', 'four of a kind': 'four-of-a-kind',
  'full house': 'full-house', flush: 'flush', straight: 'straight', 'three of a kind': 'three-of-a-kind',
  'two pair': 'two-pair', pair: 'one-pair', 'high card': 'high-card',
};

const groups = (ordered) => ordered.map((tie) => tie.map((h) => h.id));

function ranker(game, side) {
  return (hands) => {
    const refused = sizes(hands, 5, 7, 'handranker');
    if (refused) return refused;
    const result = Ranker.orderHands(hands.map((h, id) => ({ id, cards: h.map((c) => c.text) })), game);
    if (side === 'high') {
      const ranking = {};
      for (const tie of result) for (const h of tie) ranking[h.id] = NAMES[h.ranking];
      return { order: groups(result), categories: hands.map((_, i) => ranking[i]) };
    }
    if (side === 'low') return { order: groups(result) };
    const low = groups(result.low || []);
    const qualified = new Set(low.flat());
    return { order: low, qualifies: hands.map((_, i) => qualified.has(i)) };
  };
}

serve({
  name: 'handranker',
  pkg: 'handranker',
  rankings: {
    high: ranker(Ranker.STUD, 'high'),
    'low-a5': ranker(Ranker.RAZZ, 'low'),
    'low-8': ranker(Ranker.STUD_HI_LO, 'low-8'),
  },
});
