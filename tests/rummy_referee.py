"""A referee for whole Rummy games, written from docs/rules/rummy.md alone and
sharing no code with domain/rummy/: it replays a finished game's log (every
event's type and data, as the admin's /events or an export shows them) from
the revealed decks and raises `Foul` at the first event the rules do not allow.

It checks the commitment, the deal (sizes for the table, one card at a time
from the first seat, who deals), each draw's source and card, the renewals and
their count, every meld (the ace low, the per-turn limit) and lay-off (never a
rearrangement, the own-meld rule), the taken-card rule, the empty-handed seat
of `discard_to_go_out`, going out, the score arithmetic (going rummy included)
and the game's end.
"""

import hashlib

VALUES = {"A": 1, "J": 10, "Q": 10, "K": 10}
PLACES = {"A": 1, "J": 11, "Q": 12, "K": 13}
WITHDRAWALS = ("SeatResigned", "SeatForfeited")
BOOKKEEPING = ("DeadlineSet", "TurnTimedOut", "DeadlineExtended", "DealsCommitted", "SeedContributed",
               "SeatTaken", "GameAborted")


class Foul(AssertionError):
    pass


def rank(card):
    return card[:-1]


def place(card):
    return PLACES.get(rank(card)) or int(rank(card))


def value(card):
    return VALUES.get(rank(card)) or int(rank(card))


def meld_kind(cards):
    if len(cards) < 3 or len(set(cards)) != len(cards):
        return None
    if len({rank(c) for c in cards}) == 1:
        return "set" if len(cards) <= 4 else None
    if len({c[-1] for c in cards}) > 1:
        return None
    places = sorted(place(c) for c in cards)
    return "run" if all(b == a + 1 for a, b in zip(places, places[1:])) else None


def expect(condition, why):
    if not condition:
        raise Foul(why)


