"""What everyone at the table knows a seat holds: the cards it took from a
face-up pile and has not played since (the hand's `in_sight`, kernel/hands.py).

A card taken from the discard pile is seen going into the taker's hand; it
stays known there until a card of the same kind leaves that hand (with two
decks nobody can tell which of two like cards was played, so the known one is
counted gone first). The expert bot's view shows these cards in the other
hands (kernel/masking.py): its imagined deals then give them to the seat that
took them, never to the stock, as a person watching the table would.

A variant whose face-up pile is taken in sight (Gin, Rummy, Kalooki, Fortune)
names that pile's field to its evolver (kernel/evolving.py), which keeps
`in_sight` after each event of a seat's own move; for any other variant it stays ().
"""


def keeping(handle, pile: str):
    """`handle` (evolving an event of a seat's own move) also keeping that seat's
    `in_sight`: the cards it took off the top of `pile` in sight, less the cards of
    those kinds that left its hand. An event that takes nothing, by a seat
    known to hold nothing, costs a comparison."""
    def kept(state, event):
        after = handle(state, event)
        hand, was = after.hand, state.hand
        if hand is None or was is None or hand is was or len(hand.hands) != len(was.hands):
            return after  # no hand in play before and after (a deal, the end of a game)
        seat = event.seat
        taken = _taken(getattr(was, pile), getattr(hand, pile))
        known = hand.in_sight[seat] if hand.in_sight else ()
        if not taken and not known:
            return after
        held = _held(known, taken, was.hands[seat], hand.hands[seat])
        in_sight = list(hand.in_sight) if hand.in_sight else [()] * len(hand.hands)
        in_sight[seat] = held
        return after._replace(hand=hand._replace(in_sight=tuple(in_sight)))
    return kept


def _taken(before: tuple, after: tuple) -> tuple:
    """The cards gone from the top of a pile (bottom first, top last): those above what the two share."""
    if len(after) >= len(before) and after[:len(before)] == before:
        return ()
    common = 0
    for old, new in zip(before, after):
        if old != new:
            break
        common += 1
    return before[common:]


def _held(known: tuple, taken: tuple, before: tuple, after: tuple) -> tuple:
    """The cards known to be in a hand after an event: those known before and
    those taken in sight, less as many of each kind as left the hand."""
    held = []
    for card in dict.fromkeys(known + taken):  # each kind once, in the order first known
        gained, have = taken.count(card), after.count(card)
        gone = max(0, before.count(card) + gained - have)
        held += [card] * max(0, min(known.count(card) + gained - gone, have))
    return tuple(held)
