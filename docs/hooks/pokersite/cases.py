"""A case as a readable hand in the reader's language: its setup, its steps and the expected outcome.

Titles, explanations and step notes come from the case's optional ``i18n`` field
(docs/engine-authors/case-format.md); what has no translation yet is shown in English, marked
``lang="en"`` and labelled. Data keys and the tokens of the format (phases, reasons, categories...)
are named by ``Words`` (``words.toml`` and the viewer's labels).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import cast

from pokerspec.conformance.cases import Case
from pokerspec.conformance.grading import branch_op
from pokerspec.core.game import Json

from .cards import action_html, cards_html
from .viewer import LONG_CASE, viewer_embed
from .words import Words

BY_SEAT_SETUP = ("stacks", "hands", "contributed", "declarations")
BY_SEAT_OUTCOME = ("received", "net", "returned", "shares")
SEAT_LISTS = ("shown", "mucked", "excluded", "sitting_out", "folded", "winners", "high", "low", "eligible",
              "pick_order", "to_act")
NOTATION_CLASS = "ps-notation"
"""The class of a case's notation on the case pages; the search index leaves it out."""
TOKEN_SECTIONS: Mapping[str, str] = {
    "phase": "phase", "result": "value", "award": "value", "odd_chip": "value", "ranking": "ranking",
    "kind": "kind", "level": "value",
}
"""Data keys whose value is a token of the format, and the words section that names it."""


def items(value: Json) -> list[Json]:
    return list(cast(Sequence[Json], value)) if isinstance(value, list | tuple) else []


def mapping(value: Json) -> dict[str, Json]:
    return {str(k): v for k, v in cast(Mapping[str, Json], value).items()} if isinstance(value, dict) else {}


def text(case: Case, lang: str, field: str) -> str | None:
    """A translated ``title`` or ``explanation`` from the case's ``i18n`` field (None: not translated)."""
    found = mapping(mapping(case.data.get("i18n")).get(lang)).get(field)
    return str(found) if isinstance(found, str) and found.strip() else None


def note(case: Case, lang: str, index: int) -> str | None:
    """The translated note of step ``index`` (counted from 0, as in the ``steps`` array)."""
    found = mapping(mapping(mapping(case.data.get("i18n")).get(lang)).get("notes")).get(str(index))
    return str(found) if isinstance(found, str) and found.strip() else None


def title_html(case: Case, words: Words) -> str:
    """The case's title in the reader's language, or its English title marked as English."""
    translated = text(case, words.lang, "title") if words.lang != "en" else None
    if translated:
        return words.prose(translated)
    return words.english(escape(str(case.data["title"]), quote=False))


def title_plain(case: Case, lang: str) -> tuple[str, bool]:
    """The title as plain text for an admonition heading, and whether it is the English one."""
    translated = text(case, lang, "title") if lang != "en" else None
    return (translated, False) if translated else (str(case.data["title"]), lang != "en")


def explanation_html(case: Case, words: Words) -> str:
    translated = text(case, words.lang, "explanation") if words.lang != "en" else None
    if translated:
        return words.prose(translated)
    return words.english(escape(str(case.data["explanation"]), quote=False))


def seats(value: Json) -> str:
    seq = items(value)
    return ", ".join(f"`{s}`" for s in seq) if seq else "—"


def value_html(key: str, value: Json, words: Words) -> str:
    """One value of a data key: seats as seats, cards as cards, tokens named, numbers as numbers."""
    if key in TOKEN_SECTIONS and isinstance(value, str):
        return words.token(TOKEN_SECTIONS[key], value)
    if key in ("row", "common", "cards", "deck"):
        return cards_html(items(value)) if items(value) else "—"
    if key in SEAT_LISTS and isinstance(value, list):
        return seats(value)
    if key in ("exposed", "hands") and isinstance(value, dict):
        return "; ".join(f"`{s}` {cards_html(items(c))}" for s, c in mapping(value).items())
    if key == "declarations" and isinstance(value, dict):
        return ", ".join(f"`{s}` {words.token('dec', str(v))}" for s, v in mapping(value).items()) or "—"
    if key == "excluded_why" and isinstance(value, dict):
        return "; ".join(f"`{s}` " + ", ".join(f"{words.key(d)} {words.token('value', str(r))}"
                                                 for d, r in mapping(why).items())
                         for s, why in mapping(value).items())
    if key == "stakes" and isinstance(value, dict):
        return ", ".join(f"{words.key(k)} {escape(str(v))}" for k, v in mapping(value).items())
    if key == "qualified" and isinstance(value, dict):
        return "; ".join(f"{words.key(d)} {seats(s)}" for d, s in mapping(value).items())
    if key == "categories":
        if isinstance(value, dict):
            return ", ".join(f"`{s}` {words.token('category', str(c))}" for s, c in mapping(value).items())
        return ", ".join(words.token("category", str(c)) for c in items(value))
    if key == "error":
        if isinstance(value, list):  # answers of which any conforms
            return words("or_answer").join(value_html(key, v, words) for v in value)
        if isinstance(value, str):
            return words.token("setup_error", value)
        err = mapping(value)
        shown = escape(json.dumps(err.get("token"), ensure_ascii=False))
        token = f" <code>{shown}</code>" if "token" in err else ""
        return words.token("setup_error", str(err.get("code"))) + token
    if isinstance(value, dict):
        return ", ".join(f"`{s}` {escape(str(v))}" for s, v in mapping(value).items()) or "—"
    if isinstance(value, list):
        return seats(value) if all(isinstance(v, str) and v[:1] == "p" for v in value) else escape(
            json.dumps(value, ensure_ascii=False))
    return escape(str(value))


