"""A deliberately broken engine for the runner's own tests: it serves the reference over the
JSON-lines protocol (1.1: it echoes every request's ``id``), but misbehaves in the way named on
the command line. Every other request is answered correctly, so a test can check that the run
carries on after the failure.

    python broken.py MODE [--v1.0]

When ranking high hands (``rank`` with ``ranking: high``):

- ``hang``: never answers (the runner's per-message timeout must fire);
- ``crash``: writes a last word to stderr and exits with status 3 (the runner restarts it);
- ``garbage``: answers with a line that is not JSON;
- ``oversized``: answers with one 2 MiB line (over the 1 MiB limit);
- ``extra``: answers, then writes the same line again (a stray line: a protocol error, never
  a reply graded against the next case);
- ``wrong``: answers, but wrongly: the ranking order reversed, and the last legal action left
  out of every ``legal`` reply (so hand cases fail at their first ``legal`` step).

Otherwise:

- ``reorder``: in every hand, the reply to the first ``legal`` is held back and written after
  the reply to the request that follows it (out of order: a protocol error);
- ``version``: claims protocol version 99 in the handshake;
- ``noid``: says it speaks 1.1 but echoes no ``id`` (the handshake fails);
- ``mute``: starts a helper process, then never answers ``start`` (for interrupting a run
  during the handshake: the runner must end the engine's whole process group);
- ``nogames``: not broken at all, but an engine for the shared chapter only: its handshake
  lists no game, so every game case is skipped (for ``--require`` and NOTHING TESTED).

``--v1.0`` makes it an engine written for protocol 1.0: no ``minor`` in its start reply and no
``id`` in any reply, so the runner checks it in the compatibility mode. ``--flag=PATH`` makes it
create the file PATH when it starts to hang (``hang``, ``mute``), so a test knows when to
interrupt. Any other argument is ignored (tests use one to find the engine's processes).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine


def high_ranking(message: Message) -> bool:
    return message.get("op") == "rank" and message.get("ranking") == "high"


def hang() -> None:
    for arg in sys.argv[2:]:
        if arg.startswith("--flag="):
            Path(arg.removeprefix("--flag=")).touch()
    time.sleep(3600)


def before(mode: str, message: Message) -> bytes | None:
    """Misbehave before the reference is even asked: hang, crash, or a broken line to send."""
    if mode == "mute" and message.get("op") == "start":
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)", *sys.argv[1:]])
        hang()
    if not high_ranking(message):
        return None
    if mode == "hang":
        hang()
    elif mode == "crash":
        sys.stderr.write("broken engine: simulated crash while ranking\n")
        sys.stderr.flush()
        sys.exit(3)
    elif mode == "garbage":
        return b"this is not JSON {\n"
    elif mode == "oversized":
        return json.dumps({"order": [[0]], "padding": "x" * (2 << 20)}).encode() + b"\n"
    return None


def after(mode: str, message: Message, reply: Message) -> None:
    """Spoil a correct reply in place (modes ``version``, ``wrong`` and ``nogames``)."""
    if message.get("op") == "start" and mode == "version":
        reply["protocol"] = 99
    elif message.get("op") == "start" and mode == "nogames":
        reply["games"] = []
    elif mode == "wrong" and high_ranking(message):
        order = reply.get("order")
        if isinstance(order, list):
            reply["order"] = list(reversed(order))
    elif message.get("op") == "legal" and mode == "wrong" and isinstance(reply.get("actions"), list):
        actions = reply["actions"]
        assert isinstance(actions, list)
        reply["actions"] = actions[:-1]


def main(mode: str, legacy: bool) -> None:
    engine = ReferenceEngine()
    held: bytes | None = None
    reordered = False
    for line in sys.stdin.buffer:
        message = json.loads(line)
        ident = message.pop("id", None)
        out = before(mode, message)
        if out is None:
            reply = engine.handle(message)
            after(mode, message, reply)
            if legacy:
                reply.pop("minor", None)
            elif mode != "noid":
                reply["id"] = ident
            out = json.dumps(reply).encode() + b"\n"
        if mode == "extra" and high_ranking(message):
            out += out
        if mode == "reorder":
            if message.get("op") == "new_hand":
                reordered = False
            elif message.get("op") == "legal" and not reordered:
                held, reordered = out, True
                continue
            if held is not None:
                out, held = out + held, None
        sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()
        if message.get("op") == "stop":
            return


if __name__ == "__main__":
    main(sys.argv[1], "--v1.0" in sys.argv[2:])
