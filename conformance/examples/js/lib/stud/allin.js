// @ts-check
/**
 * Seven-card stud, section 5: all-in and side pots (spec/stud/05-allin.md). Calling and
 * raising all-in for less and the reopening rule live in the shared round
 * (lib/core/limit-round.js); the pots in the core chips module.
 */
import { buildPots } from '../core/chips.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/limit-round.js').Table} Table */

/**
 * @param {Table} table
 * @returns {Seat[]} the players still in who have chips, and so can bet
 */
export const ableToBet = (table) =>
  table.stacks.flatMap((chips, seat) => (!table.folded[seat] && chips > 0 ? [seat] : []));

/**
 * Whether nobody can bet any more: at most one player still in has chips; the rest of the hand
 * is dealt without betting and every hand is exposed (stud.allin.runout).
 * @param {Table} table
 */
export const nobodyCanBet = (table) => ableToBet(table).length <= 1;

/**
 * The main and side pots of the hand, from each player's total contribution, the unmatched
 * excess returned (stud.allin.pots).
 * @param {Table} table
 */
export function potsOf(table) {
  const contributed = new Map(table.contributed.map((chips, seat) => [seat, chips]));
  const live = new Set(table.folded.flatMap((f, seat) => (f ? [] : [seat])));
  return buildPots(contributed, live);
}
