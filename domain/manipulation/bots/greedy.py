"""The `greedy` bot: the solver's best play (the most cards from its hand,
then the most penalty points shed), or a draw when it cannot play."""

from ..actions import best_option, options, to_command


def choose_greedy(view, rng):
    # the listing puts the best play first; the rest of it (every meld and lay-off) is not needed, and
    # listing it is much of a move's time in the expert's rollouts
    return to_command(view.seat, best_option(view) or options(view)[0])
