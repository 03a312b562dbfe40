// The shared part of the JavaScript adapters (docs/engines/): the JSON-lines loop of the
// engine protocol (docs/engine-authors/protocol.md) around one library. An adapter translates
// and never corrects: it hands the library the cards or chips in the library's own form and
// reports the library's answer in the protocol's words. A request the library cannot express
// is answered `unsupported`, naming what is missing (`pokerspec compliance` counts it as a
// skip). An exception thrown by the library is its answer too: the adapter prints the stack to
// stderr and exits, and the runner reports the case as an engine crash with that stack.
'use strict';

const fs = require('fs');
const path = require('path');
const readline = require('readline');

const RANKS = '23456789TJQKA';
const SUITS = 'cdhs';
const SUIT_INPUT = { c: 0, d: 1, h: 2, s: 3, '♣': 0, '♦': 1, '♥': 2, '♠': 3 };

// A card token ('As', '10h', 'A♠') as {rank: 2..14, suit: 0..3, text: 'As'}.
function card(token) {
  const chars = Array.from(String(token).trim());
  const rankText = chars.slice(0, -1).join('').toUpperCase();
  const rank = rankText === '10' ? 10 : RANKS.indexOf(rankText) + 2;
  const suit = SUIT_INPUT[chars[chars.length - 1].toLowerCase()];
  if (rank < 2 || suit === undefined) throw new RangeError(`bad card ${token}`);
  return { rank, suit, text: RANKS[rank - 2] + SUITS[suit] };
}

// Hand indexes grouped best first by the library's comparison: compare(i, j) > 0 when hand i
// beats hand j, 0 for a tie.
function orderByCompare(indexes, compare) {
  const sorted = [...indexes].sort((i, j) => compare(j, i));
  const groups = [];
  for (const i of sorted) {
    if (groups.length && compare(groups[groups.length - 1][0], i) === 0) groups[groups.length - 1].push(i);
    else groups.push([i]);
  }
  return groups;
}

// Hand indexes grouped best first by the library's strength (larger is better); null: left out.
function orderByKeys(keys) {
  const present = keys.map((k, i) => i).filter((i) => keys[i] !== null);
  return orderByCompare(present, (i, j) => Math.sign(keys[i] - keys[j]));
}

const cannot = (what) => ({ error: { code: 'unsupported', message: what } });

// `unsupported` when a hand's size is outside what the library takes, else null.
function sizes(hands, fewest, most, what) {
  const bad = [...new Set(hands.map((h) => h.length).filter((n) => n < fewest || n > most))];
  return bad.length ? cannot(`${what} takes ${fewest} to ${most} cards, not ${bad.join(', ')}`) : null;
}

function version(pkg) {
  const file = path.join(__dirname, 'node_modules', pkg, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

// Serve one library: `rankings` maps a ranking name to (hands of card objects) => reply;
// `split` and `pots` take the request and return the reply.
function serve({ name, pkg, rankings = {}, split = null, pots = null }) {
  const capabilities = Object.keys(rankings).map((r) => `ranking:${r}`);
  if (split) capabilities.push('split');
  if (pots) capabilities.push('pots');
  function answer(request) {
    switch (request.op) {
      case 'start': {
        const hello = { protocol: 1, engine: { name, version: version(pkg) }, games: [], profiles: [], capabilities };
        if ('minor' in request) hello.minor = 1;
        return hello;
      }
      case 'stop':
        return { ok: true };
      case 'rank': {
        const ranker = rankings[request.ranking];
        if (!ranker) return cannot(`${name} has no ${request.ranking} ranking`);
        let hands;
        try {
          hands = request.hands.map((hand) => hand.map(card));
        } catch (err) {
          return { error: { code: 'bad_request', message: String(err.message) } };
        }
        return ranker(hands);
      }
      case 'split':
        return split ? split(request) : cannot(`${name} offers no split`);
      case 'pots':
        return pots ? pots(request) : cannot(`${name} offers no pots`);
      case 'parse': case 'showdown': case 'new_hand':
        return cannot(`${name} offers no ${request.op}`);
      default:
        return { error: { code: 'unknown_op', message: `unknown op ${request.op}` } };
    }
  }
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  lines.on('line', (line) => {
    if (!line.trim()) return;
    let request;
    try {
      request = JSON.parse(line);
    } catch (err) {
      process.stdout.write(JSON.stringify({ error: { code: 'bad_request', message: 'not JSON' } }) + '\n');
      return;
    }
    let reply;
    try {
      reply = answer(request);
    } catch (err) {
      process.stderr.write(`${name} threw on ${line.slice(0, 300)}\n${err && err.stack ? err.stack : err}\n`);
      process.exit(70);
    }
    if ('id' in request) reply.id = request.id;
    process.stdout.write(JSON.stringify(reply) + '\n');
    if (request.op === 'stop') lines.close();
  });
}

module.exports = { card, cannot, orderByCompare, orderByKeys, serve, sizes };
