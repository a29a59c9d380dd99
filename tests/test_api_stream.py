"""Waiting for events: the server-sent event stream and the long-poll, both
woken by the per-process append listener (service/app/waiting.py), which holds
one Redis connection however many clients wait."""

import json
import threading
import time

import pytest
from redis import client as redis_client

from service.app.waiting import CHANNEL
from service.wiring import connect
from tests.api_client import ADMIN, worked_game


def messages(response, count=None, until=None, timeout=10):
    """Parse SSE messages from a streaming test response: (comment lines, events)."""
    comments, events, buffer = [], [], ""
    deadline = time.monotonic() + timeout
    chunks = iter(response.response)
    while time.monotonic() < deadline:
        try:
            buffer += next(chunks).decode()
        except StopIteration:
            break
        while "\n\n" in buffer:
            block, buffer = buffer.split("\n\n", 1)
            fields = {}
            for line in block.split("\n"):
                if line.startswith(":"):
                    comments.append(line[1:].strip())
                elif line:
                    name, _, value = line.partition(": ")
                    fields[name] = value
            if "data" in fields:
                events.append({"id": int(fields["id"]), "event": fields["event"], "data": json.loads(fields["data"])})
        if (count is not None and len(events) >= count) or (until and until(comments, events)):
            break
    return comments, events


@pytest.fixture
def game(own_client):
    created, tokens = worked_game(own_client)
    return created["id"], tokens


def test_the_stream_gives_what_events_gives_to_the_same_reader(own_client, game):
    game_id, tokens = game
    for token, query in ((None, ""), (tokens[0], ""), (None, f"?access_token={tokens[1]}")):
        listed = own_client.get(f"/games/{game_id}/events", token=token or (tokens[1] if query else None))
        stream = own_client.http.get(f"/games/{game_id}/stream{query}", buffered=False,
                                     headers={"Authorization": f"Bearer {token}"} if token else {})
        assert stream.status_code == 200 and stream.mimetype == "text/event-stream"
        _, events = messages(stream, count=len(listed.get_json()["events"]))
        stream.close()
        assert [e["data"] for e in events] == listed.get_json()["events"]
        assert [(e["id"], e["event"]) for e in events] == [(e["version"], e["type"]) for e in listed.get_json()["events"]]


def test_the_stream_delivers_an_appended_event_at_once(own_client, game):
    game_id, tokens = game
    version = own_client.get(f"/games/{game_id}").get_json()["version"]
    stream = own_client.http.get(f"/games/{game_id}/stream?after={version}", buffered=False)
    assert messages(stream, until=lambda c, e: c)[1] == []  # the opening comment, no event yet
    sent = {}

    def act_soon():
        time.sleep(0.3)
        sent["at"] = time.monotonic()
        own_client.act(game_id, tokens[0], {"type": "draw"})

    threading.Thread(target=act_soon).start()
    _, events = messages(stream, count=2)
    arrived = time.monotonic()
    stream.close()
    assert [e["event"] for e in events] == ["CardDrawn", "AceRevealed"]
    assert events[0]["data"]["data"]["card"] is None  # an anonymous reader does not see the draw
    assert arrived - sent["at"] < 1.0


def test_a_reconnecting_stream_resumes_after_last_event_id(own_client, game):
    game_id, tokens = game
    own_client.act(game_id, tokens[0], {"type": "draw"})
    stream = own_client.http.get(f"/games/{game_id}/stream", buffered=False, headers={"Last-Event-ID": "3"})
    _, events = messages(stream, count=1)
    stream.close()
    assert events[0]["id"] == 4


def test_the_stream_ends_after_game_ended(own_client):
    created = own_client.create([{"name": "A"}, {"name": "B"}], rules={"hands": 1},
                                deck=None)
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    _play_to_the_end(own_client, game_id, tokens)
    stream = own_client.http.get(f"/games/{game_id}/stream", buffered=False)
    _, events = messages(stream)  # returns when the generator ends
    assert events[-1]["event"] == "GameEnded"
    late = own_client.http.get(f"/games/{game_id}/stream?after={events[-1]['id']}", buffered=False)
    assert messages(late)[1] == []  # joined after the end: it closes at once


