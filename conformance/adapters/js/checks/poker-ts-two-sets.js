// poker-ts: two sets of three among seven cards are called three of a kind (core.high.categories).
// Hand is the class the Table ranks showdown hands with; Hand.compare(a, b) is negative when a is
// the better hand.
'use strict';
const { default: Hand, HandRanking } = require('poker-ts/dist/lib/hand');
const Card = require('poker-ts/dist/lib/card').default;

const hand = (text) => Hand.of(text.split(' ').map((c) => new Card('23456789TJQKA'.indexOf(c[0]), 'cdhs'.indexOf(c[1]))));
const twoSets = hand('7c 7d 7h 4s 4c 4d Kh');
const straight = hand('5c 6d 7s 8h 9c 2d 2h');
console.log('7-7-7-4-4-4-K:', HandRanking[twoSets.ranking()]); // the rule: a full house
console.log('7-7-7-4-4-4-K beats 9-8-7-6-5:', Hand.compare(twoSets, straight) < 0); // the rule: true
