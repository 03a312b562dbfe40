"""Replaying a seven-card stud hand record through the reference engine (docs/examples/real-hands.md).

The record's amounts set the table's stakes (``stud.profile.stakes``); every other rule is the
chosen profile's. The replay has two passes. The first reads the deals: which cards went to whom
on which street, checks that no card is dealt twice, resolves unknown (``??``) hole cards from
what the player later shows, and builds the deck the engine deals from: the recorded cards in
dealing order, a burn before each later street (``stud.streets.burn``) and the unrecorded cards —
burns, unknown cards and the stub — filled with the lowest cards the record does not use, in
order. The second pass plays the players' actions through ``pokerspec.stud.GAME`` and checks that
the record deals each street when the engine does. The first action the engine refuses, or the
first deal or show that contradicts the hand, ends the replay with a ``PhhError`` naming the step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pokerspec.core.actions import Action, ActionError, Verb
from pokerspec.core.cards import Card, format_card
from pokerspec.core.deck import FULL_DECK, complete_deck
from pokerspec.core.game import Outcome, Setup, SetupError
from pokerspec.core.types import Chips, Seat, seat_name
from pokerspec.phh.document import PhhError
from pokerspec.phh.notation import SHOW_DEALT, Deal, Play, Slot, format_slots
from pokerspec.phh.record import StudRecord
from pokerspec.stud import GAME
from pokerspec.stud.profiles import RunningOut, StudRules
from pokerspec.stud.state import OVER, StudState

STREETS = {3: "third street", 4: "fourth street", 5: "fifth street", 6: "sixth street", 7: "seventh street"}


@dataclass(slots=True)
class Position:
    """One card a seat receives: as recorded (None for ``??``), the step that dealt it, face up
    or down, and whether its card was filled in because the record does not know it."""

    card: Slot
    step: int | None
    up: bool
    filled: bool = False


@dataclass(slots=True)
class Layout:
    """The record's deals, street by street (third street: three positions a seat)."""

    third: dict[Seat, list[Position]] = field(default_factory=dict)
    later: dict[int, dict[Seat, Position]] = field(default_factory=dict)
    common: Position | None = None
    active: dict[int, frozenset[Seat]] = field(default_factory=dict)
    """The players still in when each street's deal began."""
    street_of_step: dict[int, int] = field(default_factory=dict)

    def positions(self, seat: Seat) -> list[Position]:
        """A seat's cards in the order dealt."""
        later = (self.later[s][seat] for s in sorted(self.later) if seat in self.later[s])
        return [*self.third.get(seat, []), *later]


@dataclass(frozen=True, slots=True)
class Replayed:
    """What the replay made of a record: the deck it dealt from, each step as pokerspec notation
    (None for a deal or a show that only confirms an exposed hand), the state reached, and the
    first problem, if any."""

    record: StudRecord
    rules: StudRules
    deck: tuple[Card, ...]
    layout: Layout
    played: tuple[tuple[int, str], ...]
    """(step, action in pokerspec notation) for every action the engine took."""
    state: StudState | None
    problem: PhhError | None

    @property
    def dealer(self) -> Seat:
        """The button: the last player, since PHH's first player is the first dealt."""
        return Seat(self.record.seat_count - 1)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.state.result

    @property
    def final_stacks(self) -> tuple[int, ...] | None:
        """Each seat's chips after the hand (or after the last recorded action, if the record
        stops before the end: chips still in the pot are then nobody's)."""
        if self.state is None:
            return None
        outcome = self.state.result
        received = outcome.received if outcome is not None else (0,) * self.state.seats
        return tuple(s + r for s, r in zip(self.state.stacks, received, strict=True))

    @property
    def complete(self) -> bool:
        return self.state is not None and self.state.phase == OVER


def replay(record: StudRecord, rules: StudRules) -> Replayed:
    """Replay ``record`` under ``rules`` at the record's stakes (``stud.profile.stakes``)."""
    rules = rules.with_stakes(record.stakes)
    layout = Layout()
    try:
        _read_deals(record, layout)
        deck = _deck(record, layout, rules.running_out)
    except PhhError as problem:
        return Replayed(record, rules, (), layout, (), None, problem)
    player = _Player(record, rules, layout, deck)
    try:
        player.play()
        player.finish()
    except PhhError as problem:
        return Replayed(record, rules, deck, layout, tuple(player.played), player.state, problem)
    return Replayed(record, rules, deck, layout, tuple(player.played), player.state, None)


def _problem(record: StudRecord, code: str, step: int, message: str) -> PhhError:
    line = record.action_lines[step - 1] if 0 < step <= len(record.action_lines) else None
    text = record.actions[step - 1] if 0 < step <= len(record.actions) else None
    where = f"step {step}" + (f" (line {line})" if line else "")
    return PhhError(code, f"{record.label()}: {where}, {text!r}: {message}", line=line, step=step,
                    action=text)


