"""The engine protocol, version 1.1 (docs/engine-authors/protocol.md).

The runner talks to every engine — the reference, an in-process Python adapter, or an
executable speaking JSON lines — with the same messages: a request is a JSON object with an
``op``, the reply is a JSON object. The runner keeps the expected values and grades every reply
itself, so an engine never sees what is expected of it.

| op | request fields | reply |
|---|---|---|
| ``start`` | ``protocol``, ``minor`` | ``protocol``, ``minor``, ``engine``, ``games``, ``profiles``, ... |
| ``parse`` | ``input`` (card tokens) | ``cards`` or ``error`` {code, token} |
| ``rank`` | ``ranking``, ``hands`` | ``order`` (index groups, best first), ``categories``, ``qualifies`` |
| ``split`` | ``amount``, ``winners`` or ``high``+``low``, ``odd_chip`` | ``shares`` or ``error`` {code} |
| ``pots`` | ``contributed``, ``folded`` | ``pots`` [{amount, eligible}], ``returned`` |
| ``showdown`` | ``game``, ``profile``, ``setup`` | ``outcome`` or ``error`` {code} |
| ``new_hand`` | ``game``, ``profile``, ``setup`` | ``ok`` or ``error`` {code} |
| ``legal`` | | ``to_act``, ``actions`` |
| ``act`` | ``action`` | ``ok`` or ``rejected`` (a reason code) |
| ``observe`` | | ``observation`` |
| ``snapshot`` | | ``to_act``, ``actions`` and ``observation`` at once (1.1, capability ``snapshot``) |
| ``push``, ``pop`` | | ``ok``: position kept on a stack, or back to it (capability ``branch``) |
| ``probe`` | ``action`` | ``legal`` and ``outcome`` after ``act``, unmoved (capability ``probe``) |
| ``outcome`` | | ``outcome`` (null while the hand is live) |
| ``stop`` | | ``ok`` |

Capabilities name what an engine supports; a case that needs a missing one is *skipped*, not
failed: ``notation``, ``ranking:<name>``, ``split``, ``pots``, ``showdown:<game>``,
``hand:<game>``, ``observe:<key>``; ``snapshot`` lets the runner check a rejected action with
fewer messages; ``branch`` and ``probe`` let perft walk a tree without replaying every node.

Over a pipe each message is one line of UTF-8 JSON (at most ``MAX_LINE`` bytes) and every
request carries an integer ``id``, which a 1.1 engine copies into its reply (the exec adapter
adds and checks it; in-process engines never see it); the schema of every request and reply is
``conformance/schema/protocol.schema.json``.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, cast, runtime_checkable

from pokerspec.core.game import Json

PROTOCOL_VERSION = 1
PROTOCOL_MINOR = 1
"""1.1: requests carry an ``id`` that replies echo, and the optional ``snapshot`` op."""
MAX_LINE = 1 << 20
"""The longest message line (bytes, newline excluded) the runner accepts from an engine."""

Message = dict[str, Json]

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)
_DECODER = json.JSONDecoder()
_SCAN = cast(Callable[[str, int], tuple[object, int]], getattr(_DECODER, "scan_once"))  # noqa: B009
"""The decoder's C scanner (untyped in the stubs): one value from a position, no whitespace."""


