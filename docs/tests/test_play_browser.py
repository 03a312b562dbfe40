"""The play page and the showdown drill in a real headless Chromium (Debian's ``/usr/bin/chromium``
driven by Playwright), on the built site shared by the site tests, in each language at 390 and
1280 pixels: a whole hand of each game played by clicking allowed actions to the end, its award
explained with links to the rules in that language, the exported case file replayed by the
reference with the same award, and the exported PHH the same as ``pokerspec phh export`` writes;
one illegal action tried in the notation box, refused with its reason and a link to the rule that
forbids it, in that language; one showdown drill answered.

The expected names come from the viewer's labels and the words file, the rule headings from the
spec pages of each language, the drill's answer from the case file. Screenshots of the Russian
page at 390 pixels go to ``reports/site/``. Chromium comes from the ``browser`` fixture (skipped
without it, except under CI).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from pokersite.words import table, viewer_name
from pokerspec.conformance.cases import VECTORS, load_cases
from pokerspec.conformance.grading import Verdict, grade
from pokerspec.conformance.reference_engine import ReferenceEngine
from pokerspec.phh.export import export_case
from pokerspec.traceability import read_pages
from pokerspec.viewer.page import labels

pytestmark = pytest.mark.browser

SITE = "http://pokerspec.test"
"""The address the ``tabs`` fixture (conftest.py) answers from the built site."""
ROOT = Path(__file__).resolve().parents[2]
SIZES = {390: {"width": 390, "height": 844}, 1280: {"width": 1280, "height": 900}}
HANDS = {"archie": (2, 17), "auction": (2, 5), "stud": (3, 42)}
"""Players and seed of one hand of each game (stud: three players of different stacks)."""
DRILL = "auction-award-0002"
"""A "both" declarer who wins both ways: the whole pot of 40 (auction.award.both)."""
MOST_CLICKS = 150


def prefix(lang: str) -> str:
    return "" if lang == "en" else f"{lang}/"


@functools.cache
def headings() -> dict[tuple[str, str], str]:
    """(rule ID, language) -> the rule's heading on the spec page of that language."""
    return {(h.anchor, page.language): h.title for page in read_pages(ROOT / "spec", ROOT)
            for h in page.headings if h.anchor}


STATE = """root => ({over: !!root.querySelector('[data-testid=play-outcome]'),
  verdict: (root.querySelector('[data-testid=play-verdict] [data-verdict]') || {dataset: {}})
    .dataset.verdict || null,
  actions: [...root.querySelectorAll('.ps-play-act[data-action]')]
    .map(n => n.getAttribute('data-action'))})"""
"""What the play table shows, read in one round trip: whether the hand is over, the last verdict
and the allowed actions."""


def play_to_the_end(tab: Any) -> int:
    """Clicks allowed actions until the hand is over: a check or call where there is one (so the
    hand reaches a showdown), else the first button; each is accepted. Returns the clicks made."""
    play = tab.locator(".ps-play")
    for clicks in range(MOST_CLICKS):
        now = cast(dict[str, Any], play.evaluate(STATE))
        assert clicks == 0 or now["verdict"] == "ok", now
        if now["over"]:
            return clicks
        actions = cast(list[str], now["actions"])
        assert actions, "no allowed action, and the hand is not over"
        chosen = next((a for a in actions if re.fullmatch(r"p\d+ (cc|sd)( .*)?", a)), actions[0])
        tab.locator(f'.ps-play-act[data-action="{chosen}"]').click()
    pytest.fail(f"the hand did not end in {MOST_CLICKS} clicks")


def rule_links(tab: Any, scope: str) -> list[tuple[str, str, str]]:
    """(rule ID, href, text) of each rule link in ``scope``."""
    return cast(list[tuple[str, str, str]], tab.locator(f"{scope} a.ps-play-rule").evaluate_all(
        "nodes => nodes.map(n => [n.dataset.rule, n.href, n.textContent])"))


