"""Kalooki's stored forms, pinned: never change one in place."""

from domain.kalooki.events import (
    CardDiscarded,
    CardDrawn,
    CardsLaidOff,
    DeadlineSet,
    GameCreated,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    InitialMeldMade,
    JokerSwapped,
    MeldLaid,
    PlayerEliminated,
    StockRenewed,
    TurnTimedOut,
)
from domain.kalooki.rules import Rules
from domain.kernel.players import Player
from tests.pinned.seats import PINNED as SEATS

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("kG", 1, ("players", "rules", "variant")),
    "HandStarted": ("kH", 1, ("hand", "dealer", "first_seat", "upcard", "deck_commitment", "deck", "salt")),
    "CardDrawn": ("kD", 1, ("seat", "card", "from")),
    "StockRenewed": ("fR", 1, ("size",)),
    "MeldLaid": ("kM", 1, ("seat", "meld", "kind", "cards", "wild", "points")),
    "CardsLaidOff": ("kL", 1, ("seat", "meld", "cards", "wild", "points")),
    "InitialMeldMade": ("kI", 1, ("seat", "melds", "value")),
    "JokerSwapped": ("kJ", 1, ("seat", "meld", "card", "stand_in")),
    "CardDiscarded": ("kX", 1, ("seat", "card")),
    "HandEnded": ("kE", 1, ("hand", "reason", "results", "deck", "salt")),
    "PlayerEliminated": ("kP", 1, ("seat", "total")),
    "GameEnded": ("kO", 1, ("winners", "totals", "reason")),
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
     b'["kG",1,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bot","bot":"greedy"}],{"'
     b'initial_meld":51,"ace_low":false,"swapped_joker_must_be_played":false,"scoring":"elimination","elimi'
     b'nation_score":150,"target_score":250,"hands":2,"stock_renewals":1,"max_hands":100,"turn_timeout_s":n'
     b'ull,"on_timeout":"bot","extensions":0,"extension_s":86400,"rated":true},"kalooki"]]'),
    (HandStarted(0, 1, 0, 'JK', 'ab' * 32, ('2S', 'JK'), '5a17'),
     b'["kH",1,1763805600000,"s0",0,[0,1,0,"JK","abababababababababababababababababababababababab'
     b'abababababababab","2S,JK","5a17"]]'),
    (CardDrawn(0, '3C', 'stock'),
     b'["kD",1,1763805600000,"s0",0,[0,"3C","stock"]]'),
    (StockRenewed(41),
     b'["fR",1,1763805600000,"s0",0,[41]]'),
    (MeldLaid(1, 'm1', 'run', ('QH', 'KH', 'JK'), ('AH',), 31),
     b'["kM",1,1763805600000,"s0",0,[1,"m1","run",["QH","KH","JK"],["AH"],31]]'),
    (CardsLaidOff(1, 'm1', ('JK',), ('JH',), 10),
     b'["kL",1,1763805600000,"s0",0,[1,"m1",["JK"],["JH"],10]]'),
    (InitialMeldMade(1, ('m1', 'm2'), 52),
     b'["kI",1,1763805600000,"s0",0,[1,["m1","m2"],52]]'),
    (JokerSwapped(0, 'm1', 'AH', 'AH'),
     b'["kJ",1,1763805600000,"s0",0,[0,"m1","AH","AH"]]'),
    (CardDiscarded(0, 'JH'),
     b'["kX",1,1763805600000,"s0",0,[0,"JH"]]'),
    (HandEnded(0, 'out', (HandResult(0, 0, 0, 0, 0, True), HandResult(1, 3, 46, 46, 160, False)), ('2S', 'JK'), '5a17'),
     b'["kE",1,1763805600000,"s0",0,[0,"out",[{"seat":0,"cards_left":0,"penalty":0,"score":0,"tot'
     b'al":0,"kalooki":true},{"seat":1,"cards_left":3,"penalty":46,"score":46,"total":160,"kalooki":false}]'
     b',"2S,JK","5a17"]]'),
    (PlayerEliminated(1, 160),
     b'["kP",1,1763805600000,"s0",0,[1,160]]'),
    (GameEnded((0,), (0, 160), 'target'),
     b'["kO",1,1763805600000,"s0",0,[[0],[0,160],"target"]]'),
    (DeadlineSet(0, '2026-11-22T13:00:00Z'),
     b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
    (TurnTimedOut(0, '2026-11-22T13:00:00Z'),
     b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
]

