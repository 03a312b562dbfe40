// @ts-check
/**
 * Seven-card stud, section 7: profiles (spec/stud/07-profiles.md). Every amount and choice of
 * the chapter is a field; the alternatives differ from the training profile in one field each.
 */

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
 * @property {'never-reused' | 'under-stub'} burns stud.runout.common or stud.profile.reshuffle-burns
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
};
