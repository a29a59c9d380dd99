"""Whole Rummy games, refereed by tests/rummy_referee.py (written from the
rules page alone, sharing no code with domain/rummy/): bot games under every
variation, and the conformance suite's games of people with time-outs and
resignations; and the referee itself catches a log that breaks a rule."""

import copy
from dataclasses import replace

import pytest

from domain import registry
from domain.kernel.eventdata import event_type, to_data
from domain.selfplay import bot_game
from tests.conformance import simulate
from tests.rummy_referee import Foul, Referee
from tests.test_rummy_properties import VARIATIONS, _Varied

RUMMY = registry.named("rummy")


def logged(events) -> list[dict]:
    return [{"type": event_type(e), "data": to_data(e)} for e in events]


def bot_log(policies, rules, seed) -> list[dict]:
    events = []
    bot_game(policies, RUMMY.rules(rules), seed, on_step=lambda command, new, state: events.extend(new),
             variant="rummy")
    return logged(events)


@pytest.mark.parametrize("rules", [{}, *VARIATIONS, {"hands": 2}, {"scoring": "penalty", "target_score": 40}],
                         ids=lambda r: ",".join(f"{k}={v}" for k, v in r.items()) or "defaults")
def test_bot_games_under_every_variation_pass_the_referee(rules):
    for seed, policies in enumerate((["greedy", "greedy"], ["random", "greedy", "random"],
                                     ["greedy", "random", "greedy", "random", "greedy", "random"])):
        Referee().replay(bot_log(policies, {"max_hands": 6, **rules}, seed))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_games_of_people_with_time_outs_and_resignations_pass_the_referee(players):
    for variation in ({}, VARIATIONS[0]):
        variant = replace(RUMMY, rules_type=_Varied(variation))
        for seed, timed in ((0, False), (1, True)):
            Referee().replay(logged(simulate(variant, players, seed, timed=timed).log))


GOOD = bot_log(["greedy", "greedy"], {"max_hands": 2, "discard_to_go_out": True}, 1)


def tampered(change):
    log = copy.deepcopy(GOOD)
    change(log)
    return log


def _first(log, kind, where=lambda data: True):
    return next(e for e in log if e["type"] == kind and where(e["data"]))


@pytest.mark.parametrize("change", [
    lambda log: _first(log, "CardDrawn").update(data={**_first(log, "CardDrawn")["data"], "card": "ZZ"}),
    lambda log: _first(log, "MeldLaid")["data"].update(kind="set" if _first(log, "MeldLaid")["data"]["kind"] == "run"
                                                       else "run"),
    lambda log: _first(log, "HandEnded")["data"]["results"][0].update(score=999),
    lambda log: _first(log, "GameEnded")["data"].update(totals=[t + 1 for t in _first(log, "GameEnded")["data"]["totals"]]),
    lambda log: _first(log, "HandStarted")["data"].update(first_seat=1),
])
def test_the_referee_catches_a_broken_log(change):
    Referee().replay(GOOD)
    with pytest.raises(Foul):
        Referee().replay(tampered(change))
