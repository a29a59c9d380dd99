"""The games themselves (docs/api.md, "Games" and "Actions"): create one, show
its public table, a seat's view, and take a seat's action."""

import json
import secrets

from flask import Blueprint, Response, request

from domain import registry
from domain.kernel.bodies import command_of
from domain.kernel.deals import explicit_deal
from domain.kernel.players import CreateGame
from projections.readers import Reader
from projections.table import public_table, seat_view

from ..app import deals, sealing
from .acting import act
from .auth import admin_sent, reads_game, seated
from .bot_games import check_room, creator_of
from .context import etagged, game_state, known_state, now_ms, services
from .limits import limited
from .new_table import NewTable
from .problems import Problem, problem_response
from .requests import fingerprint, idempotency_key, int_arg, json_body
from .schemas import CreateGameSchema, action_schema

games = Blueprint("games", __name__)

# schemas hold no per-request state: one instance each serves every request
CREATE_GAME = CreateGameSchema()


@games.post("/games")
@limited("create")
def create_game():
    body = json_body()
    key = idempotency_key()
    data = CREATE_GAME.load(body)
    variant = registry.named(data["variant"])
    dealer = None  # the application service's: committed deals (service/app/deals.py)
    if data["deck"] is not None:
        if not admin_sent():
            raise Problem(403, "forbidden", "only the admin token may give a deck")
        deck = tuple(data["deck"])
        dealer = lambda decks: explicit_deal(deck)  # noqa: E731
    table = NewTable(data, variant, request.headers.get("Authorization"))  # seats, tokens, invite
    players, seats = table.players, table.seats
    game_id = "g_" + secrets.token_hex(8)
    command = CreateGame(players, variant.rules(data["rules"]), variant.name)
    services().commands.check_create(variant, command)  # the rules' refusal, before anything is written
    creator = creator_of(table.creator_player) if table.bot_only else None
    if creator:
        check_room(creator)
    if key is None:
        response = _created(game_id, _create(game_id, variant, command, data, dealer, table), variant, seats,
                            table.answer)
        _count(creator, game_id)
        return response
    # The answer holds the seat tokens, shown once: it is kept sealed under the
    # key itself (service/app/sealing.py), and found again only with that key.
    lookup, print_ = sealing.lookup(key), fingerprint(body)
    first = services().creations.claim(lookup, print_, game_id)
    if first is not None:
        return _created_before(key, first, print_)
    try:
        outcome = _create(game_id, variant, command, data, dealer, table)
    except Exception:
        services().creations.release(lookup)
        raise
    response = _created(game_id, outcome, variant, seats, table.answer)
    services().creations.complete(lookup, print_, game_id, sealing.seal(key, response.get_data(as_text=True)))
    _count(creator, game_id)
    return response


def _count(creator: str | None, game_id: str) -> None:
    """A bot-only game made: it counts against its creator until it ends (service/http/bot_games.py)."""
    if creator:
        services().creators.add(creator, game_id, now_ms())


def _create(game_id: str, variant, command, data: dict, dealer, table: NewTable):
    """Create the game bound to committed deals (service/app/deals.py): an offered
    commitment is taken here, after the Idempotency-Key's check, so a request
    replayed takes nothing; the lobby's record is written once nothing can refuse
    the game but the store."""
    try:
        command = deals.committed(services().commands.dealer, command, data["commitment"], data["seeds"],
                                  admin_deck=data["deck"] is not None)
    except ValueError as e:
        field = "seeds" if isinstance(e, deals.SeedRefused) else "commitment"
        raise Problem(422, "invalid_request", str(e), extra={"errors": {field: [str(e)]}}) from None
    table.record(game_id)
    return services().commands.create(game_id, variant, command, dealer=dealer, tokens=table.hashes)


def _created(game_id: str, outcome, variant, seats, answer: dict) -> Response:
    response = etagged({"id": game_id, "variant": variant.name, "version": outcome.version, "seats": seats,
                         "status": outcome.state.status, **answer}, outcome.version, 201)
    response.headers["Location"] = f"/games/{game_id}"
    return response


def _created_before(key: str, first: dict, print_: str) -> Response:
    """The answer to a POST /games whose Idempotency-Key was used before."""
    if first["fingerprint"] != print_:
        raise Problem(422, "idempotency_key_reused", "this Idempotency-Key was used with another request")
    if first["sealed"] is None:
        response = problem_response(409, "request_in_progress",
                                    "a request with this Idempotency-Key is still being answered; retry")
        response.headers["Retry-After"] = "1"
        return response
    body = json.loads(sealing.unseal(key, first["sealed"]))
    response = etagged(body, body["version"], 201)
    response.headers["Location"] = f"/games/{first['game']}"
    response.headers["Idempotent-Replayed"] = "true"
    return response


@games.get("/games/<game:game_id>")
def get_game(game_id):
    state = game_state(game_id)
    return etagged(public_table(game_id, state), state.version)


@games.get("/games/<game:game_id>/view")
@reads_game(required=True)
def get_view(game_id, reader):
    seat = int_arg("seat", None, 0, 99)  # checked for every caller; only the admin's names a seat
    if reader.admin:
        reader = Reader(seat=seat, admin=True)
    state = game_state(game_id)
    if reader.seat is None or not 0 <= reader.seat < len(state.players):
        raise Problem(422, "no_such_seat", "the admin must name a seat: ?seat=N")
    return etagged(seat_view(game_id, state, reader), state.version)


@games.post("/games/<game:game_id>/actions")
@limited("actions")
@seated()
def post_action(game_id, reader):
    state = known_state(game_id)
    if reader.seat in state.people.withdrawn:  # for good: a state that shows it is never stale about it
        raise Problem(409, "withdrawn", "this seat resigned or forfeited: the bot plays it now")
    variant = registry.of(state)
    raw = json_body()
    body = action_schema(variant.name).load(raw)
    return act(game_id, reader, command_of(variant.commands, reader.seat, body), raw)
