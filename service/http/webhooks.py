"""The webhook endpoints of a seat (docs/api.md, "Webhooks"): register, read,
remove, and the delivery log."""

from functools import wraps

from flask import Blueprint, Response, jsonify

from ..app.webhooks import UrlRefused, check_url, new_secret
from ..store.deliveries import Deliveries
from .auth import reader_of
from .context import must_exist, services
from .limits import limited
from .problems import Problem
from .requests import json_body
from .schemas import WebhookSchema

hooks = Blueprint("webhooks", __name__)

WEBHOOK = WebhookSchema()


def seat_owner(view):
    """The view of a seat's webhook: only with that seat's token (the view gets `reader`)."""
    @wraps(view)
    def owned(game_id, seat):
        reader = reader_of(game_id, required=True)
        must_exist(game_id)
        if reader.seat != seat:
            raise Problem(403, "forbidden", "a seat's webhook is seen and set only with that seat's token")
        return view(game_id, seat, reader=reader)
    return owned


@hooks.put("/games/<game:game_id>/seats/<int:seat>/webhook")
@limited("settings")
@seat_owner
def put_webhook(game_id, seat, reader):
    url, secret = webhook_url(), new_secret()
    services().webhooks.set(game_id, reader.seat, url, secret)
    return jsonify({"seat": seat, "url": url, "secret": secret})


def webhook_url() -> str:
    """The URL of a webhook's body, checked (a seat's, or a player's: service/http/players.py)."""
    data = WEBHOOK.load(json_body())
    try:
        return check_url(data["url"], services().config.webhook_allow_private)
    except UrlRefused as e:
        raise Problem(422, "webhook_url_refused", str(e)) from None


@hooks.delete("/games/<game:game_id>/seats/<int:seat>/webhook")
@limited("settings")
@seat_owner
def delete_webhook(game_id, seat, reader):
    if not services().webhooks.delete(game_id, seat):
        raise Problem(404, "not_found", "this seat has no webhook")
    return Response(status=204)


@hooks.get("/games/<game:game_id>/seats/<int:seat>/webhook")
@seat_owner
def get_webhook(game_id, seat, reader):
    """The registered URL (never the secret: it is shown once, at PUT)."""
    hook = services().webhooks.of(game_id).get(seat)
    if hook is None:
        raise Problem(404, "not_found", "this seat has no webhook")
    return jsonify({"seat": seat, "url": hook["url"]})


@hooks.get("/games/<game:game_id>/seats/<int:seat>/webhook/deliveries")
@seat_owner
def get_webhook_deliveries(game_id, seat, reader):
    """The seat's last delivery attempts, newest first (service/store/deliveries.py)."""
    return jsonify({"seat": seat, "deliveries": Deliveries(services().webhooks.redis).of(game_id, seat)})
