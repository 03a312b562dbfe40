// @ts-check
/**
 * Seven-card stud: a hand from the antes to the outcome, driving the chapter's sections in
 * order (spec/stud/index.md). Phases: street-3 .. street-7, showdown, over.
 */
import { bySeat, chipObservables, formatAction, mapBySeat, parseAction, reject, seatName, seatNames } from '../core/actions.js';
import { cardNames } from '../core/cards.js';
import { Stub } from '../core/deck.js';
import { judge } from '../core/precedence.js';
import {
  asObject, readContributed, readDealer, readDeck, readFolded, readHands, readStacks, showdownSeats, SetupError,
} from '../core/setup.js';
import { checkStakes, PROFILES, withStakes } from './profiles.js';
import { checkChips, checkPlayers, dealingOrder, dealThirdStreet } from './deal.js';
import { applyBringIn, bringer, bringInLegal, postAntes } from './bringin.js';
import { bestBoard, dealStreet, openRound, upcards } from './streets.js';
import { dealSeventh } from './running-out.js';
import { ableToBet, nobodyCanBet, potsOf } from './allin.js';
import { awardPots, mayMuck, showOrder } from './showdown.js';
import { explain } from '../core/why.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/actions.js').Action} Action */
/** @typedef {import('../core/actions.js').Rejection} Rejection */
/** @typedef {import('../core/precedence.js').Situation} Situation */
/** @typedef {import('../core/limit-round.js').LimitRound} LimitRound */
/** @typedef {import('../core/limit-round.js').Table} Table */
/** @typedef {import('./profiles.js').StudProfile} StudProfile */
/** @typedef {import('./deal.js').Dealt} Dealt */

/** @typedef {import('../core/precedence.js').Situation['rules']} Rules */

/**
 * The rules that forbid an action on a street: who acts (stud.streets.first-actor), the betting
 * actions and their sizes (stud.streets.actions, stud.streets.limits), the cap
 * (stud.streets.cap); all-in for less (stud.allin.short).
 * @type {Rules}
 */
const STREET_RULES = { not_your_turn: 'stud.streets.first-actor', illegal_action: 'stud.streets.actions',
  wrong_amount: 'stud.streets.limits', over_cap: 'stud.streets.cap', insufficient_chips: 'stud.allin.short' };

/**
 * Third street before the bring-in: the lowest card brings in (stud.bringin.lowest) and may not
 * fold or check (stud.bringin.forced).
 * @type {Rules}
 */
const BRING_IN_RULES = { ...STREET_RULES, not_your_turn: 'stud.bringin.lowest', must_bring_in: 'stud.bringin.forced',
  illegal_action: 'stud.bringin.forced', wrong_amount: 'stud.bringin.forced' };

/**
 * The showdown: the show order (stud.showdown.order), show or muck, and who may muck
 * (stud.showdown.muck).
 * @type {Rules}
 */
const SHOWDOWN_RULES = { not_your_turn: 'stud.showdown.order', illegal_action: 'stud.showdown.muck' };

export class StudHand {
  /** @param {StudProfile} profile @param {Record<string, unknown>} setup */
  constructor(profile, setup) {
    const stacks = readStacks(setup);
    this.profile = withStakes(profile, setup.stakes);
    checkPlayers(stacks);
    this.seats = stacks.length;
    this.button = readDealer(setup, this.seats);
    checkChips(stacks);
    checkStakes(this.profile);
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
    /** @type {Seat | null} the player who must still bring in */
    this.bringIn = null;
    /** @type {Seat | null} the last to bet or raise on seventh street */
    this.lastAggressor = null;
    /** @type {{order: Seat[], shown: Seat[], mucked: Seat[]} | null} */
    this.showing = null;
    /** @type {Record<string, unknown> | null} */
    this.result = null;
    postAntes(this.table, this.profile.ante);
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
      this.finish([], []);
      return;
    }
    if (!round.closed) return;
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
   * What the order of rejection reasons needs to judge an action now (core.contract.precedence).
   * @returns {Situation}
   */
  situation() {
    const { round, table } = this;
    return {
      over: this.result !== null,
      folded: (seat) => table.folded[seat],
      committed: () => false,
      listing: this.legal(),
      owesBringIn: this.bringIn,
      capped: !this.showing && round !== null && round.capped,
      reach: (seat) => (round ? round.reach(seat) : table.stacks[seat]),
      stack: (seat) => table.stacks[seat],
      hand: () => [],
      maxDiscard: 0,
      rules: this.showing ? SHOWDOWN_RULES : this.bringIn !== null ? BRING_IN_RULES : STREET_RULES,
    };
  }

