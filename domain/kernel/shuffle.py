"""Deals no single party chooses: the commit-reveal protocol of docs/audit.md,
the same in every variant.

Before it knows any contribution, the server picks a secret `x` (32 random
bytes) and commits to the chain of hand secrets it stands for:

    s[CHAIN-1] = x,   s[k] = SHA-256(s[k+1]),   commitment = SHA-256(s[0])

(raw 32-byte values; hex in every record). `DealsCommitted` records the
commitment, the chain's length and the hands dealt from a deck the admin gave
(those bypass the protocol, and the log says so). Human seats may then
contribute seeds (`SeedContributed`, public at once). Hand k is dealt from

    mix  = SHA-256(UTF-8 of ",".join(f"{seat}:{seed}" for each contribution in log order))  hex
    seed = SHA-256(UTF-8 of s[k] + ":" + mix)                                                raw
    deck = deals.shuffled(full_pack(decks), seed),    salt = s[k]

so the hand's salt, which HandEnded reveals, is its secret: anyone checks
that hashing it k+1 times gives the commitment and deals the deck again, and
s[k] tells nothing of s[k+1] (a preimage of it), so later hands stay secret.

The secret never enters the log (its entries' hashes are public): the dealer
the engine is given knows it (`dealer.hand_secret(commitment, hands, hand)`),
service/app/deals.py in production, the export's revealed salts in the verifier.
"""

import hashlib
import re
from dataclasses import dataclass
from typing import NamedTuple

from .deals import Deal, Pack, cards_of, pack_of, shuffled
from .errors import InvalidAction, InvariantBroken
from .folding import advance
from .stored import StoredForm

CHAIN = 1000  # hand secrets a commitment covers: the most hands any game may have (max_hands <= 1000)
SEED = re.compile(r"[0-9a-f]{32,128}")  # a contribution: 16 to 64 bytes, lowercase hex
COMMITMENT = re.compile(r"[0-9a-f]{64}")


class Deals(NamedTuple):
    """A game's committed deals: in its state (the `deals` field) and, with the
    seeds given at creation, in `CreateGame.deals`."""
    commitment: str
    hands: int = CHAIN
    supplied: tuple[int, ...] = ()  # hands dealt from a deck the admin gave, outside the protocol
    seeds: tuple[tuple[int, str], ...] = ()  # (seat, seed) in log order

    def to_data(self) -> list:
        return [self.commitment, self.hands, list(self.supplied), [list(s) for s in self.seeds]]

    @classmethod
    def from_data(cls, data) -> "Deals | None":
        """From a snapshot; None for a game without committed deals."""
        if not data:
            return None
        commitment, hands, supplied, seeds = data
        return cls(commitment, hands, tuple(supplied), tuple((seat, seed) for seat, seed in seeds))


# --- events -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DealsCommitted:
    """The server is bound to the hand secrets of `commitment` (docs/audit.md)."""
    commitment: str
    hands: int
    supplied: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class SeedContributed:
    """A human seat's randomness, mixed into every hand dealt after it."""
    seat: int
    seed: str


#: stored as every variant stores them (kernel/stored.py): codes starting with "a", never changed
STORED = (
    StoredForm(DealsCommitted, "aC", ("commitment", "hands", "supplied")),
    StoredForm(SeedContributed, "aS", ("seat", "seed")),
)


def _deals_committed(state, e: DealsCommitted):
    return advance(state, deals=Deals(e.commitment, e.hands, tuple(e.supplied)))


def _seed_contributed(state, e: SeedContributed):
    return advance(state, deals=state.deals._replace(seeds=state.deals.seeds + ((e.seat, e.seed),)))


EVOLVERS = {DealsCommitted: _deals_committed, SeedContributed: _seed_contributed}


# --- deciding ---------------------------------------------------------------------------------

def committed(state, deals: Deals) -> list:
    """The events that bind a game just created (`state`) to `deals`: refused
    unless the commitment, the admin's hands and every seed are well formed."""
    if not isinstance(deals.commitment, str) or not COMMITMENT.fullmatch(deals.commitment):
        raise InvalidAction("a commitment is 64 lowercase hex digits")
    if not isinstance(deals.hands, int) or deals.hands < 1 or any(
            not isinstance(h, int) or not 0 <= h < deals.hands for h in deals.supplied):
        raise InvalidAction("the committed chain and the admin's hands do not fit")
    events = [DealsCommitted(deals.commitment, deals.hands, tuple(deals.supplied))]
    seats = set()
    for seat, seed in deals.seeds:
        events.append(contribution(state, seat, seed))
        if seat in seats:
            raise InvalidAction(f"seat {seat} contributes once")
        seats.add(seat)
    return events


