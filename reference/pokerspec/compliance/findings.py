"""What ``pokerspec compliance`` knows about each third-party library's deviations
(docs/engines/findings.md, the library pages and docs/engines/upstream/).

Every deviation a run finds — a failing or erroring case, or a class of ranking-fuzz
disagreement — is attributed to one ``Known`` entry of its engine: a **bug** (the library breaks
a rule it means to follow) or a **rule difference** (the library follows another rule on
purpose). A deviation that matches no entry is published as *unclassified*, and the test suite
refuses committed results with one, so nothing is published without a reason.

Each entry is also a runnable claim: its ``Check`` names a script in
``conformance/adapters/checks/`` (``conformance/adapters/js/checks/`` for a JavaScript library)
that calls the library's own public API, with no adapter and no pokerspec code, and the exact
output it printed at the version named. The test suite runs every check against the installed
libraries (``conformance/adapters/checks/test_<library>.py``) and the pages print the output from
this same entry, so a sentence cannot outlive the behaviour it describes. For a bug the entry
also holds what the rule gives in the check's situation and a suggested fix: with the script
they make the report for the library's tracker (``pokerspec compliance`` writes it to
``docs/engines/upstream/``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from pokerspec.resources import source_checkout

ROOT = source_checkout() or Path.cwd()
PYTHON_CHECKS = ROOT / "conformance" / "adapters" / "checks"
JS_CHECKS = ROOT / "conformance" / "adapters" / "js" / "checks"


@dataclass(frozen=True, slots=True)
class Check:
    """A finding's direct check: ``script`` calls the library's own API and, at ``version`` of
    the library, printed exactly ``prints``; ``reference``, when given, plays the same situation
    on the reference and prints what it answers in the check's words, so that a test can assert
    the library's answer still differs from the rules' (a rule change that makes the finding
    false fails it)."""

    script: str
    version: str
    prints: str
    reference: Callable[[], str] | None = None

    @property
    def path(self) -> Path:
        return (JS_CHECKS if self.script.endswith(".js") else PYTHON_CHECKS) / self.script

    @property
    def language(self) -> str:
        """The fence language of the script: ``javascript`` or ``python``."""
        return "javascript" if self.script.endswith(".js") else "python"

    def source(self) -> str:
        """The script's text, as a maintainer would paste it."""
        return self.path.read_text(encoding="utf-8").rstrip() + "\n"

    def run(self, copy: Path | None = None, env: dict[str, str] | None = None, timeout: float = 120.0) -> str:
        """What the script prints, run with this Python or ``node`` (``copy``, a copy of it placed
        elsewhere, instead: a JavaScript check finds its library in the ``node_modules`` above
        the script) with the environment ``env`` (this one by default). Raises ``RuntimeError``
        with its error output when it exits non-zero: a check catches what the library raises,
        so a non-zero exit means the check itself broke."""
        script = copy or self.path
        command = ["node" if self.language == "javascript" else sys.executable, script.name]
        done = subprocess.run(
            command, cwd=script.parent, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"{self.script} exited {done.returncode}:\n{done.stderr[-2000:]}")
        return done.stdout


ODD_CHIP_PLAY = ("p1 pb 1", "p2 cc 1", "p3 f")
"""``pokerkit_odd_chip.py``'s line on stud-showdown-0001's cards: the bring-in called, the third
player out, then checks to the tied showdown."""


