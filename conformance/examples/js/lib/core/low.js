// @ts-check
/**
 * Shared chapter, section 4: low hands (spec/core/04-low.md).
 *
 * A low's "badness" is one number, smaller is better: the kind of repetition (none, one pair,
 * two pair, three of a kind, full house, four of a kind) times 16^5, plus the ranks in the
 * order they are compared, the ace counting one. To keep "bigger is better" everywhere else,
 * `rankLow` returns its negation.
 */
import { rankOf } from './cards.js';
import { fivesOf, groupsOf } from './high.js';

/** @typedef {import('./cards.js').Card} Card */

/** @param {Card} card @returns {number} 1 for an ace .. 13 for a king (core.low.ace) */
export const lowValue = (card) => (rankOf(card) + 1) % 13 + 1;

/**
 * The repetition kinds, best first (core.low.unpaired-first, core.low.repeats). The key is the
 * sorted group sizes.
 * @type {Record<string, number>}
 */
const REPEAT_KIND = { '11111': 0, '2111': 1, '221': 2, '311': 3, '32': 4, '41': 5 };

/**
 * Badness of exactly five cards as an ace-to-five low; straights and flushes are ignored
 * (core.low.no-straights, core.low.compare, core.low.repeats). Smaller is better.
 * @param {Card[]} five
 */
export function lowBadness(five) {
  const groups = groupsOf(five.map(lowValue));
  let key = REPEAT_KIND[groups.map((g) => g[0]).join('')];
  for (let i = 0; i < 5; i++) key = key * 16 + (i < groups.length ? groups[i][1] : 0);
  return key;
}

/**
 * The best ace-to-five low of five to seven cards, as a strength (bigger is better)
 * (core.low.best-five).
 * @param {Card[]} cards
 */
export function rankLow(cards) {
  let best = Infinity;
  for (const five of fivesOf(cards)) {
    const badness = lowBadness(five);
    if (badness < best) best = badness;
  }
  return -best;
}

/**
 * Whether five cards qualify as eight or better: five different ranks, none above eight, the
 * ace counting one (core.low8.qualifier).
 * @param {Card[]} five
 */
export function qualifiesEight(five) {
  const values = new Set(five.map(lowValue));
  return values.size === 5 && five.every((card) => lowValue(card) <= 8);
}

/**
 * The best qualifying eight-or-better low among five to seven cards, as a strength (bigger is
 * better), or null when no five qualify.
 * @param {Card[]} cards
 * @returns {number | null}
 */
export function rankLowEight(cards) {
  let best = Infinity;
  for (const five of fivesOf(cards)) {
    if (!qualifiesEight(five)) continue;
    const badness = lowBadness(five);
    if (badness < best) best = badness;
  }
  return best === Infinity ? null : -best;
}
