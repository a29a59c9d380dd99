"""What every view of the API shares, in one place: the app's services, a
game's state, a response that shows a game at a version (its ETag), and the
URL converter that makes `<game:game_id>` match only a well-formed game id (any
other id is the router's 404 before a view runs)."""

from flask import Response, current_app, jsonify, request
from werkzeug.routing import BaseConverter

from domain.engine import ended_span

from ..store.codec import epoch_ms
from .problems import Problem

GAME_ID = r"g_[0-9a-f]{16}"  # "g_" and 16 hex digits: what POST /games makes


class GameIdConverter(BaseConverter):
    """A game's URL: only a well-formed game id matches."""
    regex = GAME_ID


def bring_back_archived() -> None:
    """Before the view of a game's URL: an archived game is brought back from the
    archive first (service/app/archiving.py), so every view serves it as any other.
    Here, not in the converter: the router runs converters outside the error
    handlers, so a store that did not answer there was a 500, not the 503 of every view."""
    game_id = (request.view_args or {}).get("game_id")
    archiver = services().archiver
    if game_id and archiver is not None:
        archiver.bring_back(game_id)


def services():
    return current_app.extensions["iceberg"]


def now_ms() -> int:
    return epoch_ms(services().clock())


def etagged(body: dict, version: int, status: int = 200) -> Response:
    """A response showing a game at `version`: its ETag, and on a GET a 304
    when the client's If-None-Match already names it. What a response shows
    depends on the token sent, so caches must key on it too (Vary)."""
    response = jsonify(body)
    response.status_code = status
    response.set_etag(str(version))
    response.vary.add("Authorization")
    if request.method == "GET":
        response.make_conditional(request)
    return response


def game_state(game_id: str):
    return services().repository.load(game_id).state


def known_state(game_id: str):
    """This process's cached state of the game, else its state now: good enough
    for what never changes back (its variant, a seat withdrawn)."""
    return (services().repository.cached(game_id) or services().repository.load(game_id)).state


def must_exist(game_id: str) -> None:
    if not services().recorder.exists(game_id):
        raise Problem(404, "not_found", "no such game")


def ended_hand(state, number: int) -> tuple[int, int]:
    """(first, last) version of hand `number`; 404 while it has not ended."""
    span = ended_span(state, number)
    if span is None:
        raise Problem(404, "not_found", f"hand {number} has not ended")
    return span
