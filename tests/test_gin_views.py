"""Gin as the service sees it: action bodies, what each reader may see, the
public table, replays and transcripts, snapshots, play by mail."""

import json
from datetime import datetime, timedelta, timezone

from domain import registry
from domain.engine import legal_bodies, play
from domain.gin import VARIANT
from domain.gin.actions import legal_actions
from domain.gin.commands import ACTIONS, Draw, Knock, Layoff, Pass, Show
from domain.gin.evolve import fold
from domain.gin.rules import Rules
from domain.gin.snapshot import from_data, to_data
from domain.kernel.bodies import body_of, command_of
from domain.kernel.deals import Deal
from domain.kernel.eventdata import event_type
from domain.kernel.eventdata import to_data as event_data
from domain.kernel.players import CreateGame, Player
from domain.kernel.turns import DeadlineSet, TimeOut, TurnTimedOut
from projections.readers import ADMIN, PUBLIC, Reader
from projections.redaction import redact
from tests.gin_builders import after, dealt, stacked_deck
from tests.test_gin_rules import ANN, BOB, BOB_MELDS, WORKED

SHOW = Show(0, (("QH", "QS", "QD"), ("5H", "6H", "7H")), (Layoff(0, ("4S",)), Layoff(2, ("10C", "JC"))))
KNOCKED = after(WORKED, Draw(1, "discard"), Knock(1, "KD", BOB_MELDS))


def test_the_variant_is_hosted_and_described():
    assert registry.named("gin") is VARIANT
    described = VARIANT.describe()
    assert described["actions"] == ["discard", "draw", "knock", "pass", "show"]
    assert described["players"] == {"min": 2, "max": 2}
    defaults = {o["name"]: o["default"] for o in described["options"]}
    assert defaults == {"target_score": 100, "max_hands": 100, "knock_limit": 10, "gin_bonus": 20,
                        "undercut_bonus": 10, "game_bonus": 100, "shutout_bonus": 100, "line_bonus": 20,
                        "turn_timeout_s": None, "on_timeout": "bot", "extensions": 0, "extension_s": 86400,
                        "rated": True}


def test_action_bodies_are_the_api_s_and_read_back_as_the_same_commands():
    assert body_of(Pass(1)) == {"type": "pass"}
    assert body_of(Draw(1, "stock")) == {"type": "draw", "from": "stock"}
    assert body_of(Knock(1, "KD", BOB_MELDS)) == {
        "type": "knock", "card": "KD", "melds": [["AS", "2S", "3S"], ["4H", "4D", "4C"], ["7C", "8C", "9C"]]}
    body = body_of(SHOW)
    assert body == {"type": "show", "melds": [["QH", "QS", "QD"], ["5H", "6H", "7H"]],
                    "layoffs": [{"meld": 0, "cards": ["4S"]}, {"meld": 2, "cards": ["10C", "JC"]}]}
    assert command_of(ACTIONS, 0, json.loads(json.dumps(body))) == SHOW
    for given in (WORKED, after(WORKED, Draw(1, "discard")), KNOCKED):
        state = fold(given)
        seat = state.turn_seat
        for command in legal_actions(state, seat):
            assert command_of(ACTIONS, seat, json.loads(json.dumps(body_of(command)))) == command
        assert legal_bodies(state, seat) == [body_of(c) for c in legal_actions(state, seat)]


def _seen(event, reader, hand=0, hands_ended=0):
    return redact(VARIANT, event_type(event), event_data(event), hand, reader, hands_ended)


def test_a_stock_card_and_the_knock_discard_are_their_owners_the_deck_is_sealed():
    events = after(WORKED, Pass(1), Pass(0), Draw(1, "stock"), Knock(1, "9H", BOB_MELDS))
    started, drawn, knocked = events[1], events[4], events[5]
    assert "deck" not in _seen(started, Reader(seat=1)) and "salt" not in _seen(started, PUBLIC)
    assert _seen(started, PUBLIC)["upcard"] == "2H" and _seen(started, PUBLIC)["dealer"] == 0
    assert _seen(drawn, Reader(seat=1))["card"] == "9H" and _seen(drawn, Reader(seat=0))["card"] is None
    assert _seen(drawn, PUBLIC) == {"seat": 1, "card": None, "from": "stock"}
    assert _seen(knocked, Reader(seat=0))["card"] is None and _seen(knocked, Reader(seat=1))["card"] == "9H"
    assert _seen(knocked, PUBLIC)["melds"] == [list(m) for m in BOB_MELDS]
    assert _seen(knocked, ADMIN)["card"] == "9H"
    assert _seen(knocked, PUBLIC, hands_ended=1)["card"] == "9H"  # the hand is over: all public


