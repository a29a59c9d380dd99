"""Helpers for Gin's tests: stacked decks, a hand dealt as given events, and
commands decided on the fold of given events."""

from domain.gin.cards import DECK
from domain.gin.decide import decide, run
from domain.gin.events import GameCreated, HandEnded, HandResult, HandStarted
from domain.gin.evolve import fold
from domain.gin.rules import Rules
from domain.kernel.deals import commitment
from domain.kernel.players import Player
from tests.given import given_when_then

SALT = "5a17"
PLAYERS = (Player("Ann"), Player("Bob"))


def stacked_deck(non_dealer, dealer, upcard, stock=()):
    """A full deck dealing `non_dealer` and `dealer` their 10 cards one at a time
    (the non-dealer first), then `upcard`, then `stock` on top of the stock; the
    rest of the pack follows in Gin order."""
    assert len(non_dealer) == len(dealer) == 10
    deck = [c for pair in zip(non_dealer, dealer) for c in pair] + [upcard] + list(stock)
    assert len(set(deck)) == len(deck), "a card is stacked twice"
    return tuple(deck + [c for c in DECK if c not in deck])


def started(hand, dealer, deck, salt=SALT):
    return HandStarted(hand, dealer, deck[20], commitment(deck, salt), tuple(deck), salt)


def dealt(non_dealer, dealer_cards, upcard, stock=(), dealer=0, hand=0, before=None, **rules):
    """Given-events: a game of Ann (seat 0) and Bob (seat 1), and a hand dealt as
    stacked with `dealer` dealing (by default Ann deals and Bob plays first)."""
    deck = stacked_deck(non_dealer, dealer_cards, upcard, stock)
    if before is None:
        before = [GameCreated(PLAYERS, Rules(**rules))]
    return list(before) + [started(hand, dealer, deck)]


def played_hand(hand, dealer, scores, reason, won_deadwood=(0, 0)):
    """Given-events: a whole earlier hand, only its start and its result (for
    games already under way)."""
    deck = DECK
    results = tuple(HandResult(s, won_deadwood[s], scores[s], 0) for s in (0, 1))
    return [started(hand, dealer, deck), HandEnded(hand, reason, results, deck, SALT)]


when, after = given_when_then(fold, decide, run)
