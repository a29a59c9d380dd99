"""What Kalooki shows of a game: the variant's part of the public table, what
only one seat sees, and a replay frame's complete state. The table shows the
discard pile as players see it: its size and its face-up top card."""

from ..kernel import gamestate
from ..kernel import public as shown
from .state import GameState


def table_meld(m) -> dict:
    return {"id": m.id, "owner": m.owner, "kind": m.kind, "cards": list(m.cards), "wild": list(m.wild),
            "as": list(m.roles)}


def public(state: GameState) -> dict:
    hand = state.hand
    return {
        "hand": hand.number if hand else None,
        "dealer": hand.dealer if hand else None,
        "first_seat": hand.first_seat if hand else None,
        "turn": gamestate.shown_turn(state),
        **shown.piles(hand),
        "seats": shown.seats(state, lambda seat: {"opened": bool(hand.opened[seat]) if hand else False,
                                                  "out": bool(state.out[seat]) if state.out else False}),
        "table": shown.melds(hand, table_meld),
    }


private = shown.private


def replay_state(state: GameState) -> dict:
    h = state.hand
    return shown.replay_frame(h, **shown.piles_frame(h, table_meld), opened=list(h.opened), out=list(state.out),
                              renewals=h.renewals)


cards_in_play = shown.piled_cards_in_play  # stock, discard pile, hands, melds
