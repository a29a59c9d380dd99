"""What every variant's `evolve` and `decide` do the same way: step a frozen
state to its next version, replace one seat's entry of a tuple, take cards out
of a seat's hand, and refuse a command to a game that is not being played."""

from . import errors as err
from .cards import remove_cards


def advance(state, **changes):
    """The state one event later: the version moves on with the changes."""
    return state._replace(version=state.version + 1, **changes)


def replace_at(values: tuple, index: int, value) -> tuple:
    return values[:index] + (value,) + values[index + 1:]


def take(hand, seat: int, cards) -> tuple:
    """`hand.hands` with these cards gone from the seat's (a valid log always has them)."""
    rest = remove_cards(hand.hands[seat], cards)
    assert rest is not None, f"seat {seat} does not hold {cards}"
    return replace_at(hand.hands, seat, rest)


def check_game(state) -> None:
    """A command needs a game that was created, has started and is not over."""
    if state.status == "new":
        raise err.NoGame("the game has not been created")
    if state.status == "finished":
        raise err.GameOver("the game is over")
    if state.status == "open":
        raise err.NotStarted("the game has not started: a seat is still open")
