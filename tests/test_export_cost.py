"""A game's export costs once per state that changes it (service/app/audit.py):
built when a hand ends, not at every move, and kept as the bytes served; and
what it still costs is counted by its `exports` rate class, 1 unit per 100
events of the game (service/http/audit.py)."""

import random

import pytest

from domain.deadlines import bot_to_move
from domain.engine import bot_move
from projections.audit.entries import public_until
from service.app import audit
from service.config import Config
from service.http.app import create_app
from tests.api_client import ApiClient
from tests.conftest import ADMIN_TOKEN

ENDLESS = {"max_hands": 1000, "target_score": 1000000}


@pytest.fixture
def limited(own_redis):
    """An app whose exports class lets 10 units a minute through."""
    config = Config(redis_url=own_redis.url, admin_token=ADMIN_TOKEN, data_dir=str(own_redis.data_dir.parent / "d"),
                    rate_limits={"exports": "10/minute"})
    app = create_app(config, jobs=False)
    yield app
    app.extensions["iceberg"].hub.close()


def bots_play(app, game: str, until) -> None:
    """The bots play turns until `until(state)` (as their jobs would)."""
    svc = app.extensions["iceberg"]
    for _ in range(5000):
        loaded = svc.repository.load(game)
        if until(loaded.state):
            return
        rng = random.Random(loaded.state.version)
        svc.commands.play_turn(game, loaded, lambda s, rng=rng: bot_move(s, rng), f"b{bot_to_move(loaded.state)}")
    raise AssertionError("the bots never got there")


def a_game_of_bots(app) -> str:
    client = ApiClient(app.test_client(), validate=False)
    return client.post("/games", json={"players": [{"name": f"B{i}", "bot": "greedy"} for i in range(4)],
                                       "rules": ENDLESS}).get_json()["id"]


def test_an_export_is_built_once_per_ended_hand_not_at_every_move(limited, monkeypatch):
    builds = []
    rendered = audit._rendered
    monkeypatch.setattr(audit, "_rendered", lambda *args: builds.append(args[0]) or rendered(*args))
    client = limited.test_client()
    game = a_game_of_bots(limited)
    bots_play(limited, game, lambda state: public_until(state) > 0)  # a hand has ended
    first = client.get(f"/games/{game}/export")
    assert first.status_code == 200 and client.get(f"/games/{game}/export.txt").status_code == 200
    horizon = first.headers["ETag"]
    version = limited.extensions["iceberg"].recorder.version(game)
    bots_play(limited, game, lambda state: state.version > version)  # a move within the hand being played
    again = client.get(f"/games/{game}/export")
    assert public_until(limited.extensions["iceberg"].repository.load(game).state) == int(horizon.strip('"'))
    assert again.get_data() == first.get_data() and again.headers["ETag"] == horizon and len(builds) == 1
    assert client.get(f"/games/{game}/export", headers={"If-None-Match": horizon}).status_code == 304
    bots_play(limited, game, lambda state: public_until(state) > int(horizon.strip('"')))  # the next hand ended
    moved = client.get(f"/games/{game}/export")
    assert moved.headers["ETag"] != horizon and len(builds) == 2


def test_an_export_counts_one_unit_per_hundred_events_of_its_game(limited):
    client = limited.test_client()
    long, short = a_game_of_bots(limited), a_game_of_bots(limited)
    bots_play(limited, long, lambda state: state.version >= 400 and public_until(state) > 0)  # 5 units a request
    bots_play(limited, short, lambda state: public_until(state) > 0)
    assert limited.extensions["iceberg"].recorder.version(short) < 100  # 1 unit
    assert [client.get(f"/games/{long}/export").status_code for _ in range(3)] == [200, 200, 429]
    refused = client.get(f"/games/{short}/export")  # the ten units are spent, whatever the game
    assert refused.status_code == 429 and refused.get_json()["code"] == "rate_limited"
