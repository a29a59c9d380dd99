"""The invariants every game keeps, checked event by event: shared by the
property tests and every test that checks a stored log."""

from collections import Counter

from domain.iceberg.commands import Draw
from domain.iceberg.events import HandStarted
from domain.iceberg.evolve import evolve
from domain.iceberg.state import INITIAL
from domain.kernel.cards import full_pack


def cards_everywhere(state) -> Counter:
    """Every card of the hand in play, wherever it is: each must be in one place."""
    h = state.hand
    places = Counter(h.deck[h.stock_pos:])
    for seat in range(len(state.players)):
        places.update(h.hands[seat])
        places.update(h.aces[seat])
    for meld in h.table:
        places.update(meld.cards)
    places.update(card for card in h.waiting if card is not None)
    return places


class Checker:
    """Follows a game event by event and checks the invariants as it goes."""

    def __init__(self):
        self.log = []
        self.state = INITIAL
        self.actions_this_hand = 0

    def __call__(self, command, events, state_after):
        if isinstance(command, Draw):
            assert self.state.hand.stock > 0, "the stock is never empty at a draw"
        if command is not None:
            self.actions_this_hand += 1
            assert self.actions_this_hand < 5000, "every hand ends"
        for event in events:
            before = self.state.version
            self.state = evolve(self.state, event)
            assert self.state.version == before + 1, "versions have no gaps"
            self.log.append(event)
            if self.state.hand is not None:
                assert cards_everywhere(self.state) == Counter(full_pack(self.state.decks))
            if isinstance(event, HandStarted):
                self.actions_this_hand = 0
        assert self.state == state_after, "folding event by event equals the batch's state"
