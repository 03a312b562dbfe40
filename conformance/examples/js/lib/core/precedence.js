// @ts-check
/**
 * The engine contract: the order of rejection reasons (spec/core/08-contract.md,
 * core.contract.precedence). An action is accepted exactly when the current legal-action
 * listing holds it (`cc` without an amount standing for the listed `cc`, a discard with cards
 * standing for the listed `sd *`); any other action gets the first reason of the table that
 * applies, in every phase of every game. Each game describes its moment as a `Situation`; this
 * module knows no game.
 */
import { reject, seatName } from './actions.js';
import { cardName } from './cards.js';

/** @typedef {import('./chips.js').Seat} Seat */
/** @typedef {import('./cards.js').Card} Card */
/** @typedef {import('./actions.js').Action} Action */
/** @typedef {import('./actions.js').Rejection} Rejection */

/**
 * What the order of rejection reasons asks of a hand at one moment.
 * @typedef {object} Situation
 * @property {boolean} over the hand is over (2, `hand_over`)
 * @property {(seat: Seat) => boolean} folded (3, `folded`)
 * @property {(seat: Seat) => boolean} committed the phase is a draw, a bidding or the
 *   declaration and the seat has made its discard, bid or declaration in it (4, `already_committed`)
 * @property {{to_act: string[], actions: string[]}} listing the current legal actions (5, 8, 10, 14)
 * @property {Seat | null} owesBringIn the seat that must still bring in (6, `must_bring_in`)
 * @property {boolean} capped a betting round is in progress and has had its bet and every raise (7, `over_cap`)
 * @property {(seat: Seat) => number} reach the most a `cc`, `cbr` or `pb` may make: the seat's
 *   round total plus its stack (9, `insufficient_chips`)
 * @property {(seat: Seat) => number} stack the most a `bid` may be (9)
 * @property {(seat: Seat) => Card[]} hand the seat's own cards, for a discard (13)
 * @property {number} maxDiscard the most cards a discard may name (11, `too_many_cards`)
 * @property {Partial<Record<Reason, string | Record<string, string>>>} rules the game's rule that
 *   forbids an action for a reason at this moment (who acts now, which actions and amounts the
 *   phase allows, the cap), or by the action's verb (`*` for any other verb: a fold during the
 *   auctions is forbidden by the rule that nobody leaves them, a discard by the draw's rule); a
 *   reason it does not name is forbidden by core.contract.precedence itself
 */

/** @typedef {import('./actions.js').Reason} Reason */

/**
 * The one reason an action is refused, or null when the listing holds it
 * (core.contract.precedence; `malformed`, reason 1, is the parser's: parseAction).
 * @param {Action} action a readable action
 * @param {Situation} at
 * @returns {Rejection | null}
 */
export function judge(action, at) {
  const refusal = firstReason(action, at);
  if (!refusal) return null;
  const named = at.rules[refusal.reason];
  const rule = typeof named === 'object' ? named[action.verb] ?? named['*'] : named;
  return { ...refusal, rule: rule ?? refusal.rule };
}

/**
 * @param {Action} action @param {Situation} at
 * @returns {Rejection | null}
 */
function firstReason(action, at) {
  const { seat, verb } = action;
  const name = seatName(seat);
  if (at.over) return reject('hand_over', 'the hand is over');
  if (at.folded(seat)) return reject('folded', `${name} has folded`);
  if (at.committed(seat)) return reject('already_committed', `${name} has already committed in this phase`);
  if (!at.listing.to_act.includes(name)) return reject('not_your_turn', `${name} is not to act`);
  if (at.owesBringIn === seat && (verb === 'f' || verb === 'cc')) return reject('must_bring_in', `${name} must bring in`);
  if (verb === 'cbr' && at.capped) return reject('over_cap', 'the round has had its bet and every raise');
  const listed = at.listing.actions.map((text) => text.split(' ')).filter(([who, what]) => who === name && what === verb);
  if (listed.length === 0) return reject('illegal_action', `${name} may not ${verb} now`);
  const args = listed.map((words) => words[2]);
  switch (verb) {
    case 'cc':
    case 'cbr':
    case 'pb':
    case 'bid': {
      if (action.amount === null) return null;
      const most = verb === 'bid' ? at.stack(seat) : at.reach(seat);
      if (action.amount > most) return reject('insufficient_chips', `${name} can put in at most ${most}`);
      return args.includes(String(action.amount)) ? null : reject('wrong_amount', `${name} may ${verb} ${args.join(' or ')}`);
    }
    case 'sd': {
      const { cards } = action;
      if (cards.length > at.maxDiscard) return reject('too_many_cards', `at most ${at.maxDiscard} cards`);
      if (new Set(cards).size !== cards.length) return reject('duplicate_card', 'a card is named twice');
      const hand = at.hand(seat);
      const missing = cards.find((card) => !hand.includes(card));
      return missing === undefined ? null : reject('card_not_in_hand', `${cardName(missing)} is not in ${name}'s hand`);
    }
    case 'pick':
      return args.includes(cardName(action.cards[0])) ? null : reject('not_in_row', `${cardName(action.cards[0])} is not in the row`);
    default:
      return null;
  }
}
