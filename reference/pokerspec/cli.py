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
  unexpected error prints one line (``POKERSPEC_DEBUG=1`` prints the traceback too);
- a command whose output only summarises its work (``pokerspec.outputs.summary``) does that
  work whatever becomes of its output: a closed pipe or a full device costs no file, and its
  exit status is the work's.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import importlib
import os
import signal
import sys
import traceback
from collections.abc import Callable, Iterator, Sequence
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
    "rule": "pokerspec.ruletext",
    "where": "pokerspec.regress.where",
    "coverage": "pokerspec.regress.coverage",
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




class _Version(argparse.Action):
    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print the package, suite and protocol versions")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        from pokerspec.versions import version_text

        print(version_text())
        parser.exit()


USER_HELP = {
    "": "Test a poker engine against the rules spec of three games (Archie, Auction, Seven-card stud) "
        "and their shared rules, read the rules, and keep the suite's baselines. Exit status: 0 when "
        "everything asked for passed, 1 when something failed or changed, 2 when the command could not "
        "run as asked (the message says why), 130 or 143 when interrupted.",
    "conformance": "Grade an engine on the conformance cases (run), list the cases (list), or compare "
                   "it hand by hand with the reference on random hands (fuzz, merge).",
    "conformance run": "Grade an engine on every selected case. A case runs once per profile it lists "
                       "(a core case once), so a run counts case runs, not cases. Each failure names "
                       "the rule it breaks; the run ends with the suspected rules, ranked.",
    "conformance list": "List the selected cases: ID, game, kind, level, profiles and rules; bad case "
                        "files are listed too, with the field that is wrong.",
    "conformance fuzz": "Play random legal hands on the engine and on the reference and report every "
                        "kind of disagreement once, with the rule it concerns and a small case that "
                        "shows it; ends with the suspected rules, ranked. Exit status 1 if anything "
                        "disagreed.",
    "conformance merge": "Merge the directories of the shards of one fuzz campaign into one.",
    "golden": "Check or update the golden traces: the reference's play of every case and of a fixed set "
              "of random hands, kept as regression baselines. check fails when any trace changed.",
    "perft": "Count every line of play from the standard positions on an engine and compare the counts "
             "with the reference's; a difference is divided down to the first position where the two "
             "differ and written as a case naming the rule there.",
    "phh": "Replay, export and import hand histories in the Poker Hand History (PHH) format.",
    "phh replay": "Replay seven-card stud PHH records on the reference and compare the stacks they end "
                  "with to the recorded ones.",
    "phh export": "Write cases, or the traces of random hands, as PHH records.",
    "phh import": "Turn seven-card stud PHH records into conformance cases.",
    "diff": "Show which cases and random hands play out differently under two profiles or two "
            "revisions of the rules.",
    "where": "List every place a rule lives: its text in each language, the parameters it reads, the "
             "reference code, the cases, the golden traces, the mutants; from a clone also the "
             "JavaScript engine, the tests and the site pages.",
    "view": "Write a case as a single HTML page in the hand viewer.",
    "profiles": "List the rule profiles of each game, the default first, and the rules each one changes.",
    "rule": "Print the text of one rule of the spec, the rulings it contains with the question each "
            "answers, and the conformance cases that pin it, from the copy the package carries.",
    "coverage": "For every rule of the spec: the cases and perft positions that reach it, its "
                "misreadings (plausible wrong ways to implement it) and whether the cases or the "
                "published perft tables catch each, and its status: pinned, waived (with the reason), "
                "reached only or unreached.",
    "compliance": "Grade the third-party poker libraries through their adapters and write the results "
                  "pages.",
}
"""The description of each command, by its words after ``pokerspec``; the modules' docstrings are
for the code's readers."""


def _subparsers(parser: argparse.ArgumentParser, path: str = ""
                ) -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _subparsers(sub, f"{path} {name}".strip())


def _for_users(parser: argparse.ArgumentParser) -> None:
    """Every command's help in plain sentences: its description from ``USER_HELP``, each
    repeatable option marked so, each ``--profile`` listing the profiles of the games it takes."""
    from pokerspec.profiles import all_profiles

    for path, sub in _subparsers(parser):
        if path in USER_HELP:
            sub.description = USER_HELP[path]
            sub.formatter_class = argparse.HelpFormatter
        for action in sub._actions:
            text = action.help or ""
            if isinstance(action, argparse._AppendAction | argparse._ExtendAction) and "repeat" not in text:
                action.help = f"{text} (repeatable)" if text else "repeatable"
            if "--profile" in action.option_strings and action.choices is None and "profiles:" not in text:
                action.help = f"{action.help or 'a profile'}; profiles: {', '.join(sorted(all_profiles()))}"


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``only`` (a command's name), only that command's module is imported
    and registered, which is all that parsing its arguments needs and saves each run the import
    of every other command's code."""
    parser = argparse.ArgumentParser(prog="pokerspec", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        if only is None or name == only:
            importlib.import_module(module).register(sub, name)
    _for_users(parser)
    return parser


def _command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names, if it names a known one first (the top-level options take no
    value, so the first word that is not an option is the command)."""
    word = next((a for a in argv if not a.startswith("-")), None)
    return word if word in COMMANDS else None


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
        from pokerspec.outputs import summarised

        with summarised(args):  # a command whose output is a summary: printing can fail, not the work
            status: int = args.handler(args)
            sys.stdout.flush()  # here, so that a full device is this command's error, not the interpreter's
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
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EIO):
            _quiet_stdout()  # a full or failing device (stdout on /dev/full): nothing more to print there
            print(f"{prog}: cannot write: {exc.strerror}", file=sys.stderr)
            return USAGE
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
    only = _command(sys.argv[1:] if argv is None else argv)
    return run_cli(lambda: build_parser(only), argv)


if __name__ == "__main__":
    # ``python -m pokerspec.cli``: run the imported module, so that its ``Interrupted`` is the
    # one the subcommands catch (this file, run as __main__, would define a second one).
    from pokerspec.cli import main as _main

    sys.exit(_main())
