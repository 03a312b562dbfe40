"""Work past one machine: a campaign's chunks as tasks on a Dask cluster (``--cluster ADDRESS``;
the optional ``cluster`` extra, ``pip install 'pokerspec[cluster]'``).

The commands that take ``--cluster`` cut their work into chunks whose results depend on nothing
but their key — a fuzz campaign's range of hands, one library of the compliance run, one ranking
of the ranking fuzz — and hand them to ``Cluster.run``. Dask schedules them on the workers and,
when a worker is lost, gives its tasks to another; each result comes back once, under its key,
so the result of a campaign is the one it has on one machine, and nothing is counted twice.

``distributed`` is imported here only, and only when ``--cluster`` is given: the core install
runs every command on one machine. Without the extra, ``--cluster`` is a usage error (exit 2)
naming it, and so is a scheduler that cannot be reached or has no worker, before any work.
"""

from __future__ import annotations

import socket
import time
import uuid
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Generic, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

if TYPE_CHECKING:
    from distributed import Client, Future

EXTRA = "pip install 'pokerspec[cluster]'"
CONNECT_SECONDS = 10.0
"""How long to wait for the scheduler to answer, and for it to have a worker."""

ANSWER_SECONDS = 10.0
"""How long a question to the cluster may take: the scheduler's list of workers, a finished
task's result (fetched from the worker that holds it), closing the connection."""
WORKERLESS_SECONDS = 60.0
"""How long a run waits, with tasks pending, while it hears from no worker: the scheduler has
none left, or none of them has sent it a heartbeat (a frozen or cut-off worker, which Dask keeps
for its ``worker-ttl``, five minutes by default)."""
POLL_SECONDS = 0.05
"""How often a run looks for finished tasks."""
LOOK_SECONDS = 1.0
"""How often, while no task finishes, a run asks the scheduler which workers it has heard from."""

K = TypeVar("K", bound=Hashable)
R = TypeVar("R")


class ClusterError(Exception):
    """The cluster cannot be used: the extra is missing, the scheduler cannot be reached, has no
    worker or stops answering, or a task was lost with every worker it was given (the message
    says which)."""


@dataclass(frozen=True, slots=True)
class Done(Generic[R]):
    """A task's result, with the worker that computed it and the seconds it took there."""

    worker: str
    seconds: float
    result: R


@dataclass(slots=True)
class Tally:
    """One worker's share of a run: tasks finished, seconds busy, units (hands, pairs) done."""

    tasks: int = 0
    seconds: float = 0.0
    units: int = 0


def _call(fn: Callable[[K], R], key: K) -> Done[R]:
    """Run on a worker: ``fn(key)``, timed, with the worker's address."""
    from distributed import get_worker

    began = time.perf_counter()
    result = fn(key)
    return Done(get_worker().address, time.perf_counter() - began, result)


HELLO_BYTES = 1 << 20
"""The most a scheduler's first message (its handshake, some tens of bytes) may say it holds."""


def _greeted(address: str, host: str, port: int, timeout: float) -> None:
    """Connect and read the length a Dask scheduler's greeting starts with (it greets at once),
    within ``timeout`` seconds: nothing listening, silence, or a length no handshake has (a huge
    frame header, HTTP, garbage read as one) is a ``ClusterError`` before Dask reads, and
    allocates, what it announces."""
    try:
        with socket.create_connection((host, port), timeout=timeout) as probe:
            head = b""
            while len(head) < 8:
                more = probe.recv(8 - len(head))
                if not more:
                    raise ClusterError(f"{address} closed the connection without a word: not a Dask "
                                       "scheduler")
                head += more
    except TimeoutError:
        raise ClusterError(f"{address} said nothing within {timeout:g} s: not a Dask scheduler") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    size = int.from_bytes(head, "little")
    if not 0 < size <= HELLO_BYTES:
        raise ClusterError(f"{address} is not a Dask scheduler: its first message would hold {size:,} bytes "
                           f"({head!r})")


def _identify(address: str, timeout: float) -> None:
    """Ask what listens at ``address`` who it is, over Dask's own protocol and within
    ``timeout`` seconds, before a ``Client`` is made: one made against a listener that never
    speaks waits without end, and one that fails against garbage, HTTP or a huge frame lingers
    and prints a traceback when collected. ``ClusterError`` unless a Dask scheduler answers."""
    import asyncio

    from distributed.comm.core import connect

    async def ask() -> object:
        comm = await connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    try:
        reply = asyncio.run(asyncio.wait_for(ask(), timeout))
    except TimeoutError:
        raise ClusterError(f"{address} did not answer as a Dask scheduler within {timeout:g} s") from None
    except Exception as exc:  # anything a listener that is no scheduler makes Dask's reader raise
        raise ClusterError(f"{address} is not a Dask scheduler: {type(exc).__name__}: {exc}"[:300]) from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise ClusterError(f"{address} is not a Dask scheduler: it answered {reply!r:.200}")


