"""Stud rules as data and the named profiles (spec/stud/07-profiles.md).

Every amount and every choice the sources leave open is a field of ``StudRules``; the default
profile is the fixed-limit training table (``stud.profile.training``), and each alternative
changes exactly the rules it lists in ``changes``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from pokerspec.core.chips import OddChipRule
from pokerspec.core.types import Chips, RuleId
from pokerspec.profiles import Profile


class OddChipOrder(Enum):
    """Who comes first when a tied pot does not split evenly (``stud.showdown.odd-chip``)."""

    SHOWN_FIRST = "shown-first"
    """The tied player who showed first (the seed)."""
    HIGH_CARD_SUIT = "high-card-suit"
    """The tied player holding the highest card, rank then suit (``stud.profile.odd-chip-suit``)."""


class ShowOrder(Enum):
    """Who shows first at the showdown (``stud.showdown.order``)."""

    BEST_BOARD = "best-board"
    """The best exposed hand, then clockwise (the seed)."""
    LAST_AGGRESSOR = "last-aggressor"
    """The last bettor or raiser of the final round, else the best board (``stud.profile.last-aggressor``)."""


class RunningOut(Enum):
    """What happens when the stub cannot give every active player a seventh card (``stud.runout.common``)."""

    COMMON_CARD = "common-card"
    """One common card face up in the centre."""
    RESHUFFLE_BURNS = "reshuffle-burns"
    """First put the burn cards back under the stub, then a common card only if still short
    (``stud.profile.reshuffle-burns``)."""


@dataclass(frozen=True, slots=True)
class StudRules:
    """The amounts and choices of one stud table (``stud.profile.training``)."""

    ante: Chips = Chips(1)
    bring_in: Chips = Chips(1)
    """The forced bring-in's smaller amount; the full one is ``small_bet`` (``stud.bringin.forced``)."""
    small_bet: Chips = Chips(2)
    """The bet and raise size on third and fourth street (``stud.streets.limits``)."""
    big_bet: Chips = Chips(4)
    """The bet and raise size on fifth to seventh street."""
    raises: int = 3
    """Raises allowed after the bet or completion in one round (``stud.streets.cap``)."""
    odd_chip_order: OddChipOrder = OddChipOrder.SHOWN_FIRST
    odd_chip_rule: OddChipRule = OddChipRule.REMAINDER_TO_FIRST
    show_order: ShowOrder = ShowOrder.BEST_BOARD
    running_out: RunningOut = RunningOut.COMMON_CARD


TRAINING = StudRules()

PROFILES: tuple[Profile[StudRules], ...] = (
    Profile(
        name="stud-fl-training",
        game="stud",
        rules=TRAINING,
        summary="Fixed limit: ante 1, bring-in 1 or 2, bets 2/4, a bet and three raises; seed rules.",
        default=True,
    ),
    Profile(
        name="stud-odd-chip-suit",
        game="stud",
        rules=replace(
            TRAINING, odd_chip_order=OddChipOrder.HIGH_CARD_SUIT, odd_chip_rule=OddChipRule.ONE_EACH
        ),
        summary="Odd chips one each, to the tied players with the highest card by suit (STUD-11).",
        changes=(RuleId("stud.showdown.odd-chip"), RuleId("stud.profile.odd-chip-suit")),
    ),
    Profile(
        name="stud-last-aggressor",
        game="stud",
        rules=replace(TRAINING, show_order=ShowOrder.LAST_AGGRESSOR),
        summary="The last bettor or raiser on seventh street shows first (STUD-10).",
        changes=(RuleId("stud.showdown.order"), RuleId("stud.profile.last-aggressor")),
    ),
    Profile(
        name="stud-reshuffle-burns",
        game="stud",
        rules=replace(TRAINING, running_out=RunningOut.RESHUFFLE_BURNS),
        summary="Burn cards go back under the stub before a common card is used (STUD-52).",
        changes=(RuleId("stud.runout.common"), RuleId("stud.profile.reshuffle-burns")),
    ),
)
