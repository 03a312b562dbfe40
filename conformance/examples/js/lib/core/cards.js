// @ts-check
/**
 * Shared chapter, section 1: cards and notation (spec/core/01-cards.md).
 *
 * A card is a small integer, `rankIndex * 4 + suitIndex`, with ranks 2..A as 0..12 and suits
 * c, d, h, s as 0..3. That number is also the card's place in the ascending deck order
 * (core.deck.cards) and in the bring-in order (core.bringin.order), so both come for free.
 */

/** @typedef {number} Card  0..51, rankIndex * 4 + suitIndex */

/** The rank letters, lowest first (core.cards.ranks). */
export const RANKS = '23456789TJQKA';
/** The suit letters in the order clubs, diamonds, hearts, spades (core.cards.suits). */
export const SUITS = 'cdhs';

/** @type {Record<string, number>} suit spellings accepted on input (core.cards.notation) */
const SUIT_INPUT = {
  c: 0, d: 1, h: 2, s: 3,
  '♣': 0, '♦': 1, '♥': 2, '♠': 3,
  '♧': 0, '♢': 1, '♡': 2, '♤': 3,
};

/** @param {Card} card @returns {number} rank index, 0 for a two .. 12 for an ace */
export const rankOf = (card) => card >> 2;
/** @param {Card} card @returns {number} suit index, 0 clubs .. 3 spades */
export const suitOf = (card) => card & 3;

/** @param {Card} card @returns {string} the canonical spelling, e.g. `As` */
export function cardName(card) {
  return RANKS[card >> 2] + SUITS[card & 3];
}

/** @param {Card[]} cards @returns {string[]} */
export const cardNames = (cards) => cards.map(cardName);

/**
 * Reads one token as a card: exactly one rank (a letter or digit, or `10`) followed by one suit
 * (a letter or a symbol), in any letter case (core.cards.notation).
 * @param {unknown} token
 * @returns {Card | null} null when the token is not a card
 */
export function parseCard(token) {
  if (typeof token !== 'string') return null;
  const chars = Array.from(token);
  let rankText;
  let suitText;
  if (chars.length === 2) {
    [rankText, suitText] = chars;
  } else if (chars.length === 3 && chars[0] === '1' && chars[1] === '0') {
    rankText = 'T';
    suitText = chars[2];
  } else {
    return null;
  }
  const rank = RANKS.indexOf(rankText.toUpperCase());
  const suit = SUIT_INPUT[suitText.toLowerCase()];
  if (rank < 0 || suit === undefined) return null;
  return rank * 4 + suit;
}

/**
 * @typedef {{code: 'bad_card' | 'duplicate_card', token: string}} CardError
 * The first token that is not a card, or that repeats a card already read (core.cards.distinct).
 */

/**
 * Reads tokens as one hand or deal: distinct cards, in input order.
 * @param {unknown[]} tokens
 * @returns {{cards: Card[]} | {error: CardError}}
 */
export function parseDistinctCards(tokens) {
  /** @type {Card[]} */
  const cards = [];
  const seen = new Set();
  for (const token of tokens) {
    const card = parseCard(token);
    if (card === null) return { error: { code: 'bad_card', token: String(token) } };
    if (seen.has(card)) return { error: { code: 'duplicate_card', token: String(token) } };
    seen.add(card);
    cards.push(card);
  }
  return { cards };
}
