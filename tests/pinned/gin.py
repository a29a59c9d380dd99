"""Gin's stored forms, pinned: never change one in place."""

from domain.gin.cards import DECK
from domain.gin.commands import Layoff
from domain.gin.events import (
    CardDiscarded,
    CardDrawn,
    DeadlineSet,
    GameCreated,
    GameEnded,
    HandEnded,
    HandResult,
    HandShown,
    HandStarted,
    Knocked,
    SeatBonus,
    TurnTimedOut,
    UpcardPassed,
)
from domain.gin.rules import Rules
from domain.kernel.players import Player
from tests.pinned.seats import PINNED as SEATS

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("gG", 1, ("players", "rules", "variant")),
    "HandStarted": ("gH", 1, ("hand", "dealer", "upcard", "deck_commitment", "deck", "salt")),
    "UpcardPassed": ("gP", 1, ("seat",)),
    "CardDrawn": ("gD", 1, ("seat", "card", "from")),
    "CardDiscarded": ("gX", 1, ("seat", "card")),
    "Knocked": ("gK", 1, ("seat", "card", "melds", "deadwood", "deadwood_points", "gin")),
    "HandShown": ("gW", 1, ("seat", "melds", "layoffs", "deadwood", "deadwood_points")),
    "HandEnded": ("gE", 1, ("hand", "reason", "results", "deck", "salt")),
    "GameEnded": ("gO", 1, ("winners", "totals", "reason", "points", "bonuses")),
    "DeadlineSet": ("S", 1, ("seat", "deadline")),
    "TurnTimedOut": ("T", 1, ("seat", "deadline")),
    **SEATS,  # the kernel's seat events (tests/pinned/seats.py)
    # the commit-reveal deals, the kernel's (kernel/shuffle.py)
    "DealsCommitted": ("aC", 1, ("commitment", "hands", "supplied")),
    "SeedContributed": ("aS", 1, ("seat", "seed")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (GameCreated((Player("Ann"), Player("Bot", "greedy")), Rules(target_score=150)),
     b'["gG",1,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bot","bot":"greedy"}],{"target_sco'
     b're":150,"max_hands":100,"knock_limit":10,"gin_bonus":20,"undercut_bonus":10,"game_bonus":100,"shutou'
     b't_bonus":100,"line_bonus":20,"turn_timeout_s":null,"on_timeout":"bot","extensions":0,"extension_s":86400,'
     b'"rated":true},'
     b'"gin"]]'),
    (HandStarted(0, 1, DECK[20], "ab" * 32, DECK, "5a17"),
     b'["gH",1,1763805600000,"s0",0,[0,1,"6S","abababababababababababababababababababababababababababababab'
     b'abab","AS,AH,AD,AC,2S,2H,2D,2C,3S,3H,3D,3C,4S,4H,4D,4C,5S,5H,5D,5C,6S,6H,6D,6C,7S,7H,7D,7C,8S,8H,8D,'
     b'8C,9S,9H,9D,9C,10S,10H,10D,10C,JS,JH,JD,JC,QS,QH,QD,QC,KS,KH,KD,KC","5a17"]]'),
    (UpcardPassed(1),
     b'["gP",1,1763805600000,"s0",0,[1]]'),
    (CardDrawn(0, "7H", "stock"),
     b'["gD",1,1763805600000,"s0",0,[0,"7H","stock"]]'),
    (CardDrawn(1, "QS", "discard"),
     b'["gD",1,1763805600000,"s0",0,[1,"QS","discard"]]'),
    (CardDiscarded(0, "KC"),
     b'["gX",1,1763805600000,"s0",0,[0,"KC"]]'),
    (Knocked(1, "KD", (("AS", "2S", "3S"), ("4H", "4D", "4C"), ("7C", "8C", "9C")), ("2H",), 2, False),
     b'["gK",1,1763805600000,"s0",0,[1,"KD",[["AS","2S","3S"],["4H","4D","4C"],["7C","8C","9C"]],["2H"],2,f'
     b'alse]]'),
    (HandShown(0, (("QS", "QH", "QD"), ("5H", "6H", "7H")), (Layoff(0, ("4S",)), Layoff(2, ("10C", "JC"))), ("KC",), 10),
     b'["gW",1,1763805600000,"s0",0,[0,[["QS","QH","QD"],["5H","6H","7H"]],[{"meld":0,"cards":["4S"]},{"mel'
     b'd":2,"cards":["10C","JC"]}],["KC"],10]]'),
    (HandEnded(0, "knock", (HandResult(0, 10, 0, 0), HandResult(1, 2, 8, 0)), DECK, "5a17"),
     b'["gE",1,1763805600000,"s0",0,[0,"knock",[{"seat":0,"deadwood":10,"score":0,"bonus":0},{"seat":1,"dea'
     b'dwood":2,"score":8,"bonus":0}],"AS,AH,AD,AC,2S,2H,2D,2C,3S,3H,3D,3C,4S,4H,4D,4C,5S,5H,5D,5C,6S,6H,6D'
     b',6C,7S,7H,7D,7C,8S,8H,8D,8C,9S,9H,9D,9C,10S,10H,10D,10C,JS,JH,JD,JC,QS,QH,QD,QC,KS,KH,KD,KC","5a17"]'
     b']'),
    (GameEnded((1,), (0, 363), "target", (0, 103), (SeatBonus(0, 0, 0, 0, 0), SeatBonus(1, 3, 60, 100, 100))),
     b'["gO",1,1763805600000,"s0",0,[[1],[0,363],"target",[0,103],[{"seat":0,"hands_won":0,"line":0,"game":'
     b'0,"shutout":0},{"seat":1,"hands_won":3,"line":60,"game":100,"shutout":100}]]]'),
    (DeadlineSet(0, "2026-11-22T10:00:00Z"),
     b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T10:00:00Z"]]'),
    (TurnTimedOut(0, "2026-11-22T10:00:00Z"),
     b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T10:00:00Z"]]'),
]
