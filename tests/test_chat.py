"""A game's chat (docs/api.md, "Chat"): what may be said and by whom, kept
beside the game and never in its log, on the event stream and in the next
notice (webhook and e-mail), hidden by the admin, rate-limited."""

import json
import threading
from datetime import datetime, timedelta, timezone

import pytest
from freezegun import freeze_time

from service.config import Config
from tests.api_client import ADMIN, ApiClient, worked_game
from tests.test_api_contract import problem
from tests.test_api_players import register


def say(client, game, token, text, **kw):
    return client.post(f"/games/{game}/messages", token=token, json={"text": text}, **kw)


def hide(client, path, token=None):
    return client.call("DELETE", path, token)


def said(client, game, token=None, after=0):
    body = client.get(f"/games/{game}/messages?after={after}", token=token).get_json()
    return body["messages"]


# --- what may be said --------------------------------------------------------------------------

@pytest.mark.parametrize("text, kept", [
    ("gg", "gg"),
    ("  well played  ", "well played"),
    ("two\nlines\r\nand\ta tab", "two lines  and a tab"),
    ("left\u202eright\u2066x\u2069 \u200bzero\u200dwidth", "leftrightx zerowidth"),  # bidi and zero-width marks
    ("bell\x07 nul\x00 del\x7f", "bell nul del"),
    ("e\u0301", "\u00e9"),  # NFC
    ("\u2028line\u2029para", "line para"),
    ("x" * 500, "x" * 500),
    ("\n" + "y" * 500 + "\u200b\u200b\t", "y" * 500),  # 500 once cleaned
])
def test_a_message_is_kept_clean(client, text, kept):
    created, tokens = worked_game(client)
    response = say(client, created["id"], tokens[0], text)
    assert response.status_code == 201, response.get_json()
    message = response.get_json()
    assert message["text"] == kept and message["seat"] == 0 and message["name"] == "A"
    assert said(client, created["id"])[-1] == message


@pytest.mark.parametrize("text", ["", "   ", "\n\t\u200b\u202e", "x" * 501, "é" * 501])
def test_nothing_visible_or_more_than_500_characters_is_422(client, text):
    created, tokens = worked_game(client)
    body = problem(say(client, created["id"], tokens[0], text), 422, "invalid_request")
    assert "text" in body["errors"]
    assert said(client, created["id"]) == []


