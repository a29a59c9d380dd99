"""Helpers for Kalooki tests: stacked decks (the 108-card pack) and given-events."""

from collections import Counter

from domain.kalooki.decide import decide
from domain.kalooki.events import GameCreated, HandStarted, PlayerEliminated
from domain.kalooki.evolve import evolve, fold
from domain.kalooki.rules import JOKER, Rules, deal_size
from domain.kernel.cards import CODE, RANK, SUIT, SUITS
from domain.kernel.deals import commitment
from domain.kernel.players import Player


def _filler(seat: int, given, pack: Counter, size: int) -> list[str]:
    """Cards that meld with nothing in the hand: no two of a suit within two
    ranks of each other, no rank three times (the given cards included)."""
    held = [c for c in given if c != JOKER]
    found = []
    order = [CODE[(rank, SUITS[(rank + seat + turn) % 4])] for turn in (0, 2, 1, 3) for rank in range(2, 15)]
    for code in order:
        if len(given) + len(found) >= size:
            return found
        near = any(SUIT[c] == SUIT[code] and abs(RANK[c] - RANK[code]) <= 2 for c in held)
        if pack[code] > 0 and not near and sum(1 for c in held if RANK[c] == RANK[code]) < 2:
            found.append(code)
            held.append(code)
            pack[code] -= 1
    for code in sorted(c for c in pack if c != JOKER):  # a crowded table: anything natural
        while len(given) + len(found) < size and pack[code] > 0:
            found.append(code)
            pack[code] -= 1
    return found


def stacked_deck(hands, upcard, stock=(), first=0, out=()):
    """The 108-card deck that deals `hands` (each padded to the deal size; seats
    `out` get nothing) over the seats still in from `first`, turns `upcard` up and
    puts `stock` on top of the stock (the rest after it, jokers last)."""
    n = len(hands)
    seats_in = [s for s in range(n) if s not in out]
    size = deal_size(len(seats_in))
    pack = Counter(Rules().pack(n))
    for cards in hands:
        pack.subtract(cards)
    pack.subtract([upcard, *stock])
    assert all(v >= 0 for v in pack.values()), "a card is used more than it is in the pack"
    full = {}
    for seat in seats_in:
        full[seat] = list(hands[seat]) + _filler(seat, hands[seat], pack, size)
        assert len(full[seat]) == size, "give fewer cards"
    start = seats_in.index(first)
    order = seats_in[start:] + seats_in[:start]
    deck = [None] * (size * len(order))
    for i, seat in enumerate(order):
        for j, card in enumerate(full[seat]):
            deck[i + j * len(order)] = card
    rest = sorted(pack.elements(), key=lambda c: (c == JOKER, c))
    return tuple(deck + [upcard, *stock] + rest)


def dealt(hands, upcard, stock=(), first=0, out=(), hand_no=0, **rules):
    """Given-events: a game of len(hands) players (seats `out` eliminated before)
    and a hand dealt as stacked."""
    n = len(hands)
    deck = stacked_deck(hands, upcard, stock, first, out)
    seats_in = [s for s in range(n) if s not in out]
    dealer = seats_in[(seats_in.index(first) - 1) % len(seats_in)]
    salt = "5a17"
    players = tuple(Player("ABCDEF"[i]) for i in range(n))
    return ([GameCreated(players, Rules(**rules))] + [PlayerEliminated(seat, 151) for seat in out]
            + [HandStarted(hand_no, dealer, first, upcard, commitment(deck, salt), deck, salt)])


def when(given, command):
    return decide(fold(given), command)


def then(given, command):
    """The events of `command` appended to `given` (to chain turns)."""
    return given + when(given, command)


def hand_of(given, seat: int) -> tuple[str, ...]:
    return fold(given).hand.hands[seat]


__all__ = ["stacked_deck", "dealt", "when", "then", "fold", "evolve", "hand_of"]
