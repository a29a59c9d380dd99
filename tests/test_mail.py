"""E-mail notices against a real SMTP server (aiosmtpd) on loopback, sent by
the notices worker's own code: a turn's e-mail tells what the opponent did
and the deadline, its one-click unsubscribe link works, nothing goes to a
player without an address, and a refused delivery is retried like a webhook's."""

from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

from freezegun import freeze_time

from tests.notices_helpers import run_notices
from tests.smtp_sink import SmtpSink
from tests.test_api_players import join, register
from tests.workers_helpers import use_context

T0 = datetime(2026, 11, 22, 12, 0, 0, 250_000, tzinfo=timezone.utc)
MAIL = {"ICEBERG_MAIL_FROM": "Iceberg <iceberg@mail.test>", "ICEBERG_PUBLIC_URL": "https://iceberg.test"}


def gin_game(client, ann, bo):
    """Ann (with her address) and Bo (without one) at Gin by mail: Ann leaves a
    seat open, Bo takes it with the invite, and the game is dealt."""
    created = client.post("/games", token=ann["token"], json={
        "variant": "gin", "name": "Friday gin", "players": [{"player": "me"}, {"open": True}],
        "rules": {"turn_timeout_s": 86400}}).get_json()
    assert join(client, created["id"], bo["token"], invite=created["invite"]).status_code == 201
    return created["id"]


def play_a_turn(client, game, token) -> str | None:
    """The seat of `token` passes the upcard, or draws from the stock and
    discards (never knocks: the hand goes on); the card discarded, if any."""
    actions = client.get(f"/games/{game}/view", token=token).get_json()["actions"]
    if {"type": "pass"} in actions:
        assert client.act(game, token, {"type": "pass"}).status_code == 201
        return None
    assert client.act(game, token, {"type": "draw", "from": "stock"}).status_code == 201
    actions = client.get(f"/games/{game}/view", token=token).get_json()["actions"]
    discard = next(a for a in actions if a["type"] == "discard")
    assert client.act(game, token, discard).status_code == 201
    return discard["card"]


