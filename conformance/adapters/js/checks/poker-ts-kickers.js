// poker-ts: four of a kind loses its best kicker (core.high.kickers). Hand is the class the
// Table ranks showdown hands with; Hand.compare(a, b) is negative when a is the better hand.
'use strict';
const Hand = require('poker-ts/dist/lib/hand').default;
const Card = require('poker-ts/dist/lib/card').default;

const hand = (text) => Hand.of(text.split(' ').map((c) => new Card('23456789TJQKA'.indexOf(c[0]), 'cdhs'.indexOf(c[1]))));
const kingKicker = hand('Ac Ad Ah As Kc 3d 2h');
const queenKicker = hand('Ac Ad Ah As Qc Jd 3h');
console.log('A-A-A-A-K-3-2 beats A-A-A-A-Q-J-3:', Hand.compare(kingKicker, queenKicker) < 0); // the rule: true
