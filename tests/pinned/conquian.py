"""Conquian's stored forms, pinned: never change one in place."""

from domain.conquian.cards import PACK
from domain.conquian.events import (
    CardDeclined,
    CardDiscarded,
    CardForced,
    CardLeft,
    CardTurnedDown,
    ExposedCardMelded,
    ForceWaived,
    GameCreated,
    GameEnded,
    HandEnded,
    HandResult,
    HandStarted,
    StockCardTurned,
    UpcardPassed,
)
from domain.conquian.rules import Rules
from domain.kernel.players import Player
from domain.kernel.turns import DeadlineSet, TurnTimedOut
from tests.pinned.seats import PINNED as SEATS

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("qG", 1, ("players", "rules", "variant")),
    "HandStarted": ("qH", 1, ("hand", "dealer", "upcard", "deck_commitment", "deck", "salt")),
    "UpcardPassed": ("gP", 1, ("seat",)),  # the kernel's, under the code Gin gave it
    "StockCardTurned": ("qT", 1, ("seat", "card")),
    "CardTurnedDown": ("qV", 1, ("seat", "card")),
    "CardDeclined": ("qN", 1, ("seat", "card", "forceable")),
    "CardForced": ("qF", 1, ("seat", "card")),
    "ForceWaived": ("qW", 1, ("seat", "card")),
    "CardLeft": ("qL", 1, ("seat", "card")),
    "ExposedCardMelded": ("qM", 1, ("seat", "card", "forced", "from_hand", "melds")),
    "CardDiscarded": ("qX", 1, ("seat", "card")),
    "HandEnded": ("qE", 1, ("hand", "reason", "results", "deck", "salt")),
    "GameEnded": ("qO", 1, ("winners", "totals", "reason")),
    "DeadlineSet": ("S", 1, ("seat", "deadline")),
    "TurnTimedOut": ("T", 1, ("seat", "deadline")),
    **SEATS,  # the kernel's seat events (tests/pinned/seats.py)
    "DealsCommitted": ("aC", 1, ("commitment", "hands", "supplied")),
    "SeedContributed": ("aS", 1, ("seat", "seed")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (GameCreated((Player("Ann"), Player("Bot", "greedy")), Rules(target_score=3)),
     b'["qG",1,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bot","bot":"greedy"}],{"upcard'
     b'":true,"forcing":true,"draw_stakes":"carry","target_score":3,"max_hands":100,"turn_timeout_s":nu'
     b'll,"on_timeout":"bot","extensions":0,"extension_s":86400,"rated":true},"conquian"]]'),
    (HandStarted(0, 1, PACK[20], "ab" * 32, PACK, "5a17"),
     b'["qH",1,1763805600000,"s0",0,[0,1,"7S","abababababababababababababababababababababababababababab'
     b'abababab","2S,2H,2D,2C,3S,3H,3D,3C,4S,4H,4D,4C,5S,5H,5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,JS,JH,JD,JC,Q'
     b'S,QH,QD,QC,KS,KH,KD,KC,AS,AH,AD,AC","5a17"]]'),
    (HandStarted(1, 0, None, "cd" * 32, PACK, "5a18"),
     b'["qH",1,1763805600000,"s0",0,[1,0,null,"cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd'
     b'cdcdcdcd","2S,2H,2D,2C,3S,3H,3D,3C,4S,4H,4D,4C,5S,5H,5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,JS,JH,JD,JC,Q'
     b'S,QH,QD,QC,KS,KH,KD,KC,AS,AH,AD,AC","5a18"]]'),
    (UpcardPassed(1),
     b'["gP",1,1763805600000,"s0",0,[1]]'),
    (StockCardTurned(0, "7H"),
     b'["qT",1,1763805600000,"s0",0,[0,"7H"]]'),
    (CardTurnedDown(0, "KS"),
     b'["qV",1,1763805600000,"s0",0,[0,"KS"]]'),
    (CardDeclined(1, "5H", True),
     b'["qN",1,1763805600000,"s0",0,[1,"5H",true]]'),
    (CardForced(0, "5H"),
     b'["qF",1,1763805600000,"s0",0,[0,"5H"]]'),
    (ForceWaived(0, "5H"),
     b'["qW",1,1763805600000,"s0",0,[0,"5H"]]'),
    (CardLeft(1, "QD"),
     b'["qL",1,1763805600000,"s0",0,[1,"QD"]]'),
    (ExposedCardMelded(1, "5H", False, ("JS", "JC"), (("5H", "6H", "7H"), ("JS", "JH", "JC"))),
     b'["qM",1,1763805600000,"s0",0,[1,"5H",false,["JS","JC"],[["5H","6H","7H"],["JS","JH","JC"]]]]'),
    (CardDiscarded(0, "KC"),
     b'["qX",1,1763805600000,"s0",0,[0,"KC"]]'),
    (HandEnded(0, "out", (HandResult(0, 3, 0), HandResult(1, 11, 2)), PACK, "5a17"),
     b'["qE",1,1763805600000,"s0",0,[0,"out",[{"seat":0,"melded":3,"score":0},{"seat":1,"melded":11,"sc'
     b'ore":2}],"2S,2H,2D,2C,3S,3H,3D,3C,4S,4H,4D,4C,5S,5H,5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,JS,JH,JD,JC,QS'
     b',QH,QD,QC,KS,KH,KD,KC,AS,AH,AD,AC","5a17"]]'),
    (GameEnded((1,), (0, 2), "target"),
     b'["qO",1,1763805600000,"s0",0,[[1],[0,2],"target"]]'),
    (DeadlineSet(0, "2026-11-22T10:00:00Z"),
     b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T10:00:00Z"]]'),
    (TurnTimedOut(0, "2026-11-22T10:00:00Z"),
     b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T10:00:00Z"]]'),
]