def test_every_message_of_a_whole_game_s_stream_is_a_stream_message_of_the_spec(own_client):
    """openapi.yaml's StreamMessage: the fields of each message, `event` naming
    the schema of `data` (its contentSchema, the Event union, checked too)."""
    from tests.spec import spec, validator_at

    created = own_client.create([{"name": "A"}, {"name": "B"}], rules={"hands": 1})
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    _play_to_the_end(own_client, game_id, tokens)
    stream = own_client.http.get(f"/games/{game_id}/stream", buffered=False)
    text = b"".join(stream.response).decode()  # a finished game's stream ends by itself
    message, event = validator_at("/components/schemas/StreamMessage"), validator_at("/components/schemas/Event")
    assert spec()["components"]["schemas"]["StreamMessage"]["properties"]["data"]["contentSchema"] == {
        "$ref": "#/components/schemas/Event"}
    blocks = [block for block in text.split("\n\n") if block and not block.startswith(("retry:", ":"))]
    for block in blocks:
        fields = dict(line.split(": ", 1) for line in block.split("\n"))
        assert not list(message.iter_errors(fields)), block
        data = json.loads(fields["data"])
        assert not list(event.iter_errors(data)), block
        assert data["type"] == fields["event"] and str(data["version"]) == fields["id"]
    assert len(blocks) == own_client.get(f"/games/{game_id}/events").get_json()["version"]
    assert json.loads(blocks[-1].split("data: ", 1)[1])["type"] == "GameEnded"


def _play_to_the_end(client, game_id, tokens):
    import random

    rng = random.Random(4)
    for _ in range(3000):
        table = client.get(f"/games/{game_id}").get_json()
        if table["status"] == "finished":
            return
        seat = table["turn"]["seat"]
        view = client.get(f"/games/{game_id}/view", token=tokens[seat]).get_json()
        assert client.act(game_id, tokens[seat], rng.choice(view["actions"])).status_code == 201
    raise AssertionError("the game did not end")


def test_a_quiet_stream_sends_keepalive_comments_without_reading_the_game_again(own_client, game, monkeypatch):
    from service.http import events

    monkeypatch.setattr(events, "KEEPALIVE_S", 0.2)
    reads = []
    chunk = events._sse_chunk
    monkeypatch.setattr(events, "_sse_chunk", lambda *a: reads.append(a) or chunk(*a))
    game_id, _ = game
    version = own_client.get(f"/games/{game_id}").get_json()["version"]
    stream = own_client.http.get(f"/games/{game_id}/stream?after={version}", buffered=False)
    comments, events = messages(stream, until=lambda c, e: c.count("keep-alive") >= 3, timeout=5)
    stream.close()
    assert comments.count("keep-alive") >= 3 and events == []
    assert len(reads) == 1  # read when it opened; a keep-alive means nothing new was announced


def test_streams_keep_alive_each_at_its_own_pace_within_the_promised_interval():
    from service.http.events import KEEPALIVE_S, keepalive_s

    paces = [keepalive_s() for _ in range(50)]
    assert all(0.75 * KEEPALIVE_S <= pace <= KEEPALIVE_S for pace in paces)  # at least every 15 s, as docs/api.md says
    assert len(set(paces)) > 40 and max(paces) - min(paces) > 0.1 * KEEPALIVE_S  # not all due at once


def test_a_stream_refuses_what_events_refuses(own_client, game):
    game_id, _ = game
    assert own_client.http.get("/games/g_0123456789abcdef/stream").status_code == 404
    refused = own_client.http.get(f"/games/{game_id}/stream?access_token=st_nonsense")
    assert refused.status_code == 401 and refused.get_json()["code"] == "unauthorized"


