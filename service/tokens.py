"""Seat tokens and the admin token.

A seat token is 32 random bytes (URL-safe text), shown once when the game is
created and stored only as its SHA-256, so a copy of the database holds no
usable token. Tokens never go into events or logs.
"""

import hashlib
import hmac
import secrets


def new_token() -> str:
    return "st_" + secrets.token_urlsafe(32)


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