def seat_table(columns: Mapping[str, Mapping[str, Json]], words: Words) -> list[str]:
    """One row per seat, one column per by-seat map (stacks, received, net ...)."""
    all_seats = sorted({s for col in columns.values() for s in col}, key=lambda s: int(s[1:]))
    if not all_seats:
        return []
    numeric = [all(isinstance(v, int) for v in col.values()) for col in columns.values()]
    rows = [f"| {words('seat')} | " + " | ".join(words.key(c) for c in columns) + " |",
            "|---|" + "".join("---:|" if n else "---|" for n in numeric)]
    for seat in all_seats:
        cells = [_cell(key, col.get(seat), words) for key, col in columns.items()]
        rows.append(f"| `{seat}` | " + " | ".join(cells) + " |")
    return ["", *rows, ""]


def _cell(key: str, value: Json, words: Words) -> str:
    """A seat's value in a by-seat column: cards as cards, a declaration named (never ``h``)."""
    if value is None:
        return ""
    if key == "declarations":
        return words.token("dec", str(value))
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return cards_html(value)
    return escape(str(value))


def observation(obs: Mapping[str, Json], words: Words) -> str:
    """A state check: each observable named, with its expected value."""
    colon = words("colon")
    return "; ".join(f"{words.key(key)}{colon}{value_html(key, value, words)}" for key, value in obs.items())


def outcome(expect: Mapping[str, Json], words: Words) -> list[str]:
    lines: list[str] = []
    columns = {k: mapping(v) for k, v in expect.items() if k in BY_SEAT_OUTCOME}
    for key, value in expect.items():
        if key in columns:
            continue
        if key == "pots":
            for n, pot in enumerate(items(value), 1):
                p = mapping(pot)
                bits = [f"{words('pot_n', n=n)}{words('colon')}**{escape(str(p.get('amount')))}**"]
                if "eligible" in p:
                    bits.append(f"{words.key('eligible')} {seats(p['eligible'])}")
                for direction, winners in mapping(p.get("winners")).items():
                    bits.append(f"{words.token('value', direction)} → {seats(winners)}")
                if "shares" in p:
                    bits.append(words.key("shares") + " "
                                + ", ".join(f"`{s}` {v}" for s, v in mapping(p["shares"]).items()))
                lines.append("- " + " · ".join(bits))
        elif key == "pick_orders":
            lines.append(f"- {words.key(key)}{words('colon')}" + " / ".join(seats(o) for o in items(value)))
        elif key == "order":
            groups = [" = ".join(f"#{i}" for i in items(g)) for g in items(value)]
            lines.append(f"- {words.key(key)}{words('colon')}" + " > ".join(groups))
        else:
            lines.append(f"- {words.key(key)}{words('colon')}{value_html(key, value, words)}")
    return lines + seat_table(columns, words)


def ranking(setup: Mapping[str, Json], expect: Mapping[str, Json], words: Words) -> list[str]:
    cats = items(expect.get("categories"))
    quals = items(expect.get("qualifies"))
    head = f"| # | {words('hand')} |" + (f" {words.key('categories')} |" if cats else "") + (
        f" {words.key('qualifies')} |" if quals else "")
    rows = ["", head, "|---|---|" + ("---|" if cats else "") + ("---|" if quals else "")]
    for i, hand in enumerate(items(setup.get("hands"))):
        row = f"| #{i} | {cards_html(items(hand))} |"
        if cats:
            row += f" {words.token('category', str(cats[i])) if i < len(cats) else ''} |"
        if quals:
            row += f" {(words('yes') if quals[i] else words('no')) if i < len(quals) else ''} |"
        rows.append(row)
    ranking_name = words.token("ranking", str(setup.get("ranking")))
    return [f"{words('ranking')}{words('colon')}{ranking_name}", *rows, ""]


