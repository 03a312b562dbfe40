"""mkdocs hook: the hand viewer's data, generated at build time for every case of the suite.

Each case is replayed on the reference once per build (``pokerspec.viewer.data.case_view``) and
written to ``viewer-data/<case id>.json`` at the site root, beside ``index.json`` (the cases the
viewer page offers) and ``labels.json`` (the viewer's labels in every language). The script and
style sheet are the runtime package's own files (``docs/javascripts/viewer.js`` and
``docs/stylesheets/viewer.css`` link to them), so the site and ``pokerspec view`` draw alike.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import cast

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from pokerspec.conformance.cases import Case, load_cases
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json
from pokerspec.viewer.data import case_view
from pokerspec.viewer.page import asset

DATA_DIR = "viewer-data"
"""The folder at the site root that holds the viewer's JSON (``viewer.js`` looks for it beside
its own ``javascripts/`` folder)."""

_files: dict[str, str] = {}


def _building_translation(config: MkDocsConfig) -> bool:
    """True while the i18n plugin builds a further language: the data is the same for all."""
    return bool(getattr(config.plugins.get("i18n"), "building", False))


def _compact(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _topic(case: Case, vectors: Path) -> str:
    """``allin`` for ``conformance/vectors/stud/allin/stud-allin-0001.json``."""
    parts = case.path.resolve().relative_to(vectors.resolve()).parts
    return parts[-2] if len(parts) > 2 else case.game


def _entry(case: Case, view: Mapping[str, Json], vectors: Path) -> dict[str, Json]:
    entry: dict[str, Json] = {"id": case.id, "game": case.game, "topic": _topic(case, vectors),
                              "kind": case.kind, "title": case.data["title"],
                              "steps": len(cast(list[Json], view.get("steps", [])))}
    translations = case.data.get("i18n")
    if isinstance(translations, dict):
        entry["i18n"] = {lang: {"title": t["title"]} for lang, t in translations.items()
                         if isinstance(t, dict) and "title" in t}
    return entry


def viewer_files(root: Path) -> dict[str, str]:
    """Every file of ``viewer-data/`` (name -> text) for the suite in the checkout at ``root``."""
    vectors = root / "conformance" / "vectors"
    cases, _bad = load_cases([vectors])
    engine = ReferenceEngine()
    files: dict[str, str] = {"labels.json": _compact(cast(Json, json.loads(asset("labels.json"))))}
    index: list[Json] = []
    for case in sorted(cases, key=lambda c: c.id):
        view = case_view(case, engine=engine)
        files[f"{case.id}.json"] = _compact(view)
        index.append(_entry(case, view, vectors))
    engine.close()
    files["index.json"] = _compact({"cases": index})
    return files


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Replay the suite once per build, before the first language."""
    if not _building_translation(config):
        _files.clear()
        _files.update(viewer_files(Path(config.config_file_path).resolve().parent))
    return config


@event_priority(-150)
def on_post_build(config: MkDocsConfig) -> None:
    """Write the data once, after the i18n plugin has built every language."""
    if _building_translation(config):
        return
    folder = Path(config.site_dir) / DATA_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.json"):
        if stale.name not in _files:
            stale.unlink()
    for name, text in _files.items():
        (folder / name).write_text(text, encoding="utf-8")
