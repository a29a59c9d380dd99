"""Fortune Rummy (Howard Fosdick after John Scarne), a scoring rummy for 2-8
players with two decks, wild deuces and a 50-point queen of spades: its rules
(docs/rules/fortune.md) as a variant of the registry.

Modules: rules (options), commands, events, stored, state, decide and evolve,
melds (roles, shapes, points), solver (the exact meld-points solver), scoring,
actions (legal actions), views, bots, public, transcript, snapshot; record
builds the Variant.
"""

from .record import VARIANT

__all__ = ["VARIANT"]
