"""deuces 0.2.1 behind the protocol (``python:conformance/adapters/deuces_engine.py:Deuces``).

deuces is Cactus Kev's evaluator in pure Python: a high ranking of five to seven cards and
nothing else. The translation is ``pokerspec.compliance.peers.DeucesFamily``.
"""

from __future__ import annotations

from pokerspec.compliance.peers import DeucesFamily


class Deuces(DeucesFamily):
    name = "deuces"
    distribution = "deuces"
