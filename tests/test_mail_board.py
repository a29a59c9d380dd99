"""A notice mail that can be answered: its Reply-To is the player's reply
address for that game (a token kept only hashed), and its plain-text body shows
the board as that player may see it (their hand sorted, never the other's),
whose turn and until when, and the legal moves numbered with their lines."""

import hashlib
import re
from datetime import datetime, timezone

import redis
from freezegun import freeze_time

from domain import registry
from domain.kernel.wording import read_line
from tests.notices_helpers import run_notices
from tests.smtp_sink import SmtpSink
from tests.test_api_players import register
from tests.test_mail import gin_game
from tests.workers_helpers import use_context

T0 = datetime(2026, 11, 26, 12, 0, tzinfo=timezone.utc)
MAIL = {"ICEBERG_MAIL_FROM": "Iceberg <games@play.test>", "ICEBERG_PUBLIC_URL": "https://iceberg.test",
        "ICEBERG_MAIL_DOMAIN": "play.test"}


def test_a_turn_notice_has_a_reply_address_and_the_board_with_numbered_moves(own_redis, own_client, monkeypatch):
    sink = SmtpSink()
    try:
        ctx = use_context(monkeypatch, own_redis.url, ICEBERG_SMTP_URL=sink.url, **MAIL)
        with freeze_time(T0):
            ann, bo = register(own_client, "Ann", "ann@example.org"), register(own_client, "Bo", "bo@example.org")
            game = gin_game(own_client, ann, bo)
            run_notices(ctx)
        table = own_client.get(f"/games/{game}").get_json()
        seat = table["turn"]["seat"]
        player = (ann, bo)[seat]
        view = own_client.get(f"/games/{game}/view", token=player["token"]).get_json()
        other = own_client.get(f"/games/{game}/view", token=(ann, bo)[1 - seat]["token"]).get_json()
        notice = sink.messages()[-1]
        assert notice["To"] == ("ann@example.org", "bo@example.org")[seat]
        token = re.fullmatch(r"play\+([0-9a-f]{32})@play\.test", notice["Reply-To"]).group(1)
        stored = redis.Redis.from_url(own_redis.url)
        assert stored.exists("iceberg:reply:" + hashlib.sha256(token.encode()).hexdigest())
        assert not any(token.encode() in k for k in stored.keys("*"))  # kept only as its hash
        text = notice.get_content()
        hand = re.search(r"Your hand \(\d+\): (.*)", text).group(1).split()
        assert sorted(hand) == sorted(view["hand"]) and not set(hand) & set(other["hand"])
        assert [h[-1] for h in hand] == sorted((h[-1] for h in hand), key="SHDC".index)  # suit by suit
        assert f"To move: you ({table['turn']['phase']}), until {table['turn']['deadline']} (UTC)." in text
        numbered = re.findall(r"^(\d+)\. (.+)$", text, re.M)
        commands = registry.named("gin").commands
        assert [read_line(commands, line) for _, line in numbered] == view["actions"]
        assert [int(n) for n, _ in numbered] == list(range(1, len(view["actions"]) + 1))
        assert "Scores:" in text and "Piles: discard pile:" in text
        assert "pt_" not in text and "st_" not in text  # no token but the reply address (and unsubscribe link)
    finally:
        sink.close()
