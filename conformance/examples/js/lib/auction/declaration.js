// @ts-check
/**
 * Auction poker, section 4: the declaration (spec/auction/04-declaration.md).
 */
import { rankHigh } from '../core/high.js';
import { rankLow } from '../core/low.js';

/** @typedef {import('../core/cards.js').Card} Card */

/** The choices: low, high, both (auction.declare.choices). */
export const CHOICES = ['l', 'h', 'b'];

/** @param {string} choice whether it claims the high half */
export const claimsHigh = (choice) => choice === 'h' || choice === 'b';
/** @param {string} choice whether it claims the low half */
export const claimsLow = (choice) => choice === 'l' || choice === 'b';

/**
 * The high hand: the best five of seven, ordinary ranking (auction.declare.high).
 * @param {Card[]} seven
 */
export const highHand = (seven) => rankHigh(seven);

/**
 * The low hand: the best ace-to-five five of seven, no qualifier (auction.declare.low,
 * ruling AUC-10).
 * @param {Card[]} seven
 */
export const lowHand = (seven) => rankLow(seven);
