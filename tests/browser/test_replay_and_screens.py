"""The replay viewer by keyboard, and every page at desktop and phone width:
screenshots (into docs/screenshots/ with ICEBERG_SCREENSHOTS=docs), no
sideways scrolling on a phone, the hand and the actions within reach."""

import pytest
from playwright.sync_api import expect

from tests.browser import DESKTOP, PHONE, screenshots_to
from tests.browser.helpers import (
    GAME,
    REPLAY,
    assert_hand_shown,
    create_by_api,
    create_by_form,
    finish_by_api,
    perform,
    register,
    replay_of,
    seat_token,
    view_of,
    wait_replay_loaded,
)


@pytest.fixture(scope="module")
def finished_game(server):
    """An Iceberg game of one hand between two seats played over the API, with
    its replay built."""
    created = create_by_api(server, "iceberg", [{"name": "Ann"}, {"name": "Bea"}], {"max_hands": 1})
    game_id = created["id"]
    finish_by_api(server, game_id, {s["seat"]: s["token"] for s in created["seats"]})
    return game_id, replay_of(server, game_id, 0)["frames"]


def focused(page):
    return page.evaluate("() => document.activeElement && document.activeElement.dataset.testid")


def test_replay_by_keyboard(page, finished_game):
    game_id, frames = finished_game
    page.goto(f"/play/games/{game_id}/hands/0/replay")
    wait_replay_loaded(page)
    main = page.locator(REPLAY)
    expect(main).to_have_attribute("data-frame", "0")
    for _ in range(12):  # Tab from the top of the page reaches the slider
        if focused(page) == "frame-slider":
            break
        page.keyboard.press("Tab")
    assert focused(page) == "frame-slider", "the frame slider is reachable with Tab"

    last = len(frames) - 1
    for key, frame in [("End", last), ("Home", 0), ("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1),
                       ("End", last), ("ArrowLeft", last - 1)]:
        page.keyboard.press(key)
        expect(main).to_have_attribute("data-frame", str(frame))
        expect(page.locator("[data-testid=narration]")).to_have_text(frames[frame]["narration"])
    assert page.url.endswith(f"#v={frames[last - 1]['version']}"), "the address names the frame shown"

    # a click on the track moves it there (where exactly depends on the thumb's
    # width: a few frames either way) and shows that frame
    slider = page.locator("[data-testid=frame-slider]")
    box = slider.bounding_box()
    for share in (0.25, 0.75):
        slider.click(position={"x": box["width"] * share, "y": box["height"] / 2})
        shown = int(slider.input_value())
        assert abs(shown - share * last) <= max(2, last * 0.05), (share, shown, last)
        expect(main).to_have_attribute("data-frame", str(shown))
        expect(page.locator("[data-testid=narration]")).to_have_text(frames[shown]["narration"])


WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
  .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
  .slice(0, 8)
  .map((e) => {
    const where = e.parentElement && e.parentElement.closest('[id], [data-testid]');
    const named = where ? ` in ${where.tagName.toLowerCase()}${where.id ? '#' + where.id : ''}`
      + `${where.dataset.testid ? `[data-testid=${where.dataset.testid}]` : ''}` : '';
    return `${e.tagName.toLowerCase()}${e.className ? '.' + e.className : ''}${named}`
      + ` (right edge ${Math.round(e.getBoundingClientRect().right)} px)`;
  })"""


def no_sideways_scroll(page):
    width, inner = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner + 1, (f"{page.url}: the page is {width} px wide in a {inner} px window; "
                                f"sticking out: {page.evaluate(WIDEST)}")


def within_width(page, locator):
    inner = page.evaluate("() => window.innerWidth")
    count = locator.count()
    assert count, "something to check"
    for n in range(count):
        item = locator.nth(n)
        expect(item).to_be_visible()
        box = item.bounding_box()
        assert box and box["x"] >= -1 and box["x"] + box["width"] <= inner + 1, (item.evaluate("e => e.outerHTML"),
                                                                               box, inner)


@pytest.mark.parametrize("size, viewport", [("desktop", DESKTOP), ("phone", PHONE)])
def test_screenshots_and_phone_layout(browse, server, finished_game, size, viewport, tmp_path):
    shots = screenshots_to(tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page = browse.page(viewport)
    register(page, "Ann")
    game_id = create_by_form(page, "iceberg", ["me", ("bot", "greedy")], {"max_hands": 1})
    main = page.locator(GAME)
    expect(main).to_have_attribute("data-my-turn", "true")  # seat 0 plays first in hand 0
    perform(page, {"type": "draw"})
    expect(main).to_have_attribute("data-my-turn", "true")
    expect(page.locator("[data-testid=actions] button[data-action=discard]")).to_be_enabled()
    hand = page.locator("[data-testid=hand] button[data-card]")
    assert_hand_shown(page, view_of(server, game_id, seat_token(page, game_id)))
    page.screenshot(path=shots / f"game-{size}.png", full_page=True)
    no_sideways_scroll(page)
    within_width(page, hand)
    within_width(page, page.locator("[data-testid=actions] button[data-action]"))

    page.goto("/play/")
    expect(page.locator(f'#my-games li[data-game="{game_id}"]')).to_be_visible()
    page.screenshot(path=shots / f"lobby-{size}.png", full_page=True)
    no_sideways_scroll(page)
    within_width(page, page.locator("#create-form [data-action=create]"))

    finished, frames = finished_game
    page.goto(f"/play/games/{finished}/hands/0/replay#v={frames[-1]['version']}")
    wait_replay_loaded(page)
    expect(page.locator(REPLAY)).to_have_attribute("data-frame", str(len(frames) - 1))
    expect(page.locator("table[data-testid=scores]")).to_be_visible()
    page.screenshot(path=shots / f"replay-{size}.png", full_page=True)
    no_sideways_scroll(page)
    within_width(page, page.locator("#controls button, [data-testid=frame-slider]"))
    for name in ("game", "lobby", "replay"):
        assert (shots / f"{name}-{size}.png").read_bytes().startswith(b"\x89PNG\r\n")
