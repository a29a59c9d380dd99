"""How a Conquian hand is told (kernel/telling.py), turn by turn: the upcard
passed, cards turned up and down, declines and their answers, takes with the
seat's new melds, discards, and how the hand ended."""

from ..kernel.telling import Telling, each_seat


def _started(names, data) -> str:
    dealer, first = names[data["dealer"]], names[1 - data["dealer"]]
    upcard = f"{data['upcard']} is turned up" if data.get("upcard") else "there is no upcard"
    return f"Hand {data['hand'] + 1}. {dealer} deals, {first} plays first; {upcard}."


def _melds(melds) -> str:
    return ", ".join(" ".join(meld) for meld in melds)


def _melded(data, names, earlier) -> str:
    how = "is forced to take" if data["forced"] else "takes"
    added = f" with {' '.join(data['from_hand'])} from hand" if data["from_hand"] else ""
    return f"{how} {data['card']}{added}: melds {_melds(data['melds'])}"


def _declined(data, names, earlier) -> str:
    return f"declines {data['card']}" + (", which lays off on their melds" if data["forceable"] else "")


def _ending(names, data, earlier) -> list[str]:
    why = {"out": "A player has melded 11 cards: the hand is won."}.get(
        data["reason"], "A card is declined with the stock empty: the hand is drawn.")
    return [why] + each_seat(names, data["results"], lambda r: f"melded {r['melded']}, scores {r['score']}")


TELLING = Telling(
    started=_started,
    phrases={
        "StockCardTurned": lambda data, names, earlier: f"turns {data['card']} from the stock",
        "CardTurnedDown": lambda data, names, earlier: f"turns {data['card']} down",
        "CardDeclined": _declined,
        "CardForced": lambda data, names, earlier: f"forces the take of {data['card']}",
        "ForceWaived": lambda data, names, earlier: f"allows the decline of {data['card']}",
        "CardLeft": lambda data, names, earlier: f"leaves {data['card']} to the opponent",
        "ExposedCardMelded": _melded,
    },
    ending=_ending,
    notices={
        "StockCardTurned": lambda data, who: f"{who(data['seat'])} turned {data['card']} from the stock.",
        "CardTurnedDown": lambda data, who: f"{data['card']} was turned down.",
        "CardDeclined": lambda data, who: f"{who(data['seat'])} declined {data['card']}"
                                          + (" (it lays off: force or allow)." if data["forceable"] else "."),
        "CardForced": lambda data, who: f"{who(data['seat'])} forced the take of {data['card']}.",
        "ForceWaived": lambda data, who: f"{who(data['seat'])} allowed the decline of {data['card']}.",
        "CardLeft": lambda data, who: f"{who(data['seat'])} left {data['card']}.",
        "ExposedCardMelded": lambda data, who: (f"{who(data['seat'])} took {data['card']} and melds "
                                                f"{_melds(data['melds'])}."),
    },
)
