"""The site's address comes from configuration (mkdocs.yml reads ``POKERSPEC_SITE_URL``): unset,
the site has no address and links relatively; the Pages workflow passes the one GitHub gives."""

from __future__ import annotations

from pathlib import Path

import pytest

config = pytest.importorskip("mkdocs.config", reason="the docs extra builds the site")

ROOT = Path(__file__).resolve().parents[2]


def test_the_address_is_the_configured_one_or_none(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("POKERSPEC_SITE_URL", raising=False)
    assert config.load_config("mkdocs.yml").site_url is None
    monkeypatch.setenv("POKERSPEC_SITE_URL", "https://example.org/pokerspec/")
    assert config.load_config("mkdocs.yml").site_url == "https://example.org/pokerspec/"


def test_the_pages_workflow_passes_the_address_github_gives() -> None:
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert "POKERSPEC_SITE_URL: ${{ steps.pages.outputs.base_url }}/" in workflow
    assert "mkdocs build --strict" in workflow and "actions/deploy-pages@" in workflow
