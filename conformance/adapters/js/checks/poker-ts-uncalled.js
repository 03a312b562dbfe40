// poker-ts: an uncalled bet stays in a pot of its own (core.chips.uncalled).
'use strict';
const { Table } = require('poker-ts');

const table = new Table({ smallBlind: 5, bigBlind: 10 }, 3);
[100, 20, 100].forEach((chips, seat) => table.sitDown(seat, chips));
table.startHand(0); // button seat 0, blinds seats 1 (20 chips) and 2
table.actionTaken('raise', 100); // seat 0: all in
table.actionTaken('call'); // seat 1: all in for 20
table.actionTaken('fold'); // seat 2 folds his big blind
table.endBettingRound();
console.log('pots:', JSON.stringify(table.pots())); // the rule: a pot of 50 and 80 returned to seat 0
