"""How the events every rummy shares change a game's state, the same in every
variant, and the one way a variant's `evolve` is put together.

A variant writes one small function per event type of its own (its deal, its
draws and melds); the game's creation, the end of a hand, the end of the game,
deadlines and time-outs, seats and deals are evolved here, for every
variant's state (kernel/gamestate.py: its `hand` has `phase`, `turn` and
`deadline`; its `results` one entry per finished hand).

    evolve, fold = evolver(STORED, {ev.HandStarted: _hand_started, ...}, INITIAL)

Every event type of the variant that names a seat is that seat's own move
(kernel/events.py): the first such move by a human ends the time in which the
game may be aborted (kernel/seats.py).
"""

from dataclasses import fields

from . import events, seats, shuffle
from .folding import advance
from .gamestate import ENDED, FINISHED
from .turns import DeadlineSet, TurnTimedOut


def game_created(state, e: events.GameCreated):
    n = len(e.players)
    return advance(state, players=e.players, rules=e.rules, **seats.created(e.players),
                   decks=e.rules.deck_count(n), totals=(0,) * n, variant=e.variant)


def hand_begun(state, hand):
    """The state once `hand` (the variant's HandState, just dealt) is being played."""
    return advance(state, hand=hand, hand_spans=state.hand_spans + ((state.version + 1, 0),))


def hand_ended(state, e: events.HandEnded):
    """Each seat's result adds its score (the field its HandResult names `scored`) to
    the seat's total; the hand is over, and so is any deadline of its last turn."""
    totals = tuple(t + getattr(r, r.scored) for t, r in zip(state.totals, e.results, strict=True))
    first, _ = state.hand_spans[-1]
    return advance(state, totals=totals, results=state.results + (e.results,),
                   hand=state.hand._replace(phase=ENDED, deadline=None),
                   hand_spans=state.hand_spans[:-1] + ((first, state.version + 1),))


def game_ended(state, e: events.GameEnded):
    return advance(state, status=FINISHED, winners=e.winners, totals=e.totals)


def deadline_set(state, e: DeadlineSet):
    return advance(state, hand=state.hand._replace(deadline=e.deadline))


def turn_timed_out(state, e: TurnTimedOut):
    return advance(state)  # the turn that follows is played with ordinary events


#: the shared events' evolvers, found through the kernel class a variant's class extends
SHARED = {events.GameCreated: game_created, events.HandEnded: hand_ended, events.GameEnded: game_ended}
#: the kernel's own events, in every variant's log
BOOKKEEPING = {DeadlineSet: deadline_set, TurnTimedOut: turn_timed_out, **seats.EVOLVERS, **shuffle.EVOLVERS}


def evolver(forms, own: dict, initial):
    """(evolve, fold) of a variant whose events are stored as `forms` (its own
    stored forms) and evolved by `own` (event class -> function) where the
    kernel does not evolve them (or the variant does more); `fold` starts from
    `initial` unless given a state."""
    handlers = {}
    for form in forms:
        kind = form.type
        handle = own.get(kind) or next((SHARED[base] for base in kind.__mro__ if base in SHARED), None)
        if handle is None:
            raise TypeError(f"nothing evolves {kind.__name__}")
        handlers[kind] = seats.noting(handle) if _names_a_seat(kind) else handle
    handlers.update(BOOKKEEPING)

    def evolve(state, event):
        return handlers[type(event)](state, event)

    def fold(events_, state=initial):
        for event in events_:
            state = handlers[type(event)](state, event)
        return state

    return evolve, fold


def _names_a_seat(kind) -> bool:
    return getattr(kind, "move", True) and any(f.name == "seat" for f in fields(kind))
