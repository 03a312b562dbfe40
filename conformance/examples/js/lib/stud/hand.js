// @ts-check
/**
 * Seven-card stud: a hand from the antes to the outcome, driving the chapter's sections in
 * order (spec/stud/index.md). Phases: street-3 .. street-7, showdown, over.
 */
import { bySeat, chipObservables, formatAction, mapBySeat, parseAction, reject, seatName, seatNames } from '../core/actions.js';
import { cardNames } from '../core/cards.js';
import { Stub } from '../core/deck.js';
import {
  asObject, readContributed, readDealer, readDeck, readFolded, readHands, readStacks, showdownSeats, SetupError,
} from '../core/setup.js';
import { PROFILES } from './profiles.js';
import { checkTable, dealingOrder, dealThirdStreet } from './deal.js';
import { applyBringIn, bringer, bringInLegal, checkBringIn, postAntes } from './bringin.js';
import { bestBoard, dealStreet, openRound, upcards } from './streets.js';
import { dealSeventh } from './running-out.js';
import { ableToBet, nobodyCanBet, potsOf } from './allin.js';
import { awardPots, mayMuck, showOrder } from './showdown.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/actions.js').Rejection} Rejection */
/** @typedef {import('../core/limit-round.js').LimitRound} LimitRound */
/** @typedef {import('../core/limit-round.js').Table} Table */
/** @typedef {import('./profiles.js').StudProfile} StudProfile */
/** @typedef {import('./deal.js').Dealt} Dealt */

export class StudHand {
  /** @param {StudProfile} profile @param {Record<string, unknown>} setup */
  constructor(profile, setup) {
    const stacks = readStacks(setup);
    checkTable(stacks);
    this.profile = profile;
    this.seats = stacks.length;
    this.button = readDealer(setup, this.seats);
    this.stub = new Stub(readDeck(setup));
    /** @type {Table} */
    this.table = { stacks, contributed: new Array(this.seats).fill(0), folded: new Array(this.seats).fill(false) };
    this.order = dealingOrder(this.seats, this.button);
    /** @type {Dealt[][]} each seat's cards in the order dealt */
    this.cards = Array.from({ length: this.seats }, () => []);
    /** @type {Card[]} */
    this.burns = [];
    /** @type {Card[]} */
    this.common = [];
    this.street = 3;
    /** @type {LimitRound | null} */
    this.round = null;
    /** @type {number[]} what each seat put in during the latest betting round */
    this.roundBets = new Array(this.seats).fill(0);
    /** @type {Seat | null} the player who must still bring in */
    this.bringIn = null;
    /** @type {Seat | null} the last to bet or raise on seventh street */
    this.lastAggressor = null;
    /** @type {{order: Seat[], shown: Seat[], mucked: Seat[]} | null} */
    this.showing = null;
    /** @type {Record<string, unknown> | null} */
    this.result = null;
    postAntes(this.table, profile.ante);
    dealThirdStreet(this.stub, this.order, this.cards);
    this.startBetting();
  }

  /** @returns {Seat[]} the players still in, in dealing order */
  get players() {
    return this.order.filter((seat) => !this.table.folded[seat]);
  }

  get phase() {
    if (this.result) return 'over';
    return this.showing ? 'showdown' : `street-${this.street}`;
  }

  /** A street's cards are out: bet, or deal the rest out if nobody can bet (stud.allin.runout). */
  startBetting() {
    if (nobodyCanBet(this.table)) {
      this.runOut();
      return;
    }
    const able = this.order.filter((seat) => ableToBet(this.table).includes(seat));
    this.roundBets = new Array(this.seats).fill(0);
    if (this.street === 3) {
      this.bringIn = bringer(this.cards, able);
      this.round = openRound(this.table, this.bringIn, 3, this.profile);
    } else {
      this.round = openRound(this.table, bestBoard(able, this.cards), this.street, this.profile);
    }
  }

