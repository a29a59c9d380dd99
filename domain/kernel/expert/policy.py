"""The `expert` policy of a variant, (view, rng) -> command like every bot,
and its thinking time (`ICEBERG_BOT_THINK_MS`, set by the worker: domain reads
no environment)."""

import random

from .search import Budget, choose

THINK_MS = 200  # the default budget of one decision
_settings = {"think_ms": THINK_MS, "clock": None}


def configure(think_ms: float = THINK_MS, clock=None) -> None:
    """The budget of every later decision; `clock` (seconds, a float) replaces time.perf_counter."""
    _settings.update(think_ms=think_ms, clock=clock)


def budget() -> Budget:
    seconds = _settings["think_ms"] / 1000
    return Budget(seconds) if _settings["clock"] is None else Budget(seconds, clock=_settings["clock"])


def expert_of(variant):
    """The variant's expert: the search (search.py) with its hand results' merit."""
    def expert(view, rng: random.Random):
        return choose(variant, view, rng, budget(), variant.merit)
    return expert