def assert_links_in(lang: str, links: list[tuple[str, str, str]], names: dict[tuple[str, str], str]) -> None:
    """Each link leads to the rule's anchor on the spec page of ``lang`` and is named by its
    heading there."""
    assert links
    for rule, href, text in links:
        assert href.startswith(f"{SITE}/{prefix(lang)}spec/") and href.endswith(f"#{rule}"), (rule, href)
        assert text == names[rule, lang], (rule, text)


def download(tab: Any, testid: str, tmp_path: Path) -> Path:
    """The file a download link of the page offers, saved to ``tmp_path``."""
    link = tab.locator(f"[data-testid={testid}]")
    text = cast(str, link.evaluate("a => fetch(a.href).then(r => r.text())"))
    path = tmp_path / str(link.get_attribute("download"))
    path.write_text(text, encoding="utf-8")
    return path


def same_phh(case_path: Path, phh_path: Path) -> None:
    """The page's PHH is what ``pokerspec phh export`` writes for its case file (comments aside)."""
    case = json.loads(case_path.read_text("utf-8"))
    expected = export_case(case, case["profiles"][0]).text
    fields = [line for line in phh_path.read_text("utf-8").splitlines() if not line.startswith("#")]
    assert fields == [line for line in expected.splitlines() if not line.startswith("#")]


def replayed_by_the_reference(path: Path) -> None:
    """The case file is valid against the case schema and the reference gives it the award the
    browser's engine gave."""
    cases, bad = load_cases([path])
    assert not bad and len(cases) == 1, [b.message for b in bad]
    case = cases[0]
    engine = ReferenceEngine()
    try:
        result = grade(case, engine, cast(list[str], case.data["profiles"])[0])
    finally:
        engine.close()
    assert result.verdict is Verdict.PASS, (result.message, result.expected, result.actual)


def titled_in_every_language(path: Path, game: str, seed: int) -> None:
    """The case file's title and explanation are the page's words: English, and a translation in
    ``i18n`` for each other language naming the game and the profile there."""
    case = json.loads(path.read_text("utf-8"))
    play, profile = table()["play"], case["profiles"][0]
    for lang in ("en", "ru", "pt", "fr"):
        text = case if lang == "en" else case["i18n"][lang]
        game_name = cast(dict[str, Any], labels()[lang])["game"][game]
        assert text["title"] == play["case_title"][lang].format(game=game_name, seed=seed)
        assert viewer_name("profile", profile, lang) in text["explanation"]
        assert f"({profile})" in text["explanation"]


def deal(tab: Any, game: str, seats: int, seed: int) -> None:
    """Deals a seeded hand with the page's own controls (no reload)."""
    tab.locator("[data-testid=play-game]").select_option(game)
    tab.locator("[data-testid=play-seats]").select_option(str(seats))
    tab.locator("[data-testid=play-seed]").fill(str(seed))
    tab.locator("[data-testid=play-deal-seed]").click()
    phase = tab.locator("[data-testid=play-table]").get_attribute("data-phase")
    assert phase in {"bet-1", "bid-1", "street-3"}, phase


