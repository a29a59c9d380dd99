"""The folded state of a Fortune game: frozen NamedTuples (fast `_replace`)."""

from typing import NamedTuple

from ..kernel import gamestate
from ..kernel.players import Player
from ..kernel.seats import People
from ..kernel.shuffle import Deals
from .events import HandResult
from .melds import Shape
from .rules import DECKS, Rules

DRAW, PLAY, ENDED = "draw", "play", "ended"
NEW, ACTIVE, FINISHED = "new", "active", "finished"


class TableMeld(NamedTuple):
    id: str
    owner: int
    shape: Shape

    @property
    def kind(self) -> str:
        return self.shape.kind

    @property
    def cards(self) -> tuple[str, ...]:
        return self.shape.cards


class HandState(NamedTuple):
    number: int
    dealer: int
    first_seat: int
    deck: tuple[str, ...]
    salt: str
    commitment: str
    stock: tuple[str, ...]  # top first
    pile: tuple[str, ...]  # the discard pile, bottom first: pile[-1] is the face-up top
    hands: tuple[tuple[str, ...], ...]
    table: tuple[TableMeld, ...]
    points: tuple[int, ...]  # points melded this hand
    turn: int
    phase: str
    renewals: int  # how often the stock was renewed from the pile this hand
    next_meld: int
    deadline: str | None = None

    def meld(self, meld_id: str) -> TableMeld | None:
        for meld in self.table:
            if meld.id == meld_id:
                return meld
        return None

    def own_melds(self, seat: int) -> tuple[TableMeld, ...]:
        return tuple(m for m in self.table if m.owner == seat)


class GameState(NamedTuple):
    """What every variant's state offers the engine and the service."""
    version: int = 0
    status: str = NEW
    players: tuple[Player, ...] = ()
    rules: Rules = Rules()
    decks: int = DECKS
    totals: tuple[int, ...] = ()
    results: tuple[tuple[HandResult, ...], ...] = ()
    winners: tuple[int, ...] = ()
    hand: HandState | None = None
    hand_spans: tuple[tuple[int, int], ...] = ()
    variant: str = "fortune"
    people: People = People()  # who withdrew, extensions used, whether a human moved (kernel/seats.py)
    deals: Deals | None = None  # the committed deals and the seeds given (kernel/shuffle.py)

    hands_played, turn_seat, deadline, needs_deal = gamestate.PROPERTIES

INITIAL = GameState()
