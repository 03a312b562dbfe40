"""README and CONTRIBUTING as a newcomer uses them: every link leads to a file of the repository,
nothing cites a file that is not in it, the quick start's commands exist, every command the README
names runs as written (or, where it takes minutes or an engine of your own, as far as a test can
take it), and the command reference and the README's table of commands are what the CLI's parser
generates."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from pokerspec import clidoc

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("README.md", "CONTRIBUTING.md")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
CHAPTER_INDEXES = sorted((ROOT / "spec").glob("*/index*.md"))


@pytest.mark.parametrize("page", PAGES)
def test_every_link_leads_to_a_file_of_the_repository(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    links = [link for link in LINK.findall(text) if "://" not in link]
    assert links, "the page links to the guides"
    assert [link for link in links if not (ROOT / link).exists()] == []


@pytest.mark.parametrize("page", [*PAGES, *(str(p.relative_to(ROOT)) for p in CHAPTER_INDEXES)])
def test_no_citation_of_files_outside_the_repository(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    assert "RULES-NOTES" not in text and "rules notes" not in text.lower()


def test_the_readme_links_the_guides_and_says_where_translations_live() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in ("python3 tasks.py docs", "docs/getting-started.md", "docs/engine-authors/running.md",
                   "docs/maintainers/regression.md"):
        assert target in text
    assert ".ru.md" in text and ".pt.md" in text and ".fr.md" in text


def test_the_quick_start_is_two_commands_and_every_tasks_command_exists() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    assert re.findall(r"^python3 tasks\.py (\w+)", start, flags=re.MULTILINE) == ["conformance", "test"]
    quick = re.findall(r"^python3 tasks\.py (\w+)", text, flags=re.MULTILINE)
    assert quick == ["conformance", "test", "docs"]
    spec = importlib.util.spec_from_file_location("pokerspec_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    tasks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tasks)
    assert all(callable(getattr(tasks, name, None)) for name in quick)


def test_the_fuzz_example_runs_as_written() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = [c for c in re.findall(r"`(pokerspec conformance fuzz [^`]+)`", text) if "..." not in c]
    # as written, from the clone, with this interpreter standing for the clone's .venv/bin/python
    words = [w.replace(".venv/bin/python", shlex.quote(sys.executable)) for w in shlex.split(command)]
    done = subprocess.run([sys.executable, "-m", "pokerspec.cli", *words[1:]], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no disagreement with the reference" in done.stdout


def readme_commands() -> list[str]:
    """Every command the README shows: each line of its shell blocks and each code span that
    starts like a command."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = [line.split("  #")[0].strip() for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
             for line in block.splitlines()]
    prose = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    spans = [s for s in re.findall(r"`([^`\n]+)`", prose)
             if re.match(r"(pokerspec |\.venv/bin/|python3? |pipx |pip |npm |apt-get )", s)]
    return sorted({c for c in lines + spans if c})


HOW: dict[str, list[str] | str] = {
    # run as written, with the arguments after the command's own (none: exactly as written)
    "pokerspec --version": [],
    "pokerspec diff archie-barge archie-pagat": [],
    "pokerspec diff archie-barge --rev-a HEAD~1 --rev-b HEAD": ["--hands", "2"],
    "pokerspec where RULE_ID": "pokerspec where core.high.wheel",
    # every mutant takes minutes; one shows the command works, and the catalogue's tests check them all
    ".venv/bin/python -m pokerspec.regress.mutants": ["--mutant", "archie-barge-nines"],
    "python -m pokerspec.clidoc": ["--check"],
    ".venv/bin/python benchmarks/run.py": ["--help"],
    ".venv/bin/pip install -e '.[peers]'": "skip: installs packages",
    "python3 -m pip wheel --no-deps -w dist .": "skip: the CI command builds and installs the wheel",
    "pipx install dist/pokerspec-*.whl": "skip: installs packages",
    "cd ~/my-engine": "skip: your engine's directory",
    "pokerspec conformance run --impl exec:'./target/release/my-engine' --require hand:stud":
        "pokerspec conformance run --impl exec:'.venv/bin/python -m pokerspec.conformance.serve' "
        "--require hand:stud --game stud --quiet",
    "pokerspec conformance run --impl exec:'node engine.js' --vectors my-cases/":
        "pokerspec conformance run --impl exec:'.venv/bin/python -m pokerspec.conformance.serve' "
        "--vectors conformance/vectors/core/low --no-default-vectors --quiet",
    "pokerspec golden update": "pokerspec golden check",
    "apt-get install chromium": "skip: a system package",
    "npm ci": "skip: installs packages",
}
"""How the test runs each README command that is not a bare command name (run with ``--help``)
or a ``tasks.py`` task (checked to exist above): a list of arguments added to it, the command
standing in for it (an engine of your own becomes the served reference), or why it is not run."""


def _argv(command: str) -> list[str]:
    """A command as this interpreter runs it from the clone: ``pokerspec`` and the clone's
    ``.venv/bin/python`` are this interpreter with this checkout's package."""
    words = [w.replace(".venv/bin/python", sys.executable) for w in shlex.split(command)]
    if words[0] == "pokerspec":
        return [sys.executable, "-m", "pokerspec.cli", *words[1:]]
    if words[0] in ("python", "python3", sys.executable):
        return [sys.executable, *words[1:]]
    return words


def _plan(command: str) -> list[str] | None:
    how = HOW.get(command)
    if isinstance(how, str):
        return None if how.startswith("skip:") else _argv(how)
    if how is not None:
        return _argv(command) + how
    if re.fullmatch(r"pokerspec( [a-z]+)+", command):
        return [*_argv(command), "--help"]
    return None


def test_every_readme_command_is_run_or_said_why_not() -> None:
    """A command added to the README must be run by the test below or say here why it cannot be."""
    unplanned = [c for c in readme_commands() if not c.startswith("python3 tasks.py ")
                 and "conformance fuzz" not in c and c not in HOW and _plan(c) is None]
    assert unplanned == []
    assert [c for c in HOW if c not in readme_commands()] == [], "HOW names commands the README dropped"


@pytest.mark.parametrize("command", [c for c in readme_commands() if _plan(c) is not None])
def test_each_readme_command_runs(command: str) -> None:
    argv = _plan(command)
    assert argv is not None
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=600)
    allowed = (0, 1) if command.startswith("pokerspec diff") else (0,)  # diff: 1 means changes shown
    assert done.returncode in allowed, done.stdout[-2000:] + done.stderr[-2000:]


def test_the_command_reference_and_the_readme_table_are_generated_from_the_parser() -> None:
    """docs/engine-authors/commands.md and the README's table are what ``python -m pokerspec.clidoc``
    renders from the parser, and an edit of either shows as a difference."""
    for path, text in clidoc.rendered(ROOT).items():
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: python -m pokerspec.clidoc"
    page = clidoc.render_page(clidoc.build_parser())
    assert "## `pokerspec diff`" in page and "`--rev-a REV`" in page and "| `--hands HANDS` |" in page
    edited = (ROOT / "README.md").read_text(encoding="utf-8").replace("| grade an engine", "| run an engine")
    assert clidoc.with_table(edited, clidoc.render_table(clidoc.build_parser())) != edited
