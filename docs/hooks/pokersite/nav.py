"""The navigation, built from the pages present, and the generated files written to disk."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from pokerspec.traceability import CHAPTERS, page_language, translation_path

from . import paths
from .pages import topic_titles
from .viewer import VIEWER_PAGE

PLAY_PAGE = "play.md"
"""The play page (docs/hooks/pokerspec_play.py), at the top of the navigation beside the guides."""


def write_generated(folder: Path, pages: Mapping[str, str]) -> None:
    """Make ``folder`` hold exactly ``pages`` (paths relative to the docs folder); files whose text
    is unchanged are not touched, so ``mkdocs serve`` does not rebuild in a loop."""
    wanted = {folder.parent / page: text for page, text in pages.items()}
    if folder.exists():
        for old in folder.rglob("*"):
            if old.is_file() and old not in wanted:
                old.unlink()
    for path, text in wanted.items():
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")


def _chapter_key(chapter: str) -> tuple[int, str]:
    """Chapters in reading order (core, archie, auction, stud), any other after them."""
    return (CHAPTERS.index(chapter) if chapter in CHAPTERS else len(CHAPTERS), chapter)


def _numbered(title: str) -> tuple[int, str]:
    """``4. Running out of cards`` sorts as 4."""
    number = title.partition(".")[0]
    return (int(number) if number.isdigit() else 99, title)


def build_nav(files: Files, root: Path, lang: str) -> list[object]:
    """The site navigation from the pages present: fixed pages first, then the spec chapters in
    reading order, then the guides others write, then the generated reference pages. The case
    pages are named, in ``lang``, after the spec section they pin, in the section order."""
    present = {f.src_uri for f in files.documentation_pages() if page_language(f.src_uri)[0] == "en"}

    def have(*uris: str) -> list[object]:
        return [u for u in uris if u in present]

    def folder(prefix: str) -> list[object]:
        uris = sorted(u for u in present if u.startswith(prefix) and "/" not in u[len(prefix):])
        out: list[object] = [u for u in uris if u.endswith("index.md")]
        return out + [u for u in uris if not u.endswith("index.md")]

    def by_section(uris: list[object]) -> list[object]:
        """Case pages as ``{section title: page}``, in the order of the sections."""
        named = []
        for uri in (str(u) for u in uris):
            game, _, topic = uri.removeprefix(f"{paths.GENERATED}/cases/").removesuffix(".md").partition("/")
            named.append((topic_titles(root, game, topic, lang)[0], uri))
        return [{title: uri} for title, uri in sorted(named, key=lambda n: _numbered(n[0]))]

    def chapters(top: str, index: str | None = None, name: bool = False) -> list[object]:
        """``top/index.md`` (or ``index``), then one section per chapter folder under ``top``."""
        out = have(index or f"{top}/index.md")
        depth = top.count("/") + 1
        found = {u.split("/")[-2] for u in present if u.startswith(f"{top}/") and u.count("/") > depth}
        for chapter in sorted(found, key=_chapter_key):
            pages = folder(f"{top}/{chapter}/")
            out.append({chapter: by_section(pages) if name else pages})
        return out

    spec = chapters("spec") + have(paths.RULINGS_PAGE, paths.GLOSSARY_PAGE)
    top = f"{paths.GENERATED}/code/pokerspec/"
    packages = sorted({u.split("/")[3] for u in present if u.startswith(top) and u.count("/") == 4})
    code = have(paths.CODE_INDEX) + [{name: folder(f"{top}{name}/")} for name in packages] + folder(top)
    cases = chapters(f"{paths.GENERATED}/cases", paths.CASES_INDEX, name=True)
    nav: list[object] = [{"Home": "index.md"}, *[{"Getting started": u} for u in have("getting-started.md")],
                         *[{"Play a hand": u} for u in have(PLAY_PAGE)]]
    sections: list[tuple[str, list[object]]] = [
        ("Specification", spec),
        ("Worked examples", folder("examples/")),
        ("Engine authors", folder("engine-authors/") + have(paths.SCHEMA_PAGE, "engines/compliance.md")),
        ("Maintainers", folder("maintainers/")),
        ("Reference", [*have(paths.TRACE_PAGE, "performance.md", VIEWER_PAGE), {"Reference code": code},
                       {"Cases": cases}]),
    ]
    nav += [{title: items} for title, items in sections if items]
    return nav


def chapter_titles(nav: Navigation, root: Path, lang: str) -> None:
    """Name each section after the first heading of its index page, in the page's language; a
    section named after a chapter that has no index page of its own (the cases of a game) takes
    the chapter's title."""
    def visit(items: Sequence[object]) -> None:
        for item in items:
            if isinstance(item, Section):
                first = item.children[0] if item.children else None
                title = None
                if isinstance(first, Page) and first.file.name == "index" and first.file.abs_src_path:
                    title = paths.first_heading(Path(first.file.abs_src_path))
                elif item.title in CHAPTERS:
                    title = paths.first_heading(root / translation_path(f"spec/{item.title}/index.md", lang))
                item.title = title or item.title
                visit(item.children)
    visit(nav.items)
