"""Every writing command under the one output policy (pokerspec.outputs): perft, fuzz campaigns,
merge, golden, PHH export and import, and run's reports. A path that is an input, cannot be
created or holds files the command did not write is refused before any work (exit 2, nothing
changed); names from data stay inside their directory; writes replace symlinks, never follow
them; a closed or full standard output never costs a report."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from chaoskit import FIXTURES, ROOT, Pokerspec, engine
from pokerspec.resources import VECTORS

GOOD = FIXTURES / "runner-notation-0001.json"
GOLDEN_STUD = next((ROOT / "conformance" / "golden" / "stud").glob("*.jsonl"))
PERFT = ["perft", "--impl", "reference", "--position", "stud-streets-0702"]
FUZZ = ["conformance", "fuzz", "--impl", "reference", "--game", "stud", "--hands", "2", "--quiet"]


def _theirs(folder: Path) -> Path:
    """A folder of the user's that no command wrote: a campaign's file names, a case, a note."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.json").write_text('{"mine": 1}')
    (folder / "state.json").write_text('{"mine": 2}')
    (folder / "notes.txt").write_text("mine")
    (folder / "findings").mkdir()
    (folder / "findings" / "keep.json").write_text('{"mine": 3}')
    return folder


def _refusals(tmp: Path) -> dict[str, tuple[list[str], list[Path]]]:
    """Each output a command must refuse before any work: its arguments and what must not change."""
    theirs = _theirs(tmp / "theirs")
    case = tmp / "cases" / GOOD.name
    case.parent.mkdir()
    shutil.copy(GOOD, case)
    script = tmp / "myengine.py"
    script.write_text("import sys\n")
    run = ["conformance", "run", "--quiet", "--no-default-vectors", "--vectors", str(case.parent)]
    return {
        "perft-out-into-the-suite": ([*PERFT, "--out", str(VECTORS / "stud")], [VECTORS]),
        "perft-out-over-cases": ([*PERFT, "--out", str(case.parent)], [case]),
        "perft-out-a-file": ([*PERFT, "--out", str(case)], [case]),
        "perft-out-dev-full": ([*PERFT, "--out", "/dev/full"], []),
        "perft-out-uncreatable": ([*PERFT, "--out", "/proc/pokerspec-x"], []),
        "fuzz-dir-not-a-campaign": ([*FUZZ, "--dir", str(theirs)], [theirs]),
        "fuzz-dir-a-file": ([*FUZZ, "--dir", str(case)], [case]),
        "fuzz-out-uncreatable": ([*FUZZ, "--out", "/proc/pokerspec-x"], []),
        "fuzz-out-not-cases": ([*FUZZ, "--out", str(theirs)], [theirs]),
        "merge-out-not-a-campaign": (["conformance", "merge", str(case.parent), "--out", str(theirs)],
                                     [theirs]),
        "golden-update-into-the-suite": (["golden", "update", "--game", "core", "--dir", str(VECTORS)],
                                         [VECTORS]),
        "phh-export-over-other-files": (["phh", "export", str(GOLDEN_STUD), "--out", str(theirs)], [theirs]),
        "compliance-out-not-an-export": (["compliance", "--engine", "treys", "--pairs", "10", "--out",
                                          str(theirs)], [theirs]),
        "compliance-pages-not-an-export": (["compliance", "--pages", "--out", str(theirs)], [theirs]),
        "report-is-the-engines-script": ([*run, "--impl", f"exec:{sys.executable} {script}", "--report",
                                          str(script)], [script]),
        "report-in-vectors-any-suffix": ([*run, "--report", str(case.parent / "r.jsonl")], [case]),
    }


