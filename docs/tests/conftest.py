"""The built site, shared by every site test: ``mkdocs build --strict`` runs once per test session
(once across pytest-xdist workers too, under a file lock) into a temporary folder; and the
headless Chromium the browser tests drive."""

from __future__ import annotations

import dataclasses
import fcntl
import json
import mimetypes
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from pokersite.check import SiteBuild, build_strict
from pokerspec.core.types import RuleId
from pokerspec.regress.coverage import RuleCoverage, report
from pokerspec.traceability import TRANSLATIONS, Traceability, collect

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("POKERSPEC_CHROMIUM", "/usr/bin/chromium"))
SITE = "http://pokerspec.test"
"""The address the browser tests give the built site (answered from its folder, see ``opened``)."""
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-dev-shm-usage"]


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The site built once; the first xdist worker builds, the others read its record.
    ``POKERSPEC_SITE=DIR`` reuses a site built by hand (``mkdocs build --strict -d DIR``) while
    working on the tests; its log is empty, so the strictness test says nothing about it."""
    if os.environ.get("POKERSPEC_SITE"):
        return SiteBuild(Path(os.environ["POKERSPEC_SITE"]), 0, "", 0.0, 0.0)
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    record = shared / "pokerspec-site.json"
    with (shared / "pokerspec-site.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if record.exists():
            data = json.loads(record.read_text(encoding="utf-8"))
            return SiteBuild(Path(data.pop("path")), **data)
        site = build_strict(ROOT, shared / "site")
        record.write_text(json.dumps(dataclasses.asdict(site), default=str), encoding="utf-8")
        return site


@pytest.fixture(scope="session")
def site_dir(built_site: SiteBuild) -> Path:
    """The built site's folder; tests that need pages fail at once when the build did not succeed."""
    assert built_site.returncode == 0, f"mkdocs build --strict failed:\n{built_site.log[-6000:]}"
    return built_site.path


@pytest.fixture(scope="session")
def trace() -> Traceability:
    return collect(ROOT)


@pytest.fixture(scope="session")
def coverage() -> dict[RuleId, RuleCoverage]:
    """``pokerspec coverage``'s report, by rule."""
    return {r.rule: r for r in report()}


@pytest.fixture(scope="session")
def covered(trace: Traceability, coverage: dict[RuleId, RuleCoverage]) -> dict[str, RuleCoverage]:
    """The first pinned rule (one with a misreading both the cases and the perft tables catch) and
    the first waived rule that every translation carries, by status: the rules whose coverage
    panels the tests open."""
    def first(status: str) -> RuleCoverage:
        return next(r for r in coverage.values() if r.status == status
                    and all(lang in trace.rules[r.rule].languages for lang in TRANSLATIONS)
                    and (status != "pinned" or any(len(m.killed_by) == 2 for m in r.misreadings)))
    return {status: first(status) for status in ("pinned", "waived")}


@pytest.fixture(scope="session")
def screenshots() -> Iterator[Path]:
    """Where the browser test saves its screenshots (``reports/site/``, ignored by git)."""
    folder = Path(os.environ.get("POKERSPEC_SCREENSHOTS", ROOT / "reports" / "site"))
    folder.mkdir(parents=True, exist_ok=True)
    yield folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright (shared by the browser tests). Without it
    the tests are skipped, except under CI (``CI=true``), where they must run."""
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but there is no Chromium at {CHROMIUM} (.ci/run installs Debian's)")
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (CI installs it and runs this)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def opened(browser: Any, site_dir: Path, viewport: dict[str, int]) -> Any:
    """A new tab whose requests to ``SITE`` are answered from ``site_dir``; any other refused
    (a page opened from a file still loads)."""
    context = browser.new_context(viewport=viewport)

    def answer(route: Any) -> None:
        url = urlsplit(route.request.url)
        if url.scheme == "file":
            route.continue_()
            return
        if f"{url.scheme}://{url.netloc}" != SITE:
            route.abort()
            return
        file = site_dir / unquote(url.path).lstrip("/")
        file = file / "index.html" if file.is_dir() else file
        if not file.is_file():
            route.fulfill(status=404, body="not found")
            return
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        route.fulfill(status=200, body=file.read_bytes(), content_type=kind)

    context.route("**/*", answer)
    tab = context.new_page()
    tab.set_default_timeout(15_000)
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.errors = errors
    return tab


@pytest.fixture
def tabs(browser: Any, site_dir: Path) -> Iterator[Callable[[dict[str, int]], Any]]:
    """Open tabs of a given size on the built site; each must end without a script error."""
    made: list[Any] = []

    def make(viewport: dict[str, int]) -> Any:
        made.append(opened(browser, site_dir, viewport))
        return made[-1]

    yield make
    for tab in made:
        errors = list(tab.errors)
        tab.context.close()
        assert not errors, errors
