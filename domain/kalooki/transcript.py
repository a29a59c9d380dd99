"""How a Kalooki hand is told (kernel/telling.py), turn by turn: draws, the
opening, melds and lay-offs with their jokers' stand-ins, joker swaps,
discards, renewals of the stock, how the hand ended and who is out."""

from ..kernel.telling import Telling, each_seat


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {names[data['dealer']]} deals, {names[data['first_seat']]} plays first; "
            f"{data.get('upcard')} starts the pile.")


def _cards(data) -> str:
    """The cards, each joker with what it stands for."""
    wild = list(data.get("wild") or [])
    return " ".join(f"{card} (as {wild.pop(0)})" if card == "JK" and wild else card
                    for card in data.get("cards") or [])


def _ending(names, data, earlier) -> list[str]:
    why = {"out": "A player's hand is empty: the hand ends."}.get(
        data["reason"], "The stock is out and cannot be renewed: the hand is dead, nobody scores.")
    return [why] + each_seat(names, data["results"], lambda r: (
        f"{r['cards_left']} cards left costing {r['penalty']}: scores {r['score']}, total {r['total']}"
        + (" (kalooki!)" if r.get("kalooki") else "")))


TELLING = Telling(
    started=_started,
    phrases={
        "MeldLaid": lambda data, names, earlier: (f"melds the {data['kind']} {_cards(data)} ({data['meld']}) "
                                                  f"worth {data['points']}"),
        "CardsLaidOff": lambda data, names, earlier: f"lays {_cards(data)} off on {data['meld']}",
        "InitialMeldMade": lambda data, names, earlier: f"opens with {data['value']}",
        "JokerSwapped": lambda data, names, earlier: f"swaps {data['card']} for the joker in {data['meld']}",
        "PlayerEliminated": lambda data, names, earlier: f"is out of the game with {data['total']}",
    },
    ending=_ending,
    notices={
        "InitialMeldMade": lambda data, who: f"{who(data['seat'])} opened with {data['value']}.",
        "JokerSwapped": lambda data, who: (f"{who(data['seat'])} swapped {data['card']} for the joker in "
                                           f"{data['meld']}."),
        "PlayerEliminated": lambda data, who: f"{who(data['seat'])} is out of the game with {data['total']}.",
    },
)