@pytest.mark.parametrize("name", ["perft-out-into-the-suite", "perft-out-over-cases", "perft-out-a-file",
                                  "perft-out-dev-full", "perft-out-uncreatable", "fuzz-dir-not-a-campaign",
                                  "fuzz-dir-a-file", "fuzz-out-uncreatable", "fuzz-out-not-cases",
                                  "merge-out-not-a-campaign", "golden-update-into-the-suite",
                                  "phh-export-over-other-files", "compliance-out-not-an-export",
                                  "compliance-pages-not-an-export", "report-is-the-engines-script",
                                  "report-in-vectors-any-suffix"])
def test_an_output_that_would_cost_a_file_is_refused_before_any_work(
        pokerspec: Pokerspec, tmp_path: Path, name: str) -> None:
    args, inputs = _refusals(tmp_path)[name]
    got = pokerspec(*args, inputs=inputs, reports=False)
    assert got.code == 2, got.text
    assert "hands" not in got.text and "nodes" not in got.text, got.text  # nothing was played or walked


def test_compliance_writes_over_its_own_export(pokerspec: Pokerspec, tmp_path: Path) -> None:
    """``compliance --out`` takes a directory that holds a compliance export (a copy of the
    published one) and renders its pages there; one more file of the user's and it is refused."""
    export = tmp_path / "engines"
    shutil.copytree(ROOT / "docs" / "engines", export)
    got = pokerspec("compliance", "--pages", "--out", str(export), reports=False)
    assert got.code == 0 and "rendered the pages" in got.text, got.text
    (export / "results" / "notes.txt").write_text("mine")
    got = pokerspec("compliance", "--pages", "--out", str(export), inputs=[export], reports=False)
    assert got.code == 2 and "not a compliance export" in got.text, got.text
    assert "(it holds results)" in got.text, got.text


def _trace(tmp: Path, trace_id: str) -> Path:
    """A golden file cut to its header and one random hand, the hand renamed ``trace_id``."""
    lines = GOLDEN_STUD.read_text(encoding="utf-8").splitlines()
    hand = next(json.loads(line) for line in lines if '"setup"' in line)
    path = tmp / "trace.jsonl"
    path.write_text(lines[0] + "\n" + json.dumps({**hand, "id": trace_id}) + "\n", encoding="utf-8")
    return path


def test_phh_export_keeps_a_trace_id_inside_out(pokerspec: Pokerspec, tmp_path: Path) -> None:
    """A trace id ``../../x`` names a file inside ``--out``; its newline starts no TOML line."""
    out = tmp_path / "a" / "b" / "out"
    trace = _trace(tmp_path, "../../x\nstarting_stacks = [1]")
    got = pokerspec("phh", "export", str(trace), "--out", str(out), inputs=[trace])
    assert got.code == 0, got.text
    written = list(tmp_path.rglob("*.phh"))
    assert [p.parent for p in written] == [out]
    assert tomllib.loads(written[0].read_text(encoding="utf-8"))["starting_stacks"] != [1]


def test_phh_export_never_overwrites_a_phh_unless_forced(pokerspec: Pokerspec, tmp_path: Path) -> None:
    out = tmp_path / "out"
    trace = _trace(tmp_path, "hand-1")
    assert pokerspec("phh", "export", str(trace), "--out", str(out)).code == 0
    (phh,) = out.glob("*.phh")
    phh.write_text("mine")
    assert pokerspec("phh", "export", str(trace), "--out", str(out)).code == 2
    assert phh.read_text() == "mine"
    assert pokerspec("phh", "export", str(trace), "--out", str(out), "--force").code == 0
    assert phh.read_text() != "mine"


def test_phh_export_of_a_trace_without_hands_says_so(pokerspec: Pokerspec, tmp_path: Path) -> None:
    trace = tmp_path / "empty.jsonl"
    trace.write_text(GOLDEN_STUD.read_text(encoding="utf-8").splitlines()[0] + "\n")
    got = pokerspec("phh", "export", str(trace), inputs=[trace])
    assert got.code == 2 and "no hand to export" in got.text, got.text