# each language once, two on a phone and two on a desktop (a hand takes about ten seconds)
@pytest.mark.parametrize(("lang", "size"), [("en", 1280), ("ru", 390), ("pt", 390), ("fr", 1280)])
def test_play_a_hand_of_each_game(tabs: Callable[[dict[str, int]], Any], lang: str, size: int, tmp_path: Path,
                                  screenshots: Path) -> None:
    tab = tabs(SIZES[size])
    names = headings()
    words = {key: entry[lang] for key, entry in table()["play"].items()}
    tab.goto(f"{SITE}/{prefix(lang)}play/?drill={DRILL}&game=archie&seats=2&seed=17")
    tab.locator("[data-testid=play-table]").wait_for()
    assert tab.locator(".ps-play h3").first.inner_text() == words["allowed"]
    # the profile chooser names each profile in this language, its ID beside it
    profile = tab.locator("[data-testid=play-profile]")
    assert profile.locator("option:checked").inner_text() == viewer_name("profile", "archie-barge", lang)
    assert tab.locator("[data-testid=play-profile-id]").inner_text() == "archie-barge"
    if lang == "ru" and size == 390:
        tab.screenshot(path=str(screenshots / "play-top-ru-390.png"))

    # one illegal action: the seat that is not to act tries to check or call
    to_act = tab.locator(".ps-play-seat-actions").first.get_attribute("data-seat")
    other = "p2" if to_act == "p1" else "p1"
    tab.locator("[data-testid=play-notation]").fill(f"{other} cc")
    tab.locator("[data-testid=play-try]").click()
    refused = tab.locator("[data-testid=play-verdict] [data-verdict=refused]")
    assert refused.get_attribute("data-reason") == "not_your_turn"
    short = cast(dict[str, Any], labels()[lang])["reason"]["not_your_turn"][0]
    assert short in refused.inner_text() and words["rule"] in refused.inner_text()
    assert_links_in(lang, rule_links(tab, "[data-testid=play-verdict]"), names)
    assert rule_links(tab, "[data-testid=play-verdict]")[0][0] == "archie.betting.first"
    if lang == "ru" and size == 390:
        tab.locator("[data-testid=play-verdict]").scroll_into_view_if_needed()
        tab.screenshot(path=str(screenshots / "play-refused-ru-390.png"))
    # "why not?": a listed illegal attempt is refused with a reason too, and changes nothing
    tab.locator("[data-testid=play-why-not] summary").click()
    first_why = tab.locator("[data-testid=play-why-not] [data-why]").first
    notation = str(first_why.get_attribute("data-why"))
    assert notation in first_why.inner_text() and first_why.inner_text().strip() != notation, \
        "a why-not button says in words what it tries, beside its notation"
    first_why.click()
    assert tab.locator("[data-testid=play-verdict] [data-verdict=refused]").get_attribute("data-reason")
    assert tab.locator("[data-testid=play-why-not]").get_attribute("open") is not None, "the panel stays open"
    sentence = tab.locator("[data-testid=play-why-sentence]")
    assert str(sentence.get_attribute("data-key")) in words and "{" not in sentence.inner_text()
    tried = tab.locator("[data-testid=play-why-not] [data-why]")\
        .evaluate_all("ns => ns.map(n => n.dataset.why)")
    assert all(a.split(" ")[1] in {"f", "cc", "cbr", "sd"} for a in tried), ("only Archie's verbs", tried)
    assert tab.locator(f'.ps-play-seat-actions[data-seat="{to_act}"]').count() == 1

    for game, (seats, seed) in HANDS.items():
        if game != "archie":
            deal(tab, game, seats, seed)
        clicks = play_to_the_end(tab)
        assert clicks > 3, f"{game}: over after {clicks} clicks"
        assert_links_in(lang, rule_links(tab, "[data-testid=play-award-steps]"), names)
        after = tab.locator("[data-stack-after]").evaluate_all("ns => ns.map(n => +n.dataset.stackAfter)")
        if game == "archie":
            assert sum(after) == 200, f"the stacks after the award hold every chip: {after}"
        shown = tab.locator("[data-testid=play-hands] li").evaluate_all(
            "ns => ns.map(n => [n.dataset.seat, n.querySelectorAll('.ps-play-card').length])")
        # each hand shown with the five cards it plays high, and in a high-low game its low five
        per_hand = {"stud": {5}, "archie": {5, 10}, "auction": {10}}[game]
        assert len(shown) == seats and all(n in per_hand for _seat, n in shown), (game, shown)
        wide = tab.evaluate("document.documentElement.scrollWidth")
        assert wide <= size, f"{game}: the page is {wide} pixels wide at {size}"
        case_path = download(tab, "play-export-case", tmp_path)
        replayed_by_the_reference(case_path)
        titled_in_every_language(case_path, game, seed)
        same_phh(case_path, download(tab, "play-export-phh", tmp_path))
        if lang == "ru" and size == 390:
            for part in ("play-table", "play-outcome"):
                path = screenshots / f"{part}-{game}-ru-390.png"
                tab.locator(f"[data-testid={part}]").screenshot(path=str(path))

    # the drill: a case's finished hand, answered with the case's own expected award
    case = json.loads((VECTORS / "auction" / "award" / f"{DRILL}.json").read_text("utf-8"))
    drill = tab.locator(".ps-drill")
    title = case["title"] if lang == "en" else case["i18n"][lang]["title"]
    assert title not in drill.inner_text(), "the case's title, which tells the award, waits for the answer"
    for seat, chips in case["expect"]["received"].items():
        drill.locator(f"[data-testid=drill-answer-{seat}]").fill(str(chips))
    drill.locator("[data-testid=drill-check]").click()
    assert drill.locator("[data-testid=drill-verdict]").get_attribute("data-verdict") == "right"
    assert words["drill_right"] in drill.locator("[data-testid=drill-verdict]").inner_text()
    assert title in drill.inner_text()
    assert_links_in(lang, rule_links(tab, ".ps-drill [data-testid=play-award-steps]"), names)
    assert "auction.award.both" in [r for r, _h, _t in rule_links(tab, ".ps-drill")]
    if lang == "ru" and size == 390:
        drill.scroll_into_view_if_needed()
        drill.screenshot(path=str(screenshots / "play-drill-ru-390.png"))
    # a random deal played to the end: whatever the answer, the award is explained with its rules
    drill.locator("[data-testid=drill-next-random]").click()
    drill.locator("[data-testid=drill-check]").click()
    assert drill.locator("[data-testid=drill-verdict]").get_attribute("data-verdict") in {"right", "wrong"}
    assert_links_in(lang, rule_links(tab, ".ps-drill [data-testid=play-award-steps]"), names)

    # the last hand (stud) opens in the hand viewer, in the same language, at its end
    tab.locator("[data-testid=play-open-viewer]").click()
    tab.locator(".psv").wait_for()
    assert f"seed={HANDS['stud'][1]}" not in tab.url and "viewer/?case=stud-play-0042" in tab.url
    stud = cast(dict[str, Any], labels()[lang])["game"]["stud"]
    title = words["case_title"].format(game=stud, seed=HANDS["stud"][1])
    assert title in tab.locator(".psv").inner_text()
    tab.locator(".psv").focus()
    tab.keyboard.press("End")
    assert tab.locator(".psv-go-next").is_disabled()
    assert tab.locator(".psv-potline").count() >= 1
    if lang == "ru" and size == 390:
        tab.locator(".psv").screenshot(path=str(screenshots / "play-viewer-ru-390.png"))


