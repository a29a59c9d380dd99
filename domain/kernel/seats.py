"""Seats and the people in them, the same in every variant: what players do
to a game rather than in it. A seat left open at creation is taken later
(`SeatTaken`; the last one taken starts the game); a human seat may resign
(`SeatResigned`) or, in a game with `on_timeout: "forfeit"`, forfeit by letting
its turn time out (`SeatForfeited`); a seated human may abort the game before
any human has moved (`GameAborted`); the seat to move may extend its own
running deadline (`DeadlineExtended`).

A seat that resigned or forfeited is withdrawn: from then on the greedy bot
plays it (its player record becomes a greedy bot's) and it cannot win. The
decisions live in domain/seating.py; here are the commands, the events, their
stored forms (their rules options, `on_timeout`, `extensions` and `extension_s`, are
in kernel/rules.py) and how each event changes any variant's state
(`EVOLVERS`, which every variant's evolve includes).
"""

from dataclasses import dataclass
from typing import NamedTuple

from .events import FILED
from .folding import advance, replace_at
from .gamestate import ACTIVE, OPEN
from .players import Player
from .stored import StoredForm

WITHDRAWN_BOT = "greedy"  # plays a withdrawn seat, as it plays a timed-out turn


class People(NamedTuple):
    """What people did to a game, in every variant's state (its `people` field)."""
    withdrawn: tuple[int, ...] = ()  # seats that resigned or forfeited, in that order
    extensions: tuple[int, ...] = ()  # extensions used, per seat
    moved: bool = False  # a human seat has moved (a turn the timeout played counts): no abort any more

    def to_data(self) -> dict:
        return {"withdrawn": list(self.withdrawn), "extensions": list(self.extensions), "moved": self.moved}

    @classmethod
    def from_data(cls, data: dict | None) -> "People":
        """From a snapshot; one taken before seats had people has none of this."""
        if not data:
            return cls()
        return cls(tuple(data["withdrawn"]), tuple(data["extensions"]), bool(data["moved"]))


def created(players) -> dict:
    """The status and people of a game just created: open while a seat is open
    (its name is None); `moved` from the start when no seat is human (nobody
    can abort it, and no move needs a look)."""
    status = OPEN if any(p.name is None for p in players) else ACTIVE
    return {"status": status, "people": People(extensions=(0,) * len(players),
                                                moved=all(p.bot is not None for p in players))}


def noting(handle):
    """`handle` (evolving an event of a seat's own move) also noting that a human
    seat has moved, until one has (kernel/evolving.py wraps every such event's)."""
    def noted(state, event):
        after = handle(state, event)
        if after.people.moved or state.players[event.seat].bot is not None:
            return after
        return after._replace(people=after.people._replace(moved=True))
    return noted


# --- commands ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TakeSeat:
    """Take the open `seat` under `name`."""
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class Resign:
    seat: int


@dataclass(frozen=True, slots=True)
class Abort:
    """End the game before any human has moved (`seat`: who asks)."""
    seat: int


@dataclass(frozen=True, slots=True)
class Extend:
    """Move the seat's own running deadline `extension_s` later."""
    seat: int


COMMANDS = (TakeSeat, Resign, Abort, Extend)


# --- events -----------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SeatTaken:
    seat: int
    name: str
    move = False  # what people do to a game (each event here), not a move in it
    follows = (FILED,)  # who sits where is in the history of games


@dataclass(frozen=True, slots=True)
class SeatResigned:
    seat: int
    move = False


@dataclass(frozen=True, slots=True)
class SeatForfeited:
    """The seat's turn timed out in a game with `on_timeout: "forfeit"`."""
    seat: int
    move = False


@dataclass(frozen=True, slots=True)
class GameAborted:
    """`seat` ended the game before any human moved; GameEnded (`aborted`) follows."""
    seat: int
    move = False


@dataclass(frozen=True, slots=True)
class DeadlineExtended:
    """The seat to move moved its own deadline to `deadline` (UTC ISO 8601)."""
    seat: int
    deadline: str
    move = False


#: stored as every variant stores them (kernel/stored.py): codes starting with "p", never changed
STORED = (
    StoredForm(SeatTaken, "pJ", ("seat", "name")),
    StoredForm(SeatResigned, "pR", ("seat",)),
    StoredForm(SeatForfeited, "pF", ("seat",)),
    StoredForm(GameAborted, "pA", ("seat",)),
    StoredForm(DeadlineExtended, "pX", ("seat", "deadline")),
)
EVENTS = tuple(form.type for form in STORED)


# --- how each changes a game's state ----------------------------------------------------------

def _seat_taken(state, e: SeatTaken):
    players = replace_at(state.players, e.seat, Player(e.name))
    status = ACTIVE if all(p.name is not None for p in players) else state.status
    return advance(state, players=players, status=status)


def _withdrawn(state, e):
    """Resigned or forfeited: the greedy bot takes the seat over, its running deadline goes."""
    players = replace_at(state.players, e.seat, Player(state.players[e.seat].name, WITHDRAWN_BOT))
    hand = state.hand
    if hand is not None and hand.turn == e.seat and hand.deadline is not None:
        hand = hand._replace(deadline=None)
    people = state.people._replace(withdrawn=state.people.withdrawn + (e.seat,))
    return advance(state, players=players, hand=hand, people=people)


def _game_aborted(state, e: GameAborted):
    return advance(state)  # GameEnded follows


def _deadline_extended(state, e: DeadlineExtended):
    used = state.people.extensions or (0,) * len(state.players)
    people = state.people._replace(extensions=replace_at(used, e.seat, used[e.seat] + 1))
    return advance(state, hand=state.hand._replace(deadline=e.deadline), people=people)


EVOLVERS = {
    SeatTaken: _seat_taken,
    SeatResigned: _withdrawn,
    SeatForfeited: _withdrawn,
    GameAborted: _game_aborted,
    DeadlineExtended: _deadline_extended,
}
