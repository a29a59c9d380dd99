"""The endpoints of players, the lobby and play by mail (API.md, "Players,
lobby and play-by-mail"; docs/api.md): player accounts and their personal
tokens, the lobby, joining by invite, a player's inbox, resigning, aborting and
extending a deadline, the player's own webhook, and the one-click unsubscribe
of e-mail notices. Views are thin, as in service/http/routes.py: every change to a
game is a command through the application service."""

import hmac
import re
import secrets

from flask import Blueprint, Response, jsonify, request

from domain.kernel.errors import SeatNotOpen
from domain.kernel.seats import Abort, Extend, Resign, TakeSeat
from projections.lobby import inbox_entry, inbox_order, lobby_entry

from ..app.tokens import PLAYER_TOKEN, bearer, is_admin, new_player_token, new_token, token_hash
from ..app.webhooks import new_secret
from ..store.codec import epoch_ms
from ..store.errors import ConcurrencyError, GameNotFound
from ..store.players import player_field
from .player_schemas import JoinSchema, NewPlayerSchema, PatchMeSchema
from .problems import Problem
from .requests import int_arg, json_body
from .routes import _game_id, _reader, act, services
from .webhooks import webhook_url

people = Blueprint("people", __name__)

NEW_PLAYER, PATCH_ME, JOIN = NewPlayerSchema(), PatchMeSchema(), JoinSchema()
STATUSES = ("active", "open", "finished")
JOIN_TRIES = 8  # open seats taken by others while we tried: try the next one this often


# --- players ---------------------------------------------------------------------------------

@people.post("/players")
def create_player():
    data = NEW_PLAYER.load(json_body())
    player_id, token = "p_" + secrets.token_hex(8), new_player_token()
    services().players.create(player_id, data["name"], data["email"], token_hash(token), _now_ms())
    response = jsonify({"id": player_id, "name": data["name"], "token": token})
    response.status_code = 201
    response.headers["Location"] = "/me"
    return response


def _player() -> dict:
    """The player whose token made the request (401 without one)."""
    token = bearer(request.headers.get("Authorization"))
    if token is None:
        raise Problem(401, "unauthorized", "this needs a player token: Authorization: Bearer pt_…")
    player_id = services().players.by_token(token_hash(token)) if token.startswith(PLAYER_TOKEN) else None
    record = services().players.get(player_id) if player_id else None
    if record is None:
        raise Problem(401, "unauthorized", "that is not a player token (POST /players makes one)")
    return record


def _me(record: dict) -> dict:
    """A player as its owner sees it: the secret of the webhook is never shown again."""
    hook = record["webhook"]
    return {"id": record["id"], "name": record["name"], "email": record["email"],
            "notices": {"email": record["email_notices"]}, "webhook": {"url": hook["url"]} if hook else None}


@people.get("/me")
def get_me():
    return jsonify(_me(_player()))


@people.patch("/me")
def patch_me():
    record = _player()
    data = PATCH_ME.load(json_body())
    changes = {}
    if "name" in data:
        changes["name"] = data["name"]
    if "email" in data:
        changes["email"] = data["email"]
    if "notices" in data:
        changes["email_notices"] = data["notices"]["email"]
    services().players.update(record["id"], **changes)
    return jsonify(_me(services().players.get(record["id"])))


@people.put("/me/webhook")
def put_my_webhook():
    record = _player()
    url, secret = webhook_url(), new_secret()
    services().players.set_webhook(record["id"], url, secret)
    return jsonify({"url": url, "secret": secret})


@people.get("/me/webhook")
def get_my_webhook():
    hook = _player()["webhook"]
    if hook is None:
        raise Problem(404, "not_found", "you have no webhook")
    return jsonify({"url": hook["url"]})


@people.delete("/me/webhook")
def delete_my_webhook():
    if not services().players.delete_webhook(_player()["id"]):
        raise Problem(404, "not_found", "you have no webhook")
    return Response(status=204)


