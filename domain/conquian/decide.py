"""decide(state, command) -> events: Conquian's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a
legal one yields its events and every automatic consequence in one batch: a
turn-down followed by the next stock card, a card left to the opponent, the
end of a won or drawn hand, the end of the game. Dealing is the kernel's
StartHand, supplied by domain.engine.play with a deck.

The dealer of hand 0 is drawn with the deal, as in Gin: seat
int(deck_commitment, 16) % 2; after that the deal alternates every hand,
drawn hands included.

A take is judged as declared: the seat's new melds must be its old melds'
cards, the exposed card and cards from its hand, each once, split into valid
melds (any split: the listing offers a canonical one per usable set of hand
cards, search.py).
"""

from ..kernel import deciding
from ..kernel import errors as err
from ..kernel.cards import remove_cards
from ..kernel.commands import Discard, Pass
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .cards import in_order, in_pack
from .commands import Allow, Decline, Force, Take
from .errors import CardExposed, InvalidTake, MustAnswer, MustDiscard, MustTake
from .evolve import evolve
from .melds import kind_of, lays_off, melded
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import game_over, results
from .state import ANSWER, DISCARD, FACE, FORCED, GOAL, TURNED, UPCARD, UPCARD_INDEX, GameState, HandState

_ending = deciding.Ending(ev.HandEnded, game_over)
OUT, DRAWN = "out", "drawn"  # why a hand ends


def first_dealer(deck_commitment: str) -> int:
    """Hand 0's dealer: the parity of the deck commitment (a hex SHA-256)."""
    return int(deck_commitment, 16) % 2


def _create_game(state: GameState, cmd: CreateGame, batch: Batch) -> None:
    batch.emit(deciding.create(state, cmd, ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules))


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    number, deck, sealed = deciding.dealing(state, cmd)
    dealer = first_dealer(sealed) if state.hand is None else 1 - state.hand.dealer
    upcard = deck[UPCARD_INDEX] if state.rules.upcard else None
    batch.emit(ev.HandStarted(hand=number, dealer=dealer, upcard=upcard, deck_commitment=sealed, deck=deck,
                              salt=cmd.salt))
    if upcard is None:  # no upcard: the non-dealer turns the top stock card
        batch.emit(ev.StockCardTurned(1 - dealer, deck[UPCARD_INDEX]))


def _pass(state: GameState, cmd: Pass, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.phase in (FACE, TURNED):
        raise err.CannotPass("only the first upcard is passed: take this card or decline it")
    _demand(hand, UPCARD)
    batch.emit(ev.UpcardPassed(cmd.seat))
    if batch.state.hand.passes == 2:  # both passed: turned down, and the non-dealer turns the stock's top card
        batch.emit(ev.CardTurnedDown(cmd.seat, hand.exposed))
        _turn_stock(batch, 1 - cmd.seat)


def _decline(state: GameState, cmd: Decline, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.phase == UPCARD:
        raise err.UpcardOffered("the first upcard is taken or passed, never declined")
    _demand(hand, FACE, TURNED)
    forceable = state.rules.forcing and lays_off(hand.melds[cmd.seat], hand.exposed)
    batch.emit(ev.CardDeclined(cmd.seat, hand.exposed, forceable))
    if not forceable:
        _decline_goes_ahead(batch, cmd.seat, hand.phase, hand.exposed)


def _force(state: GameState, cmd: Force, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    _demand(hand, ANSWER)
    batch.emit(ev.CardForced(cmd.seat, hand.exposed))


def _allow(state: GameState, cmd: Allow, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    _demand(hand, ANSWER)
    batch.emit(ev.ForceWaived(cmd.seat, hand.exposed))
    _decline_goes_ahead(batch, 1 - cmd.seat, hand.declined_in, hand.exposed)


def _take(state: GameState, cmd: Take, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    _demand(hand, UPCARD, FACE, TURNED, FORCED)
    melds = _card_lists(cmd.melds)
    from_hand = _from_hand(hand, cmd.seat, melds)
    for meld in melds:
        if kind_of(meld) is None:
            raise err.InvalidMeld(f"{' '.join(meld)} is neither a set of 3-4 of a rank nor a run of 3-8 of a suit "
                                  "(A-2-3-4-5-6-7-J-Q-K)")
    shown = tuple(in_order(meld) for meld in melds)
    batch.emit(ev.ExposedCardMelded(cmd.seat, hand.exposed, hand.phase == FORCED, in_order(from_hand), shown))
    if melded(shown) == GOAL:
        _ending.now(batch, OUT, results(batch.state, cmd.seat))


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    _demand(hand, DISCARD)
    batch.emit(ev.CardDiscarded(cmd.seat, deciding.held(hand.hands[cmd.seat], (cmd.card,))[0]))


# --- steps and checks ---------------------------------------------------------------------------

def _turn_stock(batch: Batch, seat: int) -> None:
    hand = batch.state.hand
    batch.emit(ev.StockCardTurned(seat, hand.deck[hand.stock_pos]))


def _decline_goes_ahead(batch: Batch, seat: int, phase: str, card: str) -> None:
    """A card faced at the start of the turn is turned down and the next stock card
    turned (with an empty stock the hand is drawn); a card the seat turned is left."""
    if phase == TURNED:
        batch.emit(ev.CardLeft(seat, card))
    elif batch.state.hand.stock == 0:
        _ending.now(batch, DRAWN, results(batch.state, None))
    else:
        batch.emit(ev.CardTurnedDown(seat, card))
        _turn_stock(batch, seat)


_DEMANDS = {
    UPCARD: lambda: err.UpcardOffered("the first upcard is offered: take it or pass"),
    FACE: lambda: CardExposed("a card is exposed to you: take it or decline it"),
    TURNED: lambda: CardExposed("you turned a card: take it or decline it"),
    ANSWER: lambda: MustAnswer("the opponent declined a card that lays off on their melds: force or allow"),
    FORCED: lambda: MustTake("you were forced: take the card"),
    DISCARD: lambda: MustDiscard("you took the card: discard one from your hand"),
}


def _demand(hand: HandState, *allowed: str) -> None:
    """Refuse an action the phase does not allow, with what the phase demands."""
    if hand.phase not in allowed:
        raise _DEMANDS[hand.phase]()


def _card_lists(value) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(m, (list, tuple)) for m in value):
        raise err.InvalidMeld("melds must be a list of card lists")
    for meld in value:
        for card in meld:
            if not in_pack(card):
                raise err.InvalidCard(f"{card!r} is not a card of the 40-card pack")
    return tuple(tuple(m) for m in value)


def _from_hand(hand: HandState, seat: int, melds) -> tuple[str, ...]:
    """The hand cards a take's new melds add to the old melds and the exposed card."""
    cards = [card for meld in melds for card in meld]
    if len(set(cards)) != len(cards):
        raise InvalidTake("a card is in the new melds twice")
    if hand.exposed not in cards:
        raise InvalidTake(f"the new melds must hold the exposed card {hand.exposed}")
    rest = remove_cards(tuple(cards), [c for meld in hand.melds[seat] for c in meld] + [hand.exposed])
    if rest is None:
        raise InvalidTake("the new melds must keep every card of your melds")
    return deciding.held(hand.hands[seat], rest)


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Pass: _pass,
    Take: _take,
    Decline: _decline,
    Force: _force,
    Allow: _allow,
    Discard: _discard,
}

decide, run = deciding.deciding(_DECIDERS, evolve)

__all__ = ["decide", "run", "first_dealer"]
