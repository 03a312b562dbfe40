"""``pokerspec compliance``: grade the third-party libraries people use through the conformance
suite and the ranking fuzz, and publish the result (docs/engines/).

Each library is reached through its adapter in ``conformance/adapters/`` (Python in the
``peers`` extra; JavaScript from ``conformance/adapters/js/package.json``, run with Node over the
exec protocol) and graded by the same runner as any engine. A case the library cannot express
(the adapter answers ``unsupported``, naming what is missing) counts as skipped. Every evaluator
is then fuzzed pair by pair against the reference (``pokerspec.fuzz.ranking``).

Each engine's result is stored as ``docs/engines/results/<engine>.json``; the pages — the
summary table (``compliance.md``), one page per engine, the findings page and a badge per
engine — are rendered from the stored results, so ``--engine NAME`` refreshes one engine and
keeps the others. Every deviation is attributed to a known bug or rule difference
(``pokerspec.compliance.findings``).

Exit status: 0 when every engine ran; 2 when the run could not be made — an unknown engine, or
an engine that is not installed while the pages would be overwritten (install the ``peers``
extra and ``npm ci`` in conformance/adapters/js, or write elsewhere with ``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import cast

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn

from pokerspec.cluster import ClusterError, session
from pokerspec.compliance.findings import BUG, KNOWN, Known, attribute, upstream_name
from pokerspec.compliance.peers import UNSUPPORTED
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Verdict
from pokerspec.conformance.protocol import EngineFailure, handshake
from pokerspec.conformance.report import label, where
from pokerspec.conformance.runner import Run, Selection, plan, run
from pokerspec.core.game import Json
from pokerspec.fuzz.ranking import fuzz_ranking, offered
from pokerspec.outputs import Kind, check_outputs, summary
from pokerspec.resources import source_checkout
from pokerspec.traceability import is_rule_id, read_pages

ROOT = source_checkout() or Path.cwd()
"""The repository whose adapters run and whose compliance page is written."""
ADAPTERS = ROOT / "conformance" / "adapters"
NODE = "node"


@dataclass(frozen=True, slots=True)
class Library:
    """A graded library: its engine name, language, package and pinned version (as the extra or
    package.json pins it), its source repository, and its ``--impl``."""

    name: str
    language: str
    package: str
    pin: str
    repository: str
    impl: str


def _python(name: str, package: str, pin: str, repository: str, module: str, factory: str) -> Library:
    return Library(name, "Python", package, pin, repository, f"python:{ADAPTERS / module}:{factory}")


def _js(name: str, pin: str, repository: str) -> Library:
    return Library(name, "JavaScript", name, pin, repository, f"exec:{NODE} {ADAPTERS / 'js' / name}.js")


LIBRARIES: tuple[Library, ...] = (
    _python(
        "pokerkit",
        "pokerkit",
        "0.7.7",
        "https://github.com/uoftcprg/pokerkit",
        "pokerkit_engine.py",
        "PokerKit",
    ),
    _python(
        "pokerface",
        "pokerface",
        "1.0.2",
        "https://github.com/AussieSeaweed/pokerface",
        "pokerface_engine.py",
        "PokerFace",
    ),
    _python(
        "pokerlib",
        "pokerlib",
        "2.2.7",
        "https://github.com/kuco23/pokerlib",
        "pokerlib_engine.py",
        "PokerLib",
    ),
    _python("clubs", "clubs", "0.1.4", "https://github.com/fschlatt/clubs", "clubs_engine.py", "Clubs"),
    _python(
        "pypokerengine",
        "PyPokerEngine",
        "1.0.1",
        "https://github.com/ishikota/PyPokerEngine",
        "pypokerengine_engine.py",
        "PyPokerEngine",
    ),
    _python(
        "poker-equity",
        "poker-equity",
        "0.1.1",
        "https://github.com/kruux/poker-equity",
        "poker_equity_engine.py",
        "PokerEquity",
    ),
    _python(
        "tilted", "tilted", "0.1.4", "https://github.com/MaxAtkinson/tilted", "tilted_engine.py", "Tilted"
    ),
    _python(
        "pkrbot", "pkrbot", "1.1.0", "https://github.com/bossbobster/pkrbot", "pkrbot_engine.py", "Pkrbot"
    ),
    _python("deuces", "deuces", "0.2.1", "https://github.com/worldveil/deuces", "deuces_engine.py", "Deuces"),
    _python("treys", "treys", "0.1.8", "https://github.com/ihendley/treys", "treys_engine.py", "Treys"),
    _python(
        "eval7", "eval7", "0.1.11", "https://github.com/JulianAndrews/pyeval7", "eval7_engine.py", "Eval7"
    ),
    _python(
        "phevaluator",
        "phevaluator",
        "0.6.0",
        "https://github.com/HenryRLee/PokerHandEvaluator",
        "phevaluator_engine.py",
        "PHEvaluator",
    ),
    _js("pokersolver", "2.1.4", "https://github.com/goldfire/pokersolver"),
    _js("handranker", "1.0.5", "https://github.com/loganjspears/ranker"),
    _js("poker-evaluator", "2.1.1", "https://github.com/Sukhmai/poker-evaluator"),
    _js("phe", "0.6.0", "https://github.com/thlorenz/phe"),
    _js("poker-ts", "1.5.0", "https://github.com/claudijo/poker-ts"),
)
ENGINES = {lib.name: lib for lib in LIBRARIES}
OUT = ROOT / "docs" / "engines"


def _files(path: Path, suffix: str, names: frozenset[str] | None = None) -> bool:
    """``path`` is a regular file ending in ``suffix`` (and, given ``names``, one of them)."""
    return path.is_file() and not path.is_symlink() and path.suffix == suffix and (
        names is None or path.name in names)


def _folder(path: Path, entry: Callable[[Path], bool]) -> bool:
    return path.is_dir() and not path.is_symlink() and all(entry(p) for p in path.iterdir())


PAGES = frozenset({"compliance.md", "findings.md", *(f"{name}.md" for name in ENGINES)})


def _export_entry(path: Path) -> bool:
    """An entry of a compliance export: its pages, ``badges/*.svg``, ``upstream/*.md``,
    ``results/*.json`` and ``results/releases/*.json``."""
    if path.name == "results":
        return _folder(path, lambda p: _files(p, ".json") or (
            p.name == "releases" and _folder(p, lambda r: _files(r, ".json"))))
    if path.name == "badges":
        return _folder(path, lambda p: _files(p, ".svg"))
    if path.name == "upstream":
        return _folder(path, lambda p: _files(p, ".md"))
    return _files(path, ".md", PAGES)


EXPORT = Kind("a compliance export (compliance.md, findings.md, a page per library, badges/, results/, "
              "upstream/)", _export_entry)
PAIRS = 100_000
"""Ranking-fuzz pairs per ranking and library in the published run."""
SEED = 1


# -------------------------------------------------------------------------------------------
# Running one library


def _unsupported(actual: Json) -> str | None:
    """The adapter's reason when it answered ``unsupported`` (the case is then a skip)."""
    if isinstance(actual, dict):
        error = actual.get("error")
        if isinstance(error, dict) and error.get("code") == UNSUPPORTED:
            return f"cannot express: {error.get('message', '')}"
    return None


def _case_record(done: Run) -> dict[str, Json]:
    r = done.result
    steps = done.case.data.get("steps", [])
    return {
        "case": r.case,
        "profile": r.profile,
        "label": label(r),
        "verdict": r.verdict.value,
        "rules": list(r.rules),
        "at": where(r, len(steps) if isinstance(steps, list) else 0),
        "message": r.message,
        "expected": r.expected,
        "actual": r.actual,
        "stderr_tail": r.stderr_tail[-600:],
        "title": str(done.case.data.get("title", "")),
    }


def grade_library(lib: Library, pairs: int, seed: int, tick: Callable[[int], None],
                  kept: list[Json] | None = None) -> dict[str, Json]:
    """Run the suite and the ranking fuzz on one library; the stored result. ``kept``: the
    ranking fuzz of its stored result instead (``--keep-fuzz``, ``kept_fuzz``), whose seconds
    count in the result's. ``OSError``, ``ImportError``, ``ValueError`` or ``EngineFailure``
    when the library cannot be run."""
    began = time.perf_counter()
    cases, bad = load_cases([VECTORS])
    engine = open_engine(lib.impl, timeout=30.0)
    try:
        hello = handshake(engine)
        report = run(engine, hello, plan(cases, Selection()), bad, lambda _: tick(1))
        fuzz: list[Json] = []
        if kept is None:
            runs = [fuzz_ranking(engine, hello, r, pairs, seed, tick) for r in offered(hello)]
            if "high" in offered(hello):
                dealt = fuzz_ranking(engine, hello, "high", pairs // 5, seed, tick, dealt=True)
                runs += [dealt] if dealt.sizes else []
            fuzz = [f.to_json() for f in runs]
    finally:
        engine.close()
    fuzz_seconds = 0.0 if kept is None else sum(float(cast(float, cast(dict[str, Json], f)["seconds"]))
                                                 for f in kept)
    verdicts: Counter[str] = Counter()
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    skips: Counter[str] = Counter()
    deviations: list[Json] = []
    for done in report.runs:
        verdict = done.result.verdict.value
        reason = _unsupported(done.result.actual) if done.result.verdict is Verdict.FAIL else None
        if done.result.verdict is Verdict.SKIP or reason:
            verdict = "skip"
            skips[reason or done.result.message] += 1
        elif verdict != "pass":
            deviations.append(_case_record(done))
        verdicts[verdict] += 1
        for rule in done.result.rules:
            by_rule[rule][verdict] += 1
    return {
        "engine": lib.name,
        "name": hello.name,
        "version": hello.version,
        "language": lib.language,
        "package": lib.package,
        "repository": lib.repository,
        "impl": lib.impl.replace(str(ROOT) + "/", ""),
        "capabilities": sorted(hello.capabilities),
        "counts": dict(verdicts),
        "by_rule": {rule: dict(c) for rule, c in sorted(by_rule.items())},
        "skips": dict(skips.most_common()),
        "deviations": deviations,
        "fuzz": fuzz if kept is None else kept,
        "seed": seed,
        "seconds": round(time.perf_counter() - began + fuzz_seconds, 1),
    }


def kept_fuzz(out: Path, lib: Library, pairs: int, seed: int) -> list[Json] | None:
    """The ranking fuzz of ``lib``'s stored result under ``out`` when it can stand for a new
    one (``--keep-fuzz``; the fuzz reads no case): the same version of the library, fuzzed with
    ``pairs`` a ranking and ``seed`` (a result that does not record its seed was made with the
    default, as every published run is); None when it cannot."""
    path = out / "results" / f"{lib.name}.json"
    try:
        stored = cast(dict[str, Json], json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
    fuzz = stored.get("fuzz")
    if available(lib) is not None or stored.get("version") != installed_version(lib) \
            or stored.get("seed", SEED) != seed or not isinstance(fuzz, list):
        return None
    wanted = [pairs // 5 if cast(dict[str, Json], f).get("dealt") else pairs for f in fuzz]
    if [cast(dict[str, Json], f).get("pairs") for f in fuzz] != wanted:
        return None
    return fuzz


def available(lib: Library) -> str | None:
    """Why a library cannot run here, or None."""
    if lib.language == "JavaScript":
        if shutil.which(NODE) is None:
            return "Node.js is not installed"
        if not (ADAPTERS / "js" / "node_modules" / lib.package / "package.json").exists():
            return "not installed: run `npm ci` in conformance/adapters/js"
        return None
    import importlib.util

    module = {"PyPokerEngine": "pypokerengine", "poker-equity": "poker_equity"}.get(lib.package, lib.package)
    if importlib.util.find_spec(module) is None:
        return "not installed: pip install -e '.[peers]'"
    return None


def installed_version(lib: Library) -> str:
    """The version of ``lib`` installed here (it must be available)."""
    if lib.language == "JavaScript":
        manifest = ADAPTERS / "js" / "node_modules" / lib.package / "package.json"
        return str(json.loads(manifest.read_text(encoding="utf-8"))["version"])
    from importlib.metadata import version

    return version(lib.package)


def findings_of(engine: str) -> list[Known]:
    """The findings of one library, in ``KNOWN`` order."""
    return [k for k in KNOWN if k.engine == engine]


def confirm(known: Known) -> None:
    """Run a finding's check against the installed library and fail (``AssertionError``) unless
    the library is the version the finding names and prints exactly what the finding says;
    ``unittest.SkipTest`` when the library is not installed here."""
    lib = ENGINES[known.engine]
    why = available(lib)
    if why is not None:
        raise unittest.SkipTest(f"{lib.name}: {why}")
    here = installed_version(lib)
    assert here == known.check.version, (
        f"{lib.name} {here} is installed, but the finding was checked at {known.check.version}: run "
        f"{known.check.path.name} and update the finding (and its page) to what {here} does"
    )
    printed = known.check.run()
    assert printed == known.check.prints, (
        f"{known.check.path.name} no longer prints what docs/engines/{lib.name}.md says "
        f"({known.title}):\n{printed}"
    )


# -------------------------------------------------------------------------------------------
# Attribution


@dataclass(frozen=True, slots=True)
class Evidence:
    """One deviation of one engine: a case run or a fuzz class, and what it is attributed to."""

    engine: str
    what: str
    """``case``, ``fuzz`` (generated pairs) or ``deals`` (hold'em deals)."""
    ident: str
    """The case label, or the fuzz class."""
    detail: dict[str, Json]
    text: str
    """What the findings' patterns are matched against: ``"<case id> <message> <expected>"``, or
    the fuzz class."""
    known: Known | None


def evidence(result: dict[str, Json]) -> list[Evidence]:
    """Every deviation in a stored result, attributed."""
    engine = str(result["engine"])
    out: list[Evidence] = []
    for d in cast(list[dict[str, Json]], result.get("deviations", [])):
        text = f"{d['case']} {d['message']} {json.dumps(d['expected'])}"
        out.append(Evidence(engine, "case", str(d["label"]), d, text, attribute(engine, text)))
    for run_ in cast(list[dict[str, Json]], result.get("fuzz", [])):
        for f in cast(list[dict[str, Json]], run_["findings"]):
            what = "deals" if run_.get("dealt") else "fuzz"
            text = str(f["class"])
            out.append(Evidence(engine, what, text, f, text, attribute(engine, text)))
    return out


# -------------------------------------------------------------------------------------------
# Pages

SITE_URL = "POKERSPEC_SITE_URL"
"""The variable that configures the published site's base URL (``--site-url`` overrides it). Unset,
the pages and the upstream reports link by relative path within the repository and cite each rule
by its ID, so nothing names an address the project does not publish."""


@dataclass(frozen=True, slots=True)
class Links:
    """Where the site shows each rule (its spec page) and each case (its topic's case page), as
    docs-relative paths (``spec/core/06-chips.md``, ``reference/cases/core/high.md``)."""

    rules: dict[str, str]
    cases: dict[str, str]

    def rule(self, rule: str, base: str = "../") -> str:
        """A rule ID as a link to its rule (``base`` leads from the page to the docs root)."""
        page = self.rules.get(rule)
        return f"[`{rule}`]({base}{page}#{rule})" if page else f"`{rule}`"

    def case(self, case: str, text: str | None = None, base: str = "../") -> str:
        """A case ID as a link to its case page, shown as ``text`` (the ID by default)."""
        page = self.cases.get(case)
        shown = f"`{text or case}`"
        return f"[{shown}]({base}{page}#{case})" if page else shown

    def mentions(self, text: str, base: str = "../") -> str:
        """``text`` with every rule and case ID it names linked."""
        rules = "|".join(re.escape(r) for r in sorted(self.rules, key=len, reverse=True))

        def one(m: re.Match[str]) -> str:
            word = m.group(0)
            return self.rule(word, base) if word in self.rules else self.case(word, base=base)

        return re.sub(rf"`?\b({rules}|{CASE_ID})\b`?", one, text)


CASE_ID = r"(?:core|archie|auction|stud)-[a-z0-9]+-\d{4}"


def site_links() -> Links:
    """The rule and case pages of this checkout."""
    rules = {
        str(h.anchor): page.path
        for page in read_pages(ROOT / "spec", ROOT)
        if page.path == page.english
        for h in page.headings
        if h.anchor and is_rule_id(h.anchor)
    }
    cases, _ = load_cases([VECTORS])
    topics = {c.id: "/".join(c.path.resolve().relative_to(VECTORS.resolve()).parts[:-1]) for c in cases}
    return Links(rules, {case: f"reference/cases/{topic}.md" for case, topic in topics.items()})


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _json(value: Json, limit: int = 400) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return _cell(text if len(text) <= limit else text[:limit] + " …")


_PLACES: tuple[tuple[str, Callable[[re.Match[str]], str]], ...] = (
    (r"/order\[(\d+)\]", lambda m: f"place {int(m.group(1)) + 1} of the ranking (best first)"),
    (r"/order", lambda m: "the ranking (best first; hands in one group tie)"),
    (r"/categories\[(\d+)\]", lambda m: f"the category of hand {m.group(1)}"),
    (r"/shares/(p\d+)", lambda m: f"{m.group(1)}'s share of the pot"),
    (r"/pots\[(\d+)\]/amount", lambda m: f"the amount of pot {int(m.group(1)) + 1}"),
    (r"/pots\[(\d+)\]/eligible", lambda m: f"who may win pot {int(m.group(1)) + 1}"),
    (r"/pots", lambda m: "the pots"),
    (r"/returned/(p\d+)", lambda m: f"the chips returned to {m.group(1)}"),
    (r"/phase", lambda m: "the phase of the hand"),
    (r"/stub", lambda m: "the number of cards left in the stub"),
    (r"/common", lambda m: "the common cards"),
    (r"/actions", lambda m: "the legal actions"),
    (r"/to_act", lambda m: "who is to act"),
)


def _plain(listing: str, hands: bool) -> str:
    """``['1', '2']`` as ``hands 1 and 2`` (or ``1 and 2``); ``[]`` as ``nothing``."""
    items = re.findall(r"'([^']*)'|(\d+)", listing)
    words: list[str] = [str(a or b) for a, b in items]
    if not words:
        return "nothing"
    joined = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    return (("hand " if len(words) == 1 else "hands ") + joined) if hands else joined


def in_words(message: str) -> str:
    """A grading message (``/order[0]: missing ['1'], unexpected ['2']``) said in words: where,
    what the rule expects and what the library answered. A message of another shape is
    returned as it is."""
    m = re.match(r"^(?:(?:legal|observation|outcome) )?(/\S*): (.*)$", message, re.S)
    if m is None:
        return message
    path, body = m.groups()
    place = next(
        (describe(found) for pattern, describe in _PLACES if (found := re.fullmatch(pattern, path))), path
    )
    hands = path.startswith("/order[")
    if (listed := re.match(r"missing (\[.*?\]), unexpected (\[.*\])$", body, re.S)) is not None:
        missing, extra = (_plain(x, hands) for x in listed.groups())
        parts = []
        if missing != "nothing":
            parts.append(f"the rule expects {missing} there, which the library left out")
        if extra != "nothing":
            parts.append(f"the library answered {extra}, which the rule does not allow there")
        return f"In {place}, " + "; ".join(parts) + "."
    if (pair := re.match(r"expected (?:\d+ items )?(.*?), got (?:\d+ )?(.*)$", body, re.S)) is not None:
        want, got = pair.groups()
        return f"In {place}, the rule expects {want}; the library answered {got}."
    return message


def status(result: dict[str, Json]) -> tuple[str, str]:
    """The one-line status of an engine and its colour: bugs, rule differences, cases passed.
    Every finding of the engine counts (each is confirmed by its check); a deviation no finding
    explains counts as unclassified."""
    found = evidence(result)
    mine = findings_of(str(result["engine"]))
    bugs = sum(1 for k in mine if k.kind == BUG)
    differences = len(mine) - bugs
    unclassified = sum(1 for e in found if e.known is None)
    counts = cast(dict[str, int], result["counts"])
    ran = counts.get("pass", 0) + counts.get("fail", 0) + counts.get("error", 0)
    parts = [f"{counts.get('pass', 0)}/{ran} cases"]
    if bugs:
        parts.append(f"{bugs} bug{'s' * (bugs > 1)}")
    if differences:
        parts.append(f"{differences} rule difference{'s' * (differences > 1)}")
    if unclassified:
        parts.append(f"{unclassified} unclassified")
    colour = "#e05d44" if bugs or unclassified else "#dfb317" if differences else "#4c1"
    return ", ".join(parts), colour


def badge(text: str, colour: str) -> str:
    """A flat two-part SVG badge, ``pokerspec | text``."""
    left, right = "pokerspec", text
    lw, rw = 6 * len(left) + 12, 6 * len(right) + 12
    width = lw + rw
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="20" role="img" '
        f'aria-label="{left}: {right}"><title>{left}: {right}</title>'
        f'<rect width="{lw}" height="20" fill="#555"/><rect x="{lw}" width="{rw}" height="20" '
        f'fill="{colour}"/>'
        f'<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
        f'<text x="{lw / 2}" y="14">{left}</text><text x="{lw + rw / 2}" y="14">{right}</text></g></svg>\n'
    )


def _fuzz_pairs(result: dict[str, Json]) -> int:
    return sum(int(cast(int, f["pairs"])) for f in cast(list[dict[str, Json]], result.get("fuzz", [])))


SUMMARY_TABLE = '<div class="ps-compliance" markdown>'
"""Opens the summary table: its first column (the engine) stays in view when the table scrolls
sideways, and the badges keep their size (docs/stylesheets/pokerspec.css)."""

FUZZ_LABEL = (
    "The fuzz compares generated pairs of hands (random hands of five to seven cards, and near misses "
    "one card apart), each hand ranked on its own: a count says how much of that hand space the "
    "library ranks otherwise. Deals a game produces are measured apart: two hold'em hands that share "
    "the board, two hole cards each on five common cards (a fifth as many as the fuzz pairs), for "
    "every library that ranks seven cards; that count says how often a dealt showdown comes out "
    "otherwise."
)


def _disagreements(result: dict[str, Json], dealt: bool) -> str:
    """``disagreements / pairs`` of a result's generated pairs, or of its hold'em deals (``—``
    when it has none)."""
    runs = [f for f in cast(list[dict[str, Json]], result.get("fuzz", [])) if bool(f.get("dealt")) == dealt]
    if not runs:
        return "—"
    found = sum(int(cast(int, f["disagreements"])) for f in runs)
    return f"{found} / {sum(int(cast(int, f['pairs'])) for f in runs)}"


def render_summary(results: Sequence[dict[str, Json]], site: str | None = None) -> str:
    lines = [
        "# Third-party engines against the suite",
        "",
        "Generated by `pokerspec compliance` from real runs of each library's adapter",
        "(`conformance/adapters/`) over every case in `conformance/vectors/` and a ranking-only fuzz",
        "against the reference; do not edit by hand. A case is *skipped* when the library does not offer",
        "what it needs, or cannot express it (the reason is on the library's page), never failed for it.",
        "Every deviation is a named bug or a documented rule difference, each confirmed by a check that",
        "calls the library directly: see [the findings](findings.md).",
        "",
        SUMMARY_TABLE,
        "",
        "| engine | version | cases: pass / fail / error / skip | fuzz: disagreements / pairs "
        "| hold'em deals: disagreements / deals | status |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        c = cast(dict[str, int], r["counts"])
        text, _ = status(r)
        lines.append(
            f"| [{r['engine']}]({r['engine']}.md) <small>{r['language']}</small> | {r['version']} | "
            f"{c.get('pass', 0)} / {c.get('fail', 0)} / {c.get('error', 0)} / {c.get('skip', 0)} | "
            f"{_disagreements(r, False)} | {_disagreements(r, True)} | "
            f"![{_cell(text)}](badges/{r['engine']}.svg) |"
        )
    total = sum(float(cast(float, r["seconds"])) for r in results)
    lines += [
        "",
        "</div>",
        "",
        FUZZ_LABEL,
        "",
        f"The engines' runs took {total:.0f} s in all.",
    ]
    lines += [
        "",
        "## Badges",
        "",
        "Each library's maintainers can link its badge, which names the cases passed, the bugs and the rule",
        "differences found, to its page" + (":" if site else ", SITE being the address the site is at:"),
        "",
        "```markdown",
        f"[![pokerspec]({site or 'SITE'}/engines/badges/NAME.svg)]({site or 'SITE'}/engines/NAME/)",
        "```",
        "",
        "Run it again with `pokerspec compliance` (all libraries, about the time above) or",
        "`pokerspec compliance --engine NAME`; `--pairs N` sets the fuzz pairs per ranking, and",
        "`--version V` grades another release of one library (installed apart, in a cache folder).",
        "",
    ]
    return "\n".join(lines)


NOTATION_TABLE = '<div class="ps-unindexed" markdown>'
"""Opens a table of hands and replies: notation, left out of the site's search index, which holds
prose (docs/hooks/pokersite/search.py)."""


def _kind(known: Known) -> str:
    return "Bug" if known.kind == BUG else "Rule difference"


def _finding_block(known: Known, links: Links) -> list[str]:
    """A finding on its library's page: what it is, its rule, where in the library, the check
    with its output, and for a bug the report for the library's tracker."""
    check = known.check
    lines = [
        f"### {_kind(known)}: {known.title} {{#{known.key}}}",
        "",
        f"{links.mentions(known.text)} Rule: {links.rule(known.rule)}. [Source]({known.source}).",
        "",
    ]
    if known.documented:
        lines += [f"Intended: {links.mentions(known.documented)}", ""]
    if known.shown_by:
        lines += [links.mentions(known.shown_by), ""]
    where = "js/checks" if check.language == "javascript" else "checks"
    package = ENGINES[known.engine].package
    lines += [
        f"Checked by `conformance/adapters/{where}/{check.script}`, which calls {package} "
        f"{check.version} directly (the test suite runs it against the installed library and fails "
        "when the output changes):",
        "",
        f"```{check.language}",
        check.source().rstrip(),
        "```",
        "",
        f"{package} {check.version} prints:",
        "",
        "```text",
        check.prints.rstrip(),
        "```",
        "",
        f"What the rule gives: {links.mentions(known.expected)}",
        "",
    ]
    if known.kind == BUG:
        lines += [
            f"Suggested fix: {known.fix} The report for {known.engine}'s tracker: "
            f"[`upstream/{upstream_name(known)}`](upstream/{upstream_name(known)}).",
            "",
        ]
    return lines


def render_upstream(
    known: Known, links: Links, releases: Sequence[dict[str, Json]] = (), site: str | None = None
) -> str:
    """A bug as an issue for the library's own tracker, in its own terms, citing the rule by its
    ID and linking it on the site at ``site`` (its base URL) or, without one, to the spec page by
    its path from the report; the releases graded (``releases``, oldest first) that show it and
    those whose check prints otherwise."""
    check = known.check
    rule = links.rules.get(known.rule)
    if rule and site:
        rule_link = f"[{known.rule}]({site}/{rule.removesuffix('.md')}/#{known.rule})"
    else:
        rule_link = links.rule(known.rule, "../../").replace("`", "")
    found = f"{site}/engines/{known.engine}/" if site else f"../{known.engine}.md"
    seen = [(str(r["version"]), _seen(r, known)) for r in releases]
    shows = [v for v, s in seen if s == "yes"] or [check.version]
    unlike = [v for v, s in seen if s == "no"]
    package = ENGINES[known.engine].package
    return "\n".join(
        [
            f"# {known.title}",
            "",
            f"Seen in {package} {', '.join(shows)}."
            + (f" Not in {', '.join(unlike)} (its check prints otherwise there)." if unlike else ""),
            "",
            "## Reproduction",
            "",
            f"```{check.language}",
            check.source().rstrip(),
            "```",
            "",
            "## Actual",
            "",
            "```text",
            check.prints.rstrip(),
            "```",
            "",
            "## Expected",
            "",
            f"{known.expected} (rule {rule_link} of the pokerspec rules.)",
            "",
            "## Where",
            "",
            f"{known.text} [Source]({known.source}).",
            "",
            "## Suggested fix",
            "",
            known.fix,
            "",
            "---",
            f"Found by [pokerspec]({found}); generated by `pokerspec compliance` "
            "from the same check the pokerspec test suite runs against the library.",
            "",
        ]
    )


def _rule_table(result: dict[str, Json], links: Links) -> tuple[list[str], int]:
    lines = ["| rule | pass | fail | error | skip |", "|---|---:|---:|---:|---:|"]
    idle = 0
    for rule, counts in cast(dict[str, dict[str, int]], result["by_rule"]).items():
        if not any(counts.get(v, 0) for v in ("pass", "fail", "error")):
            idle += 1
            continue
        tallies = " | ".join(str(counts.get(v, 0)) for v in ("pass", "fail", "error", "skip"))
        lines.append(f"| {links.rule(rule)} | {tallies} |")
    return lines, idle


def _case_label(detail: dict[str, Json], links: Links) -> str:
    """A case run's label (``case-id [profile]``) with the case ID linked."""
    ident, shown = str(detail["case"]), str(detail["label"])
    return links.case(ident, shown)


def render_engine(
    result: dict[str, Json], links: Links, releases: Sequence[dict[str, Json]] = ()
) -> str:
    name = str(result["engine"])
    text, _ = status(result)
    caps = ", ".join(f"`{c}`" for c in cast(list[str], result["capabilities"])) or "none"
    c = cast(dict[str, int], result["counts"])
    rule_lines, idle = _rule_table(result, links)
    lines = [
        f"# {name}",
        "",
        f"![{_cell(text)}](badges/{name}.svg)",
        "",
        f"{result['language']} library [{result['package']}]({result['repository']}) {result['version']}, "
        f"through `{result['impl']}`. Capabilities: {caps}.",
        "",
        f"Cases: {c.get('pass', 0)} pass, {c.get('fail', 0)} fail, {c.get('error', 0)} error, "
        f"{c.get('skip', 0)} skipped. Generated by `pokerspec compliance`; do not edit by hand.",
        "",
    ]
    mine = findings_of(name)
    if mine:
        lines += ["## Findings", ""]
        for known in mine:
            lines += _finding_block(known, links)
    if releases:
        lines += render_releases(name, releases)
    lines += ["## By rule", "", *rule_lines, "", f"Not exercised (every case skipped): {idle} rules.", ""]
    lines += ["## Why cases were skipped", "", "| reason | case runs |", "|---|---:|"]
    lines += [f"| {_cell(reason)} | {n} |" for reason, n in cast(dict[str, int], result["skips"]).items()]
    found = evidence(result)
    lines += ["", "## Failing cases", ""]
    cases = [e for e in found if e.what == "case"]
    if not cases:
        lines.append("None: every case the library could run passed.")
    else:
        lines += [
            "Each failing case with the library's answer beside the expected one, what differs in words, "
            "and what it is.",
            "",
            NOTATION_TABLE,
            "",
            "| case | where | expected | the library's answer | finding |",
            "|---|---|---|---|---|",
        ]
        for e in cases:
            d = e.detail
            lines.append(
                f"| {_case_label(d, links)} | {d['at']} | {_json(d['expected'])} | "
                f"{_json(d['actual'])}<br>{_cell(in_words(str(d['message'])[:240]))} | "
                f"{_finding_link(e.known, name)} |"
            )
        lines += ["", "</div>"]
    lines += ["", "## Ranking fuzz against the reference", "", FUZZ_LABEL, ""]
    fuzz = cast(list[dict[str, Json]], result["fuzz"])
    if not fuzz:
        lines.append("The library offers no ranking the fuzzer covers.")
    for f in fuzz:
        sizes = ", ".join(map(str, cast(list[int], f["sizes"])))
        what = (
            f"**{f['ranking']}, hold'em deals** (two hole cards each on one shared board of five): "
            f"{f['pairs']} deals"
            if f.get("dealt")
            else f"**{f['ranking']}** (hands of {sizes} cards, each ranked on its own): {f['pairs']} random "
            "and near-miss pairs"
        )
        lines += [
            f"{what}, {f['disagreements']} disagreements in {len(cast(list[Json], f['findings']))} classes "
            f"({f['seconds']} s).",
            "",
        ]
        findings = cast(list[dict[str, Json]], f["findings"])
        if findings:
            lines += [
                NOTATION_TABLE,
                "",
                "| class | count | smallest pair | expected | the library's answer | finding |",
                "|---|---:|---|---|---|---|",
            ]
            for g in findings:
                hands = " vs ".join(" ".join(cast(list[str], h)) for h in cast(list[Json], g["hands"]))
                lines.append(
                    f"| {_cell(g['class'])} | {g['count']} | {hands} | {_json(g['expected'])} | "
                    f"{_json(g['actual'])} | {_finding_link(attribute(name, str(g['class'])), name)} |"
                )
            lines += ["", "</div>", ""]
    return "\n".join(lines).rstrip() + "\n"


VERDICTS = ("pass", "fail", "error", "skip")


def _seen(run_: dict[str, Json], known: Known) -> str:
    """Whether a release shows a finding: its check prints what the finding says there."""
    printed = cast(dict[str, str], run_.get("checks", {})).get(known.check.script)
    if printed is None:
        return "not checked"
    if printed.startswith("error: "):
        return "check fails to run"
    lines = iter(printed.splitlines())  # the library may print lines of its own in between
    return "yes" if all(line in lines for line in known.check.prints.splitlines()) else "no"


def render_releases(name: str, releases: Sequence[dict[str, Json]]) -> list[str]:
    """The table of a library's other releases: the cases and fuzz of each, and whether each
    finding's check shows it there; then which release introduced or fixed each finding."""
    runs = list(releases)
    if not runs:
        return []
    heads = " | ".join(str(r["version"]) + (" (pinned)" if r is runs[-1] else "") for r in runs)
    lines = [
        "## Across releases",
        "",
        f"The suite and the findings' checks at {name}'s last releases, each installed apart "
        f"(`{runs[0]['command']}` and the like; results in `docs/engines/results/releases/`). A finding "
        "is *yes* where its check prints every line it prints at the pinned release (a release may print "
        "lines of its own in between). The fuzz of other releases plays fewer pairs than the pinned "
        "one's.",
        "",
        f"| | {heads} |",
        "|---|" + "---|" * len(runs),
    ]

    def row(label: str, cells: Sequence[str]) -> None:
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    row(
        "cases: pass / fail / error / skip",
        [
            " / ".join(str(cast(dict[str, int], r["counts"]).get(v, 0)) for v in VERDICTS)
            if "counts" in r
            else "the adapter cannot run it"
            for r in runs
        ],
    )
    row("fuzz: disagreements / pairs", [_disagreements(r, False) for r in runs])
    row("hold'em deals: disagreements / deals", [_disagreements(r, True) for r in runs])
    history: list[str] = []
    for known in findings_of(name):
        seen = [_seen(r, known) for r in runs]
        row(f"[{_kind(known).lower()}: {_cell(known.title)}](#{known.key})", seen)
        history.append(f"- {known.title}: {_history([str(r['version']) for r in runs], seen)}")
    errors = [f"- {r['version']}: {_cell(r['error'])}" for r in runs if "error" in r]
    if errors:
        history += [*([""] if history else []),
                    "Releases the adapter cannot drive (the checks still ran at each one that installs):", "",
                    *errors]
    return [*lines, "", *history, ""]


def _history(versions: Sequence[str], seen: Sequence[str]) -> str:
    """Which release introduced or fixed a finding, from whether each release (oldest first)
    shows it; a release whose record has no output of the check says nothing either way."""
    unchecked = [v for v, s in zip(versions, seen, strict=True) if s == "not checked"]
    versions = [v for v in versions if v not in unchecked]
    seen = [s for s in seen if s != "not checked"]
    aside = f" (not checked at {', '.join(unchecked)})" if unchecked else ""
    if all(s == "yes" for s in seen):
        return f"in every release graded ({versions[0]} to {versions[-1]}){aside}."
    events = []
    for before, after, version in zip(seen, seen[1:], versions[1:], strict=False):
        if before != "yes" and after == "yes":
            events.append(f"introduced in {version} (its check prints otherwise before)")
        elif before == "yes" and after != "yes":
            events.append(f"fixed (or changed) in {version} (its check prints otherwise from there)")
    if not events:
        return f"not shown by any release graded ({', '.join(seen)}){aside}."
    return "; ".join(events) + aside + "."


def _finding_link(known: Known | None, page: str | None = None) -> str:
    """A link to a finding on its library's page (``page`` is the page it is written on)."""
    if known is None:
        return "**unclassified**"
    kind = "bug" if known.kind == BUG else "rule difference"
    target = "" if page == known.engine else f"{known.engine}.md"
    return f"[{kind}: {_cell(known.title)}]({target}#{known.key})"


def render_findings(results: Sequence[dict[str, Json]], links: Links) -> str:
    lines = [
        "# Findings",
        "",
        "Every deviation `pokerspec compliance` found in a third-party library, classified: a **bug** (the",
        "library breaks a rule it means to follow) or a **rule difference** (it follows another rule on",
        "purpose). Each names the spec's rule, points into the library's source, and links to the library's",
        "page, where a check that calls the library directly shows it (and, for a bug, the report for the",
        "library's tracker); below each are its evidence from the suite: the failing cases, said in words,",
        "and the ranking-fuzz classes with the smallest pair found. Generated; do not edit by hand.",
        "",
    ]
    engines = {str(r["engine"]) for r in results}
    found = [e for r in results for e in evidence(r)]
    for kind, heading in ((BUG, "Bugs"), ("difference", "Rule differences")):
        lines += [f"## {heading}", ""]
        for known in KNOWN:
            if known.kind != kind or known.engine not in engines:
                continue
            lines += [
                f"### {known.engine}: {known.title} {{#{known.key}}}",
                "",
                f"{links.mentions(known.text)} Rule: {links.rule(known.rule)}. [Source]({known.source}). "
                f"Check and {'report' if kind == BUG else 'details'}: "
                f"[the {known.engine} page]({known.engine}.md#{known.key}).",
                "",
            ]
            if known.shown_by:
                lines.append(f"- {links.mentions(known.shown_by)}")
            for e in (e for e in found if e.known is known):
                if e.what == "case":
                    message = str(e.detail["message"])[:200]
                    lines.append(
                        f"- case {_case_label(e.detail, links)} ({e.detail['at']}): "
                        f"{_cell(in_words(message))} (`{_cell(message)}`)"
                    )
                else:
                    hands = " vs ".join(
                        " ".join(cast(list[str], h)) for h in cast(list[Json], e.detail["hands"])
                    )
                    unit = "deals; smallest pair after shrinking" if e.what == "deals" else "pairs; smallest"
                    lines.append(f"- {e.what}: {e.ident} — {e.detail['count']} {unit}: {hands}")
            lines.append("")
    loose = [e for e in found if e.known is None]
    if loose:
        lines += ["## Unclassified", ""]
        lines += [f"- {e.engine}: {e.what} {e.ident}" for e in loose]
        lines.append("")
    return "\n".join(lines)


def load_results(out: Path) -> list[dict[str, Json]]:
    """The stored results under ``out/results``, in ``LIBRARIES`` order."""
    stored = []
    for lib in LIBRARIES:
        path = out / "results" / f"{lib.name}.json"
        if path.exists():
            stored.append(cast(dict[str, Json], json.loads(path.read_text(encoding="utf-8"))))
    return stored


def load_releases(out: Path, engine: str) -> list[dict[str, Json]]:
    """The stored runs of other releases of ``engine`` (``out/results/releases/<engine>-*.json``),
    oldest first."""
    runs = [
        cast(dict[str, Json], json.loads(p.read_text(encoding="utf-8")))
        for p in (out / "results" / "releases").glob(f"{engine}-*.json")
    ]
    runs = [r for r in runs if r.get("engine") == engine]
    return sorted(runs, key=lambda r: _version_key(str(r["version"])))


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", version))


def _write(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it already holds it; whether it changed."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def write_pages(out: Path, site: str | None = None) -> tuple[list[dict[str, Json]], list[Path]]:
    """Render every page, badge and upstream report from the stored results under ``out``,
    linking the site at ``site`` (a base URL) or by relative path; the results, and the files
    whose content changed (a file that already holds its rendering is not touched)."""
    results = load_results(out)
    links = site_links()
    (out / "badges").mkdir(parents=True, exist_ok=True)
    rendered: dict[Path, str] = {
        out / "compliance.md": render_summary(results, site),
        out / "findings.md": render_findings(results, links),
    }
    graded: dict[str, list[dict[str, Json]]] = {}
    for r in results:
        name = str(r["engine"])
        releases = load_releases(out, name)
        if releases:  # the pinned release closes the table; its checks are the findings' own output
            pinned = {**r, "checks": {k.check.script: k.check.prints for k in findings_of(name)}}
            releases = [x for x in releases if x["version"] != r["version"]] + [pinned]
        graded[name] = releases
        rendered[out / f"{name}.md"] = render_engine(r, links, releases)
        rendered[out / "badges" / f"{name}.svg"] = badge(*status(r))
    upstream = out / "upstream"
    upstream.mkdir(exist_ok=True)
    engines = {str(r["engine"]) for r in results}
    for known in KNOWN:
        if known.kind == BUG and known.engine in engines:
            rendered[upstream / upstream_name(known)] = render_upstream(
                known, links, graded.get(known.engine, []), site
            )
    return results, [path for path, text in rendered.items() if _write(path, text)]


# -------------------------------------------------------------------------------------------
# Other releases


def release_cache() -> Path:
    """Where other releases are installed, apart from the environment (one folder each)."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "pokerspec" / "releases"


def _install(lib: Library, version: str, folder: Path) -> None:
    """Install one release of ``lib`` into ``folder`` (pip ``--target`` for Python; npm
    ``--prefix``, with a copy of the adapter beside it, for JavaScript); ``OSError`` when the
    registry or the install fails."""
    if (folder / ".installed").exists():
        return
    folder.mkdir(parents=True, exist_ok=True)
    if lib.language == "JavaScript":
        command = ["npm", "install", "--prefix", str(folder), "--no-save", "--no-audit", "--no-fund",
                   f"{lib.package}@{version}"]
    else:
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                   "--target", str(folder / "site"), f"{lib.package}=={version}"]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise OSError(f"cannot install {lib.package} {version}: {done.stderr.strip()[-600:]}")
    if lib.language == "JavaScript":
        for script in (f"{lib.name}.js", "serve.js"):
            shutil.copy(ADAPTERS / "js" / script, folder / script)
    (folder / ".installed").write_text(version, encoding="utf-8")


def _release_env(lib: Library, folder: Path) -> dict[str, str]:
    env = dict(os.environ)
    if lib.language == "Python":
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(folder / "site"), env.get("PYTHONPATH")) if p)
    return env


def _grade_apart(lib: Library, folder: Path, env: dict[str, str], pairs: int, seed: int) -> dict[str, Json]:
    """The suite and the fuzz on the release installed in ``folder``."""
    if lib.language == "JavaScript":
        beside = replace(lib, impl=f"exec:{NODE} {folder / lib.name}.js")
        return grade_library(beside, pairs, seed, lambda _: None)
    with tempfile.TemporaryDirectory() as tmp:
        child = [sys.executable, "-m", "pokerspec.cli", "compliance", "--engine", lib.name, "--out", tmp,
                 "--pairs", str(pairs), "--seed", str(seed)]
        done = subprocess.run(child, env=env, capture_output=True, text=True, check=False)
        stored = Path(tmp) / "results" / f"{lib.name}.json"
        if done.returncode != 0 or not stored.exists():
            said = [line for line in (done.stdout + done.stderr).splitlines() if "cannot run" in line]
            raise OSError(said[0] if said else (done.stdout + done.stderr)[-400:])
        return cast(dict[str, Json], json.loads(stored.read_text(encoding="utf-8")))


def grade_release(lib: Library, version: str, pairs: int, seed: int) -> dict[str, Json]:
    """One other release of ``lib``: installed apart, run through the suite and the fuzz as the
    pinned one is (a Python library in a child process that imports the release first; a
    JavaScript one through a copy of its adapter beside the release), and every finding's check
    run against it. ``OSError`` or ``EngineFailure`` when it cannot be run."""
    folder = release_cache() / f"{lib.name}-{version}"
    command = f"pokerspec compliance --engine {lib.name} --version {version} --pairs {pairs}"
    try:
        _install(lib, version, folder)
    except OSError as exc:  # on the registry, but it does not install here: say why
        why = re.findall(r"^\s*(\w+(?:Error|Exception): .*)$", str(exc), re.M)
        return {"engine": lib.name, "version": version, "command": command,
                "error": f"cannot install: {why[-1] if why else str(exc)[-200:]}"}
    env = _release_env(lib, folder)
    try:
        result = _grade_apart(lib, folder, env, pairs, seed)
    except (OSError, ValueError, EngineFailure) as exc:  # the adapter cannot drive this release
        said = str(exc).replace(str(folder), f"<{lib.name} {version}>").replace(f"{ROOT}/", "")
        result = {"engine": lib.name, "version": version, "error": said[-400:]}
    if result["version"] != version:
        raise OSError(f"asked for {lib.name} {version}, but {result['version']} answered")
    checks: dict[str, Json] = {}
    for known in findings_of(lib.name):
        copy = None
        if lib.language == "JavaScript":
            (folder / "checks").mkdir(exist_ok=True)
            copy = Path(shutil.copy(known.check.path, folder / "checks" / known.check.script))
        try:
            checks[known.check.script] = known.check.run(copy, env)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            checks[known.check.script] = f"error: {str(exc)[-300:]}"
    result["checks"] = checks
    result["command"] = command
    return result


# -------------------------------------------------------------------------------------------
# Command line


def handler(args: argparse.Namespace) -> int:
    console = Console(highlight=False, soft_wrap=True)
    names: list[str] = args.engine or list(ENGINES)
    unknown = [n for n in names if n not in ENGINES]
    if unknown:
        console.print(f"unknown engine {', '.join(unknown)}; known: {', '.join(ENGINES)}", markup=False)
        return 2
    if args.pairs < 0:
        console.print("--pairs must not be negative", markup=False)
        return 2
    out: Path = args.out or OUT
    check_outputs({"--out": out}, directories=True, kind=EXPORT)
    if args.pages:
        _, changed = write_pages(out, args.site_url)
        console.print(f"rendered the pages of {out} from its stored results: {_changed(changed, out)}",
                      markup=False)
        return 0
    if args.version is not None:
        return _release(args, names, out, console)
    # With --cluster, the workers say what they cannot run.
    missing = {} if args.cluster else {n: why for n in names if (why := available(ENGINES[n])) is not None}
    if missing and args.out is None:
        for n, why in missing.items():
            console.print(f"{n}: {why}", markup=False)
        console.print(
            "refusing to overwrite the published pages in docs/engines/ with a partial run: install "
            "the libraries (pip install -e '.[peers]'; npm ci in conformance/adapters/js) or write "
            "elsewhere with --out DIR",
            markup=False,
        )
        return 2
    runnable = [ENGINES[n] for n in names if n not in missing]
    if not runnable:
        for n, why in missing.items():
            console.print(f"{n}: {why}", markup=False)
        console.print("no library to run: none of them is installed (pip install -e '.[peers]'; npm ci in "
                      "conformance/adapters/js)", markup=False)
        return 2
    began = time.perf_counter()
    (out / "results").mkdir(parents=True, exist_ok=True)
    kept = {lib.name: kept_fuzz(out, lib, args.pairs, args.seed) for lib in runnable if args.keep_fuzz}
    if args.keep_fuzz:
        again = [name for name, fuzz in kept.items() if fuzz is None]
        console.print(f"--keep-fuzz: the stored ranking fuzz of {len(kept) - len(again)} libraries is kept"
                      + (f"; fuzzed again: {', '.join(again)}" if again else ""), markup=False)
    if args.cluster is None:
        _grade_here(runnable, args.pairs, args.seed, out, console, missing, kept)
    else:
        try:
            with session(args.cluster, console, "libraries") as cluster:
                grade = partial(graded_on_worker, args.pairs, args.seed, kept)
                for name, result in cluster.run(grade, [lib.name for lib in runnable], label="compliance",
                                                unit="libraries", console=console):
                    if isinstance(result, str):
                        console.print(f"{name}: cannot run: {result}", markup=False)
                        missing[name] = result
                    else:
                        _store(out, result, console)
        except ClusterError as exc:
            console.print(f"pokerspec compliance: {exc}", markup=False)
            return 2
    for n, why in missing.items():
        console.print(f"{n}: not run ({why})", markup=False)
    seconds = time.perf_counter() - began
    _, changed = write_pages(out, args.site_url)
    console.print(f"wrote {out} ({seconds:.0f} s): {_changed(changed, out)}", markup=False)
    return 2 if missing and args.out is None else 0


def _grade_here(runnable: Sequence[Library], pairs: int, seed: int, out: Path, console: Console,
                missing: dict[str, str], kept: dict[str, list[Json] | None]) -> None:
    """Grade the libraries one after the other in this process, storing each result (or, in
    ``missing``, why it cannot run); a library's fuzz in ``kept`` is not run again."""
    cases = len(plan(load_cases([VECTORS])[0], Selection()))
    with Progress(
        TextColumn("{task.description:<16}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as bar:
        overall = bar.add_task("all engines", total=len(runnable))
        for lib in runnable:
            fuzzed = pairs * 4 + pairs // 5 if kept.get(lib.name) is None else 0
            task = bar.add_task(lib.name, total=cases + fuzzed)

            def tick(n: int, task: TaskID = task) -> None:
                bar.advance(task, n)

            try:
                result = grade_library(lib, pairs, seed, tick, kept.get(lib.name))
            except (OSError, ImportError, ValueError, EngineFailure) as exc:
                console.print(f"{lib.name}: cannot run: {exc}", markup=False)
                missing[lib.name] = str(exc)
                continue
            finally:
                bar.remove_task(task)
                bar.advance(overall)
            _store(out, result, console)


def graded_on_worker(pairs: int, seed: int, kept: dict[str, list[Json] | None],
                     name: str) -> dict[str, Json] | str:
    """A task on a cluster worker (``--cluster``): library ``name`` graded (its fuzz taken from
    ``kept`` if there), or why it cannot run."""
    lib = ENGINES[name]
    why = available(lib)
    if why is not None:
        return why
    try:
        return grade_library(lib, pairs, seed, lambda n: None, kept.get(name))
    except (OSError, ImportError, ValueError, EngineFailure) as exc:
        return str(exc)


def release_on_worker(name: str, pairs: int, seed: int, version: str) -> dict[str, Json]:
    """A task on a cluster worker (``--cluster --version V``): one release of library ``name``
    installed in the worker's cache and graded (``grade_release``)."""
    return grade_release(ENGINES[name], version, pairs, seed)


def _store(out: Path, result: dict[str, Json], console: Console) -> None:
    """Keep one library's result under ``out/results`` and print its line."""
    (out / "results" / f"{result['engine']}.json").write_text(
        json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    text, _ = status(result)
    console.print(
        f"{result['engine']} {result['version']}: {text}; {_fuzz_pairs(result)} fuzz pairs "
        f"({result['seconds']} s)",
        markup=False,
    )


def _release(args: argparse.Namespace, names: list[str], out: Path, console: Console) -> int:
    """``--version V``: grade one other release of one library and re-render its page."""
    if len(names) != 1 or not args.engine:
        console.print("--version needs exactly one --engine NAME", markup=False)
        return 2
    lib = ENGINES[names[0]]
    if not re.fullmatch(r"\d+(\.\d+)*([.-]?[0-9A-Za-z]+)*", args.version):
        console.print(f"--version {args.version!r}: expected a release number such as 1.0.2", markup=False)
        return 2
    began = time.perf_counter()
    try:
        if args.cluster is None:
            result = grade_release(lib, args.version, args.pairs, args.seed)
        else:
            with session(args.cluster, console, "releases") as cluster:
                grade = partial(release_on_worker, lib.name, args.pairs, args.seed)
                result = dict(cluster.run(grade, [args.version], label="release", unit="releases",
                                          console=console))[args.version]
    except ClusterError as exc:
        console.print(f"pokerspec compliance: {exc}", markup=False)
        return 2
    except (OSError, ValueError, EngineFailure, subprocess.TimeoutExpired) as exc:
        console.print(f"{lib.name} {args.version}: {exc}", markup=False)
        return 2
    folder = out / "results" / "releases"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{lib.name}-{args.version}.json").write_text(
        json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    shown = sum(1 for k in findings_of(lib.name) if _seen(result, k) == "yes")
    graded = status(result)[0].split(",")[0] if "counts" in result else f"not graded ({result['error']})"
    console.print(
        f"{lib.name} {args.version}: {graded}; {shown} of "
        f"{len(findings_of(lib.name))} findings shown by their checks ({time.perf_counter() - began:.0f} s)",
        markup=False,
    )
    _, changed = write_pages(out, args.site_url)
    console.print(f"pages: {_changed(changed, out)}", markup=False)
    return 0


def _changed(changed: Sequence[Path], out: Path) -> str:
    """What a rendering changed, in words."""
    if not changed:
        return "no page changed"
    return f"{len(changed)} changed ({', '.join(str(p.relative_to(out)) for p in changed)})"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    """Add ``name`` (``compliance``) to the ``pokerspec`` command."""
    p = subparsers.add_parser(
        name,
        help="grade the third-party libraries and publish docs/engines/",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--engine",
        action="append",
        metavar="NAME",
        help=f"only this library (repeatable; default: all): {', '.join(ENGINES)}",
    )
    p.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="write results and pages here instead of docs/engines/ (a partial run is then allowed)",
    )
    p.add_argument(
        "--pairs",
        type=int,
        default=PAIRS,
        help=f"ranking-fuzz pairs per ranking and library (default {PAIRS})",
    )
    p.add_argument("--seed", type=int, default=SEED, help=f"ranking-fuzz seed (default {SEED})")
    p.add_argument(
        "--keep-fuzz",
        action="store_true",
        help="grade the cases again but keep each library's stored ranking fuzz where it was made "
        "with the same release, --pairs and --seed (the fuzz reads no case): a rerun after cases "
        "changed takes minutes",
    )
    p.add_argument(
        "--version",
        metavar="V",
        help="grade release V of the one --engine instead of the pinned one, installed apart in a cache "
        "folder; stored as results/releases/NAME-V.json and shown in the library's release table",
    )
    p.add_argument(
        "--pages",
        action="store_true",
        help="only render the pages from the stored results and the findings (runs nothing)",
    )
    p.add_argument(
        "--site-url",
        metavar="URL",
        default=os.environ.get(SITE_URL) or None,
        help=f"the published site's base URL, for absolute links in the pages and upstream reports "
        f"(default: ${SITE_URL}; unset, links are relative paths and rules are cited by ID)",
    )
    p.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="grade each library as a task on the Dask scheduler at ADDRESS (the cluster extra; "
        "every worker needs this checkout with the peers extra and npm ci in conformance/adapters/js)",
    )
    p.set_defaults(handler=handler)
    summary(p)