  /**
   * Judges one action and applies it if the listing holds it (core.notation.reasons).
   * @param {unknown} text
   * @returns {Rejection | null}
   */
  act(text) {
    const action = parseAction(text, this.seats);
    if (!action) return reject('malformed', `cannot read ${JSON.stringify(text)}`);
    const refusal = judge(action, this.situation());
    if (refusal) return refusal;
    if (this.showing) this.show(this.showing, action);
    else {
      const round = /** @type {LimitRound} */ (this.round);
      if (this.bringIn !== null) {
        applyBringIn(round, action);
        this.bringIn = null;
      } else {
        round.apply(action);
      }
      this.afterBet();
    }
    return null;
  }

  /**
   * A player shows or mucks in his turn; after the last, the pots are awarded
   * (stud.showdown.order, stud.showdown.muck).
   * @param {{order: Seat[], shown: Seat[], mucked: Seat[]}} showing @param {Action} action
   */
  show(showing, action) {
    (action.verb === 'sm' ? showing.shown : showing.mucked).push(action.seat);
    if (showing.shown.length + showing.mucked.length === showing.order.length) this.finish(showing.shown, showing.mucked);
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

  /**
   * Stud's observables (core.contract.observables): `round_bets` only while a betting round is
   * in progress, so 0 at the showdown and once the hand is over (ruling CORE-2); `hands` every
   * card a seat holds in the order dealt, without the common card.
   */
  observe() {
    return {
      phase: this.phase,
      ...chipObservables(this.table, this.round && !this.result ? this.round.bets : new Array(this.seats).fill(0)),
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
  const live = table.folded.filter((folded) => !folded).length;
  /** @type {import('../core/why.js').Why[]} */
  const why = live === 1
    ? [{ rule: 'stud.showdown.uncontested', say: 'uncontested', seats: seatNames(claimants), amount: pots.reduce((a, p) => a + p.amount, 0) }]
    : [{ rule: 'stud.showdown.order', say: 'shown', seats: seatNames(claimants) }];
  if (pots.length > 1) why.push({ rule: 'stud.allin.pots', say: 'side_pots', amount: pots.length });
  for (const [seat, chips] of returned) why.push({ rule: 'core.chips.uncalled', say: 'returned', seats: seatNames([seat]), amount: chips });
  if (live > 1) why.push(...awards.flatMap((award) => award.why));
  return explain({
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
  }, why);
}

/**
 * A showdown on its own: seven cards a player in the order dealt (cards 3 to 6 face up), what
 * each put in, who folded. Every hand still in is shown.
 * @param {StudProfile} profile @param {Record<string, unknown>} setup
 */
export function studShowdown(profile, setup) {
  const seats = showdownSeats(setup);
  checkPlayers(new Array(seats).fill(1)); // a table's number of seats (ruling CORE-87)
  const button = readDealer(setup, seats);
  const hands = readHands(setup, seats);
  // core.contract.outcome (CORE-60): a seat without a hand counts as folded.
  const folded = readFolded(setup, seats).map((out, seat) => out || !hands.has(seat));
  const contributed = readContributed(setup, seats);
  /** @type {Dealt[][]} */
  const cards = Array.from({ length: seats }, (_, seat) => (hands.get(seat) ?? []).map((card, i) => ({ card, up: i >= 2 && i <= 5 })));
  const players = dealingOrder(seats, button).filter((seat) => !folded[seat]);
  for (const seat of players) if (cards[seat].length !== 7) throw new SetupError('bad_request', `${seatName(seat)} needs seven cards`);
  const table = { stacks: new Array(seats).fill(0), contributed, folded };
  const shown = showOrder(players, cards, null, profile);
  const own = cards.map((dealt) => dealt.map((d) => d.card));
  return Object.assign(settle(table, shown, own, [], profile), { shown: seatNames(shown), mucked: [] });
}

/** @type {import('../game.js').Game} */
export const STUD = {
  name: 'stud',
  profiles: PROFILES,
  newHand: (profile, setup) => new StudHand(/** @type {StudProfile} */ (profile), asObject(setup)),
  showdown: (profile, setup) => studShowdown(/** @type {StudProfile} */ (profile), asObject(setup)),
};
