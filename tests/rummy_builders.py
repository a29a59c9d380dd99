"""Helpers for Rummy tests: stacked one-deck decks and given-events."""

from domain.kernel.cards import ONE_DECK, RANK, SUIT
from domain.kernel.deals import commitment
from domain.kernel.players import Player
from domain.rummy.commands import DISCARD_PILE, STOCK, Discard, Draw
from domain.rummy.decide import decide
from domain.rummy.events import GameCreated, HandStarted
from domain.rummy.evolve import evolve, fold
from domain.rummy.rules import Rules, hand_size
from tests.given import stacked


def _place(card: str) -> int:
    return 1 if RANK[card] == 14 else RANK[card]


def _lonely(card: str, hand) -> bool:
    """No card of the hand shares the card's rank or sits within two places of it in its suit."""
    return all(RANK[c] != RANK[card] and not (SUIT[c] == SUIT[card] and abs(_place(c) - _place(card)) <= 2)
               for c in hand)


def stacked_deck(hands, upcard, stock=(), first=0):
    """The 52-card deck that deals `hands` (a shorter list is padded with cards
    that meld with nothing in it, where the pack allows), turns `upcard` up and
    puts `stock` on top of the stock; the rest of the stock follows."""
    n = len(hands)
    size = hand_size(n)
    used = [c for h in hands for c in h] + [upcard, *stock]
    assert len(set(used)) == len(used), "a card is used twice"
    spare = [c for c in ONE_DECK if c not in used]
    hands = [list(h) for h in hands]
    for h in hands:
        for card in list(spare):
            if len(h) >= size:
                break
            if _lonely(card, h):
                h.append(card)
                spare.remove(card)
        while len(h) < size:  # crowded tables: any card
            h.append(spare.pop(0))
        assert len(h) == size, f"a hand of {len(h)} cards: {size} are dealt"
    deck = stacked(hands, first)
    return tuple(deck + [upcard, *stock] + spare)


def dealt(seats, upcard, stock=(), first=0, hand_no=0, **rules):
    """Given-events: a game of len(seats) players and a hand dealt as stacked (`seats`: each one's cards)."""
    n = len(seats)
    deck = stacked_deck(seats, upcard, stock, first)
    salt = "5a17"
    players = tuple(Player("ABCDEF"[i]) for i in range(n))
    return [GameCreated(players, Rules(**rules)),
            HandStarted(hand_no, (first - 1) % n, first, upcard, commitment(deck, salt), deck, salt)]


def when(given, command):
    return decide(fold(given), command)


def then(given, *commands):
    """The events of `commands`, one after another, appended to `given` (to chain turns)."""
    for command in commands:
        given = given + when(given, command)
    return given


def drained(given):
    """`given`, then turns of drawing the stock's top card and discarding it
    until the stock is empty: the pile is the upcard, then the stock, in order."""
    state = fold(given)
    while state.hand.stock:
        seat = state.hand.turn
        card = state.hand.stock[0]
        given = then(given, Draw(seat, STOCK), Discard(seat, card))
        state = fold(given)
    return given


__all__ = ["stacked_deck", "dealt", "when", "then", "drained", "fold", "evolve", "STOCK", "DISCARD_PILE"]
