"""Whole Conquian games of bots, under every option, each event checked by the
hand-written referee of tests/conquian_referee.py (which shares no code with
domain/conquian), as MORE_VARIANTS.md's "Independent check" asks."""

import pytest

from domain import registry
from domain.kernel.eventdata import event_type, to_data
from domain.selfplay import bot_game
from tests.conquian_referee import Referee

RULES = [
    {},
    {"upcard": False},
    {"forcing": False, "target_score": 3},
    {"draw_stakes": "double", "target_score": 4},
    {"draw_stakes": "none", "target_score": 2, "max_hands": 3},
]


def refereed(policies, rules: dict, seed: int, seen: set):
    """A bot game to its end, every event checked by a referee of its own; `seen`
    collects (type, reason) of its events."""
    referee = Referee()

    def check(command, events, state):
        for event in events:
            referee.check(event_type(event), to_data(event))
            seen.add((event_type(event), getattr(event, "reason", None)))

    final = bot_game(policies, registry.named("conquian").rules(rules), seed, on_step=check, variant="conquian")
    assert referee.ended and final.status == "finished"


@pytest.mark.parametrize("rules", RULES, ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "defaults")
def test_bot_games_under_every_option_pass_the_referee(rules):
    seen = set()
    for seed in range(40):
        refereed([("random", "random"), ("random", "greedy"), ("greedy", "greedy")][seed % 3], rules, seed, seen)
    kinds = {kind for kind, _ in seen}
    assert {"ExposedCardMelded", "CardDeclined", "CardLeft", "StockCardTurned", "CardDiscarded"} <= kinds
    assert ("HandEnded", "out") in seen


def test_the_referee_sees_forces_answers_and_drawn_hands_over_many_games():
    seen = set()
    for seed in range(150):
        refereed(("random", "greedy") if seed % 2 else ("greedy", "random"), {"target_score": 2}, seed, seen)
    assert {("CardForced", None), ("ForceWaived", None), ("UpcardPassed", None), ("CardTurnedDown", None),
            ("HandEnded", "drawn"), ("HandEnded", "out")} <= seen
