#!/usr/bin/env node
// poker-evaluator 2.1.1 behind the engine protocol:
//   exec:'node conformance/adapters/js/poker-evaluator.js'
// poker-evaluator is the Two Plus Two lookup-table evaluator: `evalHand(cards)` takes 3, 5, 6
// or 7 cards and returns `value` (larger is better) and `handName`. The adapter offers
//   high:    five to seven cards;
//   exposed: three or five face-up cards (the library's documented three-card hands, for which
//            three-card straights and flushes "do not apply").
// No low, no pots.
'use strict';

const { evalHand } = require('poker-evaluator');
const { cannot, orderByKeys, serve, sizes } = require('./serve');

const NAMES = {
  'straight flush': 'straight-flush', 'four of a kind': 'four-of-a-kind', 'full house': 'full-house',
  flush: 'flush', straight: 'straight', 'three of a kind': 'three-of-a-kind', 'two pairs': 'two-pair',
  'one pair': 'one-pair', 'high card': 'high-card',
};

function rank(hands) {
  const results = hands.map((h) => evalHand(h.map((c) => c.text)));
  return { order: orderByKeys(results.map((r) => r.value)), categories: results.map((r) => NAMES[r.handName]) };
}

function high(hands) {
  return sizes(hands, 5, 7, 'poker-evaluator') || rank(hands);
}

function exposed(hands) {
  if (hands.some((h) => h.length !== 3 && h.length !== 5)) {
    return cannot('poker-evaluator takes 3, 5, 6 or 7 cards: no exposed hand of 1, 2 or 4 cards');
  }
  return rank(hands);
}

serve({ name: 'poker-evaluator', pkg: 'poker-evaluator', rankings: { high, exposed } });
