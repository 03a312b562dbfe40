// @ts-check
/**
 * Seven-card stud, section 4: running out of cards (spec/stud/04-running-out.md).
 */

/** @typedef {import('../core/chips.js').Seat} Seat */
/** @typedef {import('../core/cards.js').Card} Card */
/** @typedef {import('../core/deck.js').Stub} Stub */
/** @typedef {import('./profiles.js').StudProfile} StudProfile */
/** @typedef {import('./deal.js').Dealt} Dealt */

/**
 * Seventh street. With R cards left and A players in: R >= A + 1, a burn and a card face down
 * to each; otherwise, R >= 2, a burn and a common card; otherwise the last card is the common
 * card, unburned (stud.runout.common). Under stud-reshuffle-burns the burns go back under the
 * stub first, in the order burned, when it is short (stud.profile.reshuffle-burns); under
 * stud-skip-last-burn a stub of exactly one card a player is dealt out without the burn
 * (stud.profile.skip-last-burn).
 * @param {Stub} stub @param {Seat[]} players in dealing order @param {Dealt[][]} cards by seat
 * @param {Card[]} burns the burned cards so far, added to
 * @param {StudProfile} profile
 * @returns {Card[]} the common card, if one was turned
 */
export function dealSeventh(stub, players, cards, burns, profile) {
  if (stub.size < players.length + 1 && profile.burns === 'under-stub') {
    stub.putUnder(burns.splice(0));
  }
  const skipBurn = profile.burns === 'skip-last' && stub.size === players.length;
  if (stub.size >= players.length + 1 || skipBurn) {
    if (!skipBurn) burns.push(stub.take());
    for (const seat of players) cards[seat].push({ card: stub.take(), up: false });
    return [];
  }
  if (stub.size >= 2) burns.push(stub.take());
  return [stub.take()];
}
