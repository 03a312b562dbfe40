"""mkdocs hook: the "Play a hand" pages (``docs/play*.md``, ``docs/javascripts/play.js``).

The page plays on the independent JavaScript engine in the browser. This hook ships the engine's
ES modules (``conformance/examples/js/lib``) into the built site as ``play-engine/lib/``, and writes
``play-data/``: ``rules.json`` (every rule ID: its spec page, and its heading in each language, for
the links from a refusal or an award step to the rule), ``words.json`` (the page's own words,
``[play]`` of words.toml, and the profiles' names from the viewer's labels, in each language) and
``drill.json`` (the showdown cases of the suite, dealt as finished hands by the showdown drill, with
their explanations in each language).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import cast

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import event_priority
from pokersite.words import table
from pokerspec.conformance.cases import load_cases
from pokerspec.core.game import Json
from pokerspec.rules import LANGUAGES, is_rule_id
from pokerspec.traceability import read_pages
from pokerspec.viewer.page import labels

ENGINE = Path("conformance") / "examples" / "js" / "lib"
ENGINE_DIR = "play-engine"
DATA_DIR = "play-data"

_files: dict[str, str] = {}
_root: list[Path] = []


def _building_translation(config: MkDocsConfig) -> bool:
    """True while the i18n plugin builds a further language: the data is the same for all."""
    return bool(getattr(config.plugins.get("i18n"), "building", False))


def _compact(value: Json) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def rule_pages(root: Path) -> dict[str, Json]:
    """Each rule ID -> ``{"page": "spec/archie/03-betting/", "title": {lang: heading}}``: the page
    URL (directory URLs, below each language's root) and the rule's heading in every language."""
    out: dict[str, dict[str, Json]] = {}
    for page in read_pages(root / "spec", root):
        for heading in page.headings:
            if heading.anchor is None or not is_rule_id(heading.anchor):
                continue
            url = page.english.removesuffix(".md") + "/"
            entry = out.setdefault(heading.anchor, {"page": url, "title": {}})
            cast(dict[str, Json], entry["title"])[page.language] = heading.title
    return cast(dict[str, Json], out)


def drills(root: Path) -> list[Json]:
    """The suite's showdown cases as finished hands for the drill: game, profiles, setup, and the
    title and explanation in each language (English where a translation is missing). A showdown
    the contract refuses (its expected answer is an error) has no award to work out and is left out."""
    cases, _bad = load_cases([root / "conformance" / "vectors"])
    out: list[Json] = []
    for case in sorted(cases, key=lambda c: c.id):
        data = case.data
        if case.kind != "showdown" or "error" in cast(dict[str, Json], data["expect"]):
            continue
        i18n = cast(dict[str, dict[str, Json]], data.get("i18n") or {})
        text: dict[str, Json] = {
            lang: {"title": (i18n.get(lang) or {}).get("title", data["title"]),
                   "explanation": (i18n.get(lang) or {}).get("explanation", data["explanation"])}
            for lang in LANGUAGES}
        out.append({"id": case.id, "game": case.game, "profiles": data["profiles"], "setup": data["setup"],
                    "text": text})
    return out


def _profile_names(lang: str) -> Json:
    """The profiles' names in ``lang``, from the viewer's labels (which name them for the viewer too)."""
    own = labels().get(lang)
    return own.get("profile", {}) if isinstance(own, dict) else {}


def play_files(root: Path) -> dict[str, str]:
    """Every file of ``play-data/`` (name -> text) for the checkout at ``root``."""
    words = table()

    def own(section: str, lang: str) -> dict[str, Json]:
        return {key: entry.get(lang) or entry["en"] for key, entry in words[section].items()}

    by_lang: dict[str, Json] = {lang: {**own("play", lang), "profile_names": _profile_names(lang)}
                                for lang in LANGUAGES}
    return {"rules.json": _compact(rule_pages(root)), "words.json": _compact(by_lang),
            "drill.json": _compact(drills(root))}


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Read the rules, words and cases once per build, before the first language."""
    if not _building_translation(config):
        root = Path(config.config_file_path).resolve().parent
        _root[:] = [root]
        _files.clear()
        _files.update(play_files(root))
    return config


@event_priority(-150)
def on_post_build(config: MkDocsConfig) -> None:
    """Write the data and the engine's modules once, after every language is built."""
    if _building_translation(config):
        return
    site = Path(config.site_dir)
    folder = site / DATA_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in _files.items():
        (folder / name).write_text(text, encoding="utf-8")
    engine = site / ENGINE_DIR / "lib"
    if engine.exists():
        shutil.rmtree(engine)
    shutil.copytree(_root[0] / ENGINE, engine, ignore=shutil.ignore_patterns("*.ts", "*.map"))
