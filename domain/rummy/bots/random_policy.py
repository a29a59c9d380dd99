"""The `random` bot: uniform over the listed legal actions."""

from ..actions import options, to_command


def choose_random(view, rng):
    return to_command(view.seat, rng.choice(options(view)))
