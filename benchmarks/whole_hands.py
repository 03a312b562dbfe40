"""Whole hands: random legal play through the reference's game engines, and the same stud hands
(same decks, same actions) replayed on PokerKit.

* six-handed fixed-limit stud to showdown: stacks of 200 (nobody can go all-in, so every hand
  is dealt out and shown down); random legal actions from the reference, never a fold. The
  recorded actions are then replayed on the reference (``apply`` only) and on PokerKit's
  ``FixedLimitSevenCardStud`` from the same deck; PokerKit shows down by its own automation.
* heads-up Archie and five-handed Auction: random legal play on the reference.
"""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import cast

from common import Measurement, best_of
from pokerspec.caches import forget_derived
from pokerspec.conformance.reference_engine import game_module
from pokerspec.core.actions import FOLD, MUCK, SHOW, Action, Verb
from pokerspec.core.cards import Card, format_card, format_cards
from pokerspec.core.deck import shuffled
from pokerspec.core.game import Game, Setup
from pokerspec.core.high import high_rank
from pokerspec.core.types import Chips, Seat, seat_name
from pokerspec.profiles import default_profile
from pokerspec.stud.profiles import StudRules

CARDS = {format_card(Card(c)): Card(c) for c in range(52)}
DRAW = Verb.DRAW
STUD_SEATS = 6
STUD_STACK = 200


@dataclass(frozen=True, slots=True)
class Played:
    setup: Setup
    actions: tuple[Action, ...]
    net: tuple[int, ...]


def setups(count: int, seats: int, stacks: tuple[int, int], seed: int) -> list[Setup]:
    rng = random.Random(seed)
    return [Setup(stacks=tuple(Chips(rng.randint(*stacks)) for _ in range(seats)),
                  dealer=Seat(rng.randrange(seats)), deck=shuffled(rng)) for _ in range(count)]


Chooser = Callable[[Game[object, object], object, Sequence[Action]], Action]


def chooser(rng: random.Random, fold: bool) -> Chooser:
    """Random legal actions: a fold one time in five when allowed (never without ``fold``), a
    show rather than a muck, a random subset of the player's own cards for a draw. The verbs are
    module constants: reading them off ``Verb`` at every step cost a tenth of a stud hand."""

    def choose(game: Game[object, object], state: object, actions: Sequence[Action]) -> Action:
        others = [a for a in actions if a.verb is not FOLD and a.verb is not MUCK] or list(actions)
        if fold:
            folds = [a for a in actions if a.verb is FOLD]
            if folds and rng.random() < 0.2:
                return folds[0]
        action = others[0] if others[0].verb is SHOW else rng.choice(others)
        if action.verb is DRAW and action.cards is None:
            hands = game.observe(state)["hands"]
            assert isinstance(hands, dict)
            held = [CARDS[str(c)] for c in hands[seat_name(action.seat)]]
            drawn = tuple(rng.sample(held, rng.randint(0, min(5, len(held)))))
            return Action(action.seat, Verb.DRAW, cards=drawn)
        return action

    return choose


def play(game_name: str, hands: Sequence[Setup], seed: int, fold: bool) -> tuple[list[Played], float]:
    """Random legal play of every hand on the reference; the time includes listing legal actions."""
    game = game_module(game_name)
    rules = default_profile(game_name).rules
    choose = chooser(random.Random(seed), fold)
    out: list[Played] = []
    began = time.perf_counter()
    for setup in hands:
        state = game.start(setup, rules)
        actions: list[Action] = []
        while True:
            legal = game.legal(state)
            if not legal.to_act:
                break
            action = choose(game, state, legal.actions)
            actions.append(action)
            state = game.apply(state, action)
        outcome = game.outcome(state)
        assert outcome is not None
        out.append(Played(setup, tuple(actions), outcome.net))
    return out, time.perf_counter() - began


