"""Manipulation Rummy's stored forms, pinned: never change one in place."""

from domain.kernel.players import Player
from domain.kernel.turns import DeadlineSet, TurnTimedOut
from domain.manipulation.events import (
    CardDrawn,
    GameCreated,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    TableRearranged,
    TurnPassed,
)
from domain.manipulation.rules import Rules
from tests.pinned.seats import PINNED as SEATS

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("mG", 1, ("players", "rules", "variant")),
    "HandStarted": ("mH", 1, ("hand", "dealer", "first_seat", "deck_commitment", "deck", "salt")),
    "CardDrawn": ("mD", 1, ("seat", "card")),
    "TableRearranged": ("mT", 1, ("seat", "cards", "table")),
    "TurnPassed": ("mP", 1, ("seat",)),
    "HandEnded": ("mE", 1, ("hand", "reason", "results", "deck", "salt")),
    "GameEnded": ("mO", 1, ("winners", "totals", "reason")),
    "DeadlineSet": ("S", 1, ("seat", "deadline")),
    "TurnTimedOut": ("T", 1, ("seat", "deadline")),
    **SEATS,  # the kernel's seat events (tests/pinned/seats.py)
    # the commit-reveal deals, the kernel's (kernel/shuffle.py)
    "DealsCommitted": ("aC", 1, ("commitment", "hands", "supplied")),
    "SeedContributed": ("aS", 1, ("seat", "seed")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (GameCreated((Player('Ann'), Player('Bob', 'greedy'), Player('Cy', 'random')), Rules(draw_rule="one")),
     b'["mG",1,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bob","bot":"greedy"},'
     b'{"name":"Cy","bot":"random"}],{"draw_rule":"one","own_opening":false,"target_score":200,"hands":null,'
     b'"max_hands":100,"turn_timeout_s":null,"on_timeout":"bot","extensions":0,"extension_s":86400,'
     b'"rated":true},"manipulation"]]'),
    (HandStarted(0, 2, 0, 'ab' * 32, ('2S', '3S'), '5a17'),
     b'["mH",1,1763805600000,"s0",0,[0,2,0,"abababababababababababababababababababababababababababababababab",'
     b'"2S,3S","5a17"]]'),
    (CardDrawn(0, '3C'),
     b'["mD",1,1763805600000,"s0",0,[0,"3C"]]'),
    (TableRearranged(1, ('7D', '8C'), (('4C', '5C', '6C', '7C', '8C'), ('7S', '7H', '7D'))),
     b'["mT",1,1763805600000,"s0",0,[1,["7D","8C"],[["4C","5C","6C","7C","8C"],["7S","7H","7D"]]]]'),
    (TurnPassed(2),
     b'["mP",1,1763805600000,"s0",0,[2]]'),
    (HandEnded(0, 'out', (HandResult(0, 0, 0, 0), HandResult(1, 2, 20, 20), HandResult(2, 1, 15, 15)),
               ('2S', '3S'), '5a17'),
     b'["mE",1,1763805600000,"s0",0,[0,"out",[{"seat":0,"cards_left":0,"penalty":0,"total":0},'
     b'{"seat":1,"cards_left":2,"penalty":20,"total":20},{"seat":2,"cards_left":1,"penalty":15,"total":15}],'
     b'"2S,3S","5a17"]]'),
    (GameEnded((0,), (150, 210, 180), "target"),
     b'["mO",1,1763805600000,"s0",0,[[0],[150,210,180],"target"]]'),
    (DeadlineSet(0, '2026-11-22T13:00:00Z'),
     b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
    (TurnTimedOut(0, '2026-11-22T13:00:00Z'),
     b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
]
