"""``pokerspec phh import``: a seven-card stud hand record as a conformance case
(docs/examples/real-hands.md).

The record is replayed under every stud profile (or the ones asked for); the case lists the
profiles under which the hand is legal and ends with the recorded stacks. Its setup is the
record's table: the stacks, the button on the last player, the record's stakes
(``stud.profile.stakes``) and the deck the replay dealt from (unrecorded cards filled as
``pokerspec.phh.replay`` explains); its steps are the players' actions in pokerspec's notation.
Its expected net results are the table's own (``finishing_stacks`` less ``starting_stacks``), so
they are independent of the reference; only a record without ``finishing_stacks`` takes them from
the replay, and the explanation says so. The title and explanation are generated from the hand,
in English and in the case's ``i18n`` translations (:data:`WORDS`), and say it was imported; the
case is ``optional`` until a person has checked it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from pokerspec.conformance.cases import Case, validator
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.actions import Verb, parse_action
from pokerspec.core.cards import Card, format_card
from pokerspec.core.deck import FULL_DECK
from pokerspec.core.game import Json, Setup
from pokerspec.core.types import Seat, seat_name
from pokerspec.phh.document import PhhError
from pokerspec.phh.record import StudRecord
from pokerspec.phh.replay import Replayed, replay
from pokerspec.profiles import Profile, all_profiles
from pokerspec.stud import GAME
from pokerspec.stud.profiles import TRAINING, StudRules
from pokerspec.stud.state import OVER, SHOWDOWN, StudState


@dataclass(frozen=True, slots=True)
class Words:
    """The phrases an imported case's title and explanation are made of, in one language; the
    placeholders are the record's names and numbers, the case's seats, cards and profiles."""

    title: str
    hand: str
    imported: str
    table: str
    streets: tuple[str, str, str, str, str, str]
    """Third to seventh street, then the showdown."""
    brings_in: str
    folds: str
    checks: str
    calls: str
    bets: str
    completes: str
    raises: str
    shows: str
    mucks: str
    receives: str
    pot: str
    expected: str
    unchecked: str
    profiles: str
    colon: str = ": "
    """What follows a street's name before its actions (French sets a space before the colon)."""


