"""The folded state of an Iceberg game: frozen typed NamedTuples (kernel/games.py)."""


from ..kernel import games, gamestate, hands, tables
from ..kernel.tables import TableMeld
from .events import HandResult
from .rules import Rules

PICKUP, DRAW, PLAY, ENDED = "pickup", "draw", "play", gamestate.ENDED  # a hand's phases
HAND_SIZE = 7


class HandState(hands.hand_state(
        number=int, first_seat=int, **hands.DECK, stock_pos=int,  # deck[stock_pos] is the top of the stock
        **hands.CARDS, aces=tuple[tuple[str, ...], ...],  # face up in front of each seat
        waiting=tuple[str | None, ...],  # waiting[i]: the card passed to seat i
        table=tuple[TableMeld, ...], points=tuple[int, ...],  # melding points this hand
        **hands.TURN, aces_up=int,
        last_ace=bool,  # the last ace is up: the hand ends with this turn
        next_meld=int)):
    __slots__ = ()
    stock = property(hands.stock_left)

    def meld(self, meld_id: str) -> TableMeld | None:
        return tables.find(self.table, meld_id)


class GameState(games.game_state("iceberg", Rules, HandResult, HandState)):
    """An Iceberg game: the fields every game has (kernel/games.py), no more."""
    __slots__ = ()


INITIAL = GameState()
