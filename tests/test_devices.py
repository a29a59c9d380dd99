"""A player's account on every device: a one-time code by e-mail (a real SMTP
server on loopback, the notices worker's own job), confirmed for a new token
that acts; an unknown address is answered the same and sent nothing; five
wrong codes kill the code; the player lists, makes and revokes tokens."""

import re
import time
from datetime import datetime, timedelta, timezone

import redis
from freezegun import freeze_time

from tests.notices_helpers import run_notices
from tests.smtp_sink import SmtpSink
from tests.test_api_players import register
from tests.workers_helpers import use_context

T0 = datetime(2026, 11, 26, 9, 0, tzinfo=timezone.utc)
MAIL = {"ICEBERG_MAIL_FROM": "Iceberg <iceberg@mail.test>", "ICEBERG_PUBLIC_URL": "https://iceberg.test"}


def mailed_code(sink, address) -> str:
    message = [m for rcpt, m in sink.received if [r.lower() for r in rcpt] == [address.lower()]][-1]
    return re.search(r"Your sign-in code is (\d{8})", message.get_content()).group(1)


def client_with_mail(own_app, sink):
    """The app with e-mail and a queue: the sign-in code goes through the notices worker."""
    from dataclasses import replace

    from tests.api_client import ApiClient

    services = own_app.extensions["iceberg"]
    services.config = replace(services.config, smtp_url=sink.url)
    return ApiClient(own_app.test_client())