def _reference_stacks(case_id: str, script: Sequence[str]) -> list[int]:
    """The stacks after the hand of the suite's case ``case_id`` played on the reference under
    its game's default profile: the ``script``'s actions first, then a check or a show whenever
    one is legal."""
    from pokerspec.conformance.cases import load_cases
    from pokerspec.conformance.reference_engine import ReferenceEngine
    from pokerspec.core.game import Json
    from pokerspec.profiles import default_profile

    case = next(c for c in load_cases()[0] if c.id == case_id)
    setup = case.data["setup"]
    assert isinstance(setup, dict) and isinstance(setup["stacks"], list)
    engine = ReferenceEngine()
    engine.handle({"op": "new_hand", "game": case.game, "profile": default_profile(case.game).name,
                   "setup": dict(setup)})
    todo = list(script)
    while actions := [str(a) for a in cast(list[Json], engine.handle({"op": "legal"}).get("actions") or [])]:
        chosen = todo.pop(0) if todo else next(a for a in actions if a.split()[1] in ("cc", "sm"))
        engine.handle({"op": "act", "action": chosen})
    before = engine.handle({"op": "observe"}).get("observation")
    won = engine.handle({"op": "outcome"}).get("outcome")
    engine.close()
    assert isinstance(before, dict) and isinstance(won, dict)
    kept, received = before["stacks"], won["received"]
    assert isinstance(kept, dict) and isinstance(received, dict)
    return [int(str(kept[f"p{i + 1}"])) + int(str(received.get(f"p{i + 1}", 0)))
            for i in range(len(setup["stacks"]))]


@dataclass(frozen=True, slots=True)
class Known:
    """A deviation of one engine: ``kind`` is ``bug`` or ``difference``; ``pattern`` recognises
    its evidence in ``"<case id> <message> <expected>"`` or in a fuzz class name (``(?!)`` when
    only the check shows it); ``text`` says what the library does and where (``source``, a link
    to the lines); ``expected`` what the rule gives in the check's situation; ``fix`` a suggested
    fix (bugs); ``documented`` where the library itself documents a difference as intended;
    ``shown_by`` evidence from outside the compliance run; ``part`` tells apart two findings of
    one engine, rule and kind (in ``key``, the page anchor)."""

    engine: str
    kind: str
    rule: str
    pattern: str
    title: str
    text: str
    source: str
    check: Check
    expected: str
    fix: str = ""
    documented: str = ""
    shown_by: str = ""
    part: str = ""

    @property
    def key(self) -> str:
        return "-".join(filter(None, (self.engine, self.rule, self.kind, self.part))).replace(".", "-")

    def matches(self, evidence: str) -> bool:
        return re.search(self.pattern, evidence) is not None


BUG, DIFFERENCE = "bug", "difference"
NOWHERE = r"(?!)"
"""The pattern of a finding no case or fuzz class shows (its check does)."""

TILTED = "https://github.com/MaxAtkinson/tilted/blob/main/tilted"
PPE = "https://github.com/ishikota/PyPokerEngine/blob/master/pypokerengine/engine"
POKER_TS = "https://unpkg.com/browse/poker-ts@1.5.0/dist/lib"
CLUBS = "https://github.com/fschlatt/clubs/blob/master/clubs/poker"
POKER_EVALUATOR = "https://unpkg.com/browse/poker-evaluator@2.1.1/lib"
POKERKIT = "https://github.com/uoftcprg/pokerkit/blob/v0.7.7/pokerkit/state.py"
POKERKIT_DOCS = "https://pokerkit.readthedocs.io/en/stable/simulation.html"

