"""``pokerspec compliance`` (docs/engines/): a fast subset of the real run, the refusal to
publish a partial run, and the committed results: every library has its page and badge, and
every deviation on them is a named bug or rule difference."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import cast

import pytest
from pokerspec.cli import main
from pokerspec.compliance import run as compliance
from pokerspec.compliance.findings import BUG, KNOWN, upstream_name
from pokerspec.compliance.run import (
    CASE_ID,
    LIBRARIES,
    OUT,
    _history,
    available,
    evidence,
    findings_of,
    in_words,
    load_results,
    site_links,
    write_pages,
)
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.runner import Selection, plan
from pokerspec.core.game import Json
from pokerspec.traceability import is_rule_id

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


def test_keep_fuzz_grades_the_cases_again_and_keeps_the_stored_fuzz(tmp_path: Path) -> None:
    """``--keep-fuzz`` (a rerun after the cases changed) grades the suite and keeps a library's
    stored ranking fuzz made with the same release, pairs and seed; with other pairs it fuzzes."""
    if available(compliance.ENGINES["treys"]) is not None:
        pytest.skip("treys is not installed")
    export = tmp_path / "engines"
    shutil.copytree(OUT, export)
    stored = json.loads((OUT / "results" / "treys.json").read_text(encoding="utf-8"))
    assert main(["compliance", "--engine", "treys", "--keep-fuzz", "--out", str(export)]) == 0
    again = json.loads((export / "results" / "treys.json").read_text(encoding="utf-8"))
    assert again["fuzz"] == stored["fuzz"] and again["seed"] == 1 and again["counts"]
    assert main(["compliance", "--engine", "treys", "--keep-fuzz", "--pairs", "300",
                 "--out", str(export)]) == 0
    again = json.loads((export / "results" / "treys.json").read_text(encoding="utf-8"))
    assert {f["pairs"] for f in again["fuzz"]} == {300, 60}


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


def test_published_results_grade_the_suite_as_it_is() -> None:
    """Every library's stored results graded exactly the case runs the suite plans now (the
    case IDs of the deviations all exist): a new or removed case makes the committed pages stale,
    and this fails until ``pokerspec compliance --keep-fuzz`` grades them again."""
    cases = load_cases([VECTORS])[0]
    runs = len(plan(cases, Selection()))
    ids = {c.id for c in cases}
    for r in load_results(OUT):
        graded = sum(cast(dict[str, int], r["counts"]).values())
        assert graded == runs, (f"{r['engine']}: {graded} case runs graded, the suite has {runs}: "
                                "run pokerspec compliance --keep-fuzz")
        gone = [d["case"] for d in cast(list[dict[str, str]], r["deviations"]) if d["case"] not in ids]
        assert not gone, f"{r['engine']}: deviations of cases no longer in the suite: {gone}"


def test_each_deviation_matches_exactly_one_finding() -> None:
    """No deviation is filed under one finding while another would fit it too (a raise at the
    wrong amount was once filed under PokerKit's reopen finding, whose pattern matched any missing
    raise), and each finding has an anchor of its own."""
    keys = [k.key for k in KNOWN]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
    for r in load_results(OUT):
        for e in evidence(r):
            fits = [k.title for k in KNOWN if k.engine == e.engine and k.matches(e.text)]
            assert len(fits) == 1, f"{e.engine} {e.ident}: {fits}"
    kit = {e.ident: e.known for r in load_results(OUT) if r["engine"] == "pokerkit" for e in evidence(r)}
    amount = next(k for k in KNOWN if k.check.script == "pokerkit_short_allin_raise_amount.py")
    assert kit["stud-allin-0701 [stud-fl-training]"] is amount


def test_the_published_pages_are_rendered_from_the_results_and_the_findings(tmp_path: Path) -> None:
    """docs/engines/ is exactly what the stored results and the findings (with their checks'
    scripts and output) render: a finding's sentence cannot change on the page alone."""
    shutil.copytree(OUT / "results", tmp_path / "results")
    write_pages(tmp_path)
    for page in sorted(tmp_path.rglob("*.md")) + sorted(tmp_path.rglob("*.svg")):
        rel = page.relative_to(tmp_path)
        published = (OUT / rel).read_text(encoding="utf-8")
        assert page.read_text(encoding="utf-8") == published, f"docs/engines/{rel} is stale: rerun compliance"
    rendered = {p.relative_to(tmp_path) for p in tmp_path.rglob("*.md")}
    extra = {p.relative_to(OUT) for p in OUT.rglob("*.md")} - rendered
    assert not extra, f"pages no finding or result renders: {sorted(map(str, extra))}"


