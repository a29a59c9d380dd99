"""The kernel's seat events (domain/kernel/seats.py), stored alike in every
variant: each variant's PINNED includes these forms; their bytes are pinned
once, here (iceberg.py's SAMPLES take them in). Never change one in place."""

from domain.kernel.seats import DeadlineExtended, GameAborted, SeatForfeited, SeatResigned, SeatTaken

#: type -> (code, schema version, fields)
PINNED = {
    "SeatTaken": ("pJ", 1, ("seat", "name")),
    "SeatResigned": ("pR", 1, ("seat",)),
    "SeatForfeited": ("pF", 1, ("seat",)),
    "GameAborted": ("pA", 1, ("seat",)),
    "DeadlineExtended": ("pX", 1, ("seat", "deadline")),
}

#: (event, the exact bytes it is stored as, at time 1763805600000 by actor s0 in hand 0)
SAMPLES = [
    (SeatTaken(1, "Bo"), b'["pJ",1,1763805600000,"s0",0,[1,"Bo"]]'),
    (SeatResigned(1), b'["pR",1,1763805600000,"s0",0,[1]]'),
    (SeatForfeited(0), b'["pF",1,1763805600000,"s0",0,[0]]'),
    (GameAborted(0), b'["pA",1,1763805600000,"s0",0,[0]]'),
    (DeadlineExtended(0, "2026-11-23T13:00:00.000Z"), b'["pX",1,1763805600000,"s0",0,[0,"2026-11-23T13:00:00.000Z"]]'),
]
