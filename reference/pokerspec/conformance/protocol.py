"""The engine protocol, version 1 (docs/engine-authors/protocol.md).

The runner talks to every engine — the reference, an in-process Python adapter, or an
executable speaking JSON lines — with the same messages: a request is a JSON object with an
``op``, the reply is a JSON object. The runner keeps the expected values and grades every reply
itself, so an engine never sees what is expected of it.

| op | request fields | reply |
|---|---|---|
| ``start`` | ``protocol`` | ``engine`` {name, version}, ``games``, ``profiles``, ``capabilities`` |
| ``parse`` | ``input`` (card tokens) | ``cards`` or ``error`` {code, token} |
| ``rank`` | ``ranking``, ``hands`` | ``order`` (index groups, best first), ``categories``, ``qualifies`` |
| ``split`` | ``amount``, ``winners`` or ``high``+``low``, ``odd_chip`` | ``shares`` or ``error`` {code} |
| ``pots`` | ``contributed``, ``folded`` | ``pots`` [{amount, eligible}], ``returned`` |
| ``showdown`` | ``game``, ``profile``, ``setup`` | ``outcome`` or ``error`` {code} |
| ``new_hand`` | ``game``, ``profile``, ``setup`` | ``ok`` or ``error`` {code} |
| ``legal`` | | ``to_act``, ``actions`` |
| ``act`` | ``action`` | ``ok`` or ``rejected`` (a reason code) |
| ``observe`` | | ``observation`` |
| ``outcome`` | | ``outcome`` (null while the hand is live) |
| ``stop`` | | ``ok`` |

Capabilities name what an engine supports; a case that needs a missing one is *skipped*, not
failed: ``notation``, ``ranking:<name>``, ``split``, ``pots``, ``showdown:<game>``,
``hand:<game>``, ``observe:<key>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from pokerspec.core.game import Json

PROTOCOL_VERSION = 1

Message = dict[str, Json]


class Engine(Protocol):
    """Anything that answers protocol messages. ``close`` releases processes or resources."""

    def handle(self, message: Mapping[str, Json]) -> Message: ...

    def close(self) -> None: ...


class EngineFailure(Exception):
    """The engine did not answer usably: it hung, crashed, or replied with garbage."""

    def __init__(self, kind: str, message: str, stderr_tail: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.stderr_tail = stderr_tail
