"""Fortune's stored forms, pinned: never change one in place."""

from domain.fortune.events import (
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
    PileTaken,
    StockRenewed,
    TurnTimedOut,
)
from domain.fortune.rules import Rules
from domain.kernel.players import Player
from tests.pinned.seats import PINNED as SEATS

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("fG", 1, ("players", "rules", "variant")),
    "HandStarted": ("fH", 1, ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt")),
    "CardDrawn": ("fD", 1, ("seat", "card")),
    "PileTaken": ("fP", 1, ("seat", "cards")),
    "StockRenewed": ("fR", 1, ("size",)),
    "MeldLaid": ("fM", 1, ("seat", "meld", "kind", "cards", "wild", "points")),
    "CardsLaidOff": ("fL", 1, ("seat", "meld", "cards", "wild", "points")),
    "CardDiscarded": ("fX", 1, ("seat", "card")),
    "HandEnded": ("fE", 1, ("hand", "reason", "results", "deck", "salt")),
    "GameEnded": ("fO", 2, ("winners", "totals", "reason")),
    "DeadlineSet": ("S", 1, ("seat", "deadline")),
    "TurnTimedOut": ("T", 1, ("seat", "deadline")),
    **SEATS,  # the kernel's seat events (tests/pinned/seats.py)
    # the commit-reveal deals, the kernel's (kernel/shuffle.py)
    "DealsCommitted": ("aC", 1, ("commitment", "hands", "supplied")),
    "SeedContributed": ("aS", 1, ("seat", "seed")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (GameCreated((Player('Ann'), Player('Bot', 'greedy')), Rules(hands=2)),
     b'["fG",1,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bot","bot":"greedy"}],'
     b'{"target_score":500,"hands":2,"max_hands":100,"stock_renewals":2,"turn_timeout_s":null,'
     b'"on_timeout":"bot","extensions":0,"extension_s":86400,"rated":true},"fortune"]]'),
    (HandStarted(0, 1, 0, 'QS', 'ab' * 32, ('2S', '3S'), '5a17'),
     b'["fH",1,1763805600000,"s0",0,[0,1,0,"QS","abababababababababababababababababababababababababababababababab","2S,3S","5a17"]]'),
    (CardDrawn(0, '3C'),
     b'["fD",1,1763805600000,"s0",0,[0,"3C"]]'),
    (PileTaken(1, ('9H', 'KD', '7C')),
     b'["fP",1,1763805600000,"s0",0,[1,["9H","KD","7C"]]]'),
    (StockRenewed(41),
     b'["fR",1,1763805600000,"s0",0,[41]]'),
    (MeldLaid(1, 'm1', 'run', ('5C', '6C', '2H'), ('7C',), 20),
     b'["fM",1,1763805600000,"s0",0,[1,"m1","run",["5C","6C","2H"],["7C"],20]]'),
    (CardsLaidOff(1, 'm1', ('2D', '9C'), ('8C',), 20),
     b'["fL",1,1763805600000,"s0",0,[1,"m1",["2D","9C"],["8C"],20]]'),
    (CardDiscarded(0, 'JH'),
     b'["fX",1,1763805600000,"s0",0,[0,"JH"]]'),
    (HandEnded(0, 'out', (HandResult(0, 50, 0, 0, 50), HandResult(1, 10, 3, 65, -55)), ('2S', '3S'), '5a17'),
     b'["fE",1,1763805600000,"s0",0,[0,"out",[{"seat":0,"melded":50,"cards_left":0,"penalty":0,"total":50},{"seat":1,"melded":10,"cards_left":3,"penalty":65,"total":-55}],"2S,3S","5a17"]]'),
    (GameEnded((0,), (550, -55), "target"),
     b'["fO",2,1763805600000,"s0",0,[[0],[550,-55],"target"]]'),
    (DeadlineSet(0, '2026-11-22T13:00:00Z'),
     b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
    (TurnTimedOut(0, '2026-11-22T13:00:00Z'),
     b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
]
