// @ts-check
/**
 * Seven-card stud, section 7: profiles (spec/stud/07-profiles.md). Every amount and choice of
 * the chapter is a field; the alternatives differ from the training profile in one field each.
 */

import { isAmount } from '../core/chips.js';
import { SetupError } from '../core/setup.js';

/**
 * @typedef {object} StudProfile
 * @property {string} name
 * @property {number} ante
 * @property {number} bringIn the smaller bring-in amount
 * @property {number} smallBet third and fourth street
 * @property {number} bigBet fifth to seventh street
 * @property {number} cap full bets per round: the bet (or completion) and three raises
 * @property {'first-shown' | 'suit'} oddChip stud.showdown.odd-chip or stud.profile.odd-chip-suit
 * @property {'best-board' | 'last-aggressor'} showOrder stud.showdown.order or stud.profile.last-aggressor
 * @property {'never-reused' | 'under-stub' | 'skip-last'} burns seventh street from a short stub:
 *   stud.runout.common, stud.profile.reshuffle-burns or stud.profile.skip-last-burn
 */

/** @type {StudProfile} the default (stud.profile.training) */
const TRAINING = {
  name: 'stud-fl-training', ante: 1, bringIn: 1, smallBet: 2, bigBet: 4, cap: 4,
  oddChip: 'first-shown', showOrder: 'best-board', burns: 'never-reused',
};

/** @type {Record<string, StudProfile>} */
export const PROFILES = {
  'stud-fl-training': TRAINING,
  'stud-odd-chip-suit': { ...TRAINING, name: 'stud-odd-chip-suit', oddChip: 'suit' },
  'stud-last-aggressor': { ...TRAINING, name: 'stud-last-aggressor', showOrder: 'last-aggressor' },
  'stud-reshuffle-burns': { ...TRAINING, name: 'stud-reshuffle-burns', burns: 'under-stub' },
  'stud-skip-last-burn': { ...TRAINING, name: 'stud-skip-last-burn', burns: 'skip-last' },
};

/** The four amounts of a table's stakes, as a hand's setup names them (stud.profile.stakes). */
const STAKES = /** @type {const} */ ([['ante', 'ante'], ['bring_in', 'bringIn'], ['small_bet', 'smallBet'], ['big_bet', 'bigBet']]);

/**
 * The profile with a hand's own stakes in place of its amounts, every other rule the profile's
 * (stud.profile.stakes). Each stake must be an amount (`bad_amount`); the bounds are checked
 * later, after the seats (checkStakes).
 * @param {StudProfile} profile @param {unknown} stakes the setup's `stakes`, if any
 * @returns {StudProfile}
 */
export function withStakes(profile, stakes) {
  if (stakes === undefined) return profile;
  if (stakes === null || typeof stakes !== 'object' || Array.isArray(stakes)) throw new SetupError('bad_request', 'stakes is an object');
  const given = /** @type {Record<string, unknown>} */ (stakes);
  const out = { ...profile };
  for (const [key, field] of STAKES) {
    const value = given[key];
    if (!isAmount(value)) throw new SetupError('bad_amount', `bad ${key} ${JSON.stringify(value)}`);
    out[field] = value;
  }
  return out;
}

/**
 * Refuses stakes outside their bounds: 0 <= ante, 0 < bring-in < small bet <= big bet
 * (`bad_stakes`, stud.profile.stakes, ruling STUD-40).
 * @param {StudProfile} profile
 */
export function checkStakes({ bringIn, smallBet, bigBet }) {
  if (!(bringIn > 0 && bringIn < smallBet && smallBet <= bigBet)) {
    throw new SetupError('bad_stakes', 'the stakes need 0 < bring-in < small bet <= big bet');
  }
}
