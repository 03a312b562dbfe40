// @ts-check
/**
 * Auction poker: a hand from the antes to the outcome, driving the chapter's sections in order
 * (spec/auction/index.md). Phases: bid-1, pick-1, ..., bid-5, pick-5, bet, declare, over.
 */
import { bySeat, chipObservables, formatAction, mapBySeat, parseAction, reject, seatName, seatNames } from '../core/actions.js';
import { cardName, cardNames } from '../core/cards.js';
import { Stub } from '../core/deck.js';
import { categoryOf } from '../core/high.js';
import { split } from '../core/chips.js';
import { judge } from '../core/precedence.js';
import {
  asObject, readAmount, readContributed, readDealer, readDeck, readFolded, readHands, readStacks,
  readBySeat, showdownSeats, SetupError,
} from '../core/setup.js';
import { PROFILES } from './profiles.js';
import { ANTE, AUCTIONS, checkPlayers, dealHidden, dealtIn } from './setup.js';
import { BIDS, dealRow, pickOrder } from './auctions.js';
import { opener, openRound } from './betting.js';
import { CHOICES, highHand, lowHand } from './declaration.js';
import { awardPot } from './award.js';
import { explain } from '../core/why.js';

/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/actions.js').Action} Action */
/** @typedef {import('../core/actions.js').Rejection} Rejection */
/** @typedef {import('../core/precedence.js').Situation} Situation */
/** @typedef {import('../core/limit-round.js').LimitRound} LimitRound */
/** @typedef {import('./profiles.js').AuctionProfile} AuctionProfile */

/** A fold before the betting round (auction.setup.no-leaving). */
const LEAVING = 'auction.setup.no-leaving';

/**
 * The rules that forbid an action in each step: sealed bids of 1 to 3 chips, one each
 * (auction.auction.bid); picks in the pick order, from the row (auction.auction.order,
 * auction.auction.pick); the betting round (auction.betting.first, auction.betting.actions,
 * auction.betting.cap); one declaration each, low, high or both (auction.declare.simultaneous,
 * auction.declare.choices); nobody folds before the betting round (auction.setup.no-leaving).
 * @type {Record<string, import('../core/precedence.js').Situation['rules']>}
 */
const AUCTION_RULES = {
  bid: { already_committed: 'auction.auction.bid', illegal_action: { f: LEAVING, '*': 'auction.auction.bid' }, wrong_amount: 'auction.auction.bid',
    insufficient_chips: 'auction.auction.bid', not_your_turn: 'auction.auction.bid' },
  pick: { not_your_turn: 'auction.auction.order', illegal_action: { f: LEAVING, '*': 'auction.auction.pick' }, not_in_row: 'auction.auction.pick' },
  bet: { not_your_turn: 'auction.betting.first', illegal_action: 'auction.betting.actions', wrong_amount: 'auction.betting.actions',
    insufficient_chips: 'auction.betting.actions', over_cap: 'auction.betting.cap' },
  declare: { already_committed: 'auction.declare.simultaneous', not_your_turn: 'auction.declare.simultaneous',
    illegal_action: { f: LEAVING, '*': 'auction.declare.choices' } },
};

export class AuctionHand {
  /** @param {AuctionProfile} profile @param {Record<string, unknown>} setup */
  constructor(profile, setup) {
    const stacks = readStacks(setup);
    this.carryIn = readAmount(setup, 'carry');
    checkPlayers(stacks);
    this.seats = stacks.length;
    this.dealer = readDealer(setup, this.seats);
    /** the seats dealt in, clockwise from the dealer's left */
    this.order = dealtIn(stacks, this.dealer);
    this.stub = new Stub(readDeck(setup));
    this.profile = profile;
    this.stacks = stacks;
    this.contributed = new Array(this.seats).fill(0);
    this.folded = new Array(this.seats).fill(false);
    for (const seat of this.order) {
      this.stacks[seat] -= ANTE;
      this.contributed[seat] += ANTE;
    }
    this.hidden = dealHidden(this.stub, this.order, this.seats);
    /** @type {Card[][]} */
    this.exposed = Array.from({ length: this.seats }, () => []);
    /** 1..5 during the auctions */
    this.auction = 1;
    /** @type {'bid' | 'pick' | 'bet' | 'declare' | 'over'} */
    this.step = 'bid';
    this.row = dealRow(this.stub, this.order.length);
    /** @type {(number | null)[]} sealed bids of this auction */
    this.bids = new Array(this.seats).fill(null);
    /** @type {Seat[]} */
    this.picks = [];
    this.picked = 0;
    /** @type {Seat[][]} */
    this.pickOrders = [];
    /** @type {LimitRound | null} */
    this.round = null;
    /** @type {(string | null)[]} */
    this.declared = new Array(this.seats).fill(null);
    /** @type {Record<string, unknown> | null} */
    this.result = null;
  }

