#!/usr/bin/env node
// @ts-check
/**
 * pokerspec-js: an engine for the pokerspec rules speaking the exec protocol on stdin/stdout
 * (docs/engine-authors/protocol.md). Each request line gets one reply line; everything read in
 * one chunk is answered with one write. Logs go to stderr only.
 *
 *   pokerspec conformance run --strict --impl exec:'node conformance/examples/js/engine.js'
 */
import { Session } from './lib/protocol.js';

const session = new Session();
let pending = '';
let stopped = false;

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  if (stopped) return;
  pending += chunk;
  const lines = pending.split('\n');
  pending = /** @type {string} */ (lines.pop());
  const replies = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    replies.push(session.handle(line));
    if (isStop(line)) {
      stopped = true;
      break;
    }
  }
  if (replies.length === 0) return;
  const text = replies.join('\n') + '\n';
  if (stopped) process.stdout.write(text, () => process.exit(0));
  else process.stdout.write(text);
});
process.stdin.on('end', () => {
  if (!stopped && pending.trim() !== '') process.stdout.write(session.handle(pending) + '\n');
});

/** @param {string} line whether the request is `stop` */
function isStop(line) {
  try {
    return JSON.parse(line).op === 'stop';
  } catch {
    return false;
  }
}
