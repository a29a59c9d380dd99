"""Rummy under each of its variations: the conformance suite's properties
(tests/conformance.py: every game ends, every card in one place, listed actions
accepted, illegal ones refused, nothing leaks, replays, stored forms ...) on
random games played with the options on, where the suite itself plays the
defaults; and the export of each passes `iceberg verify`."""

from dataclasses import replace

import pytest

from domain import registry
from domain.rummy.rules import Rules
from tests.conformance import CHECKS, export_verifies, simulate

VARIATIONS = [
    {"melds_per_turn": "any", "discard_to_go_out": True},
    {"layoff_after_own_meld": True, "rummy_bonus": "double"},
    {"scoring": "penalty", "stock_renewals": 0},
    {"rummy_bonus": "plus10", "stock_renewals": 3, "discard_to_go_out": True, "layoff_after_own_meld": True},
]


class _Varied:
    """A rules type that gives the variation's options (the game's rules are still Rummy's own `Rules`)."""

    options = Rules.options

    def __init__(self, variation):
        self.variation = variation

    def from_dict(self, data):
        return Rules.from_dict({**self.variation, **(data or {})})


@pytest.fixture(scope="module")
def signer(tmp_path_factory):
    from service.app.signing import Signer

    return Signer(str(tmp_path_factory.mktemp("signing")))


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("variation", VARIATIONS, ids=lambda v: ",".join(f"{k}={v[k]}" for k in v))
def test_rummy_conforms_under_each_variation(variation, players, signer):
    variant = replace(registry.named("rummy"), rules_type=_Varied(variation))
    for seed, timed in ((0, False), (1, True)):
        game = simulate(variant, players, seed, timed=timed)
        assert all(getattr(game.final.rules, k) == v for k, v in variation.items())
        for check in CHECKS:
            check(game)
        export_verifies(game, signer)
