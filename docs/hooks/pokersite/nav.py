"""The navigation, built from the pages present, and the generated files written to disk."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from pokerspec.traceability import CHAPTERS, page_language, read_headings

from .paths import CASES_INDEX, CODE_INDEX, GENERATED, GLOSSARY_PAGE, RULINGS_PAGE, SCHEMA_PAGE, TRACE_PAGE


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


def build_nav(files: Files) -> list[object]:
    """The site navigation from the pages present: fixed pages first, then the spec chapters in
    reading order, then the guides others write, then the generated reference pages."""
    present = {f.src_uri for f in files.documentation_pages() if page_language(f.src_uri)[0] == "en"}

    def have(*uris: str) -> list[object]:
        return [u for u in uris if u in present]

    def folder(prefix: str) -> list[object]:
        uris = sorted(u for u in present if u.startswith(prefix) and "/" not in u[len(prefix):])
        out: list[object] = [u for u in uris if u.endswith("index.md")]
        return out + [u for u in uris if not u.endswith("index.md")]

    def chapters(top: str, index: str | None = None) -> list[object]:
        """``top/index.md`` (or ``index``), then one section per chapter folder under ``top``."""
        out = have(index or f"{top}/index.md")
        depth = top.count("/") + 1
        found = {u.split("/")[-2] for u in present if u.startswith(f"{top}/") and u.count("/") > depth}
        for chapter in sorted(found, key=_chapter_key):
            out.append({chapter: folder(f"{top}/{chapter}/")})
        return out

    spec = chapters("spec") + have(RULINGS_PAGE, GLOSSARY_PAGE)
    top = f"{GENERATED}/code/pokerspec/"
    packages = sorted({u.split("/")[3] for u in present if u.startswith(top) and u.count("/") == 4})
    code = have(CODE_INDEX) + [{name: folder(f"{top}{name}/")} for name in packages] + folder(top)
    cases = chapters(f"{GENERATED}/cases", CASES_INDEX)
    nav: list[object] = [{"Home": "index.md"}, *[{"Getting started": u} for u in have("getting-started.md")]]
    sections: list[tuple[str, list[object]]] = [
        ("Specification", spec),
        ("Worked examples", folder("examples/")),
        ("Engine authors", folder("engine-authors/") + have(SCHEMA_PAGE, "engines/compliance.md")),
        ("Maintainers", folder("maintainers/")),
        ("Reference", [*have(TRACE_PAGE, "performance.md"), {"Reference code": code}, {"Cases": cases}]),
    ]
    nav += [{title: items} for title, items in sections if items]
    return nav


def chapter_titles(nav: Navigation) -> None:
    """Name each section after the first heading of its index page, in the page's language."""
    def visit(items: Sequence[object]) -> None:
        for item in items:
            if isinstance(item, Section):
                first = item.children[0] if item.children else None
                if isinstance(first, Page) and first.file.name == "index" and first.file.abs_src_path:
                    for h in read_headings(Path(first.file.abs_src_path).read_text(encoding="utf-8")):
                        if h.level == 1:
                            item.title = h.title
                            break
                visit(item.children)
    visit(nav.items)
