"""What must hold at every node and every end of a perft walk (``core.perft.invariants``).

Read from what any engine reports (a listing, the observables it supports, the outcome), so the
same checks run on the reference and on an engine walked through the protocol; each check that
needs an observable the engine does not report is skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokerspec.core.game import Json

AMOUNT_VERBS = ("cc", "cbr", "pb")
"""Verbs whose amount is a round total, paid from the stack (``core.notation.legal``)."""


def _by_seat(value: Json) -> dict[str, int]:
    if not isinstance(value, Mapping):
        return {}
    return {str(k): int(v) for k, v in value.items() if isinstance(v, int)}


def _cards(value: Json) -> list[str]:
    if isinstance(value, Mapping):
        return [str(c) for cards in value.values() if isinstance(cards, list) for c in cards]
    return [str(c) for c in value] if isinstance(value, list) else []


def node_problems(to_act: Sequence[str], actions: Sequence[str], observation: Mapping[str, Json],
                  chips: int) -> list[str]:
    """What is wrong at one node: chips not conserved (stacks plus pot must stay ``chips``, the
    setup's stacks and carried pot), a card in two places, a seat listed that is not to act or
    has folded, an amount beyond what the seat holds."""
    problems: list[str] = []
    stacks = _by_seat(observation.get("stacks"))
    pot = observation.get("pot")
    if stacks and isinstance(pot, int) and sum(stacks.values()) + pot != chips:
        problems.append(f"chips not conserved: stacks {sum(stacks.values())} + pot {pot} != {chips}")
    seen = [c for key in ("hands", "row", "common") for c in _cards(observation.get(key))]
    twice = sorted({c for c in seen if seen.count(c) > 1})
    if twice:
        problems.append(f"card seen twice: {' '.join(twice)}")
    if bool(to_act) != bool(actions):
        problems.append(f"to_act {list(to_act)} but {len(actions)} actions listed")
    folded = observation.get("folded")
    gone = {str(s) for s in folded} if isinstance(folded, list) else set()
    bets = _by_seat(observation.get("round_bets"))
    for action in actions:
        words = action.split()
        seat = words[0]
        if seat not in to_act:
            problems.append(f"{action!r} listed for a seat not to act")
        if seat in gone:
            problems.append(f"{action!r} listed for a folded seat")
        if stacks and len(words) == 3 and words[2].isdigit() and seat in stacks:
            paid = int(words[2]) - bets.get(seat, 0) if words[1] in AMOUNT_VERBS else \
                int(words[2]) if words[1] == "bid" else 0
            if paid > stacks[seat]:
                problems.append(f"{action!r} puts in {paid}, more than the {stacks[seat]} behind")
    if len(set(actions)) != len(actions):
        problems.append("an action listed twice")
    return problems


def end_problems(outcome: Mapping[str, Json], contributed: Mapping[str, int], carried: int) -> list[str]:
    """What is wrong with an outcome: the award must add up to the pot — everything received
    plus any pot carried on equals everything put in plus the pot carried in; each pot's shares
    add up to its amount; net is received less contributed."""
    problems: list[str] = []
    received = _by_seat(outcome.get("received"))
    net = _by_seat(outcome.get("net"))
    carry = outcome.get("carry", 0)
    out = carry if isinstance(carry, int) else 0
    if received and sum(received.values()) + out != sum(contributed.values()) + carried:
        problems.append(f"award does not add up: received {sum(received.values())} + carried on {out} "
                        f"!= put in {sum(contributed.values())} + carried in {carried}")
    for seat, value in net.items():
        if seat in received and seat in contributed and received[seat] - contributed[seat] != value:
            problems.append(f"net of {seat} is {value}, not received {received[seat]} "
                            f"- put in {contributed[seat]}")
    pots = outcome.get("pots")
    for pot in pots if isinstance(pots, list) else []:
        if isinstance(pot, Mapping) and isinstance(pot.get("amount"), int):
            shares = sum(_by_seat(pot.get("shares")).values())
            if shares != pot["amount"] and outcome.get("carry", 0) == 0:
                problems.append(f"a pot of {pot['amount']} is shared out as {shares}")
    return problems
