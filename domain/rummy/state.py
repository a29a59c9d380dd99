"""The folded state of a Rummy game: frozen NamedTuples (fast `_replace`)."""


from ..kernel import games, gamestate, hands, tables
from ..kernel.tables import TableMeld
from .events import HandResult
from .rules import Rules

DRAW, PLAY, ENDED = "draw", "play", gamestate.ENDED  # a hand's phases


class HandState(hands.hand_state(
        **hands.DEALT, **hands.PILED, table=tuple[TableMeld, ...],
        points=tuple[int, ...],  # the value of the cards each seat laid on the table this hand (not a score)
        **hands.PLAYING,
        taken=str | None,  # the card the seat to play took from the discard pile this turn
        melds_now=int,  # new melds the seat to play has laid this turn
        played_now=bool,  # the seat to play has melded or laid off this turn
        played=tuple[bool, ...],  # each seat melded or laid off in an earlier turn of the hand
        bare=tuple[bool, ...])):  # each seat emptied its hand without going out (discard_to_go_out)
    __slots__ = ()

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)

    def owns_meld(self, seat: int) -> bool:
        return any(m.owner == seat for m in self.table)


class GameState(games.game_state("rummy", Rules, HandResult, HandState)):
    """A Rummy game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
