// pokerspec "Play a hand" and "Call the showdown": a hand played and judged in the browser on the
// independent JavaScript engine (conformance/examples/js, shipped by docs/hooks/pokerspec_play.py
// as play-engine/lib/), in the page's language. An ES module; no dependencies. It mounts on the
// elements with the class "ps-play" (the play table) and "ps-drill" (the showdown drill).
//
// Test hooks: every action button carries its notation in data-action; the notation box, the
// verdict, the outcome, the award steps and the drill's parts carry data-testid values.

import { phhText } from "./play-phh.js";
import { bestFives, lowBeats } from "./play-hands.js";
import { seatView, shownAtEnd, stepSight } from "./play-seat.js";
import { describe, handView } from "./play-view.js";
import { whyNotSentence } from "./play-why.js";

const SITE = new URL("../", import.meta.url);
const LANGS = ["en", "ru", "pt", "fr"];
const LANG = LANGS.includes(document.documentElement.lang) ? document.documentElement.lang : "en";
const SUITS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
const SEATS = { archie: [2, 2], auction: [2, 7], stud: [2, 8] };
const DEFAULT_SEATS = { archie: 2, auction: 4, stud: 4 };
const VERBS = { archie: ["f", "cc", "cbr", "sd"], auction: ["f", "cc", "cbr", "bid", "pick", "dec"], stud: ["f", "cc", "cbr", "pb", "sm", "mu"] };
const PROFILE = { archie: "archie-barge", auction: "auction-seed", stud: "stud-fl-training" };

// ---------------------------------------------------------------------------------------------
// Loading: the engine's modules, the words, the rules and the viewer's labels

const json = (path) => fetch(new URL(path, SITE)).then((r) => {
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
});

let loaded = null;

function load() {
  if (!loaded) {
    const engine = (path) => import(new URL(`play-engine/lib/${path}`, SITE).href);
    loaded = Promise.all([
      json("play-data/words.json"), json("play-data/rules.json"), json("viewer-data/labels.json"),
      engine("archie/hand.js"), engine("auction/hand.js"), engine("stud/hand.js"), engine("core/why.js"),
      engine("archie/table.js"), engine("auction/setup.js"), engine("archie/deal.js"),
      engine("core/cards.js"), engine("core/high.js"), engine("core/low.js"),
    ]).then(([words, rules, labels, archie, auction, stud, why, archieTable, auctionSetup, archieDeal, cards, high, low]) => ({
      words: words[LANG] || words.en, rules, labels: labels[LANG] || labels.en, everyLanguage: { words, labels },
      games: { archie: archie.ARCHIE, auction: auction.AUCTION, stud: stud.STUD }, whyOf: why.whyOf,
      tables: { archie: archieTable, auction: auctionSetup }, maxDiscard: archieDeal.MAX_DISCARD, cardLib: { cards, high, low },
    }));
  }
  return loaded;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children ?? [])) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** A seeded generator (mulberry32): the same seed deals the same hand and the same bot play. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pickOne = (rng, items) => items[Math.floor(rng() * items.length)];

function shuffled(rng) {
  const deck = [];
  for (const rank of "23456789TJQKA") for (const suit of "cdhs") deck.push(rank + suit);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck;
}

class Text {
  constructor(data) {
    this.data = data;
  }

  /** One of the page's words, with {name} filled in (a value may be a DOM node). */
  w(key, values) {
    return this.fill(this.data.words[key] ?? key, values);
  }

  fill(text, values) {
    if (!values) return text;
    const parts = String(text).split(/(\{[a-z_]+\})/);
    const nodes = parts.map((part) => {
      const m = /^\{([a-z_]+)\}$/.exec(part);
      return m && m[1] in values ? values[m[1]] : part;
    });
    return nodes.every((n) => typeof n === "string" || typeof n === "number") ? nodes.join("") : el("span", {}, nodes);
  }

  /** The same words in another language (the exported case carries every language). */
  in(lang) {
    const { words, labels } = this.data.everyLanguage;
    return new Text({ ...this.data, words: words[lang] || words.en, labels: labels[lang] || labels.en });
  }

  /** A profile's name for readers; its ID (`archie-barge`) stays beside it or in a tooltip. */
  profile(id) {
    return (this.data.words.profile_names || {})[id] ?? id;
  }

  ui(key) {
    return this.data.labels.ui[key] ?? key;
  }

  phase(token) {
    const names = this.data.labels.phase;
    if (names[token]) return names[token];
    const m = /^([a-z]+)-(\d+)$/.exec(token);
    return m && names[`${m[1]}-n`] ? names[`${m[1]}-n`].replace("{n}", m[2]) : token;
  }

  reason(token) {
    const entry = this.data.labels.reason[token];
    return entry ? { short: entry[0], long: entry[1] } : { short: token, long: "" };
  }

  category(token) {
    return this.data.labels.category[token] ?? token;
  }

  game(token) {
    return this.data.labels.game[token] ?? token;
  }

  /** A link to a rule's anchor on the spec page of the reader's language, named by its heading. */
  rule(id) {
    const entry = this.data.rules[id];
    if (!entry) return el("code", {}, id);
    const href = new URL(`${LANG === "en" ? "" : `${LANG}/`}${entry.page}#${id}`, SITE).href;
    return el("a", { class: "ps-play-rule", href, "data-rule": id, title: id },
      entry.title[LANG] || entry.title.en);
  }

  seats(list) {
    return (list || []).join(", ");
  }
}