KNOWN: tuple[Known, ...] = (
    # tilted
    Known(
        "tilted",
        BUG,
        "core.high.kickers",
        r"(high-card|one-pair|two-pair|three-of-a-kind|four-of-a-kind|flush) beats \1, the engine ranks the "
        r"worse hand higher"
        r"|core-high-001[56]|core-high-0202|core-high-070[59]|core-cards-0801",
        "Kickers (and the lower pair) are compared from the lowest card up",
        "tilted breaks ties within a category from the lowest card up: "
        "`HandEvaluator._get_cards_ordered_by_frequency_and_face_value` sorts cards of equal frequency "
        "by ascending value, and `get_tiebreak_score` gives the first of them the largest shift, so "
        "8-7-6-5-2 beats 9-6-4-3-2 (the 5 outranks the 3 before the 9 is looked at) and Q-Q-3-3-4 "
        "beats A-A-2-2-3.",
        f"{TILTED}/hand_evaluation.py#L22-L25",
        Check(
            "tilted_kickers.py",
            "0.1.4",
            "9-6-4-3-2 > 8-7-6-5-2: False\nA-A-2-2-3 > Q-Q-3-3-4: False\n",
        ),
        "Hands of one category compare their cards from the highest down (pairs by rank first): "
        "9-6-4-3-2 beats 8-7-6-5-2 and A-A-2-2-3 beats Q-Q-3-3-4, so both lines should print True.",
        "Sort cards of equal frequency by descending value "
        "(`key=lambda card: (-counter[card.value], -card.value)`).",
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
        "suited) and loses to any pair.",
        f"{PPE}/hand_evaluator.py#L146-L153",
        Check("pypokerengine_wheel.py", "1.0.1", "A-2: HIGHCARD\nA-2 beats Q-Q: False\n"),
        "A-2-3-4-5 is a straight (five high), which beats a pair: STRAIGHT and True.",
        "Also test the ace as 1: set bit 1 of `bit_memo` when the ace (14) is there and start the "
        "search at 1.",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.high.kickers",
        r"high order: ([a-z-]+) (beats|ties) \1, the engine "
        r"(ties them|splits the tie|ranks the worse hand higher)"
        r"|core-high-0(01[2-7]|20[12]|70[39])",
        "Only the category's ranks and the two hole cards are compared",
        "PyPokerEngine's `HandEvaluator.eval_hand` packs the category with at most two of its ranks (a "
        "flush keeps only its top card, wherever it is, the board included; a high-card hand keeps none) "
        "and then the two hole cards, so hands that differ in any other kicker tie or are ordered by the "
        "hole cards, even when those do not play.",
        f"{PPE}/hand_evaluator.py#L50-L55",
        Check(
            "pypokerengine_kickers.py",
            "1.0.1",
            "8-2 beats 7-6 on A-K-Q-J-9: True\nflush high: 14\nA-9-6-5-3 beats A-9-7-6-3: True\n",
        ),
        "Both hands play the board A-K-Q-J-9, a tie (False); the flushes compare every card, the "
        "ace on the board first (14 is right), then 9, then 7 against 6, so A-9-7-6-3 wins (False).",
        "Compare every card of the best five, in the category's order, before (or instead of) the hole "
        "cards.",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.chips.split",
        r"core-chips-000[2-7]",
        "The odd chips of a split pot disappear",
        "PyPokerEngine's `GameEvaluator.__calc_prize_distribution` pays each tied winner "
        "`int(pot['amount'] / len(winners))` and gives the remainder to nobody, so 7 chips split two ways "
        "pay out 6.",
        f"{PPE}/game_evaluator.py#L27-L31",
        Check("pypokerengine_split.py", "1.0.1", "pot 7, paid out: {0: 3, 1: 3, 2: 0}\n"),
        "Every chip of the pot is paid: 4 and 3 (the odd chip to the first tied winner left of the button).",
        "Hand the remainder out, one chip each from the first tied winner left of the button.",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.chips.dead",
        r"core-chips-(0018|0101|0301|0702)",
        "A folded top payer is listed for the top pot, and a top pot of folded players crashes judge",
        "PyPokerEngine's `GameEvaluator.__get_main_pot` (through `create_pot`) lists every player who paid "
        "the most as eligible for the top pot without looking at folds (the side pots do check "
        "`PayInfo.FOLDED`), so a bot reading the pots (`DataEncoder.encode_pot`) sees a folded player "
        "there. The payout leaves folded players out, so he never wins it; but when every eligible "
        "player of the top pot has folded, `GameEvaluator.judge` raises `ValueError: max() arg is an "
        "empty sequence`.",
        f"{PPE}/game_evaluator.py#L56-L62",
        Check(
            "pypokerengine_folded_top_payer.py",
            "1.0.1",
            "pots: [(15, ['p1', 'p3']), (10, ['p2', 'p3'])]\n"
            "what bots see: {'main': {'amount': 15}, 'side': [{'amount': 10, 'eligibles': ['p2', 'p3']}]}\n"
            "paid out: {0: 0, 1: 0, 2: 25}\n"
            "judge: ValueError max() arg is an empty sequence\n",
        ),
        "A folded player is eligible for no pot, so the top pot lists p3 alone; and what folded "
        "players put in above the highest live level joins the last pot, so in the second table judge "
        "pays p1, the only player left, all 20 chips.",
        "Leave folded players out in `__get_main_pot` as `__is_eligible` does, and give a pot with no "
        "eligible player to the players of the pot below it.",
    ),
    Known(
        "pypokerengine",
        BUG,
        "core.chips.side-pots",
        r"core-chips-0501",
        "A player all in for nothing gets a pot of 0 chips",
        "PyPokerEngine's `GameEvaluator.__get_side_pots` makes a side pot at every all-in amount, 0 "
        "included, so a player still in who put in nothing (all in for his last 0 chips) gets a pot of 0 "
        "chips with himself eligible, listed first among the pots bots see.",
        f"{PPE}/game_evaluator.py#L68-L72",
        Check("pypokerengine_zero_pot.py", "1.0.1", "pots: [(0, ['p1', 'p2', 'p3']), (10, ['p2', 'p3'])]\n"),
        "One pot of 10 for p2 and p3: a seat that put in nothing makes no pot and wins none.",
        "Skip all-in amounts of 0 (and amounts already made a level) in `__get_side_pots`.",
    ),
    Known(
        "pypokerengine",
        DIFFERENCE,
        "core.chips.uncalled",
        r"core-chips-001[467]|core-chips-0701",
        "An uncalled bet stays in a pot of its own",
        "PyPokerEngine does not return the part of a bet nobody called: `GameEvaluator.create_pot` keeps it "
        "as the last pot, which only the bettor can win (his net result is the same as if it were returned).",
        f"{PPE}/game_evaluator.py#L16-L20",
        Check("pypokerengine_uncalled.py", "1.0.1", "pots: [(8, ['p1', 'p2']), (6, ['p1'])]\n"),
        "One pot of 8 for p1 and p2, and the 6 nobody called returned to p1.",
    ),
    # poker-ts
    Known(
        "poker-ts",
        BUG,
        "core.chips.dead",
        r"core-chips-001[58]|core-chips-0101|core-chips-0702",
        "A folded player's chips go into the wrong pot",
        "poker-ts's `PotManager.collectBetsForm` pools every folded bet (`betFolded`) and pours it into the "
        "pots from the first, up to the pot's level times its players, instead of into the levels the "
        "folded player reached: seat 0 folds 30, seat 2 is all in for 20, seats 1 and 3 put in 60 gives "
        "pots of 90 and 80 instead of 80 and 90.",
        f"{POKER_TS}/pot-manager.js#L26",
        Check(
            "poker-ts-dead-money.js",
            "1.5.0",
            'pots: [{"size":90,"eligiblePlayers":[1,2,3]},{"size":80,"eligiblePlayers":[1,3]}]\n',
        ),
        "The main pot holds 20 from each of the four players (80, seats 1, 2 and 3 eligible); the "
        "folded 10 above that level goes to the side pot with 40 from seats 1 and 3 (90).",
        "Add each folded bet level by level, as the live bets are, instead of pooling it.",
    ),
    Known(
        "poker-ts",
        DIFFERENCE,
        "core.chips.uncalled",
        r"core-chips-001[467]|core-chips-0701",
        "An uncalled bet stays in a pot of its own",
        "poker-ts's pot manager has no uncalled bets: the part of a bet nobody matched becomes a last pot "
        "eligible to the bettor alone (`Pot.collectBetsFrom`), which gives him the same chips back.",
        f"{POKER_TS}/pot.js",
        Check(
            "poker-ts-uncalled.js",
            "1.5.0",
            'pots: [{"size":50,"eligiblePlayers":[0,1]},{"size":80,"eligiblePlayers":[0]}]\n',
        ),
        "One pot of 50 for seats 0 and 1, and the 80 nobody called returned to seat 0.",
    ),
    Known(
        "poker-ts",
        BUG,
        "core.high.kickers",
        r"four-of-a-kind (beats|ties) four-of-a-kind|core-high-0201",
        "Four of a kind loses its best kicker",
        "poker-ts's `Hand._highLowHandEval` keeps `cards.slice(0, 4)` and then `cards.slice(5)`, skipping "
        "`cards[4]`, the highest card beside the four, so A-A-A-A-K-3-2 plays the 3 and loses to "
        "A-A-A-A-Q-J-3.",
        f"{POKER_TS}/hand.js#L170",
        Check("poker-ts-kickers.js", "1.5.0", "A-A-A-A-K-3-2 beats A-A-A-A-Q-J-3: false\n"),
        "The king kicker beats the queen: true.",
        "Take the kicker from `cards.slice(4)`.",
    ),
    Known(
        "poker-ts",
        BUG,
        "core.high.categories",
        r"a full-house named 'three-of-a-kind'|full-house (beats|ties) [a-z-]+, the engine|core-high-0027",
        "Two sets of three among seven cards are called three of a kind",
        "poker-ts's `Hand._highLowHandEval` decides a full house from `Hand.nextRank(cards.slice(-4))`, "
        "which with two sets of three (7-7-7-4-4-4-K) sees three fours, not a pair, and names the hand three "
        "of a kind, which then loses to a straight.",
        f"{POKER_TS}/hand.js#L174",
        Check(
            "poker-ts-two-sets.js",
            "1.5.0",
            "7-7-7-4-4-4-K: THREE_OF_A_KIND\n7-7-7-4-4-4-K beats 9-8-7-6-5: false\n",
        ),
        "7-7-7-4-4 is a full house (FULL_HOUSE), which beats any straight: true.",
        "Look for a pair or a second set among the cards after the first set (`cards.slice(3)`).",
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
        "that size (`Evaluator`'s `order=None`: 'hands are ranked by rarity'; smaller is better).",
        f"{CLUBS}/evaluator.py#L33",
        Check(
            "clubs_short_hands.py",
            "0.1.4",
            "2d 3d 4d -> straight flush 10\n6c 6s 7c -> pair 415\nAd 2d 6d -> flush 96\n",
        ),
        "Face-up cards are ranked by pairs and high cards only: 2-3-4 and A-2-6 are high-card hands, "
        "and the pair of sixes beats both.",
    ),
    Known(
        "clubs",
        BUG,
        "core.chips.split",
        NOWHERE,
        "The odd chip goes to the wrong seat, or crashes, once the button has moved",
        "When a pot does not divide evenly among tied players, `Dealer._eval_round` looks for the odd "
        "chips' receiver with `payouts[player_idx + self.button % self.num_players]` and then pays "
        "`payouts[player_idx]`, the seat it counted from, not the one it found: with the button on seat 1 "
        "the odd chip goes to seat 1, the button itself; with the button on seat 2 the index runs past "
        "the end of the list and an `IndexError` ends the hand.",
        f"{CLUBS}/engine.py#L728-L734",
        Check(
            "clubs_odd_chip_button.py",
            "0.1.4",
            "button 0 net payouts [0, 0, 0]\nbutton 1 net payouts [0, 1, -1]\n"
            "button 2 IndexError: list index out of range\n",
        ),
        "The odd chip goes to the first tied player left of the button: seat 2, not seat 1, when the "
        "button is on seat 1; and every hand ends with payouts.",
        "Index with `(player_idx + self.button) % self.num_players` and pay that seat.",
        shown_by="Found by playing clubs's own `Dealer`; the suite's cases do not reach clubs's dealer "
        "(its adapter offers rankings only).",
    ),
    # poker-evaluator
    Known(
        "poker-evaluator",
        BUG,
        "core.exposed.partial",
        r"^exposed|core-exposed-000[4-8]|core-exposed-0201",
        "Three-card hands are padded with cards that play as kickers",
        "poker-evaluator evaluates three cards by adding two filler cards (`ThreeCardConverter.fillHand`, "
        "the lowest ranks that do not make a straight) and ranking the five, so the fillers act as "
        "kickers: Q-Q-3 ties Q-Q-2 (both become Q-Q-4-3-2) and K-7-3 ties K-7-2.",
        f"{POKER_EVALUATOR}/three-card-converter.js#L10",
        Check(
            "poker-evaluator-three-cards.js",
            "2.1.1",
            "Qc-Qd-3h vs Qh-Qs-2c: one pair 10393 one pair 10393\n"
            "Kc-7d-3h vs Kh-7s-2c: high card 4557 high card 4557\n",
        ),
        "Three cards are ranked alone: Q-Q-3 beats Q-Q-2 and K-7-3 beats K-7-2 (the first value higher).",
        "Rank the three cards alone, or pad with fillers that cannot outrank any real kicker (and break "
        "ties on the real cards).",
    ),
    # PokerKit
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.muck",
        r"unexpected \['p\d+ mu'\]",
        "A player may muck before a better hand is shown",
        "PokerKit lets the player whose turn it is to show muck instead, even when no hand has been shown "
        "(`State.show_or_muck_hole_cards`).",
        f"{POKERKIT}#L5679",
        Check("pokerkit_muck.py", "0.7.7", "nothing shown yet; the first to show may muck: True\n"),
        "The first to show must show (False): a player may muck only once a shown hand beats his.",
        documented="PokerKit's documentation says players may muck a winning hand at the showdown "
        f"([Simulation, Phases: Showdown]({POKERKIT_DOCS}#phases)).",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.allin.runout",
        r"phase: expected 'over', got 'showdown'|legal /to_act: missing \[\], unexpected \['p\d+'\] "
        r'\{"to_act": \[\], "actions": \[\]\}',
        "Hands are shown one by one even when nobody can bet (without PokerKit's showing automation)",
        "With its `HOLE_CARDS_SHOWING_OR_MUCKING` automation off, as the adapter leaves it so that the "
        "suite can grade each show and muck, PokerKit asks each player in turn to show or muck even when "
        "everyone is all in, and lets him muck (`State.showdown_index`); with the automation on, it shows "
        "the hands and runs the cards out itself.",
        f"{POKERKIT}#L5111-L5140",
        Check(
            "pokerkit_allin_showdown.py",
            "0.7.7",
            "show/muck automation off: a player to show or muck (may muck: True)\n"
            "show/muck automation on: hand over\n",
        ),
        "When nobody can bet, every hand is exposed at once and the cards run out: no player is asked "
        "to show or muck.",
        documented="PokerKit's documentation says players in an all-in pot must show and the showdown "
        f"phase is skipped ([Simulation, Phases: Showdown]({POKERKIT_DOCS}#phases)); without the "
        "automation the state asks them anyway and allows a muck.",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.allin.reopen",
        r"legal /actions: missing \['p\d+ cbr \d+'\], unexpected \[\]",
        "A short all-in raise reopens only when it makes a full raise",
        "PokerKit reopens the betting after all-in raises only when that raise, alone or added to the short "
        "all-ins just before it, reaches a full raise (on third street measured from the completion): "
        "`State._verify_completion_betting_or_raising` refuses a raise to a player who already acted while "
        "`sum(consecutive_short_all_in_amounts)` is below `completion_betting_or_raising_amount`.",
        f"{POKERKIT}#L4792-L4805",
        Check("pokerkit_short_allin_raise.py", "0.7.7", "player 1 may raise: False\n"),
        "An all-in raise of at least half a bet reopens the betting (STUD-8): player 1 may raise (True).",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.allin.reopen",
        r"legal /actions: missing \['p\d+ cbr \d+'\], unexpected \['p\d+ cbr \d+'\]",
        "After a short all-in, the next raise goes one bet above the all-in total",
        "PokerKit measures every raise from the highest bet on the table: "
        "`State.min_completion_betting_or_raising_to_amount` adds the size of the last full raise (at "
        "least one bet) to `max(bets)`, and in fixed limit that minimum is the only raise allowed. After "
        "a short all-in the highest bet is the all-in total, so the raise goes one bet above it (in "
        "no-limit the usual minimum raise), not one bet above the last full level.",
        f"{POKERKIT}#L4679-L4704",
        Check("pokerkit_short_allin_raise_amount.py", "0.7.7", "player 0 facing 5 may raise to: 9\n"),
        "The all-in to 5 adds one chip to the completion to 4, less than half a bet, so 4 stays the last "
        "full level: player 0, who has not acted since it, may raise one bet above it, to 8.",
        part="amount",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.order",
        r'legal /to_act: .*"p\d+ sm"',
        "The showdown starts with the last aggressor",
        "PokerKit's showdown starts with the last bettor or raiser of the final round (as in this suite's "
        "profile stud-last-aggressor), not with the best board.",
        f"{POKERKIT}#L5131-L5134",
        Check("pokerkit_showdown_order.py", "0.7.7", "first to show: 0 (player 1 shows four aces)\n"),
        "The best board (player 1's four aces) shows first: 1.",
        documented="PokerKit's documentation says the last aggressor of the final street shows first "
        f"([Simulation, Phases: Showdown]({POKERKIT_DOCS}#phases)).",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.runout.common",
        r"/common: |/stub: ",
        "A short stub is reshuffled instead of dealing a common card",
        "When the stub runs short on seventh street, PokerKit reshuffles the burnt and mucked cards into "
        "it (at random, with a warning) and deals each player his card (`State.get_dealable_cards`); it "
        "turns one common card only when even those are too few (eight players still in).",
        f"{POKERKIT}#L2366-L2410",
        Check(
            "pokerkit_stub.py",
            "0.7.7",
            "7 players, seventh street: cards per player [7, 7, 7, 7, 7, 7, 7], common cards 0; "
            "PokerKit warns: ['Returning reserved (mucked, etc.) cards as dealable.']\n"
            "8 players, seventh street: cards per player [6, 6, 6, 6, 6, 6, 6, 6], common cards 1; "
            "PokerKit warns: ['Returning reserved (mucked, etc.) cards as dealable.']\n",
        ),
        "When the stub cannot give every player a card, one common card is turned for all of them and "
        "nothing is reshuffled: seven players get 6 cards each and 1 common card, as eight do.",
        documented="PokerKit's documentation describes the reserve of burnt and mucked cards that "
        f"replenishes an emptied deck ([Simulation, `reserved_cards`]({POKERKIT_DOCS})).",
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
        f"{POKERKIT}#L6161-L6165",
        Check("pokerkit_uncontested.py", "0.7.7", "pot pushed: 4 winner's bet left beside it: 4\n"),
        "The called 2 of the winner's 4 goes into the pot (6) and only the uncalled 2 comes back.",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.bringin.short",
        r"missing \[\], unexpected \['p\d+ cbr \d+'\]",
        "A player short of the bring-in may also complete",
        "PokerKit lets a player with fewer chips than the bring-in complete for what he has as well as post "
        "it.",
        f"{POKERKIT}#L4835",
        Check(
            "pokerkit_short_bring_in.py", "0.7.7", "player 0 may post the bring-in: True may complete: True\n"
        ),
        "A player short of the bring-in may only post all he has: may complete False.",
    ),
    Known(
        "pokerkit",
        DIFFERENCE,
        "stud.showdown.odd-chip",
        NOWHERE,
        "The odd chip goes to the tied winner with the lowest player index",
        "PokerKit gives the whole remainder of a split pot to the tied winner with the lowest player index "
        "(`State.push_chips`: `if i == player_indices[0]: ... += remainder`).",
        f"{POKERKIT}#L6187",
        Check("pokerkit_odd_chip.py", "0.7.7", "stacks after the tie: [51, 50, 49]\n",
              lambda: f"stacks after the tie: {_reference_stacks('stud-showdown-0001', ODD_CHIP_PLAY)}\n"),
        "The odd chip goes to the first of the tied players to show.",
        documented="PokerKit's documentation says its default `divmod` gives the remainder to the player "
        f"most out of position ([Simulation, Divmod]({POKERKIT_DOCS}#optional-divmod)).",
        shown_by="In the cases the adapter plays, the muck difference comes first and hides it; replayed "
        "from our PHH export by PokerKit's own reader (`conformance/suites/phh/test_phh_export.py`), "
        "stud-showdown-0001 and stud-showdown-0005 end with stacks 51/50/49 instead of 50/51/49, and "
        "stud-showdown-0008 with 51/5/49 instead of 50/6/49.",
    ),
    Known(
        "pokerkit",
        BUG,
        "core.chips.dead",
        NOWHERE,
        "A side pot nobody can win stops the hand (cash-game mode, after folds PokerKit warns about)",
        "In `Mode.CASH_GAME` PokerKit lets a player fold without facing a bet (it only warns: 'There is no "
        "reason for this player to fold'; tournament mode refuses the fold). When the last players with "
        "chips both fold that way, the side pot they built has no eligible player left and "
        "`State.push_chips` fails `assert len(pot.player_indices) == 1`, so the hand never ends. Any "
        "game reaches it: three-handed hold'em and seven-card stud alike.",
        f"{POKERKIT}#L6161-L6162",
        Check(
            "pokerkit_push_chips.py",
            "0.7.7",
            "hold'em, Cash-game: AssertionError(''); "
            "warnings: ['There is no reason for this player to fold.']\n"
            "stud, Cash-game: AssertionError(''); warnings: ['There is no reason for this player to fold.']\n"
            "hold'em, Tournament: ValueError('There is no reason for this player to fold.'); "
            "warnings: []\n",
        ),
        "What folded players put in above the highest live level joins the last pot, which player 0 "
        "(all in, the only player left) wins, and the hand ends.",
        "Award such a pot to the players of the pot below it, or refuse the second fold.",
        shown_by="Found by playing PokerKit on its own; the suite's cases never fold a player who faces "
        "no bet when that would leave a side pot without a player.",
    ),
    Known(
        "pokerkit",
        BUG,
        "stud.allin.runout",
        NOWHERE,
        "A muck at the all-in showdown before the last street stops the hand",
        "When the only player who could still bet calls an all-in, PokerKit asks for a show or muck before "
        "dealing the cards out (the rule difference \"Hands are shown one by one\"). If the all-in "
        "player mucks and the caller shows, PokerKit still deals the next street and fails "
        "`assert len(effective_stacks) > 1` in `State.get_effective_stack` when that street's betting "
        "opens; if both muck, it fails the assertion that someone is dealt to in `State._begin_dealing`. "
        "Either way the hand never ends.",
        f"{POKERKIT}#L2481-L2503",
        Check(
            "pokerkit_allin_muck.py",
            "0.7.7",
            "asked to show or muck: [2, 1]; player 2 mucks, player 1 shows: "
            "AssertionError in get_effective_stack\n"
            "asked to show or muck: [2, 1]; player 2 mucks, player 1 mucks: "
            "AssertionError in _begin_dealing\n",
        ),
        "Nobody is asked to show or muck: both hands are exposed, the cards run out to the seventh "
        "street, and the better hand takes the pot. Even by PokerKit's own showdown, a muck that leaves "
        "one player should give him the pot at once.",
        "End the hand when the mucks leave one player (or none) in the pot, or skip the show-or-muck step "
        "when nobody can bet, as the HOLE_CARDS_SHOWING_OR_MUCKING automation does.",
        shown_by="Found walking PokerKit's own tree with `pokerspec perft`: the walks of stud-allin-0001, "
        "stud-allin-0701 and stud-bringin-0004 stop on the first assertion, those of "
        "start-stud-fl-training and stud-profiles-0401 on the second, each after a listed `mu`; the "
        "suite's cases never offer that muck, since the rule deals the cards out without one.",
    ),
)


def attribute(engine: str, evidence: str) -> Known | None:
    """The first known deviation of ``engine`` whose pattern matches ``evidence``."""
    return next((k for k in KNOWN if k.engine == engine and k.matches(evidence)), None)


def upstream_name(known: Known) -> str:
    """The report file of a bug under ``docs/engines/upstream/``: ``<engine>-<n>.md``, numbered in
    ``KNOWN`` order among that engine's bugs."""
    bugs = [k for k in KNOWN if k.engine == known.engine and k.kind == BUG]
    return f"{known.engine}-{bugs.index(known) + 1}.md"