WORDS: dict[str, Words] = {
    "en": Words(
        title="Imported real hand: {name}",
        hand="{event}, hand {hand}",
        imported="Imported from a PHH hand record; not worked out by hand.",
        table="{seats} players; the record's stakes: ante {ante}, bring-in {bring_in}, small bet {small}, "
              "big bet {big} (stud.profile.stakes). {first}, the record's first player, is dealt first, so "
              "{button} has the button. Unrecorded cards (burns, unknown cards, the stub) are filled with "
              "the lowest unused cards.",
        streets=("Third street", "Fourth street", "Fifth street", "Sixth street", "Seventh street",
                 "Showdown"),
        brings_in="{who} brings in for {chips}", folds="{who} folds", checks="{who} checks",
        calls="{who} calls", bets="{who} bets {chips}", completes="{who} completes to {chips}",
        raises="{who} raises to {chips}", shows="{who} shows {cards}", mucks="{who} mucks",
        receives="{who} receives {chips}", pot="The pot is {pot}; {won}.",
        expected="Expected: the table's own result, the finishing stacks less the starting stacks: "
                 "{nets} (chips conserved: {total} before and after).",
        unchecked="The record gives no finishing stacks: the expected net results are the replay's, so "
                  "check them by hand before relying on this case.",
        profiles="The hand replays legally and ends with these stacks under {profiles}.",
    ),
    "ru": Words(
        title="Реальная раздача из записи: {name}",
        hand="{event}, раздача {hand}",
        imported="Раздача перенесена из записи в формате PHH; вручную её никто не разбирал.",
        table="Игроков: {seats}. Ставки стола по записи: анте {ante}, бринг-ин {bring_in}, малая ставка "
              "{small}, большая ставка {big} (stud.profile.stakes). Первым в записи идёт {first}, он и "
              "получает карты первым, поэтому баттон у {button}. Вместо карт, которых нет в "
              "записи (сожжённых, неизвестных, остатка колоды), взяты самые младшие неиспользованные.",
        streets=("Третья улица", "Четвёртая улица", "Пятая улица", "Шестая улица", "Седьмая улица",
                 "Вскрытие"),
        brings_in="{who} ставит бринг-ин {chips}", folds="{who} сбрасывает карты",
        checks="{who} делает чек", calls="{who} уравнивает", bets="{who} ставит {chips}",
        completes="{who} дополняет до {chips}", raises="{who} повышает до {chips}",
        shows="{who} показывает {cards}", mucks="{who} сбрасывает карты в мак",
        receives="{who} получает {chips}", pot="В банке {pot}; {won}.",
        expected="Ожидается итог самого стола, то есть конечные стеки минус начальные: {nets} (фишек "
                 "столько же: {total} до раздачи и после).",
        unchecked="Конечных стеков в записи нет, поэтому ожидаемые чистые итоги взяты из повтора "
                  "раздачи. Проверьте их вручную, прежде чем полагаться на этот случай.",
        profiles="Раздача проходит по правилам и заканчивается с этими стеками в таких профилях: {profiles}.",
    ),
    "pt": Words(
        title="Mão real importada: {name}",
        hand="{event}, mão {hand}",
        imported="Importada do registo PHH de uma mão real; não foi calculada à mão.",
        table="{seats} jogadores; as paradas do registo: ante {ante}, bring-in {bring_in}, aposta pequena "
              "{small}, aposta grande {big} (stud.profile.stakes). {first}, o primeiro jogador do registo, "
              "recebe primeiro, por isso {button} tem o botão. As cartas que o registo não indica "
              "(queimadas, desconhecidas, o resto do baralho) são as mais baixas ainda por usar.",
        streets=("Terceira rua", "Quarta rua", "Quinta rua", "Sexta rua", "Sétima rua", "Confronto final"),
        brings_in="{who} faz o bring-in de {chips}", folds="{who} desiste", checks="{who} passa",
        calls="{who} iguala", bets="{who} aposta {chips}", completes="{who} completa para {chips}",
        raises="{who} aumenta para {chips}", shows="{who} mostra {cards}",
        mucks="{who} descarta sem mostrar", receives="{who} recebe {chips}", pot="O pote é {pot}; {won}.",
        expected="Esperado: o resultado da própria mesa, as fichas finais menos as iniciais: {nets} (as "
                 "fichas conservam-se: {total} antes e depois).",
        unchecked="O registo não dá as fichas finais: os resultados líquidos esperados são os da "
                  "repetição, por isso confirme-os à mão antes de confiar neste caso.",
        profiles="A mão repete-se legalmente e acaba com estas fichas nos perfis {profiles}.",
    ),
    "fr": Words(
        title="Main réelle importée : {name}",
        hand="{event}, main {hand}",
        imported="Importée d'un historique de main réelle au format PHH ; non calculée à la main.",
        table="{seats} joueurs ; les enjeux de l'historique : ante {ante}, bring-in {bring_in}, petite "
              "mise {small}, grosse mise {big} (stud.profile.stakes). {first}, le premier joueur de "
              "l'historique, reçoit ses cartes en premier, donc {button} a le bouton. Les cartes absentes "
              "de l'historique (brûlées, inconnues, le talon) sont les plus basses encore inutilisées.",
        streets=("Troisième rue", "Quatrième rue", "Cinquième rue", "Sixième rue", "Septième rue",
                 "Abattage"),
        brings_in="{who} fait le bring-in de {chips}", folds="{who} se couche", checks="{who} checke",
        calls="{who} suit", bets="{who} mise {chips}", completes="{who} complète à {chips}",
        raises="{who} relance à {chips}", shows="{who} montre {cards}", mucks="{who} jette sans montrer",
        receives="{who} reçoit {chips}", pot="Le pot est de {pot} ; {won}.",
        expected="Attendu : le résultat de la table elle-même, les tapis finaux moins les tapis de départ : "
                 "{nets} (jetons conservés : {total} avant et après).",
        unchecked="L'historique ne donne pas les tapis finaux : les résultats nets attendus sont ceux de "
                  "la relecture ; vérifiez-les à la main avant de vous fier à ce cas.",
        profiles="La main se rejoue selon les règles et finit avec ces tapis dans les profils {profiles}.",
        colon=" : ",
    ),
}
"""English (the case's ``title`` and ``explanation``) and the translations its ``i18n`` carries:
generated like the English, so importing the hand again keeps them."""


