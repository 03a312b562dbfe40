"""The mutation page tells the truth: it is generated from the recorded run, every mutant argued
equivalent is a mutant of the code as it is, and none of them was killed in the run
(docs/maintainers/mutation.md, conformance/mutation/measure.py)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

Load = Callable[[str], ModuleType]
"""The ``script`` fixture (conftest.py)."""
SCRIPTS = Path(__file__).resolve().parents[2] / "mutation"
ROOT = SCRIPTS.parents[1]


def test_the_page_is_generated_from_the_record(script: Load) -> None:
    measure = script("measure")
    assert measure.PAGE.read_text(encoding="utf-8") == measure.render(measure.read_record()), (
        "docs/maintainers/mutation.md differs from the record: "
        "run `python conformance/mutation/measure.py page`")


def test_no_mutant_the_run_killed_is_argued_equivalent(script: Load) -> None:
    measure = script("measure")
    _, equivalent = script("session").equivalences()
    killed = [f"reference/pokerspec/{e['module']}:core/{e['operator']}:{e['occurrence']}"
              for e in measure.read_record()["ran"] if e["outcome"] == "killed"]
    assert killed and not [k for k in killed if k in equivalent]


def test_the_record_ran_every_changed_mutant(script: Load) -> None:
    measure = script("measure")
    ran = {f"reference/pokerspec/{e['module']}:core/{e['operator']}:{e['occurrence']}"
           for e in measure.read_record()["ran"]}
    assert set(measure.changed_keys()) <= ran


@pytest.mark.parametrize(
    ("size", "seed", "since", "command"),
    [(100, 2026, [], "python3 tasks.py mutation --sample"),
     (3, 2026, [], "python conformance/mutation/measure.py run --size 3"),
     (100, 7, ["8abb3b30458fa8358878adf0210dcab57e100b6f"],
      "python conformance/mutation/measure.py run --seed 7 --lines-changed-since 8abb3b30458f")],
)
def test_the_record_names_the_command_that_was_run(
    script: Load, size: int, seed: int, since: list[str], command: str
) -> None:
    """A run with a sample size, seed or rewritten lines of its own is recorded as that command,
    never as the default task."""
    assert script("measure").command_of(size, seed, since) == command


@pytest.mark.parametrize(("hits", "n", "low", "high"), [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634),
                                                         (99, 100, 0.9455, 0.9982)])
def test_wilson_interval(script: Load, hits: int, n: int, low: float, high: float) -> None:
    """Known values of the 95% Wilson score interval."""
    got = script("measure").wilson(hits, n)
    assert got == pytest.approx((low, high), abs=1e-4)


@pytest.mark.slow
def test_every_argued_equivalent_mutant_is_a_mutant_of_the_code(script: Load, tmp_path: Path) -> None:
    """``cosmic-ray init`` enumerates the mutants without running them (about 10 s); each entry
    of equivalent.json must name one (module, operator, occurrence) with the line it quotes."""
    session = tmp_path / "now.sqlite"
    cosmic_ray = Path(sys.executable).parent / "cosmic-ray"
    subprocess.run([cosmic_ray, "init", SCRIPTS / "cosmic-ray.toml", session], cwd=ROOT, check=True)
    module = script("session")
    now = {m.key: m.line for m in module.mutants(session)}
    _, equivalent = module.equivalences()
    stale = [f"{key}: {eq.line!r} is now {now.get(key)!r}" for key, eq in equivalent.items()
             if now.get(key) != eq.line]
    assert not stale, "\n".join(stale)
