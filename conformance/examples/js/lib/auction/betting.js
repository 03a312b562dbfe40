// @ts-check
/**
 * Auction poker, section 3: the betting round (spec/auction/03-betting.md). The round itself is
 * the shared fixed-limit round.
 */
import { LimitRound } from '../core/limit-round.js';
import { rankExposed } from '../core/exposed.js';
import { BET_UNIT, CAP } from './setup.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/limit-round.js').Table} Table */

/**
 * The opener: the best five face-up cards by the full high ranking, equal hands by seat from
 * the dealer's left (auction.betting.first, ruling AUC-6).
 * @param {Seat[]} order the seats in the hand, clockwise from the dealer's left
 * @param {Card[][]} exposed by seat
 */
export function opener(order, exposed) {
  let best = order[0];
  for (const seat of order) if (rankExposed(exposed[seat]) > rankExposed(exposed[best])) best = seat;
  return best;
}

/**
 * The single betting round: bets of 1, a bet and three raises, no fold with nothing to call
 * (auction.betting.actions, auction.betting.cap, ruling AUC-7). Bids are not part of it
 * (auction.betting.bids-not-bets).
 * @param {Table} table @param {Seat} first
 */
export const openRound = (table, first) => new LimitRound({ table, first, unit: BET_UNIT, cap: CAP, foldAnyTime: false });