def test_against_built_in_players(tabs: Callable[[dict[str, int]], Any], tmp_path: Path) -> None:
    """You play p1 of a four-player stud hand; the built-in players act for the others: every
    button is p1's, the hand reaches its end and replays on the reference as it was played."""
    tab = tabs(SIZES[390])
    tab.goto(f"{SITE}/play/?game=stud&seats=4&seed=7&bots=others")
    tab.locator("[data-testid=play-table]").wait_for()
    play = tab.locator(".ps-play")
    for _ in range(MOST_CLICKS):
        now = cast(dict[str, Any], play.evaluate(STATE))
        if now["over"]:
            break
        actions = cast(list[str], now["actions"])
        assert actions and all(a.startswith("p1 ") for a in actions), actions
        chosen = next((a for a in actions if re.fullmatch(r"p1 (cc|pb)( .*)?", a)), actions[0])
        tab.locator(f'.ps-play-act[data-action="{chosen}"]').click()
    case = json.loads(download(tab, "play-export-case", tmp_path).read_text("utf-8"))
    assert any(not step["act"].startswith("p1 ") for step in case["steps"] if "act" in step)
    replayed_by_the_reference(tmp_path / f"{case['id']}.json")


LEAKS = "\n".join(line for line in (ROOT / "docs" / "tests" / "play_leaks.js").read_text("utf-8").splitlines()
                  if not line.startswith("//"))

"""Every leak of another seat's secret in the page at this moment, read from the hand the page
plays (its ``psPlay`` test hook, outside the DOM), in the play table's part of the page (the
drill beside it is another hand) and the address: a hidden or discarded card (as drawn, 7♥, in the
text; as notation, 7h, in an attribute, a notation or the address), a bid or declaration not yet
revealed (its notation in an attribute or the address, its notation or name in the history, its value
in the table; the same notation may stand in the history for a bid of an earlier auction)."""

