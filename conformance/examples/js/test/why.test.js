// @ts-check
/** The rule behind each refusal and each award step (lib/core/why.js), read from the spec text. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ARCHIE } from '../lib/archie/hand.js';
import { STUD } from '../lib/stud/hand.js';
import { awardPot } from '../lib/auction/award.js';
import { PROFILES as AUCTION_PROFILES } from '../lib/auction/profiles.js';
import { whyOf } from '../lib/core/why.js';
import { AUCTION } from '../lib/auction/hand.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** @param {string} dir @returns {string[]} every file below dir */
const files = (dir) => readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));

/** @param {import('../lib/game.js').Hand} hand @param {string} action */
const refused = (hand, action) => { const r = hand.act(action); return r && [r.reason, r.rule]; };

test('a refusal names the rule that forbids it at that moment', () => {
  const hand = ARCHIE.newHand(ARCHIE.profiles['archie-barge'], { stacks: [100, 100], dealer: 'p1', deck: [] });
  assert.deepEqual(refused(hand, 'p1 cc 0'), ['wrong_amount', 'archie.betting.facing']);
  assert.deepEqual(refused(hand, 'p1  cc'), ['malformed', 'core.notation.actions']);
  assert.deepEqual(refused(hand, 'p1 sd'), ['illegal_action', 'archie.betting.then-draw']);
  assert.equal(hand.act('p1 cc'), null);
  // the small blind only called: the big blind's option, where he may not fold (ARC-6)
  assert.deepEqual(refused(hand, 'p2 f'), ['illegal_action', 'archie.betting.option']);
  assert.deepEqual(refused(hand, 'p1 cc'), ['not_your_turn', 'archie.betting.first']);
  assert.equal(hand.act('p2 cc'), null);
  // the draw: big blind announces first, at most five distinct cards of his own
  assert.deepEqual(refused(hand, 'p1 sd'), ['not_your_turn', 'archie.deal.discard']);
  assert.deepEqual(refused(hand, 'p2 sd 2c 2c'), ['duplicate_card', 'archie.deal.discard']);
  // a bet or a fold in the draw waits for the next betting round (ARC-9)
  assert.deepEqual(refused(hand, 'p2 cbr 2'), ['illegal_action', 'archie.betting.then-draw']);
  assert.deepEqual(refused(hand, 'p2 f'), ['illegal_action', 'archie.betting.then-draw']);
  const auction = AUCTION.newHand(AUCTION.profiles['auction-seed'], { stacks: [30, 30, 30], dealer: 'p3' });
  // nobody leaves during the auctions: a fold is refused by that rule, a bet by the sealed bids'
  assert.deepEqual(refused(auction, 'p1 f'), ['illegal_action', 'auction.setup.no-leaving']);
  assert.deepEqual(refused(auction, 'p1 cbr 2'), ['illegal_action', 'auction.auction.bid']);
  const stud = STUD.newHand(STUD.profiles['stud-fl-training'], { stacks: [20, 20, 20], dealer: 'p3', deck: ['Kc', 'Qc', 'Jc', 'Kd', 'Qd', 'Jd', 'Ah', '3s', '3c'] });
  assert.deepEqual(refused(stud, 'p3 f'), ['must_bring_in', 'stud.bringin.forced']);
  assert.deepEqual(refused(stud, 'p1 cc'), ['not_your_turn', 'stud.bringin.lowest']);
});

test('an Archie award names the qualifiers and the rule that gave the pot', () => {
  // p1 king high, no pair, no eight-low; p2 a pair of fours: below sixes (BARGE) and nines (Pagat)
  const setup = { dealer: 'p1', hands: { p1: ['Kh', '9d', '7c', '4s', '2h'], p2: ['4c', '4d', 'Qs', '8h', '3c'] }, contributed: { p1: 5, p2: 5 } };
  const rules = (/** @type {string} */ profile) => whyOf(ARCHIE.showdown(ARCHIE.profiles[profile], setup)).map((s) => `${s.rule} ${s.say}`);
  assert.deepEqual(rules('archie-barge'), ['archie.showdown.cards-speak cards_speak', 'archie.qualify.high qualify_high',
    'archie.qualify.low qualify_low', 'archie.award.nobody nobody_best']);
  // Pagat: nobody qualifies, 10 shared by two: a tie, no odd chip
  assert.deepEqual(rules('archie-pagat').slice(1), ['archie.pagat.high qualify_high', 'archie.qualify.low qualify_low',
    'archie.pagat.nobody nobody_share', 'archie.award.ties tie']);
  // a fold: the other takes the pot unshown
  const folded = ARCHIE.showdown(ARCHIE.profiles['archie-barge'], { ...setup, folded: ['p1'] });
  assert.deepEqual(whyOf(folded), [{ rule: 'archie.showdown.fold', say: 'uncontested', seats: ['p2'], amount: 10 }]);
});

