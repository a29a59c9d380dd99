"""Gin rummy: two players, one 52-card deck, the ace low; melds of a rank
(3 or 4 cards) or of a suit in sequence (3+ cards), knocking at 10 deadwood or
less, gin at 0, lay-offs by the defender (docs/VARIANTS.md, "Gin").

So far: Gin's cards (`cards`), melds (`melds`) and the exact deadwood solvers
(`deadwood`); the variant is registered elsewhere."""