def test_who_may_say_something(client):
    created, tokens = worked_game(client)
    game = created["id"]
    other, _ = worked_game(client)
    problem(say(client, game, None, "hi"), 401, "unauthorized")  # a spectator
    problem(say(client, game, "st_nonsense", "hi"), 401, "unauthorized")
    problem(say(client, game, other["seats"][0]["token"], "hi"), 401, "unauthorized")  # another game's seat
    problem(say(client, game, ADMIN, "hi"), 403, "forbidden")  # the admin does not sit at the table
    problem(client.post(f"/games/{game}/messages", token=tokens[0], data="{", headers={
        "Content-Type": "application/json"}), 400, "invalid_request")
    problem(client.post(f"/games/{game}/messages", token=tokens[0], json={"text": "hi", "to": 1}), 422)
    problem(client.post(f"/games/{game}/messages", token=tokens[0], json={"text": 5}), 422)
    problem(client.post(f"/games/{game}/messages", token=tokens[0], json={}), 422)
    problem(client.get("/games/g_0000000000000000/messages"), 404, "not_found")
    assert said(client, game) == []
    ann = register(client, "Ann")
    mine = client.post("/games", token=ann["token"], json={
        "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}).get_json()
    message = say(client, mine["id"], ann["token"], "hello").get_json()  # a player token acts for its seat
    assert (message["seat"], message["name"], message["player"]) == (0, "Ann", ann["id"])


def test_the_chat_is_never_in_the_log_nor_its_chain(client, app):
    created, tokens = worked_game(client)
    game = created["id"]
    before = client.get(f"/games/{game}/events", token=ADMIN).get_json()
    for i, token in enumerate(tokens * 2):
        assert say(client, game, token, f"message {i}").status_code == 201
    after = client.get(f"/games/{game}/events", token=ADMIN).get_json()
    assert after == before  # no event, no version
    assert client.get(f"/games/{game}").get_json()["version"] == before["version"]
    assert app.extensions["iceberg"].recorder.verify(game) == []
    assert [m["id"] for m in said(client, game)] == [1, 2, 3, 4, 5, 6]
    assert [m["text"] for m in said(client, game, after=4)] == ["message 4", "message 5"]
    page = client.get(f"/games/{game}/messages?after=1&limit=2").get_json()
    assert [m["id"] for m in page["messages"]] == [2, 3] and page["last"] == 3
    problem(client.get(f"/games/{game}/messages?after=-1"), 400, "invalid_request")
    problem(client.get(f"/games/{game}/messages?limit=0"), 400, "invalid_request")


def test_the_admin_hides_a_message_from_every_reader_but_the_admin(client):
    created, tokens = worked_game(client)
    game = created["id"]
    for text in ("fine", "rude", "fine again"):
        say(client, game, tokens[1], text)
    problem(hide(client, f"/games/{game}/messages/2"), 401, "unauthorized")
    problem(hide(client, f"/games/{game}/messages/2", token=tokens[0]), 403, "forbidden")
    problem(hide(client, f"/games/{game}/messages/4", token=ADMIN), 404, "not_found")
    problem(hide(client, f"/games/{game}/messages/0", token=ADMIN), 404, "not_found")
    assert hide(client, f"/games/{game}/messages/2", token=ADMIN).status_code == 204
    assert hide(client, f"/games/{game}/messages/2", token=ADMIN).status_code == 204  # hidden already
    for token in (None, tokens[0], tokens[1]):
        assert [m["text"] for m in said(client, game, token)] == ["fine", "fine again"]
    shown = said(client, game, ADMIN)
    assert [(m["text"], m["hidden"]) for m in shown] == [("fine", False), ("rude", True), ("fine again", False)]
    assert client.get(f"/games/{game}/messages?after=1&limit=1").get_json() == {"messages": [], "last": 2}


def test_the_chat_is_rate_limited(redis_server, tmp_path):
    from service.http.app import create_app

    limits = {"create": "100/minute", "actions": "100/minute", "waits": "100/minute", "chat": "3/minute"}
    app = create_app(Config(redis_url=redis_server.url, admin_token=ADMIN, rate_limits=limits,
                            data_dir=str(tmp_path / "data")))
    try:
        client = ApiClient(app.test_client())
        created, tokens = worked_game(client)
        for i in range(3):
            assert say(client, created["id"], tokens[0], f"spam {i}").status_code == 201
        response = say(client, created["id"], tokens[0], "spam 3")
        problem(response, 429, "rate_limited")
        assert int(response.headers["Retry-After"]) >= 1
        assert len(said(client, created["id"])) == 3
    finally:
        app.extensions["iceberg"].hub.close()


# --- where it is read ----------------------------------------------------------------------------

def test_a_message_comes_on_the_stream_without_an_event_id_and_a_hidden_one_never(own_client):
    created, tokens = worked_game(own_client)
    game = created["id"]
    say(own_client, game, tokens[0], "said before the stream")
    say(own_client, game, tokens[2], "rude")
    hide(own_client, f"/games/{game}/messages/2", token=ADMIN)
    # from message 1 on: the hidden one is after it, so only its being hidden keeps it off the stream (hidden
    # before the stream reads it: one said and hidden while a stream waits may be read in between, and sent)
    stream = own_client.http.get(f"/games/{game}/stream?after=3&messages_after=1", buffered=False)
    try:
        said_at = threading.Timer(0.3, lambda: say(own_client, game, tokens[1], "hello table"))
        said_at.start()
        raw = []
        for chunk in stream.response:  # until the message said last has come
            raw.append(chunk.decode())
            if "hello table" in "".join(raw):
                break
        said_at.join()
    finally:
        stream.close()
    text = "".join(raw)
    entries = [block for block in text.split("\n\n") if "event: message" in block]
    assert len(entries) == 1, text  # the message before `messages_after`, and the hidden one, not sent
    lines = entries[0].split("\n")
    assert not any(line.startswith("id:") for line in lines)  # Last-Event-ID stays the last event's version
    message = json.loads(lines[-1].removeprefix("data: "))
    assert message["text"] == "hello table" and message["seat"] == 1 and message["id"] == 3


def test_a_stream_asked_for_the_messages_after_one_sends_those_first(own_client):
    created, tokens = worked_game(own_client)
    game = created["id"]
    for text in ("one", "two", "three"):
        say(own_client, game, tokens[0], text)
    stream = own_client.http.get(f"/games/{game}/stream?messages_after=1", buffered=False)
    try:
        text, chunks = "", iter(stream.response)
        while text.count("event: message") < 2:
            text += next(chunks).decode()
    finally:
        stream.close()
    _, events = stream_entries_of(text)
    assert [json.loads(e)["text"] for e in events] == ["two", "three"]


def test_a_stream_sends_the_chat_from_when_it_opens_by_default(own_client):
    created, tokens = worked_game(own_client)
    game = created["id"]
    say(own_client, game, tokens[0], "said before the stream")
    stream = own_client.http.get(f"/games/{game}/stream?after=3", buffered=False)
    try:
        said_at = threading.Timer(0.3, lambda: say(own_client, game, tokens[1], "said while it waits"))
        said_at.start()
        text, chunks = "", iter(stream.response)
        while "said while it waits" not in text:
            text += next(chunks).decode()
        said_at.join()
    finally:
        stream.close()
    _, events = stream_entries_of(text)
    assert [json.loads(e)["text"] for e in events] == ["said while it waits"]


def stream_entries_of(text):
    blocks = [b for b in text.split("\n\n") if "event: message" in b]
    return blocks, [b.split("data: ", 1)[1] for b in blocks]


T0 = datetime(2026, 11, 22, 12, 0, 0, 250_000, tzinfo=timezone.utc)


def test_what_was_said_comes_in_the_next_turn_notice_by_webhook_and_e_mail(own_redis, own_client, monkeypatch,
                                                                           servers):
    from tests.notices_helpers import run_notices
    from tests.receivers import Receiver
    from tests.smtp_sink import SmtpSink
    from tests.test_mail import gin_game, play_a_turn
    from tests.workers_helpers import use_context

    sink = SmtpSink()
    hook = servers(Receiver())
    try:
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url)
        moment = T0
        with freeze_time(moment):
            ann, bo = register(own_client, "Ann", "ann@example.org"), register(own_client, "Bo")
            assert own_client.call("PUT", "/me/webhook", ann["token"], json={"url": hook.url}).status_code == 200
            game = gin_game(own_client, ann, bo)
            run_notices(ctx)
        tokens = {0: ann["token"], 1: bo["token"]}
        for _ in range(8):  # until Bo has played a turn after saying something, and it is Ann's
            moment += timedelta(hours=1)
            with freeze_time(moment):
                seat = own_client.get(f"/games/{game}").get_json()["turn"]["seat"]
                if seat == 1:
                    say(own_client, game, tokens[0], "my own words")  # Ann's: not told back to her
                    assert say(own_client, game, tokens[1], "nice upcard\nANN").status_code == 201
                    say(own_client, game, tokens[1], "hidden words")
                    hide(own_client, f"/games/{game}/messages/{len(said(own_client, game))}", token=ADMIN)
                play_a_turn(own_client, game, tokens[seat])
                run_notices(ctx)
            if seat == 1:
                break
        notices = [json.loads(body) for _, body in hook.received]
        turn = [n for n in notices if n["kind"] == "your_turn"][-1]  # the turn Bo's move began
        assert [(m["name"], m["text"]) for m in turn["data"]["messages"]] == [("Bo", "nice upcard ANN")]
        mail = sink.messages()[-1].get_content().replace("\r\n", "\n")
        assert "Said at the table:\n  Bo: nice upcard ANN\n" in mail
        assert "my own words" not in mail and "hidden words" not in mail
    finally:
        sink.close()


def test_a_game_s_streams_ask_redis_for_its_chat_once(own_redis):
    """Once the listener's subscriptions are confirmed, the number of a game's last
    message is read from Redis once per process, then kept current by the messages
    announced: a thousand streams woken by an event do not each ask Redis."""
    import time

    from service.http.app import create_app
    from service.wiring import connect

    app = create_app(Config(redis_url=own_redis.url, admin_token=ADMIN))
    hub, client, redis = app.extensions["iceberg"].hub, ApiClient(app.test_client()), connect(own_redis.url)
    try:
        created, tokens = worked_game(client)
        game = created["id"]
        say(client, game, tokens[0], "before")
        hub.wait_for(game, 10**6, 0.01)  # the listener starts with the first wait
        deadline = time.monotonic() + 5
        while hub._confirmed_subscription() is None and time.monotonic() < deadline:
            time.sleep(0.01)

        def reads():
            return redis.info("commandstats").get("cmdstat_llen", {}).get("calls", 0)
        before = reads()
        assert [hub.said(game) for _ in range(50)] == [1] * 50
        assert reads() - before == 1
        say(client, game, tokens[1], "after")  # its script counts the list once (LLEN)
        said = reads()
        while hub.said(game) != 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert hub.said(game) == 2 and reads() == said  # announced, not read
    finally:
        hub.close()
