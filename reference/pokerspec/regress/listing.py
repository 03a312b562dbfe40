"""``pokerspec profiles``: every rule profile, its summary and the rule IDs it changes."""

from __future__ import annotations

import argparse
import json

from pokerspec.core.game import Json
from pokerspec.profiles import GAMES, all_profiles


def listing(game: str | None = None) -> list[dict[str, Json]]:
    """The profiles by game (default first), as JSON-ready records."""
    rows: list[dict[str, Json]] = []
    for g in GAMES:
        if game is not None and g != game:
            continue
        mine = [p for p in all_profiles().values() if p.game == g]
        for p in sorted(mine, key=lambda p: (not p.default, p.name)):
            rows.append({"name": p.name, "game": p.game, "default": p.default, "summary": p.summary,
                         "changes": [str(r) for r in p.changes]})
    return rows


def handler(args: argparse.Namespace) -> int:
    rows = listing(args.game)
    if args.json:
        print(json.dumps(rows, indent=2, ensure_ascii=False))
        return 0
    for row in rows:
        mark = " (default)" if row["default"] else ""
        print(f"{row['name']}{mark}  [{row['game']}]")
        print(f"    {row['summary']}")
        changes = row["changes"]
        if isinstance(changes, list) and changes:
            print("    changes: " + ", ".join(str(c) for c in changes))
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(name, help="list the rule profiles and the rules each one changes",
                                   description=__doc__)
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--json", action="store_true", help="print JSON for tools")
    parser.set_defaults(handler=handler)