/** A field with an ID beside it, for engine authors who search by it (a profile's name and its ID). */
function withId(field, id) {
  field.append(el("code", { class: "ps-play-id", "data-testid": `${field.querySelector("select").dataset.testid}-id` }, id));
  return field;
}

/** A card as the reader sees it: `Tc` is 10♣. */
const cardText = (name) => name.slice(0, -1).replace("T", "10") + (SUITS[name.slice(-1)] || name.slice(-1));

function card(name, attrs) {
  const suit = name.slice(-1);
  const rank = name.slice(0, -1).replace("T", "10");
  return el("span", { class: `ps-play-card ps-play-${suit}`, "data-card": name, ...attrs }, rank + (SUITS[suit] || suit));
}

// ---------------------------------------------------------------------------------------------
// Naming actions in the reader's language

/**
 * An action named as its button says it: what it does on the table before it (play-view.js
 * `describe`, the viewer's reading), in the page's words.
 */
function actionName(T, text, seen, game, opened) {
  const d = describe(text, { bets: seen.round_bets || {}, stacks: seen.stacks, phase: seen.phase }, game, opened);
  switch (d.v) {
    case "discard": return T.w("act_discard", { cards: d.c.map(cardText).join(" ") });
    case "pick": return T.w("act_pick", { card: cardText(d.c[0]) });
    case "declare": return T.w(`act_dec_${d.x}`);
    case "raw": return text;
    default: return T.w(`act_${d.v}`, { n: d.n });
  }
}

// ---------------------------------------------------------------------------------------------
// The built-in players: simple, seeded, never clever

function botAction(rng, seat, listing, seen) {
  const mine = listing.actions.filter((a) => a.startsWith(`${seat} `));
  const has = (verb) => mine.filter((a) => a.split(" ")[1] === verb);
  if (has("sd").length) {
    const cards = seen.hands[seat] || [];
    const keep = cards.filter(() => rng() < 0.6);
    const drop = cards.filter((c) => !keep.includes(c)).slice(0, 3);
    return drop.length ? `${seat} sd ${drop.join(" ")}` : `${seat} sd`;
  }
  if (has("pb").length) return has("pb")[0];
  if (has("sm").length) return has("sm")[0];
  const roll = rng();
  if (has("cbr").length && roll < 0.2) return has("cbr")[0];
  if (has("f").length && roll > 0.9) return has("f")[0];
  if (has("cc").length) return has("cc")[0];
  return pickOne(rng, mine);
}

// ---------------------------------------------------------------------------------------------
// The play table

