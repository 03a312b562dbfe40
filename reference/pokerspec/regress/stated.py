"""Sentences that state a profile parameter's value, in any of the four languages.

Each ``Statement`` is a way the project's prose writes a parameter's value: a pattern whose
slots (``{max_bid}``, ``{reserve}``, ``{high_pair:rank}``) are the parameters, written in digits
or in words ("a bid of 1, 2 or 3 chips", "au moins 20 jetons", "пара шестёрок"). ``statements``
finds every one in the spec, the site's pages (reader-facing and maintainer), the rulings, the
profile summaries and the compliance findings, and reads the value each slot states;
``stale`` keeps those that state a value no profile of the game has, so a rule change that
leaves a sentence behind fails ``conformance/suites/regress/test_regress_stated.py`` with the
file and line, and ``pokerspec where`` lists the sentences that state a rule's parameters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pokerspec.profiles import all_profiles
from pokerspec.regress.moved import shown

NUMBERS: dict[str, dict[str, int]] = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12},
    "ru": {"один": 1, "одна": 1, "одну": 1, "одного": 1, "два": 2, "две": 2, "двух": 2, "три": 3, "трёх": 3,
           "трех": 3, "четыре": 4, "четырёх": 4, "четырех": 4, "пять": 5, "пяти": 5, "шесть": 6, "шести": 6,
           "семь": 7, "семи": 7, "восемь": 8, "восьми": 8, "девять": 9, "девяти": 9, "десять": 10,
           "десяти": 10},
    "pt": {"um": 1, "uma": 1, "dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
           "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12},
    "fr": {"un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8,
           "neuf": 9, "dix": 10, "onze": 11, "douze": 12},
}
"""Cardinal number words as the prose writes amounts."""
RANKS: dict[str, dict[str, int]] = {
    "en": {"twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6, "sevens": 7, "eights": 8, "nines": 9,
           "tens": 10, "jacks": 11, "queens": 12, "kings": 13, "aces": 14},
    "ru": {"двоек": 2, "троек": 3, "четвёрок": 4, "пятёрок": 5, "шестёрок": 6, "шестерок": 6, "семёрок": 7,
           "семерок": 7, "восьмёрок": 8, "восьмерок": 8, "девяток": 9, "десяток": 10, "валетов": 11,
           "дам": 12, "королей": 13, "тузов": 14},
    "pt": {"dois": 2, "três": 3, "quatros": 4, "cincos": 5, "seis": 6, "setes": 7, "oitos": 8, "noves": 9,
           "dez": 10, "valetes": 11, "damas": 12, "reis": 13, "ases": 14},
    "fr": {"deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9,
           "dix": 10, "valets": 11, "dames": 12, "rois": 13, "as": 14},
}
"""A pair of each rank as the prose names it ("a pair of sixes")."""
GENERATED = ("docs/reference/",)
"""Pages the site build writes from the spec, the rulings and the cases (read at their source;
a case page states its own case's stakes, which the case prose test checks)."""
RULINGS = {"ARC": "archie", "AUC": "auction", "STUD": "stud"}
"""The game of a ruling, by its ID's prefix (``spec/rulings.toml``)."""
GAME_WORDS = {"auction": r"auction|аукцион|leil[ãa]o|ench[èe]re", "archie": r"archie|арчи",
              "stud": r"stud|стад"}


@dataclass(frozen=True, slots=True)
class Statement:
    """One way the prose states parameters of ``game``: ``pattern`` (a regular expression, case
    ignored, with ``{parameter}`` or ``{parameter:rank}`` slots), on lines matching ``context``
    when given; each parameter fills one slot. A statement applies to the files of its game,
    and to a file of no game (core pages, the site's index) on a line that names the game or
    matches ``context``."""

    game: str
    pattern: str
    context: str = ""


BID = r"\bbids?\b|заявк|\blances?\b|\boffres?\b|auctions? of|\d a \d em cinco leil"
"""A line about bids: the words for a bid, or the seed's summary ("1 a 3 em cinco leilões")."""
STATEMENTS = (
    # Auction: the sealed bids' range, the reserve, and the arithmetic behind it.
    Statement("auction", r"{min_bid}(?:, \d+)+ (?:or|или|ou) {max_bid}\b", BID),
    Statement("auction", r"(?:\b(?:from|de|от) )?{min_bid} (?:to|à|a|до) {max_bid}\b", BID),
    Statement("auction", r"\b{min_bid}[–-]{max_bid}\b", BID),
    Statement("auction", r"\({auctions} × {max_bid}\)"),
    Statement("auction", r"\bcap of {max_bid}\b", BID),
    Statement("auction", r"(?:at least|fewer than|не меньше|меньше|au moins|moins de|pelo menos|menos de) "
                         r"{reserve} (?:chips|фиш\w*|jetons|fichas)"),
    Statement("auction", r"{reserve}-chip reserve"),
    Statement("auction", r"(?:reserve|réserve|reserva|запас|резерв) (?:of |de |в ){reserve}\b"),
    # Archie: the reserve and the high qualifier.
    Statement("archie", r"(?:at least|fewer than|не меньше|меньше|au moins|moins de|pelo menos|menos de) "
                        r"{reserve} (?:chips|фиш\w*|jetons|fichas)"),
    Statement("archie", r"(?:reserve|réserve|reserva|запас|резерв)\w* (?:of |de |в ){reserve}\b"),
    Statement("archie", r"(?:at least|хотя бы|как минимум|не ниже|pelo menos|au moins|weaker than|"
                        r"слабее|inferior a|inférieure à) (?:a |one |une |um )?"
                        r"(?:pair of|пар[аыуе]|par de|paire de) {high_pair:rank}"),
    Statement("archie", r"(?:pair of|пар[аыуе]|par de|paire de) {high_pair:rank} (?:or better|или лучше|"
                        r"ou melhor|ou mieux|for high|для хай|para a alta|pour le haut)"),
    # Stud: the stakes of the training table.
    Statement("stud", r"\b(?:bets|ставки|apostas|mises) {small_bet}/{big_bet}\b"),
    Statement("stud", r"\bante {ante}, bring-in {bring_in}\b"),
)


Values = dict[str, dict[str, set[str]]]
"""Each game's parameters and their values across its profiles, as shown."""


@dataclass(frozen=True, slots=True)
class Stated:
    """One sentence (a line) stating parameters: where, which values it states, and the values
    the game's profiles have."""

    path: str
    line: int
    game: str
    states: dict[str, int]
    text: str

    def stale(self, values: Values | None = None) -> dict[str, int]:
        """The parameters whose stated value no profile of the game has (``values``: the
        parameters' values by game, default the profiles')."""
        have = (values or {}).get(self.game) or profile_values(self.game)
        return {name: value for name, value in self.states.items() if str(value) not in have.get(name, set())}


@cache
def profile_values(game: str) -> dict[str, set[str]]:
    """Each numeric parameter of the game and its values across the profiles, as shown."""
    found: dict[str, set[str]] = {}
    for profile in all_profiles().values():
        if profile.game == game:
            rules = profile.rules
            for name in getattr(type(rules), "__dataclass_fields__", {}):
                found.setdefault(name, set()).add(shown(getattr(rules, name)))
    return found


def language(path: Path) -> str:
    """A page's language: ``x.ru.md`` Russian, ``x.md`` English."""
    parts = path.name.split(".")
    return parts[-2] if len(parts) > 2 and parts[-2] in NUMBERS else "en"


def _slot(name: str, kind: str, langs: tuple[str, ...]) -> str:
    words = {w for lang in langs for w in (RANKS if kind == "rank" else NUMBERS)[lang]}
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return rf"(?P<{name}>\d+|{alternatives})" if kind != "rank" else rf"(?P<{name}>{alternatives})"


@cache
def compile_statement(statement: Statement, langs: tuple[str, ...]) -> re.Pattern[str]:
    def slot(match: re.Match[str]) -> str:
        return _slot(match.group(1), match.group(2) or "n", langs)

    return re.compile(re.sub(r"\{(\w+)(?::(\w+))?\}", slot, statement.pattern), re.IGNORECASE)


def _value(text: str, langs: tuple[str, ...], rank: bool) -> int:
    if text.isdigit():
        return int(text)
    table = RANKS if rank else NUMBERS
    return next(t[text.lower()] for lang in langs if text.lower() in (t := table[lang]))


def files(root: Path) -> Iterator[Path]:
    """The prose that states parameters: spec and site pages (outside code blocks, which show
    commands and their output), rulings, profile summaries, findings."""
    for folder in ("spec", "docs"):
        yield from (p for p in sorted((root / folder).rglob("*.md")) if "node_modules" not in p.parts
                    and not p.relative_to(root).as_posix().startswith(GENERATED))
    yield root / "spec" / "rulings.toml"
    yield from sorted((root / "reference" / "pokerspec").glob("*/profiles.py"))
    yield root / "reference" / "pokerspec" / "compliance" / "findings.py"


def file_game(rel: str) -> str | None:
    return next((g for g in GAME_WORDS if f"/{g}/" in rel or f"/{g}-" in rel or f"/{g}." in rel), None)


def statements(root: Path) -> list[Stated]:
    """Every sentence of the prose that states a profile parameter's value."""
    found: list[Stated] = []
    for path in files(root):
        if not path.is_file():
            continue
        rel = path.relative_to(root).as_posix()
        lang = language(path)
        langs = tuple(NUMBERS) if path.suffix != ".md" else (lang,)
        game = file_game(rel)
        fenced = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if path.suffix == ".md" and line.lstrip().startswith("```"):
                fenced = not fenced
            if fenced:
                continue
            if path.suffix == ".toml" and (ruling := re.match(r"\[(ARC|AUC|STUD)-\d+\]", line)):
                game = RULINGS[ruling.group(1)]
            for statement in STATEMENTS:
                if game not in (None, statement.game):
                    continue
                if statement.context and not re.search(statement.context, line, re.IGNORECASE):
                    continue
                if game is None and not statement.context and not re.search(
                        GAME_WORDS[statement.game], line, re.IGNORECASE):
                    continue
                rank = {m.group(1) for m in re.finditer(r"\{(\w+):rank\}", statement.pattern)}
                for match in compile_statement(statement, langs).finditer(line):
                    states = {k: _value(v, langs, k in rank) for k, v in match.groupdict().items() if v}
                    found.append(Stated(rel, number, statement.game, states, match.group(0)))
    return found


def stale(root: Path, values: Values | None = None) -> list[str]:
    """``path:line: states max_bid = 3 ("..."); the profiles have 4`` for each sentence left
    behind (``values``: the parameters' values by game, default the profiles')."""
    lines: list[str] = []
    for s in statements(root):
        for name, value in s.stale(values).items():
            have = ", ".join(sorted(((values or {}).get(s.game) or profile_values(s.game)).get(name, set())))
            lines.append(f"{s.path}:{s.line}: states {name} = {value} ({s.text!r}); the {s.game} "
                         f"profiles have {have}")
    return lines
