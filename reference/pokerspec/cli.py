"""The ``pokerspec`` command: ``conformance run|list|fuzz|merge``, ``compliance``, ``diff``, ``golden``,
``perft``, ``phh``, ``profiles``, ``view``; ``pokerspec --version`` names the package, the suite and
the protocol.

Each subcommand lives with the code it drives and registers itself through
``register(subparsers, name)``; its handler returns the exit status. Every subcommand behaves the
same way, because ``run_cli`` runs them all:

- exit status 0: everything asked for passed; 1: a case failed (or, for ``diff`` and ``golden``,
  something changed); 2: the run could not be made — a handler raises ``UsageError`` with a
  message that names what is wrong and what exists; 130 on SIGINT, 143 on SIGTERM, 129 on
  SIGHUP (a closed terminal); signals after the first are ignored while the run winds down;
- no traceback, ever: an interrupt ends every engine process this program started, prints one
  line and exits 130 or 143 (a handler that has more to say — a partial report — says it and
  raises ``Interrupted`` marked as reported); a closed pipe (``| head``) ends quietly; an
  unexpected error prints one line (``POKERSPEC_DEBUG=1`` prints the traceback too).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import FrameType

from pokerspec.core.game import RulesError

COMMANDS = {
    "conformance": "pokerspec.conformance.cli",
    "compliance": "pokerspec.compliance.run",
    "diff": "pokerspec.regress.diff",
    "golden": "pokerspec.regress.golden",
    "perft": "pokerspec.perft.cli",
    "phh": "pokerspec.phh.cli",
    "profiles": "pokerspec.regress.listing",
    "where": "pokerspec.regress.where",
    "view": "pokerspec.viewer.page",
}
USAGE = 2
SIGPIPE_STATUS = 128 + 13


class UsageError(Exception):
    """The run cannot be made as asked (exit status 2); the message says why and what exists."""


class Interrupted(BaseException):
    """SIGINT, SIGTERM or SIGHUP arrived (exit status 128 + the signal's number). Like
    KeyboardInterrupt
    it is not an ``Exception``, so no handler swallows it by accident."""

    def __init__(self, signum: int, reported: bool = False) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.reported = reported

    @property
    def status(self) -> int:
        return 128 + self.signum


_Handler = Callable[[int, FrameType | None], object] | int | signal.Handlers | None


def _interrupt(signum: int, frame: FrameType | None) -> None:
    """The first signal interrupts; later ones are ignored, so the partial report it leads to
    is written whole (a second Ctrl-C a moment later does not lose it)."""
    for other in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(other, signal.SIG_IGN)
    raise Interrupted(signum)


MAX_SECONDS = 86_400.0
"""The longest timeout the command line takes: a day (longer overflows the system's timers)."""


def positive_seconds(text: str) -> float:
    """An argparse type: a number of seconds greater than zero, at most ``MAX_SECONDS``."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0 or value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r}: give a positive number of seconds, at most "
                                         f"{MAX_SECONDS:g} (a day)")
    return value


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def check_outputs(outputs: Mapping[str, Path | None], inputs: Iterable[Path] = (),
                  directories: bool = False) -> None:
    """Before any work: every output path (by its option) can be written — a regular file or a
    new one (``directories``: a directory or a new one) in a writable directory, never a device
    such as /dev/full — and none is an input (a case file, a shard, a PHH file, or inside an
    input directory) or another output (``UsageError`` otherwise; nothing of the user's is lost)."""
    given = [(option, path) for option, path in outputs.items() if path is not None]
    sources = list(inputs)
    for i, (option, path) in enumerate(given):
        if directories:
            if path.exists() and not path.is_dir():
                raise UsageError(f"{option} {path}: is not a directory")
        elif path.is_dir():
            raise UsageError(f"{option} {path}: is a directory; give a file name")
        elif path.exists() and not path.is_file():
            raise UsageError(f"{option} {path}: is not a regular file (a device or a pipe); give a file name")
        parent = path if directories and path.is_dir() else path.parent
        while directories and not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            raise UsageError(f"{option} {path}: cannot write there: no such directory {parent}")
        if not os.access(parent, os.W_OK | os.X_OK) or (path.is_file() and not os.access(path, os.W_OK)):
            raise UsageError(f"{option} {path}: cannot be written")
        for source in sources:
            if _same(path, source) or (source.is_dir() and not directories and _inside(path, source)
                                       and path.suffix == ".json"):
                raise UsageError(f"{option} {path}: is an input of this run ({source}); it would be "
                                 "overwritten — give another path")
            if directories and (_same(path, source) or _inside(source, path) or _inside(path, source)):
                raise UsageError(f"{option} {path}: overlaps the input {source}; give another directory")
        for other_option, other in given[:i]:
            if _same(path, other):
                raise UsageError(f"{option} {path}: is also the {other_option} path; give two paths")


def _inside(path: Path, directory: Path) -> bool:
    try:
        path.resolve().relative_to(directory.resolve())
    except (ValueError, OSError):
        return False
    return True


def replace_file(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same directory, renamed into
    place: an interrupted or failed write never leaves a half file (or destroys the old one)."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


class _Version(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the package, suite and protocol versions")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from pokerspec.versions import version_text

        print(version_text())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="pokerspec", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        importlib.import_module(module).register(sub, name)
    return parser


def _kill_engines() -> None:
    adapters = sys.modules.get("pokerspec.conformance.adapters")
    if adapters is not None:
        adapters.kill_engines()


def _quiet_stdout() -> None:
    """After a closed pipe: send what Python still wants to flush to /dev/null."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run_cli(build: Callable[[], argparse.ArgumentParser], argv: Sequence[str] | None) -> int:
    """Parse ``argv`` with the parser ``build`` makes and run the chosen handler, with the
    behaviour the module docstring promises."""
    handlers: dict[signal.Signals, _Handler] = {}
    try:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            handlers[signum] = signal.signal(signum, _interrupt)
    except ValueError:  # not the main thread: leave signals alone
        pass
    prog = "pokerspec"
    try:
        parser = build()
        prog = parser.prog
        args = parser.parse_args(argv)
        status: int = args.handler(args)
        return status
    except SystemExit as exc:  # argparse: --help, --version, or a usage error (status 2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else USAGE)
    except UsageError as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return USAGE
    except RulesError as exc:  # a profile's amounts break an invariant of its game
        _kill_engines()
        print(f"{prog}: configuration error: {exc}", file=sys.stderr)
        return USAGE
    except Interrupted as exc:
        _kill_engines()
        if not exc.reported:
            print(f"{prog}: interrupted by {exc}; stopped", file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:  # SIGINT before the handler was installed
        _kill_engines()
        print(f"{prog}: interrupted; stopped", file=sys.stderr)
        return 128 + int(signal.SIGINT)
    except BrokenPipeError:
        _quiet_stdout()
        return SIGPIPE_STATUS
    except Exception as exc:
        _kill_engines()
        if os.environ.get("POKERSPEC_DEBUG"):
            traceback.print_exc()
        print(f"{prog}: internal error: {type(exc).__name__}: {exc} (POKERSPEC_DEBUG=1 prints where; "
              "please report it)", file=sys.stderr)
        return USAGE
    finally:
        # After an interrupt the program is ending: a signal that follows (a second Ctrl-C) stays
        # ignored rather than killing it on its way out.
        interrupted = signal.getsignal(signal.SIGINT) is signal.SIG_IGN and bool(handlers)
        for signum, previous in handlers.items() if not interrupted else ():
            signal.signal(signum, previous)


def main(argv: Sequence[str] | None = None) -> int:
    return run_cli(build_parser, argv)


if __name__ == "__main__":
    # ``python -m pokerspec.cli``: run the imported module, so that its ``Interrupted`` is the
    # one the subcommands catch (this file, run as __main__, would define a second one).
    from pokerspec.cli import main as _main

    sys.exit(_main())
