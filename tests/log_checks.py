"""Checks of a stored game log with the rules tests' invariants."""

from domain import registry
from domain.iceberg.events import CardDiscarded, HandEnded, HandStarted
from tests.invariants import Checker


def check_log(store, game_id):
    """Fold the whole stored log event by event with the property tests' checker
    (every card in one place after every event, versions without gaps), check
    the hash chain, the turn order, and totals against hand results."""
    stored = store.read(game_id)
    assert [e.version for e in stored] == list(range(1, len(stored) + 1))
    assert store.verify(game_id) == []
    variant = registry.named(stored[0].data.get("variant"))
    events = [variant.event(e.type, e.data) for e in stored]
    checker = Checker()
    from domain.iceberg.evolve import fold

    final = fold(events)
    checker(None, events, final)
    n = len(final.players)
    turn = None
    for e in events:  # seats discard in turn order: no turn is played twice
        if isinstance(e, HandStarted):
            turn = e.first_seat
        elif isinstance(e, CardDiscarded):
            assert e.seat == turn, f"seat {e.seat} discarded on seat {turn}'s turn"
            turn = (turn + 1) % n
    ended = [e for e in events if isinstance(e, HandEnded)]
    assert tuple(sum(h.results[s].total for h in ended) for s in range(n)) == final.totals
    return final, stored
