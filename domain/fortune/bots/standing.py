"""How well a seat stands in a hand being played, for the expert bot's short
rollouts (kernel/expert/search.py): each seat's hand total were the hand to end now,
as the chance of winning the hand (`python -m bench.standing` fitted SCALE and BIAS)."""

from ...kernel.expert.standing import lead
from ..scoring import hand_results

SCALE, BIAS = 186, 0.14  # greedy against greedy, 300 games: 40 and 0 were overconfident


def standing(state, seat: int) -> float:
    totals = [r.total for r in hand_results(state)]
    return lead(totals[seat], totals[:seat] + totals[seat + 1:], SCALE, BIAS)
