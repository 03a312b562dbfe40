"""The flow of a hand on every page of each game's chapter (``pokersite.flow``), in the built site:
one diagram a page, in the page's language (its words from ``words.toml`` and the glossary's terms),
with the amounts of the game's default profile read here from its rules object, the stages that the
page specifies highlighted, each stage linking to a page that exists, and nothing of it in the
search index. The browser test (``test_site_browser.py``) checks that it reads at 390 px."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pokersite.glossary import read_glossary
from pokersite.words import table
from pokerspec.archie.profiles import BARGE
from pokerspec.auction.profiles import SEED
from pokerspec.profiles import default_profile
from pokerspec.stud.profiles import TRAINING
from pokerspec.traceability import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("archie", "auction", "stud")


@dataclass
class Stage:
    attrs: dict[str, str | None]
    name: str = ""
    lines: list[str] = field(default_factory=list)

    @property
    def here(self) -> bool:
        return "ps-flow-here" in (self.attrs.get("class") or "").split()


class FlowParser(HTMLParser):
    """The diagrams of a page (their attributes) and their stages."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.flows: list[dict[str, str | None]] = []
        self.stages: list[Stage] = []
        self.text_class: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "div" and "ps-flow" in (a.get("class") or "").split():
            self.flows.append(a)
        elif tag == "a" and "ps-flow-stage" in (a.get("class") or "").split():
            self.stages.append(Stage(a))
        elif tag == "text" and self.stages:
            self.text_class = a.get("class")

    def handle_endtag(self, tag: str) -> None:
        if tag == "text":
            self.text_class = None

    def handle_data(self, data: str) -> None:
        if self.text_class == "ps-flow-name":
            self.stages[-1].name = data
        elif self.text_class == "ps-flow-line":
            self.stages[-1].lines.append(data)


def chapter_pages(game: str) -> list[str]:
    """The English names of a game's chapter pages: ``index`` and the sections' stems."""
    return sorted(p.name.removesuffix(".md") for p in (ROOT / "spec" / game).glob("*.md")
                  if p.name.count(".") == 1)


def page_file(site_dir: Path, lang: str, game: str, page: str) -> Path:
    folder = site_dir / ("" if lang == "en" else lang) / "spec" / game
    return (folder if page == "index" else folder / page) / "index.html"


def parsed(site_dir: Path, lang: str, game: str, page: str) -> FlowParser:
    parser = FlowParser()
    parser.feed(page_file(site_dir, lang, game, page).read_text(encoding="utf-8"))
    return parser


def numbers(lines: list[str]) -> list[int]:
    return [int(n) for line in lines for n in re.findall(r"\d+", str(line))]


EXPECTED_NUMBERS = {
    # The numbers of each stage's lines, in order, from the default profiles' rules objects: the
    # blinds, the cards dealt, each round's bet and its raises, a draw's 0 to 5 cards, the qualifier.
    "archie": [[BARGE.small_blind, BARGE.big_blind], [5],
               [BARGE.small_bet, BARGE.cap - 1], [0, 5], [BARGE.small_bet, BARGE.cap - 1], [0, 5],
               [BARGE.big_bet, BARGE.cap - 1], [0, 5], [BARGE.big_bet, BARGE.cap - 1],
               [BARGE.high_pair], []],
    "auction": [[SEED.ante], [SEED.hole_cards], [SEED.min_bid, SEED.max_bid],
                [SEED.bet_unit, SEED.max_raises], [], []],
    "stud": [[TRAINING.ante], [2, 1, TRAINING.bring_in, TRAINING.small_bet, TRAINING.raises],
             [1, TRAINING.small_bet, TRAINING.raises], [1, TRAINING.big_bet, TRAINING.raises],
             [1, TRAINING.big_bet, TRAINING.raises], [1, TRAINING.big_bet, TRAINING.raises], []],
}
STAGE_NAMES = {
    "archie": ["blinds", "deal", "betting_n", "draw_n", "betting_n", "draw_n", "betting_n", "draw_n",
               "betting_n", "showdown", "award"],
    "auction": ["ante", "deal", "auctions", "betting", "declaration", "award"],
    "stud": ["ante", "street_3", "street_4", "street_5", "street_6", "street_7", "showdown"],
}
TERMS = {"showdown": "showdown", "ante": "ante", "betting_n": "betting-round", "betting": "betting-round",
         "draw_n": "draw", "auctions": "auction", "street_3": "street", "street_7": "street"}
