"""How an Iceberg hand is told (kernel/telling.py): turn by turn, who drew,
placed, melded, laid off and passed, how the hand ended and what each seat
scored. The transcript says a seat "passes a card" (its wording from the
start); a replay frame shows every hand anyway, so its line names the card."""

from ..kernel.telling import Telling, each_seat


def _started(names, data) -> str:
    return (f"Hand {data['hand'] + 1}. {', '.join(names)} at the table; "
            f"{names[data['first_seat']]} plays first.")


def _cards(data) -> str:
    return " ".join(data["cards"])


def _laid_off(data, names, earlier) -> str:
    """A lay-off names whose meld it extends, and of what kind, from the MeldLaid that laid it."""
    owner, kind = next(((d["seat"], d["kind"]) for k, d in earlier if k == "MeldLaid" and d["meld"] == data["meld"]),
                       (None, "meld"))
    whose = "their own" if owner == data["seat"] else f"{names[owner]}'s" if owner is not None else "a"
    return f"lays {_cards(data)} off on {whose} {kind} for {data['points']}"


def _ending(names, data, earlier) -> list[str]:
    last_actor = next((d["seat"] for _, d in reversed(earlier) if "seat" in d), None)
    if data["reason"] == "out" and last_actor is not None:
        why = f"{names[last_actor]} goes out and the hand ends."
    else:
        why = "The last ace is up and its player has finished: the hand ends."
    return [why] + each_seat(names, data["results"], lambda r: (
        f"melded {r['melded']}, {r['cards_left']} cards left, playable {r['playable']}, "
        f"{r['aces']} ace{'s' if r['aces'] != 1 else ''}: {r['total']:+d}"))


TELLING = Telling(
    started=_started,
    phrases={
        "CardPickedUp": lambda data, names, earlier: f"picks up {data['card']}",
        "AceRevealed": lambda data, names, earlier: f"places {data['card']} face up",
        "MeldLaid": lambda data, names, earlier: f"melds {_cards(data)} for {data['points']}",
        "CardsLaidOff": _laid_off,
        "CardDiscarded": lambda data, names, earlier: f"passes a card to {names[data['to_seat']]}",
    },
    ending=_ending,
    narrated={"CardDiscarded": lambda data, names, earlier: f"passes {data['card']} to {names[data['to_seat']]}"},
    notices={
        "CardPickedUp": lambda data, who: f"{who(data['seat'])} picked up {data['card'] or 'the card passed to them'}.",
        "AceRevealed": lambda data, who: f"{who(data['seat'])} placed {data['card']} face up.",
    },
)
