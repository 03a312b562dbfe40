"""No broken internal link or anchor anywhere in the built site (every language), checked over the
HTML with html.parser (htmlproofer misreports under i18n). The checker itself is shown to fail on
a small broken site."""

from __future__ import annotations

from pathlib import Path

from pokersite.check import broken_links


def test_no_broken_links_or_anchors(site_dir: Path) -> None:
    problems = broken_links(site_dir)
    assert not problems, f"{len(problems)} broken links:\n  " + "\n  ".join(problems[:80])


def _write(root: Path, path: str, html: str) -> None:
    file = root / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(f"<html lang='en'><body>{html}</body></html>", encoding="utf-8")


def test_checker_accepts_a_sound_site(tmp_path: Path) -> None:
    _write(tmp_path, "index.html", '<a href="spec/core/#core.high.wheel">x</a><a href="https://example.org/">y</a>')
    _write(tmp_path, "spec/core/index.html", '<h3 id="core.high.wheel">W</h3><a href="../../">home</a>')
    assert broken_links(tmp_path) == []


def test_checker_reports_missing_pages_and_anchors(tmp_path: Path) -> None:
    _write(tmp_path, "index.html", '<a href="spec/core/#core.high.nope">x</a><a href="spec/gone/">y</a>'
                                   '<a href="/spec/core/">ok</a><a href="../up/">z</a><a href="#here">ok</a>'
                                   '<p id="here"></p>')
    _write(tmp_path, "spec/core/index.html", '<h3 id="core.high.wheel">W</h3>')
    assert broken_links(tmp_path) == [
        "index.html: spec/core/#core.high.nope (no such anchor)",
        "index.html: spec/gone/ (no such file)",
        "index.html: ../up/ (outside the site)",
    ]
