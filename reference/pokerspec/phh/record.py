"""A seven-card stud hand record: the fields of a PHH file of variant ``F7S``, checked and typed.

The amounts of the table (antes, bring-in, small and big bet) become ``Stakes``
(``stud.profile.stakes``); the players' order is PHH's, the first player dealt first, so the
last player sits on the button. A field that is missing, of the wrong type or of the wrong
length raises ``PhhError`` naming the file and the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn, TypeVar

from pokerspec.core.types import Chips
from pokerspec.phh.document import Document, PhhError, read_document
from pokerspec.phh.notation import PhhAction, parse_phh_action
from pokerspec.stud.deal import MAX_SEATS, MIN_SEATS
from pokerspec.stud.profiles import Stakes, StakesError

T = TypeVar("T")

STUD_VARIANT = "F7S"
KNOWN_VARIANTS = ("FT", "NT", "NS", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
"""The PHH standard's variant codes; pokerspec replays ``F7S``."""


@dataclass(frozen=True, slots=True)
class StudRecord:
    """One F7S hand as recorded."""

    source: str
    stakes: Stakes
    starting_stacks: tuple[Chips, ...]
    actions: tuple[str, ...]
    parsed: tuple[PhhAction, ...]
    action_lines: tuple[int | None, ...]
    finishing_stacks: tuple[int, ...] | None
    ante_trimming: bool
    seats: tuple[int, ...] | None
    """The players' seat numbers at the table (PHH's optional ``seats``), if given."""
    players: tuple[str, ...] | None
    hand: str | None
    """The record's hand name or number, if given."""
    document: Document

    @property
    def seat_count(self) -> int:
        return len(self.starting_stacks)

    def label(self) -> str:
        """The file, and the hand's own name if it has one: how messages name the hand."""
        return f"{self.source} (hand {self.hand})" if self.hand is not None else self.source

    def field(self, key: str) -> object:
        return self.document.fields.get(key)


def load_record(path: Path) -> StudRecord:
    """Read and check one F7S file."""
    return stud_record(read_document(path))


def stud_record(doc: Document) -> StudRecord:
    """Check the fields of a PHH document as a seven-card stud hand."""
    f = _Fields(doc)
    variant = f.get("variant", str)
    if variant != STUD_VARIANT:
        known = "one of the PHH standard's variants" if variant in KNOWN_VARIANTS else "not a PHH variant"
        raise f.error("variant", f"{variant!r} ({known}) cannot be replayed: pokerspec replays seven-card "
                      f"stud, variant {STUD_VARIANT!r}", code="unknown_variant")
    stacks = f.amounts("starting_stacks", minimum=1)
    seats = len(stacks)
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise f.error("starting_stacks", f"stud is played by {MIN_SEATS} to {MAX_SEATS} players, not {seats}")
    antes = f.amounts("antes", minimum=0, length=seats)
    if len(set(antes)) != 1:
        raise f.error("antes", f"antes {list(antes)} differ by player: the stud chapter has one ante for all",
                      code="unsupported")
    try:
        stakes = Stakes(antes[0], f.amount("bring_in"), f.amount("small_bet"), f.amount("big_bet"))
    except StakesError as exc:
        raise f.error("bring_in", str(exc)) from None
    for other in ("blinds_or_straddles", "min_bet"):
        if other in doc.fields:
            raise f.error(other, f"{other} is not a field of {STUD_VARIANT}, which has a bring-in instead")
    actions = f.get("actions", list)
    if not all(isinstance(a, str) for a in actions):
        raise f.error("actions", "actions must be an array of strings")
    texts = tuple(str(a) for a in actions)
    lines = doc.action_lines if len(doc.action_lines) == len(texts) else tuple(None for _ in texts)
    parsed = tuple(parse_phh_action(t, seats, i + 1, lines[i], doc.source) for i, t in enumerate(texts))
    finishing = f.amounts("finishing_stacks", 0, seats) if "finishing_stacks" in doc.fields else None
    trimming = f.get("ante_trimming_status", bool) if "ante_trimming_status" in doc.fields else False
    table_seats = f.amounts("seats", minimum=1, length=seats) if "seats" in doc.fields else None
    players = f.get("players", list) if "players" in doc.fields else None
    hand = doc.fields.get("hand")
    return StudRecord(
        source=doc.source, stakes=stakes, starting_stacks=stacks, actions=texts, parsed=parsed,
        action_lines=lines, finishing_stacks=finishing, ante_trimming=trimming,
        seats=None if table_seats is None else tuple(table_seats),
        players=None if players is None else tuple(str(p) for p in players),
        hand=None if hand is None or isinstance(hand, bool) else str(hand), document=doc,
    )


class _Fields:
    """Typed access to a document's fields, each problem a ``PhhError`` naming field and line."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc

    def error(self, key: str, message: str, code: str = "bad_field") -> PhhError:
        line = self.doc.line_of(key)
        where = f" line {line}" if line else ""
        return PhhError(code, f"{self.doc.source}{where}: {key}: {message}", line=line)

    def get(self, key: str, kind: type[T]) -> T:
        if key not in self.doc.fields:
            return self._missing(key)
        value = self.doc.fields[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(key, f"expected {_NAMES.get(kind, kind.__name__)}, got {value!r}")
        return value

    def _missing(self, key: str) -> NoReturn:
        raise PhhError("missing_field", f"{self.doc.source}: the required field {key!r} is missing")

    def amount(self, key: str) -> Chips:
        value = self.doc.fields.get(key)
        if key not in self.doc.fields:
            self._missing(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(key, f"expected a whole number of chips, got {value!r}")
        return Chips(value)

    def amounts(self, key: str, minimum: int, length: int | None = None) -> tuple[Chips, ...]:
        values = self.get(key, list)
        if length is not None and len(values) != length:
            raise self.error(key, f"{len(values)} values for {length} players")
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= minimum for v in values):
            raise self.error(key, f"expected whole numbers of at least {minimum}, got {values!r}",
                             code="unsupported" if any(isinstance(v, float) for v in values) else "bad_field")
        return tuple(Chips(int(v)) for v in values)


_NAMES: dict[type, str] = {str: "a string", list: "an array", bool: "true or false", int: "a whole number"}
