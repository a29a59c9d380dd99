"""How a Rummy hand is told (kernel/telling.py), turn by turn: draws (a card
from the stock is named only to its taker), melds, lay-offs, discards, a turn
ended with an empty hand, renewals of the stock, and how the hand ended."""

from ..kernel.telling import Telling, each_seat


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; {names[data['dealer']]} "
            f"deals, {names[data['first_seat']]} plays first; {data.get('upcard')} starts the pile.")


def _ending(names, data, earlier) -> list[str]:
    out = [r["seat"] for r in data["results"] if r.get("out")]
    if data["reason"] == "out" and out:
        why = f"{names[out[0]]} is out: the hand ends."
    else:
        why = "The stock is out and cannot be renewed: the hand ends dead, nobody scores."
    return [why] + each_seat(names, data["results"], _result)


def _result(r) -> str:
    said = f"{r['cards_left']} cards left worth {r['value']}, scores {r['score']}"
    if r.get("out"):
        said = "went out" + (" rummy" if r.get("rummy") else "") + f", scores {r['score']}"
    return said


TELLING = Telling(
    started=_started,
    phrases={
        "MeldLaid": lambda data, names, earlier: f"melds the {data['kind']} {' '.join(data['cards'])} ({data['meld']})",
        "CardsLaidOff": lambda data, names, earlier: f"lays {' '.join(data['cards'])} off on {data['meld']}",
        "TurnEndedEmptyHanded": lambda data, names, earlier: "has an empty hand: the turn ends with no discard",
    },
    ending=_ending,
    notices={
        "TurnEndedEmptyHanded": lambda data, who: (f"{who(data['seat'])} emptied their hand; "
                                                   f"the turn ends with no discard."),
    },
)
