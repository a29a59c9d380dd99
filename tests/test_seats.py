"""Seats and the people in them (domain/seating.py, domain/kernel/seats.py), in
every variant: open seats taken (the last one deals), resigning, forfeiting on
a timeout, aborting before any human moved, extending one's own deadline.
Given these events, when this command, then these events or this error; the
time is an input (`now`), so deadlines are exact."""

import json
import random
from datetime import datetime, timedelta, timezone

import pytest

from domain import registry
from domain.engine import bot_move, play
from domain.kernel import errors as err
from domain.kernel.bodies import command_of
from domain.kernel.deals import seeded_deal
from domain.kernel.players import CreateGame, Player
from domain.kernel.seats import Abort, Extend, People, Resign, TakeSeat
from domain.kernel.turns import TimeOut, parse
from service.store.codec import decode_event

VARIANTS = sorted(registry.VARIANTS)
T0 = datetime(2026, 11, 22, 12, 0, tzinfo=timezone.utc)


def dealer(name: str):
    """Deals that depend on the name and the hand's place only: the same game every run."""
    count = iter(range(10**6))
    return lambda decks: seeded_deal(decks, f"{name}:{next(count)}".encode())


def created(variant: str, *players: Player, **rules):
    command = CreateGame(tuple(players), registry.named(variant).rules(rules), variant)
    return play(None, command, dealer(variant), now=T0)


def types(events) -> list[str]:
    return [type(e).__name__ for e in events]


def two(variant: str):
    """The most humans a variant seats beside one bot: three, or Gin's two."""
    return registry.named(variant).players[1] == 2


# --- open seats --------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_with_an_open_seat_is_open_until_it_is_taken_and_the_last_one_taken_deals(variant):
    events, state = created(variant, Player("Ann"), Player(None), turn_timeout_s=60)
    assert types(events)[-1] == "GameCreated" and "HandStarted" not in types(events)
    assert state.status == "open" and state.turn_seat is None and state.deadline is None
    for refused in (Resign(0), command_of(registry.named(variant).commands, 0, {"type": "discard", "card": "2S"})):
        with pytest.raises(err.NotStarted):
            play(state, refused, now=T0)
    events, state = play(state, TakeSeat(1, "Bo"), dealer(variant), now=T0)
    assert types(events)[0] == "SeatTaken" and "HandStarted" in types(events)
    assert state.status == "active" and [p.name for p in state.players] == ["Ann", "Bo"]
    assert types(events)[-1] == "DeadlineSet"  # the first human turn of a timed game
    with pytest.raises(err.NoOpenSeat):
        play(state, TakeSeat(1, "Cy"), now=T0)


def test_a_seat_is_taken_once_and_under_a_proper_name():
    _, state = created("iceberg", Player(None), Player(None), Player("Bot", "greedy"))
    _, state = play(state, TakeSeat(0, "Ann"), now=T0)
    assert state.status == "open"
    with pytest.raises(err.SeatNotOpen):
        play(state, TakeSeat(0, "Bo"), now=T0)
    with pytest.raises(err.InvalidPlayers):
        play(state, TakeSeat(1, "Bo\n"), now=T0)
    with pytest.raises(err.NoSuchSeat):
        play(state, TakeSeat(7, "Bo"), now=T0)


def test_an_open_game_nobody_joins_is_abandoned():
    from domain.kernel.ending import EndGame

    _, state = created("iceberg", Player("Ann"), Player(None))
    events, after = play(state, EndGame("abandoned"))
    assert types(events) == ["GameEnded"] and events[0].winners == () and after.status == "finished"


# --- resigning and forfeiting ------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_a_resignation_in_a_two_player_game_ends_it_and_the_other_wins(variant):
    _, state = created(variant, Player("Ann"), Player("Bo"))
    events, after = play(state, Resign(1), now=T0)
    assert types(events) == ["SeatResigned", "GameEnded"]
    assert events[-1].reason == "resigned" and events[-1].winners == (0,)
    assert after.status == "finished" and after.people.withdrawn == (1,)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if not two(v)])