AGAINST = {"archie": (2, 11), "auction": (4, 5), "stud": (4, 7)}
"""Players and seed of a hand of each game against the built-in players."""


# each language at the size its hand above is not played at, so that every language is walked at both
@pytest.mark.parametrize(("lang", "size"), [("en", 390), ("ru", 1280), ("pt", 1280), ("fr", 390)])
def test_nothing_hidden_leaks(tabs: Callable[[dict[str, int]], Any], lang: str, size: int) -> None:
    """Playing p1 against the built-in players, at every step of each game no hidden card, sealed
    bid or unrevealed declaration of another seat is in the page's text or attributes
    (core.contract.observables, auction.auction.bid, auction.declare.simultaneous); the
    page says which seat it shows, and says plainly that playing every seat shows everything."""
    words = {key: entry[lang] for key, entry in table()["play"].items()}
    tab = tabs(SIZES[size])
    for game, (seats, seed) in AGAINST.items():
        tab.goto(f"{SITE}/{prefix(lang)}play/?game={game}&seats={seats}&seed={seed}&bots=others")
        tab.locator("[data-testid=play-table]").wait_for()
        assert tab.locator("[data-testid=play-sight]").inner_text() == words["sight_seat"].format(seat="p1")
        play = tab.locator(".ps-play")
        sealed = hidden = 0
        for step in range(MOST_CLICKS):
            now = cast(dict[str, Any], play.evaluate(LEAKS, words))
            assert not now["leaks"], (game, step, now["leaks"])
            sealed, hidden = sealed + now["sealed"], max(hidden, now["hidden"])
            if now["over"]:
                break
            actions = cast(list[str], now["actions"])
            assert actions and all(a.startswith("p1 ") for a in actions), actions
            chosen = next((a for a in actions if re.fullmatch(r"p1 (cc|pb|sd|bid [1-3]|dec b)( .*)?", a)),
                          actions[0])
            tab.locator(f'.ps-play-act[data-action="{chosen}"]').click()
        assert now["over"] and hidden > 0, (game, now)
        wide = tab.evaluate("document.documentElement.scrollWidth")
        assert wide <= size, f"{game}: the page is {wide} pixels wide at {size}"
        if game == "auction":
            assert sealed > 0, "no step with a sealed bid or declaration of another seat was checked"
    tab.locator("[data-testid=play-bots]").select_option("none")
    assert tab.locator("[data-testid=play-sight]").inner_text() == words["sight_all"]


POSITION = """root => ({phase: root.querySelector('[data-testid=play-table]').dataset.phase,
  pot: root.querySelector('[data-testid=play-pot]').textContent,
  table: root.querySelector('[data-testid=play-table] tbody').textContent,
  history: [...root.querySelectorAll('.ps-play-history li code')].map(n => n.textContent)})"""
"""The position the play table shows: phase, pot, each seat's row, the actions played."""


def test_the_address_keeps_the_position(tabs: Callable[[dict[str, int]], Any]) -> None:
    """Game, profile, seats, seed and the reader's actions are in the address: a reload, the
    language switcher, a rule link and Back, and the address opened in a new tab all show the same
    position; the built-in players' actions are not in it (they follow from the seed)."""
    tab = tabs(SIZES[390])
    tab.goto(f"{SITE}/ru/play/?game=stud&seats=4&seed=31&bots=others")
    tab.locator("[data-testid=play-table]").wait_for()
    play = tab.locator(".ps-play")
    for _ in range(3):
        actions = play.evaluate(STATE)["actions"]
        chosen = next((a for a in actions if re.fullmatch(r"p1 (cc|pb)( .*)?", a)), actions[0])
        tab.locator(f'.ps-play-act[data-action="{chosen}"]').click()
    here = play.evaluate(POSITION)
    acts = re.search(r"[?&]acts=([^&#]*)", tab.url)
    assert acts and all(a.startswith("p1.") for a in acts.group(1).split("_")), tab.url
    assert len(acts.group(1).split("_")) == 3 and len(here["history"]) > 3, (tab.url, here)
    tab.reload()
    tab.locator("[data-testid=play-table]").wait_for()
    assert play.evaluate(POSITION) == here
    # the switcher keeps the query: the same stud hand in French, at the same step
    tab.locator('a.md-select__link[hreflang="fr"]').first.dispatch_event("click")
    tab.wait_for_url(re.compile(r"/fr/play/\?"))
    tab.locator("[data-testid=play-table]").wait_for()
    assert "game=stud" in tab.url and "seed=31" in tab.url
    french = play.evaluate(POSITION)
    assert french["history"] == here["history"] and french["pot"] == here["pot"]
    # a rule link, then Back
    tab.locator("[data-testid=play-notation]").fill("p1 bid 4")
    tab.locator("[data-testid=play-try]").click()
    tab.locator("[data-testid=play-verdict] a.ps-play-rule").click()
    tab.wait_for_url(re.compile(r"/fr/spec/"))
    tab.go_back()
    tab.locator("[data-testid=play-table]").wait_for()
    assert play.evaluate(POSITION)["history"] == here["history"]
    # a shared link in a new tab
    other = tabs(SIZES[1280])
    other.goto(tab.url)
    other.locator("[data-testid=play-table]").wait_for()
    assert other.locator(".ps-play").evaluate(POSITION)["history"] == here["history"]


