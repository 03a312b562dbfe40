"""The fault-injecting engine of the chaos suite: it serves the reference over the JSON-lines
protocol 1.1 and answers every request right, except for the one fault named on its command
line, injected at the *target* request (the first whose ``op`` is ``--op``, ``rank`` unless told,
or one of several given as ``outcome,probe``; ``--every``: each of them).

    python faulty.py MODE [--op OP] [--every] [--skip N] [--once FILE] [--after N] [--v10] [--together OP]
                     [--marker WORD]

``--skip N``: the target is the first such request after N of them. ``--once FILE``: only the
first process to reach the target injects the fault (it creates FILE), so an engine restarted
by the runner behaves. ``--v10``: speak protocol 1.0 (``minor`` 0, no ids echoed).
``--together OP``: hold the replies to OP until the target has been answered, then write them
with the target's in one write, so that the runner finds the end of the case before the target's
and the target's (faulty) line in one read, however the two processes are scheduled (a
restarted engine that gets no OP request behaves). Any other
argument (``--marker``'s word) is ignored, so a test can find the engine's processes by it.
``MODES`` lists the faults; each says what the runner must make of it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pokerspec.conformance.protocol import Message
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.core.game import Json

MODES: dict[str, str] = {
    "none": "no fault: every reply right (the control)",
    "exit-at-once": "exits with status 4 before reading anything",
    "crash": "exits with status 3 at the target, a last word on stderr",
    "crash-after": "exits after --after replies (default 1), wherever that falls",
    "not-json": "answers the target with a line that is not JSON",
    "not-object": "answers the target with a JSON list",
    "trailing-garbage": "answers the target with a JSON object followed by more text",
    "string-numbers": "every number in the target's reply becomes a string ([[\"1\"],[\"0\"]])",
    "float-numbers": "every whole number in the target's reply becomes a float (1.0)",
    "bool-numbers": "0 and 1 in the target's reply become false and true",
    "error-string": "an error reply given as a bare string (\"bad_token\"), not an object",
    "error-no-code": "an error reply given as an object without a code",
    "huge-line": "answers the target with one 2 MiB line",
    "deep-nesting": "answers the target with a line of 100,000 nested lists",
    "invalid-utf8": "answers the target with a line that is not UTF-8",
    "nan": "answers the target with NaN where a number is due",
    "wrong-id": "answers the target with an id no request had",
    "no-id": "answers the target without its id",
    "string-id": "answers the target with its id as a string",
    "twice-early": "answers the target twice at once",
    "twice-late": "answers the target, then again just before answering the next request",
    "twice-at-stop": "answers the target twice, the second time only when stop arrives",
    "unasked-at-stop": "writes a reply nobody asked for (a fresh id) when stop arrives, before its reply",
    "unasked": "writes a reply nobody asked for (a fresh id) after the target's",
    "unasked-noid": "writes an object without an id after the target's reply",
    "unasked-burst": "writes 99 lines nobody asked for (fresh ids, no id, not JSON) after the target's",
    "unasked-late": "writes a reply nobody asked for (a fresh id) just before answering the next request",
    "out-of-order": "holds back the target's reply until after the next request's",
    "stderr-flood": "writes 256 KiB of ANSI colours and control characters to stderr, then crashes",
    "stderr-noise": "writes ANSI colours and control characters to stderr at every request, answers right",
    "close-stdout": "closes its stdout at the target and sleeps",
    "ignore-term": "ignores SIGTERM and hangs at the target",
    "hang": "never answers the target",
    "partial-exit": "writes half of the target's reply and exits",
    "grandchild-crash": "forks a grandchild that holds stdout open, then exits at the target",
    "grandchild-hold": "forks a grandchild that holds stdout open at start and answers right",
    "grandchild-hang": "forks a grandchild, then hangs at the target",
    "setsid-grandchild": "starts a child in a session of its own and a daemon (double fork, setsid), then "
                         "hangs at the target",
    "phantom-seat": "adds a seat the case does not name to every map of the target's outcome (or core reply)",
    "phantom-winner": "adds a seat the case does not name to every winners list of the target's outcome",
    "phantom-empty": "names a seat no case names in every empty map of the target's outcome or core reply",
    "missing-seat": "leaves the last seat out of every seat map of the target's outcome or core reply",
    "fraction-numbers": "adds 0.4 to every whole number in the target's reply (-2 becomes -1.6)",
    "reject-floats": "after each rejected action, every whole number of the next state read becomes a float",
    "push-noop": "answers every push ok without keeping the position",
    "pop-noop": "answers every pop ok without going back",
    "pop-refused": "refuses every pop with an error",
    "protocol-true": "says \"protocol\": true at the handshake",
    "minor-string": "says \"minor\": \"1\" at the handshake",
    "version": "says protocol 99 at the handshake",
    "slow": "waits 0.05 s before every reply (within any timeout: no fault)",
    "blank-lines": "writes blank lines before every reply (allowed: no fault)",
    "ignore-stop": "answers stop but never exits",
}

PHANTOM = "p9"


def numbers(value: Json, how: str) -> Json:
    """``value`` with every number changed as ``how`` says (string, float, bool)."""
    if isinstance(value, dict):
        return {k: numbers(v, how) for k, v in value.items()}
    if isinstance(value, list):
        return [numbers(v, how) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        if how == "string":
            return str(value)
        if how == "float":
            return float(value)
        if how == "nan":
            return float("nan")
        if how == "fraction":
            return value + 0.4
        if value in (0, 1):
            return bool(value)
    return value


def empty_maps(value: Json, top: bool = True) -> Json:
    """``value`` with a seat no case names in every empty map below the top."""
    if isinstance(value, dict):
        return {PHANTOM: 0} if not value and not top else {k: empty_maps(v, False) for k, v in value.items()}
    if isinstance(value, list):
        return [empty_maps(v, False) for v in value]
    return value


def without_last_seat(value: Json) -> Json:
    """``value`` with the highest seat left out of every map keyed by seats."""
    if isinstance(value, dict):
        seats = sorted((k for k in value if is_seat(k)), key=lambda k: int(k[1:]))
        gone = seats[-1] if seats and len(seats) == len(value) else None
        return {k: without_last_seat(v) for k, v in value.items() if k != gone}
    if isinstance(value, list):
        return [without_last_seat(v) for v in value]
    return value


def is_seat(value: Json) -> bool:
    return isinstance(value, str) and value[:1] == "p" and value[1:].isdigit()


def phantom(outcome: Json, winner: bool) -> Json:
    """``outcome`` with a seat that no case names added (to maps, or to lists of seats)."""
    if isinstance(outcome, dict):
        seats = [k for k in outcome if is_seat(k)]
        if seats and not winner:
            sample = outcome[seats[0]]
            return {**{k: phantom(v, winner) for k, v in outcome.items()}, PHANTOM: sample}
        return {k: phantom(v, winner) for k, v in outcome.items()}
    if isinstance(outcome, list):
        if winner and outcome and all(is_seat(s) for s in outcome):
            return [*outcome, PHANTOM]
        return [phantom(v, winner) for v in outcome]
    return outcome


def spoil(mode: str, message: Message, reply: Message) -> Message:
    """The target's reply with the fault that changes its content."""
    if mode in ("string-numbers", "float-numbers", "bool-numbers", "nan", "fraction-numbers"):
        ident = reply.pop("id", None)
        spoiled = numbers(reply, mode.split("-")[0])
        assert isinstance(spoiled, dict)
        return {**spoiled, "id": ident}
    if mode == "error-string" and isinstance(reply.get("error"), dict):
        error = reply["error"]
        assert isinstance(error, dict)
        return {**reply, "error": error.get("code")}
    if mode == "error-no-code" and isinstance(reply.get("error"), dict):
        return {**reply, "error": {"message": "no code"}}
    if mode in ("phantom-empty", "missing-seat", "phantom-seat", "phantom-winner"):
        def change(value: Json) -> Json:
            if mode == "phantom-empty":
                return empty_maps(value)
            if mode == "missing-seat":
                return without_last_seat(value)
            return phantom(value, mode == "phantom-winner")
        if "outcome" in reply:
            return {**reply, "outcome": change(reply["outcome"])}
        ident = reply.pop("id", None)  # a core reply (split, pots): the whole of it
        changed = change(reply)
        assert isinstance(changed, dict)
        return {**changed, "id": ident}
    if mode == "wrong-id":
        return {**reply, "id": 987654321}
    if mode == "no-id":
        return {k: v for k, v in reply.items() if k != "id"}
    if mode == "string-id":
        return {**reply, "id": str(reply.get("id"))}
    return reply


