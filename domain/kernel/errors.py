"""Rule violations: each a class with a stable, machine-readable `code` (a code
means the same thing in every game) and its `kind`, declared where it is
defined: a conflict ("not now": the state of the game forbids it, another
moment may allow it) or unprocessable ("never like this"). The ones here are
shared by every variant; a variant defines its own beside its rules.

The service maps the kinds to HTTP in one place; an illegal command raises
before any event is produced, so it changes nothing.
"""

CONFLICT, UNPROCESSABLE = "conflict", "unprocessable"


class RuleViolation(Exception):
    code = "rule_violation"
    kind = UNPROCESSABLE

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


def _violation(name: str, code: str, doc: str, kind: str = UNPROCESSABLE) -> type[RuleViolation]:
    return type(name, (RuleViolation,), {"code": code, "kind": kind, "__doc__": doc})


def violations() -> list[type[RuleViolation]]:
    """Every rule violation defined so far, the variants' own included (import them first)."""
    found, todo = [], [RuleViolation]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


NotYourTurn = _violation("NotYourTurn", "not_your_turn", "Another seat is to move.", CONFLICT)
MustDraw = _violation("MustDraw", "must_draw", "Draw from the stock first.", CONFLICT)
AlreadyDrawn = _violation("AlreadyDrawn", "already_drawn",
                          "Pick-up and draw are done: meld, lay off or discard.", CONFLICT)
CardNotInHand = _violation("CardNotInHand", "card_not_in_hand", "The seat does not hold that card.")
InvalidCard = _violation("InvalidCard", "invalid_card", "Not a card code.")
InvalidMeld = _violation("InvalidMeld", "invalid_meld", "These cards are not a pair, set, run or special meld.")
InvalidLayoff = _violation("InvalidLayoff", "invalid_layoff", "The meld would not stay valid.")
NoSuchMeld = _violation("NoSuchMeld", "no_such_meld", "No meld on the table has that id.")
NoSuchSeat = _violation("NoSuchSeat", "no_such_seat", "The game has no such seat.")
HandOver = _violation("HandOver", "hand_over", "The hand has ended; the next one is not dealt yet.", CONFLICT)
HandInProgress = _violation("HandInProgress", "hand_in_progress", "A hand is being played.", CONFLICT)
GameOver = _violation("GameOver", "game_over", "The game has ended.", CONFLICT)
GameExists = _violation("GameExists", "game_exists", "The game was already created.", CONFLICT)
NoGame = _violation("NoGame", "no_game", "The game has not been created.")
InvalidPlayers = _violation("InvalidPlayers", "invalid_players", "2 to 6 players, each named, bots known.")
InvalidRules = _violation("InvalidRules", "invalid_rules", "A rules option is out of range.")
InvalidDeck = _violation("InvalidDeck", "invalid_deck", "The deck is not exactly the game's pack.")
InvalidAction = _violation("InvalidAction", "invalid_action", "Not an action of this game's variant.")
UnknownVariant = _violation("UnknownVariant", "unknown_variant", "No variant of that name is hosted.")
LateTurn = _violation("LateTurn", "turn_timed_out", "The turn's deadline has passed: the timeout plays it.", CONFLICT)
NotDue = _violation("NotDue", "not_due",
                          "The turn's deadline has not passed, or another turn is being played.", CONFLICT)
UpcardOffered = _violation("UpcardOffered", "upcard_offered", "The first upcard is offered: take it or pass.", CONFLICT)
CannotPass = _violation("CannotPass", "cannot_pass", "Only the first upcard may be passed.", CONFLICT)
TakenCard = _violation("TakenCard", "taken_card",
                          "A card taken from the discard pile may not be discarded in the same turn.")
PileEmpty = _violation("PileEmpty", "pile_empty", "The discard pile is empty: there is nothing to take.", CONFLICT)
NotYourMeld = _violation("NotYourMeld", "not_your_meld", "Cards are laid off on the player's own melds only.")
# seats and the people in them (kernel/seats.py, domain/seating.py)
NotStarted = _violation("NotStarted", "not_started", "The game waits for its open seats to be taken.", CONFLICT)
NoOpenSeat = _violation("NoOpenSeat", "no_open_seat", "The game has no open seat (left) to take.", CONFLICT)
SeatNotOpen = _violation("SeatNotOpen", "seat_taken", "That seat is not open: someone sits there.", CONFLICT)
Withdrawn = _violation("Withdrawn", "withdrawn", "The seat has resigned or forfeited: the bot plays it.", CONFLICT)
NotHuman = _violation("NotHuman", "not_human", "A bot's seat cannot do that.")
AbortRefused = _violation("AbortRefused", "abort_refused",
                          "A human has moved: the game can only be resigned.", CONFLICT)
NoDeadline = _violation("NoDeadline", "no_deadline", "No deadline of yours is running: nothing to extend.", CONFLICT)
NoExtensionsLeft = _violation("NoExtensionsLeft", "no_extensions_left",
                          "The seat has used all its extensions.", CONFLICT)


class InvariantBroken(AssertionError):
    """A state the rules make impossible (e.g. drawing from an empty stock): a bug."""