@pytest.mark.parametrize("planted", ["state.json.partial", "state.json", "report.json"])
def test_a_planted_symlink_in_a_campaign_is_refused(pokerspec: Pokerspec, tmp_path: Path,
                                                    planted: str) -> None:
    """``fuzz --resume`` on a campaign with a file planted as a symlink: refused before any
    hand, and the file it points at stays as it was."""
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    campaign = tmp_path / "campaign"
    assert pokerspec(*FUZZ, "--dir", str(campaign)).code == 0
    (campaign / planted).unlink(missing_ok=True)
    (campaign / planted).symlink_to(victim)
    got = pokerspec("conformance", "fuzz", "--resume", str(campaign), "--quiet", inputs=[victim])
    assert got.code == 2 and planted in got.text, got.text
    assert victim.read_text() == "mine"


def test_perft_writes_its_case_over_a_planted_symlink_not_through_it(tmp_path: Path) -> None:
    """The atomic write renames over a symlink at the target: the file it pointed at is kept."""
    from pokerspec.outputs import write_text

    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (tmp_path / "stud-perft-0001.json").symlink_to(victim)
    write_text(tmp_path / "stud-perft-0001.json", "{}\n")
    assert victim.read_text() == "mine" and (tmp_path / "stud-perft-0001.json").read_text() == "{}\n"


def test_golden_update_keeps_what_is_not_a_golden_file(pokerspec: Pokerspec, tmp_path: Path) -> None:
    """``golden update --dir`` deletes only golden files of gone profiles and writes through no symlink."""
    golden = tmp_path / "golden"
    (golden / "core").mkdir(parents=True)
    mine = golden / "core" / "notes.jsonl"
    mine.write_text('{"mine": 1}\n')
    victim = tmp_path / "victim.txt"
    victim.write_text("mine")
    (golden / "core" / "core.jsonl").symlink_to(victim)
    got = pokerspec("golden", "update", "--game", "core", "--dir", str(golden), inputs=[mine, victim])
    assert got.code == 2, got.text  # the symlink is no golden file: refused, not written through
    (golden / "core" / "core.jsonl").unlink()
    got = pokerspec("golden", "update", "--game", "core", "--dir", str(golden), inputs=[mine, victim])
    assert got.code == 0, got.text
    assert (golden / "core" / "core.jsonl").is_file()


@pytest.mark.parametrize("damage", [b"\xff\xfe not utf-8\n", b"[" * 100_000 + b"\n"])
def test_a_damaged_golden_file_is_named(pokerspec: Pokerspec, tmp_path: Path, damage: bytes) -> None:
    golden = tmp_path / "golden"
    shutil.copytree(ROOT / "conformance" / "golden" / "core", golden / "core")
    damaged = next((golden / "core").glob("*.jsonl"))
    damaged.write_bytes(damaged.read_bytes() + damage)
    got = pokerspec("golden", "check", "--game", "core", "--dir", str(golden))
    assert got.code == 2 and damaged.name in got.text, got.text


def _run_command(tmp: Path) -> list[str]:
    return [sys.executable, "-m", "pokerspec.cli", "conformance", "run", "--no-default-vectors",
            "--vectors", str(GOOD), "--report", str(tmp / "r.jsonl"), "--junit", str(tmp / "r.xml")]


def test_a_closed_stdout_costs_no_report(tmp_path: Path) -> None:
    """``run ... | head -1`` with the reader gone before the first line: both reports written."""
    proc = subprocess.Popen(_run_command(tmp_path), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) in (0, 141), err
    assert "Traceback" not in err and "internal error" not in err, err
    assert (tmp_path / "r.jsonl").read_text() and (tmp_path / "r.xml").read_text()


