"""Domain types shared by every chapter (spec/core/01-cards.md, 06-chips.md).

``Chips`` and ``Seat`` are plain ints at run time, distinct types to mypy, so an amount
can never be passed where a seat is meant.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final, NewType

Chips = NewType("Chips", int)
"""An amount of chips: a non-negative integer (``core.chips.amount``)."""

Seat = NewType("Seat", int)
"""A seat, 0-based inside the code; written ``p1``, ``p2`` ... in notation and cases."""

HighRank = NewType("HighRank", int)
"""A high hand's key (``pokerspec.core.high``): larger is better; equal keys tie."""

LowRank = NewType("LowRank", int)
"""An ace-to-five low hand's key (``pokerspec.core.low``): larger is better (lower); equal keys tie."""

RuleId = NewType("RuleId", str)
"""A stable rule identifier such as `core.high.wheel` (never a section number)."""

_SEAT = re.compile(r"p([1-9][0-9]?)")


SEAT_NAMES: Final = tuple(f"p{seat + 1}" for seat in range(99))
"""Every seat's name, by seat (``seat_name``); observations name every seat after every action."""


def seat_name(seat: Seat) -> str:
    """Write a seat the PHH way: seat 0 is ``p1``."""
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"p{seat + 1}"


def seat_names(seats: Iterable[Seat]) -> list[str]:
    """``seat_name`` of each seat, in one call (listings and observations name several at once)."""
    named = len(SEAT_NAMES)
    return [SEAT_NAMES[s] if 0 <= s < named else f"p{s + 1}" for s in seats]


def parse_seat(token: str, seats: int | None = None) -> Seat:
    """Read ``p1``..``pN`` (rule ``core.notation.seats``); raise ``ValueError`` naming the token."""
    m = _SEAT.fullmatch(token.strip().lower())
    if m is None:
        raise ValueError(f"bad seat {token!r}: expected p1, p2, ...")
    seat = Seat(int(m.group(1)) - 1)
    if seats is not None and seat >= seats:
        raise ValueError(f"bad seat {token!r}: this table has {seats} seats")
    return seat
