"""Keeping a saved answer that holds secrets (the seat tokens a created game
shows once) readable only by whoever holds the Idempotency-Key it answers.

The key never reaches storage: records are found by `lookup(key)`, a SHA-256
of the key with a purpose label, and sealed with AES-GCM under a key derived
from it with HKDF, so a copy of the database yields neither the tokens nor a
way to ask for them again.
"""

import base64
import hashlib
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

_INFO = b"iceberg: a saved answer to an idempotent request"


def lookup(key: str) -> str:
    return hashlib.sha256(b"iceberg idempotency lookup:" + key.encode("utf-8")).hexdigest()


def _cipher(key: str) -> AESGCM:
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_INFO).derive(key.encode("utf-8"))
    return AESGCM(derived)


def seal(key: str, plaintext: str) -> str:
    nonce = os.urandom(12)
    return base64.b64encode(nonce + _cipher(key).encrypt(nonce, plaintext.encode("utf-8"), None)).decode()


def unseal(key: str, sealed: str) -> str | None:
    """The plaintext, or None if this key did not seal it."""
    raw = base64.b64decode(sealed)
    try:
        return _cipher(key).decrypt(raw[:12], raw[12:], None).decode("utf-8")
    except (InvalidTag, ValueError):
        return None
