"""Rule violations: each a class with a stable, machine-readable `code` (a code
means the same thing in every game) and its `kind`, declared where it is
defined: a conflict ("not now": the state of the game forbids it, another
moment may allow it) or unprocessable ("never like this"). The ones here are
shared by every variant; a variant defines its own beside its rules.

The service maps the kinds to HTTP in one place; an illegal command raises
before any event is produced, so it changes nothing.
"""

import sys

CONFLICT, UNPROCESSABLE = "conflict", "unprocessable"


class RuleViolation(Exception):
    code = "rule_violation"
    kind = UNPROCESSABLE

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


def violation(name: str, code: str, doc: str, kind: str = UNPROCESSABLE) -> type[RuleViolation]:
    """A rule violation in one line, beside the rules that raise it:
    `MustPlay = violation("MustPlay", "must_play", "The seat can play, so it must.", CONFLICT)`."""
    module = sys._getframe(1).f_globals.get("__name__", __name__)
    return type(name, (RuleViolation,), {"code": code, "kind": kind, "__doc__": doc, "__module__": module})


def violations() -> list[type[RuleViolation]]:
    """Every rule violation defined so far, the variants' own included (import them first)."""
    found, todo = [], [RuleViolation]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


NotYourTurn = violation("NotYourTurn", "not_your_turn", "Another seat is to move.", CONFLICT)
MustDraw = violation("MustDraw", "must_draw", "Draw from the stock first.", CONFLICT)
AlreadyDrawn = violation("AlreadyDrawn", "already_drawn",
                         "Pick-up and draw are done: meld, lay off or discard.", CONFLICT)
CardNotInHand = violation("CardNotInHand", "card_not_in_hand", "The seat does not hold that card.")
InvalidCard = violation("InvalidCard", "invalid_card", "Not a card code.")
InvalidMeld = violation("InvalidMeld", "invalid_meld", "These cards are not a pair, set, run or special meld.")
InvalidLayoff = violation("InvalidLayoff", "invalid_layoff", "The meld would not stay valid.")
NoSuchMeld = violation("NoSuchMeld", "no_such_meld", "No meld on the table has that id.")
NoSuchSeat = violation("NoSuchSeat", "no_such_seat", "The game has no such seat.")
HandOver = violation("HandOver", "hand_over", "The hand has ended; the next one is not dealt yet.", CONFLICT)
HandInProgress = violation("HandInProgress", "hand_in_progress", "A hand is being played.", CONFLICT)
GameOver = violation("GameOver", "game_over", "The game has ended.", CONFLICT)
GameExists = violation("GameExists", "game_exists", "The game was already created.", CONFLICT)
NoGame = violation("NoGame", "no_game", "The game has not been created.")
InvalidPlayers = violation("InvalidPlayers", "invalid_players", "2 to 6 players, each named, bots known.")
InvalidRules = violation("InvalidRules", "invalid_rules", "A rules option is out of range.")
InvalidDeck = violation("InvalidDeck", "invalid_deck", "The deck is not exactly the game's pack.")
InvalidAction = violation("InvalidAction", "invalid_action", "Not an action of this game's variant.")
UnknownVariant = violation("UnknownVariant", "unknown_variant", "No variant of that name is hosted.")
LateTurn = violation("LateTurn", "turn_timed_out", "The turn's deadline has passed: the timeout plays it.", CONFLICT)
NotDue = violation("NotDue", "not_due",
                         "The turn's deadline has not passed, or another turn is being played.", CONFLICT)
UpcardOffered = violation("UpcardOffered", "upcard_offered", "The first upcard is offered: take it or pass.", CONFLICT)
CannotPass = violation("CannotPass", "cannot_pass", "Only the first upcard may be passed.", CONFLICT)
TakenCard = violation("TakenCard", "taken_card",
                         "A card taken from the discard pile may not be discarded in the same turn.")
PileEmpty = violation("PileEmpty", "pile_empty", "The discard pile is empty: there is nothing to take.", CONFLICT)
NotYourMeld = violation("NotYourMeld", "not_your_meld", "Cards are laid off on the player's own melds only.")
# seats and the people in them (kernel/seats.py, domain/seating.py)
NotStarted = violation("NotStarted", "not_started", "The game waits for its open seats to be taken.", CONFLICT)
NoOpenSeat = violation("NoOpenSeat", "no_open_seat", "The game has no open seat (left) to take.", CONFLICT)
SeatNotOpen = violation("SeatNotOpen", "seat_taken", "That seat is not open: someone sits there.", CONFLICT)
Withdrawn = violation("Withdrawn", "withdrawn", "The seat has resigned or forfeited: the bot plays it.", CONFLICT)
NotHuman = violation("NotHuman", "not_human", "A bot's seat cannot do that.")
AbortRefused = violation("AbortRefused", "abort_refused",
                         "A human has moved: the game can only be resigned.", CONFLICT)
NoDeadline = violation("NoDeadline", "no_deadline", "No deadline of yours is running: nothing to extend.", CONFLICT)
NoExtensionsLeft = violation("NoExtensionsLeft", "no_extensions_left",
                         "The seat has used all its extensions.", CONFLICT)


class InvariantBroken(AssertionError):
    """A state the rules make impossible (e.g. drawing from an empty stock): a bug."""