def test_a_code_by_mail_signs_a_new_device_in_and_its_token_acts(own_redis, own_app, monkeypatch):
    sink = SmtpSink()
    try:
        client = client_with_mail(own_app, sink)
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        with freeze_time(T0):
            ann = register(client, "Ann", "Ann@Example.org")
        with freeze_time(T0 + timedelta(minutes=1)):
            assert client.post("/players/sign-in", json={"email": "ann@example.ORG"}).status_code == 202
            run_notices(ctx)
            code = mailed_code(sink, "Ann@Example.org")
            stored = redis.Redis.from_url(own_redis.url)
            assert all(code not in str(stored.hgetall(k)) for k in stored.keys("iceberg:sign-in:*"))  # hashed
            signed = client.post("/players/sign-in/confirm", json={"email": "ann@example.org", "code": code})
        assert signed.status_code == 201
        body = signed.get_json()
        assert body["player"] == ann["id"] and body["token"].startswith("pt_") and body["token"] != ann["token"]
        me = client.get("/me", token=body["token"]).get_json()
        assert me["id"] == ann["id"]
        game = client.post("/games", token=body["token"], json={
            "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}).get_json()
        view = client.get(f"/games/{game['id']}/view", token=ann["token"]).get_json()  # one player, two devices
        assert view["seat"] == 0
        again = client.post("/players/sign-in/confirm", json={"email": "ann@example.org", "code": code})
        assert again.status_code == 401  # a code works once
        listed = client.get("/me/tokens", token=body["token"]).get_json()["tokens"]
        assert [t["label"] for t in listed] == ["first", "signed in by e-mail"]
        assert body["token_id"] == listed[1]["id"] and listed[1]["last_used"] is not None
        assert body["token"] not in str(listed) and "hash" not in listed[0]
    finally:
        sink.close()


def test_an_unknown_address_is_answered_the_same_and_sent_nothing(own_redis, own_app, monkeypatch):
    sink = SmtpSink()
    try:
        client = client_with_mail(own_app, sink)
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        register(client, "Ann", "ann@example.org")
        unknown = client.post("/players/sign-in", json={"email": "nobody@example.org"})
        known = client.post("/players/sign-in", json={"email": "ann@example.org"})
        assert (unknown.status_code, unknown.get_data()) == (known.status_code, known.get_data())
        assert unknown.status_code == 202
        run_notices(ctx)
        assert [rcpt for rcpt, _ in sink.received] == [["ann@example.org"]]
        refused = client.post("/players/sign-in/confirm", json={"email": "nobody@example.org", "code": "12345678"})
        assert refused.status_code == 401
    finally:
        sink.close()


def test_five_wrong_codes_kill_the_code_and_it_dies_after_15_minutes(own_redis, own_app, monkeypatch):
    sink = SmtpSink()
    try:
        client = client_with_mail(own_app, sink)
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        register(client, "Ann", "ann@example.org")
        client.post("/players/sign-in", json={"email": "ann@example.org"})
        run_notices(ctx)
        code = mailed_code(sink, "ann@example.org")
        wrong = f"{(int(code) + 1) % 10 ** 8:08d}"
        for _ in range(5):
            answer = client.post("/players/sign-in/confirm", json={"email": "ann@example.org", "code": wrong})
            assert answer.status_code == 401 and answer.get_json()["code"] == "unauthorized"
        dead = client.post("/players/sign-in/confirm", json={"email": "ann@example.org", "code": code})
        assert dead.status_code == 401  # the right code, too late
        with freeze_time(datetime.now(timezone.utc) + timedelta(minutes=2)):
            client.post("/players/sign-in", json={"email": "ann@example.org"})
            run_notices(ctx)
        code = mailed_code(sink, "ann@example.org")
        stored = redis.Redis.from_url(own_redis.url)
        stored.expire(next(iter(stored.keys("iceberg:sign-in:*"))), 1)  # as if 15 minutes had gone
        time.sleep(1.2)
        expired = client.post("/players/sign-in/confirm", json={"email": "ann@example.org", "code": code})
        assert expired.status_code == 401
        assert client.post("/players/sign-in/confirm", json={"email": "ann@example.org", "code": "7"}
                           ).status_code == 422
    finally:
        sink.close()


def test_a_token_label_is_cleaned_and_one_that_would_look_blank_is_none(own_client):
    """What schemathesis found: a label of one C1 control (U+0087) is schema-valid
    (at most 80 characters) and was refused as a name would be."""
    ann = register(own_client, "Ann")
    for sent, kept in [("\u0087", ""), ("  ", ""), ("phone\u200b ", "phone"), ("x" * 80, "x" * 80)]:
        made = own_client.post("/me/tokens", token=ann["token"], json={"label": sent})
        assert made.status_code == 201, (sent, made.get_json())
        assert made.get_json()["label"] == kept
    too_long = own_client.post("/me/tokens", token=ann["token"], json={"label": "x" * 81})
    assert too_long.status_code == 422 and too_long.get_json()["code"] == "invalid_request"
    labels = [t["label"] for t in own_client.get("/me/tokens", token=ann["token"]).get_json()["tokens"]]
    assert labels == ["first", "", "", "phone", "x" * 80]


def test_a_player_lists_makes_and_revokes_tokens(own_client):
    ann = register(own_client, "Ann")
    made = own_client.post("/me/tokens", token=ann["token"], json={"label": "phone"})
    assert made.status_code == 201
    phone = made.get_json()
    assert own_client.get("/me", token=phone["token"]).status_code == 200
    ids = [t["id"] for t in own_client.get("/me/tokens", token=ann["token"]).get_json()["tokens"]]
    assert len(ids) == 2 and phone["id"] in ids
    assert own_client.call("DELETE", f"/me/tokens/{phone['id']}", token=ann["token"]).status_code == 204
    refused = own_client.get("/me", token=phone["token"])
    assert refused.status_code == 401 and "Bearer" in refused.headers["WWW-Authenticate"]
    assert own_client.call("DELETE", f"/me/tokens/{phone['id']}", token=ann["token"]).status_code == 404
    first = [t["id"] for t in own_client.get("/me/tokens", token=ann["token"]).get_json()["tokens"]]
    assert first == [i for i in ids if i != phone["id"]]
    other = register(own_client, "Bo")
    assert own_client.call("DELETE", f"/me/tokens/{first[0]}", token=other["token"]).status_code == 404
    assert own_client.call("DELETE", f"/me/tokens/{first[0]}", token=ann["token"]).status_code == 204
    assert own_client.get("/me", token=ann["token"]).status_code == 401  # her last token: she signs in again


def test_tokens_made_in_one_millisecond_are_listed_oldest_first(own_client):
    """The listing's order is the order of making, not the tokens' random ids, even
    when the clock does not move between them (README command 2's run met two)."""
    with freeze_time("2026-11-27T12:00:00Z"):
        ann = register(own_client, "Ann")
        for label in ("one", "two", "three", "four", "five"):
            made = own_client.post("/me/tokens", token=ann["token"], json={"label": label})
            assert made.status_code == 201, made.get_json()
        listed = own_client.get("/me/tokens", token=ann["token"]).get_json()["tokens"]
    assert len({t["created"] for t in listed}) == 1, "all made in one millisecond"
    assert [t["label"] for t in listed] == ["first", "one", "two", "three", "four", "five"]
