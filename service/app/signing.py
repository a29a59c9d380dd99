"""The server's Ed25519 key (docs/audit.md, "Signatures"): kept in the data
directory (ICEBERG_DATA_DIR) as `signing.key`, PKCS#8 PEM, mode 0600, made on
first use and the same ever after (every server process of one deployment
must share it); its public half is served at GET /.well-known/iceberg-keys.

A key's id (`kid`) is the first 32 hex digits of the SHA-256 of its raw
32-byte public key, so an auditor who holds the key holds its id."""

import base64
import hashlib
import os
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

KEY_FILE = "signing.key"
ALG = "Ed25519"


def key_id(public: bytes) -> str:
    return hashlib.sha256(public).hexdigest()[:32]


class Signer:
    def __init__(self, data_dir: str):
        self._key = _load_or_create(Path(data_dir) / KEY_FILE)
        raw = self._key.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
        self.public, self.kid = raw.hex(), key_id(raw)

    def sign(self, message: bytes) -> str:
        """The Ed25519 signature of `message` (hex); the same every time (Ed25519 is deterministic)."""
        return self._key.sign(message).hex()

    def described(self) -> dict:
        return described(self.public)


def described(public: str) -> dict:
    """A public key (hex) as the export lists it and /.well-known/iceberg-keys serves it (a JWK, and hex)."""
    x = base64.urlsafe_b64encode(bytes.fromhex(public)).rstrip(b"=").decode()
    return {"kid": key_id(bytes.fromhex(public)), "alg": ALG, "public": public,
            "kty": "OKP", "crv": "Ed25519", "x": x, "use": "sig"}


def signature_holds(public: str, message: bytes, signature: str) -> bool:
    """Whether `signature` (hex) is the Ed25519 signature of `message` under `public` (hex, raw 32 bytes)."""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(bytes.fromhex(signature), message)
    except (InvalidSignature, ValueError, TypeError):
        return False
    return True


def _load_or_create(path: Path) -> Ed25519PrivateKey:
    """The key in `path`; a new one written there first if there is none. The
    new key is written whole to a private file of its own, then linked into
    place, so two processes starting together end up with the same key."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not path.exists():
        key = Ed25519PrivateKey.generate()
        pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
        draft = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(pem)
                f.flush()
                os.fsync(f.fileno())
            try:
                os.link(draft, path)  # fails if another process was first: its key it is
            except FileExistsError:
                pass
        finally:
            draft.unlink(missing_ok=True)
    os.chmod(path, 0o600)
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError(f"{path} holds no Ed25519 private key")
    return key
