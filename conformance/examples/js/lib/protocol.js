// @ts-check
/**
 * The exec protocol (docs/engine-authors/protocol.md): one request in, one reply out. The core
 * chapter's requests (parse, rank, split, pots) are answered here from lib/core; the games'
 * (new_hand, legal, act, observe, outcome, showdown) by the game modules.
 */
import { cardName, parseDistinctCards } from './core/cards.js';
import { categoryOf, rankHigh } from './core/high.js';
import { rankLow, rankLowEight } from './core/low.js';
import { bringInValue, rankExposed } from './core/exposed.js';
import { buildPots, isAmount, split, splitHighLow } from './core/chips.js';
import { mapBySeat, parseSeat, seatNames } from './core/actions.js';
import { SetupError } from './core/setup.js';
import { ARCHIE } from './archie/hand.js';
import { AUCTION } from './auction/hand.js';
import { STUD } from './stud/hand.js';

/** @typedef {import('./game.js').Game} Game */
/** @typedef {import('./game.js').Hand} Hand */
/** @typedef {import('./core/cards.js').Card} Card */
/** @typedef {Record<string, unknown>} Message */

export const ENGINE = { name: 'pokerspec-js', version: '1.0.0' };
export const PROTOCOL = 1;
export const MINOR = 1;

/** @type {Record<string, Game>} */
const GAMES = { archie: ARCHIE, auction: AUCTION, stud: STUD };

const OBSERVABLES = ['phase', 'pot', 'stacks', 'round_bets', 'contributed', 'exposed', 'hands', 'row', 'common',
  'folded', 'stub', 'bids', 'pick_order', 'declarations', 'drawn', 'sitting_out'];

/** An error reply. */
class RequestError extends Error {
  /** @param {string} code @param {string} message @param {string} [token] */
  constructor(code, message, token) {
    super(message);
    this.code = code;
    this.token = token;
  }
}

/** @param {unknown[]} tokens @returns {Card[]} */
function readCards(tokens) {
  if (!Array.isArray(tokens)) throw new RequestError('bad_request', 'expected a list of cards');
  const read = parseDistinctCards(tokens);
  if ('error' in read) throw new RequestError(read.error.code, `bad card ${read.error.token}`, read.error.token);
  return read.cards;
}

/** @param {unknown} names @returns {number[]} */
function readSeats(names) {
  if (names === undefined) return [];
  if (!Array.isArray(names)) throw new RequestError('bad_request', 'expected a list of seats');
  return names.map((name) => {
    const seat = parseSeat(name, 99);
    if (seat === null) throw new RequestError('bad_request', `${JSON.stringify(name)} is not a seat`);
    return seat;
  });
}

/**
 * Hand indexes grouped best first, ties together in input order.
 * @param {(number | null)[]} strengths bigger is better; null hands are left out
 */
function orderOf(strengths) {
  const ranked = [...new Set(strengths.filter((s) => s !== null))].sort((a, b) => b - a);
  return ranked.map((s) => strengths.flatMap((t, i) => (t === s ? [i] : [])));
}

/** @param {Message} req */
function rank(req) {
  if (!Array.isArray(req.hands)) throw new RequestError('bad_request', 'hands must be a list');
  const hands = req.hands.map(readCards);
  /** @param {boolean} ok @param {string} what */
  const need = (ok, what) => { if (!ok) throw new RequestError('bad_request', what); };
  switch (req.ranking) {
    case 'high': {
      need(hands.every((h) => h.length >= 5 && h.length <= 7), 'a high hand has five to seven cards');
      const strengths = hands.map(rankHigh);
      return { order: orderOf(strengths), categories: strengths.map(categoryOf) };
    }
    case 'low-a5':
      need(hands.every((h) => h.length >= 5 && h.length <= 7), 'a low hand has five to seven cards');
      return { order: orderOf(hands.map(rankLow)) };
    case 'low-8': {
      need(hands.every((h) => h.length >= 5 && h.length <= 7), 'a low hand has five to seven cards');
      const strengths = hands.map(rankLowEight);
      return { order: orderOf(strengths), qualifies: strengths.map((s) => s !== null) };
    }
    case 'exposed': {
      need(hands.every((h) => h.length >= 1 && h.length <= 5), 'an exposed hand has one to five cards');
      const strengths = hands.map(rankExposed);
      return { order: orderOf(strengths), categories: strengths.map(categoryOf) };
    }
    case 'bring-in':
      need(hands.every((h) => h.length === 1), 'the bring-in ranks single cards');
      return { order: orderOf(hands.map((h) => -bringInValue(h[0]))) };
    default:
      throw new RequestError('bad_request', `unknown ranking ${JSON.stringify(req.ranking)}`);
  }
}

