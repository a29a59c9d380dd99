"""A hand told in words, the same way in every variant: its transcript (the
whole hand, stored with its replay), its narration (one line per replay
frame, for a viewer stepping through them) and the lines a notice tells a
player (what happened since their last move). The three word each event with
one phrase, so they cannot tell it differently.

A variant says how its hand is told (`Telling`): the deal's line, a phrase
per event type of its own ("draws 7H", told after the seat's name), the end
of the hand; the kernel words the shared events (kernel/events.py) and its
own (deadlines, seats: kernel/narration.py) the same in every variant. A
transcript either groups a turn's phrases into one line ("Ann draws 7H, melds
7S 8S 9S, discards 2C.") or gives each event its own line ("Ann discards 2C.").

A phrase is `phrase(data, names, earlier) -> str | None` (None: the event is
not told in the transcript): `data` is the event's, `names` the seats' names,
`earlier` the (type, data) of the hand's events before it, for a phrase that
names what an earlier event laid down.
"""

from dataclasses import dataclass, field
from typing import Callable

from .narration import game_end_words, game_over, hand_end_words, one_line, plain_line

Phrase = Callable[[dict, list, list], "str | None"]


def each_seat(names, results, said) -> list[str]:
    """A hand's end tells each seat's result on a line of its own: `said(result)` after its name."""
    return [f"  {names[r['seat']]}: {said(r)}" for r in results]


def hand_ending(out: str, otherwise: str, said):
    """A variant's `ending`: why the hand ended (`out` when a seat went out,
    else `otherwise`), then each seat's result as `said(result)` words it."""
    def ending(names, data, earlier) -> list[str]:
        return [out if data["reason"] == "out" else otherwise] + each_seat(names, data["results"], said)
    return ending


EMPTIED = "A player's hand is empty: the hand ends."  # `out`, as most variants say it


def _ending(names, data, earlier) -> list[str]:
    """A hand's end for a variant that words it no better: why, and each seat's result."""
    return [f"The hand ends: {hand_end_words(data['reason'])}."] + each_seat(
        names, data["results"], lambda r: ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in r.items()
                                                    if key != "seat"))


def _game_over(names, data) -> list[str]:
    return [game_over(names, data)]


@dataclass(frozen=True)
class Telling:
    started: Callable[[list, dict], str]  # (names, HandStarted's data) -> the deal's line, without its commitment
    phrases: dict[str, Phrase]  # event type -> its phrase, for the variant's own events (and its wording of shared ones)
    ending: Callable[[list, dict, list], list[str]] = _ending  # (names, HandEnded's data, earlier) -> lines
    game_over: Callable[[list, dict], list[str]] = _game_over  # (names, GameEnded's data) -> lines
    by_turn: bool = True  # the transcript gives each turn one line (else each event its own)
    narrated: dict[str, Phrase] = field(default_factory=dict)  # a frame's phrase where it says more (a card)
    notices: dict[str, Callable] = field(default_factory=dict)  # event type -> (data, who) -> a notice's line

    def phrase(self, kind: str, data: dict, names, earlier) -> str | None:
        said = self.phrases.get(kind) or PHRASES.get(kind)
        return said(data, names, earlier) if said else None


# --- the shared events' phrases ---------------------------------------------------------------

def _drawn(data, names, earlier) -> str:
    card = data["card"]
    if "from" in data:
        return f"draws {card or 'a card'} from {'the stock' if data['from'] == 'stock' else 'the discard pile'}"
    return f"draws {card}" if card else "draws from the stock"


def renewed(data) -> str:
    return f"turns the pile over as a new stock of {data['size']}"


PHRASES: dict[str, Phrase] = {
    "CardDrawn": _drawn,
    "CardDiscarded": lambda data, names, earlier: f"discards {data['card']}",
    "UpcardPassed": lambda data, names, earlier: "passes the upcard",
    "TurnTimedOut": lambda data, names, earlier: "runs out of time (the greedy policy plays this turn)",
}


# --- the transcript and the narration ---------------------------------------------------------

def transcript(telling: Telling, replay: dict) -> str:
    names = replay["players"]
    lines = _by_turn(telling, names, replay["frames"]) if telling.by_turn else _by_event(telling, names, replay["frames"])
    return "\n".join(lines) + "\n"


def _dealt(telling: Telling, names, data) -> str:
    return f"{telling.started(names, data)} Deck commitment {data['deck_commitment']}."


def _by_turn(telling: Telling, names, frames) -> list[str]:
    lines, turn, actor, earlier = [], [], None, []

    def close_turn():
        nonlocal turn, actor
        if turn and actor is None:
            return  # the stock renewed before a turn's draw: its phrase opens the drawer's turn
        if turn:
            lines.append(f"{names[actor]} " + ", ".join(turn) + ".")
        turn, actor = [], None

    for frame in frames:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        seat = data.get("seat")
        if kind == "HandStarted":
            lines.append(_dealt(telling, names, data))
        elif kind == "StockRenewed":
            turn.append(renewed(data))
        elif kind == "HandEnded":
            close_turn()
            lines += telling.ending(names, data, earlier)
        elif kind == "GameEnded":
            lines += telling.game_over(names, data)
        elif kind != "DeadlineSet":
            if seat is not None and seat != actor:
                close_turn()
                actor = seat
            phrase = telling.phrase(kind, data, names, earlier)
            if phrase:
                turn.append(phrase)
            if kind == "CardDiscarded":
                close_turn()
        earlier.append((kind, data))
    close_turn()
    return lines


