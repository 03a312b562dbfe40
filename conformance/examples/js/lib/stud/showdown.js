// @ts-check
/**
 * Seven-card stud, section 6: showdown (spec/stud/06-showdown.md).
 */
import { categoryOf, rankHigh } from '../core/high.js';
import { split } from '../core/chips.js';
import { bestBoard } from './streets.js';
import { seatName, seatNames } from '../core/actions.js';
import { sharing } from '../core/why.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/chips.js').Pot} Pot */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('./profiles.js').StudProfile} StudProfile */
/** @typedef {import('./deal.js').Dealt} Dealt */

/**
 * The show order: the best board first (or, under stud-last-aggressor, the last player to bet or
 * raise on seventh street), then clockwise from him (stud.showdown.order,
 * stud.profile.last-aggressor).
 * @param {Seat[]} players still in, in dealing order
 * @param {Dealt[][]} cards by seat
 * @param {Seat | null} lastAggressor on seventh street
 * @param {StudProfile} profile
 * @returns {Seat[]}
 */
export function showOrder(players, cards, lastAggressor, profile) {
  const first = profile.showOrder === 'last-aggressor' && lastAggressor !== null && players.includes(lastAggressor)
    ? lastAggressor : bestBoard(players, cards);
  const at = players.indexOf(first);
  return players.slice(at).concat(players.slice(0, at));
}

/**
 * Whether the player whose turn it is may muck: not the first to show, and not the last player
 * still claiming any pot he is eligible for (stud.showdown.muck).
 * @param {Seat} seat @param {boolean} first whether nobody has shown yet
 * @param {Pot[]} pots @param {Set<Seat>} mucked
 */
export function mayMuck(seat, first, pots, mucked) {
  if (first) return false;
  return pots.every((pot) => !pot.eligible.includes(seat) || pot.eligible.some((other) => other !== seat && !mucked.has(other)));
}

/**
 * The order in which tied winners get a remainder: the order they showed, whole remainder to
 * the first (stud.showdown.odd-chip); or by each one's highest own card, rank then suit, one
 * chip each (stud.profile.odd-chip-suit).
 * @param {Seat[]} winners in show order
 * @param {Card[][]} own each seat's own cards
 * @param {StudProfile} profile
 * @returns {{order: Seat[], rule: import('../core/chips.js').OddChipRule}}
 */
export function oddChipOrder(winners, own, profile) {
  if (profile.oddChip === 'first-shown') return { order: winners, rule: 'remainder-to-first' };
  const highest = (/** @type {Seat} */ seat) => Math.max(...own[seat]);
  return { order: winners.slice().sort((a, b) => highest(b) - highest(a)), rule: 'one-each' };
}

/**
 * Awards each pot to the best hand among its eligible players who showed; each player's hand is
 * the best five of his own cards and the common card (stud.showdown.award, ruling STUD-12).
 * @param {Pot[]} pots
 * @param {Seat[]} shown in show order
 * @param {Card[][]} own each seat's own cards
 * @param {Card[]} common
 * @param {StudProfile} profile
 * @returns {{winners: Seat[], shares: Map<Seat, number>, why: import('../core/why.js').Why[]}[]} by pot, with
 *   the rules that decided it: the best hand among its claimants, or its only claimant; ties and
 *   the odd chip
 */
export function awardPots(pots, shown, own, common, profile) {
  /** @type {Map<Seat, number>} */
  const strength = new Map();
  const strengthOf = (/** @type {Seat} */ seat) => {
    if (!strength.has(seat)) strength.set(seat, rankHigh(own[seat].concat(common)));
    return /** @type {number} */ (strength.get(seat));
  };
  return pots.map((pot, index) => {
    const claimants = shown.filter((seat) => pot.eligible.includes(seat));
    const top = claimants.length === 1 ? 0 : Math.max(...claimants.map(strengthOf));
    const winners = claimants.length === 1 ? claimants : claimants.filter((seat) => strengthOf(seat) === top);
    const { order, rule } = oddChipOrder(winners, own, profile);
    const oddChip = profile.oddChip === 'first-shown' ? 'stud.showdown.odd-chip' : 'stud.profile.odd-chip-suit';
    /** @type {import('../core/why.js').Why} */
    const award = { rule: 'stud.showdown.award', say: claimants.length === 1 ? 'pot_alone' : 'pot_best', pot: index,
      seats: seatNames(winners), amount: pot.amount };
    if (claimants.length > 1) award.categories = Object.fromEntries(claimants.map((seat) => [seatName(seat), categoryOf(strengthOf(seat))]));
    const why = [award, ...sharing(pot.amount, order, { ties: 'stud.showdown.odd-chip', oddChip }, index, { split: rule })];
    return { winners, shares: split(pot.amount, order, rule), why };
  });
}
