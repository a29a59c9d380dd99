"""Seat tokens, player tokens, invite codes and the admin token.

A seat token is 32 random bytes (URL-safe text), shown once when the game is
created and stored only as its SHA-256, so a copy of the database holds no
usable token. Player tokens (`pt_`) and invite codes (`iv_`) are made and kept
the same way. Tokens never go into events or logs.
"""

import hashlib
import hmac
import re
import secrets


def new_token() -> str:
    return "st_" + secrets.token_urlsafe(32)


PLAYER_TOKEN = "pt_"  # a player's personal token: acts for that player's seat in every game


def new_player_token() -> str:
    return PLAYER_TOKEN + secrets.token_urlsafe(32)


def new_creator_token() -> str:
    """A bot-only game's creator token: whoever holds it may end that game (POST /games/{id}/abort)."""
    return "ct_" + secrets.token_urlsafe(32)


def new_invite() -> str:
    """An invite code: whoever holds it may take an open seat of its game."""
    return "iv_" + secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def is_admin(token: str | None, admin_token: str | None) -> bool:
    if not token or not admin_token:
        return False
    return hmac.compare_digest(token.encode("utf-8"), admin_token.encode("utf-8"))


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer <token>` header, if well formed."""
    if not authorization:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


#: what a token looks like in text: a prefix of ours and its random part, or a query's access_token
_IN_TEXT = re.compile(r"\b(st|pt|un|iv|ct|whsec)_[A-Za-z0-9_-]{6,}|(access_token=)[^&\s\"]*")


def redacted(text: str) -> str:
    """Text with every token in it replaced by its kind (`un_…`): for logs, which never hold a token."""
    return _IN_TEXT.sub(lambda m: f"{m.group(1)}_…" if m.group(1) else f"{m.group(2)}…", text)