def _by_event(telling: Telling, names, frames) -> list[str]:
    lines, earlier = [], []
    for frame in frames:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        if kind == "HandStarted":
            lines.append(_dealt(telling, names, data))
        else:
            lines += _said(telling, kind, data, names, earlier) or []
        earlier.append((kind, data))
    return lines


def _said(telling: Telling, kind, data, names, earlier) -> list[str] | None:
    """An event's lines in a transcript of one line per event (None: not told)."""
    if kind == "HandEnded":
        return telling.ending(names, data, earlier)
    if kind == "GameEnded":
        return telling.game_over(names, data)
    if kind == "StockRenewed":
        return [f"The pile is turned over as a new stock of {data['size']}."]
    phrase = telling.phrase(kind, data, names, earlier)
    seat = data.get("seat")
    return [f"{names[seat]} {phrase}."] if phrase and seat is not None else None


def narrate(telling: Telling, replay: dict) -> list[str]:
    """One line per frame, each told from its event and the events before it."""
    names, lines, earlier = replay["players"], [], []
    for frame in replay["frames"]:
        kind, data = frame["event"]["type"], frame["event"]["data"]
        lines.append(_line(telling, frame, kind, data, names, earlier))
        earlier.append((kind, data))
    return lines


def _line(telling: Telling, frame, kind, data, names, earlier) -> str:
    if kind == "HandStarted":  # the deck commitment is for checking the deal, not for the viewer
        return telling.started(names, data)
    if kind == "HandEnded":
        return one_line(telling.ending(names, data, earlier))
    if kind == "GameEnded":
        return one_line(telling.game_over(names, data))
    if kind == "StockRenewed":  # no seat in the event: the seat whose turn it is (to draw) turns it over
        turn = frame.get("state", {}).get("turn")
        if turn is None:  # a frame without its state
            return f"The pile is turned over as a new stock of {data['size']}."
        return f"{names[turn]} {renewed(data)}."
    said = telling.narrated.get(kind)
    phrase = said(data, names, earlier) if said else telling.phrase(kind, data, names, earlier)
    seat = data.get("seat")
    return f"{names[seat]} {phrase}." if phrase and seat is not None else plain_line(kind, data, names)


# --- notices ----------------------------------------------------------------------------------

def _cards(cards) -> str:
    return " ".join(c for c in cards if c) if cards else ""


def _hand_ended(data, who) -> str:
    scores = ", ".join(f"{who(r['seat'])} {r.get('total', r.get('score', 0)):+d}" for r in data["results"])
    return f"Hand {data['hand'] + 1} ended, {hand_end_words(data['reason'])}" + (f": {scores}." if scores else ".")


def _discarded(data, who) -> str:
    if "to_seat" in data:  # passed to a seat (Iceberg), not on a pile
        return f"{who(data['seat'])} passed {data['card'] or 'a card'} to {who(data['to_seat'])}."
    return f"{who(data['seat'])} discarded {data['card']}."


def _noticed_draw(data, who) -> str:
    if data.get("from") == "discard":
        return f"{who(data['seat'])} took {data['card']} from the discard pile."
    return f"{who(data['seat'])} drew {data['card'] or 'a card'}."


#: a notice's line of each shared event type (and of the shared names MeldLaid and CardsLaidOff)
#: by type: (data as the public sees it, who(seat) -> "you" or a name) -> line, or None: not told
NOTICES = {
    "GameCreated": lambda data, who: None,
    "DeadlineSet": lambda data, who: None,
    "HandStarted": lambda data, who: f"Hand {data['hand'] + 1} was dealt.",
    "CardDrawn": _noticed_draw,
    "MeldLaid": lambda data, who: f"{who(data['seat'])} melded {_cards(data['cards'])} for {data['points']}.",
    "CardsLaidOff": lambda data, who: (f"{who(data['seat'])} laid {_cards(data['cards'])} off on {data['meld']} "
                                       f"for {data['points']}."),
    "CardDiscarded": _discarded,
    "UpcardPassed": lambda data, who: f"{who(data['seat'])} passed the upcard.",
    "StockRenewed": lambda data, who: "The discard pile was turned over as a new stock.",
    "HandEnded": _hand_ended,
    "GameEnded": lambda data, who: (f"The game ended: {game_end_words(data['reason'])}; "
                                    f"won by {', '.join(who(s) for s in data['winners']) or 'nobody'}."),
    "TurnTimedOut": lambda data, who: f"{who(data['seat'])} ran out of time.",
    "SeatTaken": lambda data, who: f"{data['name']} took seat {data['seat']}.",
    "SeatResigned": lambda data, who: f"{who(data['seat'])} resigned.",
    "SeatForfeited": lambda data, who: f"{who(data['seat'])} forfeited.",
    "GameAborted": lambda data, who: f"{who(data['seat'])} aborted the game.",
    "DeadlineExtended": lambda data, who: f"{who(data['seat'])} extended the deadline to {data['deadline']}.",
}