  /** The next street's cards (stud.streets.cards, stud.runout.common). */
  dealNext() {
    this.street++;
    if (this.street < 7) dealStreet(this.stub, this.players, this.cards, this.burns);
    else this.common = dealSeventh(this.stub, this.players, this.cards, this.burns, this.profile);
  }

  /** Every remaining street without betting, then all hands exposed (stud.allin.runout). */
  runOut() {
    this.round = null;
    while (this.street < 7) this.dealNext();
    const shown = showOrder(this.players, this.cards, this.lastAggressor, this.profile);
    this.finish(shown, []);
  }

  /** After a betting action: a lone player wins at once, or the round may have closed (stud.streets.close). */
  afterBet() {
    const round = /** @type {LimitRound} */ (this.round);
    if (this.players.length === 1) {
      this.roundBets = round.bets;
      this.finish([], []);
      return;
    }
    if (!round.closed) return;
    this.roundBets = round.bets;
    if (this.street < 7) {
      this.round = null;
      this.dealNext();
      this.startBetting();
      return;
    }
    this.lastAggressor = round.lastAggressor;
    this.round = null;
    if (nobodyCanBet(this.table)) this.runOut();
    else this.showing = { order: showOrder(this.players, this.cards, this.lastAggressor, this.profile), shown: [], mucked: [] };
  }

  /** @returns {Seat | null} */
  get toAct() {
    if (this.result) return null;
    if (this.showing) return this.showing.order[this.showing.shown.length + this.showing.mucked.length];
    return this.round ? this.round.toAct : null;
  }

  legal() {
    const seat = this.toAct;
    if (seat === null) return { to_act: [], actions: [] };
    /** @type {string[]} */
    let actions;
    if (this.showing) {
      actions = [formatAction(seat, 'sm')];
      if (this.mayMuck(seat)) actions.push(formatAction(seat, 'mu'));
    } else if (this.bringIn !== null) {
      actions = bringInLegal(seat, this.table.stacks[seat], this.profile);
    } else {
      actions = /** @type {LimitRound} */ (this.round).legal();
    }
    return { to_act: [seatName(seat)], actions };
  }

  /** @param {Seat} seat */
  mayMuck(seat) {
    const showing = /** @type {{shown: Seat[], mucked: Seat[]}} */ (this.showing);
    return mayMuck(seat, showing.shown.length === 0, potsOf(this.table).pots, new Set(showing.mucked));
  }

  /**
   * Checks, then applies, one action (core.notation.reasons).
   * @param {unknown} text
   * @returns {Rejection | null}
   */
  act(text) {
    const action = parseAction(text, this.seats);
    if (!action) return reject('malformed', `cannot read ${JSON.stringify(text)}`);
    if (this.result) return reject('hand_over', 'the hand is over');
    const seat = action.seat;
    if (this.table.folded[seat]) return reject('folded', `${seatName(seat)} has folded`);
    if (seat !== this.toAct) return reject('not_your_turn', `${seatName(this.toAct ?? 0)} is to act`);
    if (this.showing) {
      if (action.verb !== 'sm' && action.verb !== 'mu') return reject('illegal_action', 'show or muck at the showdown');
      if (action.verb === 'mu' && !this.mayMuck(seat)) return reject('illegal_action', 'this hand must be shown');
      (action.verb === 'sm' ? this.showing.shown : this.showing.mucked).push(seat);
      if (this.showing.shown.length + this.showing.mucked.length === this.showing.order.length) {
        this.finish(this.showing.shown, this.showing.mucked);
      }
      return null;
    }
    const round = /** @type {LimitRound} */ (this.round);
    if (this.bringIn !== null) {
      const refusal = checkBringIn(action, this.table.stacks[seat], this.profile);
      if (refusal) return refusal;
      applyBringIn(round, action);
      this.bringIn = null;
    } else {
      if (!['f', 'cc', 'cbr'].includes(action.verb)) return reject('illegal_action', 'only f, cc or cbr while betting');
      const refusal = round.check(action);
      if (refusal) return refusal;
      round.apply(action);
    }
    this.afterBet();
    return null;
  }

