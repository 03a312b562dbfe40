#!/usr/bin/env node
// An example engine in JavaScript (Node.js >= 18) speaking the pokerspec engine protocol,
// version 1 (docs/engine-authors/protocol.md): one JSON object per line on stdin, one reply
// per line on stdout. It supports card notation and three rankings -- high, ace-to-five low
// and eight-or-better low -- and nothing else, so the runner skips every other case.
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
    case 'low-8': {
      sizes(5, 5);
      const qualifies = hands.map(qualifiesEight);
      return { order: order(hands.map(low5), all.filter((i) => qualifies[i])), qualifies };
    }
    default:
      return { error: { code: 'unsupported', message: `ranking ${message.ranking} is not supported` } };
  }
}

function handle(message) {
  switch (message.op) {
    case 'start':
      return {
        protocol: 1,
        engine: { name: 'example-node', version: '1.0.0' },
        games: [],
        profiles: [],
        capabilities: ['notation', 'ranking:high', 'ranking:low-a5', 'ranking:low-8'],
      };
    case 'parse':
      return { cards: parseCards(message.input).map(format) };
    case 'rank':
      return rank(message);
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
  process.stdout.write(JSON.stringify(reply) + '\n');
  if (message && message.op === 'stop') lines.close();
});