@people.get("/me/webhook/deliveries")
def get_my_deliveries():
    """The last attempts to reach the player: webhook and e-mail, newest first."""
    return jsonify({"deliveries": services().players.deliveries(_player()["id"])})


# --- the inbox and the lobby -----------------------------------------------------------------

@people.get("/me/games")
def get_my_games():
    """The player's games: their turns first (the soonest deadline first), then the others."""
    status = request.args.get("status")
    if status is not None and status not in STATUSES:
        raise Problem(400, "invalid_request", "status must be active, open or finished")
    player_id = _player()["id"]
    svc = services()
    live, finished = [], []
    for game_id in svc.players.games(player_id):
        state, seat = _seat_state(game_id, player_id)
        if state is None:
            continue
        entry = inbox_entry(game_id, state, seat, svc.lobby.name(game_id))
        if state.status == "finished":
            svc.players.file_finished(player_id, game_id, _now_ms())
            finished.append(entry)
        else:
            live.append(entry)
    if status == "finished":
        limit = int_arg("limit", 100, 1, 1000)
        known = {e["id"] for e in finished}
        for game_id in svc.players.finished_games(player_id, limit):
            if game_id not in known:
                state, seat = _seat_state(game_id, player_id)
                if state is not None:
                    finished.append(inbox_entry(game_id, state, seat, svc.lobby.name(game_id)))
        games = finished[:limit]
    else:
        games = sorted((e for e in live if status is None or e["status"] == status), key=inbox_order)
    return jsonify({"my_turn_count": sum(e["my_turn"] for e in live), "games": games})


def _seat_state(game_id: str, player_id: str):
    """(state, the player's seat) of a game of the index; (None, None) for an
    entry of a seat the player never got (its append was refused), dropped."""
    svc = services()
    seat = svc.players.seat_in(game_id, player_id)
    try:
        state = svc.repository.load(game_id).state if seat is not None else None
    except GameNotFound:
        state = None
    if state is None:
        svc.players.forget(player_id, game_id)
        return None, None
    return state, seat


@people.get("/lobby")
def get_lobby():
    """Listed games that wait for players, the newest first (never an invite)."""
    limit = int_arg("limit", 50, 1, 100)
    svc = services()
    games = []
    for game_id in svc.lobby.listed(limit):
        info = svc.lobby.info(game_id)
        try:
            state = svc.repository.load(game_id).state
        except GameNotFound:
            state = None
        if state is None or info is None or state.status != "open":
            svc.lobby.unlist(game_id)  # filled up, aborted or gone since it was listed
            continue
        games.append(lobby_entry(game_id, state, info))
    return jsonify({"games": games})


# --- joining ---------------------------------------------------------------------------------

@people.post("/games/<game_id>/join")
def join_game(game_id):
    """Take an open seat: with the invite (a listed game needs none), as a
    player (their token) or anonymously under a name; 201 with a seat token."""
    _game_id(game_id)
    data = JOIN.load(json_body())
    svc = services()
    player = _joining_player()
    info = svc.lobby.info(game_id)
    if info is None and not svc.recorder.exists(game_id):
        raise Problem(404, "not_found", "no such game")
    if not (info and info["listed"]) and not _invited(info, data["invite"]):
        raise Problem(403, "invalid_invite", "this game is joined with its invite code")
    name = data["name"] or (player and player["name"])
    if name is None:
        raise Problem(422, "invalid_request", "a join without a player token needs a name",
                      extra={"errors": {"name": ["required without a player token"]}})
    if player and svc.players.seat_in(game_id, player["id"]) is not None:
        raise Problem(409, "already_seated", "you sit in this game already")
    if player:
        svc.players.will_sit(game_id, player["id"], _now_ms())
    token = new_token()
    for _ in range(JOIN_TRIES):
        seat = data["seat"] if data["seat"] is not None else _open_seat(game_id)
        tokens = {token_hash(token): seat}
        if player:
            tokens[player_field(player["id"])] = seat
        try:
            outcome = svc.commands.handle(game_id, TakeSeat(seat, name), f"s{seat}", tokens=tokens)
            break
        except (SeatNotOpen, ConcurrencyError):  # taken meanwhile: the next open seat, if any
            if data["seat"] is not None:
                raise
    else:
        raise Problem(409, "no_open_seat", "the open seats were all taken meanwhile")
    if outcome.state.status != "open":
        svc.lobby.unlist(game_id)
    body = {"id": game_id, "seat": seat, "name": name, "token": token, "version": outcome.version,
            "status": outcome.state.status}
    if player:
        body["player"] = player["id"]
    response = jsonify(body)
    response.status_code = 201
    response.headers["Location"] = f"/games/{game_id}"
    return response


