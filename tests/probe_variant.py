"""A toy rummy that only the conformance suite hosts (registry.hosting), to
show that a variant gets the whole suite by registering, and that the suite
catches a variant that breaks it (tests/test_conformance.py).

Two cards each from a pack of its own (24 cards); a turn is a draw from the
stock and a discard face up; the
hand ends once every seat has discarded twice, each seat scoring the ranks of
its two cards. Everything but the rules of play is the kernel's.
"""

from dataclasses import dataclass
from typing import NamedTuple

from domain.kernel import deciding, events, games, gamestate, rules
from domain.kernel import errors as err
from domain.kernel.bodies import listing
from domain.kernel.cards import RANK, full_pack
from domain.kernel.commands import Discard, Draw
from domain.kernel.deals import StartHand, dealt
from domain.kernel.evolving import evolver, hand_begun
from domain.kernel.folding import advance, replace_at, take
from domain.kernel.players import CreateGame
from domain.kernel.stored import StoredForm
from domain.kernel.telling import Telling
from domain.kernel.variant import PUBLIC, SECRET, Hidden, Variant

OPTIONS = (rules.target(40),) + rules.BY_HANDS


@rules.typed(OPTIONS)
class Rules(rules.Rules):
    def pack(self, players: int) -> tuple[str, ...]:
        """A short pack of its own (2s to 7s), as a variant names one (kernel/deals.py pack_of)."""
        return tuple(card for card in full_pack(1) if RANK[card] <= 7)


@dataclass(frozen=True, slots=True)
class HandResult(events.HandResult):
    total: int


GameCreated = events.game_created("probe", Rules)
HandStarted = events.hand_started(first_seat=int)
CardDrawn, CardDiscarded = events.of_variant(events.CardDrawn), events.of_variant(events.CardDiscarded)
HandEnded, GameEnded = events.hand_ended(HandResult, ("done",)), events.of_variant(events.GameEnded)
STORED = (events.created_form(GameCreated, "zG"),
          StoredForm(HandStarted, "zH", ("hand", "first_seat", "deck_commitment", "deck", "salt"), joined=("deck",)),
          events.seat_card_form(CardDrawn, "zD"), events.seat_card_form(CardDiscarded, "zX"),
          events.hand_ended_form(HandEnded, "zE"), events.game_ended_form(GameEnded, "zO"))


class HandState(NamedTuple):
    number: int
    deck: tuple[str, ...]
    salt: str
    stock_pos: int
    hands: tuple[tuple[str, ...], ...]
    pile: tuple[str, ...]
    turn: int
    phase: str  # "draw", "discard", "ended"
    deadline: str | None = None


class GameState(games.game_state("probe", Rules, HandResult, HandState)):
    __slots__ = ()


def _hand_started(state, e):
    n = len(state.players)
    return hand_begun(state, HandState(e.hand, e.deck, e.salt, 2 * n, dealt(e.deck, e.first_seat, n, 2), (),
                                       e.first_seat, "draw"))


def _drawn(state, e):
    h = state.hand
    return advance(state, hand=h._replace(hands=replace_at(h.hands, e.seat, h.hands[e.seat] + (e.card,)),
                                          stock_pos=h.stock_pos + 1, phase="discard"))


def _discarded(state, e):
    h = state.hand
    return advance(state, hand=h._replace(hands=take(h, e.seat, (e.card,)), pile=h.pile + (e.card,),
                                          turn=(e.seat + 1) % len(state.players), phase="draw", deadline=None))


evolve, fold = evolver(STORED, {HandStarted: _hand_started, CardDrawn: _drawn, CardDiscarded: _discarded},
                       GameState())
ENDING = deciding.Ending(HandEnded, deciding.scoring_over(GameEnded), lambda state: tuple(
    HandResult(seat, sum(RANK[c] for c in cards)) for seat, cards in enumerate(state.hand.hands)))


def _deal(state, cmd, batch):
    number, deck, sealed = deciding.dealing(state, cmd)
    batch.emit(HandStarted(number, number % len(state.players), sealed, deck, cmd.salt))


def _draw(state, cmd, batch):
    hand = deciding.turn(state, cmd.seat)
    if hand.phase != "draw":
        raise err.AlreadyDrawn("you have drawn: discard")
    batch.emit(CardDrawn(cmd.seat, hand.deck[hand.stock_pos]))


def _discard(state, cmd, batch):
    hand = deciding.turn(state, cmd.seat)
    if hand.phase != "discard":
        raise err.MustDraw("draw first")
    batch.emit(CardDiscarded(cmd.seat, deciding.held(hand.hands[cmd.seat], (cmd.card,))[0]))
    if len(batch.state.hand.pile) == 2 * len(state.players):
        ENDING.now(batch, "done")


class SeatView(NamedTuple):
    seat: int
    turn: int
    phase: str
    hand: tuple[str, ...]
    pile: tuple[str, ...]
    known: object = None  # the game as the seat knows it: the expert bot's (Variant.expert_view)


def see(state, seat):
    h = state.hand
    return None if h is None else SeatView(seat, h.turn, h.phase, h.hands[seat], h.pile)


def options(view):
    if view.turn != view.seat or view.phase == "ended":
        return []
    return [("draw",)] if view.phase == "draw" else [("discard", card) for card in view.hand]


to_command, legal_actions = listing({"draw": Draw, "discard": Discard}, see, options)
BOTS = {"random": lambda view, rng: to_command(view.seat, rng.choice(options(view))),
        "greedy": lambda view, rng: to_command(view.seat, min(options(view), key=lambda o: RANK.get(o[-1], 0)))}
decide, run = deciding.deciding({CreateGame: lambda state, cmd, batch: batch.emit(deciding.create(
    state, cmd, GameCreated, (2, 4), BOTS, Rules)), StartHand: _deal, Draw: _draw, Discard: _discard}, evolve)


def public(state) -> dict:
    h = state.hand
    return {"hand": h.number if h else None, "turn": gamestate.shown_turn(state), "pile": list(h.pile) if h else [],
            "stock": len(h.deck) - h.stock_pos if h else 0,
            "seats": [{"hand_size": len(h.hands[seat]) if h else 0} for seat in range(len(state.players))]}


def cards_in_play(state) -> list:
    h = state.hand
    return [("stock", SECRET, h.deck[h.stock_pos:]), ("pile", PUBLIC, h.pile),
            *((f"seat {seat}'s hand", seat, cards) for seat, cards in enumerate(h.hands))]


SNAPSHOTS = games.Snapshots(GameState, 1)
VARIANT = Variant(
    name="probe", title="Probe", players=(2, 4), rules_type=Rules, initial=GameState(),
    commands={"draw": Draw, "discard": Discard}, events=STORED, decide=run, evolve=evolve,
    starts_turn=frozenset({HandStarted, CardDiscarded}), legal_actions=legal_actions, see=see, bots=BOTS,
    public=public, private=lambda state, seat: {"hand": list(state.hand.hands[seat]) if state.hand else []},
    replay_state=lambda state: {"hands": [list(c) for c in state.hand.hands], "pile": list(state.hand.pile),
                                "turn": state.hand.turn, "phase": state.hand.phase},
    telling=Telling(started=lambda names, data: f"Hand {data['hand'] + 1}. {names[data['first_seat']]} plays first.",
                    phrases={}),
    hidden={"CardDrawn": Hidden("card", "seat")}, snapshot=(SNAPSHOTS.to_data, SNAPSHOTS.from_data),
    cards_in_play=cards_in_play,
)