def _refuse(value: object) -> object:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _c_encoder() -> Callable[[Json], str] | None:
    """The C encoder made once (``JSONEncoder.encode`` makes one per call, most of the cost of a
    short line), if this Python has it and it writes what ``JSONEncoder`` writes; else None."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return None
    try:
        chunks = cast(Callable[[Json, int], Sequence[str]],
                      make(None, _refuse, json.encoder.encode_basestring, None, ":", ",", False, False, True))
        sample: Json = {"ok": True, "a": [1, -2.5, None, "é\n"], "b": {}}
        if "".join(chunks(sample, 0)) != _ENCODER.encode(sample):
            return None
    except (TypeError, ValueError):
        return None
    return lambda value: "".join(chunks(value, 0))


encode_message: Callable[[Json], str] = _c_encoder() or _ENCODER.encode
"""A message as the text of one line: compact, non-ASCII kept (``JSONEncoder.encode``'s output)."""


def decode_message(text: str) -> Json:
    """The value of one line of JSON, as ``JSONDecoder.decode`` reads it (and with its errors): a
    line that is exactly one value is scanned directly, anything else goes to the decoder."""
    try:
        value, end = _SCAN(text, 0)
    except StopIteration:
        return cast(Json, _DECODER.decode(text))
    return cast(Json, value) if end == len(text) else cast(Json, _DECODER.decode(text))


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
        self.request: int | None = None
        """For a line that answers a request of the failed batch already answered (a second
        reply): that request's position in the batch, whose protocol error it is; None when the
        failure belongs where it was met (the request due, or the batch's end)."""


Replies = tuple[list[Message], EngineFailure | None]
"""The replies to a batch of requests, in order, up to the first failure (then also returned)."""


@runtime_checkable
class Pipelined(Protocol):
    """An engine that can take a case's whole conversation at once (the exec adapter): the
    requests of a case never depend on the replies, so they can all be sent before the first
    reply is read, which saves a round trip per message. The runner still grades reply by reply.
    """

    def handle_all(self, messages: Sequence[Mapping[str, Json]]) -> Replies:
        """The replies in order, up to the first failure (then also returned)."""
        ...


@runtime_checkable
class Streaming(Protocol):
    """A pipelined engine that also takes the next case before this one is collected (the exec
    adapter): ``submit`` queues a case's requests and returns a ticket; ``collect`` returns the
    replies of the oldest ticket not yet collected, as ``handle_all`` would; ``finish`` ends the
    conversation and charges a reply that came after its case was collected to that case;
    ``late`` returns such charges found so far without ending it."""

    def submit(self, messages: Sequence[Mapping[str, Json]]) -> int: ...

    def collect(self, ticket: int) -> Replies: ...

    def late(self) -> list[tuple[int, EngineFailure]]:
        """The protocol errors of cases already collected that lines read since showed (a late or
        repeated reply, an extra line after the case's last reply), with each case's ticket; each
        is returned once (``finish`` leaves it out)."""
        ...

    def finish(self) -> list[tuple[int, EngineFailure]]:
        """End the conversation (``stop``) and return the protocol errors of cases already
        collected that later lines showed (a late or repeated reply, an extra line after the
        case's last reply), with each case's ticket."""
        ...


@dataclass(frozen=True, slots=True)
class Hello:
    """What an engine says about itself in its reply to ``start``."""

    name: str
    version: str
    games: frozenset[str]
    profiles: frozenset[str]
    capabilities: frozenset[str]
    minor: int = 0
    """The protocol's minor version the engine speaks: 0 for an engine written for 1.0."""

    @property
    def protocol(self) -> str:
        return f"{PROTOCOL_VERSION}.{self.minor}"

    def to_json(self) -> dict[str, Json]:
        return {"name": self.name, "version": self.version, "protocol": self.protocol,
                "games": sorted(self.games), "profiles": sorted(self.profiles),
                "capabilities": sorted(self.capabilities)}


def _strings(reply: Mapping[str, Json], key: str) -> frozenset[str]:
    value = reply.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise EngineFailure("handshake", f"start reply: {key} must be a list of strings, got {value!r}")
    return frozenset(str(v) for v in value)


START: Message = {"op": "start", "protocol": PROTOCOL_VERSION, "minor": PROTOCOL_MINOR}


def handshake(engine: Engine) -> Hello:
    """Send ``start``, check the protocol version and read the engine's name and capabilities."""
    reply = engine.handle(START)
    if not isinstance(reply, dict) or "error" in reply:
        raise EngineFailure("handshake", f"start refused: {reply!r}")
    if type(reply.get("protocol")) is not int or reply.get("protocol") != PROTOCOL_VERSION:
        raise EngineFailure("handshake", f"engine speaks protocol {reply.get('protocol')!r}, "
                            f"the runner speaks {PROTOCOL_VERSION}")
    about = reply.get("engine")
    if not isinstance(about, dict) or not isinstance(about.get("name"), str):
        raise EngineFailure("handshake", f"start reply: engine must be {{name, version}}, got {about!r}")
    minor = reply.get("minor", 0)
    if isinstance(minor, bool) or not isinstance(minor, int) or minor < 0:
        raise EngineFailure("handshake", f"start reply: minor must be a whole number, got {minor!r}")
    return Hello(str(about["name"]), str(about.get("version", "")), _strings(reply, "games"),
                 _strings(reply, "profiles"), _strings(reply, "capabilities"), minor)
