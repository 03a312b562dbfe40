// @ts-check
/**
 * Archie: a hand from the deal to the outcome, driving the chapter's sections in order
 * (spec/archie/index.md). Phases: bet-1, draw-1, bet-2, draw-2, bet-3, draw-3, bet-4, over
 * (archie.deal.draws).
 */
import { bySeat, chipObservables, formatAction, parseAction, reject, seatName } from '../core/actions.js';
import { cardNames } from '../core/cards.js';
import { Stub } from '../core/deck.js';
import { judge } from '../core/precedence.js';
import {
  asObject, checkSeatCount, readContributed, readDealer, readDeck, readFolded, readHands, readStacks, SetupError, showdownSeats,
} from '../core/setup.js';
import { PROFILES } from './profiles.js';
import { checkPlayers, checkReserve, PLAYERS } from './table.js';
import { deal, DRAWS, drawOrder, MAX_DISCARD, replace } from './deal.js';
import { openRound, postBlinds } from './betting.js';
import { settle } from './showdown.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/actions.js').Action} Action */
/** @typedef {import('../core/actions.js').Rejection} Rejection */
/** @typedef {import('../core/precedence.js').Situation} Situation */
/** @typedef {import('../core/limit-round.js').LimitRound} LimitRound */
/** @typedef {import('./profiles.js').ArchieProfile} ArchieProfile */

/**
 * The rules that forbid an action in a draw: a discard is the only action, once, of at most
 * five distinct cards of the seat's own hand, the big blind announcing first
 * (archie.deal.discard); a bet, call, check or fold waits for the betting round after the draw
 * (archie.betting.then-draw).
 * @type {Situation['rules']}
 */
const DRAW_RULES = { not_your_turn: 'archie.deal.discard', already_committed: 'archie.deal.discard',
  illegal_action: { f: 'archie.betting.then-draw', cc: 'archie.betting.then-draw', cbr: 'archie.betting.then-draw', '*': 'archie.deal.discard' },
  too_many_cards: 'archie.deal.discard',
  duplicate_card: 'archie.deal.discard', card_not_in_hand: 'archie.deal.discard' };

export class ArchieHand {
  /** @param {ArchieProfile} profile @param {Record<string, unknown>} setup */
  constructor(profile, setup) {
    const stacks = readStacks(setup);
    checkPlayers(stacks);
    this.dealer = readDealer(setup, PLAYERS);
    checkReserve(stacks);
    this.stub = new Stub(readDeck(setup));
    this.profile = profile;
    this.table = { stacks, contributed: [0, 0], folded: [false, false] };
    postBlinds(this.table, this.dealer);
    this.hands = deal(this.stub, this.dealer);
    /** cards drawn by each seat over the hand, counted when the discard is announced */
    this.drawn = [0, 0];
    /** the betting round (1..4) or draw (1..3) in progress */
    this.step = 1;
    /** @type {LimitRound | null} */
    this.round = openRound(1, this.table, this.dealer);
    /** @type {(Card[] | null)[]} each seat's committed discard in the draw in progress */
    this.discards = [null, null];
    /** @type {Record<string, unknown> | null} */
    this.result = null;
  }

  get phase() {
    if (this.result) return 'over';
    return this.round ? `bet-${this.step}` : `draw-${this.step}`;
  }

  /** @returns {Seat | null} */
  get toAct() {
    if (this.result) return null;
    if (this.round) return this.round.toAct;
    return drawOrder(this.dealer).find((seat) => this.discards[seat] === null) ?? null;
  }

  legal() {
    const seat = this.toAct;
    if (seat === null) return { to_act: [], actions: [] };
    const actions = this.round ? this.round.legal() : [formatAction(seat, 'sd', '*')];
    return { to_act: [seatName(seat)], actions };
  }

  /**
   * What the order of rejection reasons needs to judge an action now (core.contract.precedence).
   * @returns {Situation}
   */
  situation() {
    const { round, table } = this;
    return {
      over: this.result !== null,
      folded: (seat) => table.folded[seat],
      committed: (seat) => !round && this.discards[seat] !== null,
      listing: this.legal(),
      owesBringIn: null,
      capped: round !== null && round.capped,
      reach: (seat) => (round ? round.reach(seat) : table.stacks[seat]),
      stack: (seat) => table.stacks[seat],
      hand: (seat) => this.hands[seat],
      maxDiscard: MAX_DISCARD,
      rules: round ? this.bettingRules(round) : DRAW_RULES,
    };
  }

