// What one seat may see of a hand on the play page (core.contract.observables, seen from a seat):
// the page draws the table and the history from this view only, never from the engine's whole
// observation, so a card, bid or declaration another seat has not revealed is not in the page.
// With no seat (the reader plays every seat) the view is the whole observation.

/**
 * The observation as `seat` may see it: its own cards, the face-up cards of the others (their
 * face-down cards as `null`, in the order dealt), and the cards of the seats in `shown` (the
 * hands shown at the showdown). Bids and declarations are public in the engine's observation only
 * once revealed (auction.auction.bid, auction.declare.simultaneous).
 * @param {Record<string, any>} seen the engine's observation
 * @param {string | null} seat the reader's seat, or null for every seat
 * @param {Iterable<string>} shown
 */
export function seatView(seen, seat, shown = []) {
  if (seat === null) return seen;
  const open = new Set([seat, ...shown]);
  const hands = {};
  for (const [other, held] of Object.entries(seen.hands || {})) {
    const up = new Set((seen.exposed || {})[other] || []);
    hands[other] = open.has(other) ? held : held.map((c) => (up.has(c) ? c : null));
  }
  return { ...seen, hands };
}

/** The seats whose hands are shown once the hand is over: the outcome's `shown`, else every
 * player still in when more than one is (a lone survivor shows nothing). */
export function shownAtEnd(outcome, seen) {
  if (!outcome) return [];
  if (Array.isArray(outcome.shown)) return outcome.shown;
  const gone = new Set([...(seen.folded || []), ...(seen.sitting_out || [])]);
  const live = Object.keys(seen.stacks).filter((s) => !gone.has(s));
  return live.length > 1 ? live : [];
}

/**
 * How one accepted action of the history reads for `seat`: "open" (as played), "sealed" (a bid or
 * declaration of another seat while the phase it was made in lasts), or "discard" (another seat's
 * discard: how many cards, never which).
 * @param {{act: string, phase: string}} step @param {string | null} seat @param {string} phaseNow
 */
export function stepSight(step, seat, phaseNow) {
  const [who, verb, ...rest] = step.act.split(" ");
  if (seat === null || who === seat) return { sight: "open" };
  if ((verb === "bid" || verb === "dec") && step.phase === phaseNow) return { sight: "sealed", verb };
  if (verb === "sd" && rest.length) return { sight: "discard", n: rest.length };
  return { sight: "open" };
}
