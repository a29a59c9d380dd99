"""The webhook endpoints of a seat (docs/api.md, "Webhooks"): register, read,
remove, and the delivery log. They join the `api` blueprint of routes.py."""

from flask import Response, jsonify

from projections.readers import Reader

from ..app.webhooks import UrlRefused, check_url, new_secret
from ..store.deliveries import Deliveries
from .problems import Problem
from .requests import json_body
from .routes import _game_id, _reader, api, services
from .schemas import WebhookSchema

WEBHOOK = WebhookSchema()


@api.put("/games/<game_id>/seats/<int:seat>/webhook")
def put_webhook(game_id, seat):
    reader = _seat_owner(game_id, seat)
    url, secret = webhook_url(), new_secret()
    services().webhooks.set(game_id, reader.seat, url, secret)
    return jsonify({"seat": seat, "url": url, "secret": secret})


def webhook_url() -> str:
    """The URL of a webhook's body, checked (a seat's, or a player's: service/http/people.py)."""
    data = WEBHOOK.load(json_body())
    try:
        return check_url(data["url"], services().config.webhook_allow_private)
    except UrlRefused as e:
        raise Problem(422, "webhook_url_refused", str(e)) from None


@api.delete("/games/<game_id>/seats/<int:seat>/webhook")
def delete_webhook(game_id, seat):
    _seat_owner(game_id, seat)
    if not services().webhooks.delete(game_id, seat):
        raise Problem(404, "not_found", "this seat has no webhook")
    return Response(status=204)


@api.get("/games/<game_id>/seats/<int:seat>/webhook")
def get_webhook(game_id, seat):
    """The registered URL (never the secret: it is shown once, at PUT)."""
    _seat_owner(game_id, seat)
    hook = services().webhooks.of(game_id).get(seat)
    if hook is None:
        raise Problem(404, "not_found", "this seat has no webhook")
    return jsonify({"seat": seat, "url": hook["url"]})


@api.get("/games/<game_id>/seats/<int:seat>/webhook/deliveries")
def get_webhook_deliveries(game_id, seat):
    """The seat's last delivery attempts, newest first (service/store/deliveries.py)."""
    _seat_owner(game_id, seat)
    return jsonify({"seat": seat, "deliveries": Deliveries(services().webhooks.redis).of(game_id, seat)})


def _seat_owner(game_id: str, seat: int) -> Reader:
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if not services().recorder.exists(game_id):
        raise Problem(404, "not_found", "no such game")
    if reader.seat != seat:
        raise Problem(403, "forbidden", "a seat's webhook is seen and set only with that seat's token")
    return reader