def handshake(mode: str, reply: Message) -> None:
    if mode == "protocol-true":
        reply["protocol"] = True
    elif mode == "minor-string":
        reply["minor"] = "1"
    elif mode == "version":
        reply["protocol"] = 99


def line(reply: Json) -> bytes:
    return json.dumps(reply).encode() + b"\n"


def grandchild() -> None:
    """A process that inherits stdout and outlives its parent unless its group is ended."""
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", *sys.argv[1:]])


def sleep_forever() -> None:
    while True:
        time.sleep(60)


def main(argv: list[str]) -> None:
    mode = argv[0]
    if mode not in MODES:
        sys.exit(f"faulty.py: unknown mode {mode!r}; the modes are {', '.join(MODES)}")
    target_ops = argv[argv.index("--op") + 1].split(",") if "--op" in argv else ["rank"]
    every = "--every" in argv
    v10 = "--v10" in argv
    once = Path(argv[argv.index("--once") + 1]) if "--once" in argv else None
    skip = int(argv[argv.index("--skip") + 1]) if "--skip" in argv else 0
    after = int(argv[argv.index("--after") + 1]) if "--after" in argv else 1
    together = argv[argv.index("--together") + 1] if "--together" in argv else None
    if mode == "exit-at-once":
        sys.exit(4)
    if mode == "grandchild-hold":
        grandchild()
    if mode == "ignore-term":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    engine = ReferenceEngine()
    out = sys.stdout.buffer
    hit = False
    held: list[bytes] = []
    """Lines to write just before the next reply (twice-late, unasked-late), or after it
    (out-of-order)."""
    waiting = b""
    """Replies held back until the target's (``--together``)."""
    at_stop: list[bytes] = []
    replies = 0
    rejected = False
    """The last action was rejected and the state after it is still being read (reject-floats)."""
    for raw in sys.stdin.buffer:
        if not raw.strip():
            continue
        message = json.loads(raw)
        ident = message.pop("id", None)
        op = message.get("op")
        if mode == f"{op}-noop":
            reply: Message = {"ok": True}
        elif mode == f"{op}-refused":
            reply = {"error": {"code": "refused", "message": f"{op} refused"}}
        else:
            reply = engine.handle(message)
        if mode == "reject-floats" and op in ("legal", "observe", "snapshot") and rejected:
            spoiled = numbers(reply, "float")
            assert isinstance(spoiled, dict)
            reply = spoiled
        rejected = (rejected and op == "legal") or "rejected" in reply
        if op == "start":
            reply["minor"] = 0 if v10 else 1
            handshake(mode, reply)
        if not v10:
            reply["id"] = ident
        if mode == "stderr-noise":
            sys.stderr.write("\x1b[31mred\x1b[0m \x00\x01\x07\x0b\x0c\x1b[2J\ufffe done\n")
            sys.stderr.flush()
        if op in target_ops and skip:
            skip -= 1
            target = False
        else:
            target = op in target_ops and (every or not hit) and not (once is not None and once.exists())
        text = line(reply)
        if target:
            hit = True
            if once is not None:
                once.touch()
            spoilt = fault(mode, message, reply, text, held, at_stop)
            if spoilt is None:
                continue
            text = spoilt
        elif held and mode in ("twice-late", "out-of-order", "unasked-late"):
            text = (text + b"".join(held)) if mode == "out-of-order" else (b"".join(held) + text)
            held.clear()
        if op == "stop":
            text = b"".join(at_stop) + text
        if mode == "slow":
            time.sleep(0.05)
        if mode == "blank-lines":
            text = b"\n  \n" + text
        if op == together and not hit:
            waiting += text
            continue
        text, waiting = waiting + text, b""
        out.write(text)
        out.flush()
        replies += 1
        if mode == "crash-after" and replies >= after:
            sys.exit(5)
        if op == "stop":
            if mode == "ignore-stop":
                sleep_forever()
            return