def contribution(state, seat: int, seed: str) -> SeedContributed:
    """A human seat's seed, before the first hand is dealt (taking an open seat may carry one)."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(state.players):
        raise InvalidAction(f"no seat {seat!r} to contribute")
    if state.players[seat].bot is not None:
        raise InvalidAction(f"seat {seat} is a bot's: only people contribute randomness")
    if state.hand_spans:
        raise InvalidAction("seeds are contributed before the first hand is dealt")
    if not isinstance(seed, str) or not SEED.fullmatch(seed):
        raise InvalidAction("a seed is 32 to 128 lowercase hex digits")
    return SeedContributed(seat, seed)


# --- dealing ----------------------------------------------------------------------------------

def step(secret: str) -> str:
    """The secret one hand earlier (hex in, hex out)."""
    return _back(secret, 1)


def _back(secret: str, steps: int) -> str:
    """The secret `steps` hands earlier. Hashes the raw bytes from one step to
    the next: a deal walks about CHAIN steps, and converting to hex and back at
    each one made that three times slower (a millisecond and a half a deal)."""
    if steps <= 0:
        return secret
    raw = bytes.fromhex(secret)
    for _ in range(steps):
        raw = hashlib.sha256(raw).digest()
    return raw.hex()


def hand_secret(tip: str, hands: int, hand: int) -> str:
    """s[hand] of the chain whose last secret is `tip`."""
    return _back(tip, hands - 1 - hand)


def marks(tip: str, hands: int, every: int) -> dict[int, str]:
    """Some secrets of the chain whose last is `tip`: those of the hands every
    `every`-th from hand 0, and the tip. Any hand's secret is then at most
    `every - 1` steps from one of them (`from_marks`)."""
    kept, at = {hands - 1: tip}, hands - 1
    for hand in range((hands - 2) // every * every, -1, -every):  # the marks below the tip, downwards
        kept[hand], at = _back(kept[at], at - hand), hand
    return kept


def from_marks(kept: dict[int, str], hands: int, every: int, hand: int) -> str:
    """s[hand] walked from the nearest secret `marks` kept above it."""
    above = min(hands - 1, -(-hand // every) * every)
    return _back(kept[above], above - hand)


def commitment_of(tip: str, hands: int = CHAIN) -> str:
    return step(hand_secret(tip, hands, 0))


def reaches(secret: str, hand: int, commitment: str) -> bool:
    """Hashing hand `hand`'s secret hand+1 times gives the commitment."""
    try:
        return _back(secret, hand + 1) == commitment
    except (ValueError, TypeError):
        return False


def mix(seeds) -> str:
    return hashlib.sha256(",".join(f"{seat}:{seed}" for seat, seed in seeds).encode("utf-8")).hexdigest()


def protocol_deal(pack: Pack, secret: str, seeds) -> Deal:
    """The deal of the hand whose secret this is, with these contributions."""
    seed = hashlib.sha256(f"{secret}:{mix(seeds)}".encode("utf-8")).digest()
    return Deal(shuffled(cards_of(pack), seed), secret)


def by_protocol(deals: Deals | None, hand: int) -> bool:
    """Hand `hand` of a game with these deals is dealt by the protocol (not the admin's, not beyond the chain)."""
    return deals is not None and hand not in deals.supplied and hand < deals.hands


def next_deal(state, dealer) -> Deal:
    """The deal of the next hand: by the protocol when the game committed to its
    deals, else (an older game, the admin's deck) whatever `dealer(pack)` gives.
    A dealer that answers None to `hand_secret` cannot reveal it (a verifier
    past the end of what it holds) and deals itself."""
    deals = getattr(state, "deals", None)
    hand = state.hands_played
    pack = pack_of(state)
    if not by_protocol(deals, hand):
        return dealer(pack)
    reveal = getattr(dealer, "hand_secret", None)
    if reveal is None:
        raise TypeError("a game with committed deals needs a dealer that knows its secret")
    secret = reveal(deals.commitment, deals.hands, hand)
    if secret is None:
        return dealer(pack)
    if not reaches(secret, hand, deals.commitment):
        raise InvariantBroken(f"hand {hand}'s secret does not lead to the game's commitment")
    return protocol_deal(pack, secret, deals.seeds)
