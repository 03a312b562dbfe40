"""The third-party adapters translate and never correct (docs/engines/).

* Each adapter's answer is replayed directly against its library, without the adapter, on a
  few cases: an adapter bug is never published as the library's.
* Each library passes the core cases it can express, or fails them for a reason
  ``pokerspec.compliance.findings`` names.
* PokerKit replays stud hands from the same deck with the same actions as the reference.

Each test skips cleanly when its library is not installed (the ``peers`` extra, or
``npm ci`` in conformance/adapters/js).
"""

from __future__ import annotations

import importlib
import json
import random
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import cast

import pytest
from pokerspec.compliance.run import ENGINES, LIBRARIES, available
from pokerspec.conformance.adapters import open_engine
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.protocol import Engine, handshake
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.cards import format_card
from pokerspec.core.deck import shuffled
from pokerspec.core.game import Json

ROOT = Path(__file__).resolve().parents[3]

JS = ROOT / "conformance" / "adapters" / "js"


def need(name: str) -> None:
    why = available(ENGINES[name])
    if why is not None:
        pytest.skip(f"{name}: {why}")


def case_hands(case_id: str) -> tuple[str, list[list[str]]]:
    """The ranking and the hands of a suite case."""
    path = next(VECTORS.rglob(f"{case_id}.json"))
    setup = json.loads(path.read_text(encoding="utf-8"))["setup"]
    return str(setup["ranking"]), [[str(c) for c in h] for h in setup["hands"]]


REPLAYED = ("core-high-0001", "core-high-0015", "core-high-0019", "core-high-0027")
"""Ranking cases replayed against each library directly: the categories, kickers, the wheel and
seven cards."""


def adapter_order(name: str, ranking: str, hands: list[list[str]]) -> Json:
    engine = open_engine(ENGINES[name].impl)
    try:
        handshake(engine)
        reply = engine.handle({"op": "rank", "ranking": ranking, "hands": cast(Json, hands)})
    finally:
        engine.close()
    return reply.get("order")


def groups_by(values: Sequence[float]) -> list[list[int]]:
    """Indexes grouped by value, the largest first (how a strength becomes an order)."""
    return [[i for i, v in enumerate(values) if v == top] for top in sorted(set(values), reverse=True)]


def _treys_like(package: str) -> Callable[[list[str]], float]:
    module = importlib.import_module(package)
    evaluator = module.Evaluator()
    return lambda h: (
        -evaluator.evaluate([module.Card.new(c) for c in h[:2]], [module.Card.new(c) for c in h[2:]])
    )


def _eval7_like(package: str) -> Callable[[list[str]], float]:
    module = importlib.import_module(package)
    return lambda h: module.evaluate([module.Card(c) for c in h])


def _phevaluator() -> Callable[[list[str]], float]:
    from phevaluator import evaluate_cards

    return lambda h: -evaluate_cards(*h)


def _poker_equity() -> Callable[[list[str]], float]:
    from poker_equity import score_batch

    return lambda h: -score_batch("high", ["".join(h)])[0]


def _pokerface() -> Callable[[list[str]], float]:
    from pokerface import StandardEvaluator, parse_cards

    return lambda h: -StandardEvaluator.evaluate_hand(parse_cards("".join(h)), ()).index


def _clubs() -> Callable[[list[str]], float]:
    import clubs

    evaluator = clubs.Evaluator(4, 13, 5)
    return lambda h: -evaluator.evaluate([], [clubs.Card(c) for c in h])


def _pypokerengine() -> Callable[[list[str]], float]:
    from pypokerengine.engine.card import Card
    from pypokerengine.engine.hand_evaluator import HandEvaluator

    def strength(h: list[str]) -> float:
        cards = [Card.from_str(c[1].upper() + c[0]) for c in h]
        return float(HandEvaluator.eval_hand(cards[:2], cards[2:]))

    return strength


DIRECT: dict[str, Callable[[], Callable[[list[str]], float]]] = {
    "treys": lambda: _treys_like("treys"),
    "deuces": lambda: _treys_like("deuces"),
    "eval7": lambda: _eval7_like("eval7"),
    "pkrbot": lambda: _eval7_like("pkrbot"),
    "phevaluator": _phevaluator,
    "poker-equity": _poker_equity,
    "pokerface": _pokerface,
    "clubs": _clubs,
    "pypokerengine": _pypokerengine,
}
"""Each strength-based Python library's own strength of a high hand, called directly."""


