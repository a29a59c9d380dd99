"""How a Fortune hand is told (kernel/telling.py), turn by turn: draws, pile
takes, melds with their deuces' stand-ins, lay-offs, discards, renewals of
the stock, and how the hand ended."""

from ..kernel.telling import EMPTIED, Telling, hand_ending


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; {names[data['dealer']]} "
            f"deals, {names[data['first_seat']]} plays first; {data.get('upcard')} starts the pile.")


def _cards(data) -> str:
    """The cards, each deuce with what it stands for."""
    wild = list(data.get("wild") or [])
    shown = []
    for card in data.get("cards") or []:
        shown.append(f"{card} (as {wild.pop(0)})" if card.startswith("2") and wild else card)
    return " ".join(shown)


_ending = hand_ending(EMPTIED, "The stock is out and cannot be renewed: the hand ends.", lambda r: (
    f"melded {r['melded']}, {r['cards_left']} cards left costing {r['penalty']}: {r['total']:+d}"))


TELLING = Telling(
    started=_started,
    phrases={
        "PileTaken": lambda data, names, earlier: f"takes the pile of {len(data['cards'])} ({' '.join(data['cards'])})",
        "MeldLaid": lambda data, names, earlier: (f"melds the {data['kind']} {_cards(data)} ({data['meld']}) "
                                                  f"for {data['points']}"),
        "CardsLaidOff": lambda data, names, earlier: f"lays {_cards(data)} off on {data['meld']} for {data['points']}",
    },
    ending=_ending,
    notices={
        "PileTaken": lambda data, who: (f"{who(data['seat'])} took {len(data['cards'])} cards from the pile: "
                                        f"{' '.join(c for c in data['cards'] if c)}."),
    },
)
