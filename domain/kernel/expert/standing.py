"""The rating a variant's `standing` gives a hand in play: the seat's lead over
the best of the others, in the variant's points, squashed to (0, 1).

A rollout the search cuts short scores this rating, one that reaches the hand's
end scores 1 or 0, and the search adds the two up: so the rating should be the
seat's chance of winning the hand from there. `python -m bench.standing`
measures how far it is from that chance, greedy against greedy, and fits the
`scale` and `bias` that make it so."""

import math


def lead(mine: float, others, scale: float, bias: float = 0.0) -> float:
    """σ(bias + 2·lead/scale): ½ when level and `bias` is 0, towards 1 (0) as the seat
    leads (trails) by several `scale`s; `bias` is the edge of being the seat to move
    (the rollouts are cut as the seat begins its turn)."""
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / scale + bias / 2)