  /**
   * The rules that forbid an action in a betting round: who acts (archie.betting.first), what a
   * player may do with or without a bet pending (archie.betting.facing, archie.betting.open,
   * the big blind's option archie.betting.option), the cap (archie.table.cap); a discard waits
   * for the end of the round (archie.betting.then-draw).
   * @param {LimitRound} round
   * @returns {Situation['rules']}
   */
  bettingRules(round) {
    const seat = round.toAct;
    const option = this.step === 1 && seat !== null && seat !== this.dealer && round.bets[0] === round.bets[1];
    const facing = seat !== null && round.bets[seat] < Math.max(...round.bets);
    const actions = option ? 'archie.betting.option' : facing ? 'archie.betting.facing' : 'archie.betting.open';
    return { not_your_turn: 'archie.betting.first', over_cap: 'archie.table.cap', illegal_action: { sd: 'archie.betting.then-draw', '*': actions },
      wrong_amount: actions, insufficient_chips: 'archie.table.limits' };
  }

  /**
   * Judges one action and applies it if the listing holds it (core.notation.reasons).
   * @param {unknown} text
   * @returns {Rejection | null}
   */
  act(text) {
    const action = parseAction(text, PLAYERS);
    if (!action) return reject('malformed', `cannot read ${JSON.stringify(text)}`);
    const refusal = judge(action, this.situation());
    if (refusal) return refusal;
    if (this.round) this.bet(this.round, action);
    else this.discard(action);
    return null;
  }

  /**
   * A discard is committed and its count announced at once; once both have committed the
   * replacements are dealt (archie.deal.discard, ruling ARC-18; archie.deal.replace).
   * @param {Action} action
   */
  discard(action) {
    this.discards[action.seat] = action.cards;
    this.drawn[action.seat] += action.cards.length;
    if (this.discards.every((d) => d !== null)) this.endDraw();
  }

  /**
   * A betting action; a fold ends the hand, and a closed round leads to the next draw or, after
   * the fourth, to the showdown (archie.showdown.fold, archie.betting.then-draw).
   * @param {LimitRound} round @param {Action} action
   */
  bet(round, action) {
    round.apply(action);
    if (this.table.folded[action.seat]) this.finish();
    else if (round.closed) {
      if (this.step === DRAWS + 1) this.finish();
      else this.round = null;
    }
  }

  /** Both have committed: deal the replacements and open the next betting round. */
  endDraw() {
    const discards = /** @type {Card[][]} */ (this.discards);
    replace(this.hands, discards, this.stub, this.dealer);
    this.discards = [null, null];
    this.step++;
    this.round = openRound(this.step, this.table, this.dealer);
  }

  finish() {
    this.result = settle(this.hands, this.table.contributed, this.table.folded, this.dealer, this.profile);
  }

  /**
   * Archie's observables (core.contract.observables): `round_bets` only while a betting round is
   * in progress (ruling CORE-2), `drawn` counted when a discard is announced (ruling ARC-18).
   */
  observe() {
    return {
      phase: this.phase,
      ...chipObservables(this.table, this.round && !this.result ? this.round.bets : [0, 0]),
      hands: bySeat(this.hands.map(cardNames)),
      stub: this.stub.size,
      drawn: bySeat(this.drawn),
    };
  }

  outcome() {
    return this.result;
  }
}

/**
 * A showdown on its own: two five-card hands, what each put in, who folded.
 * @param {ArchieProfile} profile @param {Record<string, unknown>} setup
 */
export function archieShowdown(profile, setup) {
  // A showdown's seats are a table's: exactly two (core.contract.setup, ruling CORE-87).
  checkSeatCount(showdownSeats(setup), PLAYERS, PLAYERS);
  const dealer = readDealer(setup, PLAYERS);
  const hands = readHands(setup, PLAYERS);
  const folded = readFolded(setup, PLAYERS);
  const contributed = readContributed(setup, PLAYERS);
  /** @type {Card[][]} */
  const byseat = [];
  for (let seat = 0; seat < PLAYERS; seat++) {
    const hand = hands.get(seat);
    if (!folded[seat] && (!hand || hand.length !== 5)) throw new SetupError('bad_request', `${seatName(seat)} needs five cards`);
    byseat.push(hand ?? []);
  }
  return settle(byseat, contributed, folded, dealer, profile);
}

/** @type {import('../game.js').Game} */
export const ARCHIE = {
  name: 'archie',
  profiles: PROFILES,
  newHand: (profile, setup) => new ArchieHand(/** @type {ArchieProfile} */ (profile), asObject(setup)),
  showdown: (profile, setup) => archieShowdown(/** @type {ArchieProfile} */ (profile), asObject(setup)),
};
