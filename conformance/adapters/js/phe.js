#!/usr/bin/env node
// phe 0.6.0 behind the engine protocol:   exec:'node conformance/adapters/js/phe.js'
// phe is a JavaScript port of the perfect-hash evaluator: `evaluateCards(cards)` of five to
// seven cards is smaller for a better hand, and `rankDescription[rankCards(cards)]` names the
// category. High ranking only.
'use strict';

const phe = require('phe');
const { orderByKeys, serve, sizes } = require('./serve');

const NAMES = {
  'Straight Flush': 'straight-flush', 'Four of a Kind': 'four-of-a-kind', 'Full House': 'full-house',
  Flush: 'flush', Straight: 'straight', 'Three of a Kind': 'three-of-a-kind', 'Two Pair': 'two-pair',
  'One Pair': 'one-pair', 'High Card': 'high-card',
};

function high(hands) {
  const refused = sizes(hands, 5, 7, 'phe');
  if (refused) return refused;
  const texts = hands.map((h) => h.map((c) => c.text));
  return {
    order: orderByKeys(texts.map((t) => -phe.evaluateCards(t))),
    categories: texts.map((t) => NAMES[phe.rankDescription[phe.rankCards(t)]]),
  };
}

serve({ name: 'phe', pkg: 'phe', rankings: { high } });
