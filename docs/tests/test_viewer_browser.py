"""The hand viewer in a real headless Chromium (Debian's ``/usr/bin/chromium`` driven by
Playwright), on the built site and on a page written by ``pokerspec view``.

The site is served to the browser from the build folder through Playwright's request routing
(every other address is refused, so nothing leaves the machine). The expected pots and stacks
come from the case file (its ``check`` steps and ``expect``); the labels from the viewer's
label table. Screenshots go to ``reports/site/``. Chromium comes from the ``browser`` fixture
(skipped without it, except under CI).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from pokerspec.cli import main
from pokerspec.conformance.cases import VECTORS
from pokerspec.traceability import Traceability
from pokerspec.viewer.page import labels

pytestmark = pytest.mark.browser

SITE = "http://pokerspec.test"
"""The address the ``tabs`` fixture (conftest.py) answers from the built site."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SIDE_POT = "stud-allin-0001"
"""Five players, three all-ins: a main pot and two side pots (stud.allin.pots)."""
IMPORTED = "stud-phh-0401"
"""A real hand imported from PHH: its translations are the importer's."""


def case_file(case_id: str) -> dict[str, Any]:
    game, topic = case_id.split("-")[:2]
    return cast(dict[str, Any], json.loads((VECTORS / game / topic / f"{case_id}.json").read_text("utf-8")))


def ui(lang: str) -> dict[str, str]:
    return cast(dict[str, str], cast(dict[str, Any], labels()[lang])["ui"])


@pytest.fixture
def phone(tabs: Callable[[dict[str, int]], Any]) -> Any:
    return tabs(PHONE)


@pytest.fixture
def desktop(tabs: Callable[[dict[str, int]], Any]) -> Any:
    return tabs(DESKTOP)


def viewer_url(lang: str, case_id: str, step: int = 0) -> str:
    prefix = "" if lang == "en" else f"{lang}/"
    return f"{SITE}/{prefix}viewer/?case={case_id}" + (f"&step={step + 1}" if step else "")


def at_step(tab: Any) -> int:
    """The step the viewer shows (0 for the first), read from the live line."""
    match = re.search(r"(\d+)\D+(\d+)", tab.locator(".psv .psv-now-count").inner_text())
    assert match, tab.locator(".psv .psv-now").inner_text()
    return int(match.group(1)) - 1


def shows(tab: Any) -> dict[str, Any]:
    """The pot and each seat's stack as drawn on the table."""
    seats = tab.locator(".psv .psv-seat")
    stacks = {seats.nth(i).get_attribute("data-seat"): int(
        seats.nth(i).locator(".psv-num-stack b").first.get_attribute("data-value") or "-1")
        for i in range(seats.count())}
    pot = tab.locator(".psv .psv-pot [data-pot]")
    return {"pot": int(pot.get_attribute("data-pot") or "-1") if pot.count() else None, "stacks": stacks}


