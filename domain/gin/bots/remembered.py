"""The deadwood solvers as the bots ask them: again and again for the same
hands (the expert's rollouts above all), so each answer, a function of the
cards alone, is remembered for the last few thousand hands (~2 KB each)."""

from functools import lru_cache

from ..deadwood import best_knock as _best_knock
from ..deadwood import min_deadwood as _min_deadwood


def min_deadwood(hand) -> int:
    return _remembered_min(tuple(hand))


def best_knock(hand11) -> dict[str, int]:
    return dict(_remembered_knock(tuple(hand11)))  # a copy: the remembered one stays as it was


@lru_cache(maxsize=4096)
def _remembered_min(hand: tuple) -> int:
    return _min_deadwood(hand)


@lru_cache(maxsize=4096)
def _remembered_knock(hand11: tuple) -> dict[str, int]:
    return _best_knock(hand11)