def _read_deals(record: StudRecord, layout: Layout) -> None:
    """Pass one: place every recorded card, check it is dealt once, resolve shown ``??`` cards."""
    seats = record.seat_count
    folded: set[Seat] = set()
    street = 3
    active = layout.active
    active[3] = frozenset(Seat(s) for s in range(seats))
    owner: dict[Card, tuple[Seat | None, int]] = {}
    shows: list[tuple[int, Seat, tuple[Slot, ...]]] = []

    def incomplete(s: int) -> list[Seat]:
        if s == 7 and layout.common is not None:
            return []
        if s == 3:
            return [x for x in active[3] if len(layout.third.get(x, [])) < 3]
        dealt = layout.later.get(s, {})
        return sorted(x for x in active[s] if x not in dealt)

    def note(card: Slot, seat: Seat | None, step: int) -> None:
        if card is None:
            return
        if card in owner:
            first = owner[card][1]
            raise _problem(record, "duplicate_card", step, f"{format_card(card)} is dealt twice: it was "
                           f"dealt at step {first} ({record.actions[first - 1]!r})")
        owner[card] = (seat, step)

    def open_street(step: int) -> int:
        missing = incomplete(street)
        if missing:
            names = ", ".join(seat_name(s) for s in sorted(missing))
            raise _problem(record, "bad_deal", step, f"{STREETS.get(street + 1, 'another street')} is dealt "
                           f"before {STREETS[street]} is complete: {names} got no card")
        if street == 7:
            raise _problem(record, "bad_deal", step, "seven cards are already dealt: stud has no eighth card")
        active[street + 1] = frozenset(Seat(s) for s in range(seats) if s not in folded)
        return street + 1

    for index, action in enumerate(record.parsed):
        step = index + 1
        if isinstance(action, Deal) and action.seat is None:
            if len(action.cards) != 1 or street != 6 or incomplete(6):
                raise _problem(record, "bad_deal", step, "stud has no board: the only card for everyone "
                               "is a common card in place of seventh street, when the stub runs short")
            street = open_street(step)
            note(action.cards[0], None, step)
            layout.common = Position(action.cards[0], step, True)
            layout.later[7] = {}
            layout.street_of_step[step] = 7
        elif isinstance(action, Deal):
            seat = action.seat
            assert seat is not None
            if seat in folded:
                raise _problem(record, "bad_deal", step, f"{seat_name(seat)} has folded: no more cards")
            later = layout.later.get(street, {})
            have = len(layout.third.get(seat, [])) if street == 3 else int(seat in later)
            if have == (3 if street == 3 else 1) or (street == 7 and layout.common is not None):
                street = open_street(step)
                have = 0
            quota = 3 if street == 3 else 1
            if have + len(action.cards) > quota:
                raise _problem(record, "bad_deal", step, f"{len(action.cards)} cards to {seat_name(seat)} on "
                               f"{STREETS[street]}, where each player gets {quota}")
            for card in action.cards:
                note(card, seat, step)
                if street == 3:
                    position = Position(card, step, up=len(layout.third.setdefault(seat, [])) == 2)
                    layout.third[seat].append(position)
                else:
                    layout.later.setdefault(street, {})[seat] = Position(card, step, up=street < 7)
            layout.street_of_step[step] = street
        elif isinstance(action, Play):
            missing = incomplete(street)
            if missing and (street > 3 or layout.third):
                raise _problem(record, "bad_deal", step, f"{STREETS[street]} is not completely dealt: "
                               f"{', '.join(seat_name(s) for s in missing)} got no card")
            if not layout.third:
                raise _problem(record, "bad_deal", step, "a player acts before any card is dealt")
            if action.verb == "f":
                folded.add(action.seat)
            if action.verb == "sm" and action.cards:
                shows.append((step, action.seat, action.cards))
    for step, seat, cards in shows:
        _resolve_show(record, layout, owner, step, seat, cards)
    for seat in sorted(layout.third):
        for position in layout.positions(seat):
            if position.up and position.card is None:
                assert position.step is not None
                raise _problem(record, "unknown_card", position.step, f"{seat_name(seat)}'s upcard is "
                               "unknown (??): every upcard is seen, and who brings in and who acts first "
                               "depend on them")


