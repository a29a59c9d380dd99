"""Iceberg's rules as pure Python: cards, melds, scoring, commands, events, the
Game aggregate (decide/evolve) and bot policies. Standard library only."""
