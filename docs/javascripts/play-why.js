// "Why not?" on the play page: a refused action explained with the numbers of the moment, as a
// key of the page's words ([play] no_*) and the values to fill in. The rule is the engine's
// (core.contract.precedence, each game's rule for the reason, the phase and the verb). No DOM:
// docs/tests/test_play_why.py walks every reason and phase of each game through it on node.

/** The refusal reason -> the words' key of its sentence (wrong_amount depends on the moment). */
const KEYS = {
  not_your_turn: "no_turn", folded: "no_folded", hand_over: "no_over", already_committed: "no_committed",
  must_bring_in: "no_bring_in", over_cap: "no_cap", illegal_action: "no_options", insufficient_chips: "no_chips",
  card_not_in_hand: "no_card", too_many_cards: "no_too_many", duplicate_card: "no_duplicate", not_in_row: "no_row",
  malformed: "no_malformed",
};

/**
 * The sentence that says why `text` is refused now, with the amounts, cards and seats it turns on.
 * @param {{reason: string, rule: string}} refusal the engine's refusal
 * @param {string} text the action tried
 * @param {object} at the moment: `seen` (what the reader may see), `listing` (the legal actions),
 *   `verbs` (this game's verbs), `maxDiscard`, `phase` (the phase named for readers), and
 *   `named(action)` (an action as its button names it, in the reader's language) and `or` (the
 *   language's "or")
 * @returns {{key: string, values: Record<string, string>}}
 */
export function whyNotSentence(refusal, text, at) {
  const { seen, listing } = at;
  const [seat = "", verb = "", ...rest] = String(text).trim().split(/\s+/);
  const mine = listing.actions.filter((a) => a.startsWith(`${seat} `));
  const actor = listing.to_act[0] || "";
  const bets = seen.round_bets || {};
  const top = Math.max(0, ...Object.values(bets));
  const list = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")}${at.or}${items[items.length - 1]}`);
  const options = list(mine.map((a) => {
    const name = at.named(a);
    return name.charAt(0).toLowerCase() + name.slice(1);
  }));
  const values = { seat, options, phase: at.phase, to_act: list(listing.to_act), top: String(top) };
  const held = ((seen.hands || {})[seat] || []).filter((c) => c !== null);
  let key = KEYS[refusal.reason] || "no_options";
  if (refusal.reason === "wrong_amount") key = verb === "bid" ? "no_options" : top > 0 ? "no_amount_bet" : "no_amount_open";
  if (refusal.reason === "not_your_turn" && !actor) key = "no_turn_nobody";
  if (refusal.reason === "insufficient_chips") {
    const stack = (seen.stacks || {})[seat] ?? 0;
    const bet = bets[seat] ?? 0;
    if (verb === "bid") key = "no_chips_bid";
    Object.assign(values, { stack: String(stack), bet: String(bet), most: String(stack + bet) });
  }
  if (refusal.reason === "card_not_in_hand") {
    Object.assign(values, { card: rest.find((c) => !held.includes(c)) || rest[0] || "", cards: held.join(" ") });
  }
  if (refusal.reason === "too_many_cards") Object.assign(values, { most: String(at.maxDiscard), n: String(rest.length) });
  if (refusal.reason === "duplicate_card") values.card = rest.find((c, i) => rest.indexOf(c) !== i) || "";
  if (refusal.reason === "not_in_row") Object.assign(values, { card: rest[0] || "", row: (seen.row || []).join(" ") });
  if (refusal.reason === "malformed") {
    Object.assign(values, { verbs: at.verbs.join(", "), example: listing.actions[0] || `${actor || "p1"} ${at.verbs[1]}` });
  }
  return { key, values };
}