class Referee:
    def __init__(self):
        self.rules, self.n, self.totals, self.hands_done, self.withdrawn = None, 0, [], 0, set()
        self.over = False

    def replay(self, events):
        for event in events:
            self.see(event["type"], event["data"])
        expect(self.over, "the game never ended")

    def see(self, kind, data):
        expect(not self.over, f"{kind} after the game ended")
        if kind in BOOKKEEPING:
            return
        if kind in WITHDRAWALS:
            self.withdrawn.add(data["seat"])
            return
        getattr(self, "_" + kind)(data)

    # --- the game and the deal ------------------------------------------------------------------

    def _GameCreated(self, data):
        self.rules, self.n = data["rules"], len(data["players"])
        expect(2 <= self.n <= 6, "2 to 6 players")
        expect(not (self.rules["scoring"] == "penalty" and self.rules["rummy_bonus"] != "none"),
               "a rummy bonus needs collect scoring")
        self.totals = [0] * self.n

    def _HandStarted(self, data):
        n, deck = self.n, data["deck"]
        expect(data["hand"] == self.hands_done, "hands are numbered in order")
        expect(sorted(deck) == sorted(f"{r}{s}" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split() for s in "SHDC"),
               "the deck is one 52-card pack")
        expect(hashlib.sha256(f"{data['salt']}:{','.join(deck)}".encode()).hexdigest() == data["deck_commitment"],
               "the deck is the committed one")
        first = data["hand"] % n
        expect(data["first_seat"] == first and data["dealer"] == (first - 1) % n, "who deals rotates")
        size = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}[n]
        self.hands = [[] for _ in range(n)]
        for k in range(size * n):
            self.hands[(first + k) % n].append(deck[k])
        expect(data["upcard"] == deck[size * n], "the next card is turned up")
        self.pile, self.stock = [deck[size * n]], list(deck[size * n + 1:])
        self.table, self.turn, self.drawn, self.renewals = {}, first, False, 0
        self.taken, self.melds_now, self.played_now = None, 0, False
        self.played, self.bare, self.ended = [False] * n, [False] * n, None

    # --- a turn ---------------------------------------------------------------------------------

    def _mine(self, data, drawn=True):
        expect(data["seat"] == self.turn, f"seat {data['seat']} moved on seat {self.turn}'s turn")
        expect(self.drawn == drawn, "draw first, and once")

    def _CardDrawn(self, data):
        self._mine(data, drawn=False)
        seat, card = data["seat"], data["card"]
        if data["from"] == "discard":
            expect(not self.bare[seat], "an empty-handed seat draws from the stock only")
            expect(self.pile and self.pile[-1] == card, "the top discard")
            self.pile.pop()
            self.taken = card
        else:
            expect(self.stock and self.stock[0] == card, "the top of the stock")
            self.stock.pop(0)
        self.hands[seat].append(card)
        self.drawn = True

    def _StockRenewed(self, data):
        expect(not self.drawn and not self.stock, "only an empty stock is renewed, at a draw")
        expect(self.renewals < self.rules["stock_renewals"] and self.pile, "a renewal is allowed")
        expect(data["size"] == len(self.pile), "the whole pile")
        self.stock, self.pile, self.renewals = self.pile, [], self.renewals + 1

    def _take(self, seat, cards):
        for card in cards:
            expect(card in self.hands[seat], f"seat {seat} plays {card} it does not hold")
            self.hands[seat].remove(card)

    def _MeldLaid(self, data):
        self._mine(data)
        seat, cards = data["seat"], data["cards"]
        expect(meld_kind(cards) == data["kind"], f"{cards} is a {data['kind']}")
        limit = self.rules["melds_per_turn"]
        expect(limit == "any" or self.melds_now < limit, "the turn's meld limit")
        expect(data["meld"] == f"m{len(self.table) + 1}", "meld ids in order")
        expect(data["points"] == sum(value(c) for c in cards), "a meld's points are its cards' values")
        self._take(seat, cards)
        self.table[data["meld"]] = (seat, data["kind"], list(cards))
        self.melds_now, self.played_now = self.melds_now + 1, True
        self._emptied(seat)

    def _CardsLaidOff(self, data):
        self._mine(data)
        seat, cards = data["seat"], data["cards"]
        expect(data["meld"] in self.table, "a meld on the table")
        owner, kind, laid = self.table[data["meld"]]
        if self.rules["layoff_after_own_meld"]:
            expect(any(o == seat for o, _, _ in self.table.values()), "a lay-off needs a meld of one's own")
        expect(meld_kind(laid + list(cards)) == kind, "the meld stays a valid meld of its kind")
        self._take(seat, cards)
        self.table[data["meld"]] = (owner, kind, laid + list(cards))
        self.played_now = True
        self._emptied(seat)

    def _emptied(self, seat):
        if not self.hands[seat]:
            self.ended = ("out", seat, not self.played[seat]) if not self.rules["discard_to_go_out"] else "bare"

    def _CardDiscarded(self, data):
        self._mine(data)
        seat, card = data["seat"], data["card"]
        expect(self.ended is None, "nothing after a hand empties")
        expect(card != self.taken or self.hands[seat] == [card], "the taken card goes only as the last card")
        if self.bare[seat]:
            for _owner, kind, laid in self.table.values():
                fits = meld_kind(laid + [card]) == kind
                own_ok = not self.rules["layoff_after_own_meld"] or any(o == seat for o, _, _ in self.table.values())
                expect(not (fits and own_ok), "an empty-handed seat lays off a card that fits")
        self._take(seat, [card])
        self.pile.append(card)
        if not self.hands[seat]:
            self.ended = ("out", seat, not self.played[seat])
        else:
            self._next(seat)

    def _TurnEndedEmptyHanded(self, data):
        self._mine(data)
        expect(self.rules["discard_to_go_out"] and self.ended == "bare" and not self.hands[data["seat"]],
               "a turn ends empty-handed only under discard_to_go_out")
        self.bare[data["seat"]], self.ended = True, None
        self._next(data["seat"])

    def _next(self, seat):
        self.played[seat] = self.played[seat] or self.played_now
        self.turn, self.drawn, self.taken, self.melds_now, self.played_now = (seat + 1) % self.n, False, None, 0, False

    # --- the end of a hand and of the game ------------------------------------------------------

    def _HandEnded(self, data):
        values = [sum(value(c) for c in cards) for cards in self.hands]
        scores, out, rummy = [0] * self.n, None, False
        if data["reason"] == "exhausted":
            expect(self.ended is None and not self.drawn and not self.stock, "a dead hand at an empty stock")
            expect(self.renewals >= self.rules["stock_renewals"] or not self.pile, "no renewal was left")
        else:
            expect(isinstance(self.ended, tuple) and data["reason"] == "out", "the hand ends when one is out")
            _, out, rummy = self.ended
            if self.rules["scoring"] == "penalty":
                scores = [0 if seat == out else v for seat, v in enumerate(values)]
            else:
                won = sum(values)
                bonus = self.rules["rummy_bonus"] if rummy else "none"
                scores[out] = won + 10 if bonus == "plus10" else won * 2 if bonus == "double" else won
        for seat, result in enumerate(data["results"]):
            expect(result["seat"] == seat and result["cards_left"] == len(self.hands[seat]), "cards left")
            expect(result["value"] == values[seat] and result["score"] == scores[seat], f"seat {seat}'s score")
            expect(result["out"] == (seat == out), "who went out")
            expect(result["rummy"] == (seat == out and rummy), "going rummy")
            self.totals[seat] += scores[seat]
        self.hands_done += 1
        self.ended = "over"

    def _GameEnded(self, data):
        expect(data["totals"] == self.totals, "the totals are the hands' scores")
        rules, reason = self.rules, data["reason"]
        inn = [s for s in range(self.n) if s not in self.withdrawn]
        pick = min if rules["scoring"] == "penalty" else max
        best = pick(self.totals[s] for s in inn) if inn else None
        if reason in ("target", "hands", "max_hands"):
            expect(sorted(data["winners"]) == [s for s in inn if self.totals[s] == best], "the best total wins")
        if reason == "hands":
            expect(rules["hands"] == self.hands_done, "exactly that many hands")
        elif reason == "target":
            expect(rules["hands"] is None and any(self.totals[s] >= rules["target_score"] for s in inn),
                   "a total reached the target")
        elif reason == "max_hands":
            expect(self.hands_done == rules["max_hands"], "max_hands")
        self.over = True
