#!/usr/bin/env node
// An example engine in JavaScript (Node.js >= 18) speaking the pokerspec engine protocol,
// version 1.1 (docs/engine-authors/protocol.md): one JSON object per line on stdin, one reply
// per line on stdout, carrying the request's id. It supports the core chapter -- card notation, the five rankings (high,
// ace-to-five low, eight-or-better low, exposed cards, bring-in), splitting a pot and building
// side pots -- and no game, so the runner skips every game case.
//
//   pokerspec conformance run --impl exec:'node conformance/examples/node/engine.js'
'use strict';

const readline = require('readline');

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const SUIT_INPUT = { c: 0, d: 1, h: 2, s: 3, '♣': 0, '♦': 1, '♥': 2, '♠': 3, '♧': 0, '♢': 1, '♡': 2, '♤': 3 };
const CATEGORIES = ['high-card', 'one-pair', 'two-pair', 'three-of-a-kind', 'straight', 'flush',
  'full-house', 'four-of-a-kind', 'straight-flush'];

class BadCard extends Error {
  constructor(code, token) {
    super(`${code}: ${token}`);
    this.code = code;
    this.token = token;
  }
}

// A card is {rank: 2..14, suit: 0..3}; "10" is accepted for the ten, suits as letters or symbols.
function parseCard(token) {
  const t = token.trim();
  const chars = Array.from(t);
  if (chars.length < 2) throw new BadCard('bad_card', token);
  const rankText = chars.slice(0, -1).join('').toUpperCase();
  const rank = rankText === '10' ? 10 : (rankText.length === 1 ? RANKS.indexOf(rankText) + 2 : 1);
  const suit = SUIT_INPUT[chars[chars.length - 1].toLowerCase()];
  if (rank < 2 || suit === undefined) throw new BadCard('bad_card', token);
  return { rank, suit };
}

function parseCards(tokens) {
  const seen = new Set();
  return tokens.map((token) => {
    const card = parseCard(token);
    const id = card.rank * 4 + card.suit;
    if (seen.has(id)) throw new BadCard('duplicate_card', token);
    seen.add(id);
    return card;
  });
}

const format = (card) => RANKS[card.rank - 2] + SUITS[card.suit];

function combinations(items, k) {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return combinations(rest, k - 1).map((c) => [first, ...c]).concat(combinations(rest, k));
}

// Ranks grouped for comparison: bigger groups first, then higher ranks.
function groups(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) || 0) + 1);
  const order = [...counts.keys()].sort((a, b) => counts.get(b) - counts.get(a) || b - a);
  return { order, shape: order.map((v) => counts.get(v)).join('') };
}

// A comparable number: category, then up to five ranks, 4 bits each. Larger is better.
const pack = (category, ranks) => ranks.concat([0, 0, 0, 0, 0]).slice(0, 5)
  .reduce((key, r) => key * 16 + r, category);

function high5(cards) {
  const values = cards.map((c) => c.rank);
  const flush = cards.every((c) => c.suit === cards[0].suit);
  const distinct = [...new Set(values)].sort((a, b) => b - a);
  let top = null;
  if (distinct.length === 5 && distinct[0] - distinct[4] === 4) top = distinct[0];
  if (distinct.join(',') === '14,5,4,3,2') top = 5; // the wheel is five-high
  if (top !== null) return pack(flush ? 8 : 4, [top]);
  if (flush) return pack(5, distinct);
  const { order, shape } = groups(values);
  const category = { 41: 7, 32: 6, 311: 3, 221: 2, 2111: 1, 11111: 0 }[shape];
  return pack(category, order);
}

const bestOf = (cards, rank5) => Math.max(...combinations(cards, 5).map(rank5));
const high = (cards) => bestOf(cards, high5);

// Ace-to-five low: the ace is 1, straights and flushes do not count, unpaired hands first.
// Returned negated so that, as everywhere here, larger is better.
function low5(cards) {
  const { order, shape } = groups(cards.map((c) => (c.rank === 14 ? 1 : c.rank)));
  const category = { 11111: 0, 2111: 1, 221: 2, 311: 3, 32: 4, 41: 5 }[shape];
  return -pack(category, order);
}

const low = (cards) => bestOf(cards, low5);

// One to five face-up cards: with fewer than five only pairs, trips and quads count.
function exposed(cards) {
  if (cards.length === 5) return high5(cards);
  const { order, shape } = groups(cards.map((c) => c.rank));
  const category = { 4: 7, 3: 3, 31: 3, 22: 2, 2: 1, 21: 1, 211: 1 }[shape] || 0;
  return pack(category, order);
}

// The card that brings in ranks first: the lowest rank, clubs < diamonds < hearts < spades.
const bringIn = (cards) => -(cards[0].rank * 4 + cards[0].suit);

function qualifiesEight(cards) {
  const values = new Set(cards.map((c) => (c.rank === 14 ? 1 : c.rank)));
  return cards.length === 5 && values.size === 5 && Math.max(...values) <= 8;
}

// Hand indexes grouped best first; equal keys tie.
function order(keys, indexes) {
  const byKey = new Map();
  for (const i of indexes) {
    if (!byKey.has(keys[i])) byKey.set(keys[i], []);
    byKey.get(keys[i]).push(i);
  }
  return [...byKey.keys()].sort((a, b) => b - a).map((k) => byKey.get(k));
}