def _resolve_show(record: StudRecord, layout: Layout, owner: dict[Card, tuple[Seat | None, int]], step: int,
                  seat: Seat, cards: tuple[Slot, ...]) -> None:
    """A shown card the record dealt as ``??`` fills that unknown position; a shown card dealt to
    someone else, or more cards than the player holds, contradict the record."""
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        raise _problem(record, "bad_show", step, "the same card is shown twice")
    positions = layout.positions(seat)
    if len(cards) > len(positions):
        raise _problem(record, "bad_show", step, f"{seat_name(seat)} shows {len(cards)} cards but was dealt "
                       f"{len(positions)}")
    unknown = [p for p in positions if p.card is None]
    for card in known:
        holder = owner.get(card)
        if holder is not None and holder[0] == seat:
            continue
        if holder is not None:
            who = "the common card" if holder[0] is None else f"dealt to {seat_name(holder[0])}"
            raise _problem(record, "duplicate_card", step, f"{seat_name(seat)} shows {format_card(card)}, "
                           f"which is {who} at step {holder[1]}")
        if not unknown:
            raise _problem(record, "bad_show", step, f"{seat_name(seat)} shows {format_card(card)}, which he "
                           "was not dealt")
        unknown.pop(0).card = card
        owner[card] = (seat, step)


_FILL: Slot = None


def _deck(record: StudRecord, layout: Layout, rule: RunningOut) -> tuple[Card, ...]:
    """The deck in the engine's dealing order, unknown cards and burns filled with the lowest
    unused cards: three rounds of third street from the button's left, then for each later street
    a burn and one card to each player still in, in seat order (``stud.deal.order``,
    ``stud.streets.burn``). Seventh street comes from where the engine takes it when the stub runs
    short: a common card, first the burns put back under the stub, or no burn when the stub holds a
    card for each player exactly (``stud.runout.common``, ``stud.profile.reshuffle-burns``,
    ``stud.profile.skip-last-burn``)."""
    seats = record.seat_count
    slots: list[Position | None] = [None] * len(FULL_DECK)
    for r in range(3):
        for s in range(seats):
            dealt = layout.third.get(Seat(s), [])
            slots[r * seats + s] = dealt[r] if r < len(dealt) else None
    top, burns = 3 * seats, []
    for street in sorted(layout.later):
        block = [layout.later[street][s] for s in sorted(layout.later[street])]
        if street < 7:
            burns.append(top)
            slots[top + 1: top + 1 + len(block)] = block
            top += 1 + len(block)
            continue
        players = len(layout.active[7])
        stub = list(range(top, len(slots)))
        if rule is RunningOut.RESHUFFLE_BURNS and len(stub) < players + 1:
            stub += burns
        if layout.common is not None:
            block = [layout.common]
        skip = rule is RunningOut.SKIP_LAST_BURN and len(stub) == players
        first = 1 if len(stub) >= 2 and not skip else 0
        for index, placed in zip(stub[first:], block, strict=False):
            slots[index] = placed
    used = {p.card for p in slots if p is not None and p.card is not None}
    fill = iter(c for c in FULL_DECK if c not in used)
    deck: list[Card] = []
    for position in slots:
        if position is None:
            deck.append(next(fill))
        elif position.card is None:
            position.card, position.filled = next(fill), True
            deck.append(position.card)
        else:
            deck.append(position.card)
    return complete_deck(deck)