@pytest.mark.parametrize("name", sorted(DIRECT))
@pytest.mark.parametrize("case_id", REPLAYED)
def test_strength_libraries_replayed_directly(name: str, case_id: str) -> None:
    need(name)
    ranking, hands = case_hands(case_id)
    strength = DIRECT[name]()
    assert adapter_order(name, ranking, hands) == groups_by([strength(h) for h in hands])


def _compare_directly(name: str, hands: list[list[str]]) -> int:
    """+1, 0 or -1: the library's own comparison of two hands, called directly."""
    if name == "tilted":
        from itertools import combinations

        from tilted.enums import CardRank, CardSuit
        from tilted.models import Card, Hand

        suits = {"c": CardSuit.CLUBS, "d": CardSuit.DIAMIONDS, "h": CardSuit.HEARTS, "s": CardSuit.SPADES}
        made = [
            max(
                Hand([Card(CardRank("23456789TJQKA".index(c[0]) + 1), suits[c[1]]) for c in five])
                for five in combinations(h, 5)
            )
            for h in hands
        ]
    else:
        from pokerlib import HandParser
        from pokerlib.enums import Rank, Suit

        suit = {"c": Suit.CLUB, "d": Suit.DIAMOND, "h": Suit.HEART, "s": Suit.SPADE}
        made = [HandParser([(Rank("23456789TJQKA".index(c[0])), suit[c[1]]) for c in h]) for h in hands]
    return 1 if made[0] > made[1] else -1 if made[0] < made[1] else 0


@pytest.mark.parametrize("name", ["tilted", "pokerlib"])
@pytest.mark.parametrize("case_id", ["core-high-0015", "core-high-0016", "core-high-0019", "core-high-0026"])
def test_comparison_libraries_replayed_directly(name: str, case_id: str) -> None:
    need(name)
    ranking, hands = case_hands(case_id)
    for i in range(len(hands) - 1):
        pair = hands[i : i + 2]
        direct = _compare_directly(name, pair)
        want = [[0, 1]] if direct == 0 else [[0], [1]] if direct > 0 else [[1], [0]]
        got = adapter_order(name, ranking, pair)
        assert [sorted(cast(list[int], g)) for g in cast(list[Json], got)] == want


NODE_DIRECT = {
    "pokersolver": "const {Hand}=require('pokersolver'); const s=H.map(h=>Hand.solve(h));"
    "out=s.map(a=>-s.filter(b=>a.compare(b)>0).length);",
    "phe": "const phe=require('phe'); out=H.map(h=>-phe.evaluateCards(h));",
    "poker-evaluator": "const pe=require('poker-evaluator'); out=H.map(h=>pe.evalHand(h).value);",
    "poker-ts": "const Hand=require('poker-ts/dist/lib/hand').default; const "
    "Card=require('poker-ts/dist/lib/card').default;"
    "const S='cdhs',R='23456789TJQKA'; const m=H.map(h=>Hand.of(h.map(c=>new "
    "Card(R.indexOf(c[0]),S.indexOf(c[1])))));"
    "out=m.map(a=>-m.filter(b=>Hand.compare(a,b)>0).length);",
    "handranker": "const R=require('handranker'); const "
    "o=R.orderHands(H.map((cards,id)=>({id,cards})),R.STUD);"
    "out=H.map((_,i)=>-o.findIndex(g=>g.some(x=>x.id===i)));",
}
"""Each JavaScript library's own strength (or rank among the hands) called directly in Node."""


@pytest.mark.parametrize("name", sorted(NODE_DIRECT))
@pytest.mark.parametrize("case_id", ["core-high-0015", "core-high-0019", "core-high-0026", "core-high-0027"])
def test_javascript_libraries_replayed_directly(name: str, case_id: str) -> None:
    need(name)
    ranking, hands = case_hands(case_id)
    if name == "poker-ts" and any(len(h) != 7 for h in hands):
        pytest.skip("poker-ts ranks seven cards only")
    script = f"const H={json.dumps(hands)}; let out; {NODE_DIRECT[name]} console.log(JSON.stringify(out));"
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run(
        [node, "-e", script], cwd=JS, capture_output=True, text=True, check=True, timeout=60
    )
    assert adapter_order(name, ranking, hands) == groups_by(json.loads(done.stdout))


