"""Shared kernels: what every variant builds on, so a variant's package holds
only what is its own (docs/architecture.md, "Where a new variant goes"):
cards and packs, deals and their commitments, the rules options every rummy
has, the shared events and commands with their stored forms, how the shared
events change a game and how the shared steps are decided, the game's state
and its snapshots, a table of melds, the words of a hand, rule violations,
players and seats, turn deadlines, meld shapes, and the Variant record. A
kernel imports only other kernels and the standard library, never a variant
(tests/test_layering.py)."""
