"""A game as plain text for one seat, as a mail shows it (docs/api.md, "Play by
e-mail"): the seat's hand sorted, the table with each meld's number, the
piles, the scores, whose turn it is and until when, and the seat's legal moves
numbered, each with its command line (domain/kernel/wording.py).

Built from the seat's own view (projections/table.py `seat_view`), so it shows
exactly what that seat may see, in every variant: the keys every view has are
laid out here, and the rest of a variant's own public keys are listed as they
are.
"""

from domain import registry
from domain.engine import legal_bodies
from domain.kernel.cards import RANK, SUIT, SUITS
from domain.kernel.wording import line_of

from .readers import Reader
from .table import seat_view

MOST_MOVES = 200  # a mail lists at most this many moves (the rest are still played by their lines)
#: keys of a view laid out on their own, or not worth a line in a mail
_SHOWN = {"id", "variant", "version", "status", "hand", "turn", "stock", "table", "seats", "rules", "winners",
          "withdrawn", "hand_number", "seat", "actions", "extensions_left", "discard", "pile", "knock", "dealer"}


def moves(state, seat: int) -> list[tuple[str, dict]]:
    """The seat's legal moves as (command line, body), numbered from 1 in this order."""
    commands = registry.of(state).commands
    return [(line_of(commands, body), body) for body in legal_bodies(state, seat)]


def hand_order(card: str) -> tuple:
    """Suit by suit, low to high (a code no deck of ours has, such as a joker, last)."""
    if card in RANK:
        return SUITS.index(SUIT[card]), RANK[card], card
    return len(SUITS), 0, card


def board(game_id: str, state, seat: int, name: str | None = None) -> list[str]:
    """The lines of the board as the seat may see it, its moves numbered at the end."""
    view = seat_view(game_id, state, Reader(seat=seat))
    names = [s["name"] or f"seat {s['seat']}" for s in view["seats"]]

    def who(s):
        return "you" if s == seat else names[s] if s is not None and 0 <= s < len(names) else "nobody"

    lines = [f"{name or game_id} ({view['variant']}, hand {view['hand_number'] + 1}, version {view['version']})", ""]
    hand = view.get("hand")
    if isinstance(hand, list):
        lines.append(f"Your hand ({len(hand)}): " + (" ".join(sorted(hand, key=hand_order)) or "empty"))
    if view.get("table"):
        lines.append("Table:")
        for meld in view["table"]:
            owner = f"{who(meld['owner'])}, " if meld.get("owner") is not None else ""
            lines.append(f"  {meld['id']}: {' '.join(meld['cards'])}  ({owner}{meld.get('kind', 'meld')})")
    elif "table" in view:
        lines.append("Table: no melds yet")
    if view.get("knock"):
        knock = view["knock"]
        lines.append(f"{who(knock['seat']).capitalize()} knocked; melds:")
        lines += [f"  {i}: {' '.join(m)}" for i, m in enumerate(knock["melds"])]
        lines.append(f"  deadwood: {' '.join(knock['deadwood']) or 'none'} ({knock['deadwood_points']} points)")
    piles = []
    if isinstance(view.get("discard"), list):
        piles.append(f"discard pile: {view['discard'][-1] if view['discard'] else 'empty'} on top "
                     f"({len(view['discard'])} cards)")
    if isinstance(view.get("pile"), dict):
        piles.append(f"discard pile: {view['pile'].get('top') or 'empty'} on top ({view['pile'].get('size', 0)} cards)")
    if "stock" in view:
        piles.append(f"stock: {view['stock']} cards")
    if piles:
        lines.append("Piles: " + "; ".join(piles))
    for key in sorted(set(view) - _SHOWN):
        if view[key] not in (None, [], {}, ""):
            lines.append(f"{key.replace('_', ' ').capitalize()}: {_plain(view[key])}")
    lines += ["", "Scores:"]
    for s in view["seats"]:
        extra = [f"{k.replace('_', ' ')} {_plain(v)}" for k, v in s.items()
                 if k not in ("seat", "name", "bot", "total") and v not in (None, [], False)]
        lines.append(f"  {names[s['seat']]}{' (you)' if s['seat'] == seat else ''}: total {s['total']}"
                     + (f" ({', '.join(extra)})" if extra else ""))
    lines.append("")
    lines += _turn(view, who)
    listed = moves(state, seat)
    if listed:
        lines += ["", "Your moves (reply with a number or a line):"]
        lines += [f"{n}. {line}" for n, (line, _) in enumerate(listed[:MOST_MOVES], start=1)]
        if len(listed) > MOST_MOVES:
            lines.append(f"... and {len(listed) - MOST_MOVES} more, played by their lines")
    return lines


def _turn(view: dict, who) -> list[str]:
    if view["status"] == "finished":
        winners = ", ".join(who(s) for s in view.get("winners") or []) or "nobody"
        return [f"The game is over. Won by: {winners}."]
    turn = view.get("turn")
    if not turn or turn.get("seat") is None:
        return ["Nobody is to move just now."]
    phase = f" ({turn['phase']})" if turn.get("phase") else ""
    until = f", until {turn['deadline']} (UTC)" if turn.get("deadline") else ", no deadline"
    return [f"To move: {who(turn['seat'])}{phase}{until}."]


def _plain(value) -> str:
    if isinstance(value, list):
        return " ".join(_plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return str(value)
