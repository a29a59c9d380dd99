"""How a Manipulation hand is told (kernel/telling.py), turn by turn: draws,
plays (the cards from hand and the whole new table), passes, and how the hand
ended."""

from ..kernel.telling import Telling, each_seat


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; {names[data['dealer']]} "
            f"deals, {names[data['first_seat']]} plays first.")


def _table(table) -> str:
    return "; ".join(" ".join(meld) for meld in table) if table else "nothing"


def _played(data, names, earlier) -> str:
    return f"plays {' '.join(data['cards'])}: the table is {_table(data['table'])}"


def _ending(names, data, earlier) -> list[str]:
    why = {"out": "A player's hand is empty: the hand ends."}.get(
        data["reason"], "The stock is out and nobody can play: the hand is blocked.")
    return [why] + each_seat(names, data["results"], lambda r: (
        f"{r['cards_left']} cards left, penalty {r['penalty']}, total {r['total']}"))


TELLING = Telling(
    started=_started,
    phrases={
        "TableRearranged": _played,
        "TurnPassed": lambda data, names, earlier: "cannot play and passes",
    },
    ending=_ending,
    notices={
        "TableRearranged": lambda data, who: (f"{who(data['seat'])} played {' '.join(data['cards'])}; the table: "
                                              f"{_table(data['table'])}."),
        "TurnPassed": lambda data, who: f"{who(data['seat'])} could not play and passed.",
    },
)
