"""Every word the site generates, in the four languages of the site (``words.toml``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

from pokerspec.traceability import LANGUAGES

WORDS = Path(__file__).with_name("words.toml")
SECTIONS = ("label", "key", "phase", "reason", "category", "value")
"""``label``: the site's own phrases; ``key``: names of case data keys; the others: names of the
tokens of the case format."""

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
        """The name of a token of the case format, or None when the words file has none."""
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


def _pick(entry: dict[str, str], lang: str) -> str:
    return entry.get(lang) or entry["en"]
