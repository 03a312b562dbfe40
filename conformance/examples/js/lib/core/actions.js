// @ts-check
/**
 * Shared chapter, section 7: actions and observables (spec/core/07-actions.md): seats, the
 * action notation, the closed list of rejection reasons.
 */
import { parseCard } from './cards.js';

/** @typedef {import('./cards.js').Card} Card */
/** @typedef {import('./chips.js').Seat} Seat */

/**
 * The closed list of rejection reasons, in the order they are checked (core.notation.reasons,
 * core.contract.precedence; lib/core/precedence.js).
 * @typedef {'malformed' | 'hand_over' | 'folded' | 'already_committed' | 'not_your_turn'
 *   | 'must_bring_in' | 'over_cap' | 'illegal_action' | 'insufficient_chips' | 'wrong_amount'
 *   | 'too_many_cards' | 'duplicate_card' | 'card_not_in_hand' | 'not_in_row'} Reason
 */

/**
 * A refusal: its reason, a message, and the ID of the rule that forbids the action (the rule
 * named with the reason in the order of rejection reasons, or the game's rule for the moment;
 * lib/core/precedence.js). The protocol replies with the reason and message only.
 * @typedef {{reason: Reason, message: string, rule: string}} Rejection
 */

/**
 * @param {Reason} reason @param {string} message
 * @param {string} [rule] the rule that forbids it (core.notation.actions for `malformed`,
 *   otherwise core.contract.precedence unless a game names its own)
 * @returns {Rejection}
 */
export const reject = (reason, message, rule) =>
  ({ reason, message, rule: rule ?? (reason === 'malformed' ? 'core.notation.actions' : 'core.contract.precedence') });

/**
 * A read action (core.notation.actions). `amount` is set for cc (when given), cbr, pb and bid;
 * `cards` for sd (possibly empty) and pick (one card); `choice` for dec.
 * @typedef {{seat: Seat, verb: Verb, amount: number | null, cards: Card[], choice: string}} Action
 */
/** @typedef {'f' | 'cc' | 'cbr' | 'pb' | 'sd' | 'sm' | 'mu' | 'bid' | 'pick' | 'dec'} Verb */

/** How many arguments each verb takes, and of what kind. */
const VERBS = /** @type {Record<Verb, 'none' | 'amount?' | 'amount' | 'cards' | 'card' | 'choice'>} */ ({
  f: 'none', cc: 'amount?', cbr: 'amount', pb: 'amount', sd: 'cards', sm: 'none', mu: 'none',
  bid: 'amount', pick: 'card', dec: 'choice',
});

/** @param {Seat} seat @returns {string} `p1` for seat 0 (core.notation.seats) */
export const seatName = (seat) => `p${seat + 1}`;

/**
 * @param {unknown} text @param {number} seats the number of seats at the table
 * @returns {Seat | null} the seat, or null when it is not one of `p1`..`pN`
 */
export function parseSeat(text, seats) {
  if (typeof text !== 'string' || !/^p[1-9][0-9]*$/.test(text)) return null;
  const seat = Number(text.slice(1)) - 1;
  return seat < seats ? seat : null;
}

/** @param {string} text @returns {number | null} */
const parseAmountToken = (text) => (/^(0|[1-9][0-9]*)$/.test(text) ? Number(text) : null);

/**
 * Reads an action; null when it cannot be read: an unknown verb, a bad seat, card or amount,
 * a missing or extra argument, or any spelling but the one the notation shows: seats, verbs
 * and declaration letters in lower case, amounts in digits with no leading zero (ruling
 * CORE-81), words separated by exactly one space (`malformed`, core.notation.actions, ruling
 * CORE-70). Whether the action is allowed is
 * the game's business (lib/core/precedence.js), so verbs of every game are read here.
 * @param {unknown} text
 * @param {number} seats the number of seats at the table
 * @returns {Action | null}
 */
export function parseAction(text, seats) {
  if (typeof text !== 'string') return null;
  const words = text.split(' ');
  if (words.includes('')) return null;
  const [seatText, verbText, ...args] = words;
  const seat = parseSeat(seatText, seats);
  if (seat === null || verbText === undefined || !Object.hasOwn(VERBS, verbText)) return null;
  const verb = /** @type {Verb} */ (verbText);
  /** @type {Action} */
  const action = { seat, verb, amount: null, cards: [], choice: '' };
  switch (VERBS[verb]) {
    case 'none':
      return args.length === 0 ? action : null;
    case 'amount?':
    case 'amount': {
      if (args.length === 0 && VERBS[verb] === 'amount?') return action;
      if (args.length !== 1) return null;
      action.amount = parseAmountToken(args[0]);
      return action.amount === null ? null : action;
    }
    case 'cards':
    case 'card': {
      if (VERBS[verb] === 'card' && args.length !== 1) return null;
      for (const token of args) {
        const card = parseCard(token);
        if (card === null) return null;
        action.cards.push(card);
      }
      return action;
    }
    case 'choice':
      if (args.length !== 1 || !['l', 'h', 'b'].includes(args[0])) return null;
      action.choice = args[0];
      return action;
  }
}

/**
 * Writes a listed action with its exact amount (core.notation.legal).
 * @param {Seat} seat @param {string} verb @param {number | string} [what]
 */
export const formatAction = (seat, verb, what) =>
  what === undefined ? `${seatName(seat)} ${verb}` : `${seatName(seat)} ${verb} ${what}`;

/**
 * Seats clockwise starting with `first` (core.notation.seats).
 * @param {number} seats @param {Seat} first
 * @returns {Seat[]}
 */
export const clockwiseFrom = (seats, first) =>
  Array.from({ length: seats }, (_, i) => (first + i) % seats);

/**
 * An observable or outcome value by seat (core.notation.observables): `{p1: ..., p2: ...}`.
 * @template T
 * @param {T[]} values by seat
 * @param {(seat: Seat) => boolean} [include] which seats to list (all by default)
 * @returns {Record<string, T>}
 */
export function bySeat(values, include) {
  /** @type {Record<string, T>} */
  const out = {};
  values.forEach((value, seat) => {
    if (!include || include(seat)) out[seatName(seat)] = value;
  });
  return out;
}

/**
 * A map by seat written as an object by seat name.
 * @template T
 * @param {Map<Seat, T>} map
 * @returns {Record<string, T>}
 */
export function mapBySeat(map) {
  /** @type {Record<string, T>} */
  const out = {};
  for (const seat of [...map.keys()].sort((a, b) => a - b)) out[seatName(seat)] = /** @type {T} */ (map.get(seat));
  return out;
}

/** @param {Seat[]} seats @returns {string[]} */
export const seatNames = (seats) => seats.map(seatName);

/**
 * The chip observables every game reports (core.notation.observables): `pot` (all chips on the
 * table, a carried pot included), `stacks`, `contributed`, `round_bets` and `folded`.
 * @param {{stacks: number[], contributed: number[], folded: boolean[]}} table
 * @param {number[]} roundBets @param {number} [carried]
 */
export function chipObservables(table, roundBets, carried = 0) {
  return {
    pot: carried + table.contributed.reduce((a, b) => a + b, 0),
    stacks: bySeat(table.stacks),
    contributed: bySeat(table.contributed),
    round_bets: bySeat(roundBets),
    folded: seatNames(table.folded.flatMap((f, seat) => (f ? [seat] : []))),
  };
}