@dataclass(slots=True)
class Cluster:
    """A connection to a Dask scheduler, and what each of its workers did while connected."""

    address: str
    client: Client
    workers: dict[str, Tally] = field(default_factory=dict)

    @staticmethod
    def connect(address: str, timeout: float | None = None) -> Cluster:
        """Connect to the scheduler at ``address`` and wait (up to ``timeout`` seconds, by default
        ``CONNECT_SECONDS``) for a worker; ``ClusterError`` if the extra is missing, the scheduler
        does not answer or has no worker."""
        timeout = CONNECT_SECONDS if timeout is None else timeout
        try:
            from distributed import Client
            from distributed.comm.addressing import get_address_host_port
        except ImportError:
            raise ClusterError(f"--cluster needs the cluster extra: {EXTRA}") from None
        try:
            host, port = get_address_host_port(address)
        except ValueError as exc:
            raise ClusterError(f"--cluster {address}: not a scheduler's address like tcp://host:8786 "
                               f"({exc})") from None
        # A Client that fails to connect lingers until collected, then spends seconds closing:
        # see first that a Dask scheduler listens there.
        _greeted(address, host, port, timeout)
        _identify(address, timeout)
        try:
            client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        try:
            client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            with suppress(OSError, TimeoutError):
                client.close(timeout=timeout)
            raise ClusterError(f"the Dask scheduler at {address} has no worker: {exc}") from None
        return Cluster(address, client)

    def __enter__(self) -> Cluster:
        return self

    def __exit__(self, *exc: object) -> None:
        with suppress(OSError, TimeoutError):  # a scheduler that stopped answering: given up on
            self.client.close(timeout=ANSWER_SECONDS)

    def workers_now(self) -> dict[str, tuple[int, float]]:
        """Each worker the scheduler knows now: its threads, and when the scheduler last heard
        from it (on the scheduler's clock); ``ClusterError`` if the scheduler does not answer
        within ``ANSWER_SECONDS`` (Dask's own ``nthreads`` and ``scheduler_info`` wait without end)."""
        scheduler = self.client.scheduler
        try:
            if scheduler is None:  # the client was closed
                raise OSError
            about = self.client.sync(scheduler.identity, n_workers=-1, callback_timeout=ANSWER_SECONDS)
        except (OSError, TimeoutError):
            raise ClusterError(f"the Dask scheduler at {self.address} did not answer within "
                               f"{ANSWER_SECONDS:g} s") from None
        return {worker: (int(w["nthreads"]), float(w["last_seen"])) for worker, w in about["workers"].items()}

    @property
    def threads(self) -> int:
        """The worker threads the scheduler knows now (the tasks that can run at once)."""
        return max(1, sum(threads for threads, _ in self.workers_now().values()))

    def announce(self, console: Console) -> None:
        """Print the scheduler, its workers and the address of its dashboard."""
        workers = self.workers_now()
        console.print(f"Dask scheduler {self.address}: {len(workers)} workers, "
                      f"{max(1, sum(threads for threads, _ in workers.values()))} threads; "
                      f"dashboard {self.client.dashboard_link}", markup=False)

    def run(self, fn: Callable[[K], R], keys: Sequence[K], *, label: str, unit: str = "tasks",
            units: Callable[[R], int] = lambda result: 1,
            console: Console | None = None) -> Iterator[tuple[K, R]]:
        """Compute ``fn(key)`` for every key on the cluster; yield each ``(key, result)`` once, as
        tasks finish (not in key order).

        The contract: ``fn`` can be pickled and imported on the workers (a module-level function,
        or a ``functools.partial`` of one) and its result depends on nothing but its key, so a
        task Dask reruns after losing its worker gives the same result; keys are distinct. A
        result is yielded once however often its task ran, so a caller that adds results up
        counts each chunk once (``dict(cluster.run(...))`` is the results keyed by chunk).
        Nothing is retried by hand: Dask reruns a lost worker's tasks. A task that took every
        worker it was given down (``KilledWorker``) is a ``ClusterError``, and so is a
        ``RuntimeError`` (Dask raises one when the scheduler or a worker cannot unpickle a task:
        their environment differs); any other exception ``fn`` raises is raised here as it is.
        Stopping the iteration (an interrupt, or closing the generator) cancels the tasks still
        pending; so does a cluster left with no worker for ``WORKERLESS_SECONDS`` (a
        ``ClusterError``). With ``console``, a progress bar counts tasks and ``units(result)`` per second
        (hands/s); ``workers`` tallies each worker's tasks, seconds and units.
        """
        from distributed import KilledWorker

        token = uuid.uuid4().hex[:8]
        futures = {self.client.submit(_call, fn, key, key=f"{label}-{i}-{token}", pure=False): key
                   for i, key in enumerate(keys)}
        began, done = time.perf_counter(), 0
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), console=console,
                      transient=True, disable=console is None or not console.is_terminal) as bar:
            task = bar.add_task(f"{label} on {self.address}", total=len(keys), rate="")
            try:
                for future in self._finishing(futures, label):
                    try:
                        finished: Done[R] = future.result(timeout=ANSWER_SECONDS)
                    except TimeoutError:
                        raise ClusterError(f"{label}: the result of a finished task did not come from "
                                           f"its worker within {ANSWER_SECONDS:g} s") from None
                    except KilledWorker as exc:
                        raise ClusterError(f"{label}: a task was lost with every worker that ran it: "
                                           f"{exc}") from None
                    except RuntimeError as exc:  # the scheduler's or a worker's environment differs
                        raise ClusterError(f"{label}: {exc}") from None
                    tally = self.workers.setdefault(finished.worker, Tally())
                    counted = units(finished.result)
                    tally.tasks += 1
                    tally.seconds += finished.seconds
                    tally.units += counted
                    done += counted
                    rate = done / max(time.perf_counter() - began, 1e-9)
                    bar.update(task, advance=1, rate=f"{rate:,.0f} {unit}/s")
                    yield futures.pop(future), finished.result
            finally:
                self.client.cancel(list(futures))

    def _finishing(self, futures: Iterable[Future[Done[R]]], label: str) -> Iterator[Future[Done[R]]]:
        """``futures`` as they finish; ``ClusterError`` once the run has heard from no worker for
        ``WORKERLESS_SECONDS`` while some are pending: no task finished and the scheduler has no
        worker, or none whose heartbeat it received since the run last looked (the last worker was
        lost, frozen or cut off: Dask would wait for a new one without end, or for its
        ``worker-ttl``). Heartbeats are told apart by the scheduler's own times, so the clocks of
        the machines need not agree."""
        from distributed import as_completed

        waiting = as_completed(futures, loop=self.client.loop)
        heard_at, seen = time.monotonic(), self.workers_now()
        looked = heard_at
        while not waiting.is_empty():
            ready = waiting.next_batch(block=False)
            now = time.monotonic()
            if ready:
                heard_at = now
                yield from ready
                continue
            if now - looked >= LOOK_SECONDS:
                looked, last = now, seen
                seen = self.workers_now()
                if any(last.get(worker) != at for worker, at in seen.items()):
                    heard_at = now
                elif now - heard_at > WORKERLESS_SECONDS:
                    raise ClusterError(f"{label}: the scheduler at {self.address} has heard from no worker "
                                       f"for {WORKERLESS_SECONDS:g} s with tasks still to run: the last "
                                       "worker was lost")
            time.sleep(POLL_SECONDS)

    def summary(self, console: Console, unit: str) -> None:
        """Print each worker's tasks, busy seconds and units per busy second."""
        for worker, t in sorted(self.workers.items()):
            per = t.units / t.seconds if t.seconds else 0.0
            rate = f", {per:,.0f} {unit}/s" if per >= 10 else f", {per:.2f} {unit}/s" if per else ""
            console.print(f"  {worker}: {t.tasks} tasks, {t.units:,} {unit}, {t.seconds:.1f} s busy{rate}",
                          markup=False)


@contextmanager
def session(address: str, console: Console, unit: str, quiet: bool = False) -> Iterator[Cluster]:
    """A command's time on the cluster: connect (``ClusterError`` before any work if that
    fails), print the scheduler and its dashboard (unless ``quiet``), and after the work each
    worker's share in ``unit``."""
    with Cluster.connect(address) as cluster:
        if not quiet:
            cluster.announce(console)
        yield cluster
        console.print("by worker:", markup=False)
        cluster.summary(console, unit)
