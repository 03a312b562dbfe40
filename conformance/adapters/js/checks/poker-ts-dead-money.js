// poker-ts: a folded player's chips go into the wrong pot (core.chips.dead).
'use strict';
const { Table } = require('poker-ts');

const table = new Table({ smallBlind: 5, bigBlind: 10 }, 4);
[100, 100, 20, 100].forEach((chips, seat) => table.sitDown(seat, chips));
table.startHand(0); // button seat 0, blinds seats 1 and 2 (seat 2 has 20 chips)
table.actionTaken('raise', 30); // seat 3
table.actionTaken('call'); // seat 0: 30
table.actionTaken('raise', 60); // seat 1
table.actionTaken('call'); // seat 2: all in for 20
table.actionTaken('call'); // seat 3: 60
table.actionTaken('fold'); // seat 0 folds the 30 he put in
table.endBettingRound();
console.log('pots:', JSON.stringify(table.pots())); // the rule: 80 (all four) and 90 (seats 1 and 3)
