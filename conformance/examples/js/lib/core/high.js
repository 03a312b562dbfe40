// @ts-check
/**
 * Shared chapter, section 3: high hands (spec/core/03-high.md).
 *
 * A hand's strength is one number, bigger is better: the category times 16^5, plus the ranks
 * that decide within the category, most significant first, four bits each
 * (core.high.kickers). Suits never enter it (core.high.suits).
 */
import { rankOf, suitOf } from './cards.js';

/** @typedef {import('./cards.js').Card} Card */

/** The nine categories, worst first; the index is the category's strength (core.high.categories). */
export const CATEGORIES = /** @type {const} */ ([
  'high-card', 'one-pair', 'two-pair', 'three-of-a-kind', 'straight',
  'flush', 'full-house', 'four-of-a-kind', 'straight-flush',
]);
/** @typedef {typeof CATEGORIES[number]} Category */

export const HIGH_CARD = 0;
export const ONE_PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;

const CATEGORY_UNIT = 16 ** 5;

/** @param {number} strength @returns {Category} */
export const categoryOf = (strength) => CATEGORIES[Math.floor(strength / CATEGORY_UNIT)];

/**
 * Packs a category and its deciding ranks (most significant first) into one strength.
 * @param {number} category @param {number[]} ranks
 */
export function pack(category, ranks) {
  let key = 0;
  for (let i = 0; i < 5; i++) key = key * 16 + (i < ranks.length ? ranks[i] + 1 : 0);
  return category * CATEGORY_UNIT + key;
}

/**
 * Values grouped by how often they occur: the larger group first, then the higher value. Each
 * entry is [count, value].
 * @param {number[]} values
 * @returns {[number, number][]}
 */
export function groupsOf(values) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, count]) => /** @type {[number, number]} */ ([count, value]))
    .sort((a, b) => b[0] - a[0] || b[1] - a[1]);
}

/**
 * Ranks grouped by how often they occur, the ace high (core.high.kickers).
 * @param {Card[]} cards
 */
export const rankGroups = (cards) => groupsOf(cards.map(rankOf));

/**
 * The category of repeated ranks alone (no straights or flushes), as used for exposed cards too.
 * @param {[number, number][]} groups
 */
export function repeatCategory(groups) {
  const top = groups[0][0];
  const second = groups.length > 1 ? groups[1][0] : 0;
  if (top === 4) return FOUR_OF_A_KIND;
  if (top === 3) return second >= 2 ? FULL_HOUSE : THREE_OF_A_KIND;
  if (top === 2) return second === 2 ? TWO_PAIR : ONE_PAIR;
  return HIGH_CARD;
}

/**
 * The strength of exactly five cards (core.high.categories, core.high.kickers, core.high.wheel,
 * core.high.no-wraparound).
 * @param {Card[]} five
 */
export function rankFive(five) {
  const groups = rankGroups(five);
  const suit = suitOf(five[0]);
  const flush = five.every((card) => suitOf(card) === suit);
  if (groups.length === 5) {
    const ranks = groups.map((g) => g[1]);
    let top = -1;
    if (ranks[0] - ranks[4] === 4) top = ranks[0];
    else if (ranks[0] === 12 && ranks[1] === 3) top = 3; // A-2-3-4-5: five high, the ace plays low
    if (top >= 0) return pack(flush ? STRAIGHT_FLUSH : STRAIGHT, [top]);
    return pack(flush ? FLUSH : HIGH_CARD, ranks);
  }
  return pack(repeatCategory(groups), groups.map((g) => g[1]));
}

/** The 21 (or fewer) ways to choose five of up to seven card positions. */
const FIVE_OF = /** @type {Record<number, number[][]>} */ ({});
for (let n = 5; n <= 7; n++) {
  /** @type {number[][]} */
  const ways = [];
  const pick = (/** @type {number} */ start, /** @type {number[]} */ chosen) => {
    if (chosen.length === 5) { ways.push(chosen); return; }
    for (let i = start; i < n; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  FIVE_OF[n] = ways;
}

/**
 * Every five-card choice from five to seven cards.
 * @param {Card[]} cards
 * @returns {Card[][]}
 */
export function fivesOf(cards) {
  const ways = FIVE_OF[cards.length];
  if (!ways) throw new RangeError(`a hand has five to seven cards, not ${cards.length}`);
  return ways.map((way) => way.map((i) => cards[i]));
}

/**
 * The strength of the best five of five to seven cards (core.high.best-five).
 * @param {Card[]} cards
 */
export function rankHigh(cards) {
  let best = -1;
  for (const five of fivesOf(cards)) {
    const strength = rankFive(five);
    if (strength > best) best = strength;
  }
  return best;
}
