// @ts-check
/**
 * Auction poker, section 5: awarding the pot (spec/auction/05-award.md).
 */
import { split, splitHighLow } from '../core/chips.js';
import { claimsHigh, claimsLow } from './declaration.js';
import { seatNames } from '../core/actions.js';
import { halving, sharing } from '../core/why.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('./profiles.js').AuctionProfile} AuctionProfile */
/** @typedef {'won' | 'tied' | 'lost'} Result */

/**
 * @typedef {object} AuctionAward
 * @property {Map<Seat, number>} shares
 * @property {Record<string, Seat[]> | null} winners `high` and `low` for a divided pot, `all`
 *   for a pot that is not halved (core.contract.winners); null when the pot carries over
 * @property {number} carry chips carried to the next deal
 * @property {Seat[]} excluded the "both" declarers shut out
 * @property {Map<Seat, {high: Result, low: Result}>} why how each shut-out player did each way
 * @property {import('../core/why.js').Why[]} steps the rules that decided, in order
 */

const SHARING = { halves: 'auction.award.division', ties: 'auction.award.ties', oddChip: 'auction.award.odd-chip' };

/**
 * How a seat's strength does against every other claimant's.
 * @param {Seat} seat @param {Seat[]} claimants @param {Map<Seat, number>} strength
 * @returns {Result}
 */
function against(seat, claimants, strength) {
  const mine = /** @type {number} */ (strength.get(seat));
  let tied = false;
  for (const other of claimants) {
    if (other === seat) continue;
    const theirs = /** @type {number} */ (strength.get(other));
    if (theirs > mine) return 'lost';
    if (theirs === mine) tied = true;
  }
  return tied ? 'tied' : 'won';
}

/**
 * @param {Seat[]} seats in priority order @param {Map<Seat, number>} strength
 * @returns {Seat[]} the best of them, in priority order
 */
function best(seats, strength) {
  const top = Math.max(...seats.map((seat) => /** @type {number} */ (strength.get(seat))));
  return seats.filter((seat) => strength.get(seat) === top);
}

/**
 * Awards the pot among the declared players. A "both" declarer must beat every other high
 * claimant and every other low claimant; the one who does takes the pot, the others are shut
 * out and block nobody (auction.award.both, rulings AUC-11, AUC-14). Otherwise the pot is
 * halved between the best high and the best low (auction.award.division), goes whole to one
 * direction, labelled `all` (auction.award.one-direction, ruling CORE-4) or carries over when
 * nobody is left
 * (auction.award.carry) or, under Buderick, when two "both" declarers failed
 * (auction.profile.buderick-rides). Ties share; the odd chip goes to high and a remainder to
 * the first winner from the dealer's left (auction.award.ties, auction.award.odd-chip).
 * @param {number} amount the pot, carried chips included
 * @param {Seat[]} priority the declared players, clockwise from the dealer's left
 * @param {Map<Seat, string>} declarations
 * @param {Map<Seat, number>} high high strengths (auction.declare.high)
 * @param {Map<Seat, number>} low low strengths (auction.declare.low)
 * @param {AuctionProfile} profile
 * @returns {AuctionAward}
 */
export function awardPot(amount, priority, declarations, high, low, profile) {
  const choice = (/** @type {Seat} */ seat) => /** @type {string} */ (declarations.get(seat));
  const highClaim = priority.filter((seat) => claimsHigh(choice(seat)));
  const lowClaim = priority.filter((seat) => claimsLow(choice(seat)));
  const both = priority.filter((seat) => choice(seat) === 'b');
  const why = new Map();
  /** @type {import('../core/why.js').Why[]} */
  const steps = [];
  for (const seat of both) {
    const result = { high: against(seat, highClaim, high), low: against(seat, lowClaim, low) };
    if (result.high === 'won' && result.low === 'won') {
      steps.push({ rule: 'auction.award.both', say: 'both_won', seats: seatNames([seat]), amount });
      return { shares: split(amount, [seat], 'remainder-to-first'), winners: { all: [seat] }, carry: 0, excluded: [], why: new Map(), steps };
    }
    why.set(seat, result);
    steps.push({ rule: 'auction.award.both', say: 'both_failed', seats: seatNames([seat]) });
  }
  const left = priority.filter((seat) => choice(seat) !== 'b');
  const carry = { shares: new Map(), winners: null, carry: amount, excluded: both, why, steps };
  if (left.length === 0) {
    steps.push({ rule: 'auction.award.carry', say: 'carry', amount });
    return carry;
  }
  if (profile.rides === 'two-failed' && both.length >= 2) {
    steps.push({ rule: 'auction.profile.buderick-rides', say: 'carry_two_failed', amount });
    return carry;
  }
  const highLeft = left.filter((seat) => choice(seat) === 'h');
  const lowLeft = left.filter((seat) => choice(seat) === 'l');
  if (highLeft.length > 0 && lowLeft.length > 0) {
    const winners = { high: best(highLeft, high), low: best(lowLeft, low) };
    steps.push(...halving(amount, winners.high, winners.low, SHARING));
    return { shares: splitHighLow(amount, winners.high, winners.low, 'remainder-to-first'), winners, carry: 0, excluded: both, why, steps };
  }
  const way = highLeft.length > 0 ? 'high' : 'low';
  const winners = way === 'high' ? best(highLeft, high) : best(lowLeft, low);
  steps.push({ rule: 'auction.award.one-direction', say: 'one_way', way, seats: seatNames(winners), amount }, ...sharing(amount, winners, SHARING));
  return { shares: split(amount, winners, 'remainder-to-first'), winners: { all: winners }, carry: 0, excluded: both, why, steps };
}
