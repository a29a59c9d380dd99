"""The `greedy` bot: the solver's best play (the most cards from its hand,
then the most penalty points shed), or a draw when it cannot play."""

from ..actions import options, to_command


def choose_greedy(view, rng):
    return to_command(view.seat, options(view)[0])  # the listing puts the best play first
