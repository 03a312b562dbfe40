"""No file of the repository names a web address the project does not control: the site's base
URL is configured (``POKERSPEC_SITE_URL``), never written down, and every other address is one of
a short list of standard or third-party ones (libraries' sources, standards bodies, registries,
reserved names for tests) that a new one must join on purpose."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ALLOWED = (
    "github.com", "githubusercontent.com", "pypi.org", "npmjs.com",  # sources, libraries, registries
    "unpkg.com", "readthedocs.io", "dask.org", "squidfunk.github.io",  # libraries' sources and docs
    "shields.io",  # the badge endpoint format that --badge writes
    "w3.org", "json-schema.org", "sitemaps.org",  # standards
    "example.org", "example.com", "127.0.0.1", "localhost",  # reserved for examples and local use
)
RESERVED_TLDS = ("test", "example", "invalid", "localhost")
"""Top-level names that never resolve (RFC 2606), as the browser tests' origin uses."""

URL = re.compile(r"\bhttps?://([A-Za-z0-9.-]+)")
DOMAIN = re.compile(r"(?<![\w./-])((?:[a-z0-9-]+\.)+(?:dev|com|org|io|app))\b")
"""A bare domain name (``pokerspec.dev``), not part of a path or a dotted Python name."""


def allowed(host: str) -> bool:
    host = host.lower().rstrip(".")
    return host.rsplit(".", 1)[-1] in RESERVED_TLDS or any(
        host == a or host.endswith(f".{a}") for a in ALLOWED
    )


def addresses(text: str) -> set[str]:
    return {m.group(1) for m in URL.finditer(text)} | {m.group(1) for m in DOMAIN.finditer(text)}


def tracked() -> list[Path]:
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split("\0")
    own = Path(__file__).resolve()  # whose examples below name the address on purpose
    return [ROOT / n for n in names if n and (ROOT / n).is_file() and not (ROOT / n).is_symlink()
            and (ROOT / n).resolve() != own]


def test_no_file_names_an_address_outside_the_list() -> None:
    found: dict[str, set[str]] = {}
    for path in tracked():
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        bad = {a for a in addresses(text) if not allowed(a)}
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    assert found == {}


def test_the_check_finds_an_invented_address() -> None:
    """The patterns catch the address once written, bare or as a link, and pass the reserved ones."""
    assert addresses("see <https://pokerspec.dev/spec/>") == {"pokerspec.dev"}
    assert addresses("published at pokerspec.dev.") == {"pokerspec.dev"}
    assert not allowed("pokerspec.dev") and allowed("pokerspec.test") and allowed("raw.githubusercontent.com")
    assert addresses("pokerspec.conformance.run and docs/engines/findings.md") == set()
