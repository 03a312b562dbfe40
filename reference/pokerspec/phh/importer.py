"""``pokerspec phh import``: a seven-card stud hand record as a conformance case
(docs/examples/real-hands.md).

The record is replayed under every stud profile (or the ones asked for); the case lists the
profiles under which the hand is legal and ends with the recorded stacks. Its setup is the
record's table: the stacks, the button on the last player, the record's stakes
(``stud.profile.stakes``) and the deck the replay dealt from (unrecorded cards filled as
``pokerspec.phh.replay`` explains); its steps are the players' actions in pokerspec's notation.
Its expected net results are the table's own (``finishing_stacks`` less ``starting_stacks``), so
they are independent of the reference; only a record without ``finishing_stacks`` takes them from
the replay, and the explanation says so. The explanation is generated from the hand and says it
was imported; the case is ``optional`` until a person has checked it.
"""

from __future__ import annotations

from collections.abc import Sequence
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
from pokerspec.phh.replay import STREETS, Replayed, replay
from pokerspec.profiles import Profile, all_profiles
from pokerspec.stud import GAME
from pokerspec.stud.profiles import TRAINING, StudRules
from pokerspec.stud.state import OVER, SHOWDOWN, StudState


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
    case: dict[str, Json] = {
        "format": 1,
        "id": case_id,
        "title": _title(record),
        "explanation": _explanation(record, replayed, [p.name for p, _ in good], names),
        "rules": _rules(record, state, [p.rules for p, _ in good]),
        "game": "stud",
        "profiles": [p.name for p, _ in good],
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


def _title(record: StudRecord) -> str:
    event = record.field("event")
    named = isinstance(event, str) and record.hand is not None
    name = f"{event}, hand {record.hand}" if named else Path(record.source).name
    return f"Imported real hand: {name}"


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
                 names: Sequence[str]) -> str:
    """The hand told street by street, from the record and its replay, with the case's seats."""
    stakes, seats = record.stakes, record.seat_count
    parts = ["Imported from a PHH hand record (pokerspec phh import); not worked out by hand."]
    event = record.field("event")
    year, month, day = (record.field(k) for k in ("year", "month", "day"))
    dated = isinstance(year, int) and isinstance(month, int) and isinstance(day, int)
    if isinstance(event, str):
        hand = f", hand {record.hand}" if record.hand else ""
        parts.append(f"{event}{hand}" + (f", {year}-{month:02}-{day:02}" if dated else "") + ".")
    parts.append(f"{seats} players; the record's stakes: ante {stakes.ante}, bring-in {stakes.bring_in}, "
                 f"small bet {stakes.small_bet}, big bet {stakes.big_bet} (stud.profile.stakes). "
                 f"{names[0]}, the record's first player, is dealt first, so {names[replayed.dealer]} has "
                 "the button. Unrecorded cards (burns, unknown cards, the stub) are filled with the lowest "
                 "unused cards.")
    parts += _story(replayed, names)
    expected = record.finishing_stacks
    if expected is not None:
        start = record.starting_stacks
        net = _by_table_seat([expected[s] - start[s] for s in range(seats)], names)
        nets = ", ".join(f"{who} {chips:+d}" for who, chips in net.items())
        parts.append(f"Expected: the table's own result, finishing_stacks less starting_stacks: {nets} "
                     f"(chips conserved: {sum(record.starting_stacks)} before and after).")
    else:
        parts.append("The record has no finishing_stacks: the expected net results are the replay's, so "
                     "check them by hand before relying on this case.")
    parts.append(f"The hand replays legally and ends with these stacks under {', '.join(profiles)}.")
    return " ".join(parts)


def _story(replayed: Replayed, names: Sequence[str]) -> list[str]:
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
                sentences.append(f"{head}: {', '.join(said)}.")
            key, head, said = now, _street_head(now, state, names), []
        said.append(_say(state, text, names))
        state = GAME.apply(state, parse_action(text, state.seats))
    if said:
        sentences.append(f"{head}: {', '.join(said)}.")
    if state.phase == OVER and state.result is not None:
        won = [f"{names[s]} receives {r}" for s, r in enumerate(state.result.received) if r]
        sentences.append(f"The pot is {sum(state.contributed)}; {', '.join(won)}.")
    return sentences


def _street_head(street: int, state: StudState, names: Sequence[str]) -> str:
    """``Fourth street (p1 Kc, p2 4c)``: the street and the upcards it dealt."""
    if street > 6:
        return "Showdown" if street == 8 else "Seventh street"
    index = street - 3
    dealt = [f"{names[s]} {format_card(state.up[s][index])}" for s in range(state.seats)
             if len(state.up[s]) > index]
    return f"{STREETS[street].capitalize()} ({', '.join(dealt)})"


def _say(state: StudState, text: str, names: Sequence[str]) -> str:
    action = parse_action(text, state.seats)
    who = names[action.seat]
    if action.verb is Verb.BRING_IN:
        return f"{who} brings in for {action.amount}"
    if action.verb is Verb.FOLD:
        return f"{who} folds"
    if action.verb is Verb.CHECK_CALL:
        return f"{who} checks" if state.bets[action.seat] == state.current else f"{who} calls"
    if action.verb is Verb.BET_RAISE:
        if state.current == 0:
            return f"{who} bets {action.amount}"
        return f"{who} completes to {action.amount}" if state.street == 3 and state.level == 0 \
            else f"{who} raises to {action.amount}"
    hole, up = state.hole[action.seat], state.up[action.seat]
    cards = " ".join(format_card(c) for c in (*hole[:2], *up, *hole[2:]))
    return f"{who} shows {cards}" if action.verb is Verb.SHOW else f"{who} mucks"


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
