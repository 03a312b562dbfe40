// @ts-check
/**
 * Auction poker, section 6: profiles (spec/auction/06-profiles.md).
 */

/**
 * @typedef {object} AuctionProfile
 * @property {string} name
 * @property {'everybody-failed' | 'two-failed'} rides when the pot carries over: only when every
 *   player left declared both and failed (auction.profile.seed), or as soon as two or more
 *   "both" declarers failed (auction.profile.buderick-rides)
 */

/** @type {Record<string, AuctionProfile>} */
export const PROFILES = {
  'auction-seed': { name: 'auction-seed', rides: 'everybody-failed' },
  'auction-buderick': { name: 'auction-buderick', rides: 'two-failed' },
};
