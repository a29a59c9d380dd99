"""Rummy's stored forms, pinned: never change one in place."""

from domain.kernel.players import Player
from domain.rummy.events import (
    CardDiscarded,
    CardDrawn,
    CardsLaidOff,
    DeadlineSet,
    GameCreated,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    MeldLaid,
    StockRenewed,
    TurnEndedEmptyHanded,
    TurnTimedOut,
)
from domain.rummy.rules import Rules
from tests.pinned.seats import PINNED as SEATS

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("rG", 1, ("players", "rules", "variant")),
    "HandStarted": ("rH", 1, ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt")),
    "CardDrawn": ("rD", 1, ("seat", "card", "from")),
    "StockRenewed": ("fR", 1, ("size",)),
    "MeldLaid": ("rM", 1, ("seat", "meld", "kind", "cards", "points")),
    "CardsLaidOff": ("rL", 1, ("seat", "meld", "cards", "points")),
    "CardDiscarded": ("rX", 1, ("seat", "card")),
    "TurnEndedEmptyHanded": ("rT", 1, ("seat",)),
    "HandEnded": ("rE", 1, ("hand", "reason", "results", "deck", "salt")),
    "GameEnded": ("rO", 1, ("winners", "totals", "reason")),
    "DeadlineSet": ("S", 1, ("seat", "deadline")),
    "TurnTimedOut": ("T", 1, ("seat", "deadline")),
    **SEATS,  # the kernel's seat events (tests/pinned/seats.py)
    # the commit-reveal deals, the kernel's (kernel/shuffle.py)
    "DealsCommitted": ("aC", 1, ("commitment", "hands", "supplied")),
    "SeedContributed": ("aS", 1, ("seat", "seed")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (GameCreated((Player('Ann'), Player('Bot', 'greedy')), Rules(hands=2, melds_per_turn='any')),
     b'["rG",1,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bot","bot":"greedy"}],'
     b'{"melds_per_turn":"any","layoff_after_own_meld":false,"rummy_bonus":"none","discard_to_go_out":false,'
     b'"scoring":"collect","target_score":100,"hands":2,"stock_renewals":1,"max_hands":100,"turn_timeout_s":null,'
     b'"on_timeout":"bot","extensions":0,"extension_s":86400,"rated":true},"rummy"]]'),
    (HandStarted(0, 1, 0, 'QS', 'ab' * 32, ('2S', '3S'), '5a17'),
     b'["rH",1,1763805600000,"s0",0,[0,1,0,"QS","abababababababababababababababababababababababababababababababab",'
     b'"2S,3S","5a17"]]'),
    (CardDrawn(0, '3C', 'stock'),
     b'["rD",1,1763805600000,"s0",0,[0,"3C","stock"]]'),
    (CardDrawn(1, 'QS', 'discard'),
     b'["rD",1,1763805600000,"s0",0,[1,"QS","discard"]]'),
    (MeldLaid(1, 'm1', 'run', ('AC', '2C', '3C'), 6),
     b'["rM",1,1763805600000,"s0",0,[1,"m1","run",["AC","2C","3C"],6]]'),
    (CardsLaidOff(0, 'm1', ('4C',), 4),
     b'["rL",1,1763805600000,"s0",0,[0,"m1",["4C"],4]]'),
    (CardDiscarded(0, 'JH'),
     b'["rX",1,1763805600000,"s0",0,[0,"JH"]]'),
    (TurnEndedEmptyHanded(1),
     b'["rT",1,1763805600000,"s0",0,[1]]'),
    (HandEnded(0, 'out', (HandResult(0, 0, 0, 27, True, True), HandResult(1, 3, 27, 0, False, False)),
               ('2S', '3S'), '5a17'),
     b'["rE",1,1763805600000,"s0",0,[0,"out",[{"seat":0,"cards_left":0,"value":0,"score":27,"rummy":true,'
     b'"out":true},{"seat":1,"cards_left":3,"value":27,"score":0,"rummy":false,"out":false}],"2S,3S","5a17"]]'),
    (GameEnded((0,), (127, 0), 'target'),
     b'["rO",1,1763805600000,"s0",0,[[0],[127,0],"target"]]'),
    (StockRenewed(30),
     b'["fR",1,1763805600000,"s0",0,[30]]'),
    (DeadlineSet(0, '2026-11-22T13:00:00Z'),
     b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
    (TurnTimedOut(0, '2026-11-22T13:00:00Z'),
     b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
]
