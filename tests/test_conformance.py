"""One conformance suite for every registered variant and every number of
players it seats: games played at random to their end (one with bots of
every policy and people choosing among the listed actions, one timed game of
people with committed deals and turns left to time out), and every property
of tests/conformance.py checked on them. A variant gets all of it by being
registered (domain/registry.py); a probe variant that only this file hosts
passes it, and probes that break it (a hidden card shown, a card lost) fail.
"""

from dataclasses import replace
from functools import cache

import pytest

from domain import registry
from tests import probe_variant
from tests.conformance import (
    CHECKS,
    Game,
    every_card_in_exactly_one_place,
    export_verifies,
    nothing_leaks,
    simulate,
)

CASES = [(name, players) for name, variant in sorted(registry.VARIANTS.items())
         for players in range(variant.players[0], variant.players[1] + 1)]


@cache
def games(name: str, players: int) -> tuple[Game, ...]:
    """The games the suite checks a variant on, played once per run."""
    variant = registry.named(name)
    return simulate(variant, players, 0, timed=False), simulate(variant, players, 1, timed=True)


@pytest.fixture(scope="module")
def signer(tmp_path_factory):
    """The server's signing key, as `iceberg serve` keeps it (service/app/signing.py), for the exports' checkpoints."""
    from service.app.signing import Signer

    return Signer(str(tmp_path_factory.mktemp("signing")))


@pytest.mark.parametrize("name, players", CASES, ids=[f"{name}-{n}" for name, n in CASES])
@pytest.mark.parametrize("check", CHECKS, ids=[check.__name__ for check in CHECKS])
def test_every_variant_conforms(check, name, players):
    for game in games(name, players):
        check(game)


@pytest.mark.parametrize("name, players", CASES, ids=[f"{name}-{n}" for name, n in CASES])
def test_every_finished_game_s_export_passes_verify(name, players, signer):
    for game in games(name, players):
        lines = export_verifies(game, signer)
        assert any(line.startswith("checkpoints:") and "signatures checked" in line for line in lines), lines


def test_the_suite_covers_every_variant_and_every_number_of_players():
    assert {name for name, _ in CASES} == set(registry.VARIANTS) >= {"iceberg", "gin", "fortune"}
    assert ("fortune", 8) in CASES and ("gin", 2) in CASES and ("gin", 3) not in CASES


# --- a variant defined here, and broken copies of it ----------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_probe_variant_registered_here_passes_the_whole_suite(players, signer):
    with registry.hosting(probe_variant.VARIANT) as variant:
        for game in (simulate(variant, players, 0, timed=False), simulate(variant, players, 1, timed=True)):
            for check in CHECKS:
                check(game)
            export_verifies(game, signer)
    assert "probe" not in registry.VARIANTS


def _leaky_public(state) -> dict:
    """The probe's table, and the top card of the stock, which nobody may see."""
    shown = probe_variant.public(state)
    if state.hand is not None and state.hand.stock_pos < len(state.hand.deck):
        shown["next"] = state.hand.deck[state.hand.stock_pos]
    return shown


def test_a_probe_that_shows_a_hidden_card_fails_the_suite():
    with registry.hosting(replace(probe_variant.VARIANT, public=_leaky_public)) as variant:
        game = simulate(variant, 2, 0, timed=False)
        with pytest.raises(AssertionError, match="the public table shows anyone .* which it has not seen"):
            nothing_leaks(game)
        every_card_in_exactly_one_place(game)  # it leaks, it loses nothing


def _losing_evolve(state, event):
    """The probe's evolve, but a discard never reaches the pile."""
    after = probe_variant.evolve(state, event)
    if isinstance(event, probe_variant.CardDiscarded):
        after = after._replace(hand=after.hand._replace(pile=after.hand.pile[:-1]))
    return after


def test_a_probe_that_loses_a_card_fails_the_suite():
    with registry.hosting(replace(probe_variant.VARIANT, evolve=_losing_evolve)) as variant:
        game = simulate(variant, 2, 0, timed=False)
        with pytest.raises(AssertionError, match="the cards in play are not the deck: .* missing"):
            every_card_in_exactly_one_place(game)
