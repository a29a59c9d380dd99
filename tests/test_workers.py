"""Workers: bots that play, crash recovery, replays, deadlines, webhooks and the
long-poll, against real redis-server and RQ worker processes."""

import hashlib
import hmac
import json
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest
from freezegun import freeze_time

from tests import worked_example
from tests.api_client import worked_game
from tests.log_checks import check_log
from tests.receivers import Receiver
from tests.worked_example import BODIES
from tests.workers_helpers import kill_group, rq_state, start_worker, use_context, wait_until


def store_of(app):
    return app.extensions["iceberg"].recorder


def finished(client, game):
    return client.get(f"/games/{game}").get_json()["status"] == "finished"


# --- bots ------------------------------------------------------------------------------------

def test_an_all_bot_game_plays_itself_to_the_end(own_redis, own_app, own_client):
    worker = start_worker(own_redis.url)
    try:
        created = own_client.create([{"name": f"B{i}", "bot": bot} for i, bot in
                                     enumerate(["greedy", "random", "greedy", "random"])],
                                    rules={"decks": 2, "hands": 2})
        game = created["id"]
        wait_until(lambda: finished(own_client, game), timeout=120)
    finally:
        kill_group(worker)
    final, _ = check_log(store_of(own_app), game)
    assert final.decks == 2 and final.hands_played == 2


def test_a_sigkilled_worker_mid_turn_neither_stops_the_game_nor_plays_a_turn_twice(own_redis, own_app, own_client):
    store = store_of(own_app)
    worker = start_worker(own_redis.url, ICEBERG_BOT_PAUSE_S=0.25)
    try:
        # a known deal: with a random one the last ace can end the hand (and the game) in
        # the first few turns, one time in 26, before the worker is caught mid-turn
        created = own_client.create([{"name": "B0", "bot": "greedy"}, {"name": "B1", "bot": "random"},
                                     {"name": "B2", "bot": "greedy"}], rules={"hands": 1},
                                    deck=worked_example.deck())
        game = created["id"]

        def mid_turn():
            last = store.read(game)[-1]
            return last.actor.startswith("b") and last.type in ("CardDrawn", "AceRevealed", "MeldLaid",
                                                                    "CardsLaidOff", "CardPickedUp") and last
        # let a few turns go by, then catch a bot between the draw and its discard
        diagnose = lambda: (store.version(game), rq_state(store.redis))  # noqa: E731
        wait_until(lambda: store.version(game) > 12, timeout=60, what="a few turns", diagnose=diagnose)
        caught = wait_until(mid_turn, timeout=60, every=0.02, what="a bot in mid-turn", diagnose=diagnose)
        kill_group(worker)
        assert store.read(game)[-1].version == caught.version, "the turn was cut off half-way"
        worker = start_worker(own_redis.url)  # a new worker; its sweeper finds the stalled game
        wait_until(lambda: finished(own_client, game), timeout=150, what="the end", diagnose=diagnose)
    finally:
        kill_group(worker)
    check_log(store, game)


def test_a_human_against_a_greedy_bot_finishes(own_redis, own_app, own_client):
    import random

    worker = start_worker(own_redis.url)
    rng = random.Random(5)
    try:
        created = own_client.create([{"name": "Ann"}, {"name": "Bot", "bot": "greedy"}], rules={"hands": 1})
        game, token = created["id"], created["seats"][0]["token"]
        while not finished(own_client, game):
            view = own_client.get(f"/games/{game}/view", token=token).get_json()
            if view["actions"]:
                assert own_client.act(game, token, rng.choice(view["actions"])).status_code == 201
            else:  # the bot's turn: wait for it without polling
                own_client.get(f"/games/{game}/events?after={view['version']}&wait=10")
    finally:
        kill_group(worker)
    check_log(store_of(own_app), game)


# --- replays ---------------------------------------------------------------------------------

