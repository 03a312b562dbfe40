"""The ``pokerspec`` command: ``conformance run|fuzz``, ``compliance``, ``diff``, ``golden``, ``phh``,
``profiles``, ``view``.

Each subcommand lives with the code it drives and registers itself through ``register``.
"""

from __future__ import annotations

import argparse
import importlib
import sys

COMMANDS = {
    "conformance": "pokerspec.conformance.cli",
    "compliance": "pokerspec.conformance.compliance",
    "diff": "pokerspec.regress.diff",
    "golden": "pokerspec.regress.golden",
    "phh": "pokerspec.phh.cli",
    "profiles": "pokerspec.regress.listing",
    "view": "pokerspec.viewer.page",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerspec", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, module in COMMANDS.items():
        importlib.import_module(module).register(sub, name)
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
