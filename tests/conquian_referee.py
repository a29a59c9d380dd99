"""A referee for Conquian logs, written from MORE_VARIANTS.md ("Conquian",
"Independent check") and sharing no code with domain/conquian: it reads a
game's events as data (type, fields) and checks, event by event,

  * the 40-card pack, the deal (ten each, one at a time, the non-dealer first;
    the dealer from the commitment's parity, then alternating), the upcard and
    the stock, and the deck's commitment;
  * that every exposed card is the upcard, a discard or the stock card just
    turned, and that whatever is turned down, declined, left or taken is it;
  * each take: new melds = old melds + the card + the cards from hand, as
    multisets, each meld a set of 3-4 or a run of 3-8 (7-J adjacent, ace low);
  * the 10-card invariant between turns, the `forceable` flag (some own meld
    plus the card is a meld), and that a forced seat takes;
  * a win at exactly 11, a drawn hand only on a decline of a card faced at the
    start of the turn with the stock empty, and the stake arithmetic;
  * the totals and the game's end.
"""

import hashlib
from collections import Counter

ORDER = "A234567JQK"
PACK = sorted(r + s for r in ORDER for s in "SHDC")


def rank(card):
    return card[:-1]


def is_meld(cards) -> bool:
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return False
    if len(cards) <= 4 and len({rank(c) for c in cards}) == 1:
        return True
    if len(cards) > 8 or len({c[-1] for c in cards}) != 1:
        return False
    places = sorted(ORDER.index(rank(c)) for c in cards)
    return places == list(range(places[0], places[0] + len(cards)))


