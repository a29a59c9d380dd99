"""The conformance suite's check that nothing leaks (tests/conformance.py runs
it with the others): while a hand is played, no reader is shown a card it has
not seen, through the public table, a seat's view, a bot's view or an event."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import TYPE_CHECKING

from domain.kernel.eventdata import event_type, to_data
from domain.kernel.events import HandStarted
from domain.kernel.variant import PUBLIC
from projections.readers import Reader
from projections.redaction import redact
from projections.table import public_table, seat_view

if TYPE_CHECKING:
    from tests.conformance import Game

GAME_ID = "g_00000000c0ffee00"


def cards_shown(value, stand_ins, deck: set) -> set[str]:
    """Every card code of the hand's deck anywhere in `value` (dicts, lists,
    tuples, records), but in fields that name what a wild card stands for."""
    if isinstance(value, str):
        return {value} if value in deck else set()
    if isinstance(value, dict):
        return set().union(*(cards_shown(v, stand_ins, deck) for k, v in value.items() if k not in stand_ins))
    if hasattr(value, "_fields"):
        return cards_shown(value._asdict(), stand_ins, deck)
    if is_dataclass(value) and not isinstance(value, type):
        return cards_shown({f.name: getattr(value, f.name) for f in fields(value)}, stand_ins, deck)
    if isinstance(value, (list, tuple, set, frozenset)):
        return set().union(*(cards_shown(v, stand_ins, deck) for v in value))
    return set()


def nothing_leaks(game: Game) -> None:
    """While a hand is played, what each seat is shown (its view of the table,
    the view its bot sees, the events as it may read them) and what anyone is
    shown (the public table, the events) hold no card but those the reader has
    seen: in a place the variant says it sees, or everyone does, at some
    moment of the hand so far."""
    variant, known, stand_ins, deck = game.variant, {}, set(game.variant.stand_ins), set()
    for step in game.steps:
        state = step.before
        for event in step.events:
            state = variant.evolve(state, event)
            if isinstance(event, HandStarted):
                known = {reader: set() for reader in [None, *range(len(state.players))]}
                deck = set(state.hand.deck)
            if state.hand is None or state.hand.phase == "ended":
                continue  # a hand over is public, all of it
            for _, seen_by, cards in variant.cards_in_play(state):
                for reader in known if seen_by == PUBLIC else [seen_by] if seen_by in known else []:
                    known[reader].update(cards)
            for reader in known:
                shown = redact(variant, event_type(event), to_data(event), state.hands_played, _reader(reader),
                               state.hands_played)
                _no_leak(reader, shown, known, stand_ins, deck, f"{event!r} as shown")
        state = step.after
        if state.hand is None or state.hand.phase == "ended":
            continue
        _no_leak(None, public_table(GAME_ID, state), known, stand_ins, deck, "the public table")
        for seat in range(len(state.players)):
            _no_leak(seat, seat_view(GAME_ID, state, Reader(seat=seat)), known, stand_ins, deck, "the seat's view")
            _no_leak(seat, variant.see(state, seat), known, stand_ins, deck, "what its bot sees")
            _no_leak(seat, variant.expert_view(state, seat), known, stand_ins, deck, "what its expert bot sees")


def _reader(seat) -> Reader:
    return Reader() if seat is None else Reader(seat=seat)


def _no_leak(reader, shown, known, stand_ins, deck, what: str) -> None:
    leaked = cards_shown(shown, stand_ins, deck) - known[reader]
    who = "anyone" if reader is None else f"seat {reader}"
    assert not leaked, f"{what} shows {who} {sorted(leaked)}, which it has not seen"
