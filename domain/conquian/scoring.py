"""Conquian's scoring: each hand is worth a stake to its winner, raised by the
drawn hands just before it ([F]'s pool; option `draw_stakes`), and the game
ends as every scoring rummy's does (kernel/ending.py): when a sole leader
reaches `target_score` (1 by default: each deal is a game), or at `max_hands`,
the highest total winning and ties sharing."""

from ..kernel import deciding
from .events import GameEnded, HandResult
from .melds import melded
from .rules import DOUBLE, NONE


def stake(draw_stakes: str, drawn: int) -> int:
    """What a win is worth after `drawn` drawn hands in a row."""
    if draw_stakes == NONE:
        return 1
    if draw_stakes == DOUBLE:
        return 2 ** drawn
    return 1 + drawn


def results(state, winner: int | None) -> tuple[HandResult, ...]:
    """Each seat's result of the hand in `state`: the winner (None: a drawn hand) scores the stake."""
    h, won = state.hand, stake(state.rules.draw_stakes, state.drawn)
    return tuple(HandResult(seat, melded(h.melds[seat]), won if seat == winner else 0) for seat in range(2))


game_over = deciding.scoring_over(GameEnded)
