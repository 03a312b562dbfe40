// @ts-check
/**
 * What every game module offers the protocol: its profiles, a hand in progress and a showdown
 * on its own (docs/engine-authors/protocol.md, `new_hand`, `legal`, `act`, `observe`,
 * `outcome`, `showdown`).
 */

/** @typedef {import('./core/actions.js').Rejection} Rejection */

/**
 * A hand in progress. `act` returns null when the action was applied, or the rejection; a
 * rejected action changes nothing (core.notation.reasons).
 * @typedef {object} Hand
 * @property {() => {to_act: string[], actions: string[]}} legal
 * @property {(text: unknown) => Rejection | null} act
 * @property {() => Record<string, unknown>} observe
 * @property {() => Record<string, unknown> | null} outcome
 */

/**
 * @typedef {object} Game
 * @property {string} name
 * @property {Record<string, {name: string}>} profiles
 * @property {(profile: {name: string}, setup: unknown) => Hand} newHand
 * @property {(profile: {name: string}, setup: unknown) => Record<string, unknown>} showdown
 */

export {};
