"""Finding and joining games (docs/api.md, "Players, the lobby and play by mail"): the
lobby of listed games, taking an open seat by invite, and a player's inbox."""

import hmac
import re

from flask import Blueprint, jsonify, request

from domain.kernel.errors import SeatNotOpen
from domain.kernel.seats import TakeSeat
from projections.lobby import inbox_entry, lobby_entry

from ..app import inbox
from ..app.tokens import new_token, token_hash
from ..store.errors import ConcurrencyError, GameNotFound
from ..store.players import player_field
from .auth import admin_sent, as_player, current_player
from .context import now_ms, services
from .limits import limited
from .player_schemas import JoinSchema
from .problems import Problem
from .requests import int_arg, json_body

lobby = Blueprint("lobby", __name__)

JOIN = JoinSchema()
STATUSES = ("active", "open", "finished")
JOIN_TRIES = 8  # open seats taken by others while we tried: try the next one this often


@lobby.get("/me/games")
@as_player
def get_my_games(player):
    """The player's games, a page at a time: their turns first (the soonest
    deadline first), then the others (service/app/inbox.py); or their finished
    ones, ended last first. Only the page's games are read."""
    status = request.args.get("status")
    if status is not None and status not in STATUSES:
        raise Problem(400, "invalid_request", "status must be active, open or finished")
    limit = int_arg("limit", 20, 1, 1000)  # a page: what a screen shows, so a page costs the same for 5 games or 500
    after = _cursor(request.args.get("cursor"))
    player_id = player["id"]
    svc = services()
    if not svc.players.inbox_built(player_id):  # a player made before the index: built once
        svc.inbox.build(player_id, lambda game_id: _seat_state(game_id, player_id))
    moved = []  # games of the page the index placed on the wrong side of "my turn" (their follow-up is late)
    count = svc.players.inbox_count(player_id, below=inbox.MY_TURNS_BELOW)  # before the page places any again
    if status == "finished":
        games, last = _page(svc.players.finished_page, player_id, after, limit, "finished")
    else:
        games, last = _page(svc.players.inbox_page, player_id, after, limit, status, moved)
    return jsonify({"my_turn_count": count + sum(moved), "games": games,
                    "next_cursor": f"{last[0]}.{last[1]}" if last is not None else None})


CURSOR = re.compile(r"(\d{1,16})\.(g_[0-9a-f]{16})")


def _cursor(given: str | None) -> tuple[int, str] | None:
    """The last entry of the page before: (its score, its game), as next_cursor gave it."""
    if given is None:
        return None
    found = CURSOR.fullmatch(given)
    if found is None:
        raise Problem(400, "invalid_request", "cursor must be a next_cursor this endpoint gave")
    return int(found[1]), found[2]


def _page(read, player_id: str, after, limit: int, status: str | None, moved: list | None = None):
    """Up to `limit` entries of an index from `after` on, each read from its game
    as it is now, those of another status passed over (an open game among the
    active ones, or one that finished since it was placed); and the last entry
    read if more may follow, else None."""
    svc = services()
    games = []
    while len(games) < limit:
        wanted = limit - len(games)
        page = read(player_id, after, wanted)
        for game_id, at in page:
            after = (at, game_id)
            state, seat = _seat_state(game_id, player_id)
            if state is None:
                continue
            if state.status == "finished" and status != "finished":
                svc.players.file_finished(player_id, game_id, now_ms())  # its follow-up was lost
                continue
            entry = inbox_entry(game_id, state, seat, svc.lobby.name(game_id))
            if moved is not None and entry["my_turn"] != (at < inbox.MY_TURNS_BELOW):
                # read between an append and its follow-up: counted as it is, and placed again
                moved.append(1 if entry["my_turn"] else -1)
                svc.inbox.place(player_id, game_id, state, seat)
            if status is None or state.status == status:
                games.append(entry)
        if len(page) < wanted:
            return games, None
    return games, after


def _seat_state(game_id: str, player_id: str):
    """(state, the player's seat) of a game of the index; (None, None) for an
    entry of a seat the player never got (its append was refused), dropped."""
    svc = services()
    seat = svc.players.seat_in(game_id, player_id)
    if seat is None and svc.archiver is not None and svc.archiver.bring_back(game_id):
        seat = svc.players.seat_in(game_id, player_id)  # an archived game, back for a while
    try:
        state = svc.repository.load(game_id).state if seat is not None else None
    except GameNotFound:
        state = None
    if state is None:
        svc.players.forget(player_id, game_id)
        return None, None
    return state, seat


@lobby.get("/lobby")
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


@lobby.post("/games/<game:game_id>/join")
@limited("create")
def join_game(game_id):
    """Take an open seat: with the invite (a listed game needs none), as a
    player (their token) or anonymously under a name; 201 with a seat token."""
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
        joined = now_ms()
        svc.players.will_sit(game_id, player["id"], joined, inbox.OTHERS - joined)
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
    if admin_sent():
        raise Problem(403, "forbidden", "the admin does not take seats")
    return current_player()


def _invited(info: dict | None, invite: str | None) -> bool:
    if not info or not info["invite"] or not invite:
        return False
    return hmac.compare_digest(token_hash(invite), info["invite"])


def _open_seat(game_id: str) -> int:
    """The first open seat of the game as it is now (the domain refuses a game without one)."""
    state = services().repository.load(game_id).state
    return next((seat for seat, p in enumerate(state.players) if p.name is None), 0)