def test_pypokerengine_pots_replayed_directly() -> None:
    """The adapter's pots are ``GameEvaluator.create_pot``'s, called directly (core-chips-0015)."""
    need("pypokerengine")
    from pypokerengine.engine.game_evaluator import GameEvaluator
    from pypokerengine.engine.pay_info import PayInfo
    from pypokerengine.engine.player import Player

    paid = {"p1": (30, PayInfo.FOLDED), "p2": (20, PayInfo.ALLIN), "p3": (60, 0), "p4": (60, 0)}
    players = []
    for seat, (amount, status) in paid.items():
        player = Player(seat, 0)
        player.pay_info.amount, player.pay_info.status = amount, status
        players.append(player)
    direct = [
        {"amount": p["amount"], "eligible": [q.uuid for q in p["eligibles"]]}
        for p in GameEvaluator.create_pot(players)
    ]
    engine = open_engine(ENGINES["pypokerengine"].impl)
    reply = engine.handle(
        {"op": "pots", "contributed": {s: a for s, (a, _) in paid.items()}, "folded": ["p1"]}
    )
    assert reply["pots"] == direct


def test_poker_ts_pot_manager_replayed_directly() -> None:
    """The adapter's pots are poker-ts's ``PotManager``'s, driven directly as its dealer does
    (core-chips-0015: the folded player's 30 lands in the first pot)."""
    need("poker-ts")
    script = (
        "const PM=require('poker-ts/dist/lib/pot-manager').default; const "
        "P=require('poker-ts/dist/lib/player').default;"
        "const m=new PM(); m.betFolded(30); const ps=[null,...[20,60,60].map(b=>{const p=new P(b); "
        "p.bet(b); return p;})];"
        "m.collectBetsForm(ps); console.log(JSON.stringify(m.pots().map(p=>[p.size(),p.eligiblePlayers()])));"
    )
    node = shutil.which("node")
    assert node is not None
    direct = json.loads(
        subprocess.run(
            [node, "-e", script], cwd=JS, capture_output=True, text=True, check=True, timeout=60
        ).stdout
    )
    engine = open_engine(ENGINES["poker-ts"].impl)
    try:
        handshake(engine)
        reply = engine.handle(
            {"op": "pots", "contributed": {"p1": 30, "p2": 20, "p3": 60, "p4": 60}, "folded": ["p1"]}
        )
    finally:
        engine.close()
    assert [[p["amount"], [int(s[1:]) - 1 for s in p["eligible"]]] for p in reply["pots"]] == direct
    assert direct[0][0] == 90, "poker-ts puts the folded 30 into the main pot (a finding)"


@pytest.mark.parametrize("name", [lib.name for lib in LIBRARIES])
def test_every_library_answers_the_handshake_honestly(name: str) -> None:
    """Every adapter names its library and version and offers only ops it answers: a request for
    anything else is ``unsupported`` (a skip), never a made-up answer."""
    need(name)
    engine = open_engine(ENGINES[name].impl)
    try:
        hello = handshake(engine)
        assert hello.version == ENGINES[name].pin
        assert "notation" not in hello.capabilities
        reply = engine.handle({"op": "parse", "input": ["As"]})
        assert reply.get("error", {}).get("code") == "unsupported", reply
    finally:
        engine.close()


def test_pokerkit_lows() -> None:
    need("pokerkit")
    engine = open_engine(ENGINES["pokerkit"].impl)
    handshake(engine)
    # Ace-to-five: the wheel is the best low; a pair of twos loses to any unpaired hand.
    reply = engine.handle(
        {
            "op": "rank",
            "ranking": "low-a5",
            "hands": [
                ["2c", "2d", "3h", "4s", "5c"],
                ["Ks", "Qd", "Jc", "9h", "8s"],
                ["As", "2d", "3c", "4h", "5s"],
            ],
        }
    )
    assert reply["order"] == [[2], [1], [0]]
    # Eight or better: 9-high does not qualify; 8-7-6-5-4 is the worst qualifier.
    reply = engine.handle(
        {
            "op": "rank",
            "ranking": "low-8",
            "hands": [["9c", "5d", "4h", "3s", "2c"], ["8s", "7d", "6c", "5h", "4s"]],
        }
    )
    assert reply == {"order": [[1]], "qualifies": [False, True]}
    engine.close()