class _Player:
    """Pass two: the players' actions through the engine, deal by deal."""

    def __init__(self, record: StudRecord, rules: StudRules, layout: Layout, deck: tuple[Card, ...]) -> None:
        self.record, self.rules, self.layout = record, rules, layout
        self.deck = deck
        self.played: list[tuple[int, str]] = []
        self.state: StudState | None = None
        self.dealt = 3
        """The last street the record has dealt so far."""

    def play(self) -> None:
        record = self.record
        if not record.ante_trimming and any(s < record.stakes.ante for s in record.starting_stacks):
            raise PhhError("unsupported", f"{record.label()}: a player cannot pay the whole ante and the "
                           "record sets ante_trimming_status false (he could win every ante); the stud "
                           "chapter trims the ante like any all-in (stud.bringin.ante)")
        try:
            setup = Setup(record.starting_stacks, Seat(record.seat_count - 1), self.deck)
            self.state = GAME.start(setup, self.rules)
        except SetupError as exc:
            raise PhhError("bad_field", f"{record.label()}: the table cannot be dealt: {exc}") from None
        for index, action in enumerate(record.parsed):
            step = index + 1
            if isinstance(action, Deal):
                self._deal(step)
            elif isinstance(action, Play):
                self._act(step, action)

    def _deal(self, step: int) -> None:
        state = self.state
        assert state is not None
        street = self.layout.street_of_step[step]
        if street > state.street:
            to_act = "" if state.to_act is None else f" ({seat_name(state.to_act)} is to act)"
            raise _problem(self.record, "bad_deal", step, f"{STREETS[street]} is dealt while "
                           f"{STREETS[state.street]} is still being bet{to_act}")
        if state.phase == OVER and state.result is not None and not state.result.details.get("shown"):
            raise _problem(self.record, "bad_deal", step, "the hand is already over: everyone else folded")
        self.dealt = street

    def _act(self, step: int, play: Play) -> None:
        state = self.state
        assert state is not None
        if state.phase != OVER and state.street > self.dealt:
            raise _problem(self.record, "bad_deal", step, f"the betting of {STREETS[state.street - 1]} is "
                           f"over, but the record does not deal {STREETS[state.street]} before this action")
        if state.phase == OVER and play.verb == "sm" and state.result is not None:
            self._confirm(step, play, state.result)
            return
        action = self._action(step, play, state)
        try:
            self.state = GAME.apply(state, action)
        except ActionError as exc:
            problem = _problem(self.record, "illegal_action", step, f"refused ({exc.reason.value}): {exc}")
            problem.reason = exc.reason.value
            raise problem from None
        self.played.append((step, str(action)))

    def _action(self, step: int, play: Play, state: StudState) -> Action:
        """The PHH action in pokerspec's notation (``core.notation.actions``)."""
        seat = play.seat
        if play.verb == "pb":
            return Action(seat, Verb.BRING_IN, Chips(min(self.rules.bring_in, state.stacks[seat])))
        if play.verb == "cbr":
            return Action(seat, Verb.BET_RAISE, Chips(play.amount or 0))
        if play.verb == "cc":
            return Action(seat, Verb.CHECK_CALL)
        if play.verb == "f":
            return Action(seat, Verb.FOLD)
        if play.verb == "sm":
            if play.cards is None:
                return Action(seat, Verb.MUCK)
            self._check_show(step, play, state)
            return Action(seat, Verb.SHOW)
        problem = _problem(self.record, "illegal_action", step, f"seven-card stud has no {play.verb!r}")
        problem.reason = "illegal_action"
        raise problem

    def _check_show(self, step: int, play: Play, state: StudState) -> None:
        own = {*state.hole[play.seat], *state.up[play.seat]}
        wrong = [c for c in play.cards or () if c is not None and c not in own]
        if wrong:
            raise _problem(self.record, "bad_show", step, f"{seat_name(play.seat)} does not hold "
                           f"{format_slots(wrong)}")

    def _confirm(self, step: int, play: Play, outcome: Outcome) -> None:
        """A show after the engine has exposed every hand (an all-in run-out): it must show a hand
        that was exposed, with its own cards."""
        state = self.state
        assert state is not None
        shown = outcome.details.get("shown")
        if not isinstance(shown, list) or seat_name(play.seat) not in shown:
            problem = _problem(self.record, "illegal_action", step, "the hand is over")
            problem.reason = "hand_over"
            raise problem
        if play.cards is None:
            problem = _problem(self.record, "illegal_action", step, "nobody could bet any more, so every "
                               "hand was exposed and none can be mucked (stud.allin.runout)")
            problem.reason = "illegal_action"
            raise problem
        if play.cards is not SHOW_DEALT:
            self._check_show(step, play, state)

    def finish(self) -> None:
        """After the last action: the engine dealt the recorded cards, and a hand shown down rests
        on cards the record knows."""
        state = self.state
        assert state is not None
        for s in range(state.seats):
            seat = Seat(s)
            engine = (*state.hole[seat][:2], *state.up[seat], *state.hole[seat][2:])
            for position, card in zip(self.layout.positions(seat), engine, strict=False):
                if position.card != card:
                    assert position.step is not None
                    raise _problem(self.record, "bad_deal", position.step, f"the engine dealt "
                                   f"{format_card(card)} to {seat_name(seat)} here (a street out of turn?)")
        common = self.layout.common
        if common is not None and common.card != state.common:
            assert common.step is not None
            raise _problem(self.record, "bad_deal", common.step, "the engine turns no common card here: the "
                           "stub still holds a card for everyone (stud.runout.common)")
        outcome = state.result
        if outcome is None:
            return
        shown = outcome.details.get("shown")
        if not isinstance(shown, list) or not shown:
            return
        last = max([3, *self.layout.later])
        if state.street > last or (state.common is not None and self.layout.common is None):
            raise PhhError("unknown_card", f"{self.record.label()}: the hand went to a showdown, but the "
                           f"record does not deal {STREETS[last + 1]}: the hands cannot be known")
        for name in shown:
            seat = Seat(int(str(name)[1:]) - 1)
            unknown = [p for p in self.layout.positions(seat) if p.filled]
            if unknown:
                raise PhhError("unknown_card", f"{self.record.label()}: {seat_name(seat)}'s hand is shown "
                               f"at the showdown, but {len(unknown)} of his cards are never shown (??)")