def test_a_resigned_seat_of_three_is_played_by_greedy_and_cannot_win(variant):
    """Given Ann, Bo and a bot, when Bo resigns, then the game goes on with
    greedy in Bo's seat; when it ends, Bo is not among the winners, whatever
    Bo's total."""
    _, state = created(variant, Player("Ann"), Player("Bo"), Player("Bot", "random"), hands=1)
    events, state = play(state, Resign(1), now=T0)
    assert types(events) == ["SeatResigned"] and state.status == "active"
    assert state.players[1] == Player("Bo", "greedy")
    rng, deals = random.Random(5), dealer(f"{variant}:on")
    while state.status != "finished":
        if state.players[state.turn_seat].bot is None:  # Ann: any legal move
            command = rng.choice(registry.of(state).legal_actions(state, state.turn_seat))
        else:
            command = bot_move(state, rng)
        more, state = play(state, command, deals, now=T0)
        events += more
    ended = events[-1]
    assert ended.reason == "hands" and 1 not in ended.winners
    # the best total of the seats still playing: the highest, or the lowest where penalties are scored (Kalooki)
    ends = {max(state.totals[0], state.totals[2]), min(state.totals[0], state.totals[2])}
    assert any(ended.winners == tuple(s for s in (0, 2) if state.totals[s] == best) for best in ends)
    with pytest.raises(err.GameOver):
        play(state, Resign(0), now=T0)


def test_a_seat_resigns_once_and_a_bot_never():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), Player("Bot", "greedy"))
    _, state = play(state, Resign(1), now=T0)
    with pytest.raises(err.Withdrawn):
        play(state, Resign(1), now=T0)
    with pytest.raises(err.NotHuman):
        play(state, Resign(2), now=T0)


def test_when_no_human_is_left_in_the_game_it_ends_and_the_best_of_the_rest_wins():
    _, state = created("fortune", Player("Ann"), Player("Bo"), Player("Bot", "greedy"), Player("Cy", "random"))
    _, state = play(state, Resign(0), now=T0)
    events, after = play(state, Resign(1), now=T0)
    assert types(events) == ["SeatResigned", "GameEnded"]
    assert events[-1].reason == "resigned" and set(events[-1].winners) <= {2, 3} and events[-1].winners


def test_a_resignation_takes_the_running_deadline_with_it():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), Player("Cy"), turn_timeout_s=60)
    assert state.deadline is not None and state.turn_seat == 0
    _, state = play(state, Resign(0), now=T0)
    assert state.deadline is None and state.players[0].bot == "greedy"


@pytest.mark.parametrize("variant", VARIANTS)
def test_on_timeout_forfeit_ends_a_two_player_game_for_the_late_seat(variant):
    _, state = created(variant, Player("Ann"), Player("Bo"), turn_timeout_s=60, on_timeout="forfeit")
    late = state.turn_seat
    with pytest.raises(err.NotDue):
        play(state, TimeOut(state.deadline), now=T0 + timedelta(seconds=59))
    events, after = play(state, TimeOut(state.deadline), now=T0 + timedelta(seconds=60))
    assert types(events) == ["TurnTimedOut", "SeatForfeited", "GameEnded"]
    assert events[-1].reason == "forfeit" and events[-1].winners == (1 - late,)


def test_on_timeout_forfeit_in_a_game_of_three_hands_the_seat_to_greedy():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), Player("Cy"), turn_timeout_s=60, on_timeout="forfeit")
    events, after = play(state, TimeOut(state.deadline), now=T0 + timedelta(minutes=1))
    assert types(events) == ["TurnTimedOut", "SeatForfeited"] and after.status == "active"
    assert after.players[0].bot == "greedy" and after.people.withdrawn == (0,) and bot_move(after, random.Random())


def test_the_default_timeout_still_plays_the_turn_with_greedy():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), turn_timeout_s=60)
    events, after = play(state, TimeOut(state.deadline), now=T0 + timedelta(minutes=1))
    assert types(events)[0] == "TurnTimedOut" and "SeatForfeited" not in types(events)
    assert after.people.withdrawn == () and after.players[0].bot is None


# --- aborting ------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_a_game_is_aborted_before_any_human_moved_and_not_after(variant):
    _, state = created(variant, Player("Ann"), Player("Bo"))
    events, after = play(state, Abort(1), now=T0)
    assert types(events) == ["GameAborted", "GameEnded"]
    assert events[-1].reason == "aborted" and events[-1].winners == () and after.status == "finished"
    seat = state.turn_seat
    _, moved = play(state, registry.of(state).legal_actions(state, seat)[0], now=T0)
    assert moved.people.moved
    with pytest.raises(err.AbortRefused):
        play(moved, Abort(seat), now=T0)


