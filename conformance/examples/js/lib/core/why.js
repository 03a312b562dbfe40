// @ts-check
/**
 * Why the pots went where they did: the steps of an award, each naming the rule that decided it
 * (core.contract.outcome holds what was decided; this holds why). The steps are kept beside the
 * outcome object, so the protocol's outcome stays exactly the contract's keys; a reader of the
 * engine (the site's play page) asks `whyOf(outcome)`.
 */
import { seatNames } from './actions.js';

/** @typedef {import('./chips.js').Seat} Seat */

/**
 * One step of an award: `rule` decided it; `say` names what it decided, with the seats and
 * amounts involved (`seats`; `high` and `low` for halves; `amount`; `pot`, the pot's index,
 * main pot 0; `way`, `high` or `low`; `categories`, the high-hand category of each seat it
 * compared, core.high.categories).
 * @typedef {{rule: string, say: string, seats?: string[], high?: string[], low?: string[],
 *   amount?: number, pot?: number, way?: string, categories?: Record<string, string>}} Why
 */

/** @type {WeakMap<object, Why[]>} */
const STEPS = new WeakMap();

/**
 * Keeps the steps of an outcome's award beside it.
 * @template {object} T
 * @param {T} outcome @param {Why[]} steps
 * @returns {T} the outcome
 */
export function explain(outcome, steps) {
  STEPS.set(outcome, steps);
  return outcome;
}

/** @param {object | null} outcome @returns {Why[]} the steps of its award, none if not known */
export const whyOf = (outcome) => (outcome && STEPS.get(outcome)) || [];

/**
 * The steps of sharing `amount` among `winners`: a tie, and a remainder that does not divide
 * evenly (the game's odd-chip rule).
 * @param {number} amount @param {Seat[]} winners in the order the remainder follows
 * @param {{ties: string, oddChip: string}} rules the game's rules for ties and the odd chip
 * @param {number} [pot] the pot's index
 * @returns {Why[]}
 */
export function sharing(amount, winners, rules, pot) {
  if (winners.length < 2) return [];
  /** @type {Why[]} */
  const steps = [{ rule: rules.ties, say: 'tie', seats: seatNames(winners), amount, pot }];
  const odd = amount % winners.length;
  if (odd > 0) steps.push({ rule: rules.oddChip, say: 'odd_chip', seats: seatNames(winners), amount: odd, pot });
  return steps;
}

/**
 * The steps of halving `amount` between the best high and the best low (core.chips.odd-to-high),
 * then sharing each half.
 * @param {number} amount @param {Seat[]} high @param {Seat[]} low
 * @param {{halves: string, ties: string, oddChip: string}} rules
 * @returns {Why[]}
 */
export function halving(amount, high, low, rules) {
  const lowHalf = Math.floor(amount / 2);
  /** @type {Why[]} */
  const steps = [{ rule: rules.halves, say: 'halves', high: seatNames(high), low: seatNames(low), amount }];
  if (amount % 2 === 1) steps.push({ rule: 'core.chips.odd-to-high', say: 'odd_to_high', amount: 1 });
  return steps.concat(sharing(amount - lowHalf, high, rules), sharing(lowHalf, low, rules));
}
