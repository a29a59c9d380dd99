"""Helpers for tests: stacked decks and a game played from given events."""

from domain.engine import play
from domain.iceberg.commands import CreateGame, Player
from domain.iceberg.decide import decide
from domain.iceberg.events import GameCreated, HandStarted
from domain.iceberg.evolve import fold
from domain.iceberg.rules import Rules
from domain.iceberg.state import INITIAL
from domain.kernel.cards import full_pack
from domain.kernel.deals import Deal, commitment


def stacked_deck(hands, stock=(), decks=1, first=0):
    """A full deck that deals `hands` (one list per seat) and then `stock` on top;
    the rest of the pack follows in canonical order."""
    n = len(hands)
    deck = [None] * (7 * n)
    for seat, cards in enumerate(hands):
        assert len(cards) == 7
        for i, card in enumerate(cards):
            deck[((seat - first) % n) + i * n] = card
    deck += list(stock)
    rest = list(full_pack(decks))
    for card in deck:
        rest.remove(card)
    return tuple(deck + rest)


def fixed_dealer(*decks):
    """A dealer that hands out these decks in order (salt fixed for repeatability)."""
    queue = list(decks)

    def deal(_decks):
        return Deal(tuple(queue.pop(0)), "00" * 16)

    return deal


def new_game(players=3, deck=None, dealer=None, **rules):
    names = [Player(name) for name in "ABCDEF"[:players]]
    dealer = dealer or fixed_dealer(deck)
    events, state = play(INITIAL, CreateGame(tuple(names), Rules(**rules)), dealer)
    return events, state


def dealt(seat_hands, stock=(), decks=1, first=0, hand_no=0, **rules):
    """Given-events: a game of len(hands) players and a hand dealt as stacked."""
    n = len(seat_hands)
    deck = stacked_deck(seat_hands, stock, decks=decks, first=first)
    salt = "5a17"
    players = tuple(Player("ABCDEF"[i]) for i in range(n))
    return [GameCreated(players, Rules(decks=decks if decks != (1 if n <= 3 else 2) else "auto", **rules)),
            HandStarted(hand_no, first, commitment(deck, salt), deck, salt)]


def when(given_events, command):
    """Then-events of `command` decided on the fold of `given_events`."""
    return decide(fold(given_events), command)
