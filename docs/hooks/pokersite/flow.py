"""The flow of a hand of each game, drawn as an SVG at the top of every page of its chapter: the deal,
the betting rounds, the draws or the auctions, the declaration, the showdown and the award, each
with the amounts of the game's default profile (``pokerspec.<game>.profiles``) and its words in the
page's language (``[flow]`` of ``words.toml``, following the glossary). On a section page the
stages that section specifies are highlighted; on the profiles page, the stages the other profiles
change. The diagram keeps its size and scrolls sideways on a narrow screen (``.ps-flow`` in
``pokerspec.css``), and it is kept out of the search index."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from html import escape

from pokerspec.archie.deal import DRAWS, HAND
from pokerspec.archie.table import BETTING_ROUNDS, ArchieRules, NoQualifier, unit
from pokerspec.auction.setup import AuctionRules, FailedBoth
from pokerspec.core.cards import RANK_CHARS
from pokerspec.core.types import RuleId
from pokerspec.profiles import Profile, all_profiles, default_profile
from pokerspec.stud.profiles import StudRules

from .words import table

FLOW_CLASS = "ps-flow"
HERE_CLASS = "ps-flow-here"
"""The class of a highlighted stage (a stage the page specifies)."""
FLOW_GAMES = ("archie", "auction", "stud")
"""The chapters that have a flow; the core chapter is shared by the games and has none."""

Say = tuple[str, Mapping[str, object]]
"""A ``[flow]`` entry of ``words.toml`` and the values of its placeholders."""


@dataclass(frozen=True, slots=True)
class Stage:
    """One box of the diagram: its name, its lines (amounts and choices), the sections of the
    chapter that specify it and the rules it shows."""

    name: Say
    lines: tuple[Say, ...]
    sections: tuple[str, ...]
    rules: tuple[RuleId, ...]


def _stage(name: Say, lines: tuple[Say, ...], sections: str, *rules: str) -> Stage:
    """A stage; ``sections`` are the stems of its sections, space-separated."""
    return Stage(name, lines, tuple(sections.split()), tuple(RuleId(r) for r in rules))


def _archie(rules: ArchieRules) -> list[Stage]:
    """Blinds, the deal, four betting rounds with a draw after each of the first three, the
    showdown with the two qualifiers and the award (``archie.deal.draws``)."""
    blinds = {"small": rules.small_blind, "big": rules.big_blind}
    out = [_stage(("blinds", {}), (("blinds_amounts", blinds),), "01-table", "archie.table.blinds"),
           _stage(("deal", {}), (("cards_down", {"n": HAND}),), "02-deal", "archie.deal.order")]
    for n in range(BETTING_ROUNDS):
        bets: tuple[Say, ...] = (("bet_unit", {"unit": unit(rules, n)}), ("cap", {"raises": rules.cap - 1}))
        out.append(_stage(("betting_n", {"n": n + 1}), bets, "03-betting",
                          "archie.table.limits", "archie.table.cap"))
        if n < DRAWS:
            out.append(_stage(("draw_n", {"n": n + 1}), (("discard", {"n": HAND}),), "02-deal",
                              "archie.deal.draws", "archie.deal.discard"))
    high: Say = ("high_pair", {"rank": RANK_CHARS[rules.high_pair - 2]})
    nobody = "nobody_best_high" if rules.no_qualifier is NoQualifier.BEST_HIGH else "nobody_equal"
    out += [_stage(("showdown", {}), (high, ("low_eight", {})), "04-showdown 05-qualifiers",
                   "archie.qualify.high", "archie.qualify.low"),
            _stage(("award", {}), (("split_high_low", {}), (nobody, {})), "06-award",
                   "archie.award.split", "archie.award.nobody")]
    return out


def _auction(rules: AuctionRules) -> list[Stage]:
    """The ante and the hole cards, the five auctions, one betting round, the declaration and the
    award."""
    failed = "both_shut_out" if rules.failed_both is FailedBoth.EXCLUDE else "both_rides"
    bids: Say = ("bids", {"low": rules.min_bid, "high": rules.max_bid})
    bets: tuple[Say, ...] = (("bet_unit", {"unit": rules.bet_unit}), ("cap", {"raises": rules.max_raises}))
    return [
        _stage(("ante", {}), (("each", {"amount": rules.ante}),), "01-setup", "auction.setup.ante"),
        _stage(("deal", {}), (("cards_down", {"n": rules.hole_cards}),), "01-setup", "auction.setup.deal"),
        _stage(("auctions", {"n": rules.auctions}), (("row_up", {}), bids), "02-auctions",
               "auction.auction.rows", "auction.auction.bid"),
        _stage(("betting", {}), bets, "03-betting", "auction.setup.limits", "auction.betting.cap"),
        _stage(("declaration", {}), (("declare_choices", {}),), "04-declaration", "auction.declare.choices"),
        _stage(("award", {}), (("split_high_low", {}), (failed, {})), "05-award",
               "auction.award.division", "auction.award.carry"),
    ]


def _stud(rules: StudRules) -> list[Stage]:
    """The ante, third street with the bring-in, fourth to seventh street and the showdown
    (``stud.deal.order``, ``stud.streets.cards``, ``stud.streets.limits``)."""
    cap: Say = ("cap", {"raises": rules.raises})
    bring_in: Say = ("bring_in", {"small": rules.bring_in, "full": rules.small_bet})
    out = [_stage(("ante", {}), (("each", {"amount": rules.ante}),), "02-bringin", "stud.bringin.ante"),
           _stage(("street_3", {}), (("down_up", {"down": 2, "up": 1}), bring_in, cap), "01-deal 02-bringin",
                  "stud.deal.order", "stud.bringin.forced", "stud.streets.cap")]
    for street in range(4, 8):
        bet: Say = ("bet_unit", {"unit": rules.small_bet if street <= 4 else rules.big_bet})
        if street < 7:
            out.append(_stage((f"street_{street}", {}), (("one_up", {}), bet, cap), "03-streets",
                              "stud.streets.cards", "stud.streets.limits", "stud.streets.cap"))
        else:
            out.append(_stage((f"street_{street}", {}), (("one_down", {}), bet, cap),
                              "03-streets 04-running-out", "stud.streets.cards", "stud.streets.limits",
                              "stud.streets.cap", "stud.runout.common"))
    out.append(_stage(("showdown", {}), (("best_five", {}), ("side_pots", {})), "05-allin 06-showdown",
                      "stud.showdown.order", "stud.showdown.odd-chip", "stud.showdown.award",
                      "stud.allin.pots"))
    return out


PROFILE_SECTIONS = {"archie": "07-profiles", "auction": "06-profiles", "stud": "07-profiles"}
"""The section of each chapter that lists its profiles."""


def stages(game: str) -> list[Stage]:
    """The stages of a hand of ``game`` with the amounts of its default profile."""
    rules = default_profile(game).rules
    if isinstance(rules, ArchieRules):
        return _archie(rules)
    if isinstance(rules, AuctionRules):
        return _auction(rules)
    if isinstance(rules, StudRules):
        return _stud(rules)
    raise ValueError(f"no flow for the game {game!r}")


def changed_rules(game: str) -> frozenset[RuleId]:
    """The rules the game's other profiles change."""
    profiles: list[Profile[object]] = [p for p in all_profiles().values() if p.game == game]
    return frozenset(rule for p in profiles for rule in p.changes)


