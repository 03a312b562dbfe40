"""eval7 0.1.11 behind the protocol (``python:conformance/adapters/eval7_engine.py:Eval7``).

eval7 is an evaluator in C (Cython): a high ranking of five to seven cards and, because it
evaluates any number of cards, the partial exposed hands of one to four cards. It has no low
ranking and no pots. The translation is ``pokerspec.compliance.peers.Eval7Family``.
"""

from __future__ import annotations

from pokerspec.compliance.peers import Eval7Family


class Eval7(Eval7Family):
    name = "eval7"
    distribution = "eval7"
    fewest = 1
