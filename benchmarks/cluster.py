"""A fuzz campaign on a Dask cluster: ``python benchmarks/cluster.py [--quick] [--write-docs]``.

Starts a local scheduler with 1, 2 and 4 single-threaded worker processes in turn (the
``cluster`` extra), plays the same Archie campaign (the reference against itself, every check)
with ``--cluster`` on each, and measures:

- hands per second of wall clock with each number of workers;
- the cost of a hand on a worker (busy seconds per hand, from the workers' own timing);
- the overhead of a task: with one worker, the wall clock the hands do not explain, per task
  (scheduling, moving the task and its result, the client recording the chunk);
- the most tasks a second the scheduler and this client pass, with tasks that do nothing;
- the client's cost of recording one chunk in a campaign directory (``--dir``).

From these it projects the rate of 100 workers: each worker plays ``CHUNK``-hand chunks at the
measured cost of a hand plus the overhead of a task, and the client records the chunks one at
a time, so the rate is the smaller of the two. ``--write-docs`` replaces the section between the
``cluster benchmark`` markers of docs/performance.md with the results.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from distributed import LocalCluster
from pokerspec.cluster import Cluster
from pokerspec.fuzz.campaign import CHUNK, Campaign, State, prepare, save

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "performance.md"
BEGIN, END = "<!-- cluster benchmark: begin -->", "<!-- cluster benchmark: end -->"
WORKERS = (1, 2, 4)
PROJECTED = 100
NOTHING_TASKS = 400


def nothing(key: int) -> int:
    """A task that does nothing: what the cluster itself costs a task."""
    return key


@dataclass(frozen=True, slots=True)
class Scaling:
    """One campaign on ``workers`` workers."""

    workers: int
    hands: int
    tasks: int
    wall: float
    busy: float
    load: float

    @property
    def rate(self) -> float:
        return self.hands / self.wall


@contextmanager
def local(workers: int) -> Iterator[Cluster]:
    """A fresh local scheduler with ``workers`` single-threaded worker processes."""
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=":0", silence_logs=50) as scheduler, \
            Cluster.connect(str(scheduler.scheduler_address)) as cluster:
        yield cluster


def campaign(workers: int, hands: int) -> Scaling:
    """The campaign on a fresh local cluster of ``workers`` workers."""
    with local(workers) as cluster:
        run = prepare(Campaign("reference", "archie", "archie-barge", 2026, hands), None, 1, cluster)
        began = time.perf_counter()
        report = run.play()
        wall = time.perf_counter() - began
        assert report["classes"] == [] and report["complete"], report
        tally = cluster.workers.values()
        return Scaling(workers, hands, sum(t.tasks for t in tally), wall, sum(t.seconds for t in tally),
                       os.getloadavg()[0])


def task_rate(workers: int) -> float:
    """Tasks a second through the scheduler and the client's loop, the tasks doing nothing."""
    with local(workers) as cluster:
        began = time.perf_counter()
        done = dict(cluster.run(nothing, list(range(NOTHING_TASKS)), label="nothing"))
        assert len(done) == NOTHING_TASKS
        return NOTHING_TASKS / (time.perf_counter() - began)


def recording_cost(repeats: int = 50) -> float:
    """Seconds the client spends writing a campaign directory's state after a chunk."""
    kept = Campaign("reference", "archie", "archie-barge", 2026, 10**8)
    state = State()
    with tempfile.TemporaryDirectory() as tmp:
        began = time.perf_counter()
        for i in range(repeats):
            state.add(i * CHUNK, (i + 1) * CHUNK)
            save(Path(tmp), kept, {"name": "reference"}, state, cases=False)
        return (time.perf_counter() - began) / repeats


def markdown(runs: list[Scaling], tasks_per_second: float, record: float) -> str:
    one = runs[0]
    per_hand = one.busy / one.hands
    overhead = max(0.0, one.wall - one.busy) / one.tasks
    serial = 1 / tasks_per_second + record
    worker_rate = CHUNK / (CHUNK * per_hand + overhead)
    client_rate = CHUNK / serial
    projected = min(PROJECTED * worker_rate, client_rate)
    lines = [
        f"Measured by `python benchmarks/cluster.py --write-docs` on "
        f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC (Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} cores): Archie, the reference against "
        "itself, every check, on a local Dask scheduler with single-threaded worker processes; wall clock "
        "from the first chunk submitted to the report.",
        "",
        "| workers | hands | tasks | wall clock | hands/s | × 1 worker | load average |",
        "|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in runs:
        lines.append(f"| {r.workers} | {r.hands:,} | {r.tasks} | {r.wall:.1f} s | {r.rate:,.0f} | "
                     f"{r.rate / one.rate:.2f}× | {r.load:.1f} |")
    lines += [
        "",
        "| cost | measured |",
        "|---|---:|",
        f"| a hand on a worker (busy seconds per hand, 1 worker) | {per_hand * 1e3:.2f} ms |",
        f"| overhead of a task (1 worker: wall clock less busy time, per task) | {overhead * 1e3:.1f} ms |",
        f"| tasks a second through the scheduler and the client, tasks doing nothing | "
        f"{tasks_per_second:,.0f} |",
        f"| the client recording a chunk in `--dir` (state.json rewritten) | {record * 1e3:.2f} ms |",
        "",
        f"**Projection for {PROJECTED} workers**, in chunks of {CHUNK} hands (a campaign of at least "
        f"{16 * PROJECTED * CHUNK:,} hands): a worker plays {worker_rate:,.0f} hands/s ({CHUNK} hands at "
        f"{per_hand * 1e3:.2f} ms plus {overhead * 1e3:.1f} ms a task), {PROJECTED} workers "
        f"{PROJECTED * worker_rate:,.0f}; the client records {client_rate:,.0f} hands/s "
        f"({1e3 / tasks_per_second:.2f} ms a task through the scheduler plus {record * 1e3:.2f} ms to "
        f"record it), so {PROJECTED} workers would play about **{projected:,.0f} hands/s**"
        f" ({'the workers' if projected < client_rate else 'the client'} being the limit). "
        "The projection assumes one worker a core, cores as fast as this machine's, and no other "
        "load; a slower engine raises the cost of a hand, and with it how many workers one client "
        "can keep busy.",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a tenth of the hands (a smoke run)")
    parser.add_argument("--hands", type=int, default=6000, help="hands of each campaign (default 6000)")
    parser.add_argument("--write-docs", action="store_true", help=f"rewrite the section of {PAGE.name}")
    args = parser.parse_args(argv)
    hands = args.hands // (10 if args.quick else 1)
    runs = []
    for workers in WORKERS:
        runs.append(campaign(workers, hands))
        print(f"{workers} workers: {runs[-1].rate:,.0f} hands/s ({runs[-1].tasks} tasks, "
              f"{runs[-1].wall:.1f} s, load average {runs[-1].load:.1f})", flush=True)
    tasks_per_second = task_rate(2)
    record = recording_cost()
    text = markdown(runs, tasks_per_second, record)
    print(text)
    if args.write_docs:
        page = PAGE.read_text(encoding="utf-8")
        start, end = page.index(BEGIN) + len(BEGIN), page.index(END)
        PAGE.write_text(page[:start] + "\n" + text + page[end:], encoding="utf-8")
        print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
