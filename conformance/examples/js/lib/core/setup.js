// @ts-check
/**
 * Reading the `setup` of a hand or a showdown (docs/engine-authors/case-format.md) into
 * numbers: stacks, the dealer seat, the full deck from the top (core.deck.completion), hands
 * and contributions by seat. Every game checks its own rules on top of this, in the order of
 * core.contract.setup (ruling CORE-72): the amounts, the number of seats and the dealer, each
 * seat's chips, the stakes, then the cards.
 */
import { parseDistinctCards } from './cards.js';
import { completeDeck } from './deck.js';
import { isAmount } from './chips.js';
import { parseSeat } from './actions.js';

/** @typedef {import('./cards.js').Card} Card */
/** @typedef {import('./chips.js').Seat} Seat */

/** A setup that cannot be used: the protocol's error reply. */
export class SetupError extends Error {
  /** @param {string} code @param {string} message @param {string} [token] */
  constructor(code, message, token) {
    super(message);
    this.code = code;
    this.token = token;
  }
}

/** @param {unknown} value @returns {Record<string, unknown>} */
export function asObject(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SetupError('bad_request', 'the setup is not an object');
  }
  return /** @type {Record<string, unknown>} */ (value);
}

/**
 * A hand's stacks, p1 first; a stack that is not an amount is `bad_amount`
 * (core.contract.conventions).
 * @param {Record<string, unknown>} setup
 * @returns {number[]}
 */
export function readStacks(setup) {
  const stacks = setup.stacks;
  if (!Array.isArray(stacks)) throw new SetupError('bad_request', 'stacks must be a list of amounts');
  for (const chips of stacks) if (!isAmount(chips)) throw new SetupError('bad_amount', `bad stack ${JSON.stringify(chips)}`);
  return /** @type {number[]} */ (stacks.slice());
}

/**
 * Refuses a table with a number of seats the game does not allow (core.contract.setup).
 * @param {number} seats @param {number} min @param {number} max
 */
export function checkSeatCount(seats, min, max) {
  if (seats < min || seats > max) {
    throw new SetupError('bad_seats', min === max ? `exactly ${min} seats` : `${min} to ${max} seats`);
  }
}

/**
 * The dealer, which must be one of the seats (`bad_seats`, core.contract.setup).
 * @param {Record<string, unknown>} setup @param {number} seats
 * @returns {Seat}
 */
export function readDealer(setup, seats) {
  const dealer = parseSeat(setup.dealer, seats);
  if (dealer === null) throw new SetupError('bad_seats', `the dealer ${JSON.stringify(setup.dealer)} is not a seat`);
  return dealer;
}

/**
 * The whole deck from the top: the listed cards, then the others in ascending order.
 * @param {Record<string, unknown>} setup
 * @returns {Card[]}
 */
export function readDeck(setup) {
  const listed = setup.deck ?? [];
  if (!Array.isArray(listed)) throw new SetupError('bad_request', 'the deck must be a list of cards');
  const deck = completeDeck(listed);
  if ('error' in deck) throw new SetupError(deck.error.code, `bad deck card ${deck.error.token}`, deck.error.token);
  return deck.cards;
}

/**
 * An optional whole amount (a carried pot).
 * @param {Record<string, unknown>} setup @param {string} key
 */
export function readAmount(setup, key) {
  const value = setup[key] ?? 0;
  if (!isAmount(value)) throw new SetupError('bad_amount', `bad ${key} ${JSON.stringify(value)}`);
  return value;
}

/**
 * The number of seats of a showdown setup: `seats` if given, else the highest seat named.
 * @param {Record<string, unknown>} setup
 */
export function showdownSeats(setup) {
  if (setup.seats !== undefined) {
    if (!isAmount(setup.seats)) throw new SetupError('bad_seats', 'seats must be a whole number');
    return setup.seats;
  }
  let seats = 0;
  for (const key of ['hands', 'contributed', 'declarations']) {
    const byseat = setup[key];
    if (byseat && typeof byseat === 'object') {
      for (const name of Object.keys(byseat)) {
        const seat = parseSeat(name, 99);
        if (seat !== null) seats = Math.max(seats, seat + 1);
      }
    }
  }
  for (const name of Array.isArray(setup.folded) ? setup.folded : []) {
    const seat = parseSeat(name, 99);
    if (seat !== null) seats = Math.max(seats, seat + 1);
  }
  const dealer = parseSeat(setup.dealer, 99);
  return Math.max(seats, dealer === null ? 0 : dealer + 1);
}

/**
 * A by-seat object read into a map, every key a seat of the table.
 * @template T
 * @param {unknown} value @param {number} seats @param {(v: unknown, seat: Seat) => T} read
 * @returns {Map<Seat, T>}
 */
export function readBySeat(value, seats, read) {
  const out = new Map();
  if (value === undefined) return out;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SetupError('bad_request', 'expected an object by seat');
  }
  for (const [name, v] of Object.entries(value)) {
    const seat = parseSeat(name, seats);
    if (seat === null) throw new SetupError('bad_seats', `${name} is not a seat`);
    out.set(seat, read(v, seat));
  }
  return out;
}

/**
 * The hands of a showdown setup. They are the final hands of one deal, so no card may appear
 * twice, in one hand or in two. They are read in seat order, p1 first, whatever the order of
 * the request's keys (a JSON object has none): the first unreadable or repeated token is
 * `bad_card` or `duplicate_card`, with the token as written (core.contract.setup,
 * core.cards.distinct, ruling CORE-87).
 * @param {Record<string, unknown>} setup @param {number} seats
 * @returns {Map<Seat, Card[]>}
 */
export function readHands(setup, seats) {
  const given = readBySeat(setup.hands, seats, (tokens) => {
    if (!Array.isArray(tokens)) throw new SetupError('bad_request', 'a hand is a list of cards');
    return tokens;
  });
  const hands = new Map([...given].sort(([a], [b]) => a - b));
  const read = parseDistinctCards([...hands.values()].flat());
  if ('error' in read) throw new SetupError(read.error.code, `bad card ${read.error.token}`, read.error.token);
  let at = 0;
  /** @type {Map<Seat, Card[]>} */
  const out = new Map();
  for (const [seat, tokens] of hands) {
    out.set(seat, read.cards.slice(at, at + tokens.length));
    at += tokens.length;
  }
  return out;
}

/**
 * Contributions by seat of a showdown setup (zero for a seat not named).
 * @param {Record<string, unknown>} setup @param {number} seats
 * @returns {number[]}
 */
export function readContributed(setup, seats) {
  const contributed = new Array(seats).fill(0);
  for (const [seat, chips] of readBySeat(setup.contributed, seats, (v) => {
    if (!isAmount(v)) throw new SetupError('bad_amount', `bad contribution ${JSON.stringify(v)}`);
    return v;
  })) contributed[seat] = chips;
  return contributed;
}

/**
 * The folded seats of a showdown setup.
 * @param {Record<string, unknown>} setup @param {number} seats
 * @returns {boolean[]}
 */
export function readFolded(setup, seats) {
  const folded = new Array(seats).fill(false);
  const list = setup.folded ?? [];
  if (!Array.isArray(list)) throw new SetupError('bad_request', 'folded is a list of seats');
  for (const name of list) {
    const seat = parseSeat(name, seats);
    if (seat === null) throw new SetupError('bad_seats', `${name} is not a seat`);
    folded[seat] = true;
  }
  return folded;
}
