"""The folded state of a Kalooki game: frozen NamedTuples (fast `_replace`)."""


from ..kernel import games, gamestate, hands, tables
from .events import HandResult
from .melds import TableMeld
from .rules import Rules

DRAW, PLAY, ENDED = "draw", "play", gamestate.ENDED  # a hand's phases


class HandState(hands.hand_state(
        **hands.DEALT, **hands.PILED,  # a seat out of the game holds nothing
        table=tuple[TableMeld, ...],
        opened=tuple[bool, ...],  # which seats have opened this hand
        **hands.PLAYING,
        opened_now=(bool, False),  # the seat to move opened in this turn (a kalooki, if it goes out in it)
        taken=(str | None, None),  # the card the seat to move took from the pile this turn, still unplayed
        owed=(int, 0))):  # jokers the seat to move swapped this turn and has not played since
    __slots__ = ()

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)


class GameState(games.game_state("kalooki", Rules, HandResult, HandState, decks=2,
                                 out=(tuple[bool, ...], ()))):
    """A Kalooki game: the fields every game has (kernel/games.py), and which seats are out (eliminated)."""
    __slots__ = ()

    def seats_in(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(len(self.players)) if not (self.out and self.out[seat]))


INITIAL = GameState()