def test_public_private_and_seat_views():
    state = fold(KNOCKED)
    table = VARIANT.public(state)
    assert table["hand"] == 0 and table["turn"] == {"seat": 0, "phase": "show"} and table["dealer"] == 0
    assert table["stock"] == 31 and table["discard"] == []
    assert [s["hand_size"] for s in table["seats"]] == [10, 0]
    assert table["knock"] == {"seat": 1, "melds": [list(m) for m in BOB_MELDS], "deadwood": ["2H"],
                              "deadwood_points": 2, "gin": False}  # no face-down card while the hand is on
    assert VARIANT.private(state, 1) == {"hand": [], "taken": None, "knock_card": "KD"}
    assert VARIANT.private(state, 0) == {"hand": ANN, "taken": None, "knock_card": None}
    assert VARIANT.see(state, 0).knock.card is None and VARIANT.see(state, 1).knock.card == "KD"
    taking = fold(after(WORKED, Draw(1, "discard")))
    assert VARIANT.private(taking, 1)["taken"] == "2H" and VARIANT.see(taking, 0).taken is None


def test_a_replay_and_its_transcript():
    events = after(KNOCKED, SHOW)
    state, frames = fold(events[:1]), []
    for version, event in enumerate(events[1:], start=2):
        state = VARIANT.evolve(state, event)
        frames.append({"version": version, "event": {"type": event_type(event), "data": event_data(event)},
                       "state": VARIANT.replay_state(state)})
    last = frames[-1]["state"]
    assert last["knock"]["card"] == "KD" and last["show"]["deadwood"] == ["KC"] and last["phase"] == "ended"
    assert sorted(c for h in frames[0]["state"]["hands"] for c in h) == sorted(ANN + BOB)
    text = VARIANT.transcript({"hand": 0, "players": ["Ann", "Bob"], "frames": frames})
    assert "Hand 1. Ann deals; Bob is offered the upcard 2H." in text
    assert "Bob draws 2H from the discard pile." in text
    assert "Bob knocks with 2 deadwood, discarding KD face down: AS 2S 3S, 4H 4D 4C, 7C 8C 9C; deadwood 2H." in text
    assert "lays off 4S on AS 2S 3S; 10C JC on 7C 8C 9C" in text
    assert "  Bob: deadwood 2, scores 8" in text
    json.dumps(frames)


def test_snapshots_fold_back_to_the_same_state():
    for events in (WORKED[:1], WORKED, KNOCKED, after(KNOCKED, SHOW)):
        state = fold(events)
        assert from_data(json.loads(json.dumps(to_data(state)))) == state


def test_a_timed_game_sets_deadlines_and_a_late_turn_is_played_by_greedy():
    deck = stacked_deck(BOB, ANN, "2H")
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    rules = Rules(turn_timeout_s=60)
    events, state = play(None, CreateGame((Player("Ann"), Player("Bob")), rules, "gin"),
                         lambda _: Deal(deck, "00"), start)
    assert isinstance(events[-1], DeadlineSet) and events[-1].seat == state.turn_seat
    seat = state.turn_seat
    later = start + timedelta(seconds=61)
    events, state = play(state, TimeOut(state.deadline), lambda _: Deal(deck, "00"), later)
    assert isinstance(events[0], TurnTimedOut)
    assert state.turn_seat == 1 - seat and isinstance(events[-1], DeadlineSet)
    assert fold(dealt(BOB, ANN, "2H", turn_timeout_s=60)).rules.turn_timeout_s == 60


def test_a_card_taken_from_the_discard_pile_is_public_a_stock_card_is_not():
    # the non-dealer takes the upcard: it lay face up, so everyone may see it
    events = after(WORKED, Draw(1, "discard"))
    taken = events[-1]
    assert _seen(taken, PUBLIC) == {"seat": 1, "card": "2H", "from": "discard"}
    assert _seen(taken, Reader(seat=0))["card"] == "2H"