def stud_profiles() -> list[Profile[StudRules]]:
    """Every stud profile, the default first."""
    found = [cast(Profile[StudRules], p) for p in all_profiles().values() if p.game == "stud"]
    return sorted(found, key=lambda p: (not p.default, p.name))


def import_record(record: StudRecord, case_id: str, level: str = "optional",
                  profiles: Sequence[Profile[StudRules]] | None = None) -> dict[str, Json]:
    """The case for ``record``, or ``PhhError`` when the hand replays under none of ``profiles``
    (default: every stud profile) with the recorded result."""
    tried = list(profiles or stud_profiles())
    good: list[tuple[Profile[StudRules], Replayed]] = []
    problems: list[tuple[str, PhhError]] = []
    for profile in tried:
        replayed = replay(record, profile.rules)
        problem = replayed.problem or _mismatch(replayed)
        if problem is None:
            good.append((profile, replayed))
        else:
            problems.append((profile.name, problem))
    if not good:
        first = problems[0][1]
        prefix = f"{record.label()}: "
        each = "; ".join(f"under {name}, {p.message.removeprefix(prefix)}" for name, p in problems)
        raise PhhError(first.code, f"{record.label()}: the hand becomes a case only under a profile where it "
                       f"is legal and ends with the recorded stacks: {each}", line=first.line,
                       step=first.step, action=first.action, reason=first.reason)
    replayed = good[0][1]
    state = replayed.state
    assert state is not None
    names = _table_seats(record)
    legal = [p.name for p, _ in good]
    case: dict[str, Json] = {
        "format": 1,
        "id": case_id,
        "title": _title(record, WORDS["en"]),
        "explanation": _explanation(record, replayed, legal, names, WORDS["en"]),
        "i18n": {lang: {"title": _title(record, words),
                        "explanation": _explanation(record, replayed, legal, names, words)}
                 for lang, words in WORDS.items() if lang != "en"},
        "rules": _rules(record, state, [p.rules for p, _ in good]),
        "game": "stud",
        "profiles": list[Json](legal),
        "level": level,
        "kind": "hand",
        "tags": ["imported", "phh"],
        "setup": _setup(record, replayed, names),
        "steps": [{"act": _renamed(text, names)} for _, text in replayed.played],
        "expect": _expect(record, replayed, names),
    }
    _check(case)
    return case


def _table_seats(record: StudRecord) -> tuple[str, ...]:
    """Each PHH player's seat in the case: the record's ``seats`` when they number the players
    1 to N (as pokerspec's exports do), else PHH's own order."""
    count = record.seat_count
    if record.seats is not None and sorted(record.seats) == list(range(1, count + 1)):
        return tuple(f"p{x}" for x in record.seats)
    return tuple(seat_name(Seat(s)) for s in range(count))


def _renamed(text: str, names: Sequence[str]) -> str:
    """An action in pokerspec's notation with its seat renamed."""
    seat, rest = text.split(" ", 1)
    return f"{names[int(seat[1:]) - 1]} {rest}"