/** @param {Message} req */
function splitAmount(req) {
  if (!isAmount(req.amount)) throw new RequestError('bad_amount', `bad amount ${JSON.stringify(req.amount)}`);
  const rule = req.odd_chip ?? 'remainder-to-first';
  if (rule !== 'remainder-to-first' && rule !== 'one-each') throw new RequestError('bad_request', 'unknown odd_chip rule');
  if (req.winners !== undefined && (req.high !== undefined || req.low !== undefined)) {
    throw new RequestError('bad_request', 'a split gives winners, or high and low, not both');
  }
  const shares = req.winners !== undefined
    ? split(req.amount, readSeats(req.winners), rule)
    : splitHighLow(req.amount, readSeats(req.high), readSeats(req.low), rule);
  return { shares: mapBySeat(shares) };
}

/** @param {Message} req */
function pots(req) {
  const given = req.contributed;
  if (!given || typeof given !== 'object' || Array.isArray(given)) throw new RequestError('bad_request', 'contributed is an object by seat');
  /** @type {Map<number, number>} */
  const contributed = new Map();
  for (const [name, chips] of Object.entries(given)) {
    const [seat] = readSeats([name]);
    if (!isAmount(chips)) throw new RequestError('bad_amount', `bad amount ${JSON.stringify(chips)}`);
    contributed.set(seat, chips);
  }
  const folded = new Set(readSeats(req.folded));
  const live = new Set([...contributed.keys()].filter((seat) => !folded.has(seat)));
  const total = [...contributed.values()].reduce((a, b) => a + b, 0);
  if (total > 0 && ![...live].some((seat) => (contributed.get(seat) ?? 0) > 0)) {
    // core.contract.core-ops: chips that no seat still in put anything against make no pot
    throw new RequestError('bad_request', 'chips in the pot but no seat still in put anything in');
  }
  const built = buildPots(contributed, live);
  return {
    pots: built.pots.map((p) => ({ amount: p.amount, eligible: seatNames(p.eligible) })),
    returned: mapBySeat(built.returned),
  };
}

/**
 * A deep copy of a hand that keeps every object's class and every shared reference (two fields
 * holding one object still hold one object), for the `branch` capability: `push` keeps one,
 * `pop` puts it back; and for `probe`, which acts on one and lists what follows. Frozen objects (profiles, tables) are shared, not copied.
 * @template T
 * @param {T} value
 * @param {Map<object, unknown>} [seen] the copies made so far, by original
 * @returns {T}
 */
export function copyOf(value, seen = new Map()) {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  const known = seen.get(value);
  if (known !== undefined) return /** @type {T} */ (known);
  /** @type {any} */
  let copy;
  if (Array.isArray(value)) {
    copy = [];
    seen.set(value, copy);
    for (const item of value) copy.push(copyOf(item, seen));
  } else if (value instanceof Map) {
    copy = new Map();
    seen.set(value, copy);
    for (const [k, v] of value) copy.set(k, copyOf(v, seen));
  } else if (value instanceof Set) {
    copy = new Set();
    seen.set(value, copy);
    for (const item of value) copy.add(copyOf(item, seen));
  } else {
    copy = Object.create(Object.getPrototypeOf(value));
    seen.set(value, copy);
    for (const [key, field] of Object.entries(value)) copy[key] = copyOf(field, seen);
  }
  return copy;
}

/** The engine's state between requests: the hand in progress, and the positions kept by `push`. */
export class Session {
  constructor() {
    /** @type {Hand | null} */
    this.hand = null;
    /** @type {Hand[]} */
    this.kept = [];
  }

