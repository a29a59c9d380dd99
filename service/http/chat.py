"""A game's chat (docs/api.md, "Chat"): the seated players say something,
anyone who may see the table reads it, the admin hides a message. Kept beside
the game (service/app/chat.py), never in its log."""

from flask import Blueprint, Response, jsonify, request
from marshmallow import RAISE, Schema, fields

from ..app.chat import ChatFull, ChatRefused, say, visible
from ..store.codec import iso_ms
from .auth import admin_sent, reads_game, seated
from .context import game_state, must_exist, now_ms, services
from .limits import limited
from .problems import Problem
from .requests import int_arg, json_body

chat = Blueprint("chat", __name__)

SAY = Schema.from_dict({"text": fields.String(required=True)}, name="Say")(unknown=RAISE)
MAX_PAGE = 500


@chat.post("/games/<game:game_id>/messages")
@limited("chat")
@seated("the chat is for the players at the table: a seat token, or the player token of a seat")
def post_message(game_id, reader):
    text = SAY.load(json_body())["text"]
    svc = services()
    state = game_state(game_id)
    player = svc.players.seated(game_id).get(reader.seat)
    try:
        message = say(svc.chat, game_id, state, reader.seat, player, text, iso_ms(now_ms()), keep=_keeper(svc))
    except ChatRefused as e:
        raise Problem(422, "invalid_request", str(e), extra={"errors": {"text": [str(e)]}}) from None
    except ChatFull as e:
        raise Problem(409, "chat_full", str(e)) from None
    response = jsonify(message)
    response.status_code = 201
    response.headers["Location"] = f"/games/{game_id}/messages?after={message['id'] - 1}"
    return response


@chat.get("/games/<game:game_id>/messages")
@reads_game()
def get_messages(game_id, reader):
    """The messages after number `after`, oldest first; those the admin hid only for the admin."""
    after = int_arg("after", 0, 0, 10**9)
    limit = int_arg("limit", 100, 1, MAX_PAGE)
    must_exist(game_id)
    messages, last = visible(services().chat, game_id, after, limit, admin=reader.admin)
    return jsonify({"messages": messages, "last": last})


@chat.delete("/games/<game:game_id>/messages/<int:message>")
@limited("actions")  # the admin moderates: a move of theirs
def hide_message(game_id, message):
    """The admin hides a message from every reader (it stays, marked, for the admin)."""
    if request.headers.get("Authorization") is None:
        raise Problem(401, "unauthorized", "hiding a message needs the admin token")
    if not admin_sent():
        raise Problem(403, "forbidden", "only the admin hides messages")
    svc = services()
    must_exist(game_id)
    if not 1 <= message <= svc.chat.count(game_id):
        raise Problem(404, "not_found", "no such message")
    keep = _keeper(svc)
    if keep is not None and game_state(game_id).status == "finished":
        keep(game_id)
    svc.chat.hide(game_id, message, iso_ms(now_ms()))
    return Response(status=204)


def _keeper(svc):
    """What makes a sealed or archived game whole again before a write (None: no archive)."""
    if svc.archiver is None:
        return None
    return lambda game_id: svc.archiver.keep(game_id, now_ms())
