"""Fuzz campaigns: ``pokerspec conformance fuzz`` over processes (``--jobs``), machines
(``--shard``) and interruptions (``--dir``, ``--resume``), and ``pokerspec conformance merge``.

A campaign is corpus hands 0 to ``hands - 1`` of one seed, played against one engine under one
game and profile (``pokerspec.fuzz.hands``). Hand ``i`` depends only on the seed and ``i``,
so any slice of a campaign can be played anywhere, in any order, and the slices' findings
combine into exactly the whole campaign's (``Findings.merge``: counts add up, the earliest
hand of each class gives its case):

- ``--shard I/N`` plays the ``I``-th of ``N`` equal, contiguous slices of the hands;
- ``--jobs N`` cuts the slice into chunks and plays them in ``N`` worker processes; this
  process shrinks each class's first hand, in hand order, as the chunks come back;
- ``--dir DIR`` keeps the campaign in a directory (``campaign.json``; ``state.json`` with the
  hands done and the findings, rewritten after every chunk; the cases in ``findings/``;
  ``report.json``), so a stopped campaign continues where it stopped (``--resume DIR``);
- ``--cluster ADDRESS`` plays the chunks as tasks on a Dask cluster (``pokerspec.cluster``; the
  ``cluster`` extra): a lost worker's chunks are played again elsewhere and counted once, and
  this process shrinks and records them in hand order as with ``--jobs``;
- ``pokerspec conformance merge SHARD_DIR... --out DIR`` combines the directories of shards
  of one campaign into the directory of the whole.

Exit status: 0 no disagreement, 1 disagreements found, 2 the run could not be made, 130 or 143
interrupted (what was done is kept).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import multiprocessing.util
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import TypeVar, cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokerspec import __version__, ruletext
from pokerspec.cli import MAX_SECONDS, positive_seconds
from pokerspec.cluster import Cluster, ClusterError, session
from pokerspec.conformance.adapters import DEFAULT_TIMEOUT, open_engine
from pokerspec.conformance.protocol import Engine, EngineFailure, Hello, handshake
from pokerspec.core.game import Json
from pokerspec.fuzz import hands as fuzzing
from pokerspec.fuzz.classes import DEFAULT_LIMIT, Findings
from pokerspec.outputs import CAMPAIGN, CASES, check_outputs, printable, summary, write_text
from pokerspec.profiles import default_profile, get_profile
from pokerspec.regress.corpus import LIMITS, CorpusError
from pokerspec.resources import read_regular
from pokerspec.rules import LANGUAGES
from pokerspec.versions import protocol_version

FORMAT = 1
"""The format of a campaign directory's files."""
CHUNK = 250
"""The most hands a chunk holds: the unit of work of a job, of progress and of resumption."""
CHUNKS_A_JOB = 16
"""The fewest chunks a job gets: the last one it plays is at most a sixteenth of its work."""
AHEAD = 2
"""Chunks handed to the worker processes at once, per job: enough to keep each busy."""


class CampaignError(ValueError):
    """The campaign cannot be run or merged as asked (the message says why)."""


