// @ts-check
// Unit tests for the shared fixed-limit round (archie §3, auction §3, stud §3 and §5).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LimitRound } from '../lib/core/limit-round.js';
import { parseAction, seatName } from '../lib/core/actions.js';
import { judge } from '../lib/core/precedence.js';

/** @param {number[]} stacks */
const table = (stacks) => ({ stacks, contributed: stacks.map(() => 0), folded: stacks.map(() => false) });

/**
 * Judges an action on the round alone, as a game's hand does (core.contract.precedence), and
 * applies it when the listing holds it.
 * @param {LimitRound} round @param {string} text
 */
function act(round, text) {
  const action = /** @type {import('../lib/core/actions.js').Action} */ (parseAction(text, round.bets.length));
  const refusal = judge(action, {
    over: false,
    folded: (seat) => round.table.folded[seat],
    committed: () => false,
    listing: { to_act: round.toAct === null ? [] : [seatName(round.toAct)], actions: round.legal() },
    owesBringIn: null,
    capped: round.capped,
    reach: (seat) => round.reach(seat),
    stack: (seat) => round.table.stacks[seat],
    hand: () => [],
    maxDiscard: 0,
    rules: {},
  });
  if (refusal) return refusal.reason;
  round.apply(action);
  return 'ok';
}

test('a bet and three raises, then only call or fold (stud.streets.cap)', () => {
  const round = new LimitRound({ table: table([100, 100]), first: 0, unit: 4, cap: 4, foldAnyTime: true });
  for (const a of ['p1 cbr 4', 'p2 cbr 8', 'p1 cbr 12', 'p2 cbr 16']) assert.equal(act(round, a), 'ok');
  assert.deepEqual(round.legal(), ['p1 f', 'p1 cc 16']);
  assert.equal(act(round, 'p1 cbr 20'), 'over_cap');
  assert.equal(act(round, 'p1 cc'), 'ok');
  assert.ok(round.closed);
});

test('no fold with nothing to call where the game says so (archie.betting.open)', () => {
  const round = new LimitRound({ table: table([50, 50]), first: 1, unit: 2, cap: 4, foldAnyTime: false });
  assert.deepEqual(round.legal(), ['p2 cc 0', 'p2 cbr 2']);
  assert.equal(act(round, 'p2 f'), 'illegal_action');
  assert.equal(act(round, 'p2 cbr 4'), 'wrong_amount');
});

test('a short all-in raise does not reopen; half a bet does (stud.allin.reopen)', () => {
  const short = new LimitRound({ table: table([40, 40, 5]), first: 0, unit: 4, cap: 4, foldAnyTime: true });
  for (const a of ['p1 cbr 4', 'p2 cc', 'p3 cbr 5']) assert.equal(act(short, a), 'ok');
  assert.deepEqual(short.legal(), ['p1 f', 'p1 cc 5']);
  assert.equal(act(short, 'p1 cbr 8'), 'illegal_action');
  const half = new LimitRound({ table: table([40, 40, 6]), first: 0, unit: 4, cap: 4, foldAnyTime: true });
  for (const a of ['p1 cbr 4', 'p2 cc', 'p3 cbr 6']) assert.equal(act(half, a), 'ok');
  assert.deepEqual(half.legal(), ['p1 f', 'p1 cc 6', 'p1 cbr 10']);
});

test('calling all-in for less; more than the stack is insufficient_chips (stud.allin.short, CORE-5)', () => {
  const round = new LimitRound({ table: table([40, 3, 40]), first: 0, unit: 4, cap: 4, foldAnyTime: true });
  assert.equal(act(round, 'p1 cbr 4'), 'ok');
  assert.deepEqual(round.legal(), ['p2 f', 'p2 cc 3']);
  assert.equal(act(round, 'p2 cc 4'), 'insufficient_chips');
  assert.equal(act(round, 'p2 cc 2'), 'wrong_amount');
  assert.equal(act(round, 'p2 cbr 8'), 'illegal_action');
  assert.equal(act(round, 'p2 cc'), 'ok');
  assert.equal(act(round, 'p3 cbr 50'), 'insufficient_chips');
  assert.equal(act(round, 'p1 cc 4'), 'not_your_turn');
});
