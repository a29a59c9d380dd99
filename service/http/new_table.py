"""The seats of a new game (POST /games): named seats as before, bots, the
caller's own seat (`{"player": "me"}`, with a player token) and open seats
(`{"open": true}`), taken later with the game's invite code; the game's name,
and whether the lobby lists it (docs/api.md, "Players, the lobby and play by mail").

`NewTable` turns the checked body into the players of `CreateGame`, the token
hashes the creating append records (a seat token per human seat, and the
caller's player), the seats of the answer and the rest of it (name, listed,
the invite, shown once). `record` writes what the lobby and the caller's
inbox need, before that append.
"""

from flask import current_app

from domain.kernel.players import Player

from ..app import inbox
from ..app.followups import bot_only
from ..app.tokens import PLAYER_TOKEN, bearer, new_creator_token, new_invite, new_token, token_hash
from ..store.codec import epoch_ms
from ..store.players import player_field
from .auth import player_by_token
from .names import shown_name
from .problems import Problem
from .schemas import GAME_NAME, CallerSeat


def services():
    return current_app.extensions["iceberg"]


class NewTable:
    def __init__(self, data: dict, variant, authorization: str | None):
        asked = list(data["players"])
        mine = [i for i, p in enumerate(asked) if isinstance(p, CallerSeat)]
        self.player_id, own_name = _caller(authorization) if mine else (None, None)
        if len(mine) > 1:
            raise Problem(422, "invalid_request", "one seat per player: `{\"player\": \"me\"}` at most once")
        me = mine[0] if mine else None
        self.players = tuple(Player(p.name or own_name) if seat == me else p for seat, p in enumerate(asked))
        opened = any(p.name is None for p in self.players)
        if opened and data["deck"] is not None:
            raise Problem(422, "invalid_request", "a deck is dealt at once: not in a game with open seats")
        self.seats, self.hashes = [], {}
        for seat, player in enumerate(self.players):
            entry = {"seat": seat, "name": player.name, "bot": player.bot}
            if player.name is None:
                entry["open"] = True
            elif player.bot is None:
                entry["token"] = token = new_token()
                self.hashes[token_hash(token)] = seat
            if seat == me:
                entry["player"] = self.player_id
                self.hashes[player_field(self.player_id)] = seat
            self.seats.append(entry)
        self.name = _game_name(data["name"], self.players, variant)
        self.listed = bool(data["listed"]) and opened
        self.invite = new_invite() if opened else None
        self.answer = {"name": self.name, "listed": self.listed}
        if self.invite:
            self.answer["invite"] = self.invite
        # a game of bots only: who may end it (service/http/bot_games.py)
        self.bot_only = bot_only(self.players)
        self.creator_token = new_creator_token() if self.bot_only else None
        self.creator_player = _player_of(authorization) if self.bot_only else None
        if self.creator_token:
            self.answer["creator_token"] = self.creator_token

    def record(self, game_id: str) -> None:
        """Before the game's first append: its name and invite, the caller's index, the lobby."""
        svc = services()
        now = epoch_ms(svc.clock())
        creator = {"token": token_hash(self.creator_token), "player": self.creator_player} if self.bot_only else None
        svc.lobby.describe(game_id, self.name, self.listed, token_hash(self.invite) if self.invite else None, now,
                           creator=creator)
        if self.player_id:
            svc.players.will_sit(game_id, self.player_id, now, inbox.OTHERS - now)
        if self.listed:
            svc.lobby.list_game(game_id, now)


def _caller(authorization: str | None) -> tuple[str, str]:
    """(id, name) of the player whose token made the request."""
    token = bearer(authorization)
    if not token:
        raise Problem(401, "unauthorized", "`{\"player\": \"me\"}` needs a player token: Authorization: Bearer pt_…")
    player_id = player_by_token(token_hash(token)) if token.startswith(PLAYER_TOKEN) else None
    record = services().players.get(player_id) if player_id else None
    if record is None:
        raise Problem(401, "unauthorized", "that is not a player token (POST /players makes one)")
    return player_id, record["name"]


def _player_of(authorization: str | None) -> str | None:
    """The player whose token made the request, if it is a player's token."""
    token = bearer(authorization)
    if not token or not token.startswith(PLAYER_TOKEN):
        return None
    return player_by_token(token_hash(token))


def _game_name(given: str | None, players, variant) -> str:
    if given is not None:
        name = shown_name(given)
        if not name or len(name) > GAME_NAME:
            raise Problem(422, "invalid_request", f"a game's name is 1 to {GAME_NAME} visible characters",
                          extra={"errors": {"name": [f"1 to {GAME_NAME} visible characters"]}})
        return name
    host = next((p.name for p in players if p.name and p.bot is None), None)
    return f"{host}'s {variant.title} game" if host else f"{variant.title} game"
