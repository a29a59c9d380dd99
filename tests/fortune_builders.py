"""Helpers for Fortune tests: stacked two-deck decks and given-events."""

from collections import Counter

from domain.fortune.decide import decide
from domain.fortune.events import GameCreated, HandStarted
from domain.fortune.evolve import evolve, fold
from domain.fortune.rules import HAND_SIZE, Rules
from domain.kernel.cards import CODE, RANK, SUITS, full_pack
from domain.kernel.deals import commitment
from domain.kernel.players import Player
from tests.given import stacked


def stacked_deck(hands, upcard, stock=(), first=0):
    """The 104-card deck that deals `hands` (11 each; a shorter list is padded with
    cards of ranks it lacks, same-suit cards 4 ranks apart, so the padding melds
    nothing at small tables), turns `upcard` up and puts `stock` on top of the stock."""
    pack = Counter(full_pack(2))
    hands = [list(h) for h in hands]
    for h in hands:
        pack.subtract(h)
    pack.subtract([upcard, *stock])
    assert all(v >= 0 for v in pack.values()), "a card is used more than twice"
    for k, h in enumerate(hands):
        ranks = {RANK[c] for c in h}
        for rank in range(3, 15):
            if len(h) >= HAND_SIZE:
                break
            code = CODE[(rank, SUITS[(rank + 1 + k) % 4])]
            if rank in ranks or code == "QS" or pack[code] <= 0:
                continue
            h.append(code)
            pack[code] -= 1
        for code in sorted(pack):  # crowded tables: any card but deuces and the queen of spades
            if len(h) >= HAND_SIZE:
                break
            if pack[code] > 0 and RANK[code] != 2 and code != "QS":
                h.append(code)
                pack[code] -= 1
        for code in sorted(pack, key=lambda c: c == "QS"):  # a full table of 8: any card at all
            while len(h) < HAND_SIZE and pack[code] > 0:
                h.append(code)
                pack[code] -= 1
        assert len(h) == HAND_SIZE, "give more cards: the filler ran out"
    spare = sorted(pack.elements(), key=lambda c: (c.startswith("2"), c == "QS", c))
    deck = stacked(hands, first)
    return tuple(deck + [upcard, *stock] + spare)


def dealt(hands, upcard, stock=(), first=0, hand_no=0, **rules):
    """Given-events: a game of len(hands) players and a hand dealt as stacked."""
    n = len(hands)
    deck = stacked_deck(hands, upcard, stock, first)
    salt = "5a17"
    players = tuple(Player("ABCDEFGH"[i]) for i in range(n))
    return [GameCreated(players, Rules(**rules)),
            HandStarted(hand_no, (first - 1) % n, first, upcard, commitment(deck, salt), deck, salt)]


def when(given, command):
    return decide(fold(given), command)


def then(given, command):
    """The events of `command` appended to `given` (to chain turns)."""
    return given + when(given, command)


__all__ = ["stacked_deck", "dealt", "when", "then", "fold", "evolve"]
