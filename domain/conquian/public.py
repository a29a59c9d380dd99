"""What Conquian shows of a game: the variant's part of the public table, what
only one seat sees (its hand), a replay frame's complete state, and where
every card of the hand is. Everything but the hands and the stock's order is
face up: both seats' melds, the exposed card and the dead pile."""

from ..kernel import public as shown
from ..kernel.variant import PUBLIC, SECRET
from .melds import kind_of, melded
from .scoring import stake
from .state import ENDED, GameState


def _melds(melds) -> list[dict]:
    return [{"kind": kind_of(meld), "cards": list(meld)} for meld in melds]


def public(state: GameState) -> dict:
    hand = state.hand
    return {
        **shown.heading(state),
        "stock": hand.stock if hand else 0,
        "exposed": hand.exposed if hand and hand.phase != ENDED else None,
        "dead": list(hand.dead) if hand else [],
        "stake": stake(state.rules.draw_stakes, state.drawn),
        "seats": shown.seats(state, lambda seat: {"melded": melded(hand.melds[seat]) if hand else 0,
                                                  "melds": _melds(hand.melds[seat]) if hand else []}),
    }


private = shown.private


def replay_state(state: GameState) -> dict:
    h = state.hand
    return shown.replay_frame(h, melds=[[list(meld) for meld in melds] for melds in h.melds], stock=h.stock,
                              exposed=h.exposed, dead=list(h.dead))


def cards_in_play(state: GameState) -> list:
    """Where every card of the hand is, and who sees it (kernel/variant.py)."""
    h = state.hand
    places = [("stock", SECRET, h.deck[h.stock_pos:]), ("dead pile", PUBLIC, h.dead),
              ("exposed", PUBLIC, (h.exposed,) if h.exposed else ())] + shown.hand_places(h)
    return places + [(f"seat {seat}'s melds", PUBLIC, tuple(c for meld in melds for c in meld))
                     for seat, melds in enumerate(h.melds)]