def test_a_turn_e_mail_tells_what_the_opponent_did_and_the_deadline_and_unsubscribes(
        own_redis, own_client, monkeypatch):
    sink = SmtpSink()
    try:
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        moment = T0
        with freeze_time(moment):
            ann, bo = register(own_client, "Ann", "ann@example.org"), register(own_client, "Bo")
            game = gin_game(own_client, ann, bo)
            run_notices(ctx)
        tokens = {0: ann["token"], 1: bo["token"]}
        discarded = None
        for _ in range(8):  # until Bo has discarded and it is Ann's turn again
            moment += timedelta(hours=1)
            with freeze_time(moment):
                seat = own_client.get(f"/games/{game}").get_json()["turn"]["seat"]
                card = play_a_turn(own_client, game, tokens[seat])
                run_notices(ctx)
            if seat == 1 and card:
                discarded = card
                break
        assert discarded, "Bo discarded a card"
        deadline = own_client.get(f"/games/{game}").get_json()["turn"]["deadline"]
        assert deadline == (moment + timedelta(days=1)).isoformat(timespec="milliseconds").replace("+00:00", "Z")
        mail = sink.messages()[-1]
        text = mail.get_content()
        assert mail["To"] == "ann@example.org" and mail["From"] == "Iceberg <iceberg@mail.test>"
        assert mail["Subject"] == "Friday gin: your turn"
        assert "Since your last move:" in text and f"Bo discarded {discarded}." in text
        assert f"Your turn must be played by {deadline} (UTC)." in text
        assert f"The game: https://iceberg.test/games/{game}" in text
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        link = mail["List-Unsubscribe"].strip().strip("<>")
        assert link.startswith("https://iceberg.test/unsubscribe/un_") and link in text
        assert all(recipients == ["ann@example.org"] for recipients, _ in sink.received)  # never to Bo

        path = urlsplit(link).path
        page = own_client.get(path)  # a link followed (or prefetched by a mail client) changes nothing
        assert page.status_code == 200 and page.mimetype == "text/html" and 'method="post"' in page.get_data(True)
        assert own_client.get("/me", token=ann["token"]).get_json()["notices"] == {"email": True}
        done = own_client.post(path, data="List-Unsubscribe=One-Click",
                               headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert done.status_code == 200
        assert own_client.get("/me", token=ann["token"]).get_json()["notices"] == {"email": False}
        sent = len(sink.received)
        for _ in range(4):  # play on: Ann's turns come, her e-mails do not
            moment += timedelta(hours=1)
            with freeze_time(moment):
                seat = own_client.get(f"/games/{game}").get_json()["turn"]["seat"]
                play_a_turn(own_client, game, tokens[seat])
                run_notices(ctx)
        assert len(sink.received) == sent
        log = own_client.get("/me/webhook/deliveries", token=ann["token"]).get_json()["deliveries"]
        assert log and all(d["channel"] == "email" and d["ok"] and d["game"] == game for d in log)
        assert "ann@example.org" not in str(log)
    finally:
        sink.close()


def test_no_e_mail_without_an_address_and_a_refused_one_is_retried(own_redis, own_client, monkeypatch):
    sink = SmtpSink(fail_first=1)  # the first delivery gets 451: try again later
    try:
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        with freeze_time(T0):
            ann, bo = register(own_client, "Ann", "ann@example.org"), register(own_client, "Bo")
            quiet = own_client.post("/games", token=bo["token"], json={
                "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}).get_json()
            run_notices(ctx)
            assert sink.received == [] and sink.refused == 0  # Bo gave no address: nothing was sent
            assert own_client.get("/me/webhook/deliveries", token=bo["token"]).get_json() == {"deliveries": []}
            assert quiet["status"] == "active"
            mine = own_client.post("/games", token=ann["token"], json={
                "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}).get_json()
            run_notices(ctx)
        assert sink.refused == 1 and sink.received == []
        log = own_client.get("/me/webhook/deliveries", token=ann["token"]).get_json()["deliveries"]
        assert [(d["attempt"], d["ok"], d["status"]) for d in log] == [(1, False, 451)]
        with freeze_time(T0 + timedelta(seconds=1)):  # ICEBERG_WEBHOOK_RETRY_S=1,1 here
            run_notices(ctx, retries_due_ms=int((T0 + timedelta(seconds=1)).timestamp() * 1000))
        assert [m["Subject"] for m in sink.messages()] == [f"{mine['name']}: your turn"]
        log = own_client.get("/me/webhook/deliveries", token=ann["token"]).get_json()["deliveries"]
        assert [(d["attempt"], d["ok"]) for d in log] == [(2, True), (1, False)]
        assert log[0]["delivery"] == log[1]["delivery"]
    finally:
        sink.close()


#: a game name that, refolded by a vulnerable `email` package (CVE-2024-6923), ends the Subject with
#: a CR LF and adds a Content-Type and an HTML body of the creator's choosing
INJECTING = "=?utf-8?q?=0D=0AContent-Type:text/html=0D=0A=0D=0A<a_href=//e.test>Login</a>?="
SET_HEADERS = {"From", "To", "Subject", "Date", "Message-ID", "Auto-Submitted", "List-Unsubscribe",
               "List-Unsubscribe-Post", "Content-Type", "Content-Transfer-Encoding", "MIME-Version"}


def test_every_notice_mail_has_exactly_the_headers_the_server_set_whatever_the_names(
        own_redis, own_client, monkeypatch):
    """On this project's own interpreter (3.11.7 in its venv: vulnerable), a
    game and a player named with encoded words reach the mail only as text."""
    sink = SmtpSink()
    try:
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        moment = T0
        with freeze_time(moment):
            ann = register(own_client, INJECTING[:40], "ann@example.org")
            bo = register(own_client, "Bo", "bo@example.org")
            created = own_client.post("/games", token=ann["token"], json={
                "variant": "gin", "name": INJECTING, "players": [{"player": "me"}, {"open": True}]}).get_json()
            assert join(own_client, created["id"], bo["token"], invite=created["invite"]).status_code == 201
            run_notices(ctx)
        tokens = {0: ann["token"], 1: bo["token"]}
        for _ in range(3):
            moment += timedelta(hours=1)
            with freeze_time(moment):
                seat = own_client.get(f"/games/{created['id']}").get_json()["turn"]["seat"]
                play_a_turn(own_client, created["id"], tokens[seat])
                run_notices(ctx)
        assert {tuple(r) for r, _ in sink.received} == {("ann@example.org",), ("bo@example.org",)}
        for mail in sink.messages():
            assert set(mail.keys()) == SET_HEADERS and len(mail.keys()) == len(SET_HEADERS), mail.keys()
            assert mail.get_content_type() == "text/plain" and not mail.is_multipart()
            assert mail["Subject"].replace("\u200b", "").startswith(INJECTING + ": ")
            assert "<a href" not in mail.get_content()
    finally:
        sink.close()
