"""``pokerspec view CASE -o hand.html``: one case watched in the hand viewer, as a single HTML page.

CASE is a case file (one of the suite's, a fuzz finding, an imported PHH hand) or the ID of a
case of the suite. The reference replays it (``pokerspec.viewer.data``) and the page carries
the viewer's script, style sheet and labels and the replay, so it opens offline in any browser.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import cast

from pokerspec import __version__
from pokerspec.conformance.cases import VECTORS, BadCase, Case, load_case, load_cases
from pokerspec.core.game import Json
from pokerspec.outputs import check_outputs, summary, write_text
from pokerspec.viewer.data import ViewError, case_view

LANGUAGES = ("en", "ru", "pt", "fr")


def asset(name: str) -> str:
    """A file of the viewer's package data (``viewer.js``, ``viewer.css``, ``labels.json`` ...)."""
    return (resources.files("pokerspec.viewer") / name).read_text(encoding="utf-8")


def labels() -> dict[str, Json]:
    """The viewer's labels by language."""
    return cast(dict[str, Json], json.loads(asset("labels.json")))


def script_json(value: Json) -> str:
    """JSON that can stand inside a ``<script>`` element: every ``<`` is written ``\\u003c``, so
    nothing in it (``</script>``, ``<!--``) can end the element early."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def standalone_page(view: Mapping[str, Json], lang: str = "en") -> str:
    """The whole page: the viewer with ``view`` embedded, labelled in ``lang``."""
    table = labels()
    lang = lang if lang in table else "en"
    own = cast(Mapping[str, Json], view.get("i18n") or {}).get(lang)
    title = str(cast(Mapping[str, Json], own).get("title") if isinstance(own, dict) and "title" in own
                else view.get("title", ""))
    ui = cast(Mapping[str, Json], cast(Mapping[str, Json], table[lang])["ui"])
    heading = f"{ui['viewer']}{ui['colon']}{view.get('id')}"
    return asset("template.html").format(
        lang=lang, version=__version__, title=_escape(f"{view.get('id')} — {title}"),
        heading=_escape(heading),
        css=asset("viewer.css"), script=asset("viewer.js"), labels=script_json({lang: table[lang]}),
        case=script_json(dict(view)))


def find_case(name: str) -> Case:
    """The case in file ``name``, else the suite's case with that ID; ``ViewError`` if neither."""
    path = Path(name)
    if path.exists():
        loaded = load_case(path)
        if isinstance(loaded, BadCase):
            where = f" at {loaded.field}" if loaded.field else ""
            raise ViewError(f"{path}: not a valid case file{where}: {loaded.message}")
        return loaded
    if path.suffix == ".json" or "/" in name:
        raise ViewError(f"{name}: no such file")
    good, _bad = load_cases([VECTORS])
    for case in good:
        if case.id == name:
            return case
    raise ViewError(f"{name}: no such file, and no case of the suite has this ID")


def handler(args: argparse.Namespace) -> int:
    try:
        case = find_case(args.case)
        view = case_view(case, args.profile)
        page = standalone_page(view, args.lang)
    except ViewError as exc:
        print(f"pokerspec view: {exc}", file=sys.stderr)
        return 2
    output = Path(args.output or f"{case.id}.html")
    check_outputs({"--output": output}, [case.path])
    try:
        write_text(output, page)
    except OSError as exc:
        print(f"pokerspec view: cannot write {output}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    steps = len(cast(list[Json], view.get("steps", [])))
    print(f"wrote {output} ({case.id}, {steps} steps, {args.lang}); open it in a browser")
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], name: str) -> None:
    parser = subparsers.add_parser(name, help="write a case as an HTML page with the hand viewer",
                                   description=__doc__,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("case", help="a case file (suite case, fuzz finding, imported hand) or a suite ID")
    parser.add_argument("-o", "--output", help="the HTML file to write (default: CASE-ID.html)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the page's language (default en)")
    parser.add_argument("--profile", help="replay under this profile (default: the first the case lists)")
    parser.set_defaults(handler=handler)
    summary(parser)
