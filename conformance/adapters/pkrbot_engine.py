"""pkrbot 1.1.0 behind the protocol (``python:conformance/adapters/pkrbot_engine.py:Pkrbot``).

pkrbot is a compiled evaluator with eval7's API that takes five or more cards: a high ranking
of five to seven cards and nothing else. The translation is
``pokerspec.compliance.peers.Eval7Family``.
"""

from __future__ import annotations

from pokerspec.compliance.peers import Eval7Family


class Pkrbot(Eval7Family):
    name = "pkrbot"
    distribution = "pkrbot"
