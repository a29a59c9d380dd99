"""Replays are built from the hand's own events (the state at the previous
hand's end is kept for that), come out the same as from the whole log, and a
client polling a 202 does not queue the same build again and again."""

import json

from freezegun import freeze_time

from tests.api_client import worked_game
from tests.worked_example import BODIES
from tests.workers_helpers import use_context


def _bot_game(client, hands=3):
    created = client.create([{"name": "R", "bot": "random"}, {"name": "G", "bot": "greedy"}],
                            rules={"hands": hands})
    return created["id"]


def _play_out(ctx, game):
    """Play the bots' game to its end in this process, as a worker would."""
    from workers.bots import play_bot_turn

    while (state := ctx.repository.load(game).state).status != "finished":
        play_bot_turn(game, state.version)
    return state


def test_each_hand_starts_where_the_previous_replay_ended_and_matches_a_build_from_the_log(
        own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from workers.replays import build_replay

    game = _bot_game(own_client)
    with freeze_time("2026-11-22T12:00:00Z"):
        state = _play_out(ctx, game)
        spans = state.hand_spans
        built = []
        for hand in range(3):
            build_replay(game, hand)
            built.append(ctx.replays.get(game, hand, "json"))
            if hand < 2:  # the end state is kept for the next hand, at the version before it starts
                assert ctx.replays.end_of(game, hand).version == spans[hand + 1][0] - 1
            if hand > 0:
                assert ctx.replays.end_of(game, hand - 1) is None  # used, then dropped
        assert ctx.replays.end_of(game, 2) is None  # the last hand: nothing follows it
        for hand in range(3):  # without any kept state: from the log's start, the same replay
            build_replay(game, hand)
            assert ctx.replays.get(game, hand, "json") == built[hand]


def test_polling_a_replay_that_is_being_built_queues_one_job(own_redis, own_client, monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    created, tokens = worked_game(own_client)
    game = created["id"]
    for seat, action in BODIES:
        own_client.act(game, tokens[seat], action)
    for _ in range(5):
        assert own_client.get(f"/games/{game}/hands/0/replay").status_code == 202
    replay_jobs = [j for j in ctx.jobs.queue.job_ids if j.startswith(f"replay-{game}-0")]
    assert ctx.jobs.queue.job_ids.count(f"replay-{game}-0") == 1, replay_jobs


def test_a_replay_stored_before_frames_had_narration_is_built_again(own_redis, own_client, monkeypatch):
    """Given a replay document saved without narration lines (built by an older
    server), when a client asks for it, then it gets 202 and a rebuild is queued;
    once built, every frame has its line."""
    ctx = use_context(monkeypatch, own_redis.url)
    from workers.replays import build_replay

    game = _bot_game(own_client, hands=1)
    _play_out(ctx, game)
    build_replay(game, 0)
    fresh = own_client.get(f"/games/{game}/hands/0/replay")
    assert fresh.status_code == 200 and all(f["narration"] for f in fresh.get_json()["frames"])
    old = fresh.get_json()
    for frame in old["frames"]:
        del frame["narration"]
    ctx.replays.save(game, 0, json.dumps(old), ctx.replays.get(game, 0, "txt"))
    assert own_client.get(f"/games/{game}/hands/0/replay").status_code == 202
    # a rebuild waits (the hand's end queued it on the queue of games of bots only, and it still waits there)
    assert f"replay-{game}-0" in ctx.jobs.queue.job_ids + ctx.jobs.bot_games.job_ids
    assert own_client.get(f"/games/{game}/hands/0/replay.txt").status_code == 200  # the text needs no rebuild
    build_replay(game, 0)
    assert own_client.get(f"/games/{game}/hands/0/replay").get_json() == fresh.get_json()
