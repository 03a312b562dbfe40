"""``replay_file``: one PHH file replayed and judged against its ``finishing_stacks``
(docs/examples/real-hands.md).

A report says whether the file could be read at all (``error`` of kind ``unreadable``), whether
the hand replayed legally (``illegal``: the first refused action, deal or show, with its step and
reason), and whether the stacks it ends with are the ones the table recorded. Nothing in one
file's report depends on another's, so a batch reports every file whatever the others hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pokerspec.core.game import Json
from pokerspec.core.types import Seat, seat_name
from pokerspec.phh.document import PhhError
from pokerspec.phh.record import StudRecord, load_record
from pokerspec.phh.replay import Replayed, replay
from pokerspec.stud.profiles import StudRules

UNREADABLE = frozenset({"unreadable", "bad_toml", "missing_field", "bad_field", "bad_action",
                        "unknown_variant", "unsupported"})
"""Problems that stop a file from being replayed at all (exit status 2)."""


@dataclass(frozen=True, slots=True)
class HandReport:
    """One file's replay: what it started and ended with, what the table recorded, and the first
    problem (``illegal`` when a step is to blame, ``error`` otherwise)."""

    file: str
    profile: str
    record: StudRecord | None
    final: tuple[int, ...] | None
    complete: bool
    problem: PhhError | None

    @property
    def expected(self) -> tuple[int, ...] | None:
        return None if self.record is None else self.record.finishing_stacks

    @property
    def unreadable(self) -> bool:
        return self.problem is not None and self.problem.code in UNREADABLE

    @property
    def legal(self) -> bool:
        return self.problem is None

    @property
    def match(self) -> bool | None:
        """Whether the replay ends with the recorded stacks; None when there is nothing to compare."""
        if self.expected is None or self.final is None:
            return None
        return self.final == self.expected

    @property
    def ok(self) -> bool:
        return self.legal and self.match is not False

    def to_json(self) -> dict[str, Json]:
        record, problem = self.record, self.problem
        illegal: Json = None
        error: Json = None
        if problem is not None:
            where: dict[str, Json] = {"code": problem.code, "message": problem.message, "line": problem.line}
            if problem.step is not None:
                illegal = {"step": problem.step, "action": problem.action,
                           "reason": problem.reason or problem.code, **where}
            else:
                error = {"kind": "unreadable" if self.unreadable else "invalid", **where}
        seats = record.seat_count if record is not None else 0
        return {
            "file": self.file,
            "hand": None if record is None else record.hand,
            "profile": self.profile,
            "seats": [seat_name(Seat(s)) for s in range(seats)],
            "players": None if record is None or record.players is None else list(record.players),
            "starting_stacks": None if record is None else list(record.starting_stacks),
            "final_stacks": None if self.final is None else list(self.final),
            "expected_stacks": None if self.expected is None else list(self.expected),
            "match": self.match,
            "complete": self.complete,
            "legal": self.legal,
            "illegal": illegal,
            "error": error,
        }


def replay_file(path: Path, profile: str, rules: StudRules) -> HandReport:
    """Read, check and replay one PHH file under ``rules`` (named ``profile``) at its own stakes;
    never raises for anything the file holds."""
    try:
        record = load_record(path)
    except PhhError as problem:
        return HandReport(str(path), profile, None, None, False, problem)
    return judge(replay(record, rules), profile)


def judge(replayed: Replayed, profile: str) -> HandReport:
    """The report of a replay: a finished hand whose recorded stacks do not add up to the
    starting ones is a problem of the record (chips are neither made nor lost in a hand)."""
    record, problem = replayed.record, replayed.problem
    expected = record.finishing_stacks
    if problem is None and replayed.complete and expected is not None \
            and sum(expected) != sum(record.starting_stacks):
        problem = PhhError("stacks_do_not_add_up", f"{record.label()}: finishing_stacks add up to "
                           f"{sum(expected)} but starting_stacks to {sum(record.starting_stacks)}: a hand "
                           "neither makes nor loses chips", line=record.document.line_of("finishing_stacks"))
    return HandReport(record.source, profile, record, replayed.final_stacks, replayed.complete, problem)


def human(report: HandReport) -> list[str]:
    """The report as lines for a person: a verdict line, then one line a seat."""
    record, problem = report.record, report.problem
    if record is None or (problem is not None and report.unreadable):
        assert problem is not None
        return [f"{report.file}: cannot be replayed: {problem.message}"]
    if problem is not None:
        head = f"{record.label()}: NOT LEGAL: {problem.message.removeprefix(f'{record.label()}: ')}"
    else:
        head = f"{record.label()}: legal" + ("" if report.complete else " (the record stops before the end)")
        if report.match is None:
            head += "; no finishing_stacks to compare"
        else:
            head += f"; final stacks {'match' if report.match else 'DIFFER FROM'} finishing_stacks"
    lines = [head]
    final, expected = report.final, report.expected
    width = max(len(f"{v:,}") for v in (*record.starting_stacks, *(final or ()), *(expected or ())))
    final_title = "final" if report.complete else "so far"
    lines.append(f"  seat  {'start':>{width}}  {final_title:>{width}}  {'recorded':>{width}}")
    for s in range(record.seat_count):
        cells = [f"{record.starting_stacks[s]:>{width},}",
                 f"{final[s]:>{width},}" if final is not None else f"{'-':>{width}}",
                 f"{expected[s]:>{width},}" if expected is not None else f"{'-':>{width}}"]
        differs = final is not None and expected is not None and final[s] != expected[s]
        mark = "  <- differs" if differs else ""
        name = f"  {record.players[s]}" if record.players is not None and s < len(record.players) else ""
        lines.append(f"  {seat_name(Seat(s)):<4}  " + "  ".join(cells) + mark + name)
    return lines
