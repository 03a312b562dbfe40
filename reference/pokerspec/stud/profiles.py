"""Stud rules as data and the named profiles (spec/stud/07-profiles.md).

Every amount and every choice the sources leave open is a field of ``StudRules``; the default
profile is the fixed-limit training table (``stud.profile.training``), and each alternative
changes exactly the rules it lists in ``changes``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from pokerspec.core.chips import OddChipRule
from pokerspec.core.game import RulesError
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
    SKIP_LAST_BURN = "skip-last-burn"
    """Leave out the seventh-street burn when that gives every active player a card; a common card
    only if still short (``stud.profile.skip-last-burn``)."""


@dataclass(frozen=True, slots=True)
class StudRules:
    """The amounts and choices of one stud table (``stud.profile.training``)."""

    ante: Chips = Chips(1)
    """Each player's ante (``stud.bringin.ante``)."""
    bring_in: Chips = Chips(1)
    """The forced bring-in's smaller amount; the full one is ``small_bet`` (``stud.bringin.forced``)."""
    small_bet: Chips = Chips(2)
    """The bet and raise size on third and fourth street (``stud.streets.limits``)."""
    big_bet: Chips = Chips(4)
    """The bet and raise size on fifth to seventh street (``stud.streets.limits``)."""
    raises: int = 3
    """Raises allowed after the bet or completion in one round (``stud.streets.cap``)."""
    odd_chip_order: OddChipOrder = OddChipOrder.SHOWN_FIRST
    """Which tied player takes an odd chip first (``stud.showdown.odd-chip``)."""
    odd_chip_rule: OddChipRule = OddChipRule.REMAINDER_TO_FIRST
    """How many odd chips each tied player takes (``stud.showdown.odd-chip``)."""
    show_order: ShowOrder = ShowOrder.BEST_BOARD
    """Who shows first (``stud.showdown.order``)."""
    running_out: RunningOut = RunningOut.COMMON_CARD
    """What a short stub does to seventh street (``stud.runout.common``)."""

    @property
    def stakes(self) -> Stakes:
        """The four amounts of this table (``stud.profile.stakes``)."""
        return Stakes(self.ante, self.bring_in, self.small_bet, self.big_bet)

    def with_stakes(self, stakes: Stakes) -> StudRules:
        """These rules at another table's stakes: every amount from ``stakes``, every other rule
        unchanged (``stud.profile.stakes``)."""
        return replace(self, ante=stakes.ante, bring_in=stakes.bring_in, small_bet=stakes.small_bet,
                       big_bet=stakes.big_bet)


class StakesError(RulesError):
    """Amounts no stud table can play (``stud.profile.stakes``)."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """The amounts of one table: a profile's own, or those a case or a hand record sets for its
    hand (``stud.profile.stakes``). The ante may be nothing; the bring-in is less than the small
    bet, which is no more than the big bet."""

    ante: Chips
    bring_in: Chips
    small_bet: Chips
    big_bet: Chips

    def __post_init__(self) -> None:
        if not self.ante >= 0 or not 0 < self.bring_in < self.small_bet <= self.big_bet:
            raise StakesError(
                f"stakes ante {self.ante}, bring-in {self.bring_in}, bets {self.small_bet}/{self.big_bet}: "
                "stud needs an ante of 0 or more and 0 < bring-in < small bet <= big bet")


STAKES_KEYS = ("ante", "bring_in", "small_bet", "big_bet")
"""The keys of a case's ``setup.stakes``, in the order of ``Stakes``' fields."""


def stakes_from_json(raw: object) -> Stakes:
    """The stakes a case sets in ``setup.stakes``: four whole amounts (``stud.profile.stakes``),
    each judged by its value, as every amount is (CORE-71)."""
    if not isinstance(raw, dict) or set(raw) != set(STAKES_KEYS) or not all(
            _whole(raw[k]) for k in STAKES_KEYS):
        raise StakesError(f"stakes are the whole amounts {', '.join(STAKES_KEYS)}, got {raw!r}")
    return Stakes(*(Chips(int(raw[k])) for k in STAKES_KEYS))


def _whole(value: object) -> bool:
    """A JSON number that is a whole number, judged by its value: ``2`` and ``2.0`` alike, never
    ``true`` (``core.contract.conventions``, CORE-71)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


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
    Profile(
        name="stud-skip-last-burn",
        game="stud",
        rules=replace(TRAINING, running_out=RunningOut.SKIP_LAST_BURN),
        summary="No seventh-street burn when that gives every player his own card (STUD-20).",
        changes=(RuleId("stud.runout.common"), RuleId("stud.profile.skip-last-burn")),
    ),
)
