// @ts-check
/**
 * Shared chapter, section 5: exposed cards and the bring-in (spec/core/05-exposed.md).
 */
import { pack, rankFive, rankGroups, repeatCategory } from './high.js';

/** @typedef {import('./cards.js').Card} Card */

/**
 * The strength of one to five face-up cards, bigger is better. One to four cards rank by their
 * repeated ranks and then the other cards, ace high, with no straights or flushes
 * (core.exposed.partial); five cards use the full high ranking (core.exposed.five).
 * @param {Card[]} cards
 */
export function rankExposed(cards) {
  if (cards.length === 5) return rankFive(cards);
  if (cards.length < 1 || cards.length > 5) {
    throw new RangeError(`an exposed hand has one to five cards, not ${cards.length}`);
  }
  const groups = rankGroups(cards);
  return pack(repeatCategory(groups), groups.map((g) => g[1]));
}

/**
 * The bring-in order of single cards (core.bringin.order): by rank, the ace high, then by suit,
 * clubs lowest. With the card numbering of cards.js this is the card's own number; the
 * lowest card brings in.
 * @param {Card} card
 */
export const bringInValue = (card) => card;
