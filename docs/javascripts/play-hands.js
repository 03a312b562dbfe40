// The hands at a showdown as a dealer reads them out on the play page: each contender's best
// high five (core.high.best-five) and, in a high-low game, its best low five (core.low.best-five;
// in Archie only an eight-or-better low counts, archie.qualify.low), and why the best low beats
// the next: the first card that differs, highest first (core.low.compare). The engine's card
// modules are passed in (`lib`: core/cards.js, core/high.js, core/low.js); no DOM.

/** The cards of a five in the order they are compared: by how often the rank occurs, then rank. */
function ordered(five, value) {
  const count = (c) => five.filter((d) => value(d) === value(c)).length;
  return [...five].sort((a, b) => count(b) - count(a) || value(b) - value(a));
}

/**
 * @param {string[]} names a seat's cards (five to seven) @param {string} game
 * @param {{cards: any, high: any, low: any}} lib
 * @returns {{high: string[], category: string, low: string[] | null, badness: number | null}}
 */
export function bestFives(names, game, lib) {
  const fives = lib.high.fivesOf(names.map(lib.cards.parseCard));
  let high = fives[0];
  let strength = -1;
  for (const five of fives) {
    const s = lib.high.rankFive(five);
    if (s > strength) [strength, high] = [s, five];
  }
  let low = null;
  let badness = null;
  if (game !== "stud") {
    for (const five of fives) {
      if (game === "archie" && !lib.low.qualifiesEight(five)) continue;
      const b = lib.low.lowBadness(five);
      if (badness === null || b < badness) [badness, low] = [b, five];
    }
  }
  return {
    high: ordered(high, lib.cards.rankOf).map(lib.cards.cardName), category: lib.high.categoryOf(strength),
    low: low && ordered(low, lib.low.lowValue).map(lib.cards.cardName), badness,
  };
}

/**
 * Why the best low beats the next best: the two seats and the first card, in comparing order,
 * where they differ; null with fewer than two lows, a tie, or lows that differ first by their
 * pairs rather than by a card.
 * @param {Record<string, {low: string[] | null, badness: number | null}>} hands by seat
 * @param {string[]} seats the seats that contend for low
 * @param {{low: any, cards: any}} lib
 */
export function lowBeats(hands, seats, lib) {
  const lows = seats.filter((s) => hands[s] && hands[s].low).sort((a, b) => hands[a].badness - hands[b].badness);
  if (lows.length < 2 || hands[lows[0]].badness === hands[lows[1]].badness) return null;
  const [best, next] = lows;
  const value = (name) => lib.low.lowValue(lib.cards.parseCard(name));
  const pairs = (five) => new Set(five.map(value)).size;
  if (pairs(hands[best].low) !== pairs(hands[next].low)) return null;
  const i = hands[best].low.findIndex((c, k) => value(c) !== value(hands[next].low[k]));
  return i < 0 ? null : { best, next, card: hands[best].low[i], against: hands[next].low[i] };
}
