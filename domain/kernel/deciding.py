"""Deciding a command, the same way in every variant: a table from command
type to a decider, and a batch that folds each event as it is emitted, so a
decider can look at the state its own events lead to (an automatic
consequence, such as the end of a hand, depends on it). And the checks and
steps every rummy's deciders share: the game's creation, whose turn it is,
cards a seat holds, a deal's checks, the end of a hand and of the game."""

from . import errors as err
from .cards import is_card, remove_cards
from .deals import StartHand, commitment, pack_of
from .ending import scoring_end
from .expert.policy import EXPERT
from .folding import check_game
from .gamestate import ENDED
from .players import CreateGame, seat_players


class Batch:
    """Events decided so far, and the state they lead to."""

    __slots__ = ("state", "events", "_evolve")

    def __init__(self, state, evolve):
        self.state = state
        self.events = []
        self._evolve = evolve

    def emit(self, event) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)


def deciding(deciders: dict, evolve):
    """(decide, run) for a variant: `run(state, command)` gives the events and
    the state after them, `decide` just the events."""

    def run(state, command) -> tuple[list, object]:
        try:
            handler = deciders[type(command)]
        except KeyError:
            raise TypeError(f"not a command: {command!r}") from None
        batch = Batch(state, evolve)
        handler(state, command, batch)
        return batch.events, batch.state

    def decide(state, command) -> list:
        return run(state, command)[0]

    return decide, run


# --- what the deciders of every rummy share ----------------------------------------------------

def create(state, command: CreateGame, created_type, seats: tuple[int, int], bots, rules_type):
    """The variant's GameCreated for `command`: refused if the game exists, the
    table cannot be seated (`seats`: fewest, most) or the rules are not the variant's.
    A seat may name one of the variant's own `bots` or the kernel's expert, which
    every variant has (kernel/variant.py)."""
    return created_type(*seat_players(state, command, *seats, {*bots, EXPERT}, rules_type))


def creating(created_type, seats: tuple[int, int], bots, rules_type):
    """A variant's decider of CreateGame: it emits the `create`d GameCreated."""
    def create_game(state, command: CreateGame, batch: Batch) -> None:
        batch.emit(create(state, command, created_type, seats, bots, rules_type))
    return create_game


def dealing(state, command: StartHand, pack=None) -> tuple[int, tuple[str, ...], str]:
    """(the hand's number, its deck, the deck's commitment) of the next hand,
    dealt from `command`'s deck: refused unless the game needs a deal and the
    deck is exactly the game's pack (by default `pack_of(state)`)."""
    check_game(state)
    if not state.needs_deal:
        raise err.HandInProgress("a hand is being played")
    pack = pack_of(state) if pack is None else pack
    deck = tuple(command.deck)
    if len(deck) != len(pack) or sorted(deck) != sorted(pack):
        raise err.InvalidDeck(f"the deck must be exactly the {len(pack)} cards of the game's pack")
    if not isinstance(command.salt, str) or not command.salt:
        raise err.InvalidDeck("a deal needs a salt")
    return state.hands_played, deck, commitment(deck, command.salt)


def rotating(state, command: StartHand, pack=None) -> dict:
    """The HandStarted fields of the next hand (`dealing` it) where the deal goes
    round: hand n starts with seat n mod players, dealt by the seat before it."""
    number, deck, sealed = dealing(state, command, pack)
    n = len(state.players)
    first = number % n
    return {"hand": number, "dealer": (first - 1) % n, "first_seat": first, "deck_commitment": sealed, "deck": deck,
            "salt": command.salt}


def turn(state, seat):
    """The hand being played, if it is `seat`'s turn in it."""
    check_game(state)
    hand = state.hand
    if hand is None or hand.phase == ENDED:
        raise err.HandOver("the hand is over")
    if type(seat) is not int or not 0 <= seat < len(state.players):  # (True is no seat)
        raise err.NoSuchSeat(f"no seat {seat!r}")
    if seat != hand.turn:
        raise err.NotYourTurn(f"it is seat {hand.turn}'s turn")
    return hand


def turn_in(state, seat, phase: str, refused, why: str):
    """The hand being played, if it is `seat`'s turn in it and the turn is in
    `phase`; else the rule violation `refused`, saying `why`."""
    hand = turn(state, seat)
    if hand.phase != phase:
        raise refused(why)
    return hand


def cards_of(cards, valid=is_card) -> tuple[str, ...]:
    """Cards a command names (one card or several), each a card code (of the
    variant's pack: `valid`, by default a standard deck's)."""
    cards = tuple(cards) if isinstance(cards, (tuple, list)) else (cards,)
    for card in cards:
        if not valid(card):
            raise err.InvalidCard(f"{card!r} is not a card")
    return cards


def held(holding, cards, valid=is_card) -> tuple[str, ...]:
    """The cards a command names, if the seat `holding` these has them all."""
    if type(cards) is not tuple:  # (this runs for every card played: the usual case costs one test)
        cards = cards_of(cards, valid)
    else:
        for card in cards:
            if not valid(card):
                raise err.InvalidCard(f"{card!r} is not a card")
    if remove_cards(holding, cards) is None:
        raise err.CardNotInHand(f"you do not hold {' '.join(cards)}")
    return cards


class Ending:
    """How a variant's hands end: its HandEnded (`ended_type`), each seat's
    results of the hand just over (`results(state)`, unless the decider gives
    them) and whether the game ends with it (`game_over(state)`: its GameEnded,
    or None)."""

    def __init__(self, ended_type, game_over, results=None):
        self.ended_type, self.game_over, self.results = ended_type, game_over, results

    def now(self, batch: Batch, reason: str, results=None) -> None:
        """The hand in `batch` ends, the deal revealed; then the game, if it is over."""
        if reason not in self.ended_type.reasons:  # its words would be missing (tests/test_words.py)
            raise ValueError(f"{reason!r} is not a declared reason of {self.ended_type.__module__}.HandEnded")
        hand = batch.state.hand
        results = self.results(batch.state) if results is None else results
        batch.emit(self.ended_type(hand.number, reason, results, hand.deck, hand.salt))
        ended = self.game_over(batch.state)
        if ended is not None:
            batch.emit(ended)

    def if_out(self, batch: Batch, seat: int) -> bool:
        """The hand ends ("out") if the seat's hand is empty."""
        if batch.state.hand.hands[seat]:
            return False
        self.now(batch, "out")
        return True


def scoring_over(ended_type):
    """`game_over` for a scoring rummy whose GameEnded is the kernel's (winners,
    totals, reason): it ends as kernel/ending.py `scoring_end` says."""
    def game_over(state):
        over = scoring_end(state.rules, state.totals, state.hands_played, state.people.withdrawn)
        return None if over is None else ended_type(over[0], state.totals, over[1])
    return game_over


def ended_early(ended_type):
    """A variant's `end_game` when its GameEnded is the kernel's: the totals of
    the hands played (the hand in progress, if any, is not scored)."""
    def end_game(state, reason: str, winners):
        return ended_type(tuple(winners), state.totals, reason)
    return end_game
