"""The history of games (docs/api.md, "History"): every game, newest first,
filtered by status, variant or player, paged by an opaque cursor. Public, as
each game's table is."""

import re

from flask import Blueprint, jsonify, request

from domain import registry

from ..app.history import ENTRY, BadCursor, decode_cursor, encode_cursor, page
from ..store.history import STATUSES
from .context import services
from .problems import Problem
from .requests import int_arg

history = Blueprint("history", __name__)

PLAYER_ID = re.compile(r"p_[0-9a-f]{16}")


@history.get("/games")
def list_games():
    status, variant, player = (request.args.get(name) for name in ("status", "variant", "player"))
    if status is not None and status not in STATUSES:
        raise Problem(400, "invalid_request", "status must be active or finished")
    if variant is not None and variant not in registry.VARIANTS:
        raise Problem(400, "invalid_request", f"variant must be one of {', '.join(sorted(registry.VARIANTS))}")
    if player is not None and not PLAYER_ID.fullmatch(player):
        raise Problem(400, "invalid_request", "player must be a player's id (p_ and 16 hex digits)")
    limit = int_arg("limit", 20, 1, 100)
    after = cursor_arg(ENTRY)
    games, last = page(services().history, status, variant, player, after, limit)
    return jsonify({"games": games, "next_cursor": encode_cursor(last) if last else None})


def cursor_arg(pattern: re.Pattern) -> str | None:
    cursor = request.args.get("cursor")
    if cursor is None:
        return None
    try:
        return decode_cursor(cursor, pattern)
    except BadCursor as e:
        raise Problem(400, "invalid_request", f"cursor: {e}") from None
