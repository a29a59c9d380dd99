"""Players' profiles and the leaderboards (docs/api.md, "Ratings and
standings"): public, read from the standings the workers record when games
end (service/app/standings.py)."""

import re

from flask import Blueprint, jsonify

from domain import registry
from projections.ratings import BOT, ordinal

from ..app.history import encode_cursor
from .context import services
from .history import PLAYER_ID, cursor_arg
from .problems import Problem
from .requests import int_arg

standings = Blueprint("standings", __name__)

ALL_BOTS = {name for variant in registry.VARIANTS.values() for name in variant.bots}
BOARD_ENTRY = re.compile(r"(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)\|(p_[0-9a-f]{16}|bot:[a-z0-9_]+)")


def rating(record: dict) -> dict | None:
    """A record's rating as the API shows it; None before its first rated game."""
    if not record["rated"]:
        return None
    return {"mu": record["mu"], "sigma": record["sigma"], "ordinal": ordinal(record["mu"], record["sigma"]),
            "games": record["rated"]}


@standings.get("/players/<player_id>")
def get_profile(player_id):
    """A player's (or a bot's: `bot:<name>`) public profile: per variant, games, wins and rating."""
    svc = services()
    if PLAYER_ID.fullmatch(player_id):
        record = svc.players.get(player_id)
        if record is None:
            raise Problem(404, "not_found", "no such player")
        name, bot = record["name"], None
    elif player_id.startswith(BOT) and player_id[len(BOT):] in ALL_BOTS:
        name, bot = player_id[len(BOT):], player_id[len(BOT):]
    else:
        raise Problem(404, "not_found", "no such player")
    found = svc.standings.profile(sorted(registry.VARIANTS), player_id)
    variants = [{"variant": variant, "games": r["games"], "wins": r["wins"], "rating": rating(r),
                 "rank": None if r["position"] is None else r["position"] + 1}
                for variant, r in found.items()]
    return jsonify({"id": player_id, "name": name, "bot": bot, "variants": variants})


@standings.get("/variants/<variant>/leaderboard")
def get_leaderboard(variant):
    """The variant's rated players and bots by ordinal, best first: those with at
    least 5 rated games."""
    if variant not in registry.VARIANTS:
        raise Problem(404, "not_found", "no such variant")
    limit = int_arg("limit", 20, 1, 100)
    after = cursor_arg(BOARD_ENTRY)
    if after is not None:
        score, rater = BOARD_ENTRY.fullmatch(after).groups()
        after = (float(score), rater)
    svc = services()
    rows = svc.standings.board(variant, after, limit + 1)
    shown = rows[:limit]
    raters = [rater for rater, _ in shown]
    records = svc.standings.records(variant, raters)
    names = svc.players.names([r for r in raters if not r.startswith(BOT)])
    first = 0 if after is None or not shown else svc.standings.position(variant, shown[0][0]) or 0
    players = []
    for i, (rater, _) in enumerate(shown):
        bot = rater[len(BOT):] if rater.startswith(BOT) else None
        players.append({"rank": first + i + 1, "player": rater, "name": bot or names.get(rater), "bot": bot,
                        **rating(records[rater])})
    last = shown[-1] if len(rows) > limit else None
    return jsonify({"variant": variant, "players": players,
                    "next_cursor": encode_cursor(f"{last[1]!r}|{last[0]}") if last else None})
