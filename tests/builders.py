"""Helpers for tests: stacked decks and a game played from given events."""

from domain.cards import full_pack
from domain.commands import CreateGame, Player
from domain.deals import Deal
from domain.evolve import fold
from domain.game import play
from domain.rules import Rules
from domain.state import INITIAL


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


def given(events):
    return fold(events)