"""Stages whose name is a glossary term: the name holds the term's first word in its language."""


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_chapter_page_has_its_flow(site_dir: Path, game: str, lang: str) -> None:
    words = table()["flow"]
    glossary = {t.id: t.words for t in read_glossary(ROOT / "spec" / "glossary.toml").terms}
    for page in chapter_pages(game):
        flow = parsed(site_dir, lang, game, page)
        where = f"{lang} {game}/{page}"
        assert len(flow.flows) == 1, f"{where}: {len(flow.flows)} flow diagrams"
        assert flow.flows[0].get("data-profile") == default_profile(game).name, where
        assert "data-search-exclude" in flow.flows[0], where
        names = [s.name for s in flow.stages]
        keys = STAGE_NAMES[game]
        assert len(names) == len(keys), f"{where}: stages {names}"
        for name, key in zip(names, keys, strict=True):
            pattern = re.escape(words[key][lang]).replace(re.escape("{n}"), r"\d+")
            assert re.fullmatch(pattern, name), f"{where}: stage {name!r} is not [flow].{key} in {lang}"
            if key in TERMS:
                term = glossary[TERMS[key]][lang].split(",")[0].split(" (")[0].split()[0].lower()
                assert term[:4] in name.lower(), f"{where}: {name!r} does not use the glossary's {term!r}"
        assert [numbers(s.lines) for s in flow.stages] == EXPECTED_NUMBERS[game], where
        if lang == "ru":
            latin = [line for s in flow.stages for line in [s.name, *s.lines]
                     if not re.search("[а-яё]", line, re.IGNORECASE)]
            assert not latin, f"{where}: labels not in Russian: {latin}"
        if lang != "en":
            english = parsed(site_dir, "en", game, page)
            same = [s.name for s, e in zip(flow.stages, english.stages, strict=True)
                    if s.lines == e.lines and s.lines]
            assert not same, f"{where}: stages with their English lines: {same}"


@pytest.mark.parametrize("game", GAMES)
def test_the_page_stages_are_highlighted_and_linked(site_dir: Path, game: str) -> None:
    """A section page highlights the stages it specifies (the betting section its betting rounds);
    the chapter's index none; every stage links to a built page of the chapter."""
    for page in chapter_pages(game):
        flow = parsed(site_dir, "ru", game, page)
        here = [s.name for s in flow.stages if s.here]
        if page == "index":
            assert not here, f"{game} index highlights {here}"
        elif page.endswith("-betting") or page == "03-streets":
            assert here and all(re.search(r"торговли|улица", h) for h in here), f"{game}/{page}: {here}"
        elif not page.endswith("profiles"):
            assert here, f"{game}/{page} highlights no stage"
        base = page_file(site_dir, "ru", game, page).parent
        for stage in flow.stages:
            href = stage.attrs.get("href") or ""
            target = Path(posixpath.normpath(base / href)) / "index.html"
            assert target.is_file(), f"{game}/{page}: the stage link {href} leads nowhere"


def test_profiles_pages_highlight_what_the_other_profiles_change(site_dir: Path) -> None:
    """Archie's Pagat profile changes the high qualifier and the award when nobody qualifies."""
    flow = parsed(site_dir, "en", "archie", "07-profiles")
    here = [s.name for s in flow.stages if s.here]
    assert here == ["Showdown", "Award"]


def test_the_flow_stays_out_of_the_search_index(site_dir: Path) -> None:
    index = (site_dir / "ru" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "до 3 повышений" not in index and "Ход раздачи" not in index