TARGETS = """root => [...root.querySelectorAll('button, select, input, summary')]
  .filter(n => n.offsetParent !== null).map(n => {
    const box = n.getBoundingClientRect();
    const name = n.getAttribute('data-action') || n.getAttribute('data-testid') || n.tagName;
    return [name, box.width, box.height];
  })"""
"""Each visible control of the play table: what it is, its width and height in pixels."""


def test_on_a_phone(tabs: Callable[[dict[str, int]], Any]) -> None:
    """At 390 pixels: every control of the play table is at least 44 pixels high (the card
    toggles 44 wide too); a card ticked to discard is raised and marked; the answer to "why not?"
    is not under the sticky header; on a touch screen (no hover) a button under the finger keeps
    its resting colours, and a tapped one keeps no focus colour."""
    tab = tabs(SIZES[390])
    tab.goto(f"{SITE}/play/?game=archie&seats=2&seed=17")
    tab.locator("[data-testid=play-table]").wait_for()
    play = tab.locator(".ps-play")
    while tab.locator(".ps-play-toggle").count() == 0:
        actions = play.evaluate(STATE)["actions"]
        tab.locator(f'.ps-play-act[data-action="{next(a for a in actions if " cc" in a)}"]').click()
    small = [t for t in play.evaluate(TARGETS) if t[2] < 44 or (t[0] == "BUTTON" and t[1] < 44)]
    assert not small, small
    toggle = tab.locator(".ps-play-toggle").first
    toggle.click()
    assert toggle.evaluate("n => getComputedStyle(n).transform") != "none", "a ticked card is raised"
    assert toggle.evaluate("n => getComputedStyle(n, '::after').content") == '"\u2713"', "and ticked"
    tab.locator("[data-testid=play-why-not] summary").click()
    tab.mouse.wheel(0, 3000)
    tab.locator("[data-testid=play-why-not] [data-why]").last.click()
    header = tab.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    verdict = tab.locator("[data-testid=play-verdict]").evaluate("n => n.getBoundingClientRect().top")
    assert verdict >= header, (verdict, header)
    # a tapped button keeps no focus colour; with no hover (a touch screen), nor a hover colour
    button = tab.locator("[data-testid=play-deal]")
    resting = button.evaluate("n => getComputedStyle(n).backgroundColor")
    touch = {"enabled": True, "maxTouchPoints": 1}
    tab.context.new_cdp_session(tab).send("Emulation.setTouchEmulationEnabled", touch)
    assert tab.evaluate("matchMedia('(hover: none)').matches"), "a touch screen has no hover"
    try_button = tab.locator("[data-testid=play-try]")
    calm = try_button.evaluate("n => getComputedStyle(n).backgroundColor")
    try_button.hover()
    assert try_button.evaluate("n => getComputedStyle(n).backgroundColor") == calm
    button.focus()
    assert button.evaluate("n => getComputedStyle(n).backgroundColor") == resting
