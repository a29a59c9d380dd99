"""The application service (service/app/commands.py) against a real Redis, without
HTTP or threads: every branch of the one command path. Two wirings on one
Redis stand for two server processes, each with its own state cache; a
`respond` callback runs between deciding and appending, so another process can
act at exactly that moment."""

import json
import random

import pytest

from domain import registry
from domain.engine import bot_move
from domain.iceberg.commands import Discard, Draw, Meld
from domain.kernel import errors as err
from domain.kernel.deals import explicit_deal
from domain.kernel.players import CreateGame, Player
from domain.kernel.seats import Extend
from domain.kernel.turns import TimeOut
from service.app.commands import FRESH_TRIES, StaleVersion
from service.config import Config
from service.store.errors import ConcurrencyError
from service.wiring import wire
from tests import worked_example
from tests.builders import stacked_deck

ICEBERG = registry.named("iceberg")


@pytest.fixture
def two(redis_server):
    """Two processes' services on one Redis (no queue: follow-ups are the workers' tests)."""
    return tuple(wire(Config(redis_url=redis_server.url), jobs=False) for _ in range(2))


def new_game(services, players=("A", "B", "C"), **rules) -> str:
    game_id = "g_" + random.Random().randbytes(8).hex()
    # a known deal, so every test here plays the same game every time
    deck = worked_example.deck() if len(players) == 3 else \
        stacked_deck([worked_example.A, worked_example.B], worked_example.STOCK)
    command = CreateGame(tuple(Player(n, bot) for n, bot in _named(players)), ICEBERG.rules(rules))
    dealer = lambda decks: explicit_deal(deck)  # noqa: E731
    services.commands.create(game_id, ICEBERG, command, dealer=dealer)
    return game_id


def _named(players):
    return [(p, None) if isinstance(p, str) else p for p in players]


def versions(services, game_id):
    return [e.version for e in services.recorder.read(game_id)]


def test_a_command_is_decided_appended_and_described(two):
    first, _ = two
    game = new_game(first)
    start = first.recorder.version(game)
    outcome = first.commands.handle(game, Draw(0), "s0")
    assert outcome.version == start + 2 and outcome.replayed is None
    assert [d.type for d in outcome.described] == ["CardDrawn", "AceRevealed"]
    assert [d.version for d in outcome.described] == [start + 1, start + 2]
    assert first.recorder.read(game, start) == outcome.described  # described as reading gives them back


def test_a_rule_error_on_fresh_state_changes_nothing(two):
    first, second = two
    game = new_game(first)
    before = versions(first, game)
    with pytest.raises(err.NotYourTurn):
        second.commands.handle(game, Draw(1), "s1")  # nothing cached: decided on fresh state
    with pytest.raises(err.MustDraw):
        first.commands.handle(game, Discard(0, "JH"), "s0")  # cached and current: a real error
    assert versions(first, game) == before


def test_a_stale_cache_that_makes_a_legal_move_look_illegal_is_reloaded(two):
    first, second = two
    game = new_game(first)
    second.repository.load(game)  # the second process caches the game before the draw
    first.commands.handle(game, Draw(0), "s0")
    outcome = second.commands.handle(game, Discard(0, "JH"), "s0")  # must_draw on its cache
    assert outcome.described[0].type == "CardDiscarded"
    assert second.repository.cached(game).state.version == outcome.version == first.recorder.version(game)
    assert first.recorder.verify(game) == []


def test_a_stale_cache_that_loses_the_append_is_reloaded_and_decided_again(two):
    first, second = two
    game = new_game(first)
    first.commands.handle(game, Draw(0), "s0")
    second.repository.load(game)  # cached after the draw
    first.commands.handle(game, Meld(0, ("9S", "8S", "7S")), "s0")
    # legal on both states: the cached append conflicts, the fresh one succeeds
    outcome = second.commands.handle(game, Meld(0, ("3H", "3C")), "s0")
    assert outcome.described[0].data["meld"] == "m2"  # decided again on the state with m1
    assert first.recorder.verify(game) == []


def test_an_expected_version_that_is_stale_on_fresh_state_is_refused(two):
    first, second = two
    game = new_game(first)
    seen = first.recorder.version(game)
    first.commands.handle(game, Draw(0), "s0")
    before = versions(first, game)
    with pytest.raises(StaleVersion) as refused:
        second.commands.handle(game, Meld(0, ("9S", "8S", "7S")), "s0", expected=seen)
    assert (refused.value.expected, refused.value.actual) == (seen, seen + 2)
    assert versions(first, game) == before


def test_an_expected_version_that_only_the_cache_misses_is_met_after_a_reload(two):
    first, second = two
    game = new_game(first)
    second.repository.load(game)
    first.commands.handle(game, Draw(0), "s0")
    now = first.recorder.version(game)
    outcome = second.commands.handle(game, Meld(0, ("9S", "8S", "7S")), "s0", expected=now)
    assert outcome.version == now + 1


def test_a_lost_race_without_an_expected_version_is_decided_again_on_the_moved_game(two):
    first, second = two
    game = new_game(first)

    def the_other_draws_now(described, state):
        first.commands.handle(game, Draw(0), "s0")  # appended between deciding and appending
        return ""

    second.repository.load(game)
    with pytest.raises(err.AlreadyDrawn):  # decided again: the draw is done, this one is a rule error
        second.commands.handle(game, Draw(0), "s0", respond=the_other_draws_now)
    fresh = wire(Config(redis_url=first.config.redis_url), jobs=False)  # nothing cached
    landed = []

    def another_meld_lands_once(described, state):
        if not landed:
            landed.append(first.commands.handle(game, Meld(0, ("3H", "3C")), "s0").version)
        return ""

    outcome = fresh.commands.handle(game, Meld(0, ("9S", "8S", "7S")), "s0", respond=another_meld_lands_once)
    assert outcome.version == landed[0] + 1  # the meld still legal on the moved game: stored after the other
    assert [e.type for e in first.recorder.read(game)][-2:] == ["MeldLaid", "MeldLaid"]
    assert first.recorder.verify(game) == []


