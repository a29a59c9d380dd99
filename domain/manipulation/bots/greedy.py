"""The `greedy` bot: the solver's best play (the most cards from its hand,
then the most penalty points shed), or a draw when it cannot play."""

from ..actions import PLAY_ACTION, options, to_command
from ..play import best


def choose_greedy(view, rng):
    # the listing puts the best play first; the rest of it (every meld and lay-off) is not needed, and
    # listing it is much of a move's time in the expert's rollouts
    top = best(view.table, view.hand, view.opening)
    return to_command(view.seat, (PLAY_ACTION, top[1]) if top is not None else options(view)[0])
