"""Iceberg's stored forms, pinned: never change one in place."""

from domain.iceberg.events import (
                                   AceRevealed,
                                   CardDiscarded,
                                   CardDrawn,
                                   CardPickedUp,
                                   CardsLaidOff,
                                   DeadlineSet,
                                   GameCreated,
                                   GameEnded,
                                   HandEnded,
                                   HandResult,
                                   HandStarted,
                                   MeldLaid,
                                   TurnTimedOut,
)
from domain.iceberg.rules import Rules
from domain.kernel.players import Player
from domain.kernel.shuffle import DealsCommitted, SeedContributed
from tests.pinned.seats import PINNED as SEATS
from tests.pinned.seats import SAMPLES as SEAT_SAMPLES

#: type -> (code, schema version, fields)
PINNED = {
    "GameCreated": ("G", 2, ("players", "rules", "variant")),
    "HandStarted": ("H", 1, ("hand", "first_seat", "deck_commitment", "deck", "salt")),
    "CardPickedUp": ("U", 1, ("seat", "card")),
    "CardDrawn": ("D", 1, ("seat", "card")),
    "AceRevealed": ("A", 1, ("seat", "card")),
    "MeldLaid": ("M", 1, ("seat", "meld", "kind", "cards", "points")),
    "CardsLaidOff": ("L", 1, ("seat", "meld", "cards", "points")),
    "CardDiscarded": ("X", 1, ("seat", "to_seat", "card")),
    "HandEnded": ("E", 1, ("hand", "reason", "results", "deck", "salt")),
    "GameEnded": ("O", 2, ("winners", "totals", "reason")),
    "DeadlineSet": ("S", 1, ("seat", "deadline")),
    "TurnTimedOut": ("T", 1, ("seat", "deadline")),
    **SEATS,  # the kernel's seat events (tests/pinned/seats.py)
    # the commit-reveal deals, the kernel's (kernel/shuffle.py)
    "DealsCommitted": ("aC", 1, ("commitment", "hands", "supplied")),
    "SeedContributed": ("aS", 1, ("seat", "seed")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (DealsCommitted("cd" * 32, 1000, (0,)), b'["aC",1,1763805600000,"s0",0,["' + b"cd" * 32 + b'",1000,[0]]]'),
    (SeedContributed(1, "5eed" * 8), b'["aS",1,1763805600000,"s0",0,[1,"' + b"5eed" * 8 + b'"]]'),
    (GameCreated((Player("Ann"), Player("Bot", "greedy")), Rules(hands=2)),
     b'["G",2,1763805600000,"s0",0,[[{"name":"Ann","bot":null},{"name":"Bot","bot":"greedy"}],{"ace_rule":'
     b'"multiplier","target_score":5000,"decks":"auto","hands":2,"max_hands":100,"turn_timeout_s":null,'
     b'"on_timeout":"bot","extensions":0,"extension_s":86400,"rated":true},"iceberg"]]'),
    (HandStarted(0, 1, "ab" * 32, ("2S", "3S"), "5a17"),
     b'["H",1,1763805600000,"s0",0,[0,1,"' + b"ab" * 32 + b'","2S,3S","5a17"]]'),
    (CardPickedUp(1, "JH"), b'["U",1,1763805600000,"s0",0,[1,"JH"]]'),
    (CardDrawn(0, "3C"), b'["D",1,1763805600000,"s0",0,[0,"3C"]]'),
    (AceRevealed(0, "AD"), b'["A",1,1763805600000,"s0",0,[0,"AD"]]'),
    (MeldLaid(0, "m1", "run", ("7S", "8S", "9S"), 30), b'["M",1,1763805600000,"s0",0,[0,"m1","run",["7S","8S","9S"],30]]'),
    (CardsLaidOff(2, "m1", ("6S",), 40), b'["L",1,1763805600000,"s0",0,[2,"m1",["6S"],40]]'),
    (CardDiscarded(0, 2, "JH"), b'["X",1,1763805600000,"s0",0,[0,2,"JH"]]'),
    (HandEnded(0, "out", (HandResult(0, 50, 0, 0, 1, 100), HandResult(1, 10, 5, 80, 0, -120)), ("2S", "3S"), "5a17"),
     b'["E",1,1763805600000,"s0",0,[0,"out",[{"seat":0,"melded":50,"cards_left":0,"playable":0,"aces":1,"total":100},'
     b'{"seat":1,"melded":10,"cards_left":5,"playable":80,"aces":0,"total":-120}],"2S,3S","5a17"]]'),
    (GameEnded((0,), (100, -120), "max_hands"), b'["O",2,1763805600000,"s0",0,[[0],[100,-120],"max_hands"]]'),
    (DeadlineSet(0, "2026-11-22T13:00:00Z"), b'["S",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
    (TurnTimedOut(0, "2026-11-22T13:00:00Z"), b'["T",1,1763805600000,"s0",0,[0,"2026-11-22T13:00:00Z"]]'),
    *SEAT_SAMPLES,  # the kernel's, stored alike in every variant
]
