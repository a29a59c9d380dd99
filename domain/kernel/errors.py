"""Rule violations: each a class with a stable, machine-readable `code`, shared
by every variant (a code means the same thing in every game).

The service maps these to HTTP in one place; an illegal command raises before
any event is produced, so it changes nothing.
"""


class RuleViolation(Exception):
    code = "rule_violation"

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


def _violation(name: str, code: str, doc: str) -> type[RuleViolation]:
    return type(name, (RuleViolation,), {"code": code, "__doc__": doc})


NotYourTurn = _violation("NotYourTurn", "not_your_turn", "Another seat is to move.")
MustPickUp = _violation("MustPickUp", "must_pick_up", "A passed card waits: pick it up first.")
MustDraw = _violation("MustDraw", "must_draw", "Draw from the stock first.")
AlreadyDrawn = _violation("AlreadyDrawn", "already_drawn", "Pick-up and draw are done: meld, lay off or discard.")
CardNotInHand = _violation("CardNotInHand", "card_not_in_hand", "The seat does not hold that card.")
InvalidCard = _violation("InvalidCard", "invalid_card", "Not a card code.")
InvalidMeld = _violation("InvalidMeld", "invalid_meld", "These cards are not a pair, set, run or special meld.")
InvalidLayoff = _violation("InvalidLayoff", "invalid_layoff", "The meld would not stay valid.")
NoSuchMeld = _violation("NoSuchMeld", "no_such_meld", "No meld on the table has that id.")
NoSuchSeat = _violation("NoSuchSeat", "no_such_seat", "The game has no such seat.")
HandOver = _violation("HandOver", "hand_over", "The hand has ended; the next one is not dealt yet.")
HandInProgress = _violation("HandInProgress", "hand_in_progress", "A hand is being played.")
GameOver = _violation("GameOver", "game_over", "The game has ended.")
GameExists = _violation("GameExists", "game_exists", "The game was already created.")
NoGame = _violation("NoGame", "no_game", "The game has not been created.")
InvalidPlayers = _violation("InvalidPlayers", "invalid_players", "2 to 6 players, each named, bots known.")
InvalidRules = _violation("InvalidRules", "invalid_rules", "A rules option is out of range.")
InvalidDeck = _violation("InvalidDeck", "invalid_deck", "The deck is not exactly the game's pack.")
InvalidAction = _violation("InvalidAction", "invalid_action", "Not an action of this game's variant.")
UnknownVariant = _violation("UnknownVariant", "unknown_variant", "No variant of that name is hosted.")
LateTurn = _violation("LateTurn", "turn_timed_out", "The turn's deadline has passed: the timeout plays it.")
NotDue = _violation("NotDue", "not_due", "The turn's deadline has not passed, or another turn is being played.")
UpcardOffered = _violation("UpcardOffered", "upcard_offered", "The first upcard is offered: take it or pass.")
CannotPass = _violation("CannotPass", "cannot_pass", "Only the first upcard may be passed.")
TakenCard = _violation("TakenCard", "taken_card", "A card taken from the discard pile may not be discarded in the same turn.")
DeadwoodTooHigh = _violation("DeadwoodTooHigh", "deadwood_too_high", "A knock needs deadwood of at most the knock limit.")
MustShow = _violation("MustShow", "must_show", "The opponent knocked: show your melds and lay-offs.")
NoKnock = _violation("NoKnock", "no_knock", "Nobody has knocked: there is nothing to show.")
QueenOfSpades = _violation("QueenOfSpades", "queen_of_spades", "The queen of spades is discarded only as the last card, going out.")
PileEmpty = _violation("PileEmpty", "pile_empty", "The discard pile is empty: there is nothing to take.")
NotYourMeld = _violation("NotYourMeld", "not_your_meld", "Cards are laid off on the player's own melds only.")
# seats and the people in them (kernel/seats.py, domain/seating.py)
NotStarted = _violation("NotStarted", "not_started", "The game waits for its open seats to be taken.")
NoOpenSeat = _violation("NoOpenSeat", "no_open_seat", "The game has no open seat (left) to take.")
SeatNotOpen = _violation("SeatNotOpen", "seat_taken", "That seat is not open: someone sits there.")
Withdrawn = _violation("Withdrawn", "withdrawn", "The seat has resigned or forfeited: the bot plays it.")
NotHuman = _violation("NotHuman", "not_human", "A bot's seat cannot do that.")
AbortRefused = _violation("AbortRefused", "abort_refused", "A human has moved: the game can only be resigned.")
NoDeadline = _violation("NoDeadline", "no_deadline", "No deadline of yours is running: nothing to extend.")
NoExtensionsLeft = _violation("NoExtensionsLeft", "no_extensions_left", "The seat has used all its extensions.")

class InvariantBroken(AssertionError):
    """A state the rules make impossible (e.g. drawing from an empty stock): a bug."""