RULE_MENTION = re.compile(r"\b[a-z]+(?:\.[a-z0-9-]+){2,}\b")


def test_every_rule_and_case_id_on_the_engine_pages_is_a_link() -> None:
    """Each mention of a rule ID or a case ID on docs/engines/*.md (outside code blocks and link
    targets) sits inside a link to its rule or its case page."""
    links = site_links()
    counted = 0
    for page in sorted(OUT.glob("*.md")):
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets are not mentions
        linked = "".join(re.findall(r"\[([^\]]*)\]", text))
        bare = re.sub(r"\[[^\]]*\]", "", text)
        rules = [r for r in RULE_MENTION.findall(bare) if is_rule_id(r) and r in links.rules]
        cases = re.findall(rf"\b{CASE_ID}\b", bare)
        assert not rules and not cases, f"{page.name}: not linked: {sorted(set(rules + cases))[:10]}"
        counted += len([r for r in RULE_MENTION.findall(linked) if is_rule_id(r)])
        counted += len(re.findall(rf"\b{CASE_ID}\b", linked))
    assert counted > 300, f"only {counted} linked rule and case IDs on the engine pages"


def test_every_rule_and_case_link_points_at_an_anchor_that_exists() -> None:
    links = site_links()
    for page in sorted(OUT.glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for target, anchor in re.findall(r"\]\(\.\./((?:spec|reference/cases)/[^)#]+)#([^)]+)\)", text):
            if target.startswith("spec/"):
                assert links.rules.get(anchor) == target, (page.name, target, anchor)
            else:
                assert links.cases.get(anchor) == target, (page.name, target, anchor)


def test_every_bug_has_a_report_for_its_tracker_and_every_finding_a_real_rule() -> None:
    links = site_links()
    for known in KNOWN:
        assert known.rule in links.rules, f"{known.key}: no rule {known.rule} in spec/"
        assert known.check.path.exists(), known.check.path
        if known.kind == BUG:
            report = (OUT / "upstream" / upstream_name(known)).read_text(encoding="utf-8")
            assert known.fix and known.check.source() in report and known.check.prints in report
            assert "## Expected" in report and known.source in report


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("/order[0]: missing ['1'], unexpected ['2']",
         "In place 1 of the ranking (best first), the rule expects hand 1 there, which the library left "
         "out; the library answered hand 2, which the rule does not allow there."),
        ("/shares/p2: expected 4, got 3",
         "In p2's share of the pot, the rule expects 4; the library answered 3."),
        ("legal /actions: missing [], unexpected ['p2 mu']",
         "In the legal actions, the library answered p2 mu, which the rule does not allow there."),
        ("observation /phase: expected 'over', got 'showdown'",
         "In the phase of the hand, the rule expects 'over'; the library answered 'showdown'."),
        ("no reply within 30 s", "no reply within 30 s"),
    ],
)
def test_evidence_is_said_in_words(message: str, words: str) -> None:
    assert in_words(message) == words


def test_which_release_introduced_or_fixed_a_finding() -> None:
    versions = ["1.0", "1.1", "1.2"]
    assert _history(versions, ["yes", "yes", "yes"]) == "in every release graded (1.0 to 1.2)."
    before = "introduced in 1.1 (its check prints otherwise before)."
    assert _history(versions, ["no", "yes", "yes"]) == before
    assert _history(versions, ["check fails to run", "yes", "yes"]) == before
    assert _history(versions, ["yes", "yes", "no"]) == (
        "fixed (or changed) in 1.2 (its check prints otherwise from there)."
    )
    # A release with no output of the check (a finding added after it was graded) is no evidence
    # either way: the finding checked "yes" at 1.2 alone was not introduced there.
    assert _history(versions, ["not checked", "not checked", "yes"]) == (
        "in every release graded (1.2 to 1.2) (not checked at 1.0, 1.1)."
    )
    assert _history(versions, ["no", "not checked", "yes"]) == (
        "introduced in 1.2 (its check prints otherwise before) (not checked at 1.1)."
    )


def test_an_upstream_report_names_the_releases_that_show_it() -> None:
    """The report for a library's tracker says which graded releases show the bug, and which print
    otherwise; without release records it names the release the check was written against."""
    known = next(k for k in KNOWN if k.kind == BUG and k.engine == "pokerkit")
    shows, differs = {known.check.script: known.check.prints}, {known.check.script: "something else\n"}
    releases: list[dict[str, Json]] = [{"version": "0.1", "checks": differs},
                                       {"version": "0.2", "checks": shows},
                                       {"version": "0.3"}, {"version": "0.4", "checks": shows}]
    first = compliance.render_upstream(known, site_links(), releases).splitlines()[2]
    assert first == "Seen in pokerkit 0.2, 0.4. Not in 0.1 (its check prints otherwise there)."
    alone = compliance.render_upstream(known, site_links()).splitlines()[2]
    assert alone == f"Seen in pokerkit {known.check.version}."


