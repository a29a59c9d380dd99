"""decide(state, command) -> events: Gin's rules as a pure function.

An illegal command raises a RuleViolation before anything is produced; a legal
one yields its events and every automatic consequence (the dead hand at the
wall, the scoring of a shown hand, the end of the game) in one batch. Dealing
is the kernel's StartHand, supplied by domain.engine.play with a deck.

The dealer of hand 0 is drawn with the deal: seat int(deck_commitment, 16) % 2,
i.e. the parity of the commitment's last hex digit, a function of the deck and
its (random, secret) salt that anyone can check once the hand has ended; after
that the deal alternates every hand, dead hands included.

Declarations are scored as declared: a knock is legal when the declared melds
are valid melds of the ten cards kept and the rest (the deadwood) totals at most
the knock limit, even if a better arrangement exists; gin is a declared
deadwood of 0. The defender's melds and lay-offs are checked the same way and
scored as shown. The legal-action listing offers the best arrangements.
"""

from ..kernel import deciding
from ..kernel import errors as err
from ..kernel.deals import StartHand
from ..kernel.deciding import Batch
from ..kernel.players import CreateGame
from . import events as ev
from .bots import POLICIES
from .cards import is_card
from .commands import DISCARD_PILE, STOCK, Discard, Draw, Knock, Layoff, Pass, Show
from .deadwood import check_arrangement, check_defence, min_deadwood
from .errors import DeadwoodTooHigh, MustShow, NoKnock
from .evolve import evolve
from .rules import MAX_PLAYERS, MIN_PLAYERS, Rules
from .scoring import WALL, game_end, knock_results, wall_results
from .state import DISCARD, DRAW, SHOW, UPCARD, UPCARD_INDEX, GameState, HandState
from .state import WALL as WALL_SIZE


def first_dealer(deck_commitment: str) -> int:
    """Hand 0's dealer: the parity of the deck commitment (a hex SHA-256)."""
    return int(deck_commitment, 16) % 2


_ending = deciding.Ending(ev.HandEnded, lambda state: game_end(state.rules, state.points, state.results))


_create_game = deciding.creating(ev.GameCreated, (MIN_PLAYERS, MAX_PLAYERS), POLICIES, Rules)


def _start_hand(state: GameState, cmd: StartHand, batch: Batch) -> None:
    number, deck, sealed = deciding.dealing(state, cmd)
    dealer = first_dealer(sealed) if state.hand is None else 1 - state.hand.dealer
    batch.emit(ev.HandStarted(hand=number, dealer=dealer, upcard=deck[UPCARD_INDEX], deck_commitment=sealed,
                              deck=deck, salt=cmd.salt))