def test_a_bot_moving_first_does_not_end_the_time_for_an_abort():
    _, state = created("iceberg", Player("Bot", "greedy"), Player("Ann"), Player("Bo"))
    rng = random.Random(1)
    while state.turn_seat == 0:
        _, state = play(state, bot_move(state, rng), now=T0)
    assert not state.people.moved
    events, _ = play(state, Abort(2), now=T0)
    assert events[-1].reason == "aborted"


def test_an_open_game_is_aborted_by_a_seated_human_only():
    _, state = created("iceberg", Player("Ann"), Player(None), Player("Bot", "greedy"))
    with pytest.raises(err.NotHuman):
        play(state, Abort(1), now=T0)  # nobody sits there
    with pytest.raises(err.NotHuman):
        play(state, Abort(2), now=T0)
    events, _ = play(state, Abort(0), now=T0)
    assert types(events) == ["GameAborted", "GameEnded"]


def test_a_turn_the_timeout_played_counts_as_moved():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), turn_timeout_s=60)
    _, state = play(state, TimeOut(state.deadline), now=T0 + timedelta(minutes=1))
    with pytest.raises(err.AbortRefused):
        play(state, Abort(1), now=T0 + timedelta(minutes=1))


# --- extending one's own deadline ------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_an_extension_moves_the_deadline_and_is_refused_past_the_allowance(variant):
    _, state = created(variant, Player("Ann"), Player("Bo"), turn_timeout_s=600, extensions=2, extension_s=3600)
    seat, deadline = state.turn_seat, parse(state.deadline)
    for k in (1, 2):
        events, state = play(state, Extend(seat), now=T0 + timedelta(seconds=599))
        assert types(events) == ["DeadlineExtended"] and events[0].seat == seat
        assert parse(state.deadline) == deadline + timedelta(hours=k) and state.people.extensions[seat] == k
    with pytest.raises(err.NoExtensionsLeft):
        play(state, Extend(seat), now=T0)
    with pytest.raises(err.NotDue):  # the extended turn is not late at the first deadline
        play(state, TimeOut(state.deadline), now=deadline)


def test_only_the_seat_to_move_extends_and_only_before_its_deadline():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), turn_timeout_s=60, extensions=1)
    with pytest.raises(err.NotYourTurn):
        play(state, Extend(1), now=T0)
    with pytest.raises(err.LateTurn):
        play(state, Extend(0), now=T0 + timedelta(seconds=60))
    _, untimed = created("iceberg", Player("Ann"), Player("Bo"), extensions=1)
    with pytest.raises(err.NoDeadline):
        play(untimed, Extend(0), now=T0)


def test_extensions_are_counted_per_seat_for_the_whole_game():
    _, state = created("iceberg", Player("Ann"), Player("Bo"), turn_timeout_s=60, extensions=1)
    _, state = play(state, Extend(0), now=T0)
    rng = random.Random(2)
    while state.turn_seat == 0:  # Ann plays her turn; Bo's begins
        _, state = play(state, rng.choice(registry.of(state).legal_actions(state, 0)), now=T0)
    _, state = play(state, Extend(1), now=T0)
    assert state.people.extensions == (1, 1)
    with pytest.raises(err.NoExtensionsLeft):
        play(state, Extend(1), now=T0)


# --- the state and the log --------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_a_snapshot_keeps_who_withdrew_the_extensions_and_whether_a_human_moved(variant):
    record = registry.named(variant)
    _, state = created(variant, Player("Ann"), Player("Bo"), turn_timeout_s=60, extensions=3)
    _, state = play(state, Extend(state.turn_seat), now=T0)
    data = json.loads(json.dumps(record.snapshot[0](state)))
    assert record.snapshot[1](data) == state and state.people.extensions != (0, 0)
    data.pop("people")  # a snapshot taken before seats had people
    assert record.snapshot[1](data).people == People()


@pytest.mark.parametrize("code, variant", [("G", "iceberg"), ("gG", "gin"), ("fG", "fortune")])
def test_a_game_created_before_the_play_by_mail_options_reads_with_their_defaults(code, variant):
    rules = registry.named(variant).rules({}).to_dict()
    old = {k: v for k, v in rules.items() if k not in ("on_timeout", "extensions", "extension_s")}
    version = 2 if code == "G" else 1
    stored = json.dumps([code, version, 1763805600000, "sys", None,
                         [[{"name": "A", "bot": None}, {"name": "B", "bot": None}], old, variant]]).encode()
    event = decode_event(stored)
    assert (event.rules.on_timeout, event.rules.extensions, event.rules.extension_s) == ("bot", 0, 86400)
