// A hand played on the play page written as a PHH hand history, as `pokerspec phh export` writes a
// case (docs/examples/real-hands.md, reference/pokerspec/phh/export.py): PHH's p1 is the first
// player dealt (the dealer's left) and `seats` keeps each player's seat; stud is variant F7S,
// Archie and Auction poker pokerspec's own variants and extensions. The hand is replayed here on
// the JavaScript engine from its setup with its accepted actions.

const VARIANTS = { stud: "F7S", archie: "pokerspec-archie", auction: "pokerspec-auction" };

/** A TOML string as PHH writes it: literal when it can be, basic with escapes otherwise. */
function scalar(value) {
  if (typeof value !== "string") return String(value);
  if (!value.includes("'") && [...value].every((c) => c === "\t" || (c >= " " && c !== "\x7f"))) return `'${value}'`;
  const escapes = { '"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r" };
  return `"${[...value].map((c) => escapes[c] ?? (c < " " || c === "\x7f" ? `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}` : c)).join("")}"`;
}

function dumps(fields, comments) {
  const out = comments.map((c) => `# ${c}`);
  for (const [key, value] of Object.entries(fields)) {
    if (!Array.isArray(value)) out.push(`${key} = ${scalar(value)}`);
    else if (key === "actions" && value.length) out.push(`${key} = [`, ...value.map((v) => `  ${scalar(v)},`), "]");
    else out.push(`${key} = [${value.map(scalar).join(", ")}]`);
  }
  return out.join("\n") + "\n";
}

/**
 * @param {object} hand
 * @param {object} hand.engine the game module (ARCHIE, AUCTION or STUD)
 * @param {string} hand.game @param {object} hand.profile the engine's profile
 * @param {{stacks: number[], dealer: string}} hand.setup
 * @param {string[]} hand.acts the accepted actions in order
 * @param {{id: string, title: string}} hand.origin the case the hand was exported as
 * @param {{archie: object, auction: object}} hand.tables Archie's blinds and units, Auction's bet and bids
 */
export function phhText({ engine, game, profile, setup, acts, origin, tables }) {
  const seats = setup.stacks.length;
  const dealer = Number(setup.dealer.slice(1)) - 1;
  const order = Array.from({ length: seats }, (_, i) => (dealer + 1 + i) % seats);
  const phh = new Map(order.map((seat, i) => [`p${seat + 1}`, `p${i + 1}`]));
  const hand = engine.newHand(profile, setup);
  const first = hand.observe();
  const names = (cards) => cards.join("");
  const actions = [];
  const held = new Set();
  const rows = new Set();
  const dealt = new Map(order.map((seat) => [`p${seat + 1}`, 0]));
  let common = 0;

  /** Stud: the deals since the last look, street by street, every player in dealing order. */
  const studDeals = (seen) => {
    const most = Math.max(...order.map((seat) => seen.hands[`p${seat + 1}`].length));
    const from = Math.min(...order.map((seat) => dealt.get(`p${seat + 1}`)));
    for (let index = from; index < Math.max(most, seen.common.length ? 7 : 0); index++) {
      if (index === 6 && seen.common.length > common) {
        actions.push(`d db ${names(seen.common)}`);
        common = seen.common.length;
        continue;
      }
      for (const seat of order) {
        const name = `p${seat + 1}`;
        const cards = seen.hands[name];
        if (cards.length > index && dealt.get(name) <= index) {
          actions.push(`d dh ${phh.get(name)} ${cards[index]}`);
          dealt.set(name, index + 1);
        }
      }
    }
  };

  /** Archie and Auction: each seat's new cards, then a new auction row. */
  const extendedDeals = (seen) => {
    for (const seat of order) {
      const fresh = (seen.hands[`p${seat + 1}`] || []).filter((c) => !held.has(c));
      if (fresh.length) {
        actions.push(`d dh ${phh.get(`p${seat + 1}`)} ${names(fresh)}`);
        fresh.forEach((c) => held.add(c));
      }
    }
    const row = seen.row || [];
    if (row.length && !row.some((c) => rows.has(c))) {
      actions.push(`d dr ${names(row)}`);
      row.forEach((c) => rows.add(c));
    }
  };

  const deals = game === "stud" ? studDeals : extendedDeals;
  deals(first);
  const showed = new Set();
  for (const text of acts) {
    const before = hand.observe();
    if (hand.act(text)) throw new Error(`the engine refuses ${text}`);
    const [seat, verb, ...args] = text.split(" ");
    const who = phh.get(seat);
    if (verb === "pb") actions.push(`${who} pb`);
    else if (verb === "sm") {
      actions.push(game === "stud" ? `${who} sm ${names(before.hands[seat])}` : `${who} sm -`);
      showed.add(seat);
    } else if (verb === "mu") actions.push(`${who} sm`);
    else if (verb === "cc") actions.push(`${who} cc`);
    else if (verb === "sd") actions.push(args.length ? `${who} sd ${names(args)}` : `${who} sd`);
    else if (verb === "pick") {
      actions.push(`${who} pick ${args[0]}`);
      held.add(args[0]);
    } else actions.push([who, verb, ...args].join(" "));
    deals(hand.observe());
  }
  const outcome = hand.outcome();
  const end = hand.observe();
  if (game === "stud" && outcome) {
    for (const seat of outcome.shown || []) if (!showed.has(seat)) actions.push(`${phh.get(seat)} sm ${names(end.hands[seat])}`);
  }
  const byOrder = (values) => order.map((seat) => values[`p${seat + 1}`] ?? 0);
  const fields = { variant: VARIANTS[game] };
  if (game === "stud") {
    Object.assign(fields, { ante_trimming_status: true, antes: order.map(() => profile.ante), bring_in: profile.bringIn,
      small_bet: profile.smallBet, big_bet: profile.bigBet });
  } else if (game === "archie") {
    const t = tables.archie;
    Object.assign(fields, { antes: order.map(() => 0), blinds_or_straddles: [t.SMALL_BLIND, t.BIG_BLIND],
      small_bet: t.unitOf(1), big_bet: t.unitOf(3) });
  } else {
    const t = tables.auction;
    Object.assign(fields, { antes: byOrder(first.contributed), small_bet: t.BET_UNIT, big_bet: t.BET_UNIT, _pokerspec_bids: [t.MIN_BID, t.MAX_BID] });
  }
  fields.starting_stacks = order.map((seat) => setup.stacks[seat]);
  fields.actions = actions;
  if (outcome) fields.finishing_stacks = order.map((seat) => end.stacks[`p${seat + 1}`] + (outcome.received[`p${seat + 1}`] ?? 0));
  if (game !== "stud" && setup.carry) fields._pokerspec_carry = setup.carry;
  fields.seats = order.map((seat) => seat + 1);
  fields._pokerspec_case = origin.id;
  fields._pokerspec_title = origin.title;
  fields._pokerspec_profile = profile.name;
  const comments = [`Exported by the pokerspec play page from ${origin.id}, profile ${profile.name}.`,
    "PHH's p1 is the first player dealt (the seat at the button's left); 'seats' gives each player's seat in the source."];
  if (game !== "stud") comments.push(`variant '${VARIANTS[game]}' is pokerspec's own extension of PHH (docs/examples/real-hands.md), not part of the standard.`);
  return dumps(fields, comments);
}
