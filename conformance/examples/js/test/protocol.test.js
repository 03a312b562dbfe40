// @ts-check
// Unit tests for the exec protocol (docs/engine-authors/protocol.md), in process and over a pipe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Session } from '../lib/protocol.js';

/** @param {Session} session @param {object} request */
const ask = (session, request) => JSON.parse(session.handle(JSON.stringify(request)));

test('start: protocol 1, and minor 1 with the id echoed for a 1.1 runner', () => {
  const session = new Session();
  const old = ask(session, { op: 'start', protocol: 1 });
  assert.equal(old.protocol, 1);
  assert.ok(!('minor' in old) && !('id' in old));
  const v11 = ask(session, { op: 'start', protocol: 1, minor: 1, id: 0 });
  assert.deepEqual([v11.minor, v11.id], [1, 0]);
  assert.ok(v11.capabilities.includes('hand:stud'));
});

test('errors: unknown op, bad JSON, bad cards, bad amounts, no hand', () => {
  const session = new Session();
  assert.equal(ask(session, { op: 'dance', id: 7 }).error.code, 'unknown_op');
  assert.equal(JSON.parse(session.handle('{not json')).error.code, 'bad_request');
  assert.deepEqual(ask(session, { op: 'parse', input: ['As', 'as'] }).error.token, 'as');
  assert.equal(ask(session, { op: 'split', amount: 2.5, winners: ['p1'] }).error.code, 'bad_amount');
  assert.equal(ask(session, { op: 'split', amount: '10', winners: ['p1'] }).error.code, 'bad_amount');
  assert.deepEqual(ask(session, { op: 'split', amount: 10.0, winners: ['p1', 'p2'] }).shares, { p1: 5, p2: 5 });
  assert.equal(ask(session, { op: 'split', amount: 10, winners: ['p1'], high: ['p1'], low: ['p2'] }).error.code, 'bad_request');
  assert.equal(ask(session, { op: 'new_hand', game: 'nope', profile: 'x', setup: {} }).error.code, 'bad_request');
  assert.equal(ask(session, { op: 'new_hand', game: 'archie', profile: 'archie-barge', setup: { stacks: [50, -1], dealer: 'p3', deck: [] } }).error.code, 'bad_amount');
  assert.equal(ask(session, { op: 'new_hand', game: 'archie', profile: 'archie-barge', setup: { stacks: [50, 10], dealer: 'p1', deck: ['Zz'] } }).error.code, 'short_stack');
  assert.equal(ask(session, { op: 'legal' }).error.code, 'bad_request');
  assert.equal(ask(session, { op: 'new_hand', game: 'archie', profile: 'archie-barge', setup: { stacks: [47, 100], dealer: 'p1', deck: [] } }).error.code, 'short_stack');
});

test('the engine answers a pipelined conversation line by line and exits on stop', () => {
  const engine = fileURLToPath(new URL('../engine.js', import.meta.url));
  const input = [
    { op: 'start', protocol: 1, minor: 1, id: 0 },
    { op: 'rank', ranking: 'high', hands: [['As', '2d', '3c', '4h', '5s'], ['2c', '3d', '4s', '5h', '6c']], id: 1 },
    { op: 'stop', id: 2 },
    { op: 'parse', input: ['As'], id: 3 },
  ].map((r) => JSON.stringify(r)).join('\n') + '\n';
  const run = spawnSync(process.execPath, [engine], { input, encoding: 'utf8' });
  const replies = run.stdout.trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(run.status, 0);
  assert.deepEqual(replies.map((r) => r.id), [0, 1, 2]);
  assert.deepEqual(replies[1].order, [[1], [0]]);
});

test('branch: push keeps the position, pop brings it back, new_hand empties the stack', () => {
  const session = new Session();
  assert.ok(ask(session, { op: 'start', protocol: 1, minor: 1 }).capabilities.includes('branch'));
  assert.equal(ask(session, { op: 'push' }).error.code, 'bad_request');
  ask(session, { op: 'new_hand', game: 'stud', profile: 'stud-fl-training', setup: { stacks: [4, 4, 4], dealer: 'p1', deck: [] } });
  const before = [ask(session, { op: 'legal' }), ask(session, { op: 'observe' })];
  assert.deepEqual(ask(session, { op: 'push' }), { ok: true });
  assert.deepEqual(ask(session, { op: 'act', action: 'p2 cbr 2' }), { ok: true });
  assert.deepEqual(ask(session, { op: 'act', action: 'p3 cbr 3' }), { ok: true });
  assert.notDeepEqual(ask(session, { op: 'observe' }), before[1]);
  assert.deepEqual(ask(session, { op: 'pop' }), { ok: true });
  assert.deepEqual([ask(session, { op: 'legal' }), ask(session, { op: 'observe' })], before);
  assert.equal(ask(session, { op: 'pop' }).error.code, 'bad_request');
  ask(session, { op: 'push' });
  ask(session, { op: 'new_hand', game: 'stud', profile: 'stud-fl-training', setup: { stacks: [4, 4, 4], dealer: 'p1', deck: [] } });
  assert.equal(ask(session, { op: 'pop' }).error.code, 'bad_request');
});

test('probe: what act would lead to, the hand left where it is', () => {
  const session = new Session();
  assert.ok(ask(session, { op: 'start', protocol: 1, minor: 1 }).capabilities.includes('probe'));
  assert.equal(ask(session, { op: 'probe', action: 'p2 cbr 2' }).error.code, 'bad_request');
  ask(session, { op: 'new_hand', game: 'stud', profile: 'stud-fl-training', setup: { stacks: [4, 4, 4], dealer: 'p1', deck: [] } });
  const before = [ask(session, { op: 'legal' }), ask(session, { op: 'observe' })];
  const probed = ask(session, { op: 'probe', action: 'p2 cbr 2' });
  assert.deepEqual([ask(session, { op: 'legal' }), ask(session, { op: 'observe' })], before);
  ask(session, { op: 'act', action: 'p2 cbr 2' });
  assert.deepEqual(probed, { ...ask(session, { op: 'legal' }), outcome: null });
  assert.equal(ask(session, { op: 'probe', action: 'p2 cbr 2' }).rejected, 'not_your_turn');
});
