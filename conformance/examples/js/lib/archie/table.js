// @ts-check
/**
 * Archie, section 1: the table and stakes (spec/archie/01-table.md).
 */
import { SetupError } from '../core/setup.js';

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
 * Refuses a table Archie cannot be dealt on (archie.table.players, archie.table.reserve).
 * @param {number[]} stacks
 */
export function checkTable(stacks) {
  if (stacks.length !== PLAYERS) throw new SetupError('bad_seats', `Archie is dealt to exactly ${PLAYERS} players`);
  if (stacks.some((chips) => chips < RESERVE)) {
    throw new SetupError('short_stack', `a seat needs ${RESERVE} chips to be dealt in`);
  }
}
