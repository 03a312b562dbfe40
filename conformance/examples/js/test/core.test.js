// @ts-check
// Unit tests for the shared chapter (spec/core). Expected values are worked out from the text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cardName, parseCard, parseDistinctCards } from '../lib/core/cards.js';
import { completeDeck, Stub } from '../lib/core/deck.js';
import { categoryOf, rankFive, rankHigh } from '../lib/core/high.js';
import { qualifiesEight, rankLow, rankLowEight } from '../lib/core/low.js';
import { rankExposed } from '../lib/core/exposed.js';
import { buildPots, isAmount, split, splitHighLow } from '../lib/core/chips.js';
import { clockwiseFrom, parseAction } from '../lib/core/actions.js';
import { judge } from '../lib/core/precedence.js';

/** @param {string} text */
const cards = (text) => text.split(' ').map((t) => /** @type {number} */ (parseCard(t)));

test('cards: canonical and accepted spellings (core.cards.notation)', () => {
  assert.deepEqual(['As', '10d', 'A♠', '10♥', 'kH', '2♧'].map((t) => cardName(/** @type {number} */ (parseCard(t)))),
    ['As', 'Td', 'As', 'Th', 'Kh', '2c']);
  for (const bad of ['1x', 'Ahh', 'K', '', '11h', 'A s']) assert.equal(parseCard(bad), null, bad);
});

test('cards: the first bad or repeated token is named (core.cards.distinct)', () => {
  assert.deepEqual(parseDistinctCards(['Td', '9c', '10♦']), { error: { code: 'duplicate_card', token: '10♦' } });
  assert.deepEqual(parseDistinctCards(['As', '1x', 'Kd', 'As']), { error: { code: 'bad_card', token: '1x' } });
});

test('deck: listed cards first, then the rest ascending (core.deck.completion)', () => {
  const deck = completeDeck(['As', 'Kd']);
  assert.ok('cards' in deck);
  assert.deepEqual(deck.cards.slice(0, 5).map(cardName), ['As', 'Kd', '2c', '2d', '2h']);
  assert.equal(deck.cards.length, 52);
  const stub = new Stub(deck.cards);
  stub.take();
  stub.putUnder([stub.take()]);
  assert.deepEqual([stub.size, cardName(stub.cards[50])], [51, 'Kd']);
});

test('high: categories, the wheel, no wrap-around (core.high)', () => {
  assert.equal(categoryOf(rankFive(cards('Ad 2c 3h 4s 5d'))), 'straight');
  assert.equal(categoryOf(rankFive(cards('Qc Kd Ah 2s 3c'))), 'high-card');
  assert.equal(categoryOf(rankFive(cards('Kh Ah 2h 3h 4h'))), 'flush');
  assert.ok(rankFive(cards('2c 3d 4h 5s 6d')) > rankFive(cards('Ac 2d 3h 4s 5c')));
  assert.ok(rankFive(cards('Kc Kd 5h 5s 2c')) > rankFive(cards('Kh Ks 4c 4d Ac')));
  assert.equal(rankFive(cards('As Js 8s 6s 2s')), rankFive(cards('Ah Jh 8h 6h 2h')));
});

test('high: the best five of seven (core.high.best-five)', () => {
  assert.equal(rankHigh(cards('Kc Kd Qc Qd 2c 2d Jh')), rankFive(cards('Kc Kd Qc Qd Jh')));
  assert.equal(categoryOf(rankHigh(cards('7c 7d 7h 4c 4d 4h Ac'))), 'full-house');
  assert.equal(categoryOf(rankHigh(cards('5s 6s 7s 8s 9s 9c 9d'))), 'straight-flush');
});

test('low: ace is one, unpaired before paired, repeats ordered (core.low)', () => {
  assert.ok(rankLow(cards('Ac 2d 3h 4s 6c')) > rankLow(cards('2c 3d 4h 5s 7c')));
  assert.ok(rankLow(cards('Kc Qd Jh 9s 8c')) > rankLow(cards('Ac Ad 4h 3s 2c')));
  assert.ok(rankLow(cards('Ac Ad 7h 6s 5c')) > rankLow(cards('2c 2d 5h 4s 3c')));
  assert.ok(rankLow(cards('Ac As 3h 3s 2h')) > rankLow(cards('2c 2d 3c 3d Ah')));
  assert.equal(rankLow(cards('Kc Kd Ah 2s 3c 4d 5h')), rankLow(cards('Ah 2s 3c 4d 5h')));
});

test('low: eight or better (core.low8.qualifier)', () => {
  assert.ok(qualifiesEight(cards('8c 7d 6h 5s 4c')));
  assert.ok(!qualifiesEight(cards('9c 6d 5c 3s 2c')));
  assert.ok(!qualifiesEight(cards('Ac Ad 2d 3c 4d')));
  assert.equal(rankLowEight(cards('Kc Qd Jh 9s 8c')), null);
});

test('exposed: pairs beat four to a straight flush; the ace is high (core.exposed.partial)', () => {
  assert.ok(rankExposed(cards('2c 2d 3h 4s')) > rankExposed(cards('9h Th Jh Qh')));
  assert.ok(rankExposed(cards('Qh Qs 3c')) > rankExposed(cards('Qc Qd 2h')));
  assert.ok(rankExposed(cards('Ad')) > rankExposed(cards('Kc')));
  assert.equal(categoryOf(rankExposed(cards('5c 6d 7h 8s 9c'))), 'straight');
});

