#!/usr/bin/env node
// poker-ts 1.5.0 behind the engine protocol:   exec:'node conformance/adapters/js/poker-ts.js'
// poker-ts is a hold'em table model in TypeScript. What the suite can reach of it:
//   high: `Hand.of(cards)` takes exactly seven cards (the two hole cards and the full board)
//         and `Hand.compare(a, b)` orders two hands (positive when b is the better);
//         `ranking()` names the category;
//   pots: its `PotManager`, given each seat's bet for a round as the dealer gives it: a seat
//         that folded is out of the seat array and its bet handed over with `betFolded`, then
//         `collectBetsForm(players)` builds the pots, each with its size and eligible seats.
// The pot manager has no notion of an uncalled bet (the table model never lets a bet exceed
// what can be called), so `returned` is empty and such chips stay in the pot they land in.
// poker-ts has no low and plays hold'em only.
'use strict';

const Hand = require('poker-ts/dist/lib/hand').default;
const { HandRanking } = require('poker-ts/dist/lib/hand');
const Card = require('poker-ts/dist/lib/card').default;
const PotManager = require('poker-ts/dist/lib/pot-manager').default;
const Player = require('poker-ts/dist/lib/player').default;
const { orderByCompare, serve, sizes } = require('./serve');

const NAMES = {
  HIGH_CARD: 'high-card', PAIR: 'one-pair', TWO_PAIR: 'two-pair', THREE_OF_A_KIND: 'three-of-a-kind',
  STRAIGHT: 'straight', FLUSH: 'flush', FULL_HOUSE: 'full-house', FOUR_OF_A_KIND: 'four-of-a-kind',
  STRAIGHT_FLUSH: 'straight-flush', ROYAL_FLUSH: 'straight-flush',
};

function high(hands) {
  const refused = sizes(hands, 7, 7, 'poker-ts');
  if (refused) return refused;
  const made = hands.map((h) => Hand.of(h.map((c) => new Card(c.rank - 2, c.suit))));
  return {
    order: orderByCompare(made.map((_, i) => i), (i, j) => -Math.sign(Hand.compare(made[i], made[j]))),
    categories: made.map((m) => NAMES[HandRanking[m.ranking()]]),
  };
}

function pots(request) {
  const contributed = request.contributed || {};
  const folded = new Set(request.folded || []);
  const count = Math.max(...Object.keys(contributed).map((s) => Number(s.slice(1))));
  const manager = new PotManager();
  const players = [];
  for (let i = 0; i < count; i++) {
    const seat = `p${i + 1}`;
    const bet = contributed[seat] || 0;
    if (folded.has(seat)) {
      manager.betFolded(bet);
      players.push(null);
    } else {
      const player = new Player(bet);
      player.bet(bet);
      players.push(player);
    }
  }
  manager.collectBetsForm(players);
  return {
    pots: manager.pots().map((pot) => ({ amount: pot.size(), eligible: pot.eligiblePlayers().map((i) => `p${i + 1}`) })),
    returned: {},
  };
}

serve({ name: 'poker-ts', pkg: 'poker-ts', rankings: { high }, pots });
