"""How ill a hand imagined for the other seat fits what that seat was seen to
do, were it the greedy bot: the expert's model of the other hand
(kernel/expert/determinize.py weighs its deals by it).

The hand's `record` holds every public step. Walking it back from now, the
other seat's hand before each of its steps is its hand after, with the card it
threw put back and the card it took taken out; at each step greedy's own rule
(greedy.py) is asked whether it would have done what the seat did:

* a discard: greedy throws a card that leaves the least deadwood (then the
  highest, then the fewest partners), and knocks instead when it can;
* a card taken from the pile (or the upcard): greedy takes a card only when it
  lowers its deadwood; a draw from the stock (or a pass) says it would not
  have lowered it with the card then on top.

Which card a draw from the stock brought is not known: the walk takes it to be
the card thrown that turn (greedy's commonest turn: a card it has no use
for), or, when that card was one seen taken before, another card of the hand;
so a hand further back is a guess, and only the last `TURNS` of the seat's
turns are read. The count of steps greedy would not have taken is the
surprise; a hand that lacks a card the seat was seen to take and has not
thrown since cannot be, and counts `IMPOSSIBLE` for each such card.
"""

from ..deadwood import best_knock, knockable
from ..state import FROM_STOCK, PASSED, TAKEN, THROWN
from .greedy import discards, takes

TURNS = 10  # the other seat's turns read back from now
IMPOSSIBLE = 2 * TURNS + 2  # a card seen taken that the imagined hand lacks: more than the walk can count


def surprise(known, hands, seat: int) -> int:
    """The steps of the other seat, in the last TURNS of its turns, that greedy
    with the hand `hands` gives it would not have taken."""
    h = known.hand
    other = 1 - seat
    hand, pile = list(hands[other]), list(h.discards)
    record, limit = h.record, known.rules.knock_limit
    missing = len(_held_in_sight(record, other) - set(hand))
    if missing:  # each counted alike, so a deal that holds one more of them is nearer
        return IMPOSSIBLE * missing
    count, turns, thrown = 0, 0, None
    for i in range(len(record) - 1, -1, -1):
        move = record[i]
        if move.seat != other:  # the pile as it was before this seat's own step
            if move.kind == THROWN:
                pile.pop()
            elif move.kind == TAKEN:
                pile.append(move.card)
            continue
        if move.kind == THROWN:
            if turns == TURNS:
                break
            turns += 1
            pile.pop()
            hand.append(move.card)
            taken = record[i - 1].card if i and record[i - 1].kind == TAKEN else None
            count += not _would_throw(hand, move.card, taken, limit)
            thrown = move.card
        elif move.kind == TAKEN:
            hand.remove(move.card)  # held: checked above
            count += not takes(hand, move.card)
            pile.append(move.card)
        elif move.kind == FROM_STOCK:
            drawn = _drawn(hand, thrown, record, i)
            if drawn is not None:
                hand.remove(drawn)
            if pile and not _forced(record, i):
                count += takes(hand, pile[-1])
        elif move.kind == PASSED:
            count += takes(hand, move.card)
    return count


def _would_throw(hand, card, taken, limit: int) -> bool:
    """Whether greedy, holding `hand` (eleven cards), throws `card` without knocking."""
    left = best_knock(hand)
    if any(c != taken for c in knockable(left, limit)):
        return False  # it would have knocked
    return card in discards(hand, taken, left)


def _held_in_sight(record, seat: int) -> set:
    """The cards `seat` was seen to take from the pile and has not thrown since."""
    held = set()
    for move in record:
        if move.seat == seat and move.kind == TAKEN:
            held.add(move.card)
        elif move.seat == seat and move.kind == THROWN:
            held.discard(move.card)
    return held


def _drawn(hand, thrown, record, i: int):
    """The guess at the card the draw at `i` brought: the card thrown that turn,
    or, if that card is one the seat was seen to take earlier, the last card of
    the hand not seen taken (None if every card was)."""
    earlier = {m.card for m in record[:i] if m.kind == TAKEN and m.seat == record[i].seat}
    if thrown is not None and thrown in hand and thrown not in earlier:
        return thrown
    return next((c for c in reversed(hand) if c not in earlier), None)


def _forced(record, i: int) -> bool:
    """Whether the draw at `i` was the stock's by rule (both passed the first upcard)."""
    return i >= 2 and record[i - 1].kind == PASSED and record[i - 2].kind == PASSED
