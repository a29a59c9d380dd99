"""The questions the engine and the service ask of every variant's state,
answered once from the fields all of them have: `status`, `results` (one
entry per finished hand) and `hand` (with its `turn`, `phase` and `deadline`).

A variant's state is a typed NamedTuple (fast `_replace`, frozen), which can
take no mixin, so it takes these as properties in its class body:

    hands_played, turn_seat, deadline, needs_deal = gamestate.PROPERTIES
"""

NEW, ACTIVE, FINISHED = "new", "active", "finished"  # a game's status
OPEN = "open"  # created with a seat still to be taken: no hand is dealt until the last one is
ENDED = "ended"  # the phase of a hand that is over


def playing(state) -> bool:
    """A hand is being played: dealt, and not over."""
    return state.hand is not None and state.hand.phase != ENDED


def shown_turn(state) -> dict | None:
    """Whose turn it is and in what phase, as the public table shows it (None between hands)."""
    hand = state.hand
    return {"seat": hand.turn, "phase": hand.phase} if playing(state) else None


def _hands_played(state) -> int:
    return len(state.results)


def _turn_seat(state) -> int | None:
    """The seat that must act now; None between hands and once the game is over."""
    hand = state.hand
    if state.status != ACTIVE or hand is None or hand.phase == ENDED:
        return None
    return hand.turn


def _deadline(state) -> str | None:
    """The running turn's deadline (play by mail), if it has one."""
    return state.hand.deadline if _turn_seat(state) is not None else None


def _needs_deal(state) -> bool:
    """The game goes on but no hand is being played: deal the next one."""
    return state.status == ACTIVE and (state.hand is None or state.hand.phase == ENDED)


PROPERTIES = (property(_hands_played), property(_turn_seat), property(_deadline), property(_needs_deal))