  get phase() {
    return this.step === 'bid' || this.step === 'pick' ? `${this.step}-${this.auction}` : this.step;
  }

  /** @returns {Seat[]} the players still in, clockwise from the dealer's left */
  get live() {
    return this.order.filter((seat) => !this.folded[seat]);
  }

  /** @returns {Seat[]} who is to act (several at once for bids and declarations) */
  get toAct() {
    switch (this.step) {
      case 'bid': return this.order.filter((seat) => this.bids[seat] === null);
      case 'pick': return [this.picks[this.picked]];
      case 'bet': return this.round && this.round.toAct !== null ? [this.round.toAct] : [];
      case 'declare': return this.live.filter((seat) => this.declared[seat] === null);
      default: return [];
    }
  }

  legal() {
    const toAct = this.toAct;
    /** @type {string[]} */
    let actions = [];
    if (this.step === 'bid') actions = toAct.flatMap((seat) => BIDS.map((bid) => formatAction(seat, 'bid', bid)));
    else if (this.step === 'pick') actions = this.row.map((card) => formatAction(toAct[0], 'pick', cardName(card)));
    else if (this.step === 'bet' && this.round) actions = this.round.legal();
    else if (this.step === 'declare') actions = toAct.flatMap((seat) => CHOICES.map((c) => formatAction(seat, 'dec', c)));
    return { to_act: seatNames(toAct), actions };
  }

