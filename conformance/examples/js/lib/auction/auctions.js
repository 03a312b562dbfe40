// @ts-check
/**
 * Auction poker, section 2: the five auctions (spec/auction/02-auctions.md).
 */
import { rankExposed } from '../core/exposed.js';
import { MAX_BID, MIN_BID } from './setup.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/deck.js').Stub} Stub */

/**
 * A new row: one card per player from the top of the deck (auction.auction.row).
 * @param {Stub} stub @param {number} players
 * @returns {Card[]}
 */
export function dealRow(stub, players) {
  return Array.from({ length: players }, () => stub.take());
}

/** The bids a player may make: a whole number from 1 to 3 (auction.auction.bid, ruling AUC-3). */
export const BIDS = Array.from({ length: MAX_BID - MIN_BID + 1 }, (_, i) => MIN_BID + i);

/**
 * The pick order: the highest bid first; equal bids by the better combination of the cards
 * already showing before this row, then by seat from the dealer's left (auction.auction.order,
 * ruling AUC-4).
 * @param {Seat[]} order the seats clockwise from the dealer's left
 * @param {number[]} bids by seat
 * @param {Card[][]} exposed by seat, before this row
 * @returns {Seat[]}
 */
export function pickOrder(order, bids, exposed) {
  const showing = (/** @type {Seat} */ seat) => (exposed[seat].length ? rankExposed(exposed[seat]) : 0);
  return order
    .map((seat, position) => ({ seat, position, bid: bids[seat], showing: showing(seat) }))
    .sort((a, b) => b.bid - a.bid || b.showing - a.showing || a.position - b.position)
    .map((entry) => entry.seat);
}
