"""One output policy for every command that writes (docs/engine-authors/running.md, "What the
runner guarantees"): ``conformance run --report/--junit``, ``fuzz --dir/--out/--resume``,
``merge --out``, ``perft --out``, ``golden update --dir``, ``phh export|import --out``,
``view --output``, ``compliance --out``.

Before any work, every path a command writes is refused (``UsageError``, exit 2) when it

- equals or lies inside an input: a case file or directory, a shard, a PHH file, the engine's
  own command files (``exec:python myengine.py`` reads ``myengine.py``), the suite installed
  inside the package, or another output;
- cannot be created: a file is tried (a temporary file made and removed in its directory), a
  directory is made — never guessed from permission bits; a device such as ``/dev/full`` is no
  output;
- would replace files the command did not write: an existing directory must be empty or of the
  command's kind (a fuzz campaign, a folder of the cases or PHH files the command writes).

Writes are atomic (a temporary file in the same directory renamed over the target, so a
symlink there is replaced, never followed), keep the umask's mode, and write characters the
encoding cannot hold as backslash escapes. Names taken from data (a trace's id) are
sanitised and confined to their directory. ``Stdout`` is standard output that a closed pipe
or a full device cannot break: the work and its files go on; ``summary`` gives it to every
command whose output only summarises its work.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from pokerspec.cli import UsageError


@dataclass(frozen=True)
class Kind:
    """What an existing output directory must hold to be the command's own: ``name`` says it
    in a message; ``ours`` tells each entry the command may write over."""

    name: str
    ours: Callable[[Path], bool]

    def check(self, option: str, directory: Path) -> None:
        strangers = sorted(p.name for p in directory.iterdir() if not self.ours(p))
        if strangers:
            shown = ", ".join(strangers[:5]) + (" ..." if len(strangers) > 5 else "")
            raise UsageError(f"{option} {directory}: not empty and not {self.name} (it holds {shown}); "
                             "nothing of yours is overwritten — give a new or empty directory")


def _regular(path: Path) -> bool:
    return path.is_file() and not path.is_symlink()


CAMPAIGN_FILES = frozenset({"campaign.json", "state.json", "report.json"})


def _campaign_entry(path: Path) -> bool:
    if path.name == "findings":
        return path.is_dir() and not path.is_symlink() and all(
            _regular(f) and f.suffix == ".json" for f in path.iterdir())
    return path.name in CAMPAIGN_FILES and _regular(path)


CAMPAIGN = Kind("a fuzz campaign (campaign.json, state.json, report.json, findings/)", _campaign_entry)
CASES = Kind("a folder of case files (*.json)", lambda p: _regular(p) and p.suffix == ".json")
PERFT_CASES = Kind("a folder of perft cases (<game>-perft-NNNN.json)",
                   lambda p: _regular(p) and re.fullmatch(r"[a-z]+-perft-\d{4}\.json", p.name) is not None)
PHH_FILES = Kind("a folder of PHH files (*.phh)", lambda p: _regular(p) and p.suffix == ".phh")


def package_data() -> list[Path]:
    """The package and the suite, golden traces, schemas and spec it carries (in a clone, the
    repository folders its data links to): never an output of a command."""
    from pokerspec.resources import GOLDEN, SCHEMAS, SPEC, VECTORS

    return [Path(__file__).resolve().parent, VECTORS, GOLDEN, SCHEMAS, SPEC]


def engine_files(impl: str | None) -> list[Path]:
    """The files an engine's ``--impl`` runs: every word of an ``exec:`` command that names an
    existing file, the file of ``python:path/file.py:Factory``."""
    if not impl:
        return []
    if impl.startswith("exec:"):
        try:
            words = shlex.split(impl[len("exec:"):])
        except ValueError:
            return []
    elif impl.startswith("python:"):
        words = [impl[len("python:"):].rsplit(":", 1)[0]]
    else:
        return []
    return [Path(w) for w in words if _is_file(Path(w))]


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:  # a word too long to be a file name (python -c 'code')
        return False


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def _inside(path: Path, directory: Path) -> bool:
    try:
        path.resolve().relative_to(directory.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def _try_file(option: str, path: Path) -> None:
    """Create and remove a temporary file next to ``path``: the directory takes files."""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".probe")
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot be written: {exc.strerror or exc}") from None
    os.close(handle)
    os.unlink(temporary)
    if path.is_file() and not os.access(path, os.W_OK):
        raise UsageError(f"{option} {path}: cannot be written (the file is read-only)")


def check_outputs(outputs: Mapping[str, Path | None], inputs: Iterable[Path] = (),
                  directories: bool = False, kind: Kind | None = None, impl: str | None = None,
                  suite: bool = False) -> None:
    """Before any work: each output (by its option) is a file (``directories``: a directory of
    ``kind``) that can be created, and is no input (``inputs``, the engine's files of ``impl``,
    the package's data unless ``suite``) nor another output; else ``UsageError``."""
    given = [(option, path) for option, path in outputs.items() if path is not None]
    sources = [*inputs, *engine_files(impl), *([] if suite else package_data())]
    for i, (option, path) in enumerate(given):
        for source in sources:
            if _same(path, source) or _inside(path, source) or (directories and _inside(source, path)):
                raise UsageError(f"{option} {path}: is or lies inside an input of this command ({source}); "
                                 "it would be overwritten — give another path")
        for other_option, other in given[:i]:
            if _same(path, other) or _inside(path, other) or _inside(other, path):
                raise UsageError(f"{option} {path}: overlaps the {other_option} path; give two paths")
        if directories:
            _check_directory(option, path, kind)
        else:
            if path.is_dir():
                raise UsageError(f"{option} {path}: is a directory; give a file name")
            if path.exists() and not path.is_file():
                raise UsageError(f"{option} {path}: is not a regular file (a device or a pipe); "
                                 "give a file name")
            if not path.parent.is_dir():
                raise UsageError(f"{option} {path}: cannot write there: no such directory {path.parent}")
            _try_file(option, path)


def _check_directory(option: str, path: Path, kind: Kind | None) -> None:
    if path.is_symlink():
        raise UsageError(f"{option} {path}: is a symbolic link; give the directory itself")
    if path.exists() and not path.is_dir():
        raise UsageError(f"{option} {path}: is not a directory")
    missing = [p for p in (path, *path.parents) if not p.exists()]
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"{option} {path}: cannot be created: {exc.strerror or exc}") from None
    try:
        if kind is not None and not missing:
            kind.check(option, path)
        _try_file(option, path / "probe")
    finally:
        for made in missing:  # tried, then taken back: the command makes it when it writes
            with contextlib.suppress(OSError):
                made.rmdir()


CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def printable(text: str) -> str:
    """``text`` as one line that a terminal shows as written: each control character (an escape
    sequence from an engine's name, a newline from a trace's id) as ``\\xNN``."""
    return CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def confined(directory: Path, name: str, suffix: str) -> Path:
    """``directory/<name><suffix>`` with ``name`` (taken from data) made a plain file name: no
    separator, no leading dot, no control character, at most 100 characters."""
    clean = SAFE_NAME.sub("_", name).lstrip(".")[:100] or "unnamed"
    path = directory / f"{clean}{suffix}"
    assert path.parent == directory
    return path


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file in the same directory (with the
    umask's mode), renamed over ``path`` — a failed write never leaves half a file, and a
    symlink at ``path`` is replaced, not followed. Unencodable characters become escapes."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(handle, 0o666 & ~umask)
        with os.fdopen(handle, "w", encoding="utf-8", errors="backslashreplace") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


class Stdout:
    """Standard output for a console: a closed pipe (``| head -1``) or a full device
    (``> /dev/full``) stops the printing, never the work; characters the terminal's encoding
    cannot hold are printed as escapes. It writes to ``stream`` (by default whatever
    ``sys.stdout`` is at the time). ``broken`` says whether output was lost."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.broken = False
        self._stream = stream

    @property
    def stream(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stdout

    def write(self, text: str) -> int:
        if not self.broken:
            stream = self.stream
            encoding = getattr(stream, "encoding", None) or "utf-8"
            try:
                stream.write(text.encode(encoding, "backslashreplace").decode(encoding))
            except (OSError, ValueError):
                self._lose()
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self.stream.flush()
            except (OSError, ValueError):
                self._lose()

    def _lose(self) -> None:
        self.broken = True
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), self.stream.fileno())

    def isatty(self) -> bool:
        return not self.broken and self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    @property
    def encoding(self) -> str:
        return getattr(self.stream, "encoding", None) or "utf-8"


SUMMARY = "stdout_is_summary"
"""The parser default (``summary(parser)``) naming when a command's standard output is only a
summary of its work — the work's product being files and the exit status."""


def summary(parser: argparse.ArgumentParser,
            when: Callable[[argparse.Namespace], bool] = lambda args: True) -> None:
    """Mark the command of ``parser`` as one whose standard output is a summary (``when`` the
    arguments say so: ``phh export`` with ``--out``): ``run_cli`` then runs it with
    ``sys.stdout`` a ``Stdout``, so a closed pipe or a full device costs the printing only;
    every file is written and the exit status is the work's. A command whose output is its
    product (a listing, ``diff``'s report, one exported hand) is left as it is: a closed pipe
    ends it quietly, a full device is the error ``cannot write``."""
    parser.set_defaults(**{SUMMARY: when})


@contextlib.contextmanager
def summarised(args: argparse.Namespace) -> Iterator[None]:
    """Run the command of ``args`` with a ``Stdout`` for ``sys.stdout`` if ``summary`` marked
    it (for these arguments), else as it is."""
    when = getattr(args, SUMMARY, None)
    if when is None or not when(args):
        yield
        return
    real = sys.stdout
    sys.stdout = Stdout(real)
    try:
        yield
    finally:
        sys.stdout = real