class Play {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.T = new Text(data);
    // a test hook, outside the page's DOM: the browser tests compare the page with the whole hand
    root.psPlay = this;
    this.fromAddress();
    window.addEventListener("popstate", () => this.fromAddress());
  }

  /** The hand of the address: game, profile, seats, who plays, seed, and the reader's actions so
   * far (`acts`, words joined by "." and actions by "_"), replayed on the same deal. */
  fromAddress() {
    const params = new URL(window.location.href).searchParams;
    const data = this.data;
    const game = data.games[params.get("game")] ? params.get("game") : "archie";
    this.choice = {
      game,
      profile: data.games[game].profiles[params.get("profile")] ? params.get("profile") : PROFILE[game],
      seats: this.seatCount(game, Number(params.get("seats"))),
      bots: params.get("bots") === "others" ? "others" : "none",
    };
    const seed = Number(params.get("seed"));
    const acts = (params.get("acts") || "").split("_").filter(Boolean).map((a) => a.split(".").join(" "));
    this.deal(Number.isInteger(seed) && seed > 0 && seed < 10000 ? seed : this.newSeed(), false, acts);
  }

  seatCount(game, wanted) {
    const [low, high] = SEATS[game];
    return Number.isInteger(wanted) && wanted >= low && wanted <= high ? wanted : DEFAULT_SEATS[game];
  }

  newSeed() {
    return 1 + Math.floor(Math.random() * 9999);
  }

  /** Deals the hand of a seed and replays `acts` (the reader's actions, each followed by the
   * built-in players'); the seed, the choices and the actions go in the address. */
  deal(seed, push, acts = []) {
    const { game, profile, seats } = this.choice;
    this.seed = seed;
    const rng = random(seed);
    this.botRng = random(seed * 7919);
    const stacks = Array.from({ length: seats }, () => (game === "archie" ? 100 : game === "auction" ? 30 : 12 + Math.floor(rng() * 49)));
    this.setup = { stacks, dealer: `p${1 + Math.floor(rng() * seats)}`, deck: shuffled(rng) };
    this.steps = [];
    this.verdict = null;
    this.error = null;
    try {
      this.hand = this.data.games[game].newHand(this.data.games[game].profiles[profile], this.setup);
      this.record = { first: this.hand.observe(), listing: this.hand.legal(), attempts: [] };
    } catch (error) {
      this.hand = null;
      this.error = String(error && error.message);
    }
    this.runBots();
    for (const act of acts) {
      if (!this.hand || this.hand.outcome() || this.apply(act)) {
        if (this.hand) this.unapplyRefused();
        break;
      }
      this.runBots();
    }
    this.address(push);
    this.render();
  }

  /** Forgets a refused action of the address (it changed nothing): the history stays the hand's. */
  unapplyRefused() {
    const last = this.steps[this.steps.length - 1];
    if (last && last.reject) {
      this.steps.pop();
      this.record.attempts.pop();
    }
  }

  /** The address of this position: the reader's accepted actions, not the built-in players'
   * (they follow from the seed), so the address holds nothing the reader's seat may not see. */
  address(push) {
    const { game, profile, seats, bots } = this.choice;
    const url = new URL(window.location.href);
    for (const [key, value] of Object.entries({ game, profile, seats, seed: this.seed, bots })) url.searchParams.set(key, String(value));
    const acts = this.steps.filter((s) => s.act && !s.by).map((s) => s.act.split(" ").join("."));
    if (acts.length) url.searchParams.set("acts", acts.join("_"));
    else url.searchParams.delete("acts");
    window.history[push ? "pushState" : "replaceState"](null, "", url.href);
  }

  /** The seat the reader plays against built-in players, or null when the reader plays every seat. */
  get viewer() {
    return this.choice.bots === "others" ? "p1" : null;
  }

  isBot(seat) {
    return this.choice.bots === "others" && seat !== "p1";
  }

  /** The built-in players act while only they are to act (and first in a simultaneous phase). */
  runBots() {
    for (let guard = 0; this.hand && guard < 500; guard++) {
      const listing = this.hand.legal();
      const bot = listing.to_act.find((seat) => this.isBot(seat));
      if (!bot) return;
      const action = botAction(this.botRng, bot, listing, this.hand.observe());
      if (this.apply(action)) return;
      this.steps[this.steps.length - 1].by = "bot";
    }
  }

  /** Tries one action: applied if the listing holds it, else refused with its reason and rule. */
  attempt(text) {
    const refusal = this.apply(text);
    if (refusal) this.verdict = { text, refusal };
    else {
      this.verdict = { text, name: this.steps[this.steps.length - 1].name };
      this.runBots();
      this.address(false);
    }
    this.render();
    const box = this.root.querySelector("[data-testid=play-verdict]");
    if (box && refusal) {
      box.focus({ preventScroll: true });
      box.scrollIntoView({ block: "nearest" });
    }
  }

  /** An action as its button names it; a stud completion is told from a raise by whether
   * anyone has completed, bet or raised in this round (stud.bringin.respond). */
  name(text, seen) {
    const phase = seen.phase;
    const opened = this.record.attempts.some((a) => !a.refusal && a.phase === phase && a.text.split(" ")[1] === "cbr");
    return actionName(this.T, text, seen, this.choice.game, opened);
  }

  /** Acts, and records the attempt (named as its button, for the history) for the case file and
   * the viewer; the refusal, if any. */
  apply(text) {
    const before = this.hand.observe();
    const phase = before.phase;
    const refusal = this.hand.act(text);
    this.steps.push(refusal ? { reject: text, reason: refusal.reason, phase } : { act: text, name: this.name(text, before), phase });
    this.record.attempts.push({ text, phase, refusal, after: refusal ? null : this.hand.observe(), listing: this.hand.legal() });
    return refusal;
  }

  // -- drawing --------------------------------------------------------------------------------

  render() {
    const T = this.T;
    const body = [this.controls()];
    if (this.error) body.push(el("p", { class: "ps-play-error", role: "alert" }, T.w("setup_failed", { reason: this.error })));
    if (this.hand) {
      const outcome = this.hand.outcome();
      const whole = this.hand.observe();
      const seen = seatView(whole, this.viewer, shownAtEnd(outcome, whole));
      body.push(this.table(seen, outcome));
      body.push(el("div", { class: "ps-play-verdict", "data-testid": "play-verdict", tabindex: "-1", "aria-live": "polite" },
        this.verdictView()));
      if (outcome) body.push(this.award(outcome, seen));
      else body.push(this.actions(seen));
      body.push(this.tryBox(seen, outcome));
      body.push(this.history(seen));
      if (outcome) body.push(this.exports(outcome));
    }
    const open = new Set([...this.root.querySelectorAll("details[open][data-panel]")].map((d) => d.dataset.panel));
    for (const node of body.filter(Boolean)) {
      for (const d of [node, ...node.querySelectorAll("details[data-panel]")]) if (d.matches("details[data-panel]")) d.open = open.has(d.dataset.panel);
    }
    this.root.replaceChildren(...body.filter(Boolean));
  }

  controls() {
    const T = this.T;
    const games = this.data.games;
    const choice = this.choice;
    const select = (name, label, options, value, change) => el("label", { class: "ps-play-field" }, [
      el("span", {}, label),
      el("select", { "data-testid": `play-${name}`, onchange: (e) => change(e.target.value) },
        options.map(([v, text, title]) => el("option", { value: v, selected: v === String(value), title }, text))),
    ]);
    const [low, high] = SEATS[choice.game];
    const counts = [];
    for (let n = low; n <= high; n++) counts.push([String(n), String(n)]);
    const seed = el("input", { type: "number", min: 1, max: 9999, value: this.seed, inputmode: "numeric", "data-testid": "play-seed", "aria-label": T.w("seed") });
    return el("div", { class: "ps-play-controls" }, [
      select("game", T.w("game"), Object.keys(games).map((g) => [g, T.game(g)]), choice.game, (g) => {
        choice.game = g;
        choice.profile = PROFILE[g];
        choice.seats = DEFAULT_SEATS[g];
        this.deal(this.newSeed(), true);
      }),
      withId(select("profile", T.w("profile"), Object.keys(games[choice.game].profiles).map((p) => [p, T.profile(p), p]), choice.profile, (p) => {
        choice.profile = p;
        this.deal(this.seed, true);
      }), choice.profile),
      select("seats", T.w("players"), counts, choice.seats, (n) => {
        choice.seats = Number(n);
        this.deal(this.seed, true);
      }),
      select("bots", T.w("who_plays"), [["none", T.w("bots_none")], ["others", T.w("bots_others")]], choice.bots, (b) => {
        choice.bots = b;
        this.deal(this.seed, true);
      }),
      el("div", { class: "ps-play-seed" }, [
        el("label", { class: "ps-play-field" }, [el("span", {}, T.w("seed")), seed]),
        el("button", { type: "button", class: "md-button", "data-testid": "play-deal-seed", onclick: () => {
          const n = Number(seed.value);
          if (Number.isInteger(n) && n > 0 && n < 10000) this.deal(n, true);
        } }, T.w("deal_seed")),
        el("button", { type: "button", class: "md-button md-button--primary", "data-testid": "play-deal", onclick: () => this.deal(this.newSeed(), true) }, T.w("deal_new")),
      ]),
      el("p", { class: "ps-play-sight", "data-testid": "play-sight" }, T.w(this.viewer ? "sight_seat" : "sight_all", { seat: this.viewer })),
      el("p", { class: "ps-play-share" }, [T.w("share"), " ", el("a", { href: window.location.href, "data-testid": "play-link" }, T.w("share_link", { seed: this.seed }))]),
    ]);
  }

  table(seen, outcome) {
    const T = this.T;
    const listing = this.hand.legal();
    const seats = Object.keys(seen.stacks);
    const folded = new Set(seen.folded || []);
    const rows = seats.map((seat) => {
      const cards = (seen.hands || {})[seat] || [];
      const up = new Set((seen.exposed || {})[seat] || []);
      const status = [];
      if (seat === this.setup.dealer) status.push(T.ui("dealer").toLowerCase());
      if (folded.has(seat)) status.push(T.ui("folded"));
      if (listing.to_act.includes(seat)) status.push(T.ui("to_act"));
      if (this.isBot(seat)) status.push(T.w("bot"));
      if (outcome && outcome.categories && outcome.categories[seat]) status.push(T.category(outcome.categories[seat]));
      if (seen.bids && seen.bids[seat] !== undefined) status.push(T.w("bid_shown", { n: seen.bids[seat] }));
      if (seen.declarations && seen.declarations[seat]) status.push(T.w(`dec_${seen.declarations[seat]}`));
      return el("tr", { "data-seat": seat, class: listing.to_act.includes(seat) ? "ps-play-now" : folded.has(seat) ? "ps-play-out" : null }, [
        el("th", { scope: "row" }, [seat, status.length ? el("span", { class: "ps-play-status" }, status.join(" · ")) : null]),
        el("td", { class: "ps-play-cards" }, cards.map((c) => (c === null
          ? el("span", { class: "ps-play-card ps-play-back", title: T.ui("face_down") }, "?")
          : card(c, { class: `ps-play-card ps-play-${c.slice(-1)}${up.size && !up.has(c) ? " ps-play-down" : ""}`, title: up.size ? T.ui(up.has(c) ? "face_up" : "face_down") : null })))),
        el("td", { class: "ps-play-num" }, String(seen.stacks[seat])),
        el("td", { class: "ps-play-num" }, String((seen.round_bets || {})[seat] ?? 0)),
      ]);
    });
    const extra = [];
    if (seen.row && seen.row.length) extra.push(el("p", {}, [T.ui("row"), T.ui("colon"), ...seen.row.map((c) => card(c))]));
    if (seen.common && seen.common.length) extra.push(el("p", {}, [T.ui("common"), T.ui("colon"), ...seen.common.map((c) => card(c))]));
    return el("div", { class: "ps-play-table", "data-testid": "play-table", "data-phase": seen.phase }, [
      el("p", { class: "ps-play-phase" }, [
        el("strong", {}, `${T.game(this.choice.game)} · ${T.phase(seen.phase)}`), " · ",
        T.ui("pot"), T.ui("colon"), el("b", { "data-testid": "play-pot" }, String(seen.pot)),
      ]),
      el("div", { class: "ps-play-scroll" }, el("table", { class: "ps-play-grid" }, [
        el("thead", {}, el("tr", {}, [T.ui("seat"), T.w("cards"), T.ui("stack"), T.ui("bet")].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, rows),
      ])),
      ...extra,
    ]);
  }

  verdictView() {
    const T = this.T;
    const v = this.verdict;
    if (!v) return [];
    if (!v.refusal) {
      const name = v.name.charAt(0).toLowerCase() + v.name.slice(1);
      return el("p", { class: "ps-play-ok", "data-verdict": "ok" }, [el("code", {}, v.text), " ", T.w("accepted", { action: name })]);
    }
    const reason = T.reason(v.refusal.reason);
    const why = this.whyNotSentence(v);
    return el("div", { class: "ps-play-refused", "data-verdict": "refused", "data-reason": v.refusal.reason, role: "alert" }, [
      el("p", {}, [el("code", {}, v.text), " ", T.w("refused", { reason: el("strong", { title: v.refusal.reason }, reason.short) })]),
      el("p", { "data-testid": "play-why-sentence", "data-key": why.key }, T.w(why.key, why.values)),
      el("p", { class: "ps-play-why-rule" }, [T.w("rule"), T.ui("colon"), T.rule(v.refusal.rule)]),
    ]);
  }

  /** The sentence of a refusal, with the numbers of this moment (play-why.js). */
  whyNotSentence(v) {
    const outcome = this.hand.outcome();
    const whole = this.hand.observe();
    const seen = seatView(whole, this.viewer, shownAtEnd(outcome, whole));
    return whyNotSentence(v.refusal, v.text, {
      seen, listing: this.hand.legal(), verbs: VERBS[this.choice.game], maxDiscard: this.data.maxDiscard, phase: this.T.phase(seen.phase),
      named: (a) => this.name(a, seen), or: this.T.w("or"),
    });
  }

  actions(seen) {
    const T = this.T;
    const listing = this.hand.legal();
    const groups = listing.to_act.filter((seat) => !this.isBot(seat)).map((seat) => {
      const mine = listing.actions.filter((a) => a.startsWith(`${seat} `));
      const buttons = [];
      for (const action of mine) {
        if (action.endsWith(" sd *")) buttons.push(this.discarder(seat, seen));
        else {
          buttons.push(el("button", { type: "button", class: "md-button ps-play-act", "data-action": action, title: action,
            onclick: () => this.attempt(action) }, this.name(action, seen)));
        }
      }
      return el("div", { class: "ps-play-seat-actions", "data-seat": seat }, [el("span", { class: "ps-play-who" }, `${seat}${T.ui("colon")}`), ...buttons]);
    });
    return el("section", { class: "ps-play-actions", "aria-label": T.w("allowed") }, [
      el("h3", {}, T.w("allowed")),
      ...(groups.length ? groups : [el("p", {}, T.ui("nobody"))]),
    ]);
  }

  /** A draw: the seat's cards to tick, then one button with the discard's notation. */
  discarder(seat, seen) {
    const T = this.T;
    const chosen = new Set();
    const go = el("button", { type: "button", class: "md-button ps-play-act", "data-action": `${seat} sd` }, T.w("act_pat"));
    const update = () => {
      const cards = (seen.hands[seat] || []).filter((c) => chosen.has(c));
      const action = cards.length ? `${seat} sd ${cards.join(" ")}` : `${seat} sd`;
      go.setAttribute("data-action", action);
      go.title = action;
      go.textContent = this.name(action, seen);
    };
    go.addEventListener("click", () => this.attempt(go.getAttribute("data-action")));
    const toggles = (seen.hands[seat] || []).map((c) => {
      const box = el("button", { type: "button", class: "ps-play-toggle", "aria-pressed": "false", "data-card": c, onclick: () => {
        if (chosen.has(c)) chosen.delete(c);
        else chosen.add(c);
        box.setAttribute("aria-pressed", String(chosen.has(c)));
        update();
      } }, card(c));
      return box;
    });
    return el("span", { class: "ps-play-discard" }, [el("span", { class: "ps-play-hint" }, T.w("discard_hint")), ...toggles, go]);
  }

  /** The notation box, and "why not?": actions the listing does not hold, to try. */
  tryBox(seen, outcome) {
    const T = this.T;
    const input = el("input", { type: "text", "data-testid": "play-notation", autocomplete: "off", autocapitalize: "off", spellcheck: "false",
      placeholder: T.w("notation_example"), "aria-label": T.w("notation") });
    const form = el("form", { class: "ps-play-try", onsubmit: (e) => {
      e.preventDefault();
      if (input.value.trim() !== "") this.attempt(input.value);
    } }, [
      el("label", {}, [el("span", {}, T.w("notation")), input]),
      el("button", { type: "submit", class: "md-button", "data-testid": "play-try" }, T.w("try")),
    ]);
    const why = this.whyNot(seen, outcome).map((action) => {
      const named = this.name(action, seen);
      const seat = action.split(" ")[0];
      return el("button", { type: "button", class: "md-button ps-play-whynot", "data-why": action, title: action,
        onclick: () => this.attempt(action) }, named === action ? [el("code", {}, action)]
        : [`${seat}${T.ui("colon")}${named} `, el("code", {}, action)]);
    });
    return el("section", { class: "ps-play-any" }, [
      el("h3", {}, T.w("any_action")),
      el("p", {}, T.w("any_action_help")),
      form,
      why.length ? el("details", { class: "ps-play-whynots", "data-testid": "play-why-not", "data-panel": "why" }, [
        el("summary", {}, T.w("why_not")), el("p", {}, T.w("why_not_help")), el("div", {}, why)]) : null,
    ]);
  }

  /** Actions the listing does not hold, for "why not?": only this game's verbs, for the reader's
   * seat; a card named is one the seat can see (never a guess at another seat's hidden card). */
  whyNot(seen, outcome) {
    const listing = this.hand.legal();
    const seats = Object.keys(seen.stacks);
    const me = this.viewer || listing.to_act[0] || seats[0];
    const other = seats.find((s) => s !== me && !listing.to_act.includes(s) && !(seen.folded || []).includes(s));
    const level = Math.max(0, ...Object.values(seen.round_bets || {}));
    const own = (seen.hands || {})[me] || [];
    const visible = [...Object.entries(seen.hands || {}).flatMap(([s, held]) => (s === me ? [] : held)), ...(seen.row || []), ...(seen.common || [])]
      .filter((c) => c !== null && !own.includes(c));
    const verbs = VERBS[this.choice.game];
    // One past the highest bid listed (whatever the rules' range), so the bid is refused for its amount.
    const bids = listing.actions.filter((a) => a.startsWith(`${me} bid `)).map((a) => Number(a.split(" ")[2]));
    const overBid = bids.length ? Math.max(...bids) + 1 : 1;
    const candidates = (outcome ? [`${me} cc`, `${me} f`] : [
      other ? `${other} cc` : null, `${me} f`, `${me} cc 0`, `${me} cbr ${level + 1}`, `${me} cbr 999`,
      visible.length ? `${me} sd ${visible[0]}` : null, `${me} bid ${overBid}`, own.length ? `${me} pick ${own[0]}` : null,
      `${me} dec h`, `${me} pb 1`, `${me} sm`, `${me} cbr`,
    ]).filter((a) => a && verbs.includes(a.split(" ")[1]));
    const listed = new Set(listing.actions);
    const legal = (a) => listed.has(a) || (a.endsWith(" cc") && listing.actions.some((x) => x.startsWith(`${a} `)))
      || (/ sd( |$)/.test(a) && listed.has(`${a.split(" ")[0]} sd *`) && a.split(" ").slice(2).every((c) => own.includes(c)));
    return [...new Set(candidates)].filter((a) => !legal(a)).slice(0, 7);
  }

  /** The hand so far as the reader's seat may know it (play-seat.js `stepSight`): another seat's
   * bid or declaration is sealed while its phase lasts, another seat's discard is counted. */
  history(seen) {
    const T = this.T;
    const bot = (step) => (step.by ? ` (${T.w("bot")})` : "");
    const items = this.steps.map((step) => {
      if (step.reject) return el("li", { class: "ps-play-rejected" }, [el("code", {}, step.reject), " ", T.w("refused", { reason: T.reason(step.reason).short })]);
      const seat = step.act.split(" ")[0];
      const sight = stepSight(step, this.viewer, seen.phase);
      if (sight.sight === "sealed") return el("li", { class: "ps-play-sealed" }, [`${seat}${T.ui("colon")}`, T.w(`sealed_${sight.verb}`), bot(step)]);
      if (sight.sight === "discard") return el("li", {}, [`${seat}${T.ui("colon")}`, T.w("discards_n", { n: sight.n }), bot(step)]);
      return el("li", {}, [el("code", {}, step.act), " — ", step.name, bot(step)]);
    });
    return el("details", { class: "ps-play-history", "data-panel": "history" }, [
      el("summary", {}, T.w("history", { n: this.steps.length })), el("ol", {}, items)]);
  }

  award(outcome, seen) {
    const T = this.T;
    const seats = Object.keys(seen.stacks);
    return el("section", { class: "ps-play-award", "data-testid": "play-outcome" }, [
      el("h3", {}, T.w("hand_over")),
      el("div", { class: "ps-play-scroll" }, el("table", { class: "ps-play-grid" }, [
        el("thead", {}, el("tr", {}, [T.ui("seat"), T.ui("received"), T.ui("net"), T.w("stack_after")].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, seats.map((seat) => el("tr", { "data-seat": seat }, [
          el("th", { scope: "row" }, seat),
          el("td", { class: "ps-play-num", "data-received": outcome.received[seat] }, String(outcome.received[seat])),
          el("td", { class: "ps-play-num" }, outcome.net[seat] > 0 ? `+${outcome.net[seat]}` : String(outcome.net[seat])),
          el("td", { class: "ps-play-num", "data-stack-after": seen.stacks[seat] + outcome.received[seat] }, String(seen.stacks[seat] + outcome.received[seat])),
        ]))),
      ])),
      this.hands(outcome, seen),
      explainAward(T, this.data.whyOf(outcome)),
    ]);
  }

  /** The hands shown at the showdown, high and low five each, and why the best low wins. */
  hands(outcome, seen) {
    const T = this.T;
    const game = this.choice.game;
    const shown = shownAtEnd(outcome, seen).filter((s) => !(seen.folded || []).includes(s));
    if (shown.length < 2) return null;
    const lib = this.data.cardLib;
    const own = (seat) => [...(seen.hands[seat] || []), ...(seen.common || [])];
    const hands = Object.fromEntries(shown.map((seat) => [seat, bestFives(own(seat), game, lib)]));
    const decl = outcome.declarations || seen.declarations || {};
    const contenders = game === "auction" ? shown.filter((s) => decl[s] === "l" || decl[s] === "b") : shown;
    const beats = game === "stud" ? null : lowBeats(hands, contenders, lib);
    const cards = (names) => el("span", {}, names.map((c) => card(c)));
    return el("div", { class: "ps-play-hands", "data-testid": "play-hands" }, [
      el("h4", {}, T.w("hands_title")),
      el("ul", {}, shown.map((seat) => el("li", { "data-seat": seat }, [
        el("strong", {}, seat), T.ui("colon"), T.w("hand_high", { category: T.category(hands[seat].category), cards: cards(hands[seat].high) }),
        game === "stud" ? null : ["; ", hands[seat].low ? T.w("hand_low", { cards: cards(hands[seat].low) }) : T.w("hand_no_low")],
      ].flat()))),
      beats ? el("p", { "data-testid": "play-low-beats" }, T.w("low_beats", { best: beats.best, next: beats.next,
        card: cardText(beats.card).slice(0, -1), against: cardText(beats.against).slice(0, -1) })) : null,
    ]);
  }

  exports(outcome) {
    const T = this.T;
    const caseFile = this.caseFile(outcome);
    const text = JSON.stringify(caseFile, null, 2) + "\n";
    const href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    return el("section", { class: "ps-play-export" }, [
      el("h3", {}, T.w("export")),
      el("p", {}, [
        el("a", { class: "md-button", href, download: `${caseFile.id}.json`, "data-testid": "play-export-case" }, T.w("export_case")), " ",
        el("a", { class: "md-button", href: URL.createObjectURL(new Blob([this.phh(caseFile)], { type: "text/plain" })),
          download: `${caseFile.id}.phh`, "data-testid": "play-export-phh" }, T.w("export_phh")), " ",
        el("a", { class: "md-button", href: new URL(`${LANG === "en" ? "" : `${LANG}/`}viewer/?case=${caseFile.id}`, SITE).href,
          "data-testid": "play-open-viewer", onclick: () => this.keepForViewer(caseFile, outcome) }, T.w("open_viewer")),
      ]),
      el("p", {}, T.w("export_help", { run: el("code", {}, "pokerspec conformance run"), view: el("code", {}, "pokerspec view") })),
    ]);
  }

  /** Keeps the hand as the viewer's JSON for the session: the viewer page opens it by its ID. */
  keepForViewer(caseFile, outcome) {
    window.sessionStorage.setItem(`pokerspec-played:${caseFile.id}`, JSON.stringify(handView(caseFile, this.record, outcome)));
  }

  /** The hand as PHH, as `pokerspec phh export` writes its case file (play-phh.js). */
  phh(caseFile) {
    const { game, profile } = this.choice;
    const engine = this.data.games[game];
    return phhText({ engine, game, profile: engine.profiles[profile], setup: this.setup, acts: caseFile.steps.flatMap((s) => (s.act ? [s.act] : [])),
      origin: caseFile, tables: this.data.tables });
  }

  /** The hand as a case file of the suite's format (conformance/schema/case.schema.json). */
  caseFile(outcome) {
    const rules = [...new Set(this.data.whyOf(outcome).map((s) => s.rule))];
    const { game, profile } = this.choice;
    const text = (lang) => {
      const T = this.T.in(lang);
      return { title: T.w("case_title", { game: T.game(game), seed: this.seed }),
        explanation: T.w("case_explanation", { seed: this.seed, profile: T.profile(profile), id: profile, rules: this.data.whyOf(outcome).map((s) => s.rule).join(", ") }) };
    };
    const english = text("en");
    return {
      format: 1,
      id: `${game}-play-${String(this.seed).padStart(4, "0")}`,
      title: english.title,
      explanation: english.explanation,
      i18n: Object.fromEntries(LANGS.filter((lang) => lang !== "en").map((lang) => [lang, text(lang)])),
      rules: rules.length ? rules : ["core.contract.outcome"],
      game,
      profiles: [profile],
      level: "required",
      kind: "hand",
      setup: this.setup,
      steps: this.steps.map((s) => (s.reject ? { reject: s.reject, reason: s.reason } : { act: s.act })),
      expect: { received: outcome.received, net: outcome.net },
    };
  }
}

/** The steps of an award, each a sentence with the rule that decided it. */
function explainAward(T, steps) {
  const potName = (i) => (i === 0 ? T.ui("main_pot") : T.ui("side_pot").replace("{n}", String(i)));
  const items = steps.map((step) => {
    const values = {
      seats: T.seats(step.seats), high: T.seats(step.high), low: T.seats(step.low), amount: step.amount ?? "",
      way: step.way ? T.w(`way_${step.way}`) : "", pot: step.pot !== undefined ? potName(step.pot) : "",
      chips: (step.chips || []).map(([seat, n]) => T.w("chip_to", { seat, n })).join(", "),
    };
    const key = (step.say === "qualify_high" || step.say === "qualify_low") && !(step.seats || []).length ? `${step.say}_none`
      : step.say === "tie" && step.way ? `tie_${step.way}` : step.say;
    const hands = step.categories ? Object.entries(step.categories).map(([seat, c]) => `${seat}${T.ui("colon")}${T.category(c)}`).join("; ") : "";
    return el("li", { "data-rule": step.rule, "data-say": step.say }, [
      T.w(`why_${key}`, values), " ", el("span", { class: "ps-play-rule-ref" }, ["(", T.rule(step.rule), ")"]),
      hands ? el("span", { class: "ps-play-cats" }, hands) : null]);
  });
  return el("div", { class: "ps-play-why" }, [el("h4", {}, T.w("how_awarded")), el("ol", { "data-testid": "play-award-steps" }, items)]);
}

// ---------------------------------------------------------------------------------------------
// Call the showdown

class Drill {
  constructor(root, data, cases) {
    this.root = root;
    this.data = data;
    this.cases = cases;
    this.T = new Text(data);
    this.count = 0;
    this.next(new URL(window.location.href).searchParams.get("drill"));
  }

  /** A finished hand: one of the suite's showdown cases, or a random deal played to the end
   * with nobody folding (so that the hands are shown). */
  next(wanted) {
    this.count++;
    const fromCase = this.cases.find((c) => c.id === wanted)
      || (wanted !== "random" && this.count % 2 === 1 ? this.cases[Math.floor(Math.random() * this.cases.length)] : null);
    if (fromCase) {
      const game = this.data.games[fromCase.game];
      const profile = fromCase.profiles.includes(PROFILE[fromCase.game]) ? PROFILE[fromCase.game] : fromCase.profiles[0];
      this.hand = { source: fromCase, game: fromCase.game, profile, setup: fromCase.setup,
        outcome: game.showdown(game.profiles[profile], fromCase.setup) };
    } else this.hand = this.randomHand();
    this.answered = null;
    this.render();
  }

  randomHand() {
    for (let tries = 0; tries < 50; tries++) {
      const seed = 1 + Math.floor(Math.random() * 9999);
      const rng = random(seed);
      const game = pickOne(rng, ["archie", "auction", "stud"]);
      const seats = game === "archie" ? 2 : 3 + Math.floor(rng() * 3);
      const stacks = Array.from({ length: seats }, () => (game === "archie" ? 100 : game === "auction" ? 30 : 10 + Math.floor(rng() * 40)));
      const setup = { stacks, dealer: `p${seats}`, deck: shuffled(rng) };
      const engine = this.data.games[game];
      const hand = engine.newHand(engine.profiles[PROFILE[game]], setup);
      for (let guard = 0; guard < 400 && !hand.outcome(); guard++) {
        const listing = hand.legal();
        const seen = hand.observe();
        const seat = listing.to_act[0];
        const mine = listing.actions.filter((a) => a.startsWith(`${seat} `) && !a.endsWith(" f"));
        const action = mine.some((a) => a.endsWith(" sd *")) ? botAction(rng, seat, listing, seen) : pickOne(rng, mine);
        if (!action || hand.act(action)) break;
      }
      const outcome = hand.outcome();
      if (outcome && (outcome.shown === undefined || outcome.shown.length > 1)) {
        const seen = hand.observe();
        return { source: null, seed, game, profile: PROFILE[game], setup: {
          dealer: setup.dealer, hands: seen.hands, contributed: seen.contributed, folded: seen.folded,
          declarations: seen.declarations, exposed: seen.exposed, common: seen.common }, outcome };
      }
    }
    return null;
  }

  render() {
    const T = this.T;
    const h = this.hand;
    if (!h) return;
    const seats = Object.keys(h.outcome.received);
    const folded = new Set(h.setup.folded || []);
    const inputs = {};
    const rows = seats.map((seat) => {
      const cards = (h.setup.hands || {})[seat] || [];
      inputs[seat] = el("input", { type: "number", min: 0, inputmode: "numeric", value: folded.has(seat) ? 0 : "", "data-seat": seat,
        "data-testid": `drill-answer-${seat}`, "aria-label": T.w("drill_answer_for", { seat }) });
      const put = (h.setup.contributed || {})[seat] ?? 0;
      const dec = (h.setup.declarations || {})[seat];
      return el("tr", { "data-seat": seat }, [
        el("th", { scope: "row" }, [seat, dec ? el("span", { class: "ps-play-status" }, T.w(`dec_${dec}`)) : null]),
        el("td", { class: "ps-play-cards" }, folded.has(seat) ? T.ui("folded") : cards.map((c) => card(c))),
        el("td", { class: "ps-play-num" }, String(put)),
        el("td", { class: "ps-play-num" }, this.answered ? el("span", { "data-received": h.outcome.received[seat] }, String(h.outcome.received[seat])) : inputs[seat]),
      ]);
    });
    // a case's title may tell the award: it is shown once the reader has answered
    const title = !h.source ? T.w("drill_random_title", { seed: h.seed }) : this.answered ? (h.source.text[LANG] || h.source.text.en).title : null;
    const body = [
      el("p", { class: "ps-play-phase" }, [el("strong", {}, [`${T.game(h.game)} · `, el("span", { title: h.profile }, T.profile(h.profile))]),
        title ? " · " : null, title]),
      h.setup.common && h.setup.common.length ? el("p", {}, [T.ui("common"), T.ui("colon"), ...h.setup.common.map((c) => card(c))]) : null,
      el("p", {}, T.w("drill_ask")),
      el("div", { class: "ps-play-scroll" }, el("table", { class: "ps-play-grid" }, [
        el("thead", {}, el("tr", {}, [T.ui("seat"), T.w("cards"), T.ui("contributed"), T.w("drill_receives")].map((x) => el("th", { scope: "col" }, x)))),
        el("tbody", {}, rows),
      ])),
    ];
    if (!this.answered) {
      body.push(el("p", {}, el("button", { type: "button", class: "md-button md-button--primary", "data-testid": "drill-check", onclick: () => {
        const given = Object.fromEntries(seats.map((s) => [s, Number(inputs[s].value || 0)]));
        this.answered = { given, right: seats.every((s) => given[s] === h.outcome.received[s]) };
        this.render();
      } }, T.w("drill_check"))));
    } else {
      const { given, right } = this.answered;
      body.push(el("div", { class: right ? "ps-play-ok" : "ps-play-refused", "data-testid": "drill-verdict", "data-verdict": right ? "right" : "wrong", role: "status" }, [
        el("p", {}, el("strong", {}, T.w(right ? "drill_right" : "drill_wrong"))),
        right ? null : el("p", {}, T.w("drill_yours", { answer: seats.map((s) => `${s} ${given[s]}`).join(", ") })),
      ]));
      body.push(explainAward(T, this.data.whyOf(h.outcome)));
      if (h.source) {
        const text = h.source.text[LANG] || h.source.text.en;
        body.push(el("p", { class: "ps-play-case-note" }, [el("strong", {}, T.w("drill_case", { id: h.source.id })), T.ui("colon"), text.explanation]));
      }
    }
    body.push(el("p", {}, [
      el("button", { type: "button", class: "md-button", "data-testid": "drill-next-case", onclick: () => this.next(this.cases[Math.floor(Math.random() * this.cases.length)].id) }, T.w("drill_next_case")), " ",
      el("button", { type: "button", class: "md-button", "data-testid": "drill-next-random", onclick: () => this.next("random") }, T.w("drill_next_random")),
    ]));
    this.root.replaceChildren(...body.filter(Boolean));
  }
}

// ---------------------------------------------------------------------------------------------

async function mount() {
  const plays = document.querySelectorAll(".ps-play");
  const drills = document.querySelectorAll(".ps-drill");
  if (!plays.length && !drills.length) return;
  try {
    const data = await load();
    plays.forEach((root) => new Play(root, data));
    if (drills.length) {
      const cases = await json("play-data/drill.json");
      drills.forEach((root) => new Drill(root, data, cases));
    }
  } catch (error) {
    for (const root of [...plays, ...drills]) root.textContent = `⚠ ${error}`;
    throw error;
  }
}

mount();
