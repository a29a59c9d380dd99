"""Fortune's own rule violation (kernel/errors.py has those every variant shares)."""

from ..kernel.errors import violation

QueenOfSpades = violation("QueenOfSpades", "queen_of_spades",
                          "The queen of spades is discarded only as the last card, going out.")
