"""Games of bots only (API.md "Games"; docs/api.md, "Games of bots only"):
nobody's turn waits on them, so they are held to a share of the server.

- A creator (the player whose token made the request, else the client
  address) has at most ICEBERG_BOT_GAMES_PER_CREATOR of them going at once:
  one more is 409 `too_many_bot_games`, and nothing is written.
- The creation's answer holds a `creator_token` (`ct_…`, shown once, kept as
  its SHA-256): with it, with the creating player's token, or with the admin
  token, `POST /games/{id}/abort` ends the game (`GameEnded`, reason
  `aborted`).
- Their bots play at a bounded pace, after every game with a person in it
  (service/app/followups.py, workers/bots.py).
"""

import hashlib
import hmac

from flask import request

from ..app.followups import bot_only
from ..app.tokens import PLAYER_TOKEN, bearer, is_admin, token_hash
from ..store.errors import GameNotFound
from .auth import player_by_token
from .clients import client_key
from .context import known_state, services
from .problems import Problem


def creator_of(player_id: str | None) -> str:
    """The creator a bot-only game counts against: the player, else the address (hashed, never kept as it is)."""
    if player_id:
        return "p:" + player_id
    address = client_key(request.remote_addr or "")
    return "a:" + hashlib.sha256(address.encode()).hexdigest()[:32]


def check_room(creator: str) -> None:
    """409 when the creator has as many bot-only games going as allowed."""
    allowed = services().config.bot_games_per_creator
    going = services().creators.going(creator, _finished)
    if len(going) >= allowed:
        raise Problem(409, "too_many_bot_games",
                      f"at most {allowed} games of bots only may be going at once for one creator; "
                      "let one finish or end it (POST /games/{id}/abort with its creator token)",
                      extra={"games": going})


def _finished(game_id: str) -> bool:
    try:
        return services().repository.load(game_id).state.status == "finished"
    except GameNotFound:
        return True


def may_end(game_id: str) -> bool:
    """Whether the request's token may end this game as its creator or the admin: only a bot-only game."""
    token = bearer(request.headers.get("Authorization"))
    if token is None:
        return False
    try:
        state = known_state(game_id)
    except GameNotFound:
        return False  # the seat's path answers
    if not bot_only(state.players):
        return False
    if is_admin(token, services().config.admin_token):
        return True
    creator = (services().lobby.info(game_id) or {}).get("creator") or {}
    if token.startswith("ct_"):
        if creator.get("token") and hmac.compare_digest(token_hash(token), creator["token"]):
            return True
        raise Problem(401, "unauthorized", "that is not this game's creator token")
    if token.startswith(PLAYER_TOKEN) and creator.get("player"):
        return player_by_token(token_hash(token)) == creator["player"]
    return False
