"""The command reference, generated from the CLI's own parser so that it cannot drift:
``docs/engine-authors/commands.md`` (every command, its usage, its description and every option
with its help) and the table of commands in README.md (between its markers).

    python -m pokerspec.clidoc           # rewrite both from the parser, leaving alone a file that says it
    python -m pokerspec.clidoc --check   # exit 1 and name the stale files, writing nothing

A test compares both files with what this module renders.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from pokerspec.cli import build_parser
from pokerspec.resources import source_checkout

WIDTH = 100
"""The usage lines are wrapped at this width whatever the terminal, so the page is the same
everywhere."""
PAGE = Path("docs") / "engine-authors" / "commands.md"
README = Path("README.md")
BEGIN, END = "<!-- commands: begin -->", "<!-- commands: end -->"


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """A parser's subcommands in the order they were added: name, one-line help, parser."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            return [(name, helps.get(name, ""), sub) for name, sub in action.choices.items()]
    return []


def commands(parser: argparse.ArgumentParser, prefix: str = "pokerspec"
             ) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    """Every command that runs (a leaf of the tree of subcommands), depth first."""
    for name, help_, sub in _subcommands(parser):
        full = f"{prefix} {name}"
        if _subcommands(sub):
            yield from commands(sub, full)
        else:
            yield full, help_, sub


def _markdown(text: str) -> str:
    """A docstring's reStructuredText literals as Markdown code."""
    return re.sub(r"``(.+?)``", r"`\1`", text, flags=re.DOTALL).strip()


def _help(action: argparse.Action, prog: str) -> str:
    """An option's help with its ``%(default)s``-style fields filled in, as ``--help`` shows it."""
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    params: dict[str, object] = {k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS}
    params["prog"] = prog
    if action.choices is not None:
        params["choices"] = ", ".join(map(str, action.choices))
    return (action.help % params).replace("|", "\\|")


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(parser.prog, width=WIDTH)
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups, prefix="")
    return formatter.format_help().strip()


def _option(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    shown = ", ".join(action.option_strings)
    if action.nargs != 0:
        choices = "{" + ",".join(map(str, action.choices)) + "}" if action.choices is not None else None
        metavar = action.metavar or choices or action.dest.upper()
        shown += f" {metavar if isinstance(metavar, str) else ' '.join(metavar)}"
    return f"`{shown}`"


def section(name: str, help_: str, parser: argparse.ArgumentParser) -> list[str]:
    """One command: its usage, description and options, by the parser's argument groups."""
    lines = [f"## `{name}`", ""]
    if help_:
        lines += [help_[0].upper() + help_[1:] + ".", ""]
    lines += ["```text", _usage(parser), "```", ""]
    if parser.description:
        lines += [_markdown(parser.description), ""]
    for group in parser._action_groups:
        shown = [a for a in group._group_actions
                 if a.help != argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)]
        if not shown:
            continue
        lines += [f"**{group.title}**" if group.title else "**options**", "", "| option | what it does |",
                  "|---|---|"]
        lines += [f"| {_option(a)} | {_help(a, parser.prog)} |" for a in shown]
        lines.append("")
    return lines


def render_page(parser: argparse.ArgumentParser) -> str:
    """docs/engine-authors/commands.md."""
    lines = [
        "# Commands",
        "",
        "Every `pokerspec` command with its usage, what it does and every option, as its `--help`",
        "gives them. Generated from the command's own parser by `python -m pokerspec.clidoc`;",
        "edit the parser's help, not this page. `pokerspec --version` prints the package, suite and",
        "protocol versions.",
        "",
        "Every command exits 0 when all is well, 1 when a case failed (or, for `diff` and `golden`,",
        "something changed) and 2 when it could not run as asked (the message says why and lists",
        "what exists); an interrupted run exits 130 or 143 and keeps its partial report.",
        "",
    ]
    for name, help_, sub in commands(parser):
        lines += section(name, help_, sub)
    return "\n".join(lines).rstrip() + "\n"


def render_table(parser: argparse.ArgumentParser) -> str:
    """The README's table: each command and its one-line help, linked to its section."""
    lines = ["| command | what it does |", "|---|---|"]
    for name, help_, _ in commands(parser):
        anchor = re.sub(r"[^a-z0-9 -]", "", name.lower()).replace(" ", "-")
        lines.append(f"| [`{name}`]({PAGE.as_posix()}#{anchor}) | {help_} |")
    return "\n".join(lines)


def with_table(text: str, table: str) -> str:
    """``text`` with ``table`` between the markers, which must be there."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        raise ValueError(f"README.md has no {BEGIN} ... {END} markers")
    return text[: start + len(BEGIN)] + "\n" + table + "\n" + text[end:]


def rendered(root: Path) -> dict[Path, str]:
    """What the page and the README should hold, by path."""
    parser = build_parser()
    readme = root / README
    return {root / PAGE: render_page(parser),
            readme: with_table(readme.read_text(encoding="utf-8"), render_table(parser))}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerspec.clidoc", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="name the stale files and write nothing")
    args = parser.parse_args(argv)
    root = source_checkout()
    if root is None:
        print("python -m pokerspec.clidoc: run it in a clone (an editable install): the pages are the "
              "repository's", file=sys.stderr)
        return 2
    stale = [path for path, text in rendered(root).items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"stale: {path.relative_to(root)}")
        return 1 if stale else 0
    for path, text in rendered(root).items():
        if path in stale:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(root)}")
    if not stale:
        print("no file changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
