// @ts-check
// Unit tests for the three game chapters, through the hand objects the protocol drives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARCHIE } from '../lib/archie/hand.js';
import { AUCTION } from '../lib/auction/hand.js';
import { STUD } from '../lib/stud/hand.js';
import { parseCard } from '../lib/core/cards.js';
import { awardPot } from '../lib/auction/award.js';
import { PROFILES as AUCTION_PROFILES } from '../lib/auction/profiles.js';
import { dealSeventh } from '../lib/stud/running-out.js';
import { PROFILES as STUD_PROFILES } from '../lib/stud/profiles.js';
import { Stub } from '../lib/core/deck.js';

/** @param {import('../lib/game.js').Hand} hand @param {string[]} actions */
function play(hand, actions) {
  for (const a of actions) assert.equal(hand.act(a), null, a);
}

test('archie: the big blind announces first, his count is public at once (archie.deal.discard, ARC-18)', () => {
  const hand = ARCHIE.newHand(ARCHIE.profiles['archie-barge'], { stacks: [100, 100], dealer: 'p1', deck: [] });
  play(hand, ['p1 cc', 'p2 cc']);
  assert.equal(hand.act('p1 sd')?.reason, 'not_your_turn');
  assert.equal(hand.act('p2 sd 2c 2c 9s')?.reason, 'duplicate_card');
  assert.equal(hand.act('p2 sd 2c 2h 3c 3h 4c 9s')?.reason, 'too_many_cards');
  play(hand, ['p2 sd 2c 2h']);
  assert.equal(hand.act('p2 cc')?.reason, 'already_committed');
  assert.equal(hand.act('p1 cc')?.reason, 'illegal_action');
  assert.deepEqual([hand.observe().drawn, hand.observe().stub], [{ p1: 0, p2: 2 }, 42]);
  play(hand, ['p1 sd 4d']);
  const seen = hand.observe();
  assert.deepEqual([seen.phase, seen.drawn, seen.stub], ['bet-2', { p1: 1, p2: 2 }, 39]);
  // p2's block (4h 4s, the next two cards) comes before p1's one card (5c), after the kept cards
  assert.deepEqual(seen.hands, { p1: ['2d', '2s', '3d', '3s', '5c'], p2: ['3c', '3h', '4c', '4h', '4s'] });
});

test('archie: nobody qualifies, BARGE gives all to the best high, Pagat shares (archie.award.nobody)', () => {
  const setup = { dealer: 'p1', hands: { p1: ['Kh', '9d', '7c', '4s', '2h'], p2: ['4c', '4d', 'Qs', '8h', '3c'] }, contributed: { p1: 5, p2: 5 } };
  assert.deepEqual(ARCHIE.showdown(ARCHIE.profiles['archie-barge'], setup).received, { p1: 0, p2: 10 });
  assert.deepEqual(ARCHIE.showdown(ARCHIE.profiles['archie-pagat'], setup).received, { p1: 5, p2: 5 });
});

test('auction: equal bids go to the better exposed cards, then the dealer\'s left (auction.auction.order)', () => {
  const hand = AUCTION.newHand(AUCTION.profiles['auction-seed'], { stacks: [20, 20, 20], dealer: 'p3', deck: ['2c', '3c', '4c', '2d', '3d', '4d', 'Ks', '5h', '9c'] });
  play(hand, ['p1 bid 2', 'p2 bid 2', 'p3 bid 2']);
  assert.deepEqual(hand.observe().pick_order, ['p1', 'p2', 'p3']);
  play(hand, ['p1 pick 9c', 'p2 pick Ks', 'p3 pick 5h', 'p1 bid 1', 'p2 bid 1', 'p3 bid 1']);
  assert.deepEqual(hand.observe().pick_order, ['p2', 'p1', 'p3']);
});

test('auction: a tie shuts a "both" out; two failed "both" make the pot ride under Buderick (auction.award.both)', () => {
  const declared = new Map([[0, 'b'], [1, 'b'], [2, 'h']]);
  const high = new Map([[0, 9], [1, 3], [2, 5]]);
  const low = new Map([[0, 2], [1, 7], [2, 1]]);
  const seed = awardPot(40, [0, 1, 2], declared, high, low, AUCTION_PROFILES['auction-seed']);
  assert.deepEqual([seed.winners, seed.carry, seed.excluded], [{ all: [2] }, 0, [0, 1]]);
  const buderick = awardPot(40, [0, 1, 2], declared, high, low, AUCTION_PROFILES['auction-buderick']);
  assert.deepEqual([buderick.winners, buderick.carry], [null, 40]);
  const tie = awardPot(30, [0, 1], new Map([[0, 'b'], [1, 'h']]), new Map([[0, 4], [1, 4]]), new Map([[0, 9]]), AUCTION_PROFILES['auction-seed']);
  assert.deepEqual([tie.winners, tie.why.get(0)], [{ all: [1] }, { high: 'tied', low: 'won' }]);
});

test('auction: hands hold the bought cards; a committed seat or a non-picker is refused first (CORE-2, CORE-5)', () => {
  const hand = AUCTION.newHand(AUCTION.profiles['auction-seed'], { stacks: [20, 20, 19], dealer: 'p3', deck: ['2c', '3c', '2d', '3d', 'Ks', '5h'] });
  assert.deepEqual(hand.observe().sitting_out, ['p3']);
  assert.equal(hand.act('p3 bid 1')?.reason, 'not_your_turn');
  play(hand, ['p1 bid 3']);
  assert.equal(hand.act('p1 f')?.reason, 'already_committed');
  assert.equal(hand.act('p2 bid 4')?.reason, 'wrong_amount');
  assert.equal(hand.act('p2 bid 99')?.reason, 'insufficient_chips');
  assert.deepEqual([hand.observe().stacks, hand.observe().pot], [{ p1: 19, p2: 19, p3: 19 }, 2]);
  play(hand, ['p2 bid 1']);
  assert.equal(hand.act('p2 f')?.reason, 'not_your_turn');
  assert.equal(hand.act('p1 cc')?.reason, 'illegal_action');
  assert.equal(hand.act('p1 pick 9c')?.reason, 'not_in_row');
  play(hand, ['p1 pick Ks']);
  assert.deepEqual(hand.observe().hands, { p1: ['2c', '2d', 'Ks'], p2: ['3c', '3d'] });
});

