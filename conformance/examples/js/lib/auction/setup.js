// @ts-check
/**
 * Auction poker, section 1: setup (spec/auction/01-setup.md).
 */
import { clockwiseFrom } from '../core/actions.js';
import { checkSeatCount, SetupError } from '../core/setup.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/deck.js').Stub} Stub */

/** Two to seven players (auction.setup.players). */
export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 7;
/**
 * The training limits (auction.setup.limits); each constant is the field of the reference's
 * AuctionRules with its name in lower case (MAX_BID is max_bid): conformance/suites/test_js_parity.py
 * holds them equal, and `pokerspec where` finds them. The bids are auction.auction.bid.
 */
export const ANTE = 1;
export const MIN_BID = 1;
export const MAX_BID = 3;
export const AUCTIONS = 5;
export const BET_UNIT = 1;
export const CAP = 4;
/** What a player needs before a deal (auction.setup.reserve). */
export const RESERVE = 20;

/**
 * Refuses a table of fewer than two or more than seven seats, whatever their chips
 * (auction.setup.players; core.contract.setup, ruling CORE-72).
 * @param {number[]} stacks
 */
export const checkPlayers = (stacks) => checkSeatCount(stacks.length, MIN_PLAYERS, MAX_PLAYERS);

/**
 * The seats dealt in, clockwise from the dealer's left, the dealer last. A seat short of the
 * reserve sits out (ruling AUC-18); at least two must be dealt in (auction.setup.players).
 * @param {number[]} stacks @param {Seat} dealer
 * @returns {Seat[]}
 */
export function dealtIn(stacks, dealer) {
  const seats = clockwiseFrom(stacks.length, (dealer + 1) % stacks.length).filter((seat) => stacks[seat] >= RESERVE);
  if (seats.length < MIN_PLAYERS) throw new SetupError('bad_seats', `at least ${MIN_PLAYERS} players need ${RESERVE} chips`);
  return seats;
}

/**
 * Two hidden cards each, one at a time in two passes, from the dealer's left
 * (auction.setup.deal, ruling AUC-2).
 * @param {Stub} stub @param {Seat[]} order @param {number} seats
 * @returns {Card[][]} by seat
 */
export function dealHidden(stub, order, seats) {
  /** @type {Card[][]} */
  const hidden = Array.from({ length: seats }, () => []);
  for (let pass = 0; pass < 2; pass++) for (const seat of order) hidden[seat].push(stub.take());
  return hidden;
}
