"""What the player's-world tests share: registered players, rated games between
them played over the API, and the sign-in code the server mailed."""

import re
import time

from tests.browser.helpers import finish_by_api, ok

GAMES = 5  # the leaderboard lists a player from 5 rated games on
CODE = re.compile(r"Your sign-in code is (\d{8})")


def register_by_api(server, name, email=None):
    body = {"name": name} | ({"email": email} if email else {})
    return ok(server, "POST", "/players", body, status=201)


def rated_game(server, first, second, variant="iceberg", rules=None):
    """A game between two registered players, created by `first`, joined by
    `second` with the invite, played to its end over the API."""
    created = ok(server, "POST", "/games", {"variant": variant, "players": [{"player": "me"}, {"open": True}],
                                            "rules": rules or {"max_hands": 1}}, first["token"], status=201)
    joined = ok(server, "POST", f"/games/{created['id']}/join", {"invite": created["invite"]}, second["token"],
                status=201)
    finish_by_api(server, created["id"], {0: created["seats"][0]["token"], 1: joined["token"]})
    return created["id"]


def rated_games_of(server, player, variant):
    entry = next((v for v in ok(server, "GET", f"/players/{player['id']}")["variants"] if v["variant"] == variant),
                 None)
    return (entry or {}).get("rating") and entry["rating"]["games"] or 0


def wait_rated(server, player, variant, games, timeout=60):
    """Until the ratings worker has counted `games` rated games of the player's."""
    deadline = time.monotonic() + timeout
    while rated_games_of(server, player, variant) < games:
        assert time.monotonic() < deadline, ok(server, "GET", f"/players/{player['id']}")
        time.sleep(0.2)


def mailed_code(mail, address, after=0, timeout=30):
    """The code in the first sign-in message to `address` past the first `after` ones."""
    deadline = time.monotonic() + timeout
    while True:
        codes = [CODE.search(m.get_content()) for rcpt, m in mail.received if address in rcpt]
        codes = [c.group(1) for c in codes if c]
        if len(codes) > after:
            return codes[after]
        assert time.monotonic() < deadline, "no sign-in code was mailed"
        time.sleep(0.1)


def rated_pair(server):
    """Two registered players and the GAMES rated Iceberg games they played
    together, once the ratings worker has counted them all."""
    ann = register_by_api(server, "Ann Rated", "ann.rated@example.org")
    bo = register_by_api(server, "Bo Rated")
    games = [rated_game(server, ann, bo) for _ in range(GAMES)]
    wait_rated(server, ann, "iceberg", GAMES)
    wait_rated(server, bo, "iceberg", GAMES)
    return ann, bo, games