def _by_table_seat(values: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    """Values by PHH player, keyed by the case's seats in seat order."""
    return dict(sorted(zip(names, values, strict=True), key=lambda kv: int(kv[0][1:])))


def _mismatch(replayed: Replayed) -> PhhError | None:
    expected = replayed.record.finishing_stacks
    if expected is not None and replayed.final_stacks != expected:
        final = list(replayed.final_stacks or ())
        return PhhError("mismatch", f"{replayed.record.label()}: the replay ends with {final}, the record "
                        f"with finishing_stacks {list(expected)}")
    if not replayed.complete:
        return PhhError("incomplete", f"{replayed.record.label()}: the record stops before the hand is over")
    return None


def _title(record: StudRecord, words: Words) -> str:
    event = record.field("event")
    named = isinstance(event, str) and record.hand is not None
    name = words.hand.format(event=event, hand=record.hand) if named else Path(record.source).name
    return words.title.format(name=name)


def _setup(record: StudRecord, replayed: Replayed, names: Sequence[str]) -> dict[str, Json]:
    """Stacks, the button on the last player, the deck down to its last card out of ascending
    order (``core.deck.completion``), and the stakes unless they are the training table's."""
    deck = list(replayed.deck)
    listed = len(deck)
    while listed and deck[listed - 1] == _first_unlisted(deck[: listed - 1]):
        listed -= 1
    setup: dict[str, Json] = {
        "stacks": list(_by_table_seat(record.starting_stacks, names).values()),
        "dealer": names[replayed.dealer],
        "deck": [format_card(c) for c in deck[:listed]],
    }
    if record.stakes != TRAINING.stakes:
        stakes = record.stakes
        setup["stakes"] = {"ante": stakes.ante, "bring_in": stakes.bring_in, "small_bet": stakes.small_bet,
                           "big_bet": stakes.big_bet}
    return setup


def _first_unlisted(listed: Sequence[Card]) -> Card | None:
    taken = set(listed)
    return next((c for c in FULL_DECK if c not in taken), None)


def _expect(record: StudRecord, replayed: Replayed, names: Sequence[str]) -> dict[str, Json]:
    """Net results from the record (else from the replay), and the show order the record gives."""
    final = record.finishing_stacks or replayed.final_stacks
    assert final is not None
    net = [final[s] - record.starting_stacks[s] for s in range(record.seat_count)]
    expect: dict[str, Json] = {"net": _by_table_seat(net, names)}
    played = [_renamed(text, names) for _, text in replayed.played]
    showdown = [text for text in played if text.split()[1] in ("sm", "mu")]
    if showdown:
        expect["shown"] = [t.split()[0] for t in showdown if t.split()[1] == "sm"]
        expect["mucked"] = [t.split()[0] for t in showdown if t.split()[1] == "mu"]
    return expect


def _rules(record: StudRecord, state: StudState, rules: Sequence[StudRules]) -> list[Json]:
    """The rules the hand exercises: the stakes, the bring-in and the betting, and how it ended."""
    ids: list[Json] = ["stud.bringin.forced", "stud.streets.actions"]
    if record.stakes != TRAINING.stakes:
        ids.insert(0, "stud.profile.stakes")
    outcome = state.result
    shown = outcome.details.get("shown") if outcome is not None else None
    if not shown:
        ids.append("stud.showdown.uncontested")
    else:
        ids += ["stud.showdown.order", "stud.showdown.award"]
        if all(r.show_order is not TRAINING.show_order for r in rules):
            ids.append("stud.profile.last-aggressor")
    return ids


def _explanation(record: StudRecord, replayed: Replayed, profiles: Sequence[str],
                 names: Sequence[str], words: Words) -> str:
    """The hand told street by street, from the record and its replay, with the case's seats."""
    stakes, seats = record.stakes, record.seat_count
    parts = [words.imported]
    event = record.field("event")
    year, month, day = (record.field(k) for k in ("year", "month", "day"))
    dated = isinstance(year, int) and isinstance(month, int) and isinstance(day, int)
    if isinstance(event, str):
        hand = words.hand.format(event=event, hand=record.hand) if record.hand else event
        parts.append(hand + (f", {year}-{month:02}-{day:02}" if dated else "") + ".")
    parts.append(words.table.format(seats=seats, ante=stakes.ante, bring_in=stakes.bring_in,
                                    small=stakes.small_bet, big=stakes.big_bet, first=names[0],
                                    button=names[replayed.dealer]))
    parts += _story(replayed, names, words)
    expected = record.finishing_stacks
    if expected is not None:
        start = record.starting_stacks
        net = _by_table_seat([expected[s] - start[s] for s in range(seats)], names)
        nets = ", ".join(f"{who} {chips:+d}" for who, chips in net.items())
        parts.append(words.expected.format(nets=nets, total=sum(start)))
    else:
        parts.append(words.unchecked)
    parts.append(words.profiles.format(profiles=", ".join(profiles)))
    return " ".join(parts)


def _story(replayed: Replayed, names: Sequence[str], words: Words) -> list[str]:
    """One sentence a street (and one for the showdown): the upcards dealt, then each action as a
    player would say it, then who receives what."""
    record = replayed.record
    state = GAME.start(Setup(record.starting_stacks, replayed.dealer, replayed.deck), replayed.rules)
    sentences: list[str] = []
    key, head, said = 0, "", list[str]()
    for _, text in replayed.played:
        now = 8 if state.phase == SHOWDOWN else state.street
        if now != key:
            if said:
                sentences.append(f"{head}{words.colon}{', '.join(said)}.")
            key, head, said = now, _street_head(now, state, names, words), []
        said.append(_say(state, text, names, words))
        state = GAME.apply(state, parse_action(text, state.seats))
    if said:
        sentences.append(f"{head}{words.colon}{', '.join(said)}.")
    if state.phase == OVER and state.result is not None:
        won = [words.receives.format(who=names[s], chips=r) for s, r in enumerate(state.result.received) if r]
        sentences.append(words.pot.format(pot=sum(state.contributed), won=", ".join(won)))
    return sentences


def _street_head(street: int, state: StudState, names: Sequence[str], words: Words) -> str:
    """``Fourth street (p1 Kc, p2 4c)``: the street and the upcards it dealt (none on the seventh,
    dealt face down, nor at the showdown)."""
    name = words.streets[street - 3]
    if street > 6:
        return name
    index = street - 3
    dealt = [f"{names[s]} {format_card(state.up[s][index])}" for s in range(state.seats)
             if len(state.up[s]) > index]
    return f"{name} ({', '.join(dealt)})"


def _say(state: StudState, text: str, names: Sequence[str], words: Words) -> str:
    action = parse_action(text, state.seats)
    who = names[action.seat]
    if action.verb is Verb.BRING_IN:
        return words.brings_in.format(who=who, chips=action.amount)
    if action.verb is Verb.FOLD:
        return words.folds.format(who=who)
    if action.verb is Verb.CHECK_CALL:
        said = words.checks if state.bets[action.seat] == state.current else words.calls
        return said.format(who=who)
    if action.verb is Verb.BET_RAISE:
        if state.current == 0:
            said = words.bets
        else:
            said = words.completes if state.street == 3 and state.level == 0 else words.raises
        return said.format(who=who, chips=action.amount)
    hole, up = state.hole[action.seat], state.up[action.seat]
    cards = " ".join(format_card(c) for c in (*hole[:2], *up, *hole[2:]))
    if action.verb is Verb.SHOW:
        return words.shows.format(who=who, cards=cards)
    return words.mucks.format(who=who)


def _check(case: dict[str, Json]) -> None:
    """The case must be schema-valid and pass on the reference under each profile it lists."""
    errors = sorted(validator().iter_errors(case), key=lambda e: list(e.absolute_path))
    if errors:
        raise PhhError("bad_case", f"the imported case is not schema-valid: {errors[0].message}")
    engine = ReferenceEngine()
    for profile in case["profiles"] if isinstance(case["profiles"], list) else []:
        result = grade(Case(Path(f"{case['id']}.json"), case), engine, str(profile))
        if result.verdict is not Verdict.PASS:
            raise PhhError("bad_case", f"the imported case fails on the reference under {profile}: "
                           f"{result.message}")
