"""Deals: the deck order of a hand, its salt, and the public commitment to both.

Randomness enters the game only here, as an input: the service draws a 32-byte
seed with `secrets` and expands it with the algorithm below; the resulting order
is recorded in `HandStarted`, so folding a log never calls a random generator.

Seed expansion (documented so anyone can re-derive a deck from a seed):
  * a stream of bytes: SHA-256(seed || counter), counter = 0, 1, 2 ... as an
    8-byte big-endian integer, the digests concatenated;
  * numbers: the stream read 8 bytes at a time as big-endian unsigned integers;
  * a uniform index below k: the first number x < 2**64 - (2**64 mod k), then
    x mod k (rejection sampling, so no index is favoured);
  * the shuffle: Fisher-Yates over the game's canonical pack (`pack_of`: its
    52-card decks in `cards.full_pack` order, or the pack its variant's rules
    name, e.g. 40 cards, or two decks and jokers), for i from len-1 down to 1,
    swap i with a uniform index below i+1;
  * the salt: the hex of SHA-256(b"salt" || seed), first 32 hex digits.
"""

import hashlib
import secrets
from dataclasses import dataclass

from .cards import full_pack


@dataclass(frozen=True, slots=True)
class Deal:
    deck: tuple[str, ...]
    salt: str


@dataclass(frozen=True, slots=True)
class StartHand:
    """Deal the next hand from this deck order (top first); `salt` hides it."""
    deck: tuple[str, ...]
    salt: str


def commitment(deck, salt: str) -> str:
    """SHA-256 (lowercase hex) of `salt + ":" + ",".join(deck)`, as API.md defines."""
    return hashlib.sha256((salt + ":" + ",".join(deck)).encode("utf-8")).hexdigest()


def _numbers(seed: bytes):
    counter = 0
    while True:
        block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        for i in range(0, 32, 8):
            yield int.from_bytes(block[i:i + 8], "big")
        counter += 1


def shuffled(cards, seed: bytes) -> tuple[str, ...]:
    deck = list(cards)
    numbers = _numbers(seed)
    for i in range(len(deck) - 1, 0, -1):
        k = i + 1
        limit = 2**64 - (2**64 % k)
        x = next(numbers)
        while x >= limit:
            x = next(numbers)
        j = x % k
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


Pack = int | tuple  # a dealer is handed the game's pack: its cards, or (older callers) a number of 52-card decks


def cards_of(pack: Pack) -> tuple[str, ...]:
    """The cards of a pack as a dealer is handed it."""
    return full_pack(pack) if isinstance(pack, int) else tuple(pack)


def pack_of(state) -> tuple[str, ...]:
    """The game's whole pack in canonical order: the pack its rules name
    (`Rules.pack(players)`), else its `decks` 52-card decks."""
    named = getattr(state.rules, "pack", None)
    return named(len(state.players)) if named is not None else full_pack(state.decks)


def seeded_deal(pack: Pack, seed: bytes) -> Deal:
    """The deal a seed stands for: same seed, same deck and salt."""
    salt = hashlib.sha256(b"salt" + seed).hexdigest()[:32]
    return Deal(shuffled(cards_of(pack), seed), salt)


def random_deal(pack: Pack) -> Deal:
    """A fresh, unpredictable deal: the seed comes from `secrets`."""
    return seeded_deal(pack, secrets.token_bytes(32))


def explicit_deal(deck) -> Deal:
    """A given deck order (tests, audits, reproducing a hand) with a fresh salt."""
    return Deal(tuple(deck), secrets.token_hex(16))


def dealt(deck, first_seat: int, players: int, size: int) -> tuple[tuple[str, ...], ...]:
    """Each seat's cards: one at a time from the top of `deck`, `size` rounds,
    deck[k] to seat (first_seat + k) mod players."""
    hands = [[] for _ in range(players)]
    for k in range(size * players):
        hands[(first_seat + k) % players].append(deck[k])
    return tuple(tuple(cards) for cards in hands)
