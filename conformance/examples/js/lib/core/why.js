// @ts-check
/**
 * Why the pots went where they did: the steps of an award, each naming the rule that decided it
 * (core.contract.outcome holds what was decided; this holds why). The steps are kept beside the
 * outcome object, so the protocol's outcome stays exactly the contract's keys; a reader of the
 * engine (the site's play page) asks `whyOf(outcome)`.
 */
import { seatName, seatNames } from './actions.js';
import { split } from './chips.js';

/** @typedef {import('./chips.js').Seat} Seat */

/**
 * One step of an award: `rule` decided it; `say` names what it decided, with the seats and
 * amounts involved (`seats`; `high` and `low` for halves; `amount`; `pot`, the pot's index,
 * main pot 0; `way`, `high` or `low`, also the half a tie shares; `categories`, the high-hand
 * category of each seat it compared, core.high.categories; `chips`, for the odd chips, how many
 * each seat gets, in the order they go).
 * @typedef {{rule: string, say: string, seats?: string[], high?: string[], low?: string[],
 *   amount?: number, pot?: number, way?: string, categories?: Record<string, string>,
 *   chips?: [string, number][]}} Why
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
 * @param {{way?: string, split?: import('./chips.js').OddChipRule}} [how] the half shared (`high` or `low`), and how the
 *   remainder goes (chips.js `split`: all to the first, or one each in order)
 * @returns {Why[]}
 */
export function sharing(amount, winners, rules, pot, how = {}) {
  if (winners.length < 2) return [];
  /** @type {Why[]} */
  const steps = [{ rule: rules.ties, say: 'tie', seats: seatNames(winners), amount, pot, way: how.way }];
  const each = Math.floor(amount / winners.length);
  const odd = amount - each * winners.length;
  if (odd > 0) {
    const shares = split(amount, winners, how.split ?? 'remainder-to-first');
    /** @type {[string, number][]} */
    const chips = winners.flatMap((seat) => ((shares.get(seat) ?? 0) > each ? [[seatName(seat), (shares.get(seat) ?? 0) - each]] : []));
    steps.push({ rule: rules.oddChip, say: 'odd_chip', seats: seatNames(winners), amount: odd, pot, chips });
  }
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
  return steps.concat(sharing(amount - lowHalf, high, rules, undefined, { way: 'high' }),
    sharing(lowHalf, low, rules, undefined, { way: 'low' }));
}
