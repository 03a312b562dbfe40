// @ts-check
/**
 * Seven-card stud, section 2: antes and the bring-in (spec/stud/02-bringin.md).
 */
import { formatAction } from '../core/actions.js';
import { bringInValue } from '../core/exposed.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/actions.js').Action} Action */
/** @typedef {import('../core/limit-round.js').LimitRound} LimitRound */
/** @typedef {import('../core/limit-round.js').Table} Table */
/** @typedef {import('./profiles.js').StudProfile} StudProfile */
/** @typedef {import('./deal.js').Dealt} Dealt */

/**
 * Everybody antes; a player with less puts in all he has and is all-in (stud.bringin.ante).
 * @param {Table} table @param {number} ante
 */
export function postAntes(table, ante) {
  table.stacks.forEach((chips, seat) => {
    const paid = Math.min(ante, chips);
    table.stacks[seat] -= paid;
    table.contributed[seat] += paid;
  });
}

/**
 * Who brings in: the lowest upcard by the bring-in order, among the players with chips left
 * (stud.bringin.lowest, ruling STUD-3).
 * @param {Dealt[][]} cards by seat @param {Seat[]} able the players who can still bet
 */
export function bringer(cards, able) {
  const upcard = (/** @type {Seat} */ seat) => bringInValue(/** @type {Dealt} */ (cards[seat].find((d) => d.up)).card);
  return able.reduce((low, seat) => (upcard(seat) < upcard(low) ? seat : low));
}

/**
 * The bring-in's two choices: the smaller amount (`pb`) or a full small bet (`cbr`); short of
 * chips, all he has (stud.bringin.forced, stud.bringin.short). He may neither fold nor check:
 * `must_bring_in` (core.contract.precedence).
 * @param {number} stack the bringer's chips @param {StudProfile} profile
 * @returns {{pb: number, cbr: number | null}}
 */
export function bringInOptions(stack, profile) {
  if (stack <= profile.bringIn) return { pb: stack, cbr: null };
  return { pb: profile.bringIn, cbr: Math.min(profile.smallBet, stack) };
}

/**
 * @param {Seat} seat @param {number} stack @param {StudProfile} profile
 * @returns {string[]}
 */
export function bringInLegal(seat, stack, profile) {
  const options = bringInOptions(stack, profile);
  const actions = [formatAction(seat, 'pb', options.pb)];
  if (options.cbr !== null) actions.push(formatAction(seat, 'cbr', options.cbr));
  return actions;
}

/**
 * Posts the bring-in. The smaller amount is not a bet, so the next players can complete it;
 * a full bring-in is the round's bet (stud.bringin.forced, stud.bringin.respond). Posting counts
 * as acting (stud.bringin.close).
 * @param {LimitRound} round @param {Action} action
 */
export function applyBringIn(round, action) {
  const seat = action.seat;
  const amount = /** @type {number} */ (action.amount);
  if (action.verb === 'pb') {
    round.pay(seat, amount);
    round.level = amount;
  } else {
    round.raise(seat, amount);
  }
  round.acted[seat] = true;
  round.passTurn(seat);
}