function rank(message) {
  const hands = message.hands.map(parseCards);
  const all = hands.map((_, i) => i);
  const sizes = (lo, hi) => {
    if (hands.some((h) => h.length < lo || h.length > hi)) throw new Error(`hands need ${lo}-${hi} cards`);
  };
  switch (message.ranking) {
    case 'high': {
      sizes(5, 7);
      const keys = hands.map(high);
      return { order: order(keys, all), categories: keys.map((k) => CATEGORIES[Math.floor(k / 16 ** 5)]) };
    }
    case 'low-a5':
      sizes(5, 7);
      return { order: order(hands.map(low), all) };
    case 'exposed': {
      sizes(1, 5);
      const keys = hands.map(exposed);
      return { order: order(keys, all), categories: keys.map((k) => CATEGORIES[Math.floor(k / 16 ** 5)]) };
    }
    case 'bring-in':
      sizes(1, 1);
      return { order: order(hands.map(bringIn), all) };
    case 'low-8': {
      sizes(5, 5);
      const qualifies = hands.map(qualifiesEight);
      return { order: order(hands.map(low5), all.filter((i) => qualifies[i])), qualifies };
    }
    default:
      return { error: { code: 'unsupported', message: `ranking ${message.ranking} is not supported` } };
  }
}

const isAmount = (v) => Number.isInteger(v) && v >= 0;

// Share `total` among `winners` in priority order; the remainder goes to the first winner, or
// one chip each to the first winners with odd_chip "one-each".
function share(total, winners, oneEach, shares) {
  if (winners.length === 0) throw new Error('a split needs at least one winner');
  const base = Math.floor(total / winners.length);
  const rest = total % winners.length;
  winners.forEach((seat, i) => {
    const extra = oneEach ? (i < rest ? 1 : 0) : (i === 0 ? rest : 0);
    shares[seat] = (shares[seat] || 0) + base + extra;
  });
}

function split(message) {
  if (!isAmount(message.amount)) return { error: { code: 'bad_amount', message: `bad amount ${message.amount}` } };
  const oneEach = message.odd_chip === 'one-each';
  const shares = {};
  if (message.winners) {
    share(message.amount, message.winners, oneEach, shares);
  } else {
    const lowHalf = Math.floor(message.amount / 2); // the odd chip of the whole pot goes high
    share(message.amount - lowHalf, message.high, oneEach, shares);
    share(lowHalf, message.low, oneEach, shares);
  }
  return { shares };
}

// Side pots: return the uncalled excess, then close a pot at each level a live seat stops at.
function pots(message) {
  const paid = { ...message.contributed };
  if (!Object.values(paid).every(isAmount)) return { error: { code: 'bad_amount', message: 'bad contribution' } };
  const folded = new Set(message.folded || []);
  const returned = {};
  const bySize = Object.keys(paid).sort((a, b) => paid[b] - paid[a]);
  const second = bySize.length > 1 ? paid[bySize[1]] : 0;
  if (bySize.length > 0 && paid[bySize[0]] > second) {
    returned[bySize[0]] = paid[bySize[0]] - second;
    paid[bySize[0]] = second;
  }
  const seatOrder = (a, b) => Number(a.slice(1)) - Number(b.slice(1));
  const live = Object.keys(paid).filter((s) => !folded.has(s)).sort(seatOrder);
  const levels = [...new Set(live.map((s) => paid[s]).filter((c) => c > 0))].sort((a, b) => a - b);
  const out = [];
  let previous = 0;
  levels.forEach((level, i) => {
    const last = i === levels.length - 1;
    const amount = Object.values(paid).filter((c) => c > previous)
      .reduce((sum, c) => sum + (last ? c : Math.min(c, level)) - previous, 0);
    if (amount) out.push({ amount, eligible: live.filter((s) => paid[s] >= level) });
    previous = level;
  });
  return { pots: out, returned };
}

function handle(message) {
  switch (message.op) {
    case 'start':
      return {
        protocol: 1,
        minor: 1,
        engine: { name: 'example-node', version: '1.1.0' },
        games: [],
        profiles: [],
        capabilities: ['notation', 'split', 'pots', 'ranking:high', 'ranking:low-a5', 'ranking:low-8',
          'ranking:exposed', 'ranking:bring-in'],
      };
    case 'parse':
      return { cards: parseCards(message.input).map(format) };
    case 'rank':
      return rank(message);
    case 'split':
      return split(message);
    case 'pots':
      return pots(message);
    case 'stop':
      return { ok: true };
    default:
      return { error: { code: 'unknown_op', message: `unknown op ${message.op}` } };
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  let message = null;
  let reply;
  try {
    message = JSON.parse(line);
    reply = handle(message);
  } catch (err) {
    reply = err instanceof BadCard
      ? { error: { code: err.code, token: err.token } }
      : { error: { code: 'bad_request', message: String(err.message || err) } };
  }
  if (message !== null && typeof message === 'object' && 'id' in message) reply.id = message.id;
  process.stdout.write(JSON.stringify(reply) + '\n');
  if (message && message.op === 'stop') lines.close();
});
