"""``pokerspec phh export``: cases and traces written as PHH hand histories (docs/examples/real-hands.md).

A hand is played through the reference engine from its setup with its accepted actions (a case's
``act`` steps, a trace's ``act`` steps; refused attempts are not part of what happened), and the
PHH file records what the table saw: the deals, street by street, and every action. PHH's first
player is the first dealt, the seat at the button's (dealer's) left, so seats are renumbered; the
standard's optional ``seats`` field keeps each player's seat in the case. Burns are not written
(PHH has no notation for them).

Seven-card stud is PHH variant ``F7S`` and reads with PokerKit's own reader. Archie and Auction
poker have no PHH variant: they are written with pokerspec's own variant codes and extensions
(listed in docs/examples/real-hands.md), marked as such in the file; other PHH readers may refuse
them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from pokerspec import __version__
from pokerspec.archie.table import ArchieRules
from pokerspec.auction.setup import AuctionRules
from pokerspec.conformance.reference_engine import game_module
from pokerspec.core.actions import ActionError, Verb, parse_action
from pokerspec.core.cards import Card, format_card, parse_cards
from pokerspec.core.deck import complete_deck
from pokerspec.core.game import Json, Setup, SetupError
from pokerspec.core.types import Chips, Seat, parse_seat
from pokerspec.phh.document import TomlValue, dumps
from pokerspec.phh.notation import DEAL_ROW, deal_text, format_slots
from pokerspec.profiles import UnknownProfile, default_profile, get_profile
from pokerspec.stud import GAME as STUD
from pokerspec.stud.profiles import StakesError, StudRules, stakes_from_json
from pokerspec.stud.state import OVER, StudState

VARIANTS = {"stud": "F7S", "archie": "pokerspec-archie", "auction": "pokerspec-auction"}


class ExportError(ValueError):
    """A hand that cannot be written as PHH: not a hand, a setup the rules refuse, or an action
    the engine refuses."""


@dataclass(frozen=True, slots=True)
class Exported:
    """One PHH file: a name for it (the case or trace and its profile) and its text."""

    name: str
    game: str
    profile: str
    text: str


def export_case(case: Mapping[str, Json], profile: str | None = None) -> Exported:
    """A ``hand`` case as PHH, played under ``profile`` (default: the game's default profile if
    the case lists it, else the case's first profile). A case that goes back to a position
    (``push``, ``pop``) exports the line of play it ends with: a ``pop`` drops the actions since
    its ``push``."""
    if case.get("kind") != "hand":
        raise ExportError(f"a {case.get('kind')} case has no hand to export, only hand cases do")
    game = str(case.get("game"))
    listed = [str(p) for p in cast(list[Json], case.get("profiles", []))]
    if profile is None:
        default = default_profile(game).name
        profile = default if default in listed or not listed else listed[0]
    steps = cast(list[Mapping[str, Json]], case.get("steps", []))
    acts: list[str] = []
    kept: list[int] = []
    for step in steps:
        if "act" in step:
            acts.append(str(step["act"]))
        elif "push" in step:
            kept.append(len(acts))
        elif "pop" in step:
            if not kept:
                raise ExportError(f"{case.get('id')}: a pop with no push before it (a bad case)")
            del acts[kept.pop():]
    origin = {"_pokerspec_case": str(case.get("id")), "_pokerspec_title": str(case.get("title", ""))}
    setup = cast(Mapping[str, Json], case.get("setup", {}))
    return export_hand(game, profile, setup, acts, str(case.get("id")), origin)


def export_trace(trace: Mapping[str, Json]) -> Exported:
    """A corpus trace (a golden file's line with its own ``setup``) as PHH."""
    if "setup" not in trace or "profile" not in trace:
        raise ExportError("this trace has no setup of its own (a case's trace: export the case instead)")
    profile = str(trace["profile"])
    try:
        game = get_profile(profile).game
    except UnknownProfile as exc:
        raise ExportError(str(exc)) from None
    steps = cast(list[Mapping[str, Json]], trace.get("steps", []))
    acts = [str(s["act"]) for s in steps if "act" in s and s.get("result", "ok") == "ok"]
    return export_hand(game, profile, cast(Mapping[str, Json], trace["setup"]), acts, str(trace.get("id")),
                       {"_pokerspec_trace": str(trace.get("id"))})


def export_hand(game: str, profile: str, setup: Mapping[str, Json], acts: Sequence[str], label: str,
                origin: Mapping[str, str]) -> Exported:
    """Play ``acts`` from ``setup`` under ``profile`` and write the hand as PHH."""
    try:
        rules = get_profile(profile).rules
        stacks = tuple(Chips(int(cast(int, s))) for s in cast(list[Json], setup["stacks"]))
        dealer = parse_seat(str(setup["dealer"]), len(stacks))
        deck = complete_deck(parse_cards([str(c) for c in cast(list[Json], setup.get("deck", []))]))
    except (UnknownProfile, KeyError, ValueError, TypeError) as exc:
        raise ExportError(f"{label}: bad setup: {exc}") from None
    start = Setup(stacks, dealer, deck, Chips(int(cast(int, setup.get("carry", 0)))))
    order = tuple(Seat((dealer + 1 + i) % len(stacks)) for i in range(len(stacks)))
    if game == "stud":
        fields = _stud(start, _stud_rules(cast(StudRules, rules), setup, label), acts, order, label)
    elif game in ("archie", "auction"):
        fields = _extended(game, start, rules, acts, order, label)
    else:
        raise ExportError(f"{label}: no hand of game {game!r} to export")
    fields["seats"] = [s + 1 for s in order]
    fields.update(origin)
    fields["_pokerspec_profile"] = profile
    comments = [f"Exported by pokerspec {__version__} from {label}, profile {profile}.",
                "PHH's p1 is the first player dealt (the seat at the button's left); 'seats' gives each "
                "player's seat in the source."]
    if game == "archie":
        comments.append(f"variant {VARIANTS[game]!r} is pokerspec's own extension of PHH "
                        "(docs/examples/real-hands.md), not part of the standard.")
    elif game == "auction":
        comments.append(f"variant {VARIANTS[game]!r} and the verbs bid, pick, dec and 'd {DEAL_ROW}' are "
                        "pokerspec's own extensions of PHH (docs/examples/real-hands.md), not part of the "
                        "standard.")
    return Exported(label, game, profile, dumps(fields, comments, multiline=("actions",)))


def _stud_rules(rules: StudRules, setup: Mapping[str, Json], label: str) -> StudRules:
    """The profile's rules at the case's own stakes, if it sets any (``stud.profile.stakes``)."""
    raw = setup.get("stakes")
    if raw is None:
        return rules
    try:
        return rules.with_stakes(stakes_from_json(raw))
    except StakesError as exc:
        raise ExportError(f"{label}: bad stakes: {exc}") from None


def _stud(setup: Setup, rules: StudRules, acts: Sequence[str], order: tuple[Seat, ...], label: str
          ) -> dict[str, TomlValue]:
    """An F7S hand history: the table, then the deals and actions as they happened."""
    seats, phh = len(order), _renumbering(order)
    state = cast(StudState, _started("stud", setup, rules, label))
    actions: list[str] = []
    for r in range(3):
        for seat in order:
            card = (*state.hole[seat][:2], state.up[seat][0])[r]
            actions.append(deal_text(phh[seat], (card,)))
    for street in range(4, state.street + 1):  # dealt out at once: every stack all-in from the start
        actions += _street(state, street, order, phh)
    dealt, showed = state.street, set()
    for text in acts:
        try:
            action = parse_action(text, seats)
            after = STUD.apply(state, action)
        except ActionError as exc:
            raise ExportError(f"{label}: the engine refuses {text!r}: {exc}") from None
        who = f"p{phh[action.seat] + 1}"
        if action.verb is Verb.BRING_IN:
            actions.append(f"{who} pb")
        elif action.verb is Verb.SHOW:
            actions.append(f"{who} sm {format_slots(_own(state, action.seat))}")
            showed.add(action.seat)
        elif action.verb is Verb.MUCK:
            actions.append(f"{who} sm")
        else:
            amount = f" {action.amount}" if action.verb is Verb.BET_RAISE else ""
            actions.append(f"{who} {action.verb.value}{amount}")
        state = after
        for street in range(dealt + 1, state.street + 1):
            actions += _street(state, street, order, phh)
        dealt = state.street
    if state.phase == OVER and state.result is not None:
        for name in cast(list[str], state.result.details.get("shown", [])):
            seat = parse_seat(name, seats)
            if seat not in showed:
                actions.append(f"p{phh[seat] + 1} sm {format_slots(_own(state, seat))}")
    fields: dict[str, TomlValue] = {
        "variant": "F7S",
        "ante_trimming_status": True,
        "antes": [rules.ante] * seats,
        "bring_in": rules.bring_in,
        "small_bet": rules.small_bet,
        "big_bet": rules.big_bet,
        "starting_stacks": [setup.stacks[s] for s in order],
        "actions": actions,
    }
    if state.phase == OVER and state.result is not None:
        received = state.result.received
        fields["finishing_stacks"] = [state.stacks[s] + received[s] for s in order]
    return fields


def _renumbering(order: tuple[Seat, ...]) -> dict[Seat, Seat]:
    """Each seat's PHH player index: the first dealt is PHH's p1."""
    return {seat: Seat(i) for i, seat in enumerate(order)}


def _started(game: str, setup: Setup, rules: object, label: str) -> object:
    try:
        return game_module(game).start(setup, rules)
    except SetupError as exc:
        raise ExportError(f"{label}: the rules refuse this table: {exc}") from None


def _own(state: StudState, seat: Seat) -> tuple[Card, ...]:
    """A seat's own cards in the order dealt: two down, the upcards, the seventh down."""
    return (*state.hole[seat][:2], *state.up[seat], *state.hole[seat][2:])


def _street(state: StudState, street: int, order: tuple[Seat, ...], phh: Mapping[Seat, Seat]) -> list[str]:
    """The deal of one later street, to every player who received a card on it (``stud.streets.cards``);
    a common card is turned for the board (``stud.runout.common``)."""
    if street == 7 and state.common is not None:
        return [deal_text(None, (state.common,))]
    out = []
    for seat in order:
        cards = state.up[seat] if street < 7 else state.hole[seat][2:]
        index = street - 3 if street < 7 else 0
        if len(cards) > index:
            out.append(deal_text(phh[seat], (cards[index],)))
    return out


def _extended(game: str, setup: Setup, rules: object, acts: Sequence[str], order: tuple[Seat, ...], label: str
              ) -> dict[str, TomlValue]:
    """Archie or Auction poker with pokerspec's extensions: deals read off the observed hands and
    rows after each action, every action in PHH spelling."""
    engine, phh = game_module(game), _renumbering(order)
    state = _started(game, setup, rules, label)
    seen = _Seen(order, phh)
    actions = seen.deals(engine.observed(state))
    forced = cast(Mapping[str, int], engine.observed(state)["contributed"])
    for text in acts:
        try:
            action = parse_action(text, len(order))
            state = engine.apply(state, action)
        except ActionError as exc:
            raise ExportError(f"{label}: the engine refuses {text!r}: {exc}") from None
        who = f"p{phh[action.seat] + 1}"
        if action.verb is Verb.DRAW:
            actions.append(f"{who} sd" + (f" {format_slots(action.cards)}" if action.cards else ""))
        elif action.verb is Verb.PICK:
            assert action.cards
            actions.append(f"{who} pick {format_card(action.cards[0])}")
            seen.held.add(action.cards[0])
        elif action.verb is Verb.SHOW:
            actions.append(f"{who} sm -")
        elif action.verb is Verb.MUCK:
            actions.append(f"{who} sm")
        elif action.verb is Verb.CHECK_CALL:
            actions.append(f"{who} cc")
        else:
            actions.append(" ".join([who, *str(action).split()[1:]]))
        actions += seen.deals(engine.observed(state))
    fields: dict[str, TomlValue] = {"variant": VARIANTS[game]}
    by_phh = [forced.get(f"p{s + 1}", 0) for s in order]
    if game == "archie":
        archie = cast(ArchieRules, rules)
        fields.update({"antes": [0] * len(order),
                       "blinds_or_straddles": [archie.small_blind, archie.big_blind],
                       "small_bet": archie.small_bet, "big_bet": archie.big_bet})
    else:
        auction = cast(AuctionRules, rules)
        fields.update({"antes": by_phh, "small_bet": auction.bet_unit, "big_bet": auction.bet_unit,
                       "_pokerspec_bids": [auction.min_bid, auction.max_bid]})
    fields["starting_stacks"] = [setup.stacks[s] for s in order]
    fields["actions"] = actions
    outcome = engine.outcome(state)
    if outcome is not None:
        observed = cast(Mapping[str, int], engine.observed(state)["stacks"])
        fields["finishing_stacks"] = [observed[f"p{s + 1}"] + outcome.received[s] for s in order]
    if setup.carry:
        fields["_pokerspec_carry"] = setup.carry
    return fields


class _Seen:
    """The cards already written, so that each observation yields only the new deals."""

    def __init__(self, order: tuple[Seat, ...], phh: Mapping[Seat, Seat]) -> None:
        self.order, self.phh = order, phh
        self.held: set[Card] = set()
        self.row: set[Card] = set()

    def deals(self, observation: Mapping[str, Json]) -> list[str]:
        """The cards new since the last observation: each seat's, from the dealer's left, then an
        auction row."""
        out: list[str] = []
        hands = cast(Mapping[str, list[str]], observation.get("hands", {}))
        for seat in self.order:
            cards = parse_cards(hands.get(f"p{seat + 1}", []))
            new = tuple(c for c in cards if c not in self.held)
            if new:
                out.append(deal_text(self.phh[seat], new))
                self.held |= set(new)
        row = parse_cards([str(c) for c in cast(list[Json], observation.get("row", []))])
        if row and not set(row) & self.row:
            out.append(f"d {DEAL_ROW} {format_slots(row)}")
            self.row |= set(row)
        return out