  /**
   * The hand is over: pots awarded to the shown hands, or all to the last player in
   * (stud.showdown.award, stud.showdown.uncontested).
   * @param {Seat[]} shown in show order @param {Seat[]} mucked
   */
  finish(shown, mucked) {
    this.showing = null;
    this.round = null;
    const own = this.cards.map((dealt) => dealt.map((d) => d.card));
    this.result = settle(this.table, shown.length ? shown : this.players, own, this.common, this.profile);
    this.result.shown = seatNames(shown);
    this.result.mucked = seatNames(mucked);
  }

  observe() {
    return {
      phase: this.phase,
      ...chipObservables(this.table, this.round ? this.round.bets : this.roundBets),
      exposed: bySeat(this.cards.map((dealt) => cardNames(upcards(dealt)))),
      hands: bySeat(this.cards.map((dealt) => cardNames(dealt.map((d) => d.card)))),
      common: cardNames(this.common),
      stub: this.stub.size,
    };
  }

  outcome() {
    return this.result;
  }
}

/**
 * The outcome: the pots, each to the best of its claimants, and the uncalled excess returned.
 * @param {Table} table @param {Seat[]} claimants the shown hands in show order, or the last player in
 * @param {Card[][]} own @param {Card[]} common @param {StudProfile} profile
 * @returns {Record<string, unknown>}
 */
function settle(table, claimants, own, common, profile) {
  const { pots, returned } = potsOf(table);
  const awards = awardPots(pots, claimants, own, common, profile);
  const received = table.contributed.map((_, seat) => returned.get(seat) ?? 0);
  awards.forEach(({ shares }) => { for (const [seat, chips] of shares) received[seat] += chips; });
  return {
    received: bySeat(received),
    net: bySeat(received.map((chips, seat) => chips - table.contributed[seat])),
    pots: pots.map((pot, i) => ({
      amount: pot.amount,
      eligible: seatNames(pot.eligible),
      winners: { all: seatNames(awards[i].winners) },
      shares: mapBySeat(awards[i].shares),
    })),
    returned: mapBySeat(returned),
    common: cardNames(common),
    carry: 0,
  };
}

/**
 * A showdown on its own: seven cards a player in the order dealt (cards 3 to 6 face up), what
 * each put in, who folded. Every hand still in is shown.
 * @param {StudProfile} profile @param {Record<string, unknown>} setup
 */
export function studShowdown(profile, setup) {
  const seats = showdownSeats(setup);
  const button = readDealer(setup, seats);
  const hands = readHands(setup, seats);
  const folded = readFolded(setup, seats);
  const contributed = readContributed(setup, seats);
  /** @type {Dealt[][]} */
  const cards = Array.from({ length: seats }, (_, seat) => (hands.get(seat) ?? []).map((card, i) => ({ card, up: i >= 2 && i <= 5 })));
  const players = dealingOrder(seats, button).filter((seat) => !folded[seat]);
  for (const seat of players) if (cards[seat].length !== 7) throw new SetupError('bad_request', `${seatName(seat)} needs seven cards`);
  const table = { stacks: new Array(seats).fill(0), contributed, folded };
  const shown = showOrder(players, cards, null, profile);
  const own = cards.map((dealt) => dealt.map((d) => d.card));
  return { ...settle(table, shown, own, [], profile), shown: seatNames(shown), mucked: [] };
}

/** @type {import('../game.js').Game} */
export const STUD = {
  name: 'stud',
  profiles: PROFILES,
  newHand: (profile, setup) => new StudHand(/** @type {StudProfile} */ (profile), asObject(setup)),
  showdown: (profile, setup) => studShowdown(/** @type {StudProfile} */ (profile), asObject(setup)),
};
