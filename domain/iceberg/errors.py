"""Iceberg's own rule violation (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import CONFLICT, violation

MustPickUp = violation("MustPickUp", "must_pick_up", "A passed card waits: pick it up first.", CONFLICT)
