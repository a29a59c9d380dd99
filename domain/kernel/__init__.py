"""Shared kernels: what every variant builds on (cards and packs, deals and
their commitments, rule violations, players, rules options, turn deadlines,
meld shapes, the stored form of events). A kernel imports only other kernels
and the standard library, never a variant (tests/test_layering.py)."""
