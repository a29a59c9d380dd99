"""Who is calling, declared on each view (as microblog-api does it): the
decorators below resolve the token a view needs before it runs and hand the
view what they found.

- `@reads_game()`: anyone; the view gets `reader`: public (no token), one seat
  (its seat token, or the player token of the player sitting there), or the
  admin. `required=True` answers 401 without a token; `query_token=True` also
  takes ?access_token= (a browser's EventSource cannot send headers).
- `@seated`: a seat token of this game (or its player's token); 403 for the
  admin or a token of no seat. The view gets `reader`.
- `@as_player`: a player token; the view gets `player`, the player's record.

`rate_key()` says whom a request counts against for the rate limits
(service/http/limits.py): the player or seat its token stands for, else the
client's address.
"""

from functools import wraps

from flask import g, request

from projections.readers import ADMIN, PUBLIC, Reader

from ..app.tokens import PLAYER_TOKEN, bearer, is_admin, token_hash
from .context import now_ms, services
from .problems import Problem


def player_by_token(hashed: str) -> str | None:
    """The player a player token's hash stands for, read once per request (never
    cached longer: a revoked token is refused at once in every process); its use is noted."""
    found = g.setdefault("players_by_token", {})
    if hashed not in found:
        found[hashed] = player_id = services().players.by_token(hashed)
        if player_id is not None:
            services().players.used(player_id, hashed, now_ms())
    return found[hashed]


def reader_of(game_id: str, required: bool = False, query_token: bool = False) -> Reader:
    header = request.headers.get("Authorization")
    if header is None and query_token and request.args.get("access_token"):
        header = "Bearer " + request.args["access_token"]
    if header is None:
        if required:
            raise Problem(401, "unauthorized", "this needs a seat token: Authorization: Bearer <token>")
        return PUBLIC
    token = bearer(header)
    if token is None:
        raise Problem(401, "unauthorized", "the Authorization header must be 'Bearer <token>'")
    if is_admin(token, services().config.admin_token):
        return ADMIN
    hashed = token_hash(token)
    if token.startswith(PLAYER_TOKEN):  # a player's: the seat its player has here (the seat's look is cached)
        player_id = player_by_token(hashed)
        seat = services().players.seat_in(game_id, player_id) if player_id else None
    else:
        seat = services().tokens.seat_of(game_id, hashed)
    if seat is None:
        raise Problem(401, "unauthorized", "that token is not valid for this game")
    return Reader(seat=seat)


def reads_game(required: bool = False, query_token: bool = False):
    def decorate(view):
        @wraps(view)
        def with_reader(game_id, **kwargs):
            return view(game_id, reader=reader_of(game_id, required, query_token), **kwargs)
        return with_reader
    return decorate


def seated(forbidden: str = "actions are taken with a seat token"):
    def decorate(view):
        @wraps(view)
        def with_seat(game_id, **kwargs):
            reader = reader_of(game_id, required=True)
            if reader.seat is None:
                raise Problem(403, "forbidden", forbidden)
            return view(game_id, reader=reader, **kwargs)
        return with_seat
    return decorate


def current_player() -> dict:
    """The player whose token made the request (401 without one)."""
    token = bearer(request.headers.get("Authorization"))
    if token is None:
        raise Problem(401, "unauthorized", "this needs a player token: Authorization: Bearer pt_…")
    player_id = player_by_token(token_hash(token)) if token.startswith(PLAYER_TOKEN) else None
    record = services().players.get(player_id) if player_id else None
    if record is None:
        raise Problem(401, "unauthorized", "that is not a player token (POST /players makes one)")
    return record


def as_player(view):
    @wraps(view)
    def with_player(*args, **kwargs):
        return view(*args, player=current_player(), **kwargs)
    return with_player


def admin_sent() -> bool:
    """Whether the request carries the admin token."""
    return is_admin(bearer(request.headers.get("Authorization")), services().config.admin_token)


def rate_key() -> str:
    """Whom a request counts against for the rate limits: the player its player
    token stands for, the seat its seat token stands for in this game, or else
    the client's address (behind trusted proxies, the one they forwarded:
    ICEBERG_TRUSTED_PROXIES). Never the token: the key is the player's id or the
    game and seat. A token that stands for nobody counts against the address, so
    made-up tokens buy no fresh limits. A seat token's look is cached (store/records.py:
    its seat never changes); a player token's is read once per request (it may be revoked)."""
    if "rate_key" not in g:
        g.rate_key = _rate_key()
    return g.rate_key


def _rate_key() -> str:
    token = bearer(request.headers.get("Authorization")) or request.args.get("access_token")
    if token:
        hashed = token_hash(token)
        if token.startswith(PLAYER_TOKEN):
            player_id = player_by_token(hashed)
            if player_id is not None:
                return f"player:{player_id}"
        game_id = (request.view_args or {}).get("game_id")
        seat = services().tokens.seat_of(game_id, hashed) if game_id else None
        if seat is not None:
            return f"seat:{game_id}:{seat}"
    return f"address:{request.remote_addr}"
