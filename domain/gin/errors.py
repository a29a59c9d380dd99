"""Gin's own rule violations (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import CONFLICT, violation

DeadwoodTooHigh = violation("DeadwoodTooHigh", "deadwood_too_high",
                            "A knock needs deadwood of at most the knock limit.")
MustShow = violation("MustShow", "must_show", "The opponent knocked: show your melds and lay-offs.", CONFLICT)
NoKnock = violation("NoKnock", "no_knock", "Nobody has knocked: there is nothing to show.", CONFLICT)