def _pass(state: GameState, cmd: Pass, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.phase == SHOW:
        raise MustShow("the opponent knocked: show your melds and lay-offs")
    if hand.phase != UPCARD:
        raise err.CannotPass("only the first upcard may be passed")
    batch.emit(ev.UpcardPassed(cmd.seat))


def _draw(state: GameState, cmd: Draw, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if cmd.source not in (STOCK, DISCARD_PILE):
        raise err.InvalidAction(f"draw from 'stock' or 'discard', not {cmd.source!r}")
    if hand.phase == UPCARD:
        if cmd.source == STOCK:
            raise err.UpcardOffered("the first upcard is offered: take it (draw from the discard pile) or pass")
    elif hand.phase != DRAW:
        _not_now(hand)
    elif cmd.source == DISCARD_PILE and hand.stock_only:
        raise err.MustDraw("both players passed the first upcard: draw from the stock")
    if cmd.source == STOCK:
        if hand.stock <= WALL_SIZE:
            raise err.InvariantBroken("a draw at the wall")
        batch.emit(ev.CardDrawn(cmd.seat, hand.deck[hand.stock_pos], STOCK))
    else:
        batch.emit(ev.CardDrawn(cmd.seat, hand.discards[-1], DISCARD_PILE))


def _discard(state: GameState, cmd: Discard, batch: Batch) -> None:
    hand = _discarding(state, cmd.seat)
    card = _droppable(hand, cmd.seat, cmd.card)
    batch.emit(ev.CardDiscarded(cmd.seat, card))
    if hand.stock <= WALL_SIZE:  # the turn that left 2 cards in the stock is over, without a knock
        _ending.now(batch, WALL, wall_results(tuple(min_deadwood(h) for h in batch.state.hand.hands)))


def _knock(state: GameState, cmd: Knock, batch: Batch) -> None:
    hand = _discarding(state, cmd.seat)
    card = _droppable(hand, cmd.seat, cmd.card)
    kept = tuple(c for c in hand.hands[cmd.seat] if c != card)
    melds = _card_lists(cmd.melds, "melds")
    arrangement = check_arrangement(kept, melds)
    limit = state.rules.knock_limit
    if arrangement.points > limit:
        raise DeadwoodTooHigh(f"the deadwood {' '.join(arrangement.deadwood)} totals {arrangement.points}; "
                                  f"a knock needs {limit} or less")
    batch.emit(ev.Knocked(cmd.seat, card, arrangement.melds, arrangement.deadwood, arrangement.points,
                       arrangement.points == 0))


def _show(state: GameState, cmd: Show, batch: Batch) -> None:
    hand = deciding.turn(state, cmd.seat)
    if hand.phase != SHOW:
        raise NoKnock("nobody has knocked: there is nothing to show")
    knock = hand.knock
    melds = _card_lists(cmd.melds, "melds")
    layoffs = _layoffs(cmd.layoffs)
    defence = check_defence(hand.hands[cmd.seat], melds, layoffs, knock.melds, allow_layoffs=not knock.gin)
    batch.emit(ev.HandShown(cmd.seat, defence.melds, tuple(Layoff(k, cards) for k, cards in defence.layoffs),
                         defence.deadwood, defence.points))
    reason, results = knock_results(state.rules, knock.seat, knock.points, knock.gin, defence.points)
    _ending.now(batch, reason, results)


# --- checks ---------------------------------------------------------------------


def _not_now(hand: HandState) -> None:
    """Refuse an action the phase does not allow, with the phase's own reason."""
    if hand.phase == UPCARD:
        raise err.UpcardOffered("the first upcard is offered: take it (draw from the discard pile) or pass")
    if hand.phase == DRAW:
        raise err.MustDraw("draw first" + (" from the stock" if hand.stock_only else ""))
    if hand.phase == DISCARD:
        raise err.AlreadyDrawn("you have drawn this turn: discard or knock")
    raise MustShow("the opponent knocked: show your melds and lay-offs")


def _discarding(state: GameState, seat: int) -> HandState:
    hand = deciding.turn(state, seat)
    if hand.phase != DISCARD:
        _not_now(hand)
    return hand


def _droppable(hand: HandState, seat: int, card) -> str:
    if not is_card(card):
        raise err.InvalidCard(f"{card!r} is not a card")
    if card not in hand.hands[seat]:
        raise err.CardNotInHand(f"you do not hold {card}")
    if card == hand.taken:
        raise err.TakenCard(f"{card} was taken from the discard pile this turn: discard another card")
    return card


def _card_lists(value, what: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(m, (list, tuple)) for m in value):
        raise err.InvalidMeld(f"{what} must be a list of card lists")
    for meld in value:
        for card in meld:
            if not is_card(card):
                raise err.InvalidCard(f"{card!r} is not a card")
    return tuple(tuple(m) for m in value)


def _layoffs(value) -> tuple[tuple[int, tuple[str, ...]], ...]:
    if not isinstance(value, (list, tuple)) or not all(isinstance(x, Layoff) for x in value):
        raise err.InvalidLayoff('layoffs must be a list of {"meld": <index>, "cards": [...]}')
    found = []
    for x in value:
        if isinstance(x.meld, bool) or not isinstance(x.meld, int):
            raise err.NoSuchMeld(f"the knocker has no meld {x.meld!r}")
        for card in x.cards:
            if not is_card(card):
                raise err.InvalidCard(f"{card!r} is not a card")
        found.append((x.meld, tuple(x.cards)))
    return tuple(found)


_DECIDERS = {
    CreateGame: _create_game,
    StartHand: _start_hand,
    Pass: _pass,
    Draw: _draw,
    Discard: _discard,
    Knock: _knock,
    Show: _show,
}

__all__ = ["decide", "run", "first_dealer"]

decide, run = deciding.deciding(_DECIDERS, evolve)