def test_fifty_waiters_on_a_pool_of_four_connections_all_wait_and_all_wake(own_redis):
    """A waiter holds no connection: fifty of them wait on a process whose pool
    has four (the fifth would block if they held one), and Redis sees the four
    and the one listener at most."""
    from service.config import Config
    from service.http.app import create_app
    from tests.api_client import ApiClient

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN, redis_pool=4))
    client = ApiClient(app.test_client())
    created, tokens = worked_game(client)
    game_id, version = created["id"], created["version"]
    hub = app.extensions["iceberg"].hub
    redis = connect(own_redis.url)
    before = len(redis.client_list())
    woke = []
    threads = [threading.Thread(target=lambda: woke.append(hub.wait_for(game_id, version, 10))) for _ in range(50)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 5
    while hub.waiting() < 50 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert hub.waiting() == 50
    assert len(redis.client_list()) <= before + 4 + 1
    client.act(game_id, tokens[0], {"type": "draw"})
    for t in threads:
        t.join(timeout=5)
    assert woke == [True] * 50
    hub.close()


def test_a_long_poll_wakes_through_the_listener(own_client, game):
    game_id, tokens = game
    version = own_client.get(f"/games/{game_id}").get_json()["version"]
    threading.Timer(0.3, lambda: own_client.act(game_id, tokens[0], {"type": "draw"})).start()
    started = time.monotonic()
    page = own_client.get(f"/games/{game_id}/events?after={version}&wait=10", token=ADMIN).get_json()
    assert time.monotonic() - started < 2 and page["events"][0]["type"] == "CardDrawn"


def test_waiters_woken_by_one_append_share_one_rendering(own_redis):
    """Twenty long-polls of one game, woken by one append, get the same page, and
    the game's events are read from Redis once for all of them (service/app/pages.py)."""
    from service.config import Config
    from service.http.app import create_app
    from tests.api_client import ApiClient

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN))
    client = ApiClient(app.test_client(), validate=False)
    created, tokens = worked_game(client)
    game_id, version = created["id"], created["version"]
    hub = app.extensions["iceberg"].hub
    redis = connect(own_redis.url)
    pages = []

    def wait():
        waiter = ApiClient(app.test_client(), validate=False)
        pages.append(waiter.get(f"/games/{game_id}/events?after={version}&wait=10").get_data())

    threads = [threading.Thread(target=wait) for _ in range(20)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 5
    while hub.waiting() < 20 and time.monotonic() < deadline:
        time.sleep(0.02)
    reads = redis.info("commandstats").get("cmdstat_xrange", {}).get("calls", 0)
    client.act(game_id, tokens[0], {"type": "draw"})
    for t in threads:
        t.join(timeout=5)
    assert len(pages) == 20 and len(set(pages)) == 1
    assert json.loads(pages[0])["events"][0]["type"] == "CardDrawn"
    after = redis.info("commandstats").get("cmdstat_xrange", {}).get("calls", 0)
    assert after - reads <= 2  # the first woken renders (a concurrent second may too), the rest reuse it
    hub.close()


def _hub_app(own_redis):
    from service.config import Config
    from service.http.app import create_app
    from tests.api_client import ApiClient

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN))
    return app, ApiClient(app.test_client(), validate=False), app.extensions["iceberg"].hub


