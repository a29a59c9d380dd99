"""The worked example of the rules (docs/rules/iceberg.md): the deal, the stock,
every turn as commands and as the API's action bodies, and its results. The
one copy every test uses."""

from domain.iceberg.commands import Discard, Draw, LayOff, Meld, Pickup
from domain.kernel.bodies import body_of
from tests.builders import dealt, stacked_deck

A = ["9S", "8S", "7S", "JH", "3H", "QD", "AD"]
B = ["KS", "JS", "3S", "QH", "JD", "8D", "JC"]
C = ["6S", "10D", "9D", "4D", "2D", "KC", "QC"]
STOCK = ["3C", "6C", "AC", "QS"]
#: A's hand without its ace: for tests that want no ace in the first turn
A_NO_ACE = A[:-1] + ["10S"]

TURNS = [
    Draw(0), Meld(0, ("9S", "8S", "7S")), Discard(0, "JH"),
    Draw(1), Meld(1, ("JD", "JC")), Discard(1, "8D"),
    Pickup(2), Draw(2), LayOff(2, "m2", ("JH",)), LayOff(2, "m1", ("6S",)), Discard(2, "2D"),
    Pickup(0), Draw(0), Meld(0, ("3H", "3C")), Meld(0, ("QD", "QS")), Discard(0, "8D"),
]
#: (seat, action body) for each turn: what a client posts
BODIES = [(command.seat, body_of(command)) for command in TURNS]

TOTALS_MULTIPLIER = [100, -120, -20]
TOTALS_BONUS = [70, -120, 10]


def deck():
    return stacked_deck([A, B, C], STOCK)


def given_deal():
    """Given-events: the game created and the example's hand dealt."""
    return dealt([A, B, C], stock=STOCK)
