"""What the server signs (docs/audit.md, "Signatures"): short statements as
canonical JSON (keys sorted, no spaces, UTF-8), so anyone can rebuild the
exact bytes from what an export or an answer shows."""

import json


def canonical(value) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def checkpoint_message(game: str, hand: int | None, version: int, hash_: str) -> bytes:
    """The chain of `game` up to `version` ends with `hash_`: signed when hand
    `hand` has ended (None: when the game has)."""
    return canonical({"statement": "iceberg-checkpoint/1", "game": game, "hand": hand, "version": version,
                      "hash": hash_})


def commitment_message(commitment: str, hands: int, issued: str) -> bytes:
    """The server committed to the hand secrets of `commitment` at `issued`,
    before it was told of any seed."""
    return canonical({"statement": "iceberg-commitment/1", "commitment": commitment, "hands": hands,
                      "issued": issued})
