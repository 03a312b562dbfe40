"""Every word the site generates, in the four languages of the site: its own phrases and the names
of the case format's data keys and values in ``words.toml``, and the names of the tokens the hand
viewer names too (phases, rejection reasons, categories, declarations, error codes, rankings, case
kinds) from the viewer's labels, ``pokerspec/viewer/labels.json``, so that a panel and the viewer
call a token by the same name. The labels are the runtime package's data (``pokerspec view`` needs
them); the site reads them, never the other way round."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path
from typing import cast

from pokerspec.core.game import Json
from pokerspec.profiles import all_profiles
from pokerspec.traceability import LANGUAGES
from pokerspec.viewer.page import labels

WORDS = Path(__file__).with_name("words.toml")
SECTIONS = ("label", "key", "value", "topic")
"""``label``: the site's own phrases; ``key``: names of case data keys; ``value``: names of the
other values of the case format (results, awards, winners labels, odd-chip rules, verdicts);
``topic``: case folders that pin no single spec section."""
VIEWER_SECTIONS = ("phase", "reason", "category", "dec", "setup_error", "ranking", "kind", "profile")
"""The token sections named by the viewer's labels. A reason there is ``[short, long]``; a phase
may be named by its pattern (``bet-n`` names ``bet-1`` ... with ``{n}``)."""
_NUMBERED = re.compile(r"([a-z]+)-(\d+)")

Table = dict[str, dict[str, dict[str, str]]]
"""section -> key -> language -> text."""


@cache
def table(path: Path = WORDS) -> Table:
    """The words file, read once; every entry is a table of language to text."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out: Table = {}
    for section, entries in data.items():
        if not isinstance(entries, dict):
            raise ValueError(f"{path}: [{section}] is not a table")
        out[section] = {}
        for key, langs in entries.items():
            if not isinstance(langs, dict) or not all(isinstance(v, str) for v in langs.values()):
                raise ValueError(f"{path}: {section}.{key} must map languages to text")
            out[section][key] = {str(k): str(v) for k, v in langs.items()}
    return out


def missing_translations(words: Table) -> list[str]:
    """``section.key: lang`` for every entry that lacks one of the site's languages."""
    return [f"{section}.{key}: {lang}" for section, entries in words.items() for key, langs in entries.items()
            for lang in LANGUAGES if not langs.get(lang)]


def unnamed_profiles(all_labels: Mapping[str, Json]) -> list[str]:
    """``profile: lang`` for every profile of ``pokerspec profiles`` without a name in a language
    in the viewer's labels (``labels()``), which name the profiles for the viewer and the site."""
    def named(name: str, lang: str) -> bool:
        own = all_labels.get(lang)
        names = own.get("profile") if isinstance(own, dict) else None
        return isinstance(names, dict) and bool(names.get(name))
    return [f"{name}: {lang}" for name in all_profiles() for lang in LANGUAGES if not named(name, lang)]


@dataclass(frozen=True, slots=True)
class Words:
    """The words of one language; English stands in for a missing entry."""

    lang: str

    def __call__(self, key: str, **values: object) -> str:
        """A label (``[label]``), with ``{name}`` placeholders filled in."""
        text = _pick(table()["label"][key], self.lang)
        return text.format(**values) if values else text

    def key(self, key: str) -> str:
        """The name of a case data key; an unknown key is shown as it is."""
        entry = table()["key"].get(key)
        return _pick(entry, self.lang) if entry else key

    def name(self, section: str, token: str) -> str | None:
        """The name of a token of the case format, or None when neither the words file nor the
        viewer's labels have one."""
        if section in VIEWER_SECTIONS:
            return viewer_name(section, token, self.lang)
        entry = table().get(section, {}).get(token)
        return _pick(entry, self.lang) if entry else None

    def token(self, section: str, token: str) -> str:
        """HTML for a token: its name in this language with the token as a tooltip, or the token as
        code when it has no name."""
        name = self.name(section, token)
        if name is None:
            return f"<code>{escape(token)}</code>"
        return f'<span class="ps-token" title="{escape(token)}">{escape(name)}</span>'

    def english(self, html: str, block: bool = False) -> str:
        """Text that is still English on a page of another language: marked ``lang="en"`` and
        labelled visibly. On an English page it is returned as it is."""
        if self.lang == "en":
            return html
        tag = "div" if block else "span"
        return (f'<{tag} class="ps-en" lang="en" data-ps-en="{escape(self("english"))}" '
                f'title="{escape(self("untranslated"))}">{html}</{tag}>')


    def prose(self, text: str) -> str:
        """HTML for a translated sentence of a case (title, explanation, note): escaped, and the
        names of the case format it quotes as they are (``malformed``, ``winners``, a profile such
        as ``stud-odd-chip-suit``) shown as code, since they are notation, not English."""
        return _quoted_names(self.lang).sub(lambda m: f"<code>{m.group(0)}</code>", escape(text, quote=False))

    def markdown_prose(self, markdown: str) -> str:
        """Translated Markdown (a ruling's question) with the format's names it quotes as code,
        outside its code spans."""
        parts = re.split(r"(`[^`]*`)", markdown)
        quoted = _quoted_names(self.lang)
        return "".join(part if i % 2 else quoted.sub(lambda m: f"`{m.group(0)}`", part)
                       for i, part in enumerate(parts))


@cache
def format_names() -> frozenset[str]:
    """The names of the case format: data keys and values, the tokens and verbs the viewer names,
    profiles (with and without their game: ``stud-last-aggressor``, ``last-aggressor``)."""
    english = cast(Mapping[str, Json], labels()["en"])
    viewer = {str(t) for section in (*VIEWER_SECTIONS, "verb") if isinstance(english.get(section), dict)
              for t in cast(Mapping[str, Json], english[section])}
    words = {k for section in ("key", "value") for k in table().get(section, {})}
    profiles = {p for name in all_profiles() for p in (name, name.partition("-")[2]) if p}
    return frozenset(words | viewer | profiles | {"all", "high", "low"})


@cache
def _quoted_names(lang: str) -> re.Pattern[str]:
    """The format's names that are not words of ``lang`` (French ``phase`` is a word), longest first."""
    vocabulary = {w.lower() for section in table().values() for entry in section.values()
                  for w in re.findall(r"[\w-]+", entry.get(lang, ""))}
    quoted = [n for n in format_names() if n not in vocabulary and re.fullmatch(r"[a-z][a-z0-9_-]+", n)]
    names = sorted(quoted, key=len, reverse=True)
    return re.compile(r"(?<![\w.-])(?:" + "|".join(map(re.escape, names)) + r")(?![\w-]|\.\w)")


def _pick(entry: dict[str, str], lang: str) -> str:
    return entry.get(lang) or entry["en"]


def viewer_name(section: str, token: str, lang: str) -> str | None:
    """A token's name in the viewer's labels (``section`` one of ``VIEWER_SECTIONS``), as the site
    writes it inside a sentence: a reason's short name, a phase's name with a lower-case initial."""
    table = labels()
    own = cast(Mapping[str, Json], table.get(lang) or table["en"]).get(section)
    names = cast(Mapping[str, Json], own) if isinstance(own, dict) else {}
    entry = names.get(token)
    numbered = _NUMBERED.fullmatch(token)
    if entry is None and numbered and isinstance(names.get(f"{numbered.group(1)}-n"), str):
        entry = str(names[f"{numbered.group(1)}-n"]).format(n=numbered.group(2))
    if isinstance(entry, list) and entry:
        entry = entry[0]
    if not isinstance(entry, str):
        return None
    return entry[:1].lower() + entry[1:] if section == "phase" else entry