@dataclass(frozen=True, slots=True)
class Campaign:
    """What to fuzz: the engine, game, profile, seed and number of hands, and which shard of
    them this run plays."""

    impl: str
    game: str
    profile: str
    seed: int
    hands: int
    shard: int = 1
    shards: int = 1
    limit: int = DEFAULT_LIMIT
    shrink: bool = True
    timeout: float = DEFAULT_TIMEOUT

    @property
    def span(self) -> tuple[int, int]:
        """The hands of this shard: ``[start, end)``."""
        return ((self.shard - 1) * self.hands // self.shards, self.shard * self.hands // self.shards)

    def chunk(self, jobs: int) -> int:
        """The hands of a chunk: at most ``CHUNK``, and at least ``CHUNKS_A_JOB`` chunks a job, so
        that the jobs finish close together."""
        start, end = self.span
        return max(1, min(CHUNK, -(-(end - start) // (CHUNKS_A_JOB * jobs))))

    def same_as(self, other: Campaign) -> bool:
        """Whether two shards belong to one campaign (the engine's command may differ by machine)."""
        keys = ("game", "profile", "seed", "hands", "limit", "shrink")
        return all(getattr(self, k) == getattr(other, k) for k in keys)

    def to_json(self) -> dict[str, Json]:
        return cast(dict[str, Json], asdict(self))

    @staticmethod
    def from_json(data: Json) -> Campaign:
        """A campaign as kept in ``campaign.json``, each value checked as the command line checks
        it (``CampaignError`` naming the field otherwise)."""
        if not isinstance(data, dict):
            raise CampaignError("not a campaign: 'campaign' is not an object")
        impl, game, profile = (_field(data, k, str) for k in ("impl", "game", "profile"))
        if game not in LIMITS:
            raise CampaignError(f"not a campaign: game {game!r} is none of {', '.join(sorted(LIMITS))}")
        try:
            if get_profile(profile).game != game:
                raise CampaignError(f"not a campaign: profile {profile!r} is not a profile of {game}")
        except KeyError:
            raise CampaignError(f"not a campaign: no profile {profile!r}") from None
        number = {k: _field(data, k, int, low) for k, low in (("seed", None), ("hands", 1), ("shards", 1),
                                                                ("limit", 1)) if k in data}
        shard = _field(data, "shard", int, 1) if "shard" in data else 1
        if shard > number.get("shards", 1):
            raise CampaignError(f"not a campaign: shard {shard} of {number.get('shards', 1)}")
        timeout = float(_field(data, "timeout", float, 0)) if "timeout" in data else DEFAULT_TIMEOUT
        if not 0 < timeout <= MAX_SECONDS:
            raise CampaignError(f"not a campaign: timeout {timeout!r} is not a number of seconds in "
                                f"(0, {MAX_SECONDS:g}]")
        shrink = _field(data, "shrink", bool) if "shrink" in data else True
        return Campaign(impl, game, profile, shard=shard, shrink=shrink, timeout=timeout, **number)


T = TypeVar("T", str, int, float, bool)


def _field(record: dict[str, Json], key: str, kind: type[T], low: float | None = None) -> T:
    """``record[key]``, of JSON type ``kind`` (an int for a float too, never a bool for a
    number), at least ``low``; ``CampaignError`` naming the field otherwise."""
    value = record.get(key)
    if kind is bool or isinstance(value, bool):
        ok = kind is bool and isinstance(value, bool)
    else:
        ok = isinstance(value, int | float) if kind is float else isinstance(value, kind)
    if not ok:
        raise CampaignError(f"{key!r} is {json.dumps(value)[:40]}, not of type {kind.__name__}")
    if low is not None and cast(float, value) < low:
        raise CampaignError(f"{key!r} is {value!r}, below {low:g}")
    if kind is float and not math.isfinite(cast(float, value)):
        raise CampaignError(f"{key!r} is {value!r}, not a finite number")
    return cast(T, float(cast(float, value)) if kind is float else value)


@dataclass(slots=True)
class State:
    """A campaign's progress: the ranges of hands done, hands and seconds spent, the findings."""

    done: list[tuple[int, int]] = field(default_factory=list)
    hands: int = 0
    seconds: float = 0.0
    findings: Findings = field(default_factory=Findings)

    def add(self, start: int, end: int) -> None:
        """Record hands ``[start, end)`` as done (adjacent ranges are joined)."""
        self.done = joined([*self.done, (start, end)])

    def todo(self, span: tuple[int, int], size: int) -> list[tuple[int, int]]:
        """The hands of ``span`` not yet done, in chunks of at most ``size``."""
        out: list[tuple[int, int]] = []
        at, end = span
        for s, e in [*joined(self.done), (end, end)]:
            for start in range(at, min(s, end), size):
                out.append((start, min(start + size, s, end)))
            at = max(at, e)
        return out

    def to_json(self) -> dict[str, Json]:
        return {"format": FORMAT, "done": [list(r) for r in self.done], "hands": self.hands,
                "seconds": round(self.seconds, 6), "findings": self.findings.to_json()}

    @staticmethod
    def from_json(data: Json, limit: int) -> State:
        """A state as kept in ``state.json``: ranges of whole numbers, counts of at least 0,
        findings whose cases are objects (``CampaignError`` naming the field otherwise)."""
        if not isinstance(data, dict):
            raise CampaignError("not a campaign's state: not an object")
        ranges, findings = data.get("done"), data.get("findings")
        if not isinstance(ranges, list) or not all(
                isinstance(r, list) and len(r) == 2 and all(isinstance(n, int) and not isinstance(n, bool)
                                                            and n >= 0 for n in r) and r[0] <= r[1]
                for r in ranges):
            raise CampaignError("not a campaign's state: 'done' is not a list of [start, end] hands")
        if not isinstance(findings, list) or not all(
                isinstance(f, dict) and isinstance(f.get("case"), dict | None) for f in findings):
            raise CampaignError("not a campaign's state: 'findings' is not a list of findings whose "
                                "cases are objects")
        try:
            done = [(int(cast(int, r[0])), int(cast(int, r[1]))) for r in cast(list[list[Json]], ranges)]
            return State(done,
                         _field(data, "hands", int, 0), _field(data, "seconds", float, 0),
                         Findings.from_json(findings, limit))
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise CampaignError(f"not a campaign's state: {exc!r}") from None


def joined(ranges: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted ranges with touching or overlapping ones joined."""
    out: list[tuple[int, int]] = []
    for start, end in sorted(ranges):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out


# The campaign directory.

def _write(path: Path, data: Json) -> None:
    """Write JSON atomically: a stopped run never leaves half a file."""
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


CAMPAIGN_BYTES = 64 << 20
"""The largest campaign file read (a state with its findings' cases)."""


def _read(path: Path) -> Json:
    """A campaign file's JSON: a regular file (a FIFO is never opened), UTF-8, nested no deeper
    than Python's reader takes; ``CampaignError`` naming the file otherwise."""
    try:
        return cast(Json, json.loads(read_regular(path, CAMPAIGN_BYTES).decode("utf-8")))
    except OSError as exc:
        raise CampaignError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise CampaignError(f"cannot read {path}: not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except ValueError as exc:
        raise CampaignError(f"cannot read {path}: not JSON ({exc})") from None
    except RecursionError:
        raise CampaignError(f"cannot read {path}: nested deeper than a campaign file can be") from None


def load(directory: Path) -> tuple[Campaign, dict[str, Json], State]:
    """A campaign directory's campaign, engine (name and version) and state."""
    head = cast(dict[str, Json], _read(directory / "campaign.json"))
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise CampaignError(f"{directory}/campaign.json is not a format-{FORMAT} campaign")
    try:
        campaign = Campaign.from_json(head.get("campaign"))
    except CampaignError as exc:
        raise CampaignError(f"{directory / 'campaign.json'}: {exc}") from None
    engine = head.get("engine") or {}
    if not isinstance(engine, dict):
        raise CampaignError(f"{directory / 'campaign.json'}: 'engine' is not an object")
    state_file = directory / "state.json"
    try:
        state = State.from_json(_read(state_file), campaign.limit) if state_file.exists() else State(
            findings=Findings(campaign.limit))
    except CampaignError as exc:
        raise CampaignError(f"{state_file}: {exc}") from None
    return campaign, engine, state


def save(directory: Path, campaign: Campaign, engine: dict[str, Json], state: State, seconds: float = 0.0,
         jobs: int = 1, processes: int = 0, cases: bool = True) -> dict[str, Json]:
    """Write the campaign, its state, its report and (if ``cases``) its cases into ``directory``;
    the report."""
    directory.mkdir(parents=True, exist_ok=True)
    _write(directory / "campaign.json", {"format": FORMAT, "campaign": campaign.to_json(), "engine": engine})
    _write(directory / "state.json", state.to_json())
    if cases:
        paths = fuzzing.write_cases(state.findings, campaign.game, directory / "findings")
        wanted = {p.name for p in paths}
        for old in (directory / "findings").glob("*.json"):
            if old.name not in wanted:
                old.unlink()
    out = report(campaign, engine, state, seconds, jobs, processes)
    _write(directory / "report.json", out)
    return out


def report(campaign: Campaign, engine: dict[str, Json], state: State, seconds: float = 0.0,
           jobs: int = 1, processes: int = 0) -> dict[str, Json]:
    """The campaign's report: what was played, how fast, and every class met."""
    start, end = campaign.span
    left = state.todo((start, end), end - start or 1)
    classes: list[Json] = []
    numbered = {k.key: case["id"] for k, case in fuzzing.numbered(state.findings, campaign.game)}
    for f in state.findings:
        classes.append({**f.klass.to_json(), "count": f.count, "first": f.first, "case_at": f.case_at,
                        "case": numbered.get(f.klass.key),
                        "file": f"findings/{f.klass.slug}.json" if f.case is not None else None})
    return {
        "format": FORMAT, "pokerspec": __version__, "protocol": protocol_version(),
        "campaign": campaign.to_json(), "engine": engine, "span": [start, end],
        "done": [list(r) for r in state.done], "complete": not left, "hands": state.hands,
        "seconds": round(state.seconds, 3),
        "rate": round(state.hands / state.seconds, 1) if state.seconds else 0.0,
        "wall_seconds": round(seconds, 3), "jobs": jobs, "processes": processes,
        "disagreements": state.findings.total,
        "classes": classes,
        "suspects": suspects(classes),
    }


def suspects(classes: Sequence[Json]) -> list[Json]:
    """The rules of the classes, the rule behind the most disagreeing hands first (then by ID):
    each hand counts once, under the class of its first divergence."""
    hands: dict[str, int] = {}
    for c in cast(Sequence[dict[str, Json]], classes):
        hands[str(c["rule"])] = hands.get(str(c["rule"]), 0) + int(cast(int, c["count"]))
    ranked = sorted(hands.items(), key=lambda kv: (-kv[1], kv[0]))
    return [{"rule": rule, "hands": count} for rule, count in ranked]


# Running: this process, or worker processes.

_worker: fuzzing.Fuzzer | None = None
_seed = 0
_failure: CampaignError | None = None


def _open(campaign: Campaign) -> tuple[Engine, Hello]:
    engine = open_engine(campaign.impl, campaign.timeout)
    try:
        return engine, handshake(engine)
    except BaseException:
        engine.close()
        raise


def _start_worker(campaign: Campaign) -> None:
    """A worker process: leave interrupts to the parent, which stops the pool; close the engine
    when stopped or done; die with the parent if it is killed outright (Linux). A worker that
    cannot open the engine reports it with its first chunk (a pool would restart a worker whose
    start fails, forever)."""
    global _worker, _seed, _failure
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    if sys.platform == "linux":
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    try:
        engine, hello = _open(campaign)
    except (ValueError, ImportError, OSError, EngineFailure) as exc:
        _failure = CampaignError(f"a worker cannot open the engine: {exc}")
        return
    multiprocessing.util.Finalize(engine, engine.close, exitpriority=10)
    _worker, _seed = fuzzing.Fuzzer(engine, campaign.game, campaign.profile, hello), campaign.seed


def _scan(chunk: tuple[int, int]) -> fuzzing.Scan:
    if _failure is not None:
        raise _failure
    assert _worker is not None
    return fuzzing.scan(_worker, _seed, *chunk)


def cluster_scan(campaign: Campaign, chunk: tuple[int, int]) -> fuzzing.Scan:
    """A task on a cluster worker: play ``chunk`` of ``campaign`` on an engine opened for it
    and closed when the task ends, so that no engine outlives its task on the worker (a start
    and a handshake a chunk of up to ``CHUNK`` hands)."""
    try:
        engine, hello = _open(campaign)
    except (ValueError, ImportError, OSError, EngineFailure) as exc:
        raise CampaignError(f"a worker cannot open the engine: {exc}") from None
    try:
        fuzzer = fuzzing.Fuzzer(engine, campaign.game, campaign.profile, hello)
        return fuzzing.scan(fuzzer, campaign.seed, *chunk)
    finally:
        engine.close()


class Stopped(Exception):
    """A signal stopped the run; ``code`` is the exit status it asks for."""

    def __init__(self, code: int) -> None:
        super().__init__(f"stopped by signal (exit {code})")
        self.code = code


class _Signals:
    """SIGINT and SIGTERM while a campaign runs: ``Stopped`` at once while this process plays
    hands itself, or, while workers play them, at the next check (an exception raised inside
    the pool's waiting could leave its locks held). A pool worker forked before it installs its
    own handlers (``_start_worker``) inherits this one: there a signal ends the worker at once, or
    a worker told to stop while the pool replaces a failed one would wait on the queue forever."""

    def __init__(self) -> None:
        self.received = 0
        self.at_once = True
        self.parent = os.getpid()

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self.parent:
            os._exit(128 + signum)
        self.received = signum
        if self.at_once:
            raise Stopped(128 + signum)

    def check(self) -> None:
        if self.received:
            raise Stopped(128 + self.received)

    @contextmanager
    def installed(self) -> Iterator[None]:
        previous = {s: signal.signal(s, self) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)


@dataclass(slots=True)
class Run:
    """A campaign being played; ``progress`` is called after every chunk."""

    campaign: Campaign
    directory: Path | None = None
    jobs: int = 1
    progress: Callable[[State, int], None] = lambda state, left: None
    state: State = field(default_factory=State)
    engine_about: dict[str, Json] = field(default_factory=dict)
    seconds: float = 0.0
    processes: set[int] = field(default_factory=set)
    """The processes that played this run's hands."""
    cluster: Cluster | None = None
    """Where the chunks are played, if not on this machine (then ``jobs`` is its thread count)."""
    console: Console | None = None
    """Where the cluster's progress bar is drawn."""
    _fuzzer: fuzzing.Fuzzer | None = None
    _engine: Engine | None = None

    def fuzzer(self) -> fuzzing.Fuzzer:
        """This process's own fuzzer (for ``--jobs 1``, and for shrinking), opened when first needed."""
        if self._fuzzer is None:
            self._engine, hello = _open(self.campaign)
            self._fuzzer = fuzzing.Fuzzer(self._engine, self.campaign.game, self.campaign.profile, hello)
        return self._fuzzer

    def play(self) -> dict[str, Json]:
        """Play what is left of the campaign; the report. The state is saved after every chunk."""
        began = time.perf_counter()
        todo = self.state.todo(self.campaign.span, self.campaign.chunk(self.jobs))
        signals = _Signals()
        try:
            with signals.installed():
                for scan in self._scans(todo, signals):
                    made = fuzzing.settle(self.fuzzer(), self.campaign.seed, scan, self.state.findings,
                                          self.campaign.shrink) if scan.met else []
                    self.processes.add(scan.pid)
                    self.state.hands += scan.end - scan.start
                    self.state.seconds += scan.seconds
                    self.state.add(scan.start, scan.end)
                    todo = todo[1:]
                    self.seconds = time.perf_counter() - began
                    self._save(cases=bool(made))
                    self.progress(self.state, len(todo))
                    signals.check()
        finally:
            self.seconds = time.perf_counter() - began
            if self._engine is not None:
                self._engine.close()
                self._engine = self._fuzzer = None
        return self._save()

    def _scans(self, todo: list[tuple[int, int]], signals: _Signals) -> Iterator[fuzzing.Scan]:
        """The chunks played, in order: here, by ``jobs`` worker processes, or on the cluster."""
        if self.cluster is not None:
            yield from self._on_cluster(self.cluster, todo)
            return
        if self.jobs <= 1:
            for start, end in todo:
                yield fuzzing.scan(self.fuzzer(), self.campaign.seed, start, end)
            return
        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                              else "spawn")
        signals.at_once = False
        pool = context.Pool(self.jobs, _start_worker, (self.campaign,))
        try:
            # A few chunks ahead of the one awaited, not all of them: the results waiting in the
            # pool's pipe stay few, so no worker is left blocked on a full pipe (holding the
            # pool's lock) when the pool is ended early, which hung ``terminate``.
            pending = deque(pool.apply_async(_scan, (chunk,)) for chunk in todo[:AHEAD * self.jobs])
            queued = len(pending)
            while pending:
                result = pending.popleft()
                while True:
                    signals.check()
                    try:
                        scan = result.get(timeout=0.2)
                    except multiprocessing.TimeoutError:
                        continue
                    break
                if queued < len(todo):
                    pending.append(pool.apply_async(_scan, (todo[queued],)))
                    queued += 1
                signals.at_once = True
                yield scan
                signals.at_once = False
            pool.close()
            pool.join()
        finally:
            signals.at_once = True
            pool.terminate()
            pool.join()

    def _on_cluster(self, cluster: Cluster, todo: list[tuple[int, int]]) -> Iterator[fuzzing.Scan]:
        """The chunks played on the cluster, in order: one finished before an earlier one waits
        for it, so that cases are shrunk and state saved exactly as on one machine."""
        ready: dict[tuple[int, int], fuzzing.Scan] = {}
        at = 0
        tasks = cluster.run(partial(cluster_scan, self.campaign), todo, label=f"fuzz-{self.campaign.game}",
                            unit="hands", units=lambda s: s.end - s.start, console=self.console)
        for chunk, scan in tasks:
            ready[chunk] = scan
            while at < len(todo) and todo[at] in ready:
                yield ready.pop(todo[at])
                at += 1

    def _save(self, cases: bool = True) -> dict[str, Json]:
        run = (self.campaign, self.engine_about, self.state, self.seconds, self.jobs, len(self.processes))
        return save(self.directory, *run, cases=cases) if self.directory is not None else report(*run)


def prepare(campaign: Campaign, directory: Path | None, jobs: int, cluster: Cluster | None = None) -> Run:
    """A run of ``campaign``, continuing the one kept in ``directory`` if there is one, on ``jobs``
    processes or on ``cluster``. Checks that the engine can play the game under the profile."""
    state = State(findings=Findings(campaign.limit))
    if directory is not None and (directory / "campaign.json").exists():
        kept, _, state = load(directory)
        if not (kept.same_as(campaign) and kept.span == campaign.span):
            raise CampaignError(f"{directory} holds another campaign ({_describe(kept)}); "
                                "use another directory or --resume it")
    engine, hello = _open(campaign)
    engine.close()
    if f"hand:{campaign.game}" not in hello.capabilities:
        raise CampaignError(f"{hello.name} does not support hand:{campaign.game}; nothing to fuzz")
    if hello.profiles and campaign.profile not in hello.profiles:
        raise CampaignError(f"{hello.name} does not support the profile {campaign.profile}")
    return Run(campaign, directory, cluster.threads if cluster is not None else max(1, jobs), state=state,
               engine_about={"name": hello.name, "version": hello.version}, cluster=cluster)


def _describe(c: Campaign) -> str:
    start, end = c.span
    shard = f", shard {c.shard}/{c.shards}" if c.shards > 1 else ""
    return f"{c.game} under {c.profile}, seed {c.seed}, hands {start}-{end - 1} of {c.hands}{shard}"


def merge(directories: Sequence[Path], out: Path) -> dict[str, Json]:
    """Combine the directories of shards of one campaign into ``out``: the hands done joined,
    counts added, each class once with the case of its earliest hand. Copies of one shard
    collapse; shards that overlap otherwise are refused."""
    if not directories:
        raise CampaignError("nothing to merge")
    loaded = [load(d) for d in directories]
    first, engine, _ = loaded[0]
    merged = State(findings=Findings(first.limit))
    seen: list[tuple[list[tuple[int, int]], State]] = []
    for directory, (campaign, about, state) in zip(directories, loaded, strict=True):
        if not campaign.same_as(first):
            raise CampaignError(f"{directory} is another campaign: {_describe(campaign)}, "
                                f"not {_describe(first)}")
        if (about.get("name"), about.get("version")) != (engine.get("name"), engine.get("version")):
            raise CampaignError(f"{directory} fuzzed {about.get('name')} {about.get('version')}, not "
                                f"{engine.get('name')} {engine.get('version')}")
        if any(done == state.done and s.findings.to_json() == state.findings.to_json() for done, s in seen):
            continue  # a copy of a shard already merged (the timings aside)
        overlap = [r for r in state.done for done, _ in seen for o in done if r[0] < o[1] and o[0] < r[1]]
        if overlap:
            start, end = overlap[0]
            raise CampaignError(f"{directory} overlaps another shard at hands {start}-{end - 1}")
        seen.append((state.done, state))
        merged.done = joined([*merged.done, *state.done])
        merged.hands += state.hands
        merged.seconds += state.seconds
        merged.findings.merge(state.findings)
    whole = replace(first, shard=1, shards=1)
    return save(out, whole, engine, merged, jobs=0)


# The command line.

def _shard(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"--shard {text!r}: expected I/N, like 2/4") from None
    if not 1 <= i <= n:
        raise argparse.ArgumentTypeError(f"--shard {text!r}: I must be between 1 and N")
    return i, n


MAX_HANDS = 10**8
"""The most hands a campaign may have: its chunks are planned before the first hand (a
hundred million hands are weeks on one core; a larger campaign is several)."""


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text}: must be at least 1")
    return value


def _hands(text: str) -> int:
    value = _positive(text)
    if value > MAX_HANDS:
        raise argparse.ArgumentTypeError(f"{text}: at most {MAX_HANDS:,} hands a campaign")
    return value


def _summary(console: Console, out: dict[str, Json], game: str, language: str = "en") -> int:
    """Print the report, ending with the suspected rules; the exit status (1 if anything disagreed)."""
    campaign = Campaign.from_json(out["campaign"])
    start, end = cast(list[int], out["span"])
    hands, seconds = int(cast(int, out["hands"])), float(cast(float, out["seconds"]))
    rate = hands / seconds if seconds else 0.0
    jobs = int(cast(int, out.get("jobs", 1)))
    where = f"hands {start}-{end - 1}"
    if campaign.shards > 1:
        where += f" (shard {campaign.shard}/{campaign.shards})"
    jobs_text = f", {jobs} job{'s' if jobs != 1 else ''}" if jobs else ""
    console.print(f"{hands} hands in {seconds:.2f}s ({rate:.0f} hands/s a process{jobs_text}), "
                  f"{game} under {campaign.profile}, seed {campaign.seed}, {where}", markup=False)
    if not out["complete"]:
        console.print("the campaign is not complete: continue it with --resume", markup=False)
    classes = cast(list[dict[str, Json]], out["classes"])
    if not classes:
        console.print("no disagreement with the reference", markup=False)
        return 0
    console.print(f"{out['disagreements']} hands disagreed with the reference, in {len(classes)} "
                  f"class{'es' if len(classes) != 1 else ''}:", markup=False)
    limit = Campaign.from_json(out["campaign"]).limit
    over = sum(1 for c in classes if c["case"]) >= limit
    for c in classes:
        case = f"case {c['case']}" if c["case"] else "no case (over the --limit)" if over else \
            "no case (the hand did not show the class again: does the engine always answer alike?)"
        console.print(f"  {c['key']}: {c['count']} hands, first hand {c['first']}, {case}", markup=False)
    console.print("SUSPECTS the rules of the classes, the one behind the most disagreeing hands first:",
                  markup=False)
    for place, suspect in enumerate(suspects(classes), start=1):
        rule = str(cast(dict[str, Json], suspect)["rule"])
        count = cast(dict[str, Json], suspect)["hands"]
        console.print(f"  {place}. {ruletext.named(rule, language)}: {count} hands", markup=False)
    return 1


def handle_fuzz(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    if args.cluster is None:
        return _fuzz(args, console, err, None)
    if args.jobs > 1:
        err.print("pokerspec conformance fuzz: --cluster plays the chunks on the cluster's workers; "
                  "drop --jobs", markup=False)
        return 2
    try:
        with session(args.cluster, console, "hands", args.quiet) as cluster:
            return _fuzz(args, console, err, cluster)
    except ClusterError as exc:
        err.print(f"pokerspec conformance fuzz: {exc}", markup=False)
        return 2


def _fuzz(args: argparse.Namespace, console: Console, err: Console, cluster: Cluster | None) -> int:
    """Fuzz as ``args`` ask, here or on ``cluster``; the exit status."""
    try:
        if args.resume is not None:
            if args.game or args.shard:
                raise CampaignError("--resume takes the campaign from its directory: drop --game and --shard")
            campaign, _, _ = load(args.resume)
            if args.impl is not None and args.impl != campaign.impl and not args.yes:
                raise CampaignError(f"{args.resume / 'campaign.json'} runs the engine "
                                    f"{printable(campaign.impl)!r}, not --impl {printable(args.impl)!r}: "
                                    "add --yes to run it")
            err.print(f"resuming {args.resume}: the engine is {printable(campaign.impl)}", markup=False)
            directory: Path | None = args.resume
        else:
            if not args.impl or not args.game:
                raise CampaignError("--impl and --game are needed (or --resume DIR)")
            profile = get_profile(args.profile) if args.profile else default_profile(args.game)
            if profile.game != args.game:
                raise CampaignError(f"profile {profile.name} is for {profile.game}, not {args.game}")
            shard, shards = args.shard or (1, 1)
            campaign = Campaign(args.impl, args.game, profile.name, args.seed, args.hands, shard, shards,
                                args.limit, not args.no_shrink, args.timeout)
            directory = args.dir
        dir_option = "--resume" if args.resume is not None else "--dir"
        check_outputs({dir_option: directory}, directories=True, kind=CAMPAIGN, impl=campaign.impl)
        check_outputs({"--out": args.out}, [d for d in (directory,) if d is not None], directories=True,
                      kind=CASES, impl=campaign.impl)
        run = prepare(campaign, directory, args.jobs, cluster)
    except (CampaignError, KeyError, ValueError, ImportError, OSError, EngineFailure) as exc:
        err.print(f"pokerspec conformance fuzz: {exc}", markup=False)
        return 2
    show = console.is_terminal and not args.quiet
    if cluster is not None:
        run.console, show = (None if args.quiet else console), False
    start, end = run.campaign.span
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True, disable=not show) as bar:
        task = bar.add_task(f"fuzz {run.campaign.game}", total=end - start, completed=run.state.hands)

        def advance(state: State, left: int) -> None:
            bar.update(task, completed=state.hands, description=f"fuzz {run.campaign.game}: "
                       f"{len(state.findings)} classes")

        run.progress = advance
        try:
            out = run.play()
        except Stopped as stop:
            out = run._save()
            _summary(console, out, run.campaign.game, args.lang)
            where = f"resume with: pokerspec conformance fuzz --resume {directory}" if directory else \
                "keep a campaign with --dir DIR to resume it"
            err.print(f"stopped; {where}", markup=False)
            return stop.code
        except (EngineFailure, CorpusError, CampaignError, ClusterError, OSError) as exc:
            err.print(f"pokerspec conformance fuzz: {exc}", markup=False)
            return 2
    code = _summary(console, out, run.campaign.game, args.lang)
    if args.out is not None:
        for path in fuzzing.write_cases(run.state.findings, run.campaign.game, args.out):
            console.print(f"written to {path}", markup=False)
    if directory is not None:
        console.print(f"campaign kept in {directory} (report.json, findings/)", markup=False)
    return code


def handle_merge(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    check_outputs({"--out": args.out}, args.dirs, directories=True, kind=CAMPAIGN)
    try:
        out = merge(args.dirs, args.out)
    except CampaignError as exc:
        err = Console(stderr=True, soft_wrap=True)
        err.print(f"pokerspec conformance merge: {printable(str(exc))}", markup=False)
        return 2
    code = _summary(console, out, str(cast(dict[str, Json], out["campaign"])["game"]))
    console.print(f"merged into {args.out} (report.json, findings/)", markup=False)
    return code


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``fuzz`` and ``merge`` to the ``pokerspec conformance`` command group."""
    p = subparsers.add_parser("fuzz", help="compare an engine with the reference on random legal hands",
                              description=f"{fuzzing.__doc__}\n{__doc__}",
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--impl", help="the engine: python:MODULE:NAME or python:FILE.py:NAME (NAME() returns the "
                   "engine object), exec:'COMMAND ARGS' (a program that speaks the protocol), or reference")
    p.add_argument("--game", choices=sorted(LIMITS))
    p.add_argument("--profile", help="rule profile (default: the game's default)")
    p.add_argument("--hands", type=_hands, default=200, help="random hands in the campaign (default 200)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=_positive, default=1, help="worker processes (default 1)")
    p.add_argument("--cluster", metavar="ADDRESS",
                   help="play the chunks on the Dask scheduler at ADDRESS, like tcp://host:8786 "
                   "(the cluster extra)")
    p.add_argument("--shard", type=_shard, metavar="I/N",
                   help="play only the I-th of N equal slices of the hands")
    p.add_argument("--dir", type=Path, metavar="DIR", help="keep the campaign in DIR, to resume or merge it")
    p.add_argument("--resume", type=Path, metavar="DIR",
                   help="continue the campaign kept in DIR (it prints the engine command it runs; an "
                   "--impl given must be that command)")
    p.add_argument("--yes", action="store_true",
                   help="with --resume: run the campaign's engine command even if --impl names another")
    p.add_argument("--out", type=Path, metavar="DIR", help="also write the shrunk cases here")
    p.add_argument("--limit", type=_positive, default=DEFAULT_LIMIT,
                   help=f"classes to shrink and keep a case for (default {DEFAULT_LIMIT}); more are counted")
    p.add_argument("--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT,
                   help="seconds per reply (exec engines)")
    p.add_argument("--no-shrink", action="store_true", help="write each class's first hand as found")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="the language of the rule titles: en (the default), ru, pt or fr")
    p.set_defaults(handler=handle_fuzz)
    summary(p)
    m = subparsers.add_parser("merge", help="combine the directories of a fuzz campaign's shards",
                              description="Combine the directories (--dir) of shards of one fuzz campaign "
                              "into one: hands joined, counts added, each class once with the case of its "
                              "earliest hand.")
    m.add_argument("dirs", nargs="+", type=Path, metavar="SHARD_DIR")
    m.add_argument("--out", type=Path, required=True, metavar="DIR", help="the merged campaign's directory")
    m.set_defaults(handler=handle_merge)
    summary(m)


def main(argv: list[str] | None = None) -> int:
    """``python -m pokerspec.fuzz.campaign fuzz|merge ...``."""
    parser = argparse.ArgumentParser(prog="pokerspec conformance")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