class Referee:
    def __init__(self):
        self.rules, self.totals, self.drawn_before, self.dealer, self.hands_played = None, [0, 0], 0, None, 0
        self.ended = False

    def check(self, kind: str, data: dict) -> None:
        assert not self.ended, f"{kind} after GameEnded"
        getattr(self, "_" + kind, self._other)(data)

    def _other(self, data):  # the kernel's bookkeeping (deadlines, seats, deals): not the rules' business
        pass

    def _GameCreated(self, data):
        self.rules = data["rules"]
        assert len(data["players"]) == 2

    def _HandStarted(self, data):
        deck, salt = data["deck"], data["salt"]
        assert sorted(deck) == PACK, "the 40-card pack"
        assert hashlib.sha256(f"{salt}:{','.join(deck)}".encode()).hexdigest() == data["deck_commitment"]
        expected = int(data["deck_commitment"], 16) % 2 if self.dealer is None else 1 - self.dealer
        assert data["dealer"] == expected, "the dealer"
        self.dealer, first = data["dealer"], 1 - data["dealer"]
        self.hand = {first: Counter(deck[0:20:2]), 1 - first: Counter(deck[1:20:2])}
        self.melds = {0: [], 1: []}
        upcard = deck[20] if self.rules["upcard"] else None
        assert data["upcard"] == upcard
        self.stock = list(deck[21:] if upcard else deck[20:])
        self.exposed, self.faced_at_start, self.pending, self.forced, self.winner = upcard, True, None, None, None
        self.passes, self.melding = 0, None
        self.first = first
        self._ten()

    def _ten(self):
        for seat in (0, 1):
            assert sum(self.hand[seat].values()) + sum(len(m) for m in self.melds[seat]) == 10, "ten cards a seat"

    def _UpcardPassed(self, data):
        self.passes += 1
        assert self.passes <= 2 and data["seat"] == (self.first if self.passes == 1 else 1 - self.first)

    def _StockCardTurned(self, data):
        assert self.exposed is None and self.stock and data["card"] == self.stock.pop(0), "the top stock card"
        self.exposed, self.faced_at_start = data["card"], False

    def _CardTurnedDown(self, data):
        assert data["card"] == self.exposed
        if self.pending is not None:  # a decline going ahead (else both passed the upcard)
            self._goes_ahead(data["card"])
        else:
            assert self.passes == 2
        self.exposed = None

    def _goes_ahead(self, card):
        """A decline goes ahead: a card not forceable, or one the opponent allowed."""
        seat, declined, forceable, waived = self.pending
        assert declined == card and (not forceable or waived), "a forceable decline waits for its answer"
        self.pending = None

    def _CardDeclined(self, data):
        card, seat = data["card"], data["seat"]
        assert card == self.exposed and self.forced is None
        fits = any(is_meld(list(m) + [card]) for m in self.melds[seat])
        assert data["forceable"] == (self.rules["forcing"] and fits), "the forceable flag"
        self.pending = (seat, card, data["forceable"], False)

    def _CardForced(self, data):
        seat, card, forceable, _ = self.pending
        assert forceable and data["seat"] == 1 - seat and data["card"] == card
        self.forced, self.pending = seat, None

    def _ForceWaived(self, data):
        seat, card, forceable, _ = self.pending
        assert forceable and data["seat"] == 1 - seat and data["card"] == card
        self.pending = (seat, card, forceable, True)

    def _CardLeft(self, data):
        assert self.pending and data["card"] == self.exposed and not self.faced_at_start, "only a turned card is left"
        self._goes_ahead(data["card"])
        self.faced_at_start = True
        self._ten()

    def _ExposedCardMelded(self, data):
        seat, card = data["seat"], data["card"]
        assert card == self.exposed and self.pending is None
        assert data["forced"] == (self.forced == seat), "forced turns take"
        old = Counter(c for m in self.melds[seat] for c in m)
        new = Counter(c for m in data["melds"] for c in m)
        from_hand = Counter(data["from_hand"])
        assert new == old + from_hand + Counter([card]), "new melds = old melds + card + cards from hand"
        assert all(self.hand[seat][c] >= n for c, n in from_hand.items()), "cards from the hand"
        assert all(is_meld(m) for m in data["melds"]), data["melds"]
        self.hand[seat] -= from_hand
        self.melds[seat] = [list(m) for m in data["melds"]]
        self.exposed, self.forced, self.passes = None, None, 2
        melded = sum(len(m) for m in data["melds"])
        assert melded <= 11
        self.winner = seat if melded == 11 else None

    def _CardDiscarded(self, data):
        seat, card = data["seat"], data["card"]
        assert self.winner is None and self.hand[seat][card] == 1 and self.exposed is None
        self.hand[seat][card] -= 1
        self.exposed, self.faced_at_start = card, True
        self._ten()

    def _HandEnded(self, data):
        results = {r["seat"]: r for r in data["results"]}
        if self.rules["draw_stakes"] == "carry":
            stake = 1 + self.drawn_before
        else:
            stake = 2 ** self.drawn_before if self.rules["draw_stakes"] == "double" else 1
        if data["reason"] == "out":
            assert self.winner is not None, "a win needs 11 melded"
            scores = {self.winner: stake, 1 - self.winner: 0}
            self.drawn_before = 0
        else:
            assert data["reason"] == "drawn" and self.winner is None
            card = self.pending[1]
            self._goes_ahead(card)
            assert not self.stock and self.faced_at_start and card == self.exposed, "drawn: declined, stock empty"
            scores = {0: 0, 1: 0}
            self.drawn_before += 1
        for seat in (0, 1):
            assert results[seat]["score"] == scores[seat], "the stake"
            assert results[seat]["melded"] == sum(len(m) for m in self.melds[seat])
            self.totals[seat] += scores[seat]
        self.hands_played += 1

    def _GameEnded(self, data):
        assert data["totals"] == self.totals
        top = max(self.totals)
        if data["reason"] == "target":
            assert top >= self.rules["target_score"] and data["winners"] == [s for s in (0, 1) if self.totals[s] == top]
        elif data["reason"] == "max_hands":
            assert self.hands_played == self.rules["max_hands"] and top < self.rules["target_score"]
            assert data["winners"] == [s for s in (0, 1) if self.totals[s] == top]
        self.ended = True
