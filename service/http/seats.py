"""What a seated person decides beside playing (docs/api.md, "Players, the lobby and
play by mail"): resign, abort a game nobody has played yet, extend one's own
deadline. Each is a seat command through the application service. A game of
bots only is ended by its creator or the admin (service/http/bot_games.py)."""

from flask import Blueprint, request

from domain.kernel.ending import EndGame
from domain.kernel.seats import Abort, Extend, Resign
from projections.readers import PUBLIC

from .acting import act
from .auth import seated
from .bot_games import may_end
from .limits import limited
from .problems import Problem
from .requests import json_body

seats = Blueprint("seats", __name__)

SEAT_TOKEN = "this is done with a seat or player token"


@seats.post("/games/<game:game_id>/resign")
@limited("actions")
@seated(SEAT_TOKEN)
def resign(game_id, reader):
    return act(game_id, reader, Resign(reader.seat), _empty_body())


@seats.post("/games/<game:game_id>/abort")
@limited("actions")
def abort(game_id):
    if may_end(game_id):  # a bot-only game, by its creator or the admin
        return act(game_id, PUBLIC, EndGame("aborted"), _empty_body(), actor="sys")
    return _abort_seat(game_id)


@seated(SEAT_TOKEN)
def _abort_seat(game_id, reader):
    return act(game_id, reader, Abort(reader.seat), _empty_body())


@seats.post("/games/<game:game_id>/extend")
@limited("actions")
@seated(SEAT_TOKEN)
def extend(game_id, reader):
    return act(game_id, reader, Extend(reader.seat), _empty_body())


def _empty_body() -> dict:
    """These commands take no body: none at all, or `{}`."""
    if not request.content_length and "chunked" not in request.headers.get("Transfer-Encoding", "").lower():
        return {}
    body = json_body()
    if body:
        raise Problem(422, "invalid_request", "this takes no body (or {})",
                      extra={"errors": {key: ["Unknown field."] for key in body}})
    return body
