// @ts-check
/**
 * Archie, section 2: the deal and three draws (spec/archie/02-deal.md).
 */
import { reject } from '../core/actions.js';
import { cardName } from '../core/cards.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/deck.js').Stub} Stub */
/** @typedef {import('../core/actions.js').Rejection} Rejection */

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
 * Why a discard may not be made, or null (archie.deal.discard).
 * @param {Card[]} hand @param {Card[]} discards
 * @returns {Rejection | null}
 */
export function checkDiscard(hand, discards) {
  if (discards.length > MAX_DISCARD) return reject('too_many_cards', `at most ${MAX_DISCARD} cards may be discarded`);
  if (new Set(discards).size !== discards.length) return reject('duplicate_card', 'a card is named twice');
  const missing = discards.find((card) => !hand.includes(card));
  return missing === undefined ? null : reject('card_not_in_hand', `${cardName(missing)} is not in the hand`);
}

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