def test_replays_have_a_frame_per_event_end_on_the_result_and_rebuild_identically(own_redis, own_app,
                                                                                  own_client, monkeypatch):
    use_context(monkeypatch, own_redis.url)
    from workers.replays import build_replay

    created, tokens = worked_game(own_client)
    game = created["id"]
    for seat, action in BODIES:
        own_client.act(game, tokens[seat], action)
    pending = own_client.get(f"/games/{game}/hands/0/replay")
    assert pending.status_code == 202 and pending.headers["Retry-After"] == "1"
    assert build_replay(game, 0).startswith("replay of hand 0")
    replay = own_client.get(f"/games/{game}/hands/0/replay")
    assert replay.status_code == 200
    document = replay.get_json()
    first = own_client.get(f"/games/{game}/hands/0").get_json()["versions"]["first"]
    hand_events = [{k: e[k] for k in ("version", "type", "at", "data")}  # without the chain the log adds
                   for e in own_client.get(f"/games/{game}/events").get_json()["events"]
                   if first <= e["version"] <= document["frames"][-1]["version"]]
    assert [f["version"] for f in document["frames"]] == [e["version"] for e in hand_events]
    assert [f["event"] for f in document["frames"]] == hand_events
    assert document["frames"][-1]["event"]["type"] == "HandEnded"
    last = document["frames"][-1]["state"]
    results = own_client.get(f"/games/{game}/hands/0").get_json()["results"]
    assert [len(cards) for cards in last["hands"]] == [r["cards_left"] for r in results]
    assert last["points"] == [r["melded"] for r in results]
    assert [len(a) for a in last["aces"]] == [r["aces"] for r in results]
    text = own_client.get(f"/games/{game}/hands/0/replay.txt").get_data(as_text=True)
    assert "A draws 3C, places AD face up, melds 7S 8S 9S for 30, passes a card to C." in text
    assert "C picks up JH, draws AC, places AC face up, lays JH off on B's pair for 20, " \
           "lays 6S off on A's run for 40, passes a card to B." in text
    assert "A goes out and the hand ends." in text and "B: melded 10, 5 cards left, playable 80" in text
    replays = own_app.extensions["iceberg"].replays
    stored = replays.get(game, 0, "json"), replays.get(game, 0, "txt")
    build_replay(game, 0)
    assert (replays.get(game, 0, "json"), replays.get(game, 0, "txt")) == stored


def test_a_job_is_queued_in_one_round_trip_and_a_polled_replay_once(own_redis):
    from rq.job import Job
    from rq.serializers import JSONSerializer

    from service.app.jobs import BOT, REPLAY, Jobs
    from service.wiring import connect

    redis = connect(own_redis.url)
    jobs = Jobs(redis, clock=None)

    def calls(enqueue) -> dict:
        redis.config_resetstat()
        enqueue()
        return {k.removeprefix("cmdstat_"): v["calls"] for k, v in redis.info("commandstats").items()
                if "resetstat" not in k}

    sent = calls(lambda: jobs.bot_turn("g_1", 3))
    assert sent["exec"] == sent["multi"] == 1 and sent["rpush"] == 1  # one pipeline: one round trip
    ended = calls(lambda: jobs.replay("g_1", 0, unless_pending=False))  # as the follow-up of HandEnded
    assert ended["exec"] == 1 and "hgetall" not in ended
    polled = calls(lambda: jobs.replay("g_1", 0))  # a client polling the 202: it waits already
    assert "exec" not in polled and "rpush" not in polled
    assert jobs.queue.job_ids == ["bot-g_1-3", "replay-g_1-0"]
    queued = [Job.fetch(i, connection=redis, serializer=JSONSerializer) for i in jobs.queue.job_ids]
    assert [(j.func_name, j.args) for j in queued] == [(BOT, ["g_1", 3]), (REPLAY, ["g_1", 0])]


def test_no_replay_before_the_hand_ends(own_client):
    created, _ = worked_game(own_client)
    assert own_client.get(f"/games/{created['id']}/hands/0/replay").status_code == 404


# --- deadlines -------------------------------------------------------------------------------

T0 = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc)


def queued_notices(ctx, kind):
    from rq.job import Job
    from rq.serializers import JSONSerializer

    jobs = [Job.fetch(i, connection=ctx.jobs.notices.connection, serializer=JSONSerializer)
            for i in ctx.jobs.notices.job_ids]
    return [j for j in jobs if j.func_name == "workers.notices.send_notice" and j.args[2] == kind]


