"""The HTTP endpoints of the API (docs/api.md). Views are thin: parse the
request, call the application service (service/commands.py) or a projection,
render the answer. Every error goes through `problems`."""

import json
import re
import secrets

from flask import Blueprint, Response, current_app, jsonify, request

from domain import registry
from domain.engine import ended_span
from domain.kernel.bodies import command_of
from domain.kernel.deals import explicit_deal, random_deal
from domain.kernel.players import CreateGame
from projections.hands import hand_result
from projections.readers import ADMIN, PUBLIC, Reader
from projections.redaction import public_event
from projections.table import public_table, seat_view

from .problems import Problem
from .schemas import CreateGameSchema, WebhookSchema, action_schema
from .spec import spec_text
from .store.codec import compact
from .tokens import bearer, is_admin, new_token, token_hash
from .webhooks import UrlRefused, check_url, new_secret

api = Blueprint("api", __name__)

# schemas hold no per-request state: one instance each serves every request
CREATE_GAME, WEBHOOK = CreateGameSchema(), WebhookSchema()
GAME_ID = re.compile(r"^g_[0-9a-f]{16}$")
MAX_KEY = 200
MAX_PAGE = 1000


def services():
    return current_app.extensions["iceberg"]


# --- helpers -----------------------------------------------------------------------------