test('chips: split and the odd chip (core.chips.split, core.chips.odd-to-high)', () => {
  assert.deepEqual([...split(11, [2, 0, 1], 'remainder-to-first')], [[2, 5], [0, 3], [1, 3]]);
  assert.deepEqual([...split(11, [2, 0, 1], 'one-each')], [[2, 4], [0, 4], [1, 3]]);
  assert.deepEqual([...splitHighLow(13, [1, 2], [0], 'remainder-to-first')].sort(), [[0, 6], [1, 4], [2, 3]]);
  assert.deepEqual([isAmount(0), isAmount(-5), isAmount(2.5), isAmount('3')], [true, false, false, false]);
});

test('chips: side pots, uncalled excess, dead money (core.chips.side-pots)', () => {
  const allIn = buildPots(new Map([[0, 20], [1, 50], [2, 80], [3, 100]]), new Set([0, 1, 2, 3]));
  assert.deepEqual(allIn.pots, [{ amount: 80, eligible: [0, 1, 2, 3] }, { amount: 90, eligible: [1, 2, 3] }, { amount: 60, eligible: [2, 3] }]);
  assert.deepEqual([...allIn.returned], [[3, 20]]);
  const dead = buildPots(new Map([[0, 30], [1, 20], [2, 60], [3, 60]]), new Set([1, 2, 3]));
  assert.deepEqual(dead.pots, [{ amount: 80, eligible: [1, 2, 3] }, { amount: 90, eligible: [2, 3] }]);
  // a folded seat's largest contribution is never returned: it stays in the last pot (CORE-8)
  const folded = buildPots(new Map([[0, 30], [1, 20], [2, 10]]), new Set([1, 2]));
  assert.deepEqual([folded.pots, [...folded.returned]], [[{ amount: 30, eligible: [1, 2] }, { amount: 30, eligible: [1] }], []]);
});

test('actions: notation and what is malformed (core.notation.actions)', () => {
  assert.deepEqual(parseAction('p2 cbr 6', 2), { seat: 1, verb: 'cbr', amount: 6, cards: [], choice: '' });
  assert.deepEqual(parseAction('p1 sd 7h 8c', 2)?.cards, cards('7h 8c'));
  for (const bad of ['p1', 'p1 xx', 'p1 cbr four', 'p3 cc', 'p1 cbr', 'p1 f 2', 'p1 dec x', 'p1 pick Ac Kc', 'p1 sd Zz']) {
    assert.equal(parseAction(bad, 2), null, bad);
  }
  // one written form: lower case, one space between words; cards in any spelling (CORE-70)
  for (const bad of ['P1 cc', 'p1 CC', 'p1 dec H', 'p1  cc', ' p1 cc', 'p1 cc ', 'p1\tcc', 'p1 cbr 4.0', 'p1 cbr +4']) {
    assert.equal(parseAction(bad, 2), null, bad);
  }
  assert.deepEqual(parseAction('p1 sd kH 10d', 2)?.cards, cards('Kh Td'));
  assert.deepEqual(clockwiseFrom(4, 2), [2, 3, 0, 1]);
});

test('precedence: the first reason of the contract\'s table wins (core.contract.precedence)', () => {
  const action = (/** @type {string} */ text) => /** @type {import('../lib/core/actions.js').Action} */ (parseAction(text, 3));
  /** @type {import('../lib/core/precedence.js').Situation} */
  const base = {
    over: false, folded: () => false, committed: () => false, owesBringIn: null, capped: false,
    listing: { to_act: ['p1'], actions: ['p1 f', 'p1 cc 2', 'p1 cbr 4'] },
    reach: () => 10, stack: () => 8, hand: () => cards('As Kd'), maxDiscard: 5, rules: { wrong_amount: 'archie.betting.facing' },
  };
  const reason = (/** @type {string} */ text, /** @type {object} */ change = {}) => judge(action(text), { ...base, ...change })?.reason ?? 'ok';
  assert.equal(reason('p2 cc', { over: true, folded: () => true }), 'hand_over');
  assert.equal(reason('p2 cc', { folded: () => true, committed: () => true }), 'folded');
  assert.equal(reason('p2 cc', { committed: () => true }), 'already_committed');
  assert.equal(reason('p2 cbr 4', { capped: true }), 'not_your_turn');
  assert.equal(reason('p1 cc', { owesBringIn: 0, capped: true }), 'must_bring_in');
  assert.equal(reason('p1 cbr 99', { capped: true }), 'over_cap');
  assert.equal(reason('p1 sd As'), 'illegal_action');
  assert.equal(reason('p1 cc 99'), 'insufficient_chips');
  assert.equal(reason('p1 cc 0'), 'wrong_amount');
  assert.deepEqual([reason('p1 cc'), reason('p1 cc 2'), reason('p1 f')], ['ok', 'ok', 'ok']);
  const draw = { listing: { to_act: ['p1'], actions: ['p1 sd *'] } };
  assert.equal(reason('p1 sd 2c 2c 3c 3d 4c 9h', draw), 'too_many_cards');
  assert.equal(reason('p1 sd 2c 2c', draw), 'duplicate_card');
  assert.equal(reason('p1 sd As 2c', draw), 'card_not_in_hand');
  assert.deepEqual([reason('p1 sd', draw), reason('p1 sd Kd As', draw)], ['ok', 'ok']);
  const bids = { listing: { to_act: ['p1', 'p2'], actions: ['p1 bid 1', 'p1 bid 2', 'p1 bid 3', 'p2 bid 1', 'p2 bid 2', 'p2 bid 3'] } };
  assert.deepEqual([reason('p1 bid 9', bids), reason('p1 bid 4', bids), reason('p2 bid 3', bids)], ['insufficient_chips', 'wrong_amount', 'ok']);
  const picks = { listing: { to_act: ['p1'], actions: ['p1 pick Ac', 'p1 pick Kd'] } };
  assert.deepEqual([reason('p1 pick 2c', picks), reason('p1 pick kd', picks)], ['not_in_row', 'ok']);
});