  /**
   * What the order of rejection reasons needs to judge an action now (core.contract.precedence).
   * @returns {Situation}
   */
  situation() {
    const { round, stacks } = this;
    return {
      over: this.step === 'over',
      folded: (seat) => this.folded[seat],
      committed: (seat) => (this.step === 'bid' && this.bids[seat] !== null)
        || (this.step === 'declare' && this.declared[seat] !== null),
      listing: this.legal(),
      owesBringIn: null,
      capped: this.step === 'bet' && round !== null && round.capped,
      reach: (seat) => (this.step === 'bet' && round ? round.reach(seat) : stacks[seat]),
      stack: (seat) => stacks[seat],
      hand: (seat) => this.hidden[seat],
      maxDiscard: 0,
      rules: AUCTION_RULES[this.step] ?? {},
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
    const seat = action.seat;
    switch (this.step) {
      case 'bid':
        this.bids[seat] = action.amount;
        if (this.toAct.length === 0) this.revealBids();
        break;
      case 'pick':
        this.pick(seat, action.cards[0]);
        break;
      case 'bet':
        this.bet(/** @type {LimitRound} */ (this.round), action);
        break;
      default:
        this.declared[seat] = action.choice;
        if (this.toAct.length === 0) this.finish();
    }
    return null;
  }

  /**
   * The picker takes a card from the row and shows it; after the last pick, the next auction
   * (auction.auction.pick, ruling AUC-21).
   * @param {Seat} seat @param {Card} card
   */
  pick(seat, card) {
    this.row = this.row.filter((c) => c !== card);
    this.exposed[seat].push(card);
    this.picked++;
    if (this.picked === this.picks.length) this.endAuction();
  }

  /**
   * A betting action; a lone survivor takes the pot, and a closed round leads to the
   * declaration (auction.betting.lone-survivor, auction.betting.end).
   * @param {LimitRound} round @param {Action} action
   */
  bet(round, action) {
    round.apply(action);
    if (action.verb === 'f') this.folded[action.seat] = true;
    if (this.live.length === 1) this.finish();
    else if (round.closed) this.step = 'declare';
  }

  /** All bids are in: they are shown at once, paid and ordered (auction.auction.bids-paid, auction.auction.order). */
  revealBids() {
    for (const seat of this.order) {
      const bid = /** @type {number} */ (this.bids[seat]);
      this.stacks[seat] -= bid;
      this.contributed[seat] += bid;
    }
    this.picks = pickOrder(this.order, /** @type {number[]} */ (this.bids), this.exposed);
    this.pickOrders.push(this.picks);
    this.picked = 0;
    this.step = 'pick';
  }

  /** The row is empty: the next auction, or the betting round after the fifth (auction.auction.rows). */
  endAuction() {
    if (this.auction < AUCTIONS) {
      this.auction++;
      this.row = dealRow(this.stub, this.order.length);
      this.bids.fill(null);
      this.picks = [];
      this.picked = 0;
      this.step = 'bid';
      return;
    }
    this.step = 'bet';
    const inactive = this.stacks.map((_, seat) => !this.order.includes(seat));
    this.round = openRound({ stacks: this.stacks, contributed: this.contributed, folded: inactive }, opener(this.order, this.exposed));
  }

  /** @returns {Card[]} a seat's seven cards */
  sevenOf(/** @type {Seat} */ seat) {
    return this.hidden[seat].concat(this.exposed[seat]);
  }

  finish() {
    this.step = 'over';
    const declarations = new Map(this.live.flatMap((seat) => (this.declared[seat] ? [[seat, /** @type {string} */ (this.declared[seat])]] : [])));
    const hands = new Map(this.live.map((seat) => [seat, this.sevenOf(seat)]));
    this.result = settle({
      priority: this.live, contributed: this.contributed, carryIn: this.carryIn,
      declarations, hands, profile: this.profile,
    });
    this.result.pick_orders = this.pickOrders.map(seatNames);
    this.result.sitting_out = this.sittingOut;
  }

  /**
   * Auction's observables (core.contract.observables): `round_bets` only during the betting
   * round; `hands` the two hidden cards, then the bought ones in the order bought (ruling
   * CORE-2); bids and the pick order only once revealed; declarations only once the hand is over.
   */
  observe() {
    const revealed = this.step === 'pick';
    const showAll = this.step === 'over';
    const inHand = (/** @type {Seat} */ seat) => this.order.includes(seat);
    return {
      phase: this.phase,
      ...chipObservables({ stacks: this.stacks, contributed: this.contributed, folded: this.folded },
        this.step === 'bet' && this.round ? this.round.bets : new Array(this.seats).fill(0), this.carryIn),
      exposed: bySeat(this.exposed.map(cardNames), inHand),
      hands: bySeat(this.hidden.map((hidden, seat) => cardNames(hidden.concat(this.exposed[seat]))), inHand),
      row: cardNames(this.row),
      bids: revealed ? bySeat(/** @type {number[]} */ (this.bids), inHand) : {},
      pick_order: revealed ? seatNames(this.picks) : [],
      declarations: showAll ? bySeat(/** @type {string[]} */ (this.declared), (seat) => this.declared[seat] !== null) : {},
      sitting_out: this.sittingOut,
    };
  }

  /** @returns {string[]} the seats not dealt in (ruling AUC-18) */
  get sittingOut() {
    return seatNames(this.stacks.flatMap((_, seat) => (this.order.includes(seat) ? [] : [seat])));
  }

  outcome() {
    return this.result;
  }
}

/**
 * The outcome of a declared (or uncontested) pot: exactly Auction's keys of
 * core.contract.outcome (`pick_orders` and `sitting_out` are added by a played hand).
 * @param {object} hand
 * @param {Seat[]} hand.priority the players still in, clockwise from the dealer's left
 * @param {number[]} hand.contributed by seat
 * @param {number} hand.carryIn
 * @param {Map<Seat, string>} hand.declarations empty for a lone survivor
 * @param {Map<Seat, Card[]>} hand.hands seven cards by seat
 * @param {AuctionProfile} hand.profile
 * @returns {Record<string, unknown>}
 */
function settle({ priority, contributed, carryIn, declarations, hands, profile }) {
  const amount = carryIn + contributed.reduce((a, b) => a + b, 0);
  /** @type {Record<string, unknown>} */
  const outcome = {};
  let shares;
  /** @type {import('../core/why.js').Why[]} */
  let steps;
  if (priority.length === 1) {
    shares = split(amount, priority, 'remainder-to-first');
    steps = [{ rule: 'auction.betting.lone-survivor', say: 'uncontested', seats: seatNames(priority), amount }];
    outcome.pots = [{ amount, eligible: seatNames(priority), winners: { all: seatNames(priority) }, shares: mapBySeat(shares) }];
    outcome.carry = 0;
    outcome.excluded = [];
    outcome.excluded_why = {};
    outcome.categories = {};
  } else {
    const high = new Map([...hands].map(([seat, cards]) => [seat, highHand(cards)]));
    const low = new Map([...hands].map(([seat, cards]) => [seat, lowHand(cards)]));
    const award = awardPot(amount, priority, declarations, high, low, profile);
    shares = award.shares;
    const categories = mapBySeat(new Map([...high].map(([seat, strength]) => [seat, categoryOf(strength)])));
    steps = [{ rule: 'auction.declare.simultaneous', say: 'declared', seats: seatNames(priority), categories }, ...award.steps];
    outcome.pots = award.winners === null ? [] : [{
      amount,
      eligible: seatNames(priority),
      winners: Object.fromEntries(Object.entries(award.winners).map(([way, s]) => [way, seatNames(s)])),
      shares: mapBySeat(shares),
    }];
    outcome.carry = award.carry;
    outcome.excluded = seatNames(award.excluded);
    outcome.excluded_why = mapBySeat(award.why);
    outcome.categories = categories;
  }
  const received = contributed.map((_, seat) => shares.get(seat) ?? 0);
  outcome.received = bySeat(received);
  outcome.net = bySeat(received.map((chips, seat) => chips - contributed[seat]));
  outcome.declarations = mapBySeat(declarations);
  return explain(outcome, steps);
}

/**
 * A showdown on its own: seven cards and a declaration for each player still in.
 * @param {AuctionProfile} profile @param {Record<string, unknown>} setup
 */
export function auctionShowdown(profile, setup) {
  const seats = showdownSeats(setup);
  checkPlayers(new Array(seats).fill(0)); // a table's number of seats (ruling CORE-87)
  const dealer = readDealer(setup, seats);
  const hands = readHands(setup, seats);
  const folded = readFolded(setup, seats);
  const contributed = readContributed(setup, seats);
  const declarations = readBySeat(setup.declarations, seats, (v) => {
    if (typeof v !== 'string' || !CHOICES.includes(v)) throw new SetupError('bad_request', `bad declaration ${JSON.stringify(v)}`);
    return v;
  });
  const priority = [];
  for (let i = 1; i <= seats; i++) {
    const seat = (dealer + i) % seats;
    if (folded[seat] || !hands.has(seat)) continue;
    if (/** @type {Card[]} */ (hands.get(seat)).length !== 7) throw new SetupError('bad_request', `${seatName(seat)} needs seven cards`);
    priority.push(seat);
  }
  if (priority.length > 1 && priority.some((seat) => !declarations.has(seat))) {
    throw new SetupError('bad_request', 'every player at the showdown declares');
  }
  return settle({
    priority, contributed, carryIn: readAmount(setup, 'carry'),
    declarations: priority.length > 1 ? declarations : new Map(), hands: new Map(priority.map((seat) => [seat, /** @type {Card[]} */ (hands.get(seat))])), profile,
  });
}

/** @type {import('../game.js').Game} */
export const AUCTION = {
  name: 'auction',
  profiles: PROFILES,
  newHand: (profile, setup) => new AuctionHand(/** @type {AuctionProfile} */ (profile), asObject(setup)),
  showdown: (profile, setup) => auctionShowdown(/** @type {AuctionProfile} */ (profile), asObject(setup)),
};
