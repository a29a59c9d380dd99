"""Players and their accounts (docs/api.md, "Players, the lobby and play by mail"):
a player's personal token, the player as its owner sees it, their own
webhook and its deliveries, and the one-click unsubscribe of e-mail notices."""

import re
import secrets

from flask import Blueprint, Response, jsonify

from ..app.tokens import new_player_token, token_hash
from ..app.webhooks import new_secret
from .auth import as_player
from .context import now_ms, services
from .limits import limited
from .player_schemas import ConfirmSignInSchema, NewPlayerSchema, NewTokenSchema, PatchMeSchema, SignInSchema
from .problems import Problem
from .requests import json_body
from .webhooks import webhook_url

players = Blueprint("players", __name__)

NEW_PLAYER, PATCH_ME = NewPlayerSchema(), PatchMeSchema()
SIGN_IN, CONFIRM, NEW_TOKEN = SignInSchema(), ConfirmSignInSchema(), NewTokenSchema()


@players.post("/players")
@limited("create")
def create_player():
    data = NEW_PLAYER.load(json_body())
    player_id, token = "p_" + secrets.token_hex(8), new_player_token()
    services().players.create(player_id, data["name"], data["email"], token_hash(token), now_ms())
    response = jsonify({"id": player_id, "name": data["name"], "token": token})
    response.status_code = 201
    response.headers["Location"] = "/me"
    return response


def _me(record: dict) -> dict:
    """A player as its owner sees it: the secret of the webhook is never shown again."""
    hook = record["webhook"]
    return {"id": record["id"], "name": record["name"], "email": record["email"],
            "notices": {"email": record["email_notices"]}, "webhook": {"url": hook["url"]} if hook else None}


@players.get("/me")
@as_player
def get_me(player):
    return jsonify(_me(player))


@players.patch("/me")
@limited("settings")
@as_player
def patch_me(player):
    record = player
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


@players.put("/me/webhook")
@limited("settings")
@as_player
def put_my_webhook(player):
    record = player
    url, secret = webhook_url(), new_secret()
    services().players.set_webhook(record["id"], url, secret)
    return jsonify({"url": url, "secret": secret})


@players.get("/me/webhook")
@as_player
def get_my_webhook(player):
    hook = player["webhook"]
    if hook is None:
        raise Problem(404, "not_found", "you have no webhook")
    return jsonify({"url": hook["url"]})


@players.delete("/me/webhook")
@limited("settings")
@as_player
def delete_my_webhook(player):
    if not services().players.delete_webhook(player["id"]):
        raise Problem(404, "not_found", "you have no webhook")
    return Response(status=204)


@players.get("/me/webhook/deliveries")
@as_player
def get_my_deliveries(player):
    """The last attempts to reach the player: webhook and e-mail, newest first."""
    return jsonify({"deliveries": services().players.deliveries(player["id"])})


# --- devices: sign-in by a code sent by e-mail, and the player's tokens ------------------------------

@players.post("/players/sign-in")
@limited("sign_in")
def sign_in():
    """202 whatever the address: only a registered one is sent a code (by the notices
    worker, which makes it), so the answer says nothing about who has an account."""
    data = SIGN_IN.load(json_body())
    svc = services()
    player_id = svc.players.by_email(data["email"])
    if player_id is not None and svc.config.smtp_url and svc.jobs is not None:
        svc.jobs.sign_in_code(player_id)
    response = jsonify({"detail": "if this address is registered, a sign-in code is on its way"})
    response.status_code = 202
    return response


@players.post("/players/sign-in/confirm")
@limited("sign_in")
def confirm_sign_in():
    data = CONFIRM.load(json_body())
    svc = services()
    player_id = svc.players.confirm_sign_in(data["email"], data["code"])
    if player_id is None or svc.players.get(player_id) is None:
        raise Problem(401, "unauthorized", "that code is wrong, used or expired (ask for a new one)")
    token = new_player_token()
    token_id = svc.players.add_token(player_id, token_hash(token), "signed in by e-mail", now_ms())
    response = jsonify({"player": player_id, "token": token, "token_id": token_id})
    response.status_code = 201
    return response


@players.get("/me/tokens")
@as_player
def get_my_tokens(player):
    return jsonify({"tokens": services().players.tokens(player["id"])})


@players.post("/me/tokens")
@limited("settings")
@as_player
def post_my_token(player):
    data = NEW_TOKEN.load(json_body())
    token = new_player_token()
    token_id = services().players.add_token(player["id"], token_hash(token), data["label"], now_ms())
    response = jsonify({"id": token_id, "label": data["label"], "token": token})
    response.status_code = 201
    return response


@players.delete("/me/tokens/<token_id>")
@limited("settings")
@as_player
def delete_my_token(player, token_id):
    if not services().players.revoke_token(player["id"], token_id):
        raise Problem(404, "not_found", "you have no such token")
    return Response(status=204)


# --- unsubscribing -----------------------------------------------------------------------------

UNSUBSCRIBE_PAGE = """<!doctype html><meta charset="utf-8"><title>Unsubscribe</title>
<form method="post"><p>Stop the e-mail notices of this game server?</p>
<button name="List-Unsubscribe" value="One-Click">Unsubscribe</button></form>
"""


UNSUBSCRIBE_TOKEN = re.compile(r"un_[A-Za-z0-9_-]{32}")  # store/players.py makes them


@players.get("/unsubscribe/<token>")
def unsubscribe_page(token):
    """A link followed (or prefetched) changes nothing: the page's button posts."""
    if not UNSUBSCRIBE_TOKEN.fullmatch(token):
        raise Problem(404, "not_found", "no such unsubscribe link")
    return Response(UNSUBSCRIBE_PAGE, mimetype="text/html")


@players.post("/unsubscribe/<token>")
@limited("settings")
def unsubscribe(token):
    """RFC 8058 one-click: a POST to the List-Unsubscribe URL turns the player's e-mail notices off."""
    if not UNSUBSCRIBE_TOKEN.fullmatch(token) or services().players.unsubscribe(token_hash(token)) is None:
        raise Problem(404, "not_found", "no such unsubscribe link (they last 90 days)")
    return Response("<!doctype html><meta charset=\"utf-8\"><p>You will get no more e-mail notices.</p>\n",
                    mimetype="text/html")
