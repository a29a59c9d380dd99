"""Where each seat finished in a game that has ended, read from its result
alone (`GameEnded.winners` and `totals`) and the seats that withdrew, the same
for every variant: what ratings (projections/ratings.py) rank players by.

The winners share the first place. The other seats still in the game follow
by how far their total is from the winners' total, the nearest first: in a
variant where the highest total wins that is highest first, where the lowest
wins (penalty scoring) lowest first, so no variant has to say which it is.
Equal distances share a place. Seats that resigned or forfeited share the
last place whatever their totals (they could not win). A game that ended
without a winner (aborted, abandoned) has no places.
"""


def places(winners, totals, withdrawn=()) -> tuple[int, ...] | None:
    """Each seat's place, 1 the best, tied seats sharing one (standard
    competition ranking: 1, 2, 2, 4); None when nobody won."""
    if not winners:
        return None
    best = totals[winners[0]]
    keys = {}
    for seat, total in enumerate(totals):
        if seat in winners:
            keys[seat] = (0, 0)
        elif seat in withdrawn:
            keys[seat] = (2, 0)
        else:
            keys[seat] = (1, abs(total - best))
    order = sorted(keys.values())
    return tuple(order.index(keys[seat]) + 1 for seat in range(len(totals)))
