// Walks every phase of a hand of each game on the JavaScript engine and tries, at each moment,
// actions the listing does not hold; prints, for each refusal, the engine's reason and rule and
// the play page's sentence (docs/javascripts/play-why.js). Read by test_play_why.py.
import { ARCHIE } from "../../conformance/examples/js/lib/archie/hand.js";
import { MAX_DISCARD } from "../../conformance/examples/js/lib/archie/deal.js";
import { AUCTION } from "../../conformance/examples/js/lib/auction/hand.js";
import { STUD } from "../../conformance/examples/js/lib/stud/hand.js";
import { describe } from "../javascripts/play-view.js";
import { whyNotSentence } from "../javascripts/play-why.js";

const GAMES = {
  archie: [ARCHIE, "archie-barge", [100, 100], ["f", "cc", "cbr", "sd"]],
  auction: [AUCTION, "auction-seed", [30, 30, 4], ["f", "cc", "cbr", "bid", "pick", "dec"]],
  stud: [STUD, "stud-fl-training", [40, 40, 6], ["f", "cc", "cbr", "pb", "sm", "mu"]],
};

function deck(seed) {
  const cards = [];
  for (const rank of "23456789TJQKA") for (const suit of "cdhs") cards.push(rank + suit);
  let a = seed;
  for (let i = cards.length - 1; i > 0; i--) {
    a = (a * 1103515245 + 12345) % 2147483648;
    const j = a % (i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

const out = [];
for (const [game, [engine, profile, stacks, verbs]] of Object.entries(GAMES)) {
  for (const seed of [1, 2, 3]) {
    const setup = { stacks, dealer: `p${stacks.length}`, deck: deck(seed) };
    const fresh = (played) => {
      const hand = engine.newHand(engine.profiles[profile], setup);
      for (const a of played) hand.act(a);
      return hand;
    };
    const played = [];
    let hand = fresh(played);
    for (let guard = 0; guard < 200; guard++) {
      const seen = hand.observe();
      const listing = hand.legal();
      const over = hand.outcome() !== null;
      const seats = Object.keys(seen.stacks);
      const me = listing.to_act[0] || seats[0];
      const own = (seen.hands || {})[me] || [];
      const other = seats.find((s) => !listing.to_act.includes(s)) || seats[0];
      const top = Math.max(0, ...Object.values(seen.round_bets || {}));
      const stranger = Object.values(seen.hands || {}).flat().concat(seen.row || []).find((c) => !own.includes(c)) || "2c";
      const tries = [`${other} cc`, `${me} bogus`, `${me} cc ${top + 100}`, `${me} sd ${own.slice(0, 6).join(" ")} ${stranger}`,
        `${me} sd ${own[0]} ${own[0]}`, `${me} sd ${stranger}`, `${me} pick ${own[0] || "2c"}`, `${me} cbr 999`, `${me} cbr ${top + 1}`];
      for (const verb of verbs) for (const rest of ["", " 0", " 1", " 4", " h"]) tries.push(`${me} ${verb}${rest}`);
      tries.push(...seats.map((s) => `${s} cc`));
      for (const text of tries) {
        if (listing.actions.includes(text)) continue;
        const probe = fresh(played);
        const refusal = probe.act(text);
        if (!refusal) continue;
        const { key, values } = whyNotSentence(refusal, text, {
          seen, listing, verbs, maxDiscard: MAX_DISCARD, phase: seen.phase, or: " or ",
          named: (a) => { const d = describe(a, { bets: seen.round_bets || {}, stacks: seen.stacks, phase: seen.phase }, game, false); return `${d.v} ${d.n ?? ""}`.trim(); },
        });
        const seat = text.split(" ")[0];
        // the amounts of the seat's listed bets, raises, calls, bring-ins and bids (a check has none)
        const amounts = listing.actions.filter((a) => a.startsWith(`${seat} `))
          .map((a) => describe(a, { bets: seen.round_bets || {}, stacks: seen.stacks, phase: seen.phase }, game, false).n)
          .filter((n) => n !== undefined).map(String);
        out.push({ game, phase: seen.phase, text, reason: refusal.reason, rule: refusal.rule, key, values, amounts, top });
      }
      if (over) break;
      const mine = listing.actions.filter((a) => a.startsWith(`${listing.to_act[0]} `));
      // seed 2 raises while it may (to reach the cap), seed 3 folds once where a fold is allowed
      const folds = seed === 3 && !(seen.folded || []).length && seats.length > 2 ? mine.find((a) => a.endsWith(" f")) : undefined;
      const raise = seed === 2 ? mine.find((a) => / cbr /.test(a)) : undefined;
      const next = folds || raise || mine.find((a) => / cc( |$)/.test(a)) || mine.find((a) => a.endsWith(" sd *")) || mine[mine.length - 1];
      const action = next.endsWith(" sd *") ? next.slice(0, -2) : next;
      played.push(action);
      hand = fresh(played);
    }
  }
}
process.stdout.write(JSON.stringify(out));