def _park(hub, redis, game_id, after, count, woke):
    threads = [threading.Thread(target=lambda: woke.append(hub.wait_for(game_id, after, 10))) for _ in range(count)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 5
    while hub.waiting() < count and time.monotonic() < deadline:
        time.sleep(0.02)
    assert hub.waiting() == count
    while not redis.pubsub_numsub(CHANNEL)[0][1] and time.monotonic() < deadline:
        time.sleep(0.01)  # the listener subscribes on the first wait: an append before that goes unheard
    assert redis.pubsub_numsub(CHANNEL)[0][1] >= 1
    return threads


def test_new_waiters_of_an_announced_game_ask_redis_nothing(own_redis):
    """Given the listener has heard of a game's last append, when twenty new
    long-polls wait on it, then none reads the version from Redis (the listener
    knows it), and the next append wakes them all."""
    app, client, hub = _hub_app(own_redis)
    created, tokens = worked_game(client)
    game_id = created["id"]
    redis = connect(own_redis.url)
    first = _park(hub, redis, game_id, created["version"], 1, [])  # the listener runs from the first wait
    version = client.act(game_id, tokens[0], {"type": "draw"}).get_json()["version"]
    first[0].join(timeout=5)
    deadline = time.monotonic() + 5
    while hub.announced(game_id) != version and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hub.announced(game_id) == version and hub.version(game_id) == version
    stats = redis.info("commandstats")
    asked = stats.get("cmdstat_hget", {}).get("calls", 0) + stats.get("cmdstat_exists", {}).get("calls", 0)
    woke = []
    threads = _park(hub, redis, game_id, version, 20, woke)
    stats = redis.info("commandstats")
    assert stats.get("cmdstat_hget", {}).get("calls", 0) + stats.get("cmdstat_exists", {}).get("calls", 0) == asked
    hand = client.get(f"/games/{game_id}/view", token=tokens[0]).get_json()["hand"]
    client.act(game_id, tokens[0], {"type": "discard", "card": hand[0]})
    for t in threads:
        t.join(timeout=5)
    assert woke == [True] * 20
    hub.close()


def test_the_listener_forgets_what_it_heard_when_it_loses_redis(own_redis):
    """Given the listener knows a game's version, when its connection is cut,
    then it forgets it (appends may go unheard until it is back): a waiter
    behind the game's real version returns at once, as Redis says."""
    app, client, hub = _hub_app(own_redis)
    created, tokens = worked_game(client)
    game_id = created["id"]
    redis = connect(own_redis.url)
    first = _park(hub, redis, game_id, created["version"], 1, [])
    version = client.act(game_id, tokens[0], {"type": "draw"}).get_json()["version"]
    first[0].join(timeout=5)
    deadline = time.monotonic() + 5
    while hub.announced(game_id) != version and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hub.announced(game_id) == version
    assert redis.client_kill_filter(_type="pubsub") >= 1
    deadline = time.monotonic() + 5
    while hub.announced(game_id) is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert hub.announced(game_id) is None, "forgotten on reconnecting"
    assert hub.wait_for(game_id, version - 1, 5) is True  # from Redis, at once
    assert hub.version(game_id) == version
    hub.close()


class _CutPubSub(redis_client.PubSub):
    """redis-py's PubSub, its connection taken away once between two reads,
    as a `close()` from another thread does: its next read raises
    RuntimeError ("pubsub connection not set"), not a connection error."""

    cut = None  # what takes the connection away: the test sets it

    def parse_response(self, block=True, timeout=0):
        cut, _CutPubSub.cut = _CutPubSub.cut, None
        if cut is not None:
            cut(self)
        return super().parse_response(block=block, timeout=timeout)


class _CutRedis(redis_client.Redis):
    def pubsub(self, **kwargs):
        return _CutPubSub(self.connection_pool, **kwargs)


@pytest.mark.parametrize("closing", [False, True])
def test_the_listener_survives_its_connection_taken_between_two_reads(own_redis, monkeypatch, closing):
    """Given a listening hub, when its subscription's connection goes away
    between two reads (the hub closing, or a reset), then its listener neither
    dies with a traceback nor stops hearing: closing, it ends quietly; else it
    subscribes again and hears the next append."""
    from service.app.waiting import Hub
    from service.store.recorder import Recorder

    died = []
    monkeypatch.setattr(threading, "excepthook", lambda args: died.append(args.exc_value))
    hub = Hub(Recorder(connect(own_redis.url)), _CutRedis.from_url(own_redis.url))
    redis = connect(own_redis.url)
    _CutPubSub.cut = (lambda pubsub: hub.close()) if closing else (lambda pubsub: pubsub.reset())
    hub._start()
    hub._listener.join(timeout=1 if closing else 0.5)
    assert died == []
    if closing:
        assert not hub._listener.is_alive()
        return
    assert hub._listener.is_alive() and _CutPubSub.cut is None  # cut, and still listening
    deadline = time.monotonic() + 5
    while hub.announced("g_heard") is None and time.monotonic() < deadline:
        redis.publish(CHANNEL, "g_heard 7")
        time.sleep(0.05)
    assert hub.announced("g_heard") == 7
    hub.close()
    hub._listener.join(timeout=5)
    assert died == [] and not hub._listener.is_alive()
