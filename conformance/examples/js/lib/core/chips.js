// @ts-check
/**
 * Shared chapter, section 6: chips and pots (spec/core/06-chips.md).
 *
 * Seats are numbers from 0 here (`p1` is 0); amounts are whole chips.
 */

/** @typedef {number} Seat */
/** @typedef {'remainder-to-first' | 'one-each'} OddChipRule */
/** @typedef {{amount: number, eligible: Seat[]}} Pot */

/**
 * Whether a value is an amount: a whole, non-negative number (core.chips.amount).
 * @param {unknown} value
 * @returns {value is number}
 */
export const isAmount = (value) => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Shares an amount among tied winners given in priority order: each gets the amount divided
 * by their number, rounded down, and the remainder goes to the first winner, or one chip each
 * to the first winners (core.chips.split).
 * @param {number} amount
 * @param {Seat[]} winners in the game's priority order
 * @param {OddChipRule} rule
 * @returns {Map<Seat, number>}
 */
export function split(amount, winners, rule) {
  const shares = new Map();
  if (winners.length === 0) return shares;
  const each = Math.floor(amount / winners.length);
  const remainder = amount - each * winners.length;
  winners.forEach((seat, i) => {
    let share = each;
    if (rule === 'one-each') share += i < remainder ? 1 : 0;
    else if (i === 0) share += remainder;
    shares.set(seat, (shares.get(seat) ?? 0) + share);
  });
  return shares;
}

/**
 * Halves an amount between high and low, the odd chip to high, then shares each half among
 * its winners; a seat in both halves collects both shares (core.chips.odd-to-high).
 * @param {number} amount
 * @param {Seat[]} high in priority order
 * @param {Seat[]} low in priority order
 * @param {OddChipRule} rule
 */
export function splitHighLow(amount, high, low, rule) {
  const lowHalf = Math.floor(amount / 2);
  return addShares(split(amount - lowHalf, high, rule), split(lowHalf, low, rule));
}

/**
 * @param {Map<Seat, number>} a @param {Map<Seat, number>} b
 * @returns {Map<Seat, number>} the two added seat by seat
 */
export function addShares(a, b) {
  const sum = new Map(a);
  for (const [seat, chips] of b) sum.set(seat, (sum.get(seat) ?? 0) + chips);
  return sum;
}

/**
 * Builds the pots from each seat's total contribution for the hand (core.chips.side-pots):
 * first the uncalled excess of the largest contribution over the second largest goes back, if
 * the seat that put it in is still in the hand (core.chips.uncalled, ruling CORE-8); then each
 * distinct contribution of a seat still in closes a level, to which every seat, folded or not,
 * gives what it put in between the previous level and this one (core.chips.dead). Chips that
 * folded seats put in above the last level stay in the last pot, since dead money is never
 * returned.
 * @param {Map<Seat, number>} contributed
 * @param {Set<Seat>} live the seats still in the hand (not folded)
 * @returns {{pots: Pot[], returned: Map<Seat, number>}}
 */
export function buildPots(contributed, live) {
  const amounts = new Map(contributed);
  const returned = new Map();
  const sorted = [...amounts].sort((a, b) => b[1] - a[1]);
  if (sorted.length > 0) {
    const [top, topAmount] = sorted[0];
    const second = sorted.length > 1 ? sorted[1][1] : 0;
    if (topAmount > second && live.has(top)) {
      returned.set(top, topAmount - second);
      amounts.set(top, second);
    }
  }
  const levels = [...new Set([...amounts].filter(([seat]) => live.has(seat)).map(([, c]) => c))]
    .filter((level) => level > 0)
    .sort((a, b) => a - b);
  /** @type {Pot[]} */
  const pots = [];
  let previous = 0;
  for (const level of levels) {
    let amount = 0;
    /** @type {Seat[]} */
    const eligible = [];
    for (const [seat, c] of amounts) {
      amount += Math.max(0, Math.min(c, level) - previous);
      if (live.has(seat) && c >= level) eligible.push(seat);
    }
    pots.push({ amount, eligible: eligible.sort((a, b) => a - b) });
    previous = level;
  }
  let above = 0;
  for (const c of amounts.values()) above += Math.max(0, c - previous);
  if (above > 0 && pots.length > 0) pots[pots.length - 1].amount += above;
  return { pots, returned };
}