def step_html(case: Case, index: int, step: Mapping[str, Json], words: Words) -> str:
    """One step: an action, a rejected action and why, the legal actions, a state check, or a
    position kept (``push``) or gone back to (``pop``)."""
    note_html = ""
    if "note" in step:
        translated = note(case, words.lang, index) if words.lang != "en" else None
        body = words.prose(translated) if translated else escape(str(step["note"]), quote=False)
        note_html = " — *" + (body if translated or words.lang == "en" else words.english(body)) + "*"
    if "act" in step:
        return action_html(str(step["act"])) + note_html
    if "reject" in step:
        reason = words.token("reason", str(step["reason"]))
        return f"✗ {action_html(str(step['reject']))} {words('rejected')}{words('colon')}{reason}{note_html}"
    if "legal" in step:
        legal = mapping(step["legal"])
        bits = []
        if "to_act" in legal:
            bits.append(f"{words('to_act')} {seats(legal['to_act'])}")
        if "actions" in legal:
            bits.append(words("legal") + " " + ", ".join(f"`{a}`" for a in items(legal["actions"])))
        return "☐ " + "; ".join(bits) + note_html
    if "check" in step:
        return "✓ " + observation(mapping(step["check"]), words) + note_html
    if op := branch_op(step):
        return f"{'⤓' if op == 'push' else '⤒'} `{op}` {words(op)}{note_html}"
    return f"<code>{escape(json.dumps(step, ensure_ascii=False))}</code>"


def render_case(case: Case, words: Words, viewer: str = "", compact: bool = False) -> list[str]:
    """A case as readable Markdown in the reader's language: its explanation, then its notation."""
    return [explanation_html(case, words), "", *notation(case, words, viewer, compact)]


def notation(case: Case, words: Words, viewer: str = "", compact: bool = False) -> list[str]:
    """Everything of a case but its title and explanation: kind and level, setup, steps, outcome.
    ``viewer``: a link to the case in the hand viewer; ``compact``: a case with more than
    ``LONG_CASE`` steps shows the viewer in place of the list of steps."""
    data = case.data
    setup = mapping(data.get("setup"))
    expect = mapping(data.get("expect"))
    colon = words("colon")
    meta = [f"{words('kind')}{colon}{words.token('kind', case.kind)}",
            f"{words('level')}{colon}{words.token('value', str(data['level']))}"]
    if case.profiles:
        meta.append(f"{words('profiles')}{colon}" + ", ".join(f"`{p}`" for p in case.profiles))
    lines = [" · ".join(meta) + (f" · {viewer}" if viewer else ""), "", f"**{words('setup')}**", ""]
    if case.kind == "notation":
        tokens = [f"<code>{escape(str(t))}</code>" for t in items(setup.get("input"))]
        lines.append(f"{words.key('input')} " + " ".join(tokens))
    elif case.kind == "ranking":
        lines += ranking(setup, expect, words)
        expect = {k: v for k, v in expect.items() if k not in ("categories", "qualifies")}
    else:
        by_seat: dict[str, dict[str, Json]] = {}
        if "stacks" in setup:
            by_seat["stacks"] = {f"p{i + 1}": v for i, v in enumerate(items(setup["stacks"]))}
        for key in BY_SEAT_SETUP[1:]:
            if key in setup:
                by_seat[key] = mapping(setup[key])
        for key, value in setup.items():
            if key in BY_SEAT_SETUP:
                continue
            label = words.key(key)
            shown = f"`{value}`" if key == "dealer" else value_html(key, value, words)
            lines.append(f"- {label}{words('colon')}{shown}")
        lines += seat_table(by_seat, words)
    steps = [mapping(s) for s in items(data.get("steps"))]
    if compact and len(steps) > LONG_CASE:
        lines += ["", f"**{words('steps')}**", "", viewer_embed(case)]
    elif steps:
        lines += ["", f"**{words('steps')}**", ""]
        lines += [f"{n}. {step_html(case, n - 1, s, words)}" for n, s in enumerate(steps, 1)]
    lines += ["", f"**{words('expect')}**", "", *outcome(expect, words), ""]
    return lines


def case_tokens(case: Case) -> set[tuple[str, str]]:
    """(section, token) of every token of the format a case uses, for the check that each has a name."""
    found: set[tuple[str, str]] = {("kind", case.kind), ("value", str(case.data["level"]))}
    setup, expect = mapping(case.data.get("setup")), mapping(case.data.get("expect"))
    checks = [mapping(mapping(s).get("check")) for s in items(case.data.get("steps"))]
    for part in (setup, expect, *checks):
        found |= {("key", k) for k in part}
        for key, value in part.items():
            if key in TOKEN_SECTIONS and isinstance(value, str):
                found.add((TOKEN_SECTIONS[key], value))
        found |= {("dec", str(d)) for d in mapping(part.get("declarations")).values()}
        for why in mapping(part.get("excluded_why")).values():
            found |= {("key", d) for d in mapping(why)} | {("value", str(r)) for r in mapping(why).values()}
        found |= {("key", k) for name in ("qualified", "stakes") for k in mapping(part.get(name))}
    for s in items(case.data.get("steps")):
        if "reason" in mapping(s):
            found.add(("reason", str(mapping(s)["reason"])))
    error = expect.get("error")
    for answer in items(error) if isinstance(error, list) else [] if error is None else [error]:
        found.add(("setup_error", str(mapping(answer).get("code") if isinstance(answer, dict) else answer)))
    cats = expect.get("categories")
    named = mapping(cats).values() if isinstance(cats, dict) else items(cats)
    found |= {("category", str(c)) for c in named}
    for pot in items(expect.get("pots")):
        found |= {("key", k) for k in mapping(pot)}
        found |= {("value", d) for d in mapping(mapping(pot).get("winners"))}
    return found