def _joining_player() -> dict | None:
    """The player joining (a player token), or None (anonymous); any other token is refused."""
    header = request.headers.get("Authorization")
    if header is None:
        return None
    token = bearer(header)
    if token is not None and is_admin(token, services().config.admin_token):
        raise Problem(403, "forbidden", "the admin does not take seats")
    return _player()


def _invited(info: dict | None, invite: str | None) -> bool:
    if not info or not info["invite"] or not invite:
        return False
    return hmac.compare_digest(token_hash(invite), info["invite"])


def _open_seat(game_id: str) -> int:
    """The first open seat of the game as it is now (the domain refuses a game without one)."""
    state = services().repository.load(game_id).state
    return next((seat for seat, p in enumerate(state.players) if p.name is None), 0)


# --- resigning, aborting, extending ----------------------------------------------------------

def _seat_command(game_id: str, command_of_seat) -> Response:
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.seat is None:
        raise Problem(403, "forbidden", "this is done with a seat or player token")
    return act(game_id, reader, command_of_seat(reader.seat), _empty_body())


@people.post("/games/<game_id>/resign")
def resign(game_id):
    return _seat_command(game_id, Resign)


@people.post("/games/<game_id>/abort")
def abort(game_id):
    return _seat_command(game_id, Abort)


@people.post("/games/<game_id>/extend")
def extend(game_id):
    return _seat_command(game_id, Extend)


def _empty_body() -> dict:
    """These commands take no body: none at all, or `{}`."""
    if not request.content_length and "chunked" not in request.headers.get("Transfer-Encoding", "").lower():
        return {}
    body = json_body()
    if body:
        raise Problem(422, "invalid_request", "this takes no body (or {})",
                      extra={"errors": {key: ["Unknown field."] for key in body}})
    return body


# --- unsubscribing -----------------------------------------------------------------------------

UNSUBSCRIBE_PAGE = """<!doctype html><meta charset="utf-8"><title>Unsubscribe</title>
<form method="post"><p>Stop the e-mail notices of this game server?</p>
<button name="List-Unsubscribe" value="One-Click">Unsubscribe</button></form>
"""


UNSUBSCRIBE_TOKEN = re.compile(r"un_[A-Za-z0-9_-]{32}")  # store/players.py makes them


@people.get("/unsubscribe/<token>")
def unsubscribe_page(token):
    """A link followed (or prefetched) changes nothing: the page's button posts."""
    if not UNSUBSCRIBE_TOKEN.fullmatch(token):
        raise Problem(404, "not_found", "no such unsubscribe link")
    return Response(UNSUBSCRIBE_PAGE, mimetype="text/html")


@people.post("/unsubscribe/<token>")
def unsubscribe(token):
    """RFC 8058 one-click: a POST to the List-Unsubscribe URL turns the player's e-mail notices off."""
    if not UNSUBSCRIBE_TOKEN.fullmatch(token) or services().players.unsubscribe(token_hash(token)) is None:
        raise Problem(404, "not_found", "no such unsubscribe link (they last 90 days)")
    return Response("<!doctype html><meta charset=\"utf-8\"><p>You will get no more e-mail notices.</p>\n",
                    mimetype="text/html")


def _now_ms() -> int:
    return epoch_ms(services().clock())
