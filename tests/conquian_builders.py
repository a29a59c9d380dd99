"""Helpers for Conquian's tests: stacked 40-card decks, a hand dealt as given
events, and commands decided on the fold of given events."""

from domain.conquian.cards import PACK
from domain.conquian.decide import decide, run
from domain.conquian.events import GameCreated, HandEnded, HandResult, HandStarted
from domain.conquian.evolve import fold
from domain.conquian.rules import Rules
from domain.kernel.deals import commitment
from domain.kernel.players import Player
from tests.given import given_when_then

SALT = "5a17"
PLAYERS = (Player("Ann"), Player("Bob"))
ANN, BOB = 0, 1  # Ann deals unless told otherwise; Bob, the non-dealer, acts first


def stacked_deck(non_dealer, dealer, upcard, stock=()):
    """A 40-card deck dealing `non_dealer` and `dealer` their 10 cards one at a
    time (the non-dealer first), then `upcard` (deck[20]), then `stock`; the
    rest of the pack follows in its canonical order."""
    assert len(non_dealer) == len(dealer) == 10
    deck = [c for pair in zip(non_dealer, dealer) for c in pair] + [upcard] + list(stock)
    assert len(set(deck)) == len(deck), "a card is stacked twice"
    assert all(c in PACK for c in deck), "a card outside the 40-card pack"
    return tuple(deck + [c for c in PACK if c not in deck])


def started(hand, dealer, deck, upcard=True, salt=SALT):
    return HandStarted(hand, dealer, deck[20] if upcard else None, commitment(deck, salt), tuple(deck), salt)


def dealt(non_dealer, dealer_cards, upcard, stock=(), dealer=ANN, hand=0, before=None, **rules):
    """Given-events: a game of Ann (seat 0) and Bob (seat 1) and a hand dealt as
    stacked, Ann dealing by default (so Bob is offered the upcard first)."""
    deck = stacked_deck(non_dealer, dealer_cards, upcard, stock)
    if before is None:
        before = [GameCreated(PLAYERS, Rules(**rules))]
    return list(before) + [started(hand, dealer, deck)]


def drawn_hand(hand, dealer=ANN):
    """Given-events: a whole earlier hand that was drawn (its start and its end)."""
    return [started(hand, dealer, PACK), HandEnded(hand, "drawn", (HandResult(0, 0, 0), HandResult(1, 0, 0)), PACK,
                                                   SALT)]


when, after = given_when_then(fold, decide, run)