def test_a_late_turn_is_played_by_greedy_exactly_once_and_reminded_once(own_redis, own_app, own_client,
                                                                       monkeypatch):
    ctx = use_context(monkeypatch, own_redis.url)
    from tests.builders import stacked_deck
    from tests.worked_example import A, B
    from workers.deadlines import check_deadline, send_reminder

    deck = stacked_deck([A, B], ["3C", "6C", "AC", "QS"])  # a known deal: greedy will not go out
    with freeze_time(T0):
        created = own_client.create([{"name": "Ann"}, {"name": "Bo"}], rules={"turn_timeout_s": 3600}, deck=deck)
    game, tokens = created["id"], [s["token"] for s in created["seats"]]
    own_client.call("PUT", f"/games/{game}/seats/1/webhook", tokens[1], json={"url": "http://127.0.0.1:9/hook"})
    log = own_client.get(f"/games/{game}/events").get_json()["events"]
    deadline = next(e["data"] for e in log if e["type"] == "DeadlineSet")
    assert deadline == {"seat": 0, "deadline": "2026-11-22T13:00:00.000Z"}

    with freeze_time(T0 + timedelta(seconds=3599)):
        assert check_deadline(game, deadline["deadline"]) == "not due"
    with freeze_time(T0 + timedelta(seconds=3600)):
        assert check_deadline(game, deadline["deadline"]) == "timed out seat 0"
        assert check_deadline(game, deadline["deadline"]) == "not due"  # the turn is over: exactly once
    log = own_client.get(f"/games/{game}/events").get_json()["events"]
    assert [e["type"] for e in log].count("TurnTimedOut") == 1
    after = [e for e in log if e["version"] > next(e["version"] for e in log if e["type"] == "TurnTimedOut")]
    assert after[0]["type"] == "CardDrawn" and after[-2]["type"] == "CardDiscarded"
    assert after[-1]["type"] == "DeadlineSet" and after[-1]["data"] == {"seat": 1, "deadline": "2026-11-22T14:00:00.000Z"}
    check_log(store_of(own_app), game)

    second = after[-1]["data"]["deadline"]
    with freeze_time(T0 + timedelta(seconds=3600 + 2879)):  # 79.97% of the second turn
        assert send_reminder(game, second) == "not yet"
    with freeze_time(T0 + timedelta(seconds=3600 + 2880)):  # 80%
        assert send_reminder(game, second) == "sent"
        assert send_reminder(game, second) == "already sent"
    assert len(queued_notices(ctx, "reminder")) == 1


def test_deadlines_are_scheduled_and_enforced_by_a_real_worker(own_redis, own_app, own_client):
    store = store_of(own_app)
    worker = start_worker(own_redis.url)
    try:
        created = own_client.create([{"name": "Ann"}, {"name": "Bo"}], rules={"turn_timeout_s": 2})
        game = created["id"]
        wait_until(lambda: any(e.type == "TurnTimedOut" for e in store.read(game)), timeout=30)
        wait_until(lambda: sum(e.type == "TurnTimedOut" for e in store.read(game)) >= 2, timeout=30)
    finally:
        kill_group(worker)
    timed_out = [e for e in store.read(game) if e.type == "TurnTimedOut"]
    assert len({e.data["deadline"] for e in timed_out}) == len(timed_out)  # each deadline once
    check_log(store, game)


# --- webhooks --------------------------------------------------------------------------------

