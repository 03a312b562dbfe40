// @ts-check
/**
 * Archie, section 6: awarding the pot (spec/archie/06-award.md).
 */
import { split, splitHighLow } from '../core/chips.js';
import { qualifiesHigh, lowIfQualified } from './qualifiers.js';
import { halving, sharing } from '../core/why.js';
import { seatNames } from '../core/actions.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('./profiles.js').ArchieProfile} ArchieProfile */

/**
 * @typedef {object} ArchieAward
 * @property {'high' | 'low' | 'high-low' | 'no-qualifier'} award which rule gave the pot
 * @property {Record<string, Seat[]>} winners by direction: `high` and `low`, or `all`
 * @property {Map<Seat, number>} shares
 * @property {{high: Seat[], low: Seat[]}} qualified the seats that qualified each way
 * @property {import('../core/why.js').Why[]} why the qualifiers and the award rule that decided
 */

const SHARING = { halves: 'archie.award.split', ties: 'archie.award.ties', oddChip: 'archie.award.odd-chip' };

/**
 * @param {Seat[]} seats @param {(seat: Seat) => number} strength
 * @returns {Seat[]} the seats with the best strength
 */
export function best(seats, strength) {
  const top = Math.max(...seats.map(strength));
  return seats.filter((seat) => strength(seat) === top);
}

/**
 * Awards a pot among the hands at a showdown: split when both directions have a qualified hand
 * (archie.award.split), the whole pot to one direction (archie.award.one-way), or, when nobody
 * qualifies, the best ordinary high or equal shares by profile (archie.award.nobody,
 * archie.pagat.nobody). Ties share; a remainder goes first clockwise after the dealer
 * (archie.award.ties, archie.award.odd-chip).
 * @param {number} amount
 * @param {Map<Seat, number>} high the high strength of each hand at the showdown
 * @param {Map<Seat, Card[]>} hands
 * @param {Seat[]} priority the seats clockwise after the dealer, the dealer last
 * @param {ArchieProfile} profile
 * @returns {ArchieAward}
 */
export function awardPot(amount, high, hands, priority, profile) {
  const seats = priority.filter((seat) => high.has(seat));
  const highQ = seats.filter((seat) => qualifiesHigh(/** @type {number} */ (high.get(seat)), profile));
  /** @type {Map<Seat, number>} */
  const low = new Map();
  for (const seat of seats) {
    const strength = lowIfQualified(/** @type {Card[]} */ (hands.get(seat)));
    if (strength !== null) low.set(seat, strength);
  }
  const lowQ = seats.filter((seat) => low.has(seat));
  const highOf = (/** @type {Seat} */ seat) => /** @type {number} */ (high.get(seat));
  const lowOf = (/** @type {Seat} */ seat) => /** @type {number} */ (low.get(seat));
  const qualified = { high: highQ, low: lowQ };
  /** @type {import('../core/why.js').Why[]} */
  const why = [
    { rule: profile.highRule, say: 'qualify_high', seats: seatNames(highQ) },
    { rule: 'archie.qualify.low', say: 'qualify_low', seats: seatNames(lowQ) },
  ];
  if (highQ.length > 0 && lowQ.length > 0) {
    const winners = { high: best(highQ, highOf), low: best(lowQ, lowOf) };
    why.push(...halving(amount, winners.high, winners.low, SHARING));
    return { award: 'high-low', winners, shares: splitHighLow(amount, winners.high, winners.low, 'remainder-to-first'), qualified, why };
  }
  if (highQ.length > 0 || lowQ.length > 0) {
    const way = highQ.length > 0 ? 'high' : 'low';
    const all = way === 'high' ? best(highQ, highOf) : best(lowQ, lowOf);
    why.push({ rule: 'archie.award.one-way', say: 'one_way', way, seats: seatNames(all), amount }, ...sharing(amount, all, SHARING));
    return { award: way, winners: { all }, shares: split(amount, all, 'remainder-to-first'), qualified, why };
  }
  const all = profile.nobody === 'best-high' ? best(seats, highOf) : seats;
  why.push(profile.nobody === 'best-high'
    ? { rule: 'archie.award.nobody', say: 'nobody_best', seats: seatNames(all), amount }
    : { rule: 'archie.pagat.nobody', say: 'nobody_share', seats: seatNames(all), amount }, ...sharing(amount, all, SHARING));
  return { award: 'no-qualifier', winners: { all }, shares: split(amount, all, 'remainder-to-first'), qualified, why };
}
