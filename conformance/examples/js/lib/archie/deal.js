// @ts-check
/**
 * Archie, section 2: the deal and three draws (spec/archie/02-deal.md).
 */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/deck.js').Stub} Stub */

/** Draws in a hand (archie.deal.draws). */
export const DRAWS = 3;
/** The most cards a player may discard (archie.deal.discard). */
export const MAX_DISCARD = 5;

/** @param {Seat} dealer @returns {Seat} the other player, who posts the big blind */
export const bigBlindOf = (dealer) => 1 - dealer;

/**
 * Five cards each, one at a time, the non-dealer first (archie.deal.order).
 * @param {Stub} stub @param {Seat} dealer
 * @returns {Card[][]} hands by seat
 */
export function deal(stub, dealer) {
  /** @type {Card[][]} */
  const hands = [[], []];
  const first = bigBlindOf(dealer);
  for (let i = 0; i < 5; i++) {
    hands[first].push(stub.take());
    hands[dealer].push(stub.take());
  }
  return hands;
}

/**
 * The order in which the players announce their discards: the big blind first
 * (archie.deal.discard, ruling ARC-3).
 * @param {Seat} dealer
 * @returns {Seat[]}
 */
export const drawOrder = (dealer) => [bigBlindOf(dealer), dealer];

/**
 * Deals the replacements once both have committed: the big blind's whole block first, then the
 * dealer's; kept cards stay in order and the new ones follow (archie.deal.replace).
 * @param {Card[][]} hands @param {Card[][]} discards by seat @param {Stub} stub @param {Seat} dealer
 */
export function replace(hands, discards, stub, dealer) {
  for (const seat of drawOrder(dealer)) {
    const kept = hands[seat].filter((card) => !discards[seat].includes(card));
    for (let i = 0; i < discards[seat].length; i++) kept.push(stub.take());
    hands[seat] = kept;
  }
}

/**
 * The next hand's dealer: the blinds swap (archie.deal.rotation).
 * @param {Seat} dealer
 */
export const nextDealer = (dealer) => bigBlindOf(dealer);
