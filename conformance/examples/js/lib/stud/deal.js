// @ts-check
/**
 * Seven-card stud, section 1: the deal (spec/stud/01-deal.md).
 */
import { clockwiseFrom } from '../core/actions.js';
import { checkSeatCount, SetupError } from '../core/setup.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/deck.js').Stub} Stub */
/** @typedef {{card: Card, up: boolean}} Dealt */

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 8;

/**
 * Refuses a table of fewer than two or more than eight seats (stud.deal.players).
 * @param {number[]} stacks
 */
export const checkPlayers = (stacks) => checkSeatCount(stacks.length, MIN_PLAYERS, MAX_PLAYERS);

/**
 * Refuses a seat without chips (stud.deal.players); checked after the seats and the dealer, and
 * before the stakes (core.contract.setup, ruling CORE-72).
 * @param {number[]} stacks
 */
export function checkChips(stacks) {
  if (stacks.some((chips) => chips === 0)) throw new SetupError('bad_seats', 'every stud seat has chips');
}

/**
 * The dealing order: clockwise from the button's left, the button last (stud.deal.order).
 * @param {number} seats @param {Seat} button
 */
export const dealingOrder = (seats, button) => clockwiseFrom(seats, (button + 1) % seats);

/**
 * Third street: a card face down to everybody, a second face down, then one face up, one at a
 * time in dealing order (stud.deal.order, ruling STUD-2).
 * @param {Stub} stub @param {Seat[]} order
 * @param {Dealt[][]} cards by seat, filled in
 */
export function dealThirdStreet(stub, order, cards) {
  for (const up of [false, false, true]) for (const seat of order) cards[seat].push({ card: stub.take(), up });
}
