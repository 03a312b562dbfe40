"""treys 0.1.8 behind the protocol (``python:conformance/adapters/treys_engine.py:Treys``).

treys is Cactus Kev's evaluator in pure Python (the Python 3 successor of deuces): a high
ranking of five to seven cards and nothing else. The translation is
``pokerspec.compliance.peers.DeucesFamily``.
"""

from __future__ import annotations

from pokerspec.compliance.peers import DeucesFamily


class Treys(DeucesFamily):
    name = "treys"
    distribution = "treys"
