"""The server's side of the commit-reveal deals (docs/audit.md, "Shuffles no
single party chooses"; the protocol itself is domain/kernel/shuffle.py).

A game's secret (the last of its chain of hand secrets) is kept outside the
log, whose hashes are public: `iceberg:deals:<commitment>`, made before the
game exists. A client that will contribute a seed asks for a commitment first
(`POST /commitments`): the secret is chosen and kept as offered (an hour) before
any seed is known, and creating the game takes the offer, once. Without one,
the secret is chosen when the game is created, and the deals are the
server's alone (no seed could be given: see `SeedsNeedCommitment`).

`Dealer` is the dealer the application service plays with: a fresh random
deal for games without committed deals, each hand's secret for the others."""

import secrets
from collections import OrderedDict
from dataclasses import replace
from datetime import datetime, timedelta

from domain.kernel.deals import random_deal
from domain.kernel.shuffle import CHAIN, Deals, from_marks, marks, step

from ..store import keys

OFFER_S = 3600  # how long an offered commitment waits for its game
# A game's chain is walked once per process: every MARK-th secret is kept, so a
# deal walks at most MARK - 1 hashes instead of up to CHAIN (a thousand, half a
# millisecond on every deal, when each hand ends)
MARK = 64


class SecretLost(RuntimeError):
    """A game committed to deals whose secret the store no longer has."""


class Dealer:
    def __init__(self, redis, cache: int = 4096):
        self.redis = redis
        self._marks: OrderedDict[tuple[str, int], dict[int, str]] = OrderedDict()  # (commitment, hands) -> marks
        self._size = cache

    def __call__(self, pack):
        """A game without committed deals (or past its chain): the server's own shuffle."""
        return random_deal(pack)

    def hand_secret(self, commitment: str, hands: int, hand: int) -> str:
        kept = self._marks.get((commitment, hands))
        if kept is None:
            kept = self._keep(commitment, hands, marks(self._tip(commitment), hands, MARK))
        else:
            self._marks.move_to_end((commitment, hands))
        return from_marks(kept, hands, MARK, hand)

    def _tip(self, commitment: str) -> str:
        found = self.redis.get(keys.deal_secret(commitment))
        if found is None:
            raise SecretLost(f"no secret for the commitment {commitment}")
        return found.decode() if isinstance(found, bytes) else found

    def _keep(self, commitment: str, hands: int, kept: dict[int, str]) -> dict[int, str]:
        self._marks[(commitment, hands)] = kept
        while len(self._marks) > self._size:
            self._marks.popitem(last=False)
        return kept

    def _new_chain(self) -> tuple[str, str]:
        """A new secret and its commitment; its marks kept, since its first deal comes next."""
        tip = secrets.token_hex(32)
        kept = marks(tip, CHAIN, MARK)
        commitment = step(kept[0])
        self._keep(commitment, CHAIN, kept)
        return tip, commitment

    # --- before a game ---------------------------------------------------------------------

    def offer(self, now: datetime) -> dict:
        """A commitment to a new secret, kept for the game that takes it (POST /commitments)."""
        tip, commitment = self._new_chain()
        self.redis.set(keys.offered_deals(commitment), tip, ex=OFFER_S)
        return {"commitment": commitment, "hands": CHAIN, "expires": _iso(now + timedelta(seconds=OFFER_S))}

    def take(self, commitment: str) -> bool:
        """Take an offered commitment for the game being created: once, and only while it is offered."""
        tip = self.redis.getdel(keys.offered_deals(commitment))
        if tip is None:
            return False
        self.redis.set(keys.deal_secret(commitment), tip)
        return True

    def fresh(self) -> str:
        """A commitment to a secret chosen now, for a game created without an offer."""
        tip, commitment = self._new_chain()
        self.redis.set(keys.deal_secret(commitment), tip)
        return commitment


class SeedsNeedCommitment(ValueError):
    """Seeds given without a commitment offered before them: the server would
    choose its secret knowing them, and could grind it."""


class CommitmentUnknown(ValueError):
    """The commitment was never offered, has expired, or a game took it already."""


class SeedRefused(ValueError):
    """A seed for a seat that is not a person's, or twice for one seat."""


def committed(dealer: Dealer, command, commitment: str | None, seeds: list, admin_deck: bool):
    """`command` (a CreateGame) bound to committed deals: the offered
    `commitment` taken (or a fresh one when none is given), with the seats'
    seeds; the first hand the admin's when it gave the deck."""
    seats = [s["seat"] for s in seeds]
    for seat in seats:
        player = command.players[seat] if 0 <= seat < len(command.players) else None
        if player is None or player.bot is not None or player.name is None:
            raise SeedRefused(f"seat {seat} is not a person's: only people contribute seeds")
    if len(set(seats)) != len(seats):
        raise SeedRefused("a seat contributes one seed")
    if commitment is None:
        if seeds:
            raise SeedsNeedCommitment("a seed needs a commitment the server offered first (POST /commitments)")
        commitment = dealer.fresh()
    elif not dealer.take(commitment):
        raise CommitmentUnknown("this commitment was not offered, has expired, or was taken by another game")
    given = tuple((s["seat"], s["seed"]) for s in seeds)
    return replace(command, deals=Deals(commitment, CHAIN, (0,) if admin_deck else (), given))


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")
