// @ts-check
/**
 * Shared chapter, section 2: the deck (spec/core/02-deck.md).
 */
import { parseDistinctCards } from './cards.js';

/** @typedef {import('./cards.js').Card} Card */
/** @typedef {import('./cards.js').CardError} CardError */

/**
 * The full deck from the top: the listed cards, then every other card in ascending order
 * (core.deck.order, core.deck.completion).
 * @param {unknown[]} listed
 * @returns {{cards: Card[]} | {error: CardError}}
 */
export function completeDeck(listed) {
  const read = parseDistinctCards(listed);
  if ('error' in read) return read;
  const used = new Set(read.cards);
  const cards = read.cards.slice();
  for (let card = 0; card < 52; card++) if (!used.has(card)) cards.push(card);
  return { cards };
}

/**
 * Deals from the top of a deck held as an array whose index `next` is the top card.
 */
export class Stub {
  /** @param {Card[]} cards the deck from the top */
  constructor(cards) {
    /** @type {Card[]} */
    this.cards = cards;
    this.next = 0;
  }

  /** @returns {number} cards not yet dealt */
  get size() {
    return this.cards.length - this.next;
  }

  /** @returns {Card} the top card, taken off */
  take() {
    if (this.next >= this.cards.length) throw new Error('the stub is empty');
    return this.cards[this.next++];
  }

  /** Puts cards under the stub, in the given order. @param {Card[]} cards */
  putUnder(cards) {
    this.cards = this.cards.slice(this.next).concat(cards);
    this.next = 0;
  }
}
