"""The conformance run (docs/engine-authors/running.md): select cases, run each under each of its
profiles on one engine, skip what the engine does not support, and collect the verdicts."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

from pokerspec.conformance.cases import BadCase, Case
from pokerspec.conformance.grading import Result, Verdict, conversation, grade, needed_capabilities
from pokerspec.conformance.protocol import Engine, Hello, Streaming


@dataclass(frozen=True, slots=True)
class Selection:
    """Which cases to run: every filter that is given must match (``--game``, ``--rule``,
    ``--case``, ``--profile``)."""

    games: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    """Rule ID prefixes: `archie.qualify` selects every case pinning an `archie.qualify*` rule."""
    cases: tuple[str, ...] = ()
    """Case IDs, or shell patterns such as ``stud-bringin-*``."""
    profile: str | None = None

    def wants(self, case: Case) -> bool:
        return ((not self.games or case.game in self.games)
                and (not self.rules or any(r.startswith(p) for r in case.rules for p in self.rules))
                and (not self.cases or any(fnmatchcase(case.id, p) for p in self.cases))
                and (self.profile is None or not case.profiles or self.profile in case.profiles))


@dataclass(frozen=True, slots=True)
class Planned:
    """One case under one profile (``None`` for core cases, which hold under every profile)."""

    case: Case
    profile: str | None


def plan(cases: Sequence[Case], selection: Selection) -> list[Planned]:
    """Each selected case once per profile it lists (only ``selection.profile`` if given)."""
    out: list[Planned] = []
    for case in cases:
        if not selection.wants(case):
            continue
        if not case.profiles:
            out.append(Planned(case, None))
        else:
            out += [Planned(case, p) for p in case.profiles if selection.profile in (None, p)]
    return out


def unsupported(item: Planned, hello: Hello) -> str | None:
    """Why the engine cannot run this case (a skip, not a failure), or None."""
    if item.case.game != "core" and item.case.game not in hello.games:
        return f"engine does not play {item.case.game}"
    if item.profile is not None and item.profile not in hello.profiles:
        return f"engine does not offer profile {item.profile}"
    missing = sorted(set(needed_capabilities(item.case)) - hello.capabilities)
    if missing:
        return f"engine lacks {', '.join(missing)}"
    return None


@dataclass(frozen=True, slots=True)
class Run:
    """One case run and its verdict."""

    case: Case
    result: Result


@dataclass(slots=True)
class Report:
    """Everything a run found: the engine, each case run, the bad case files, the time taken,
    and what the author required to be tested (``--require``)."""

    hello: Hello
    runs: list[Run] = field(default_factory=list)
    bad: list[BadCase] = field(default_factory=list)
    seconds: float = 0.0
    planned: int = 0
    """How many case runs were planned (more than ``len(runs)`` if the run was interrupted)."""
    require: tuple[str, ...] = ()
    suite: str = ""
    """The suite's version: a content hash of the case files of the run."""
    interrupted: str = ""
    """Why the run stopped early (``SIGINT``, ``SIGTERM``), or empty."""
    language: str = "en"
    """The language of the rule titles the report prints (``--lang``)."""

    def count(self, verdict: Verdict) -> int:
        return sum(1 for r in self.runs if r.result.verdict is verdict)

    @property
    def nothing_tested(self) -> bool:
        """Every case run was skipped: an OK would say nothing about the engine."""
        return bool(self.runs) and self.count(Verdict.SKIP) == len(self.runs)

    def unmet(self) -> dict[str, int]:
        """Each ``--require`` item with the number of case runs needing it that were skipped."""
        out: dict[str, int] = {}
        for need in self.require:
            skipped = sum(1 for r in self.runs if r.result.verdict is Verdict.SKIP and needs(r.case, need))
            if skipped:
                out[need] = skipped
        return out

    @property
    def ok(self) -> bool:
        """Exit 0 iff no case file is bad, every required case passed or was skipped, something
        was tested, nothing ``--require`` names was skipped, and the run was not interrupted."""
        return not self.bad and not self.nothing_tested and not self.unmet() and not self.interrupted and all(
            r.result.verdict in (Verdict.PASS, Verdict.SKIP) or not r.result.required for r in self.runs)


def needs(case: Case, requirement: str) -> bool:
    """Whether ``case`` tests ``requirement``: a capability (``hand:stud``) or a game (``stud``)."""
    return requirement == case.game or requirement in needed_capabilities(case)


def run(engine: Engine, hello: Hello, items: Sequence[Planned], bad: Sequence[BadCase] = (),
        progress: Callable[[Run], None] | None = None, report: Report | None = None) -> Report:
    """Grade every planned case on ``engine``; the engine's failures error single cases only,
    and a streaming engine's late reply errors the case it belongs to, once the run has ended.
    Cases are added to ``report`` (a fresh one by default) as they are graded, so a caller
    holding it keeps what was done when the run is interrupted."""
    if report is None:
        report = Report(hello, bad=list(bad))
    report.planned = len(items)
    snapshot = "snapshot" in hello.capabilities
    reasons = [unsupported(item, hello) for item in items]
    stream = engine if isinstance(engine, Streaming) else None
    tickets: dict[int, int] = {}
    owners: dict[int, int] = {}
    """The index in ``report.runs`` of each ticket's case."""
    first = len(report.runs)

    def send(index: int) -> None:
        """Submit case ``index`` ahead, so the engine works on it while this one is graded."""
        if stream is not None and index < len(items) and index not in tickets and reasons[index] is None:
            item = items[index]
            tickets[index] = stream.submit(conversation(item.case, item.profile, snapshot))
            owners[tickets[index]] = first + index

    began = time.perf_counter()
    try:
        for index, (item, reason) in enumerate(zip(items, reasons, strict=True)):
            send(index)
            send(index + 1)
            if reason is None:
                sent = None if stream is None else stream.collect(tickets.pop(index))
                result = grade(item.case, engine, item.profile, snapshot, sent)
            else:
                result = Result(item.case.id, item.profile, Verdict.SKIP, item.case.rules,
                                item.case.required, message=reason)
            done = Run(item.case, result)
            report.runs.append(done)
            if progress is not None:
                progress(done)
        if stream is not None:
            for ticket, failure in stream.finish():
                if ticket not in owners:
                    continue
                late = report.runs[owners[ticket]]
                report.runs[owners[ticket]] = Run(late.case, Result(
                    late.case.id, late.result.profile, Verdict.ERROR, late.case.rules, late.case.required,
                    message=f"engine {failure.kind}: {failure}", stderr_tail=failure.stderr_tail))
    finally:
        report.seconds = time.perf_counter() - began
    return report