  /** @param {Message} req @returns {{game: Game, profile: {name: string}}} */
  gameOf(req) {
    const game = GAMES[/** @type {string} */ (req.game)];
    if (!game) throw new RequestError('bad_request', `unknown game ${JSON.stringify(req.game)}`);
    const profile = game.profiles[/** @type {string} */ (req.profile)];
    if (!profile) throw new RequestError('bad_request', `unknown profile ${JSON.stringify(req.profile)}`);
    return { game, profile };
  }

  /**
   * The hand in progress; `legal`, `act`, `observe` and `outcome` with none are `bad_request`
   * (docs/engine-authors/protocol.md).
   * @returns {Hand}
   */
  current() {
    if (!this.hand) throw new RequestError('bad_request', 'no hand in progress');
    return this.hand;
  }

  /**
   * The reply to one request, without its id.
   * @param {Message} req
   * @returns {Message}
   */
  answer(req) {
    switch (req.op) {
      case 'start': {
        /** @type {Message} */
        const reply = {
          protocol: PROTOCOL,
          engine: ENGINE,
          games: Object.keys(GAMES),
          profiles: Object.values(GAMES).flatMap((g) => Object.keys(g.profiles)),
          capabilities: ['notation', 'split', 'pots',
            ...['high', 'low-a5', 'low-8', 'exposed', 'bring-in'].map((r) => `ranking:${r}`),
            ...Object.keys(GAMES).flatMap((g) => [`showdown:${g}`, `hand:${g}`]),
            'stakes:stud', 'branch', 'probe',
            ...OBSERVABLES.map((o) => `observe:${o}`)],
        };
        if (req.minor !== undefined) reply.minor = MINOR;
        return reply;
      }
      case 'parse':
        return { cards: readCards(/** @type {unknown[]} */ (req.input)).map(cardName) };
      case 'rank':
        return rank(req);
      case 'split':
        return splitAmount(req);
      case 'pots':
        return pots(req);
      case 'showdown': {
        const { game, profile } = this.gameOf(req);
        return { outcome: game.showdown(profile, req.setup) };
      }
      case 'new_hand': {
        const { game, profile } = this.gameOf(req);
        this.hand = null;
        this.kept = [];
        this.hand = game.newHand(profile, req.setup);
        return { ok: true };
      }
      case 'push':
        this.kept.push(copyOf(this.current()));
        return { ok: true };
      case 'pop': {
        this.current();
        const kept = this.kept.pop();
        if (!kept) throw new RequestError('bad_request', 'pop without push: no position kept');
        this.hand = kept;
        return { ok: true };
      }
      case 'probe': {
        const hand = copyOf(this.current());
        const refusal = hand.act(req.action);
        if (refusal) return { rejected: refusal.reason, message: refusal.message };
        return { ...hand.legal(), outcome: hand.outcome() };
      }
      case 'legal':
        return this.current().legal();
      case 'act': {
        const refusal = this.current().act(req.action);
        return refusal ? { rejected: refusal.reason, message: refusal.message } : { ok: true };
      }
      case 'observe':
        return { observation: this.current().observe() };
      case 'outcome':
        return { outcome: this.current().outcome() };
      case 'stop':
        return { ok: true };
      default:
        throw new RequestError('unknown_op', `unknown op ${JSON.stringify(req.op)}`);
    }
  }

  /**
   * One request line to one reply line; the request's `id` is echoed when present
   * (protocol 1.1). Never throws.
   * @param {string} line
   * @returns {string}
   */
  handle(line) {
    /** @type {unknown} */
    let id;
    /** @type {Message} */
    let reply;
    try {
      const req = JSON.parse(line);
      if (req === null || typeof req !== 'object' || Array.isArray(req)) throw new RequestError('bad_request', 'a request is a JSON object');
      id = req.id;
      reply = this.answer(req);
    } catch (error) {
      reply = { error: errorBody(error) };
    }
    if (id !== undefined) reply = { ...reply, id };
    return JSON.stringify(reply);
  }
}

/** @param {unknown} error */
function errorBody(error) {
  if (error instanceof RequestError || error instanceof SetupError) {
    /** @type {{code: string, message: string, token?: string}} */
    const body = { code: error.code, message: error.message };
    if (error.token !== undefined) body.token = error.token;
    return body;
  }
  if (error instanceof SyntaxError) return { code: 'bad_request', message: `not JSON: ${error.message}` };
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  return { code: 'bad_request', message: String(error instanceof Error ? error.message : error) };
}