def checks(case: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """``(viewer step, check)`` for each of the case's checks with a pot or stacks: the viewer
    step after the case's attempts before it (step 0 is the deal)."""
    out: list[tuple[int, dict[str, Any]]] = []
    attempts = 0
    for step in case["steps"]:
        if "act" in step or "reject" in step:
            attempts += 1
        elif "check" in step and ("pot" in step["check"] or "stacks" in step["check"]):
            out.append((attempts, step["check"]))
    return out


def snap(tab: Any, path: Path) -> None:
    """A whole-page screenshot taken from the top (so the sticky header stays where it belongs)."""
    tab.evaluate("window.scrollTo(0, 0)")
    tab.screenshot(path=str(path), full_page=True)


def press_until(tab: Any, key: str, step: int) -> None:
    for _ in range(200):
        if at_step(tab) == step:
            return
        tab.keyboard.press(key)
    pytest.fail(f"{key} never reached step {step + 1}")


def english_left(tab: Any, lang: str) -> list[str]:
    """English labels in the viewer's text (each text node apart, hidden ones too), leaving out
    what is marked ``lang="en"`` and the notation (``code``)."""
    text = tab.locator(".psv").evaluate(
        "node => { const walk = document.createTreeWalker(node, NodeFilter.SHOW_TEXT), out = [];"
        " while (walk.nextNode()) { const hit = walk.currentNode.parentElement.closest('[lang=en], code');"
        " if (!hit || !node.contains(hit)) out.push(walk.currentNode.textContent); } return out.join(' '); }")
    mine = ui(lang)
    words = {v for k, v in ui("en").items() if v != mine[k] and re.fullmatch(r"[A-Za-z ]{3,}", v)}
    return sorted(w for w in words if re.search(rf"\b{re.escape(w)}\b", text))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_stud_side_pot_on_a_phone(phone: Any, lang: str, screenshots: Path) -> None:
    """On a 390-pixel screen: step with the keyboard and the buttons through the five-player
    all-in hand; at each of the case's checks the table shows its pot and stacks; at the end
    the main pot and the two side pots, and what each seat received."""
    case = case_file(SIDE_POT)
    phone.goto(viewer_url(lang, SIDE_POT))
    viewer = phone.locator(".psv")
    viewer.wait_for()
    wide = phone.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"], f"the page is {wide} pixels wide: it scrolls sideways"
    labels_now = ui(lang)
    assert phone.locator(".psv-go-next").get_attribute("aria-label") == labels_now["next"]
    assert phone.locator(".psv-now").get_attribute("aria-live") == "polite"
    viewer.focus()
    for step, check in checks(case):
        press_until(phone, "ArrowRight", step)
        drawn = shows(phone)
        if "pot" in check:
            assert drawn["pot"] == check["pot"], (step, drawn)
        for seat, stack in check.get("stacks", {}).items():
            assert drawn["stacks"][seat] == stack, (step, seat, drawn)
        snap(phone, screenshots / f"viewer-stud-sidepot-{lang}-390-step{step + 1}.png")
    here = at_step(phone)
    phone.locator(".psv-go-prev").click()
    assert at_step(phone) == here - 1
    phone.locator(".psv-go-next").click()
    assert at_step(phone) == here
    phone.locator(".psv-go-first").click()
    assert at_step(phone) == 0 and phone.locator(".psv-go-prev").is_disabled()
    viewer.focus()
    phone.keyboard.press("PageDown")
    assert phone.locator(".psv-centre .psv-phase").inner_text() == labels()[lang]["phase"]["street-4"]
    phone.keyboard.press("End")
    assert phone.locator(".psv-go-next").is_disabled()
    pots = phone.locator(".psv-potline")
    assert [int(pots.nth(i).get_attribute("data-amount") or -1) for i in range(pots.count())] == [
        p["amount"] for p in case["expect"]["pots"]]
    for seat, received in case["expect"]["received"].items():
        got = phone.locator(f'.psv-seat[data-seat="{seat}"] .psv-result b').first.get_attribute("data-value")
        assert got == str(received), seat
    assert labels_now["main_pot"] in pots.first.inner_text()
    if lang != "en":
        assert english_left(phone, lang) == []
    snap(phone, screenshots / f"viewer-stud-sidepot-{lang}-390-end.png")


def test_the_russian_viewer_has_no_english_label(phone: Any, screenshots: Path) -> None:
    """Every step of the Russian viewer, from the deal to the pots: only Russian labels and the
    case's Russian title, also for an imported real hand (translated by the importer)."""
    phone.goto(viewer_url("ru", SIDE_POT))
    phone.locator(".psv").wait_for()
    assert re.fullmatch(r"Шаг \d+ из \d+ · ", phone.locator(".psv-now-count").inner_text())
    phone.locator(".psv").focus()
    seen: list[str] = []
    for _ in range(len(case_file(SIDE_POT)["steps"])):
        seen += english_left(phone, "ru")
        if phone.locator(".psv-go-next").is_disabled():
            break
        phone.keyboard.press("ArrowRight")
    assert not seen, f"English labels on the Russian viewer: {sorted(set(seen))}"
    assert case_file(SIDE_POT)["i18n"]["ru"]["title"] in phone.locator(".psv-title").inner_text()
    assert phone.locator(".psv-title [lang=en]").count() == 0
    profile = phone.locator(".psv-meta .psv-profile")  # by its Russian name, the ID in the tooltip
    profile_id = str(profile.get_attribute("data-profile"))
    assert profile.inner_text() == cast(dict[str, Any], labels()["ru"])["profile"][profile_id]
    assert profile.get_attribute("title") == profile_id
    phone.goto(viewer_url("ru", IMPORTED))
    phone.locator(".psv").wait_for()
    assert case_file(IMPORTED)["i18n"]["ru"]["title"] in phone.locator(".psv-title").inner_text()
    assert phone.locator(".psv-title [lang=en]").count() == 0


@pytest.mark.parametrize(("case_id", "step", "name"), [
    ("archie-deal-0001", 9, "archie-draw"),
    ("auction-auctions-0001", 2, "auction"),
    ("stud-allin-0001", 12, "stud-sidepot"),
])
def test_desktop_screenshots(desktop: Any, case_id: str, step: int, name: str, screenshots: Path) -> None:
    """An Archie draw (p1's five discards waiting for p2's), an auction (the row, sealed bids),
    the stud side pots at the end, on a wide screen with the step list beside the table."""
    desktop.goto(viewer_url("en", case_id, step))
    desktop.locator(".psv").wait_for()
    assert at_step(desktop) == step
    assert desktop.locator(".psv-steps").get_attribute("open") is not None
    if name == "archie-draw":
        assert desktop.locator('.psv-seat[data-seat="p1"] .psv-discard').count() == 5
    if name == "auction":
        assert desktop.locator(".psv-row .psv-card").count() == 3
    snap(desktop, screenshots / f"viewer-{name}-desktop.png")


def test_a_long_case_opens_in_the_viewer_in_a_rule_panel(desktop: Any, trace: Traceability,
                                                         screenshots: Path) -> None:
    """The side-pot case beside ``stud.allin.pots`` is a viewer of a few hundred pixels, not a
    list of its eighteen steps."""
    page = trace.rules["stud.allin.pots"].page.removesuffix(".md")
    desktop.goto(f"{SITE}/{page}/#stud.allin.pots")
    block = desktop.locator('details:has(> summary:has-text("stud.allin.pots"))').first
    block.locator("> summary").click()
    example = block.locator(f'details:has(> summary:has-text("{SIDE_POT}"))').first
    example.locator("> summary").click()
    viewer = example.locator(".psv")
    viewer.wait_for()
    listed = example.evaluate(
        "node => [...node.querySelectorAll('ol > li > code')].filter(c => !c.closest('.psv')).length")
    assert listed == 0, "the steps are still listed"
    box = viewer.bounding_box()
    assert box and box["height"] < 1200, box
    viewer.focus()
    desktop.keyboard.press("End")
    assert example.locator(".psv-potline").count() == len(case_file(SIDE_POT)["expect"]["pots"])
    desktop.set_viewport_size({"width": DESKTOP["width"], "height": 3000})
    example.screenshot(path=str(screenshots / "viewer-rule-panel.png"))


def test_a_case_page_links_to_the_viewer(desktop: Any) -> None:
    desktop.goto(f"{SITE}/fr/reference/cases/stud/allin/")
    desktop.locator(f'a.ps-viewer-link[href$="?case={SIDE_POT}"]').first.click()
    desktop.wait_for_url(re.compile(rf"/fr/viewer/\?case={SIDE_POT}$"))
    desktop.locator(".psv").wait_for()
    assert desktop.locator(".psv-title b").inner_text() == SIDE_POT
    assert desktop.locator(".psv-go-next").get_attribute("aria-label") == ui("fr")["next"]


def test_a_page_written_by_pokerspec_view_works_offline(tabs: Callable[[dict[str, int]], Any], tmp_path: Path,
                                                        screenshots: Path) -> None:
    """``pokerspec view`` writes one file; opened from disk with the network refused, it steps
    through the hand in French (keys work without first focusing the viewer)."""
    out = tmp_path / "hand.html"
    source = VECTORS / "stud" / "allin" / f"{SIDE_POT}.json"
    assert main(["view", str(source), "-o", str(out), "--lang", "fr"]) == 0
    tab = tabs(PHONE)
    tab.goto(out.as_uri())
    tab.locator(".psv").wait_for()
    assert re.fullmatch(r"Étape 1 sur \d+ · ", tab.locator(".psv-now-count").inner_text())
    tab.keyboard.press("End")
    pots = tab.locator(".psv-potline")
    assert pots.count() == len(case_file(SIDE_POT)["expect"]["pots"])
    assert english_left(tab, "fr") == []
    snap(tab, screenshots / "viewer-standalone-fr-390.png")