def _writers(tmp: Path, marker: str) -> dict[str, tuple[list[str], int, list[Path]]]:
    """Each command that writes files and prints a summary: its arguments, the exit status it
    has with a working standard output, and the files it must write."""
    shard = tmp / "shard"
    fuzz = ["conformance", "fuzz", "--impl", "reference", "--game", "stud", "--hands", "2"]
    if not shard.exists():
        subprocess.run([sys.executable, "-m", "pokerspec.cli", *fuzz, "--dir", str(shard)],
                       stdout=subprocess.DEVNULL, check=True, timeout=120)
    (tmp / "golden").mkdir(exist_ok=True)
    return {
        "run": (_run_command(tmp)[3:], 0, [tmp / "r.jsonl", tmp / "r.xml"]),
        "perft": (["perft", "--position", "stud-streets-0702", "--out", str(tmp / "perft"), "--impl",
                   engine("phantom-winner", marker, "--op", "outcome,probe", "--every")], 1,
                  [tmp / "perft" / "stud-perft-0001.json"]),
        "phh-export": (["phh", "export", str(_trace(tmp, "hand-1")), "--out", str(tmp / "phh")], 0,
                       [tmp / "phh" / "hand-1.phh"]),
        "fuzz": ([*fuzz, "--dir", str(tmp / "campaign")], 0, [tmp / "campaign" / "report.json"]),
        "merge": (["conformance", "merge", str(shard), "--out", str(tmp / "merged")], 0,
                  [tmp / "merged" / "report.json"]),
        "golden": (["golden", "update", "--game", "core", "--dir", str(tmp / "golden")], 0,
                   [tmp / "golden" / "core"]),
    }


@pytest.mark.parametrize("stdout", ["closed", "full"])
@pytest.mark.parametrize("command", ["run", "perft", "phh-export", "fuzz", "merge", "golden"])
def test_a_lost_stdout_costs_no_file(tmp_path: Path, marker: str, command: str, stdout: str) -> None:
    """A command whose output summarises its work, with its standard output a closed pipe (the
    reader gone before the first line) or a full device: every file written, the exit status the
    work's (``perft`` and ``phh export`` ended with exit 2 ``cannot write``, the others stopped at
    their first line or failed)."""
    argv, status, files = _writers(tmp_path, marker)[command]
    command_line = [sys.executable, "-m", "pokerspec.cli", *argv]
    if stdout == "closed":
        proc = subprocess.Popen(command_line, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        err = proc.stderr.read()
        code = proc.wait(timeout=300)
    else:
        with open("/dev/full", "w") as full:
            done = subprocess.run(command_line, stdout=full, stderr=subprocess.PIPE, text=True, timeout=300)
        code, err = done.returncode, done.stderr
    assert "Traceback" not in err and "internal error" not in err and "cannot write" not in err, err
    assert code == status, err
    for file in files:
        assert file.exists() and (file.is_dir() or file.read_text()), file


def test_a_product_on_a_full_device_is_a_clear_error(tmp_path: Path) -> None:
    """Where standard output is the product (one hand exported without ``--out``), a full device
    is the error ``cannot write`` (exit 2), never an exit 0 with nothing written."""
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "pokerspec.cli", "phh", "export",
                               str(_trace(tmp_path, "hand-1"))], stdout=full, stderr=subprocess.PIPE,
                              text=True, timeout=120)
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
    assert done.returncode == 2 and "cannot write" in done.stderr, done.stderr


def test_an_unencodable_title_costs_no_report(pokerspec: Pokerspec, tmp_path: Path) -> None:
    """A lone surrogate in a case's title reaches the terminal and both reports as an escape."""
    case = tmp_path / "cases" / GOOD.name
    case.parent.mkdir()
    data = json.loads(GOOD.read_text(encoding="utf-8"))
    case.write_text(json.dumps({**data, "title": data["title"] + "\udc80"}), encoding="utf-8")
    got = pokerspec("conformance", "run", "--no-default-vectors", "--vectors", str(case.parent))
    assert got.code == 0, got.text
    assert got.verdicts() == {"runner-notation-0001": "pass"}
