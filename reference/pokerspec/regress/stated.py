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
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from pathlib import Path

from pokerspec.profiles import all_profiles
from pokerspec.regress.moved import shown

NUMBERS: dict[str, dict[str, int]] = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12},
    "ru": {"один": 1, "одна": 1, "одну": 1, "одного": 1, "два": 2, "две": 2, "двух": 2, "три": 3, "трёх": 3,
           "трех": 3, "тремя": 3, "четыре": 4, "четырёх": 4, "четырех": 4,
           "пять": 5, "пяти": 5, "шесть": 6, "шести": 6,
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
    ignored, a space standing for any run of white space, a line break included, with
    ``{parameter}``, ``{parameter:rank}`` or ``{parameter:raises}`` slots: a number, a pair's
    rank, the raises after one bet when the parameter counts the bet too), in paragraphs matching
    ``context`` when given; each parameter fills one slot, and ``sets`` names the parameters the
    words alone state (an enum's value as shown: "the tied player who showed first"). A
    statement applies to the files of its game, and to a file of no game (core pages, the site's
    index) in a paragraph that names the game or matches ``context``."""

    game: str
    pattern: str
    context: str = ""
    sets: tuple[tuple[str, str], ...] = ()


BID = r"\bbids?\b|заявк|\blances?\b|\boffres?\b|auctions? of|\d a \d em cinco leil"
"""A paragraph about bids: the words for a bid, or the seed's summary ("1 a 3 em cinco leilões")."""
RAISES = (r"(?:bet|completion|ставк(?:а|и|ой)|дополнение|aposta|complemento|mise|complément)"
          r"(?: \(?(?:or|или|ou) \w+\)?)? (?:and|plus|и|e|et|mais) "
          r"(?:at most |не более (?:чем )?|no máximo |au plus )?{%s} "
          r"(?:raises|повышени(?:й|е|я|ями)|aumentos|relances)")
"""The cap as the prose writes it: a bet (or a completion) and at most three raises."""
SHOWN_FIRST = (("odd_chip_order", "shown-first"), ("odd_chip_rule", "remainder-to-first"))
"""Stud's odd chip in the seed: the whole remainder to the tied player who showed first."""


def row(label: str, *slots: str) -> str:
    """A table row stating parameters: ``| label ... | value |``."""
    return rf"^\| (?:{label})[^|\n]*\|" + "".join(rf" {{{s}}} \|" for s in slots)


ANTE = r"ante|анте"
SMALL_BET = r"small bet|малая ставка|aposta pequena|petite mise"
BIG_BET = r"big bet|большая ставка|aposta grande|grosse mise"
STATEMENTS = (
    # Auction: the players, the ante, the deal, the sealed bids' range, the reserve and the
    # arithmetic behind it, the betting round's unit and cap.
    Statement("auction", r"(?:\b(?:from|от|de) )?{min_players} (?:to|до|a|à) {max_players} "
                         r"(?:players|игроков|jogadores|joueurs)\b"),
    Statement("auction", r"(?:auction|аукционный покер|póquer de leilão|poker aux enchères) "
                         r"(?:от )?{min_players} (?:to|до|a|à) {max_players}\b"),
    Statement("auction", r"(?:receives|получает|recebe|reçoit) {hole_cards} "
                         r"(?:cards face down|карты в закрытую|cartas viradas para baixo|"
                         r"cartes face cachée)"),
    Statement("auction", r"{min_bid}(?:, \d+)+ (?:or|или|ou) {max_bid}\b", BID),
    Statement("auction", r"(?:\b(?:from|de|от) )?{min_bid} (?:to|à|a|до) {max_bid}\b", BID),
    Statement("auction", r"\b{min_bid}[–-]{max_bid}\b", BID),
    Statement("auction", r"\({auctions} × {max_bid}\)"),
    Statement("auction", r"\bcap of {max_bid}\b", BID),
    Statement("auction", r"\b{auctions} (?:auctions|аукцион\w*|leilões|enchères)\b"),
    Statement("auction", r"(?:bets of|ставки по|apostas de|mises de) {bet_unit}\b"),
    Statement("auction", r"(?:raises of|повышениями по|aumentos de|relances de) {bet_unit}\b"),
    Statement("auction", r"failed \"both\" shut out|исключение не выполнившего «оба»|"
                         r"exclusão de quem falha o «ambas»|exclusion de qui échoue aux deux",
              sets=(("failed_both", "exclude"),)),
    Statement("auction", RAISES % "max_raises"),
    Statement("auction", r"(?:at least|fewer than|не меньше|меньше|au moins|moins de|pelo menos|menos de) "
                         r"{reserve} (?:chips|фиш\w*|jetons|fichas)"),
    Statement("auction", r"{reserve}-chip reserve"),
    Statement("auction", r"(?:reserve|réserve|reserva|запас|резерв) (?:of |de |в ){reserve}\b"),
    # Auction and stud: the ante.
    *(Statement(game, pattern) for game in ("auction", "stud") for pattern in (
        rf"\b(?:{ANTE}) (?:of |de |в )?\(?{{ante}}\b(?! ?×)", row(ANTE, "ante"))),
    # Archie and Auction: the odd chip.
    *(Statement(game, r"(?:whole remainder|весь остаток|resto inteiro|reste entier)[^.;\0]*? "
                      r"(?:to the first|первому|para o primeiro|au premier)",
                sets=(("odd_chip", "remainder-to-first"),)) for game in ("archie", "auction")),
    # Archie: the blinds, the units, the cap, the reserve and the high qualifier.
    Statement("archie", r"(?:small blind|малый блайнд|petite blinde) (?:of |в |de )?{small_blind}\b"),
    Statement("archie", r"(?:big blind|большой блайнд|grosse blinde) (?:of |в |de )?{big_blind}\b"),
    Statement("archie", r"(?:bet and raise is|ставка и каждое повышение равны|aposta e cada aumento valem|"
                        r"mise et chaque relance valent) {small_bet} (?:chips|фишкам|fichas|jetons)[^.\0]*? "
                        r"(?:it is|—|valem|elles valent) {big_bet}\b"),
    Statement("archie", RAISES % "cap:raises"),
    Statement("archie", r"whole pot goes to the best ordinary high hand|the best high takes all|"
                        r"весь банк достаётся лучшей обычной хай-руке|всё забирает лучшая хай-рука|"
                        r"pote inteiro vai para a melhor mão alta normal|a melhor alta leva tudo|"
                        r"tout le pot revient à la meilleure main haute ordinaire|"
                        r"le meilleur haut prend tout",
              sets=(("no_qualifier", "best-high"),)),
    Statement("archie", r"(?:at least|fewer than|не меньше|меньше|au moins|moins de|pelo menos|menos de) "
                        r"{reserve} (?:chips|фиш\w*|jetons|fichas)"),
    Statement("archie", r"(?:reserve|réserve|reserva|запас|резерв)\w* (?:of |de |в ){reserve}\b"),
    Statement("archie", r"{reserve}-chip reserve"),
    Statement("archie", r"(?:at least|хотя бы|как минимум|не ниже|pelo menos|au moins|weaker than|"
                        r"слабее|inferior a|inférieure à) (?:a |one |une |um )?"
                        r"(?:pair of|пар[аыуе]|par de|paire de) {high_pair:rank}"),
    Statement("archie", r"(?:pair of|пар[аыуе]|par de|paire de) {high_pair:rank} (?:or better|или лучше|"
                        r"ou melhor|ou mieux|for high|для хай|para a alta|pour le haut)"),
    # Stud: the stakes, the cap and the odd chip.
    Statement("stud", r"\b(?:bets|ставки|apostas|mises) {small_bet}/{big_bet}\b"),
    Statement("stud", r"\b(?:bets|ставки|apostas|mises) (?:of |de |по )?{small_bet} (?:and|и|e|et) "
                      r"{big_bet}\b"),
    Statement("stud", r"\b(?:bring-in|бринг-ин) (?:of |de |в )?{bring_in}\b"),
    Statement("stud", row(r"bring-in|бринг-ин", "bring_in")),
    Statement("stud", rf"\b(?:{SMALL_BET}) (?:of |de )?{{small_bet}}\b"),
    Statement("stud", rf"\b(?:{BIG_BET}) (?:of |de )?{{big_bet}}\b"),
    Statement("stud", row(SMALL_BET, "small_bet")),
    Statement("stud", row(BIG_BET, "big_bet")),
    Statement("stud", RAISES % "raises"),
    Statement("stud", row(r"raises|повышений|aumentos|relances", "raises")),
    Statement("stud", r"tied player who showed first|first (?:tied )?player shown|"
                      r"first of the tied players to show|odd chip to the first hand shown|"
                      r"кто показал карты первым|первому показавшему|"
                      r"empatado que mostrou primeiro|primeiro (?:empatado|jogador) a mostrar|"
                      r"égalité qui a montré le premier|"
                      r"premier joueur (?:à égalité )?(?:qui montre|à montrer)",
              sets=SHOWN_FIRST),
    Statement("stud", r"best board (?:shows )?first|первым открывается лучшая открытая комбинация|"
                      r"лучшая открытая комбинация, затем|melhor mesa (?:mostra )?primeiro|"
                      r"meilleur tableau (?:montre en premier|d'abord)",
              sets=(("show_order", "best-board"),)),
    Statement("stud", r"common card(?: when the stub is short|, burns)|коротком остатке колоды — общая карта|"
                      r"общая карта, сожжённые|carta comum(?: quando o baralho não chega|, queimas)|"
                      r"carte commune(?: quand le talon est trop court|, cartes brûlées)",
              sets=(("running_out", "common-card"),)),
)

ASIDES = re.compile("|".join((
    r"(?:Other published|Другие опубликованные|Outros jogos publicados|D'autres jeux publiés)[^)]*\)",
    r"(?:ещё|mais) (?:четыре|quatro) (?:аукциона|leilões)",
    r"stakes with a bring-in of 0",
    r"\(bets 4/8\)",
    r"bet and two raises",
)).replace(" ", r"\s+"), re.IGNORECASE)
"""Words that state a value no profile has, on purpose, and are read as stating none: other games
called Auction, the auctions after the first, the stakes the rules refuse, a check's own stakes,
the misreadings of the cap that the mutants make."""


Values = dict[str, dict[str, set[str]]]
"""Each game's parameters and their values across its profiles, as shown."""


@dataclass(frozen=True, slots=True)
class Stated:
    """One sentence stating parameters: where (the line it begins on), which values it states (a
    number, or an enum's value as shown), and the words that state them."""

    path: str
    line: int
    game: str
    states: dict[str, int | str]
    text: str

    def stale(self, values: Values | None = None) -> dict[str, int | str]:
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


SLOT = re.compile(r"\{(\w+)(?::(\w+))?\}")
"""A parameter's slot in a statement's pattern: ``{name}`` or ``{name:kind}``."""


BOUND = r"(?![.,]\d| \d{3}\b)(?!\s+(?:or more|or less|или больше|ou mais|ou plus))"
"""What a number in a statement is not followed by: more digits (50,000 or 50 000) or "or more"
(a bound)."""


def _slot(name: str, kind: str, langs: tuple[str, ...]) -> str:
    words = {w for lang in langs for w in (RANKS if kind == "rank" else NUMBERS)[lang]}
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return rf"\b(?P<{name}>\d+{BOUND}|{alternatives})" if kind != "rank" else rf"\b(?P<{name}>{alternatives})"


@cache
def compile_statement(statement: Statement, langs: tuple[str, ...]) -> re.Pattern[str]:
    def slot(match: re.Match[str]) -> str:
        return _slot(match.group(1), match.group(2) or "n", langs)

    pattern = SLOT.sub(slot, statement.pattern).replace(" ", r"\s+")
    return re.compile(pattern, re.IGNORECASE | re.MULTILINE)


def _value(text: str, langs: tuple[str, ...], kind: str) -> int:
    """A slot's number: digits or a word (a pair's rank for ``rank``; one more for ``raises``,
    the bet counted with them)."""
    table = RANKS if kind == "rank" else NUMBERS
    value = int(text) if text.isdigit() else next(
        t[text.lower()] for lang in langs if text.lower() in (t := table[lang]))
    return value + 1 if kind == "raises" else value


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


SEPARATOR = "\n\0\n"
"""Between two paragraphs of a file read as one text: no statement's white space crosses it."""


def paragraphs(path: Path) -> Iterator[tuple[int, str, str | None]]:
    """A file's prose, by paragraph (its first line's number, its text, and a ruling's game):
    a page's paragraphs outside code blocks, each table row on its own (the ``**`` of bold text
    dropped, so a sentence reads as written); the rulings' lines but their sources (what a source
    says stays when a profile changes), each of the game its ID names; the Python files' lines,
    each of the game of the last rule it names (a finding's rule)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if path.suffix != ".md":
        game = None
        for number, line in enumerate(lines, 1):
            if path.suffix == ".toml" and (ruling := re.match(r"\[([A-Z]+)-\d+\]", line)):
                game = RULINGS.get(ruling.group(1))
            elif path.suffix == ".py" and (rule := re.search(r"\"(archie|auction|stud)\.[\w.-]+\"", line)):
                game = rule.group(1)
            if not line.startswith("sources = "):
                yield number, line, game
        return
    fenced, start, held = False, 0, list[str]()
    for number, line in enumerate([*lines, ""], 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        ends = fenced or not line.strip() or line.lstrip().startswith(("```", "|", "#"))
        if held and (ends or (held[-1].lstrip().startswith("|"))):
            yield start, "\n".join(held).replace("**", ""), None
            held = []
        if fenced or not line.strip() or line.lstrip().startswith("```"):
            continue
        if not held:
            start = number
        held.append(line)


def statements(root: Path) -> list[Stated]:
    """Every sentence of the prose that states a profile parameter's value (read again when a
    file changes: its size or time)."""
    present = [path for path in files(root) if path.is_file()]
    return list(_statements(root, tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in present)))


@lru_cache(maxsize=4)
def _statements(root: Path, present: tuple[tuple[Path, int, int], ...]) -> tuple[Stated, ...]:
    found: list[Stated] = []
    for path, _, _ in present:
        rel = path.relative_to(root).as_posix()
        lang = language(path)
        langs = tuple(NUMBERS) if path.suffix != ".md" else (lang,)
        held = [(number, ASIDES.sub(lambda m: re.sub(r"\S", " ", m.group(0)), text), ruling)
                for number, text, ruling in paragraphs(path)]
        text = SEPARATOR.join(text for _, text, _ in held)
        starts = list(accumulate((len(t) + len(SEPARATOR) for _, t, _ in held[:-1]), initial=0))
        for statement in STATEMENTS:
            if (path.suffix == ".md" and file_game(rel) not in (None, statement.game)) or (
                    statement.context and not re.search(statement.context, text, re.IGNORECASE)):
                continue
            kinds = {m.group(1): m.group(2) or "n" for m in SLOT.finditer(statement.pattern)}
            for match in compile_statement(statement, langs).finditer(text):
                at = bisect_right(starts, match.start()) - 1
                number, paragraph, ruling = held[at]
                game = ruling or file_game(rel)
                if game not in (None, statement.game):
                    continue
                if game is None and not statement.context and not re.search(
                        GAME_WORDS[statement.game], paragraph, re.IGNORECASE):
                    continue
                end = text.find("\n", match.end())
                lines = text[text.rfind("\n", 0, match.start()) + 1:end if end >= 0 else len(text)]
                if statement.context and not re.search(statement.context, lines, re.IGNORECASE):
                    continue
                states: dict[str, int | str] = dict(statement.sets)
                states.update({k: _value(v, langs, kinds[k]) for k, v in match.groupdict().items() if v})
                line = number + text.count("\n", starts[at], match.start())
                found.append(Stated(rel, line, statement.game, states, " ".join(match.group(0).split())))
    return tuple(found)


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