test('an Auction award: failed "both" declarers, halves with the odd chip to high, a pot that rides', () => {
  const declared = new Map([[0, 'b'], [1, 'b'], [2, 'h']]);
  const high = new Map([[0, 9], [1, 3], [2, 5]]);
  const low = new Map([[0, 2], [1, 7], [2, 1]]);
  const seed = awardPot(40, [0, 1, 2], declared, high, low, AUCTION_PROFILES['auction-seed']);
  assert.deepEqual(seed.steps.map((s) => s.say), ['both_failed', 'both_failed', 'one_way']);
  assert.equal(seed.steps[2].rule, 'auction.award.one-direction');
  const buderick = awardPot(40, [0, 1, 2], declared, high, low, AUCTION_PROFILES['auction-buderick']);
  assert.deepEqual(buderick.steps.at(-1), { rule: 'auction.profile.buderick-rides', say: 'carry_two_failed', amount: 40 });
  // 41 halved: 21 to high (the odd chip, core.chips.odd-to-high), 20 to low shared by two tied lows
  const halves = awardPot(41, [0, 1, 2], new Map([[0, 'h'], [1, 'l'], [2, 'l']]), high, new Map([[1, 4], [2, 4]]), AUCTION_PROFILES['auction-seed']);
  assert.deepEqual(halves.steps.map((s) => [s.rule, s.say]), [['auction.award.division', 'halves'],
    ['core.chips.odd-to-high', 'odd_to_high'], ['auction.award.ties', 'tie']]);
});

test('a stud pot names the hands it compared: pair of aces against three kings', () => {
  const setup = { dealer: 'p2', hands: { p1: ['As', 'Ad', '2c', '3d', '4h', '9s', 'Tc'], p2: ['Kc', 'Kd', 'Ks', '5h', '6c', '8d', 'Jh'] },
    contributed: { p1: 10, p2: 10 } };
  const steps = whyOf(STUD.showdown(STUD.profiles['stud-fl-training'], setup));
  const award = steps.find((s) => s.say === 'pot_best');
  assert.deepEqual(award, { rule: 'stud.showdown.award', say: 'pot_best', pot: 0, seats: ['p2'], amount: 20,
    categories: { p1: 'one-pair', p2: 'three-of-a-kind' } });
});

test('every showdown case of the suite is explained, each step by a rule of the spec', () => {
  const anchors = new Set(files(join(ROOT, 'spec')).filter((f) => /[0-9]-[a-z-]+\.md$/.test(f))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/\{#([a-z0-9.-]+)\}/g)].map((m) => m[1])));
  /** @type {Record<string, import('../lib/game.js').Game>} */
  const games = { archie: ARCHIE, auction: AUCTION, stud: STUD };
  let explained = 0;
  for (const file of files(join(ROOT, 'conformance', 'vectors')).filter((f) => f.endsWith('.json'))) {
    const data = JSON.parse(readFileSync(file, 'utf8'));
    if (data.kind !== 'showdown' || 'error' in data.expect) continue; // a refused showdown has no award to explain
    for (const profile of data.profiles) {
      const steps = whyOf(games[data.game].showdown(games[data.game].profiles[profile], data.setup));
      assert.ok(steps.length > 0, `${data.id} ${profile}`);
      for (const step of steps) assert.ok(anchors.has(step.rule), `${data.id}: ${step.rule}`);
      explained++;
    }
  }
  assert.ok(explained > 40, `${explained}`);
});

test('odd chips are named chip by chip, and a tie in a half names the half', async () => {
  const { sharing, halving } = await import('../lib/core/why.js');
  const rules = { ties: 't', oddChip: 'o', halves: 'h' };
  // 8 among three, p3 first: the remainder of 2 goes whole to p3, or one each to p3 and p1
  assert.deepEqual(sharing(8, [2, 0, 1], rules, 0).at(-1)?.chips, [['p3', 2]]);
  assert.deepEqual(sharing(8, [2, 0, 1], rules, 0, { split: 'one-each' }).at(-1)?.chips, [['p3', 1], ['p1', 1]]);
  const ways = halving(16, [1, 0], [0, 1], rules).filter((s) => s.say === 'tie').map((s) => [s.way, s.amount]);
  assert.deepEqual(ways, [['high', 8], ['low', 8]]);
});