def test_a_game_that_keeps_moving_under_a_command_is_a_concurrency_error_in_the_end(two):
    first, _ = two
    game = new_game(first, turn_timeout_s=3600, extensions=2 * FRESH_TRIES)
    first.commands.handle(game, Draw(0), "s0")
    fresh = wire(Config(redis_url=first.config.redis_url), jobs=False)
    interruptions = []

    def the_seat_extends_every_time(described, state):
        interruptions.append(first.commands.handle(game, Extend(0), "s0").version)
        return ""

    before = versions(first, game)
    with pytest.raises(ConcurrencyError):
        fresh.commands.handle(game, Meld(0, ("9S", "8S", "7S")), "s0", respond=the_seat_extends_every_time)
    assert len(interruptions) == FRESH_TRIES  # decided afresh that many times, each time overtaken
    assert len(versions(first, game)) == len(before) + FRESH_TRIES  # only the interruptions were stored
    assert first.recorder.verify(game) == []


def test_a_key_answered_before_returns_its_first_response_and_appends_nothing(two):
    first, second = two
    game = new_game(first)
    outcome = first.commands.handle(game, Draw(0), "s0", key="s0:k1", respond=lambda d, s: json.dumps(s.version))
    before = versions(first, game)
    for services in two:
        again = services.commands.handle(game, Draw(0), "s0", key="s0:k1", respond=lambda d, s: "other")
        assert again.replayed == outcome.response == json.dumps(outcome.version)
    assert versions(first, game) == before


def test_a_key_that_lands_between_deciding_and_appending_is_caught_by_the_append(two):
    first, second = two
    game = new_game(first)
    second.repository.load(game)

    def the_same_request_lands_first(described, state):
        first.commands.handle(game, Draw(0), "s0", key="s0:race", respond=lambda d, s: "first")
        return "second"

    outcome = second.commands.handle(game, Draw(0), "s0", key="s0:race", respond=the_same_request_lands_first)
    assert outcome.replayed == "first"  # not already_drawn: the key's first answer stands
    assert [e.type for e in first.recorder.read(game)].count("CardDrawn") == 1


def test_a_bot_turn_is_played_action_by_action_and_a_race_loser_stops(two):
    first, second = two
    game = new_game(first, players=("Ann", ("Bot", "greedy")))
    state = first.repository.load(game).state
    if state.turn_seat == 0:  # Ann plays first: let her play her turn
        while state.turn_seat == 0:
            state = first.commands.handle(game, bot_move_for(state, 0), "s0").state
    loaded = first.repository.load(game)
    stale = second.repository.load(game)
    rng = random.Random(5)
    outcome = first.commands.play_turn(game, loaded, lambda s: bot_move(s, rng), "b1")
    assert outcome is not None and outcome.state.turn_seat != 1
    assert [e.__class__.__name__ for e in outcome.events][-1] in ("CardDiscarded", "GameEnded", "HandStarted")
    assert second.commands.play_turn(game, stale, lambda s: bot_move(s, rng), "b1") is None  # moved on
    assert first.recorder.verify(game) == []


def bot_move_for(state, seat):
    from domain.engine import bot_command

    return bot_command(state, seat, "greedy", random.Random(0))


def test_a_timeout_goes_through_the_same_path_and_only_when_due(redis_server):
    from datetime import datetime, timedelta, timezone

    moment = [datetime(2026, 11, 22, 12, tzinfo=timezone.utc)]
    services = wire(Config(redis_url=redis_server.url), clock=lambda: moment[0], jobs=False)
    game = new_game(services, players=("Ann", "Bo"), turn_timeout_s=60)
    state = services.repository.load(game).state
    deadline = state.deadline
    assert deadline == "2026-11-22T12:01:00.000Z"
    with pytest.raises(err.NotDue):
        services.commands.handle(game, TimeOut(deadline), "to")
    moment[0] += timedelta(seconds=60)
    outcome = services.commands.handle(game, TimeOut(deadline), "to")
    types = [e.__class__.__name__ for e in outcome.events]
    assert types[0] == "TurnTimedOut" and types[-1] == "DeadlineSet" and "CardDiscarded" in types
    with pytest.raises(err.NotDue):  # played exactly once
        services.commands.handle(game, TimeOut(deadline), "to")


def test_a_key_that_won_a_race_before_the_decision_returns_its_first_response(two, monkeypatch):
    """The key was not there when looked up; by the time the command is decided
    the same request has landed (and this process's cache has seen it), so the
    command is now illegal: the key's first answer stands, not already_drawn."""
    first, second = two
    game = new_game(first)
    look_up = second.repository.recorder.first_response

    def the_same_request_lands_right_after_the_look_up(game_id, key):
        answer = look_up(game_id, key)
        if answer is None and not first.recorder.first_response(game_id, key):
            first.commands.handle(game, Draw(0), "s0", key=key, respond=lambda d, s: "first")
            second.repository.load(game)  # another thread of this process has seen it
        return answer

    monkeypatch.setattr(second.repository.recorder, "first_response", the_same_request_lands_right_after_the_look_up)
    outcome = second.commands.handle(game, Draw(0), "s0", key="s0:early", respond=lambda d, s: "second")
    assert outcome.replayed == "first"
    assert [e.type for e in first.recorder.read(game)].count("CardDrawn") == 1
