"""The `expert` bot, one for every variant: information-set Monte Carlo search
over determinizations of what its seat knows (docs/bots.md)."""