def replay(game_name: str, played: Sequence[Played]) -> None:
    """Replay recorded hands on the reference (``start``, ``apply`` and ``outcome`` only). The
    engines' caches of awards and pots are emptied first: a replay works out every award itself,
    not served those of the play that recorded the hands or of an earlier replay."""
    forget_derived()
    game = game_module(game_name)
    rules = default_profile(game_name).rules
    for hand in played:
        state = game.start(hand.setup, rules)
        for action in hand.actions:
            state = game.apply(state, action)
        game.outcome(state)


def pokerkit_stud(played: Sequence[Played]) -> tuple[float, int]:
    """Replay the stud hands on PokerKit from the same decks with the same betting actions; the
    time and how many hands end with the same net result per seat as the reference."""
    import pokerkit

    rules = cast(StudRules, default_profile("stud").rules)
    a = pokerkit.Automation
    automations = (a.ANTE_POSTING, a.BET_COLLECTION, a.HOLE_CARDS_SHOWING_OR_MUCKING, a.HAND_KILLING,
                   a.CHIPS_PUSHING, a.CHIPS_PULLING)
    scripts: list[tuple[list[pokerkit.Card], list[tuple[Verb, Chips | None]], Played]] = []
    for hand in played:
        deck = list(pokerkit.Card.parse(format_cards(hand.setup.deck).replace(" ", "")))
        betting = [(x.verb, x.amount) for x in hand.actions if x.verb not in (Verb.SHOW, Verb.MUCK)]
        scripts.append((deck, betting, hand))
    agree = 0
    began = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for deck, betting, hand in scripts:
            setup = hand.setup
            n = len(setup.stacks)
            order = [(setup.dealer + 1 + i) % n for i in range(n)]
            state = pokerkit.FixedLimitSevenCardStud.create_state(
                automations, False, rules.ante, rules.bring_in, rules.small_bet, rules.big_bet,
                [setup.stacks[s] for s in order], n, mode=pokerkit.Mode.CASH_GAME)
            state.deck_cards.clear()
            state.deck_cards.extend(deck)
            for verb, amount in [*betting, (Verb.SHOW, Chips(0))]:
                while state.can_burn_card() or state.can_deal_hole():
                    if state.can_burn_card():
                        state.burn_card()
                    else:
                        state.deal_hole()
                if verb is Verb.BRING_IN:
                    state.post_bring_in()
                elif verb is Verb.BET_RAISE:
                    state.complete_bet_or_raise_to(amount)
                elif verb is Verb.CHECK_CALL:
                    state.check_or_call()
                elif verb is Verb.FOLD:
                    state.fold()
            agree += list(state.payoffs) == [hand.net[s] for s in order]
    seconds = time.perf_counter() - began
    return seconds, agree


def run(count: int, seed: int) -> list[Measurement]:
    high_rank(shuffled(random.Random(seed))[:7])  # build the evaluation tables before any clock starts
    out: list[Measurement] = []
    stud = setups(count, STUD_SEATS, (STUD_STACK, STUD_STACK), seed)
    played, seconds = play("stud", stud, seed, fold=False)
    out.append(Measurement("six-handed stud", "pokerspec", len(played), seconds,
                           note="random legal play, legal listing included"))
    best = best_of(3, partial(replay, "stud", played))
    out.append(Measurement("six-handed stud", "pokerspec replay", len(played), best,
                           note="the same actions, start/apply/outcome only"))
    try:
        pk_seconds, agree = pokerkit_stud(played[: max(50, count // 10)])
    except ImportError:
        pass
    else:
        out.append(Measurement("six-handed stud", "pokerkit", max(50, count // 10), pk_seconds,
                               note=f"same decks and actions; {agree} hands with equal results"))
    for task, game, seats, stacks, hands in (("archie heads-up", "archie", 2, (48, 120), count * 2),
                                             ("five-handed auction", "auction", 5, (20, 60), count)):
        played, seconds = play(game, setups(hands, seats, stacks, seed + seats), seed, fold=True)
        out.append(Measurement(task, "pokerspec", len(played), seconds,
                               note="random legal play, legal listing included"))
        best = best_of(3, partial(replay, game, played))
        out.append(Measurement(task, "pokerspec replay", len(played), best))
    return out

