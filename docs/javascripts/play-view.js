// A hand played on the play page as the hand viewer's JSON (format 1, the same as
// reference/pokerspec/viewer/data.py writes for a case): the table after the deal and after each
// accepted action, the legal actions described, each refused attempt with its reason, the end
// with the outcome. The viewer page opens it from the session (viewer.js, `?played=ID`).

const KEPT = ["phase", "pot", "stacks", "row", "common", "folded", "stub", "bids", "drawn"];
const RENAMED = { round_bets: "bets", contributed: "put", sitting_out: "out", pick_order: "order", declarations: "dec" };
const seatKey = (seat) => Number(seat.slice(1)) || 0;
const bySeat = (a, b) => seatKey(a) - seatKey(b);

/** Each seat's cards in the order dealt, `^` before a face-up one. */
function cards(seen, seats) {
  const out = {};
  for (const seat of seats) {
    const held = (seen.hands || {})[seat] || [];
    const up = (seen.exposed || {})[seat] || [];
    out[seat] = up.every((c) => held.includes(c)) ? held.map((c) => (up.includes(c) ? `^${c}` : c)) : [...held, ...up.map((c) => `^${c}`)];
  }
  return out;
}

function table(seen, seats) {
  const frame = {};
  for (const key of KEPT) if (key in seen) frame[key] = seen[key];
  for (const [key, short] of Object.entries(RENAMED)) if (key in seen) frame[short] = seen[key];
  if ("hands" in seen || "exposed" in seen) frame.cards = cards(seen, seats);
  return frame;
}

/** What an action does on the table before it, in the viewer's words (data.py `describe`). */
export function describe(action, frame, game, opened) {
  const words = action.split(" ");
  if (words.length < 2) return { v: "raw" };
  const [seat, verb, ...rest] = words;
  const bets = frame.bets || {};
  const stacks = frame.stacks || {};
  const mine = bets[seat] || 0;
  const stack = stacks[seat] || 0;
  const top = Math.max(0, ...Object.values(bets));
  const amount = rest.length === 1 && /^[0-9]+$/.test(rest[0]) ? Number(rest[0]) : null;
  let out;
  if (verb === "f" && !rest.length) return { v: "fold" };
  if (verb === "cc" && (!rest.length || amount !== null)) {
    const total = amount !== null ? amount : Math.min(top, mine + stack);
    out = total === mine ? { v: "check" } : { v: "call", n: total };
  } else if (verb === "cbr" && amount !== null) {
    out = { v: game === "stud" && frame.phase === "street-3" && !opened ? "complete" : top > 0 ? "raise" : "bet", n: amount };
  } else if (verb === "pb" && amount !== null) out = { v: "bring_in", n: amount };
  else if (verb === "sd") {
    if (rest.length === 1 && rest[0] === "*") return { v: "draw" };
    return rest.length ? { v: "discard", c: rest } : { v: "pat" };
  } else if ((verb === "sm" || verb === "mu") && !rest.length) return { v: verb === "sm" ? "show" : "muck" };
  else if (verb === "bid" && amount !== null) return { v: "bid", n: amount };
  else if (verb === "pick" && rest.length === 1) return { v: "pick", c: rest };
  else if (verb === "dec" && rest.length === 1 && ["l", "h", "b"].includes(rest[0])) return { v: "declare", x: rest[0] };
  else return { v: "raw" };
  const total = "n" in out ? out.n : mine;
  if (stack > 0 && total - mine === stack) out.allin = true;
  return out;
}

/** What the players committed in the current phase that the table does not show yet. */
class Committed {
  constructor() {
    this.phase = null;
    this.opened = false;
    this.marks = {};
  }

  enter(phase) {
    if (phase === this.phase) return;
    this.phase = phase;
    this.opened = false;
    this.marks = Object.fromEntries(Object.entries(this.marks).filter(([k]) => k === "shown" || k === "mucked"));
  }

  accept(seat, d) {
    const mark = (key, value) => { (this.marks[key] = this.marks[key] || {})[seat] = value; };
    if (["complete", "bet", "raise"].includes(d.v)) this.opened = true;
    else if (d.v === "bid") mark("sealed", d.n);
    else if (d.v === "declare") mark("sealed_dec", d.x);
    else if (d.v === "discard" || d.v === "pat") mark("discards", d.c || []);
    else if (d.v === "show" || d.v === "muck") mark(d.v === "show" ? "shown" : "mucked", true);
  }

  frameKeys() {
    const out = {};
    for (const [key, marks] of Object.entries(this.marks)) {
      const seats = Object.keys(marks).sort(bySeat);
      out[key] = key === "shown" || key === "mucked" ? seats : Object.fromEntries(seats.map((s) => [s, marks[s]]));
    }
    return out;
  }
}

function legal(listing, frame, game, opened) {
  return { to_act: [...listing.to_act].sort(bySeat), legal: listing.actions.map((a) => ({ a, ...describe(a, frame, game, opened) })) };
}

function deltas(frames) {
  let previous = {};
  return frames.map((frame) => {
    const delta = {};
    for (const [k, v] of Object.entries(frame)) if (JSON.stringify(previous[k]) !== JSON.stringify(v)) delta[k] = v;
    for (const k of Object.keys(previous)) if (!(k in frame)) delta[k] = null;
    previous = frame;
    return delta;
  });
}

/**
 * @param {object} caseFile the hand as a case file (the page's export)
 * @param {{first: object, listing: object, attempts: {text: string, refusal: object | null, after: object | null, listing: object}[]}} record
 * @param {object | null} outcome
 */
export function handView(caseFile, record, outcome) {
  const game = caseFile.game;
  const seats = caseFile.setup.stacks.map((_, i) => `p${i + 1}`);
  const committed = new Committed();
  committed.enter(record.first.phase);
  let tableNow = table(record.first, seats);
  let frame = { ...tableNow, ...legal(record.listing, tableNow, game, false) };
  const frames = [frame];
  const steps = [{ t: "deal", f: 0 }];
  for (const { text, refusal, after, listing } of record.attempts) {
    const d = describe(text, frame, game, committed.opened);
    const seat = text.split(" ")[0] || "";
    const step = { t: refusal ? "reject" : "act", a: text, seat, d };
    if (refusal) Object.assign(step, { reason: refusal.reason, message: refusal.message });
    else {
      committed.accept(seat, d);
      committed.enter(after.phase);
      tableNow = { ...table(after, seats), ...committed.frameKeys() };
      frame = { ...tableNow, ...legal(listing, tableNow, game, committed.opened) };
      frames.push(frame);
    }
    step.f = frames.length - 1;
    steps.push(step);
  }
  const end = { t: "end", f: frames.length - 1 };
  if (outcome) {
    end.outcome = outcome;
    const gone = new Set([...(frame.folded || []), ...(frame.out || [])]);
    const revealed = "shown" in outcome ? { shown: outcome.shown, mucked: outcome.mucked || [] } : { shown: seats.filter((s) => !gone.has(s)), mucked: [] };
    frames.push({ ...frame, ...revealed, to_act: [], legal: [] });
    end.f = frames.length - 1;
  }
  steps.push(end);
  return {
    format: 1, id: caseFile.id, game, kind: "hand", profile: caseFile.profiles[0], rules: caseFile.rules,
    title: caseFile.title, explanation: caseFile.explanation, i18n: caseFile.i18n, seats, dealer: caseFile.setup.dealer,
    frames: deltas(frames), steps,
  };
}
