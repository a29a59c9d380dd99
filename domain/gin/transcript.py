"""How a Gin hand is told (kernel/telling.py), one line per event: the deal,
every draw and discard, the knock, the show and the score."""

from ..kernel.narration import game_end_words, hand_end_words
from ..kernel.telling import Telling, each_seat


def _cards(cards) -> str:
    return " ".join(cards) if cards else "nothing"


def _melds(melds) -> str:
    return ", ".join(" ".join(m) for m in melds) if melds else "no melds"


def _started(names, data) -> str:
    dealer = data["dealer"]
    return f"Hand {data['hand'] + 1}. {names[dealer]} deals; {names[1 - dealer]} is offered the upcard {data['upcard']}."


def _knocked(data, names, earlier) -> str:
    what = "goes gin" if data["gin"] else f"knocks with {data['deadwood_points']} deadwood"
    return (f"{what}, discarding {data['card'] or 'a card'} face down: "
            f"{_melds(data['melds'])}; deadwood {_cards(data['deadwood'])}")


def _shown(data, names, earlier) -> str:
    """The defender's lay-offs name the knocker's melds, as the Knocked before laid them."""
    knock_melds = next((d["melds"] for kind, d in reversed(earlier) if kind == "Knocked"), [])
    laid = "; ".join(f"{' '.join(x['cards'])} on {' '.join(knock_melds[x['meld']])}"
                     for x in data["layoffs"]) if data["layoffs"] else "nothing"
    return (f"shows {_melds(data['melds'])}, lays off {laid}; deadwood "
            f"{_cards(data['deadwood'])} ({data['deadwood_points']})")


_REASONS = {
    "knock": "The knocker has less deadwood and scores the difference.",
    "gin": "Gin: the knocker scores the defender's deadwood and the gin bonus.",
    "undercut": "Undercut: the defender scores the difference and the undercut bonus.",
    "wall": "Only two cards are left in the stock and nobody knocked: the hand is dead, nobody scores.",
}


def _ending(names, data, earlier) -> list[str]:
    why = _REASONS.get(data["reason"], f"The hand ends: {hand_end_words(data['reason'])}.")
    return [why] + each_seat(names, data["results"], lambda r: (
        f"deadwood {r['deadwood']}, scores {r['score']}" + (f" (bonus {r['bonus']})" if r["bonus"] else "")))


def _game_over(names, data) -> list[str]:
    lines = []
    for b in data["bonuses"]:
        seat = b["seat"]
        lines.append(f"  {names[seat]}: {data['points'][seat]} points, line bonus {b['line']} "
                     f"({b['hands_won']} hands won), game bonus {b['game']}, shutout {b['shutout']}: "
                     f"{data['totals'][seat]}")
    winners = " and ".join(names[s] for s in data["winners"])
    verb = "draw" if len(data["winners"]) > 1 else "wins"
    lines.insert(0, f"The game is over, {game_end_words(data['reason'])}: {winners} {verb}.")
    return lines


def _noticed_knock(data, who) -> str:
    if data.get("gin"):
        return f"{who(data['seat'])} went gin."
    return f"{who(data['seat'])} knocked with {data['deadwood_points']} deadwood."


TELLING = Telling(
    started=_started,
    phrases={"Knocked": _knocked, "HandShown": _shown},
    ending=_ending,
    game_over=_game_over,
    by_turn=False,
    notices={
        "Knocked": _noticed_knock,
        "HandShown": lambda data, who: f"{who(data['seat'])} showed their hand: {data['deadwood_points']} deadwood.",
    },
)
