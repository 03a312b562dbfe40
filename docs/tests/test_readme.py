"""README and CONTRIBUTING as a newcomer uses them: every link leads to a file of the repository,
nothing cites a file that is not in it, the quick start's commands exist, and the fuzz example
runs as written."""

from __future__ import annotations

import importlib.util
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

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
