// @ts-check
/**
 * Archie, section 1: the table and stakes (spec/archie/01-table.md).
 */
import { checkSeatCount, SetupError } from '../core/setup.js';

/** Exactly two players (archie.table.players). */
export const PLAYERS = 2;
/** The dealer's small blind and the other player's big blind (archie.table.blinds). */
export const SMALL_BLIND = 1;
export const BIG_BLIND = 2;
/** A bet and three raises per round (archie.table.cap). */
export const CAP = 4;
/** The chips a seat must hold to be dealt in (archie.table.reserve). */
export const RESERVE = 48;

/**
 * The bet size of betting round 1..4 (archie.table.limits).
 * @param {number} round
 */
export const unitOf = (round) => (round <= 2 ? 2 : 4);

/**
 * Refuses a table of any other number of seats than two (archie.table.players).
 * @param {number[]} stacks
 */
export const checkPlayers = (stacks) => checkSeatCount(stacks.length, PLAYERS, PLAYERS);

/**
 * Refuses a seat short of the reserve (archie.table.reserve); checked after the seats and the
 * dealer (core.contract.setup, ruling CORE-72).
 * @param {number[]} stacks
 */
export function checkReserve(stacks) {
  if (stacks.some((chips) => chips < RESERVE)) {
    throw new SetupError('short_stack', `a seat needs ${RESERVE} chips to be dealt in`);
  }
}