test('stud: the lowest upcard brings in and may not fold or check (stud.bringin.forced)', () => {
  const hand = STUD.newHand(STUD.profiles['stud-fl-training'], { stacks: [20, 20, 20], dealer: 'p3', deck: ['Kc', 'Qc', 'Jc', 'Kd', 'Qd', 'Jd', 'Ah', '3s', '3c'] });
  assert.deepEqual(hand.legal(), { to_act: ['p3'], actions: ['p3 pb 1', 'p3 cbr 2'] });
  assert.equal(hand.act('p3 f')?.reason, 'must_bring_in');
  play(hand, ['p3 pb 1', 'p1 cc', 'p2 cc']);
  assert.equal(hand.observe().phase, 'street-4');
});

test('stud: a hand\'s own stakes, refused out of bounds after the seats (stud.profile.stakes, CORE-72)', () => {
  const profile = STUD.profiles['stud-fl-training'];
  const deck = ['Kc', 'Qc', 'Kd', 'Qd', 'Ah', '3s'];
  const stakes = { ante: 5, bring_in: 10, small_bet: 20, big_bet: 40 };
  const hand = STUD.newHand(profile, { stacks: [300, 300], dealer: 'p2', deck, stakes });
  assert.deepEqual([hand.legal(), hand.observe().pot], [{ to_act: ['p2'], actions: ['p2 pb 10', 'p2 cbr 20'] }, 10]);
  const refused = (/** @type {object} */ setup) => {
    try {
      STUD.newHand(profile, setup);
    } catch (error) {
      return /** @type {{code: string}} */ (error).code;
    }
    return 'ok';
  };
  assert.equal(refused({ stacks: [300, 300], dealer: 'p2', deck, stakes: { ...stakes, bring_in: 20 } }), 'bad_stakes');
  assert.equal(refused({ stacks: [300, 0], dealer: 'p2', deck, stakes: { ...stakes, bring_in: 20 } }), 'bad_seats');
  assert.equal(refused({ stacks: [300, 0], dealer: 'p2', deck, stakes: { ...stakes, ante: -1 } }), 'bad_amount');
});

test('stud: the last player with chips still acts, but may not bet (stud.allin.runout, STUD-70)', () => {
  const hand = STUD.newHand(STUD.profiles['stud-fl-training'], { stacks: [3, 50, 50], dealer: 'p3', deck: ['Kc', '7c', '9s', 'Kd', '8d', 'Jh', 'Ks', '2c', 'Qh', '3c', '4d', '2d', '5s'] });
  play(hand, ['p2 pb 1', 'p3 cc 1', 'p1 cbr 2', 'p2 cc 2', 'p3 cc 2', 'p2 f']);
  assert.deepEqual(hand.legal(), { to_act: ['p3'], actions: ['p3 f', 'p3 cc 0'] });
  play(hand, ['p3 cc']);
  assert.deepEqual([hand.observe().phase, hand.observe().round_bets], ['over', { p1: 0, p2: 0, p3: 0 }]);
});

test('stud: seventh street from a short stub: common card, or the burns back under (stud.runout.common)', () => {
  const dealt = () => Array.from({ length: 3 }, () => /** @type {{card: number, up: boolean}[]} */ ([]));
  const card = (/** @type {string} */ t) => /** @type {number} */ (parseCard(t));
  const short = new Stub([card('2c'), card('3c'), card('4c')]);
  assert.deepEqual(dealSeventh(short, [0, 1, 2], dealt(), [], STUD_PROFILES['stud-fl-training']), [card('3c')]);
  const last = new Stub([card('2c')]);
  assert.deepEqual(dealSeventh(last, [0, 1, 2], dealt(), [], STUD_PROFILES['stud-fl-training']), [card('2c')]);
  const back = new Stub([card('2c')]);
  const cards = dealt();
  assert.deepEqual(dealSeventh(back, [0, 1, 2], cards, [card('5c'), card('6c'), card('7c')], STUD_PROFILES['stud-reshuffle-burns']), []);
  assert.deepEqual(cards.map((c) => c[0].card), [card('5c'), card('6c'), card('7c')]);
  const exact = new Stub([card('2c'), card('3c'), card('4c')]);
  const own = dealt();
  assert.deepEqual(dealSeventh(exact, [0, 1, 2], own, [], STUD_PROFILES['stud-skip-last-burn']), []);
  assert.deepEqual(own.map((c) => c[0].card), [card('2c'), card('3c'), card('4c')]);
});

test('showdown: the hands are one deal, a card in two hands is duplicate_card (core.contract.setup)', () => {
  assert.throws(() => ARCHIE.showdown(ARCHIE.profiles['archie-barge'],
    { dealer: 'p1', hands: { p1: ['As', '2d', '3c', '4h', '5s'], p2: ['Kc', 'Qd', '9h', '7s', '3c'] }, contributed: { p1: 6, p2: 6 } }),
  { code: 'duplicate_card', token: '3c' });
});