def test_an_upstream_report_cites_its_rule_by_id_and_links_only_a_configured_site() -> None:
    """Without a site URL the report links the rule's spec page and the library's page by their
    paths from docs/engines/upstream/; with one (``--site-url``), under that address alone."""
    known = next(k for k in KNOWN if k.kind == BUG and k.rule == "core.chips.split")
    relative = compliance.render_upstream(known, site_links())
    assert "(rule [core.chips.split](../../spec/core/06-chips.md#core.chips.split) of" in relative
    assert f"Found by [pokerspec](../{known.engine}.md)" in relative
    published = compliance.render_upstream(known, site_links(), site="https://example.org/ps")
    assert "[core.chips.split](https://example.org/ps/spec/core/06-chips/#core.chips.split)" in published
    assert f"(https://example.org/ps/engines/{known.engine}/)" in published


def test_rendering_the_pages_again_changes_nothing_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``compliance --pages`` over pages it already rendered rewrites no file and says no page
    changed; after a page is edited, it names that page alone."""
    shutil.copytree(OUT / "results", tmp_path / "results")
    assert main(["compliance", "--pages", "--out", str(tmp_path)]) == 0
    assert "no page changed" not in capsys.readouterr().out
    stamps = {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.md")}
    assert main(["compliance", "--pages", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip().endswith("no page changed")
    assert {p: p.stat().st_mtime_ns for p in tmp_path.rglob("*.md")} == stamps
    (tmp_path / "findings.md").write_text("edited\n", encoding="utf-8")
    assert main(["compliance", "--pages", "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip().endswith("1 changed (findings.md)")


def test_every_stored_release_ran_every_finding_check() -> None:
    """Each release record that was installed holds the output (or the failure) of every check of
    its library's findings, so no table cell reads "not checked" where the check can run: a finding
    added later is checked against the stored releases with `pokerspec compliance --engine NAME
    --version V`."""
    for stored in sorted((OUT / "results" / "releases").glob("*.json")):
        record = json.loads(stored.read_text(encoding="utf-8"))
        if str(record.get("error", "")).startswith("cannot install"):
            continue
        scripts = [k.check.script for k in findings_of(record["engine"])]
        missing = [script for script in scripts if script not in record["checks"]]
        assert not missing, f"{stored.name}: no output of {missing}: rerun {record['command']}"


def test_a_stored_release_makes_the_release_table(tmp_path: Path) -> None:
    """A release run stored under results/releases/ (here one the adapter could not drive, whose
    check printed something else) shows in the library's table beside the pinned release."""
    shutil.copytree(OUT / "results", tmp_path / "results", ignore=shutil.ignore_patterns("releases"))
    (tmp_path / "results" / "releases").mkdir()
    known = next(k for k in KNOWN if k.engine == "tilted")
    stored = {"engine": "tilted", "version": "0.0.9", "error": "ImportError: no get_combinations",
              "checks": {known.check.script: "something else\n"},
              "command": "pokerspec compliance --engine tilted --version 0.0.9 --pairs 10000"}
    (tmp_path / "results" / "releases" / "tilted-0.0.9.json").write_text(json.dumps(stored))
    write_pages(tmp_path)
    page = (tmp_path / "tilted.md").read_text(encoding="utf-8")
    table = page[page.index("## Across releases"):page.index("## By rule")]
    assert "| | 0.0.9 | 0.1.4 (pinned) |" in table and "the adapter cannot run it" in table
    assert f"{known.title}: introduced in 0.1.4 (its check prints otherwise before)." in table
    assert "ImportError: no get_combinations" in table


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--version", "1.0"], "--version needs exactly one --engine NAME"),
        (["--engine", "tilted", "--version", "1.0; rm"], "expected a release number"),
    ],
)
def test_version_usage_errors(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compliance", *args]) == 2
    assert said in capsys.readouterr().out


def test_a_finding_s_check_still_differs_from_the_reference() -> None:
    """A check that can play its situation on the reference (``Check.reference``) states what the
    library answers and what the rules answer now, and they differ: a rule change that makes the
    finding false (the odd chip to the lowest seat, as PokerKit gives it) fails here."""
    checked = [k for k in KNOWN if k.check.reference is not None]
    assert checked, "the odd-chip finding plays its hand on the reference"
    for known in checked:
        assert known.check.reference is not None
        assert known.check.reference() != known.check.prints, (
            f"{known.key}: the reference now answers as {known.engine} does; the finding is false")