def _json_body() -> dict:
    if request.content_length is not None and request.content_length > current_app.config["MAX_CONTENT_LENGTH"]:
        raise Problem(413, "payload_too_large", "the request body is too large")
    body = request.get_data(cache=True)
    try:
        data = json.loads(body) if body else None
    except (ValueError, UnicodeDecodeError):
        raise Problem(400, "invalid_request", "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise Problem(400, "invalid_request", "the request body must be a JSON object")
    return data


def _game_id(game_id: str) -> str:
    if not GAME_ID.match(game_id):
        raise Problem(404, "not_found", "no such game")
    return game_id


def _reader(game_id: str, required: bool = False) -> Reader:
    """Who is calling: anyone (no token), one seat, or the admin."""
    header = request.headers.get("Authorization")
    if header is None:
        if required:
            raise Problem(401, "unauthorized", "this needs a seat token: Authorization: Bearer <token>")
        return PUBLIC
    token = bearer(header)
    if token is None:
        raise Problem(401, "unauthorized", "the Authorization header must be 'Bearer <token>'")
    if is_admin(token, services().config.admin_token):
        return ADMIN
    seat = services().tokens.seat_of(game_id, token_hash(token))
    if seat is None:
        raise Problem(401, "unauthorized", "that token is not valid for this game")
    return Reader(seat=seat)


def _etagged(body: dict, version: int, status: int = 200) -> Response:
    response = jsonify(body)
    response.status_code = status
    response.set_etag(str(version))
    return response


def _if_match() -> int | None:
    header = request.headers.get("If-Match")
    if header is None:
        return None
    match = re.fullmatch(r'\s*(?:W/)?"?(\d{1,12})"?\s*', header)
    if not match:
        raise Problem(400, "invalid_request", 'If-Match must be "<version>"')
    return int(match.group(1))


def _state(game_id: str):
    return services().repository.load(game_id).state


def _ended_span(state, number: int) -> tuple[int, int]:
    span = ended_span(state, number)
    if span is None:
        raise Problem(404, "not_found", f"hand {number} has not ended")
    return span


# --- games -------------------------------------------------------------------------------

@api.post("/games")
def create_game():
    data = CREATE_GAME.load(_json_body())
    variant = registry.named(data["variant"])
    dealer = random_deal
    if data["deck"] is not None:
        token = bearer(request.headers.get("Authorization"))
        if not is_admin(token, services().config.admin_token):
            raise Problem(403, "forbidden", "only the admin token may give a deck")
        deck = tuple(data["deck"])
        dealer = lambda decks: explicit_deal(deck)  # noqa: E731
    players = tuple(data["players"])
    seats, hashes = [], {}
    for seat, player in enumerate(players):
        entry = {"seat": seat, "name": player.name, "bot": player.bot}
        if player.bot is None:
            entry["token"] = token = new_token()
            hashes[token_hash(token)] = seat
        seats.append(entry)
    game_id = "g_" + secrets.token_hex(8)
    command = CreateGame(players, variant.rules(data["rules"]), variant.name)
    outcome = services().commands.create(game_id, variant, command, dealer=dealer, tokens=hashes)
    response = _etagged({"id": game_id, "variant": variant.name, "version": outcome.version, "seats": seats},
                        outcome.version, 201)
    response.headers["Location"] = f"/games/{game_id}"
    return response


@api.get("/games/<game_id>")
def get_game(game_id):
    state = _state(_game_id(game_id))
    return _etagged(public_table(game_id, state), state.version)


@api.get("/games/<game_id>/view")
def get_view(game_id):
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.admin:
        reader = Reader(seat=_seat_arg(), admin=True)
    state = _state(game_id)
    if reader.seat is None or not 0 <= reader.seat < len(state.players):
        raise Problem(422, "no_such_seat", "the admin must name a seat: ?seat=N")
    return _etagged(seat_view(game_id, state, reader), state.version)


def _seat_arg() -> int | None:
    value = request.args.get("seat")
    if value is None:
        return None
    if not value.isdigit():
        raise Problem(400, "invalid_request", "seat must be a whole number")
    return int(value)


# --- actions -----------------------------------------------------------------------------

@api.post("/games/<game_id>/actions")
def post_action(game_id):
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if reader.seat is None:
        raise Problem(403, "forbidden", "actions are taken with a seat token")
    variant = _variant_of(game_id)
    body = action_schema(variant.name).load(_json_body())
    expected = _if_match()
    key = request.headers.get("Idempotency-Key")
    if key is not None and not 0 < len(key) <= MAX_KEY:
        raise Problem(400, "invalid_request", f"Idempotency-Key must be 1 to {MAX_KEY} characters")
    command = command_of(variant.commands, reader.seat, body)
    rendered = {}

    def respond(described, state) -> str:
        rendered["body"] = {"version": state.version,
                            "events": [public_event(state, stored, reader) for stored in described]}
        return compact({"status": 201, "body": rendered["body"]})

    outcome = services().commands.handle(game_id, command, f"s{reader.seat}", expected=expected,
                                         key=f"s{reader.seat}:{key}" if key else None, respond=respond)
    if outcome.replayed is not None:
        saved = json.loads(outcome.replayed)
        response = _etagged(saved["body"], saved["body"]["version"], saved["status"])
        response.headers["Idempotent-Replayed"] = "true"
        return response
    return _etagged(rendered["body"], outcome.version, 201)


def _variant_of(game_id: str):
    """The game's variant (it never changes: this process's cached state will do)."""
    loaded = services().repository.cached(game_id) or services().repository.load(game_id)
    return registry.of(loaded.state)


# --- the log, hands ----------------------------------------------------------------------

@api.get("/games/<game_id>/events")
def get_events(game_id):
    _game_id(game_id)
    reader = _reader(game_id)
    after = _int_arg("after", 0, 0, 10**12)
    limit = _int_arg("limit", MAX_PAGE, 1, MAX_PAGE)
    wait = _int_arg("wait", 0, 0, services().config.max_wait_s)
    recorder = services().recorder
    if wait and recorder.version(game_id) <= after:
        if not recorder.exists(game_id):
            raise Problem(404, "not_found", "no such game")
        recorder.wait_for(game_id, after, wait)  # returns at the next append
    state = _state(game_id)
    stored = recorder.read(game_id, after, limit)
    events = [public_event(state, e, reader) for e in stored if e.version <= state.version]
    return _etagged({"version": state.version, "events": events}, state.version)


def _int_arg(name: str, default: int, lo: int, hi: int) -> int:
    value = request.args.get(name)
    if value is None:
        return default
    if not value.isdigit() or not lo <= int(value) <= hi:
        raise Problem(400, "invalid_request", f"{name} must be a whole number from {lo} to {hi}")
    return int(value)


@api.get("/games/<game_id>/hands/<int:number>")
def get_hand(game_id, number):
    state = _state(_game_id(game_id))
    first, last = _ended_span(state, number)
    recorder = services().recorder
    started = recorder.read_span(game_id, first, first)[0]
    ended = recorder.read_span(game_id, last, last)[0]
    return _etagged(hand_result(started, ended), state.version)


# --- webhooks -----------------------------------------------------------------------------

@api.put("/games/<game_id>/seats/<int:seat>/webhook")
def put_webhook(game_id, seat):
    reader = _seat_owner(game_id, seat)
    data = WEBHOOK.load(_json_body())
    try:
        url = check_url(data["url"], services().config.webhook_allow_private)
    except UrlRefused as e:
        raise Problem(422, "webhook_url_refused", str(e)) from None
    secret = new_secret()
    services().webhooks.set(game_id, reader.seat, url, secret)
    return jsonify({"seat": seat, "url": url, "secret": secret})


@api.delete("/games/<game_id>/seats/<int:seat>/webhook")
def delete_webhook(game_id, seat):
    _seat_owner(game_id, seat)
    if not services().webhooks.delete(game_id, seat):
        raise Problem(404, "not_found", "this seat has no webhook")
    return Response(status=204)


def _seat_owner(game_id: str, seat: int) -> Reader:
    _game_id(game_id)
    reader = _reader(game_id, required=True)
    if not services().recorder.exists(game_id):
        raise Problem(404, "not_found", "no such game")
    if reader.seat != seat:
        raise Problem(403, "forbidden", "a seat's webhook is set with that seat's token")
    return reader


# --- replays -------------------------------------------------------------------------------

@api.get("/games/<game_id>/hands/<int:number>/replay")
def get_replay(game_id, number):
    document = _replay(game_id, number, "json")
    return document if isinstance(document, Response) else Response(document, mimetype="application/json")


@api.get("/games/<game_id>/hands/<int:number>/replay.txt")
def get_replay_text(game_id, number):
    text = _replay(game_id, number, "txt")
    return text if isinstance(text, Response) else Response(text, mimetype="text/plain")


def _replay(game_id: str, number: int, form: str):
    _ended_span(_state(_game_id(game_id)), number)
    stored = services().replays.get(game_id, number, form)
    if stored is not None:
        return stored
    if services().jobs is not None:
        services().jobs.replay(game_id, number)  # in case the first job was lost
    response = jsonify({"status": "building", "hand": number})
    response.status_code = 202
    response.headers["Retry-After"] = "1"
    return response


# --- health and the spec -------------------------------------------------------------------

@api.get("/healthz")
def healthz():
    checks = services().health()
    ok = all(checks.values())
    response = jsonify({"status": "ok" if ok else "unavailable", "checks": checks})
    response.status_code = 200 if ok else 503
    return response


@api.get("/livez")
def livez():
    """Liveness: the process answers. Touches nothing (healthz checks the store)."""
    return jsonify({"status": "alive"})


@api.get("/openapi.yaml")
def openapi_spec():
    return Response(spec_text(), mimetype="application/yaml")