def say(lang: str, said: Say) -> str:
    """A ``[flow]`` entry in ``lang`` (English when missing), placeholders filled."""
    entry = table()["flow"][said[0]]
    return (entry.get(lang) or entry["en"]).format(**said[1])


def highlighted(game: str, section: str) -> list[bool]:
    """Which stages a page of the chapter highlights: those its section specifies; on the profiles
    page, those whose rules another profile changes; none on the chapter's index."""
    changed = changed_rules(game) if section == PROFILE_SECTIONS[game] else frozenset()
    return [section in s.sections or bool(changed & set(s.rules)) for s in stages(game)]


TITLE_PX = 14
LINE_PX = 13
EM = 0.58
"""A generous average advance of a character, in ems, to size a box to its longest line."""
PAD = 10
GAP = 22
"""The room between two boxes, where the arrow is."""
MIN_BOX = 96


def _width(text: str, px: int) -> int:
    return int(len(text) * px * EM) + 1


def flow_html(game: str, lang: str, section: str, page_url: str) -> str:
    """The diagram of ``game`` for the page ``section`` (``index`` or a section's stem such as
    ``02-deal``) whose URL is ``page_url``, in ``lang``: every stage a box linked to the section
    that specifies it, joined by arrows, and a note naming the profile whose stakes it shows."""
    shown = stages(game)
    here = highlighted(game, section)
    texts = [(say(lang, s.name), [say(lang, line) for line in s.lines]) for s in shown]
    widths = [max(MIN_BOX, _width(name, TITLE_PX) + 2 * PAD, *(_width(t, LINE_PX) + 2 * PAD for t in lines))
              for name, lines in texts]
    rows = max(len(lines) for _, lines in texts)
    height = PAD + TITLE_PX + 8 + rows * (LINE_PX + 5) + PAD
    total = sum(widths) + GAP * (len(widths) - 1) + 2
    page_dir = page_url if page_url.endswith("/") else posixpath.dirname(page_url) + "/"
    chapter_dir = page_dir if section == "index" else posixpath.dirname(page_dir.rstrip("/")) + "/"
    title = escape(say(lang, ("title", {})))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height + 2}" '
             f'viewBox="0 0 {total} {height + 2}" role="img" aria-labelledby="ps-flow-title">',
             f'<title id="ps-flow-title">{title}</title>',
             '<defs><marker id="ps-flow-arrow" viewBox="0 0 8 8" refX="7" refY="4" markerWidth="8" '
             'markerHeight="8" orient="auto"><path d="M0,0 L8,4 L0,8 z"/></marker></defs>']
    x = 1
    for i, (stage, (name, lines)) in enumerate(zip(shown, texts, strict=True)):
        w = widths[i]
        href = posixpath.relpath(chapter_dir + stage.sections[0] + "/", page_dir) + "/"
        cls = f' class="ps-flow-stage {HERE_CLASS}"' if here[i] else ' class="ps-flow-stage"'
        rules = " ".join(stage.rules)
        parts.append(f'<a href="{escape(href)}"{cls} data-rules="{rules}">'
                     f'<rect x="{x}" y="1" width="{w}" height="{height}" rx="6"/>'
                     f'<text class="ps-flow-name" x="{x + PAD}" y="{1 + PAD + TITLE_PX}" '
                     f'font-size="{TITLE_PX}">{escape(name)}</text>')
        for n, line in enumerate(lines):
            y = 1 + PAD + TITLE_PX + 8 + (n + 1) * (LINE_PX + 5) - 5
            parts.append(f'<text class="ps-flow-line" x="{x + PAD}" y="{y}" font-size="{LINE_PX}">'
                         f'{escape(line)}</text>')
        parts.append("</a>")
        if i + 1 < len(shown):
            mid = 1 + height // 2
            parts.append(f'<line x1="{x + w + 2}" y1="{mid}" x2="{x + w + GAP - 2}" y2="{mid}" '
                         'marker-end="url(#ps-flow-arrow)"/>')
        x += w + GAP
    parts.append("</svg>")
    profile = default_profile(game).name
    note = escape(say(lang, ("note", {"profile": "\x00"}))).replace("\x00", f"<code>{profile}</code>")
    return (f'<div class="{FLOW_CLASS}" data-search-exclude data-game="{game}" data-profile="{profile}">'
            f'<div class="ps-flow-scroll" tabindex="0">{"".join(parts)}</div>'
            f'<p class="ps-flow-note">{note}</p></div>')


def with_flow(markdown: str, game: str, lang: str, section: str, page_url: str) -> str:
    """The page's Markdown with the diagram after its title."""
    lines = markdown.split("\n")
    at = next((i + 1 for i, line in enumerate(lines) if line.startswith("# ")), 0)
    block = ["", flow_html(game, lang, section, page_url), ""]
    return "\n".join(lines[:at] + block + lines[at:])