def fault(mode: str, message: Message, reply: Message, text: bytes, held: list[bytes],
          at_stop: list[bytes]) -> bytes | None:
    """What to write for the target request (None: nothing, for now)."""
    if mode in ("crash", "stderr-flood"):
        if mode == "stderr-flood":
            noise = "\x1b[1;31mERROR\x1b[0m \x00\x01\x02\x08\x0b\x0c\x0e\x1f\x7f \udcff"
            sys.stderr.write((noise.encode("utf-8", "surrogateescape") * 6000).decode("utf-8", "replace"))
        sys.stderr.write("faulty engine: crashing at the target\n")
        sys.stderr.flush()
        sys.exit(3)
    if mode in ("hang", "ignore-term"):
        sleep_forever()
    if mode == "close-stdout":
        sys.stdout.flush()
        os.close(1)
        sleep_forever()
    if mode == "grandchild-crash":
        grandchild()
        sys.exit(3)
    if mode == "grandchild-hang":
        grandchild()
        sleep_forever()
    if mode == "setsid-grandchild":
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)", *sys.argv[1:]],
                         start_new_session=True)
        daemon = "import os, sys, time\nos.setsid()\nif os.fork():\n    sys.exit()\ntime.sleep(300)"
        subprocess.run([sys.executable, "-c", daemon, *sys.argv[1:]], check=True)
        sleep_forever()
    if mode == "partial-exit":
        sys.stdout.buffer.write(text[: len(text) // 2])
        sys.stdout.flush()
        sys.exit(3)
    simple: dict[str, Callable[[], bytes]] = {  # each made only for its own mode: a 2 MiB line costs 16 ms
        "not-json": lambda: b"this is not JSON {\n",
        "not-object": lambda: b"[1, 2, 3]\n",
        "trailing-garbage": lambda: text.rstrip(b"\n") + b" trailing\n",
        "huge-line": lambda: line({**reply, "padding": "x" * (2 << 20)}),
        "deep-nesting": lambda: b"[" * 100_000 + b"]" * 100_000 + b"\n",
        "invalid-utf8": lambda: b'{"order": "\xff\xfe", "id": ' + str(reply.get("id")).encode() + b"}\n",
        "twice-early": lambda: text + text,
        "unasked": lambda: text + line({**{k: v for k, v in reply.items() if k != "id"}, "id": 123456}),
        "unasked-noid": lambda: text + line({"ok": True}),
        "unasked-burst": lambda: text + (line({"ok": True, "id": 123456}) + line({"ok": True})
                                         + b"not JSON\n") * 33,
    }
    if mode in simple:
        return simple[mode]()
    if mode == "twice-late":
        held.append(text)
        return text
    if mode == "unasked-late":
        held.append(line({**{k: v for k, v in reply.items() if k != "id"}, "id": 123456}))
        return text
    if mode == "twice-at-stop":
        at_stop.append(text)
        return text
    if mode == "unasked-at-stop":
        at_stop.append(line({"ok": True, "id": 123456}))
        return text
    if mode == "out-of-order":
        held.append(text)
        return None
    return line(spoil(mode, message, reply))


if __name__ == "__main__":
    main(sys.argv[1:])
