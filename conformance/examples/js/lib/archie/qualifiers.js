// @ts-check
/**
 * Archie, section 5: the two qualifiers (spec/archie/05-qualifiers.md).
 */
import { ONE_PAIR, pack } from '../core/high.js';
import { lowBadness, qualifiesEight } from '../core/low.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('./profiles.js').ArchieProfile} ArchieProfile */

/**
 * Whether a high strength qualifies: the profile's lowest pair (sixes under BARGE, nines under
 * Pagat) or any better hand; any two pair qualifies (archie.qualify.high, archie.pagat.high).
 * @param {number} strength a five-card high strength (archie.qualify.high-order)
 * @param {ArchieProfile} profile
 */
export const qualifiesHigh = (strength, profile) => strength >= pack(ONE_PAIR, [profile.highPairRank]);

/**
 * The hand's low strength (bigger is better) if it qualifies eight or better, else null
 * (archie.qualify.low, archie.qualify.low-order).
 * @param {Card[]} five
 * @returns {number | null}
 */
export const lowIfQualified = (five) => (qualifiesEight(five) ? -lowBadness(five) : null);
