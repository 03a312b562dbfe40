// @ts-check
/**
 * Archie, section 7: profiles (spec/archie/07-profiles.md). A profile is data: the two rules
 * on which BARGE and Pagat differ.
 */

/**
 * @typedef {object} ArchieProfile
 * @property {string} name
 * @property {number} highPairRank the lowest pair that qualifies for high, as a rank index
 *   (4 = sixes, archie.qualify.high; 7 = nines, archie.pagat.high)
 * @property {string} highRule the rule that sets it
 * @property {'best-high' | 'share-equally'} nobody what a showdown where nobody qualifies does
 *   (archie.award.nobody; archie.pagat.nobody)
 */

/** @type {Record<string, ArchieProfile>} */
export const PROFILES = {
  'archie-barge': { name: 'archie-barge', highPairRank: 4, highRule: 'archie.qualify.high', nobody: 'best-high' },
  'archie-pagat': { name: 'archie-pagat', highPairRank: 7, highRule: 'archie.pagat.high', nobody: 'share-equally' },
};
