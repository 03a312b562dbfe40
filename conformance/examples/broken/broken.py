"""A deliberately broken engine for the runner's own tests: it serves the reference over the
JSON-lines protocol, but misbehaves when asked to rank high hands (``rank`` with ``ranking:
high``), in the way named on the command line. Every other request is answered correctly, so a
test can check that the run carries on after the failure.

    python broken.py hang|crash|garbage|oversized|wrong|version

- ``hang``: never answers (the runner's per-message timeout must fire);
- ``crash``: writes a last word to stderr and exits with status 3 (the runner restarts it);
- ``garbage``: answers with a line that is not JSON;
- ``oversized``: answers with one 2 MiB line (over the 1 MiB limit);
- ``wrong``: answers, but wrongly: the ranking order reversed, and the last legal action left
  out of every ``legal`` reply (so hand cases fail at their first ``legal`` step);
- ``version``: claims protocol version 99 in the handshake.
"""

from __future__ import annotations

import json
import sys
import time

from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine


def before(mode: str, message: Message) -> bytes | None:
    """Misbehave before the reference is even asked: hang, crash, or a broken line to send."""
    if message.get("op") != "rank" or message.get("ranking") != "high":
        return None
    if mode == "hang":
        time.sleep(3600)
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
    """Spoil a correct reply in place (modes ``version`` and ``wrong``)."""
    if message.get("op") == "start" and mode == "version":
        reply["protocol"] = 99
    elif message.get("op") == "rank" and mode == "wrong" and message.get("ranking") == "high":
        order = reply.get("order")
        if isinstance(order, list):
            reply["order"] = list(reversed(order))
    elif message.get("op") == "legal" and mode == "wrong" and isinstance(reply.get("actions"), list):
        actions = reply["actions"]
        assert isinstance(actions, list)
        reply["actions"] = actions[:-1]


def main(mode: str) -> None:
    engine = ReferenceEngine()
    for line in sys.stdin.buffer:
        message = json.loads(line)
        out = before(mode, message)
        if out is None:
            reply = engine.handle(message)
            after(mode, message, reply)
            out = json.dumps(reply).encode() + b"\n"
        sys.stdout.buffer.write(out)
        sys.stdout.buffer.flush()
        if message.get("op") == "stop":
            return


if __name__ == "__main__":
    main(sys.argv[1])
