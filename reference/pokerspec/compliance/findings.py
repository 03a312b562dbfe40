"""What ``pokerspec compliance`` knows about each third-party library's deviations
(docs/engines/findings.md).

Every deviation a run finds — a failing or erroring case, or a class of ranking-fuzz
disagreement — is attributed to one ``Known`` entry of its engine: a **bug** (the library breaks
a rule it means to follow; the sentence says what to fix) or a **rule difference** (the
library follows another rule on purpose; the sentence names that rule). Each entry points into
the library's source or documentation. A deviation that matches no entry is published as
*unclassified*, and the test suite refuses committed results with one, so nothing is published
without a reason. Entries were written after reading the deviations of a real run and the
library's code at the pinned version; the evidence (cases and fuzz classes) is collected anew by
every run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Known:
    """A deviation of one engine: ``kind`` is ``bug`` or ``difference``; ``pattern`` recognises
    its evidence in ``"<case id> <message> <expected>"`` or in a fuzz class name; ``text`` is the
    sentence for the library's maintainers; ``source`` the place in the library that does it;
    ``shown_by`` evidence from outside the compliance run (for a difference that an earlier one
    hides in every case the adapter plays)."""

    engine: str
    kind: str
    rule: str
    pattern: str
    title: str
    text: str
    source: str
    shown_by: str = ""

    @property
    def key(self) -> str:
        return f"{self.engine}-{self.rule}-{self.kind}".replace(".", "-")

    def matches(self, evidence: str) -> bool:
        return re.search(self.pattern, evidence) is not None


BUG, DIFFERENCE = "bug", "difference"

TILTED = "https://github.com/MaxAtkinson/tilted/blob/main/tilted"
PPE = "https://github.com/ishikota/PyPokerEngine/blob/master/pypokerengine/engine"
POKER_TS = "https://github.com/claudijo/poker-ts/blob/master/src/lib"
CLUBS = "https://github.com/fschlatt/clubs/blob/master/clubs/poker"
POKER_EVALUATOR = "https://github.com/Sukhmai/poker-evaluator/blob/master/src"
POKERKIT = "https://github.com/uoftcprg/pokerkit/blob/v0.7.7/pokerkit/state.py"

KNOWN: tuple[Known, ...] = (
    # tilted
    Known(
        "tilted",
        BUG,
        "core.high.kickers",
        r"(high-card|one-pair|two-pair|flush) beats \1, the engine ranks the worse hand higher"
        r"|core-high-001[56]|core-high-0202|core-high-070[59]",
        "Kickers (and the lower pair) are compared from the lowest card up",
        "tilted breaks ties within a category from the lowest card up: `HandEvaluator."
        "_get_cards_ordered_by_frequency_and_face_value` sorts cards of equal frequency by ascending "
        "value and "
        "`get_tiebreak_score` gives the first of them the largest shift, so 9-6-4-3-2 beats 8-7-6-5-2 and "
        "Q-Q-3-3-4 beats A-A-2-2-3; sort equal-frequency cards by descending value.",
        f"{TILTED}/hand_evaluation.py",
    ),
    # PyPokerEngine
    Known(
        "pypokerengine",
        BUG,
        "core.high.wheel",
        r"a straight(-flush)? named|straight beats (high-card|one-pair|two-pair|three-of-a-kind), the engine"
        r"|straight-flush beats flush|core-high-00(05|09)|core-high-001[89]",
        "The wheel A-2-3-4-5 is not a straight",
        "PyPokerEngine never sees the wheel: `HandEvaluator.__search_straight` looks for five ranks in a row "
        "among 2..14 with the ace only as 14, so A-2-3-4-5 is ranked as an ace-high hand (or a flush, when "
        "suited) and loses to any pair; also test the ace as 1.",
        f"{PPE}/hand_evaluator.py",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.high.kickers",
        r"high order: .*(ties them|splits the tie|ranks the worse hand higher)"
        r"|core-high-0(01[2-7]|20[12]|70[39])",
        "Only the category's ranks and the two hole cards are compared",
        "PyPokerEngine's `HandEvaluator.eval_hand` packs the category with at most two ranks of it (a flush "
        "or high-card hand with none of the board's cards) and then the two hole cards, so hands that differ "
        "in any other kicker tie or are ordered by the hole cards; compare every card of the best five, in "
        "the category's order.",
        f"{PPE}/hand_evaluator.py",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.chips.split",
        r"core-chips-000[2-7]",
        "The odd chips of a split pot disappear",
        "PyPokerEngine's `GameEvaluator.__calc_prize_distribution` pays each tied winner "
        "`int(pot['amount'] / len(winners))` and gives the remainder to nobody, so 7 chips split two ways "
        "pay out 6; hand the remainder out (for example one chip each from the first winner left of the "
        "button).",
        f"{PPE}/game_evaluator.py",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.chips.dead",
        r"core-chips-(0018|0101|0301)",
        "A folded player can be eligible for the top pot",
        "PyPokerEngine's `GameEvaluator.__get_main_pot` makes every player who paid the most eligible for "
        "the top pot without looking at folds (the side pots do check `PayInfo.FOLDED`), so a player who "
        "bet the most and then folded can win it; leave folded players out there too.",
        f"{PPE}/game_evaluator.py",
    ),
    Known(
        "pypokerengine",
        DIFFERENCE,
        "core.chips.uncalled",
        r"core-chips-001[467]|core-chips-0701",
        "An uncalled bet stays in a pot of its own",
        "PyPokerEngine does not return the part of a bet nobody called: `GameEvaluator.create_pot` keeps it "
        "as the last pot, which only the bettor can win (his net result is the same as if it were returned).",
        f"{PPE}/game_evaluator.py",
    ),
    # poker-ts
    Known(
        "poker-ts",
        BUG,
        "core.chips.dead",
        r"core-chips-001[58]|core-chips-0101",
        "A folded player's chips go into the wrong pot",
        "poker-ts's `PotManager.collectBetsForm` pools every folded bet (`betFolded`) and pours it into the "
        "pots from the first, up to the pot's level times its players, instead of into the levels the folded "
        "player reached: p1 folds 30, p2 is all in for 20, p3 and p4 put in 60 gives pots of 90 and 80 "
        "instead of 80 and 90; add each folded bet level by level as the live bets are.",
        f"{POKER_TS}/pot-manager.ts",
    ),
    Known(
        "poker-ts",
        DIFFERENCE,
        "core.chips.uncalled",
        r"core-chips-001[467]|core-chips-0701",
        "An uncalled bet stays in a pot of its own",
        "poker-ts's pot manager has no uncalled bets: the part of a bet nobody matched becomes a last pot "
        "eligible to the bettor alone (`Pot.collectBetsFrom`), which gives him the same chips back.",
        f"{POKER_TS}/pot.ts",
    ),
    Known(
        "poker-ts",
        BUG,
        "core.high.kickers",
        r"four-of-a-kind (beats|ties) four-of-a-kind|core-high-0201",
        "Four of a kind loses its best kicker",
        "poker-ts's `Hand._highLowHandEval` keeps `cards.slice(0, 4)` and then `cards.slice(5)`, skipping "
        "`cards[4]`, the highest card beside the four, so A-A-A-A-K-3-2 plays the 3 and loses to "
        "A-A-A-A-Q-J-3; take the kicker from `cards.slice(4)`.",
        f"{POKER_TS}/hand.ts",
    ),
    Known(
        "poker-ts",
        BUG,
        "core.high.categories",
        r"a full-house named 'three-of-a-kind'|full-house (beats|ties) [a-z-]+, the engine|core-high-0027",
        "Two sets of three among seven cards are called three of a kind",
        "poker-ts's `Hand._highLowHandEval` decides a full house from `Hand.nextRank(cards.slice(-4))`, "
        "which with two sets of three (7-7-7-4-4-4-K) sees three fours, not a pair, and names the hand three "
        "of a kind; look for a pair or a second set among the cards after the first set.",
        f"{POKER_TS}/hand.ts",
    ),
    # clubs
    Known(
        "clubs",
        DIFFERENCE,
        "core.exposed.partial",
        r"^exposed|core-exposed-000[17]|core-exposed-0013",
        "Short hands are ranked as n-card poker",
        "clubs ranks a hand of one to four cards as a poker hand of that many cards: three- and four-card "
        "straights and flushes count, and the categories are ordered by how rare they are among hands of "
        "that size (`Evaluator`'s `order=None`: 'hands are ranked by rarity'), where the spec ranks face-up "
        "cards without straights or flushes.",
        f"{CLUBS}/evaluator.py",
    ),
    # poker-evaluator
    Known(
        "poker-evaluator",
        BUG,
        "core.exposed.partial",
        r"^exposed|core-exposed-000[4-8]|core-exposed-0201",
        "Three-card hands are padded with cards that play as kickers",
        "poker-evaluator evaluates three cards by adding two filler cards "
        "(`ThreeCardConverter.fillHand`, the "
        "lowest ranks that do not make a straight) and ranking the five, so the fillers act as "
        "kickers: Q-Q-3 "
        "ties Q-Q-2 (both become Q-Q-4-3-2) and K-7-2 ties K-7-3; rank the three cards alone.",
        f"{POKER_EVALUATOR}/three-card-converter.ts",
    ),
    # PokerKit
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.muck",
        r"unexpected \['p\d+ mu'\]",
        "A player may muck before a better hand is shown",
        "PokerKit lets the player whose turn it is to show muck instead, even when no better hand has been "
        "shown (`State.show_or_muck_hole_cards`); the spec requires him to show unless a shown hand "
        "beats his.",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.allin.runout",
        r"phase: expected 'over', got 'showdown'",
        "Hands are shown one by one even when nobody can bet",
        "PokerKit asks each player in turn to show or muck even when everyone is all in and the hand "
        "can only "
        "run out (`State.showdown_index`); the spec exposes every hand at once.",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.allin.reopen",
        r"legal /actions: missing \['p\d+ cbr",
        "A short all-in raise reopens only when it makes a full raise",
        "PokerKit reopens the betting after all-in raises only when that raise, alone or added to the short "
        "all-ins just before it, reaches a full raise (on third street measured from the completion): "
        "`State._verify_completion_betting_or_raising` refuses a raise to a player who already acted while "
        "`sum(consecutive_short_all_in_amounts)` is below `completion_betting_or_raising_amount`; the spec "
        "reopens it from half a bet (STUD-8).",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.order",
        r'legal /to_act: .*"p\d+ sm"',
        "The showdown starts with the last aggressor",
        "PokerKit's showdown starts with the last bettor or raiser of the final round (as in this suite's "
        "profile stud-last-aggressor), not with the best board.",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.runout.common",
        r"/common: |/stub: ",
        "A short stub is reshuffled instead of dealing a common card",
        "When the stub runs short PokerKit reshuffles the burnt and mucked cards into it (at random) instead "
        "of turning one common card (`State.deal_hole`, the deck's `_reshuffle`).",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.uncontested",
        r"/pots\[\d+\]/amount: |/returned/p\d+: ",
        "The winner's last bet is left out of an uncontested pot",
        "When everyone folds to a bet, PokerKit leaves the winner's whole bet of the final round out of the "
        "pot it pushes, the called part included, and gives it back beside the pot; the spec returns only "
        "the uncalled part and puts the rest in the pot. The net result is the same.",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.bringin.short",
        r"unexpected \['p\d+ cbr \d+'\]",
        "A player short of the bring-in may also complete",
        "PokerKit lets a player with fewer chips than the bring-in complete for what he has as well as post "
        "it; the spec lets him post all he has only.",
        POKERKIT,
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.odd-chip",
        r"(?!)",
        "The odd chip goes to the tied winner nearest the first seat",
        "PokerKit gives the whole remainder of a split pot to the tied winner with the lowest player index "
        "(`State.push_chips`: `if i == player_indices[0]: ... += remainder`); the spec gives it to the "
        "first of them to show.",
        f"{POKERKIT}#L6180",
        "In the cases the adapter plays, the muck difference comes first and hides it; replayed from our "
        "PHH export by PokerKit's own reader (`conformance/suites/phh/test_phh_export.py`), "
        "stud-showdown-0001 and stud-showdown-0005 end with stacks 51/50/49 instead of 50/51/49, and "
        "stud-showdown-0008 with 51/5/49 instead of 50/6/49.",
    ),
)


def attribute(engine: str, evidence: str) -> Known | None:
    """The first known deviation of ``engine`` whose pattern matches ``evidence``."""
    return next((k for k in KNOWN if k.engine == engine and k.matches(evidence)), None)


@dataclass(frozen=True, slots=True)
class Report:
    """A bug found outside the suite's cases and fuzzing, by playing the library on its own, with
    a script in ``conformance/adapters/repro/`` that reproduces it (run by the test suite)."""

    engine: str
    title: str
    text: str
    script: str
    source: str


REPORTS: tuple[Report, ...] = (
    Report(
        "pokerkit",
        "A side pot nobody can win stops the hand (cash-game mode)",
        "In `Mode.CASH_GAME`, when the last players with chips both fold on seventh street without facing "
        "a bet, the side pot they built has no eligible player left, `State.push_chips` fails "
        "`assert len(pot.player_indices) == 1` and the hand never ends; award such a pot to the players "
        "of the pot below it (or refuse the second fold).",
        "pokerkit_push_chips.py",
        POKERKIT,
    ),
    Report(
        "clubs",
        "The odd-chip code crashes when the button is not seat 0",
        "When a pot does not divide evenly among tied players, `Dealer._eval_round` looks for the odd chips' "
        "receiver with `payouts[player_idx + self.button % self.num_players]`, which runs past the end of "
        "the list once the button has moved (an `IndexError` ends the hand), and then pays "
        "`payouts[player_idx]` rather than the seat it found; index with "
        "`(player_idx + self.button) % self.num_players` in both places.",
        "clubs_odd_chip_button.py",
        f"{CLUBS}/engine.py",
    ),
)
