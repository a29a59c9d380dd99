"""The rating a variant's `standing` gives a hand in play: the seat's lead over
the best of the others, in the variant's points, squashed to (0, 1)."""

import math


def lead(mine: float, others, scale: float) -> float:
    """½ when level, towards 1 (0) as the seat leads (trails) by several `scale`s."""
    return 0.5 + 0.5 * math.tanh((mine - max(others)) / scale)
