"""``pokerspec compliance`` (docs/engines/): a fast subset of the real run, the refusal to
publish a partial run, and the committed results: every library has its page and badge, and
every deviation on them is a named bug or rule difference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import cast

import pytest
from pokerspec.cli import main
from pokerspec.compliance import run as compliance
from pokerspec.compliance.run import LIBRARIES, OUT, available, evidence, load_results
from pokerspec.core.game import Json

FAST = ("treys", "tilted", "pypokerengine", "poker-ts", "poker-evaluator")
"""A Python evaluator, two Python libraries with bugs, and two JavaScript libraries."""


def test_fast_compliance_run(tmp_path: Path) -> None:
    runnable = [n for n in FAST if available(compliance.ENGINES[n]) is None]
    if not runnable:
        pytest.skip("no library of the fast subset is installed")
    args = ["compliance", "--out", str(tmp_path), "--pairs", "300"]
    for name in runnable:
        args += ["--engine", name]
    assert main(args) == 0
    results = load_results(tmp_path)
    assert [r["engine"] for r in results] == [lib.name for lib in LIBRARIES if lib.name in runnable]
    for r in results:
        page = (tmp_path / f"{r['engine']}.md").read_text(encoding="utf-8")
        assert page.startswith(f"# {r['engine']}") and "## Ranking fuzz against the reference" in page
        assert (tmp_path / "badges" / f"{r['engine']}.svg").read_text().startswith("<svg")
        assert not [e.ident for e in evidence(r) if e.known is None], (
            f"{r['engine']}: unclassified deviations"
        )
    findings = (tmp_path / "findings.md").read_text(encoding="utf-8")
    if "tilted" in runnable:
        assert "tilted: Kickers (and the lower pair) are compared from the lowest card up" in findings
    if "poker-ts" in runnable:
        assert "poker-ts: A folded player's chips go into the wrong pot" in findings


def test_a_partial_run_never_overwrites_the_published_pages(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(compliance, "available", lambda lib: "not installed: pip install -e '.[peers]'")
    before = {p: p.read_bytes() for p in OUT.rglob("*") if p.is_file()}
    assert main(["compliance", "--engine", "treys"]) == 2
    assert "refusing to overwrite the published pages" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in OUT.rglob("*") if p.is_file()} == before


def test_unknown_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compliance", "--engine", "no-such-library"]) == 2
    assert "known: pokerkit" in capsys.readouterr().out


def test_published_results_cover_every_library_and_classify_every_deviation() -> None:
    results = {str(r["engine"]): r for r in load_results(OUT)}
    assert set(results) == {lib.name for lib in LIBRARIES}
    languages = {lib.language for lib in LIBRARIES}
    assert languages == {"Python", "JavaScript"} and len(LIBRARIES) >= 15
    for name, r in results.items():
        assert (OUT / f"{name}.md").exists() and (OUT / "badges" / f"{name}.svg").exists()
        loose = [e.ident for e in evidence(r) if e.known is None]
        assert not loose, f"{name}: deviations without a named bug or rule difference: {loose}"
        pairs = sum(int(cast(int, f["pairs"])) for f in cast(list[dict[str, Json]], r["fuzz"]))
        offered = [
            c
            for c in cast(list[str], r["capabilities"])
            if c in ("ranking:high", "ranking:low-a5", "ranking:low-8", "ranking:exposed")
        ]
        assert pairs >= 100_000 * len(offered) * 0.99 or not offered, f"{name}: {pairs} fuzz pairs"
    summary = (OUT / "compliance.md").read_text(encoding="utf-8")
    for name in results:
        assert f"[{name}]({name}.md)" in summary
    pokerkit = (OUT / "pokerkit.md").read_text(encoding="utf-8")
    assert "never reopen" not in pokerkit and "smaller by that bet" not in pokerkit
    assert "push_chips" in pokerkit and "stud-runout-0004" not in pokerkit
    json.dumps(results)
