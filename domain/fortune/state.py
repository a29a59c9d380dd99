"""The folded state of a Fortune game: frozen NamedTuples (fast `_replace`)."""

from typing import NamedTuple

from ..kernel import games, gamestate, hands, tables
from .events import HandResult
from .melds import Shape
from .rules import DECKS, Rules

DRAW, PLAY, ENDED = "draw", "play", gamestate.ENDED  # a hand's phases


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


class HandState(hands.hand_state(**hands.DEALT, **hands.PILED, table=tuple[TableMeld, ...],
                                 points=tuple[int, ...],  # points melded this hand
                                 **hands.PLAYING)):
    __slots__ = ()

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)

    def own_melds(self, seat: int) -> tuple[TableMeld, ...]:
        return tuple(m for m in self.table if m.owner == seat)


class GameState(games.game_state("fortune", Rules, HandResult, HandState, decks=DECKS)):
    """A Fortune game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