def test_webhooks_are_signed_and_a_failing_one_is_retried_then_given_up(own_redis, own_app, own_client):
    good, bad = Receiver(200).start(), Receiver(500).start()
    worker = start_worker(own_redis.url)
    try:
        # the worked example's deal: with a random one, all four aces are among the first 24
        # cards one time in 26, and the last ace ends the hand (and the game) under the test
        created = own_client.create([{"name": "Ann"}, {"name": "Bo"}, {"name": "Bot", "bot": "greedy"}],
                                    rules={"hands": 1}, deck=worked_example.deck())
        game, tokens = created["id"], [s["token"] for s in created["seats"][:2]]
        registered = own_client.call("PUT", f"/games/{game}/seats/0/webhook", tokens[0], json={"url": good.url})
        assert registered.status_code == 200
        secret = registered.get_json()["secret"]
        own_client.call("PUT", f"/games/{game}/seats/1/webhook", tokens[1], json={"url": bad.url})
        for seat in (0, 1):  # Ann and Bo each draw and discard; then the bot plays
            hand = own_client.get(f"/games/{game}/view", token=tokens[seat]).get_json()
            own_client.act(game, tokens[seat], {"type": "draw"})
            hand = own_client.get(f"/games/{game}/view", token=tokens[seat]).get_json()["hand"]
            own_client.act(game, tokens[seat], {"type": "discard", "card": hand[0]})
        wait_until(lambda: good.received, timeout=30)  # Ann's turn again, after the bot's
        wait_until(lambda: len(bad.received) >= 3, timeout=30)
        time.sleep(2.5)
    finally:
        kill_group(worker)
        good.close()
        bad.close()
    assert len(bad.received) == 3, "one try and two retries, then given up"
    headers, body = good.received[0]
    notice = json.loads(body)
    assert notice["kind"] == "your_turn" and notice["seat"] == 0 and notice["game"] == game
    expected = hmac.new(secret.encode(), headers["X-Iceberg-Timestamp"].encode() + b"." + body,
                        hashlib.sha256).hexdigest()
    assert headers["X-Iceberg-Signature"] == f"sha256={expected}"
    table = own_client.get(f"/games/{game}").get_json()
    assert table["turn"]["seat"] == 0 and table["version"] > created["version"] + 6  # play went on


@pytest.mark.parametrize("url", ["ftp://example.com/hook", "http://127.0.0.1/hook", "http://10.1.2.3/x",
                                 "http://169.254.169.254/latest", "http:///nohost", "javascript:alert(1)"])
def test_webhook_urls_that_are_refused(client, url):
    created = client.create([{"name": "Ann"}, {"name": "Bo"}])
    token = created["seats"][0]["token"]
    response = client.call("PUT", f"/games/{created['id']}/seats/0/webhook", token, json={"url": url})
    assert response.status_code == 422 and response.get_json()["code"] in ("webhook_url_refused", "invalid_request")


def test_a_seat_sets_only_its_own_webhook(client):
    created = client.create([{"name": "Ann"}, {"name": "Bo"}])
    token = created["seats"][0]["token"]
    response = client.call("PUT", f"/games/{created['id']}/seats/1/webhook", token, json={"url": "https://x.org/h"})
    assert response.status_code == 403
    assert client.call("DELETE", f"/games/{created['id']}/seats/0/webhook", token).status_code == 404


# --- long-poll -------------------------------------------------------------------------------

def test_a_waiting_request_returns_as_soon_as_the_next_event_is_appended(own_app, own_client):
    from tests.api_client import ApiClient

    created, tokens = worked_game(own_client)
    game, version = created["id"], created["version"]
    result = {}

    def wait():
        start = time.monotonic()
        response = ApiClient(own_app.test_client()).get(f"/games/{game}/events?after={version}&wait=10")
        result.update(elapsed=time.monotonic() - start, body=response.get_json())

    waiter = threading.Thread(target=wait)
    waiter.start()
    time.sleep(0.5)
    own_client.act(game, tokens[0], {"type": "draw"})
    waiter.join(timeout=15)
    assert 0.4 < result["elapsed"] < 2.5
    assert [e["type"] for e in result["body"]["events"]] == ["CardDrawn", "AceRevealed"]


def test_a_wait_with_nothing_new_returns_an_empty_list_after_the_time(own_client):
    created, _ = worked_game(own_client)
    start = time.monotonic()
    response = own_client.get(f"/games/{created['id']}/events?after={created['version']}&wait=2")
    elapsed = time.monotonic() - start
    assert response.status_code == 200 and response.get_json()["events"] == []
    assert 1.9 < elapsed < 4
    too_long = own_client.get(f"/games/{created['id']}/events?wait=31")
    assert too_long.status_code == 400
