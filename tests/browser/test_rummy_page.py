"""Rummy on the game page: created through the lobby's form (its choice
options keep their types), a whole hand played by clicking against a greedy
bot, its draws naming their pile, and the hand's replay stepped through."""

from playwright.sync_api import expect

from tests.browser import DESKTOP
from tests.browser.helpers import GAME, create_by_form, register, seat_token
from tests.browser.partitions import Answers
from tests.browser.test_playing import WIDTHS, assert_bot_moves_arrived, check_replay, play_hand_by_clicking


def rummy_choice(view):
    """The biggest meld, else a lay-off, else a discard; at the draw, the stock."""
    actions = view["actions"]
    for kind in ("meld", "layoff", "discard"):
        found = [a for a in actions if a["type"] == kind]
        if found:
            return max(found, key=lambda a: len(a.get("cards", ())))
    return next(a for a in actions if a["type"] == "draw" and a["from"] == "stock")


@WIDTHS
def test_rummy_hand_by_clicking(browse, server, viewport):
    page = browse.page(viewport)
    answers = Answers(page)
    register(page, "Rae")
    game_id = create_by_form(page, "rummy", ["me", ("bot", "greedy")], {"max_hands": 1, "melds_per_turn": "any"})
    expect(page.locator(GAME)).to_have_attribute("data-variant", "rummy")
    token = seat_token(page, game_id)

    made, observed, used, start = play_hand_by_clicking(page, server, game_id, token, rummy_choice, answers=answers)
    assert used["draw:stock"] >= 1 and used["discard"] + used["meld"] + used["layoff"] >= 1, used
    assert_bot_moves_arrived(server, game_id, made, observed, start)
    if viewport == DESKTOP:  # the replay once is enough
        check_replay(page, server, game_id, "score")


def test_rummy_created_with_the_default_options_through_the_form(page, server):
    register(page, "Rob")
    game_id = create_by_form(page, "rummy", ["me", ("bot", "greedy")], {})
    expect(page.locator(GAME)).to_have_attribute("data-variant", "rummy")
    draws = page.locator("[data-testid=actions] [data-action=draw]")
    expect(draws).to_have_count(2)
    assert sorted(draws.evaluate_all("els => els.map(e => e.dataset.from)")) == ["discard", "stock"]
    assert game_id
