// @ts-check
/**
 * Archie, section 3: betting actions and closing a round (spec/archie/03-betting.md). The
 * round itself is the shared fixed-limit round; this module sets it up.
 */
import { LimitRound } from '../core/limit-round.js';
import { BIG_BLIND, CAP, SMALL_BLIND, unitOf } from './table.js';
import { bigBlindOf } from './deal.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/limit-round.js').Table} Table */

/**
 * Betting round 1..4. In the first the blinds are live and the big blind is the round's bet;
 * the dealer (small blind) acts first. After a draw the big blind acts first
 * (archie.betting.first, archie.table.blinds, ruling ARC-5). Folding with nothing to call is
 * refused (archie.betting.open, ruling ARC-4).
 * @param {number} round @param {Table} table @param {Seat} dealer
 */
export function openRound(round, table, dealer) {
  const options = { table, unit: unitOf(round), cap: CAP, foldAnyTime: false };
  if (round > 1) return new LimitRound({ ...options, first: bigBlindOf(dealer) });
  const bets = [0, 0];
  bets[dealer] = SMALL_BLIND;
  bets[bigBlindOf(dealer)] = BIG_BLIND;
  return new LimitRound({ ...options, first: dealer, bets, fullBets: 1 });
}

/**
 * Posts the blinds before the deal (archie.table.blinds).
 * @param {Table} table @param {Seat} dealer
 */
export function postBlinds(table, dealer) {
  for (const [seat, blind] of /** @type {[Seat, number][]} */ ([[dealer, SMALL_BLIND], [bigBlindOf(dealer), BIG_BLIND]])) {
    table.stacks[seat] -= blind;
    table.contributed[seat] += blind;
  }
}
