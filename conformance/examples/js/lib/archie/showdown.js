// @ts-check
/**
 * Archie, section 4: fold and showdown (spec/archie/04-showdown.md), and the outcome a hand
 * reports: exactly Archie's keys of core.contract.outcome.
 */
import { bySeat, mapBySeat, seatName, seatNames, clockwiseFrom } from '../core/actions.js';
import { categoryOf, rankFive } from '../core/high.js';
import { split } from '../core/chips.js';
import { awardPot } from './award.js';
import { nextDealer } from './deal.js';
import { explain } from '../core/why.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('./profiles.js').ArchieProfile} ArchieProfile */

/**
 * The end of a hand. With one player left he takes the whole pot at once, unshown and whatever
 * his cards (archie.showdown.fold); otherwise both hands are shown and the cards speak in every
 * direction they qualify for (archie.showdown.expose, archie.showdown.cards-speak). The pot is
 * everything both put in (chapter 6).
 * @param {Card[][]} hands by seat
 * @param {number[]} contributed by seat
 * @param {boolean[]} folded by seat
 * @param {Seat} dealer
 * @param {ArchieProfile} profile
 */
export function settle(hands, contributed, folded, dealer, profile) {
  const amount = contributed.reduce((a, b) => a + b, 0);
  const priority = clockwiseFrom(hands.length, (dealer + 1) % hands.length);
  const live = priority.filter((seat) => !folded[seat]);
  /** @type {Record<string, unknown>} */
  const outcome = {};
  let shares;
  /** @type {import('../core/why.js').Why[]} */
  let why;
  if (live.length === 1) {
    shares = split(amount, live, 'remainder-to-first');
    why = [{ rule: 'archie.showdown.fold', say: 'uncontested', seats: seatNames(live), amount }];
    outcome.result = 'fold';
    outcome.pots = [{ amount, eligible: seatNames(live), winners: { all: seatNames(live) }, shares: mapBySeat(shares) }];
    outcome.shown = [];
  } else {
    /** @type {Map<Seat, number>} */
    const high = new Map(live.map((seat) => [seat, rankFive(hands[seat])]));
    const award = awardPot(amount, high, new Map(live.map((seat) => [seat, hands[seat]])), priority, profile);
    shares = award.shares;
    outcome.categories = mapBySeat(new Map([...high].map(([seat, strength]) => [seat, categoryOf(strength)])));
    why = [{ rule: 'archie.showdown.cards-speak', say: 'cards_speak', seats: seatNames(live),
      categories: /** @type {Record<string, string>} */ (outcome.categories) }, ...award.why];
    const winners = Object.fromEntries(Object.entries(award.winners).map(([way, seats]) => [way, seatNames(seats)]));
    outcome.result = 'showdown';
    outcome.pots = [{ amount, eligible: seatNames(live), winners, shares: mapBySeat(shares) }];
    outcome.shown = seatNames(live.slice().sort((a, b) => a - b));
    outcome.award = award.award;
    outcome.qualified = { high: seatNames(award.qualified.high), low: seatNames(award.qualified.low) };
  }
  const received = contributed.map((_, seat) => shares.get(seat) ?? 0);
  outcome.received = bySeat(received);
  outcome.net = bySeat(received.map((chips, seat) => chips - contributed[seat]));
  outcome.next_dealer = seatName(nextDealer(dealer));
  return explain(outcome, why);
}
