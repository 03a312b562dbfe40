// @ts-check
/**
 * Seven-card stud, section 3: fourth to seventh street (spec/stud/03-streets.md).
 */
import { LimitRound } from '../core/limit-round.js';
import { rankExposed } from '../core/exposed.js';

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/deck.js').Stub} Stub */
/** @typedef {import('../core/limit-round.js').Table} Table */
/** @typedef {import('./profiles.js').StudProfile} StudProfile */
/** @typedef {import('./deal.js').Dealt} Dealt */

/** @param {Dealt[]} cards @returns {Card[]} the face-up cards, in the order dealt */
export const upcards = (cards) => cards.filter((d) => d.up).map((d) => d.card);

/**
 * The best board among the given seats, equal boards going to the seat dealt first
 * (stud.streets.first-actor, ruling STUD-7; also stud.showdown.order).
 * @param {Seat[]} seats in dealing order
 * @param {Dealt[][]} cards by seat
 */
export function bestBoard(seats, cards) {
  let best = seats[0];
  for (const seat of seats) if (rankExposed(upcards(cards[seat])) > rankExposed(upcards(cards[best]))) best = seat;
  return best;
}

/**
 * The bet size of a street: the small bet on third and fourth, the big bet from fifth on
 * (stud.streets.limits).
 * @param {number} street 3..7 @param {StudProfile} profile
 */
export const unitOf = (street, profile) => (street <= 4 ? profile.smallBet : profile.bigBet);

/**
 * A betting round: fold at any turn, a bet and three raises (stud.streets.actions, ruling
 * STUD-6, stud.streets.cap, stud.streets.close).
 * @param {Table} table @param {Seat} first @param {number} street @param {StudProfile} profile
 */
export const openRound = (table, first, street, profile) =>
  new LimitRound({ table, first, unit: unitOf(street, profile), cap: profile.cap, foldAnyTime: true });

/**
 * A burn, then one card to every player still in, in dealing order: face up on fourth to sixth
 * street (stud.streets.burn, stud.streets.cards).
 * @param {Stub} stub @param {Seat[]} players in dealing order @param {Dealt[][]} cards by seat
 * @param {Card[]} burns the burned cards, added to
 */
export function dealStreet(stub, players, cards, burns) {
  burns.push(stub.take());
  for (const seat of players) cards[seat].push({ card: stub.take(), up: true });
}
