"""decide(state, command) -> events: Rummy's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a legal
one yields its events and every automatic consequence (the stock renewed from
the pile, a turn ended with an empty hand, the end of the hand, the end of the
game) in the same batch.
"""

from ..kernel import deciding, piles
from ..kernel import errors as err
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch, held
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .commands import DISCARD_PILE, STOCK, Discard, Draw, LayOff, Meld
from .errors import MeldLimit, MustLayOff, NoOwnMeld
from .evolve import evolve
from .melds import extended, fitting, hand_value, kind_of, table_order
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules, hand_size
from .scoring import game_end, hand_results
from .state import DRAW, PLAY, GameState, HandState


def _game_over(state: GameState):
    over = game_end(state.rules, state.totals, state.hands_played, state.people.withdrawn)
    return None if over is None else ev.GameEnded(over[0], state.totals, over[1])


# a hand that ends without a seat going out (exhausted) scores nothing; "out" gives its own results
_ending = deciding.Ending(ev.HandEnded, _game_over, lambda state: hand_results(state, None))


def _create_game(state: GameState, cmd: CreateGame, batch: Batch) -> None:
    batch.emit(deciding.create(state, cmd, ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules))


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    number, deck, sealed = deciding.dealing(state, cmd)
    n = len(state.players)
    first = number % n
    batch.emit(ev.HandStarted(hand=number, dealer=(first - 1) % n, first_seat=first, upcard=deck[hand_size(n) * n],
                              deck_commitment=sealed, deck=deck, salt=cmd.salt))


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if cmd.source not in (STOCK, DISCARD_PILE):
        raise err.InvalidAction(f"draw from 'stock' or 'discard', not {cmd.source!r}")
    if hand.phase != DRAW:
        raise err.AlreadyDrawn("you have drawn this turn: meld, lay off or discard")
    if cmd.source == DISCARD_PILE:
        if hand.bare[cmd.seat]:
            raise err.MustDraw("your hand is empty: draw from the stock")
        if not hand.pile:
            raise err.PileEmpty("the discard pile is empty: draw from the stock")
        batch.emit(ev.CardDrawn(cmd.seat, hand.pile[-1], DISCARD_PILE))
        return
    if piles.renewing(hand, state.rules.stock_renewals, _ending, batch):  # else the hand ended, exhausted
        batch.emit(ev.CardDrawn(cmd.seat, batch.state.hand.stock[0], STOCK))


def _meld(state: GameState, cmd: Meld, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    cards = held(hand.hands[cmd.seat], cmd.cards)
    kind = kind_of(cards)
    if kind is None:
        raise err.InvalidMeld(f"{' '.join(cards)} is not a set of 3-4 cards of a rank or a run of 3+ of a suit "
                              f"(the ace is low only)")
    limit = state.rules.melds_limit
    if limit is not None and hand.melds_now >= limit:
        raise MeldLimit(f"you may lay {limit} new meld(s) a turn: lay off or discard")
    batch.emit(ev.MeldLaid(cmd.seat, f"m{hand.next_meld}", kind, table_order(cards), hand_value(cards)))
    _emptied(state, batch, cmd.seat)


def _lay_off(state: GameState, cmd: LayOff, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    meld = hand.meld(cmd.meld_id)
    if meld is None:
        raise err.NoSuchMeld(f"no meld {cmd.meld_id!r} on the table")
    cards = held(hand.hands[cmd.seat], cmd.cards)
    if state.rules.layoff_after_own_meld and not hand.owns_meld(cmd.seat):
        raise NoOwnMeld("lay off only once you have a meld of your own on the table")
    if extended(meld.kind, meld.cards, cards) is None:
        raise err.InvalidLayoff(f"{' '.join(cards)} on {meld.id} ({' '.join(meld.cards)}) would not leave a "
                                f"valid {meld.kind}")
    batch.emit(ev.CardsLaidOff(cmd.seat, meld.id, table_order(cards), hand_value(cards)))
    _emptied(state, batch, cmd.seat)


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _playing(state, cmd.seat)
    (card,) = held(hand.hands[cmd.seat], (cmd.card,))
    piles.check_discard(card, hand.hands[cmd.seat], hand.taken)
    if hand.bare[cmd.seat] and lay_off_targets(state, hand, card):
        raise MustLayOff(f"{card} can be laid off: lay it off (your hand is empty)")
    batch.emit(ev.CardDiscarded(cmd.seat, card))
    if not batch.state.hand.hands[cmd.seat]:
        _ending.now(batch, "out", hand_results(batch.state, cmd.seat, rummy=not hand.played[cmd.seat]))


def lay_off_targets(state: GameState, hand: HandState, card: str) -> list[str]:
    """The melds `card` can be laid off on by the seat to play (its own-meld rule included)."""
    if state.rules.layoff_after_own_meld and not hand.owns_meld(hand.turn):
        return []
    return [m.id for m in hand.table if card in fitting(m.kind, m.cards)]


def _emptied(state: GameState, batch: Batch, seat: int) -> None:
    """After a meld or a lay-off: an empty hand goes out, or (discard_to_go_out) ends the turn."""
    if batch.state.hand.hands[seat]:
        return
    if state.rules.discard_to_go_out:
        batch.emit(ev.TurnEndedEmptyHanded(seat))
    else:  # going rummy: nothing laid in an earlier turn (this turn's plays are not in `played` yet)
        _ending.now(batch, "out", hand_results(batch.state, seat, rummy=not state.hand.played[seat]))


def _playing(state: GameState, seat: int) -> HandState:
    hand = deciding.turn(state, seat)
    if hand.phase != PLAY:
        raise err.MustDraw("draw from the stock or the discard pile first")
    return hand


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Draw: _draw,
    Meld: _meld,
    LayOff: _lay_off,
    Discard: _discard,
}

decide, run = deciding.deciding(_DECIDERS, evolve)
