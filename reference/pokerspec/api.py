"""The public Python API of pokerspec: the shared chapter's rankings and chip rules, and the
games' orders, for programs that use the rules without playing a whole hand.

Conventions, the same as the [engine contract](../spec/core/08-contract.md):

- **Seats** are named `p1` ... `pN` (``core.notation.seats``), never renumbered: pass the names
  your table uses and get the same names back.
- **Cards** are a string (`"As Kd 10h"`) or a sequence of tokens (`["As", "Kd"]`), read as in
  ``core.cards.notation``; a bad or repeated card raises `CardError` naming the token.
- **Ranking keys** are integers and **bigger is better** in every ranking, the low ones
  included: the best ace-to-five low has the largest low key. Keys of one ranking compare with
  `<` and `==`; keys of different rankings do not compare.
- **Wrong input raises** `ValueError` (or its subclass `HandSizeError` for a hand with the wrong
  number of cards): nothing returns a silent `False` or a partial answer.

The replies of the protocol's `rank`, `split` and `pots` requests are defined in the contract
(``core.contract.core-ops``); the functions here compute the same values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pokerspec.archie.qualifiers import qualifies_high
from pokerspec.archie.table import ArchieRules
from pokerspec.auction.auctions import pick_order as _pick_order
from pokerspec.auction.setup import clockwise
from pokerspec.core import exposed, high, low
from pokerspec.core.cards import Card, CardError, format_card, parse_cards
from pokerspec.core.chips import OddChipRule, build_pots, high_low_halves
from pokerspec.core.chips import split as _split
from pokerspec.core.game import Json
from pokerspec.core.types import Chips, Seat, parse_seat, seat_name
from pokerspec.profiles import get_profile
from pokerspec.stud import showdown as _stud
from pokerspec.stud.profiles import StudRules

__all__ = [
    "CardError",
    "Cards",
    "HandSizeError",
    "Pot",
    "Pots",
    "bring_in_seat",
    "exposed_category",
    "exposed_rank",
    "high_category",
    "high_rank",
    "low_rank",
    "pick_order",
    "pots",
    "qualifies_archie_high",
    "qualifies_eight",
    "show_order",
    "split",
    "split_high_low",
    "stud_award",
]

Cards = str | Sequence[str]
"""A hand as a string of card tokens (`"As Kd"`) or a sequence of tokens (`["As", "Kd"]`)."""


class HandSizeError(ValueError):
    """A hand with a number of cards that the ranking or rule does not take."""


def _cards(hand: Cards, smallest: int, largest: int, what: str) -> tuple[Card, ...]:
    cards = parse_cards(hand)
    if not smallest <= len(cards) <= largest:
        count = f"{smallest}" if smallest == largest else f"{smallest} to {largest}"
        names = " ".join(map(format_card, cards))
        raise HandSizeError(f"{what} takes {count} cards, got {len(cards)}: {names}")
    return cards


def _seat(name: str) -> Seat:
    return parse_seat(name)


def high_rank(hand: Cards) -> int:
    """The high key of the best five of five to seven cards; bigger is better
    (``core.high.categories``, ``core.high.kickers``, ``core.high.best-five``).

    >>> high_rank("As Ks Qs Js Ts") > high_rank("9c 9d 9h 9s 2c")
    True
    """
    return int(high.high_rank(_cards(hand, 5, 7, "a high hand")))


def high_category(hand: Cards) -> str:
    """The category name of the best five of five to seven cards, `high-card` ... `straight-flush`
    (``core.contract.values``)."""
    return high.category_of(high.HighRank(high_rank(hand))).label


def low_rank(hand: Cards) -> int:
    """The ace-to-five low key of the best five of five to seven cards, pairs allowed; bigger is
    better, so the best low, 5-4-3-2-A, has the largest key (``core.low.compare``,
    ``core.low.repeats``, ``core.low.best-five``).

    >>> low_rank("Ac 2d 3h 4s 5c") > low_rank("Ac 2d 3h 4s 6c")
    True
    """
    return int(low.low_rank(_cards(hand, 5, 7, "a low hand")))


def qualifies_eight(hand: Cards) -> bool:
    """Whether five cards make an eight-or-better low: five different ranks, none above eight, the
    ace low (``core.low8.qualifier``). Any other number of cards raises `HandSizeError`."""
    return low.qualifies_eight(_cards(hand, 5, 5, "the eight-or-better qualifier"))


def qualifies_archie_high(hand: Cards, profile: str = "archie-barge") -> bool:
    """Whether five cards qualify for Archie's high half: a pair of sixes or better under
    `archie-barge`, of nines under `archie-pagat` (``archie.qualify.high``, ``archie.pagat.high``)."""
    rules = get_profile(profile).rules
    if not isinstance(rules, ArchieRules):
        raise ValueError(f"{profile!r} is not an Archie profile")
    return qualifies_high(_cards(hand, 5, 5, "Archie's high qualifier"), rules)


def exposed_rank(hand: Cards) -> int:
    """The key of one to five face-up cards; bigger is better. Below five cards only pairs, two
    pair, three and four of a kind count (``core.exposed.partial``); five rank as a high hand
    (``core.exposed.five``)."""
    return int(exposed.exposed_rank(_cards(hand, 1, 5, "an exposed hand")))


def exposed_category(hand: Cards) -> str:
    """The category name of one to five face-up cards (``core.contract.values``)."""
    return high.category_of(high.HighRank(exposed_rank(hand))).label


def bring_in_seat(upcards: Mapping[str, str]) -> str:
    """The seat whose upcard brings in at stud: the lowest by rank, the ace high, then by suit
    clubs, diamonds, hearts, spades (``core.bringin.order``, ``stud.bringin.lowest``).

    >>> bring_in_seat({"p1": "2d", "p3": "2c", "p4": "As"})
    'p3'
    """
    if not upcards:
        raise ValueError("no upcards")
    cards = {name: _cards(card, 1, 1, "an upcard")[0] for name, card in upcards.items()}
    if len(set(cards.values())) != len(cards):
        raise ValueError("two seats show the same upcard")
    lowest = exposed.bring_in_card(list(cards.values()))
    return next(name for name, card in cards.items() if card == lowest)


def pick_order(
    bids: Mapping[str, int], dealer: str, seats: int, shown: Mapping[str, Cards] | None = None
) -> list[str]:
    """The order in which Auction bidders pick: the highest bid first; equal bids by the better
    face-up cards shown before this row, then by seat from the dealer's left, the dealer last
    (``auction.auction.order``). `shown` may leave out seats that show nothing yet.

    >>> pick_order({"p1": 2, "p2": 3, "p3": 2}, dealer="p3", seats=3)
    ['p2', 'p1', 'p3']
    """
    table = range(seats)
    by_seat = {_seat(name): Chips(amount) for name, amount in bids.items()}
    if any(seat not in table for seat in by_seat):
        raise ValueError(f"a bidder is not one of the {seats} seats")
    if any(amount < 1 for amount in by_seat.values()):
        raise ValueError("a bid is at least 1")
    cards: list[tuple[Card, ...]] = [() for _ in table]
    for name, hand in (shown or {}).items():
        cards[_seat(name)] = _cards(hand, 0, 4, "cards shown before a row") if hand else ()
    order = _pick_order(by_seat, cards, clockwise(_seat(dealer), seats))
    return [seat_name(seat) for seat in order]


def _stud_rules(profile: str) -> StudRules:
    rules = get_profile(profile).rules
    if not isinstance(rules, StudRules):
        raise ValueError(f"{profile!r} is not a stud profile")
    return rules


def show_order(
    boards: Mapping[str, Cards],
    button: str,
    seats: int,
    last_aggressor: str | None = None,
    profile: str = "stud-fl-training",
) -> list[str]:
    """The stud show order of the players still in: the best four-card board first (equal boards:
    the seat nearest the button's left), then clockwise (``stud.showdown.order``); under
    `stud-last-aggressor` the last bettor or raiser of seventh street first, if any
    (``stud.profile.last-aggressor``). `boards` holds each live seat's four upcards."""
    live = sorted(_seat(name) for name in boards)
    if any(seat >= seats for seat in live):
        raise ValueError(f"a seat is not one of the {seats} seats")
    ranks = {_seat(name): exposed.exposed_rank(_cards(board, 4, 4, "a seventh-street board"))
             for name, board in boards.items()}
    aggressor = None if last_aggressor is None else _seat(last_aggressor)
    order = _stud.show_order(live, ranks, seats, _seat(button), _stud_rules(profile), aggressor)
    return [seat_name(seat) for seat in order]


def split(amount: int, winners: Sequence[str], odd_chip: str = "remainder-to-first") -> dict[str, int]:
    """Split `amount` among tied `winners`, given in the game's priority order; the remainder goes
    to the first (`remainder-to-first`) or one chip each to the first ones (`one-each`)
    (``core.chips.split``)."""
    shares = _split(Chips(amount), [_seat(w) for w in winners], OddChipRule(odd_chip))
    return {seat_name(s): c for s, c in sorted(shares.items())}


def split_high_low(
    amount: int, high_winners: Sequence[str], low_winners: Sequence[str], odd_chip: str = "remainder-to-first"
) -> dict[str, int]:
    """Halve `amount` between high and low, the odd chip to high, and split each half among its
    winners in their priority order (``core.chips.odd-to-high``); a seat in both gets both."""
    high_half, low_half = high_low_halves(Chips(amount))
    shares: dict[str, int] = {}
    for half, winners in ((high_half, high_winners), (low_half, low_winners)):
        for name, chips in split(half, winners, odd_chip).items():
            shares[name] = shares.get(name, 0) + chips
    return dict(sorted(shares.items(), key=lambda item: _seat(item[0])))


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pots:
    """The pots, main pot first, and the uncalled excess returned by seat."""

    pots: tuple[Pot, ...]
    returned: dict[str, int]


def pots(contributed: Mapping[str, int], folded: Iterable[str] = ()) -> Pots:
    """Main and side pots from each seat's total contribution for the hand; the uncalled excess of
    a seat still in goes back to it, a folded seat's chips stay in as dead money
    (``core.chips.side-pots``, ``core.chips.uncalled``, ``core.chips.dead``).

    >>> pots({"p1": 100, "p2": 40})
    Pots(pots=(Pot(amount=80, eligible=('p1', 'p2')),), returned={'p1': 60})
    """
    built, returned = build_pots({_seat(n): Chips(c) for n, c in contributed.items()},
                                 frozenset(_seat(n) for n in folded))
    return Pots(tuple(Pot(p.amount, tuple(seat_name(s) for s in p.eligible)) for p in built),
                {seat_name(s): c for s, c in sorted(returned.items())})


def stud_award(
    hands: Mapping[str, Cards],
    contributed: Mapping[str, int],
    order: Sequence[str],
    mucked: Iterable[str] = (),
    common: str | None = None,
    profile: str = "stud-fl-training",
) -> dict[str, Json]:
    """Award a stud showdown whose show order is given, not derived: `order` lists the seats still
    in, in the order they showed or mucked (the first tied player shown takes the odd chip,
    ``stud.showdown.odd-chip``); `hands` their own cards (seven, or six with a `common` card);
    `contributed` every seat's total for the hand, a seat with no hand counting as folded.
    Returns the outcome as the engine contract reports it (``core.contract.outcome``):
    `received`, `net`, `pots`, `shown`, `mucked`, `returned` and `common`
    (``stud.showdown.award``, ``stud.allin.pots``)."""
    seats = max(_seat(name) for name in [*contributed, *hands]) + 1
    shown_order = [_seat(name) for name in order]
    if sorted(shown_order) != sorted(_seat(name) for name in hands):
        raise ValueError("order must list every seat with a hand, once")
    extra = None if common is None else _cards(common, 1, 1, "the common card")[0]
    size = 7 if extra is None else 6
    own = {_seat(name): _cards(hand, size, size, "a stud hand") for name, hand in hands.items()}
    folded = frozenset(Seat(s) for s in range(seats) if Seat(s) not in own)
    gone = [_seat(name) for name in mucked]
    if not set(gone) < set(shown_order):
        raise ValueError("a mucked seat must be in the order, and someone must show")
    paid = tuple(Chips(contributed.get(seat_name(Seat(s)), 0)) for s in range(seats))
    outcome = _stud.award(seats, paid, folded, shown_order, gone, own, extra, _stud_rules(profile))
    return outcome.to_json()