def _strings(reply: Mapping[str, Json], key: str) -> list[str]:
    value = reply.get(key)
    assert isinstance(value, list), reply
    return sorted(str(v) for v in value)


def _outcome(engine: Engine) -> Mapping[str, Json]:
    outcome = engine.handle({"op": "outcome"}).get("outcome")
    assert isinstance(outcome, dict), outcome
    return outcome


@pytest.mark.parametrize("seed", range(5))
def test_pokerkit_stud_same_deck_same_actions(seed: int) -> None:
    """Deep stacks and no folds: no all-in and no running out, so the betting rules are the
    same; every betting listing must match the reference's, and the hand must pay the same
    unless a pot is split (the showdown order and the odd chip are genuine differences)."""
    need("pokerkit")
    rng = random.Random(seed)
    seats = rng.randint(2, 6)
    setup: dict[str, Json] = {
        "stacks": [200] * seats,
        "dealer": f"p{rng.randrange(seats) + 1}",
        "deck": [format_card(c) for c in shuffled(rng)],
    }
    ref: Engine = ReferenceEngine()
    peer = open_engine(ENGINES["pokerkit"].impl)
    handshake(peer)
    message: dict[str, Json] = {
        "op": "new_hand",
        "game": "stud",
        "profile": "stud-fl-training",
        "setup": setup,
    }
    assert ref.handle(message) == {"ok": True}
    assert peer.handle(message) == {"ok": True}
    compared = 0
    while actions := _strings(ref.handle({"op": "legal"}), "actions"):
        seat = actions[0].split()[0]
        if any(a.split()[1] == "sm" for a in actions):
            assert ref.handle({"op": "act", "action": f"{seat} sm"}) == {"ok": True}
            continue
        theirs = peer.handle({"op": "legal"})
        assert (_strings(theirs, "to_act"), _strings(theirs, "actions")) == ([seat], actions)
        choice = rng.choice([a for a in actions if a.split()[1] != "f"])
        assert ref.handle({"op": "act", "action": choice}) == {"ok": True}
        assert peer.handle({"op": "act", "action": choice}) == {"ok": True}
        compared += 1
    while to_act := _strings(peer.handle({"op": "legal"}), "to_act"):
        assert peer.handle({"op": "act", "action": f"{to_act[0]} sm"}) == {"ok": True}
    want, got = _outcome(ref), _outcome(peer)
    pots = want["pots"]
    assert isinstance(pots, list) and compared >= 2 * seats
    split = any(len(cast(dict[str, list[str]], cast(dict[str, Json], p)["winners"])["all"]) > 1 for p in pots)
    if not split:
        assert (got["net"], got["received"]) == (want["net"], want["received"])
    peer.close()


def test_pokerkit_passes_the_runout_case_once_pots_are_read_before_the_mucks() -> None:
    """stud-runout-0004 was an adapter artefact: PokerKit drops a player who mucks from its pots,
    the spec keeps him eligible; read before the mucks, with ``common``, the case passes."""
    need("pokerkit")
    from pokerspec.conformance.grading import Verdict, grade

    cases, _ = load_cases([VECTORS / "stud" / "runout"])
    case = next(c for c in cases if c.id == "stud-runout-0004")
    engine = open_engine(ENGINES["pokerkit"].impl)
    handshake(engine)
    assert grade(case, engine, "stud-fl-training").verdict is Verdict.PASS
    engine.close()



def test_pokerkit_reshuffles_the_same_cards_on_every_run() -> None:
    """stud-runout-0702 runs PokerKit's stub out: PokerKit reshuffles with Python's global
    ``random``, which the adapter seeds with the case's deck for each request. Two runs, with the
    process's random state moved in between, observe the same cards, and the process's own random
    state is left as it was."""
    need("pokerkit")
    from pokerspec.conformance.grading import grade

    cases, _ = load_cases([VECTORS / "stud" / "runout"])
    case = next(c for c in cases if c.id == "stud-runout-0702")
    seen = []
    for seed in (1, 2):
        random.seed(seed)
        before = random.getstate()
        engine = open_engine(ENGINES["pokerkit"].impl)
        handshake(engine)
        result = grade(case, engine, "stud-fl-training")
        seen.append((result.verdict, result.message))
        engine.close()
        assert random.getstate() == before, "the adapter leaves the process's random state alone"
    assert seen[0] == seen[1]
