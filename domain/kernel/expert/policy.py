"""The `expert` policy of a variant, (view, rng) -> command like every bot,
and its budget: the thinking time (`ICEBERG_BOT_THINK_MS`, set by the worker:
domain reads no environment), or a fixed number of search rounds (tests: a
decision that does not depend on the machine's speed)."""

import random
import time

from .search import Budget, choose

EXPERT = "expert"  # its name among a variant's bots
THINK_MS = 200  # the default budget of one decision
_settings = {"think_ms": THINK_MS, "clock": time.perf_counter, "rounds": None}


def configure(**changes) -> dict:
    """The budget of every later decision: `think_ms` by `clock` (seconds, a
    float), or `rounds` rounds (None: no limit) if that comes first; what is
    not given stays as it was. Returns the settings before, to restore them."""
    unknown = set(changes) - set(_settings)
    if unknown:
        raise TypeError(f"no such setting: {sorted(unknown)}")
    before = dict(_settings)
    _settings.update(changes)
    return before


def budget() -> Budget:
    return Budget(_settings["think_ms"] / 1000, _settings["rounds"], _settings["clock"])


def expert_of(variant):
    """The variant's expert: the search (search.py) with its hand results' merit."""
    def expert(view, rng: random.Random):
        return choose(variant, view, rng, budget(), variant.merit)
    return expert
