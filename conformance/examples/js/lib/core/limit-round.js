// @ts-check
/**
 * One fixed-limit betting round, as the three game chapters describe it each in its own words
 * (archie §3, auction §3, stud §3 and §5): check or bet with nothing to call, call, raise by
 * one unit or fold when facing a bet, a cap on the number of full bets, and the round closes
 * when everybody who can still act has acted since the last full bet and matched it. The
 * games differ only in the options given here; stud's all-in rules (stud.allin.short,
 * stud.allin.reopen) are part of the round because the other games never reach them (their
 * reserves make an all-in impossible).
 */
import { formatAction } from './actions.js';

/** @typedef {import('./chips.js').Seat} Seat */
/** @typedef {import('./actions.js').Action} Action */

/**
 * The table the round plays on; the round updates stacks and contributions as chips go in.
 * @typedef {{stacks: number[], contributed: number[], folded: boolean[]}} Table
 */

/**
 * @typedef {object} RoundOptions
 * @property {Table} table
 * @property {Seat} first the first seat to act (it must be able to act)
 * @property {number} unit the bet and raise size of the round
 * @property {number} cap full bets allowed in the round (a bet and the raises)
 * @property {boolean} foldAnyTime whether a player may fold with nothing to call
 * @property {number[]} [bets] chips already in the round by seat (blinds)
 * @property {number} [fullBets] full bets already made (Archie's big blind is the bet)
 */

export class LimitRound {
  /** @param {RoundOptions} options */
  constructor(options) {
    const seats = options.table.stacks.length;
    this.table = options.table;
    this.unit = options.unit;
    this.cap = options.cap;
    this.foldAnyTime = options.foldAnyTime;
    /** chips each seat has put in during this round */
    this.bets = options.bets ? options.bets.slice() : new Array(seats).fill(0);
    /** the highest round total */
    this.level = Math.max(...this.bets);
    /** the total of the last full bet or raise; the next raise goes one unit above it */
    this.lastFull = this.level;
    this.fullBets = options.fullBets ?? 0;
    /** whether each seat has acted since the last full bet or raise */
    this.acted = new Array(seats).fill(false);
    /** @type {Seat | null} the seat to act, null once the round has closed */
    this.toAct = options.first;
    /** @type {Seat | null} the last seat to bet or raise in this round */
    this.lastAggressor = null;
  }

  /** @param {Seat} seat @returns {number} the most the seat's round total can reach */
  reach(seat) {
    return this.bets[seat] + this.table.stacks[seat];
  }

  /**
   * Whether the seat must still act in this round: it is in, has chips, and has not acted since
   * the last full bet or owes chips (stud.streets.close). This holds even for the last player
   * with chips behind players who are all-in, who may then only check, call or fold
   * (stud.allin.runout, ruling STUD-70).
   * @param {Seat} seat
   */
  needs(seat) {
    const { stacks, folded } = this.table;
    return !folded[seat] && stacks[seat] > 0 && (!this.acted[seat] || this.bets[seat] < this.level);
  }

  /** @param {Seat} seat whether another seat still in the hand has chips to answer a raise */
  someoneCanAnswer(seat) {
    const { stacks, folded } = this.table;
    return stacks.some((chips, other) => other !== seat && !folded[other] && chips > 0);
  }

  /**
   * The raise total the seat to act may make, or null when it may not raise: it has acted
   * since the last full bet (a short all-in did not reopen the betting), it cannot even call,
   * or nobody could answer (stud.allin.reopen, stud.allin.short).
   * @param {Seat} seat
   * @returns {number | null}
   */
  raiseTo(seat) {
    if (this.acted[seat] || this.reach(seat) <= this.level || !this.someoneCanAnswer(seat)) return null;
    return Math.min(this.lastFull + this.unit, this.reach(seat));
  }

  /** @param {Seat} seat @returns {number} the round total a call makes (all-in for less if short) */
  callTo(seat) {
    return Math.min(this.level, this.reach(seat));
  }

  /** @param {Seat} seat whether the seat faces a bet */
  facing(seat) {
    return this.bets[seat] < this.level;
  }

  /** @returns {string[]} the legal betting actions of the seat to act */
  legal() {
    const seat = this.toAct;
    if (seat === null) return [];
    const actions = [];
    if (this.facing(seat) || this.foldAnyTime) actions.push(formatAction(seat, 'f'));
    actions.push(formatAction(seat, 'cc', this.callTo(seat)));
    const raise = this.raiseTo(seat);
    if (raise !== null && !this.capped) actions.push(formatAction(seat, 'cbr', raise));
    return actions;
  }

  /** Whether the round has had its bet and every raise allowed (the cap; `over_cap`). */
  get capped() {
    return this.fullBets >= this.cap;
  }

  /**
   * Puts the seat's round total up to `total`.
   * @param {Seat} seat @param {number} total
   */
  pay(seat, total) {
    const more = total - this.bets[seat];
    this.table.stacks[seat] -= more;
    this.table.contributed[seat] += more;
    this.bets[seat] = total;
  }

  /**
   * Raises the round to `total`. A raise adding at least half a unit to the last full level
   * counts as full: it counts toward the cap and reopens the betting for everybody else
   * (stud.allin.reopen).
   * @param {Seat} seat @param {number} total
   */
  raise(seat, total) {
    this.pay(seat, total);
    this.level = total;
    this.lastAggressor = seat;
    if ((total - this.lastFull) * 2 >= this.unit) {
      this.lastFull = total;
      this.fullBets++;
      this.acted.fill(false);
    }
  }

  /**
   * Applies a betting action the listing holds (lib/core/precedence.js), and moves the turn on.
   * @param {Action} action
   */
  apply(action) {
    const seat = action.seat;
    if (action.verb === 'f') this.table.folded[seat] = true;
    else if (action.verb === 'cc') this.pay(seat, this.callTo(seat));
    else this.raise(seat, /** @type {number} */ (action.amount));
    this.acted[seat] = true;
    this.passTurn(seat);
  }

  /** Gives the turn to the next seat clockwise that must act, or closes the round. @param {Seat} after */
  passTurn(after) {
    const seats = this.bets.length;
    for (let i = 1; i <= seats; i++) {
      const seat = (after + i) % seats;
      if (this.needs(seat)) {
        this.toAct = seat;
        return;
      }
    }
    this.toAct = null;
  }

  /** Whether the round has closed (stud.streets.close, archie.betting.close, auction.betting.end). */
  get closed() {
    return this.toAct === null;
  }
}
