// poker-evaluator: three-card hands are padded with filler cards that play as kickers
// (core.exposed.partial ranks the three cards alone).
'use strict';
const { evalHand } = require('poker-evaluator');

for (const [a, b] of [[['Qc', 'Qd', '3h'], ['Qh', 'Qs', '2c']], [['Kc', '7d', '3h'], ['Kh', '7s', '2c']]]) {
  const [x, y] = [evalHand(a), evalHand(b)];
  console.log(`${a.join('-')} vs ${b.join('-')}:`, x.handName, x.value, y.handName, y.value); // the rule: the first is higher
}
