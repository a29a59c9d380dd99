"""The one entry point of the rules: a command in, every event it causes out.

`play(state, command, dealer, now)` is what production runs for every command
of every variant, and so what self-play, benchmarks and tests run too:

1. the variant decides the command (a `RuleViolation` if it is illegal, and
   nothing changes) with its automatic consequences;
2. when that ends a hand and the game goes on, the next hand is dealt in the
   same batch from `dealer(decks)` (an input, so deciding stays pure and a log
   never depends on a random generator);
3. in a timed game, a human turn that begins gets its `DeadlineSet`.

`TimeOut(deadline)` is the engine's own command: if that turn is overdue it
appends `TurnTimedOut` and the greedy bot plays the whole turn; any other command
in a turn that is overdue is refused (`LateTurn`), so a deadline holds to the
millisecond whenever the timeout is applied. `EndGame(reason)`
is the other: it ends a game that nobody finishes by playing (kernel/ending.py).
"""

import random
from datetime import datetime

from . import registry
from .deadlines import bot_to_move, deadline_events, is_overdue
from .kernel.bodies import body_of
from .kernel.deals import StartHand, random_deal
from .kernel.ending import EndGame
from .kernel.errors import InvalidAction, LateTurn, NotDue
from .kernel.folding import check_game
from .kernel.players import CreateGame
from .kernel.turns import TimeOut, TurnTimedOut

TIMEOUT_BOT = "greedy"  # every variant has one: it plays a timed-out turn
EARLY_REASONS = ("abandoned",)  # the reasons EndGame takes (the others are a hand's result)


def play(state, command, dealer=random_deal, now: datetime | None = None) -> tuple[list, object]:
    """(events, state after them) for `command`; `now` is needed in timed games."""
    kind = type(command)
    if kind is CreateGame:
        variant = registry.named(command.variant)
        state = variant.initial if state is None or state.version == 0 else state
    else:
        variant = registry.VARIANTS[state.variant]
    if kind is TimeOut:
        events, after = _time_out(variant, state, command, dealer, _needed(now))
    elif kind is EndGame:
        events, after = _end_game(variant, state, command)
    else:  # _decide, written out: this is the hot path of every command
        if state.deadline is not None and is_overdue(state, state.deadline, _needed(now)):
            raise LateTurn(f"the deadline {state.deadline} has passed: the turn is played by the timeout")
        events, after = variant.decide(state, command)
        if after.needs_deal:
            deal = dealer(after.decks)
            more, after = variant.decide(after, StartHand(deal.deck, deal.salt))
            events = events + more
    if after.rules.turn_timeout_s:
        extra = deadline_events(variant, after, events, _needed(now))
        for event in extra:
            after = variant.evolve(after, event)
        events = events + extra
    return events, after


def _needed(now: datetime | None) -> datetime:
    if now is None:
        raise TypeError("a timed game needs the time: pass now=")
    return now


def _decide(variant, state, command, dealer) -> tuple[list, object]:
    events, state = variant.decide(state, command)
    if state.needs_deal:
        deal = dealer(state.decks)
        more, state = variant.decide(state, StartHand(deal.deck, deal.salt))
        events = events + more
    return events, state


def _time_out(variant, state, command: TimeOut, dealer, now: datetime) -> tuple[list, object]:
    """TurnTimedOut, then the greedy bot's whole turn for the absent seat."""
    if not is_overdue(state, command.deadline, now):
        raise NotDue(f"no turn with the deadline {command.deadline} is overdue")
    seat = state.turn_seat
    events = [TurnTimedOut(seat, command.deadline)]
    state = variant.evolve(state, events[0])
    rng = random.Random(f"timeout:{state.version}")
    while state.turn_seat == seat:
        hands = state.hands_played
        more, state = _decide(variant, state, bot_command(state, seat, TIMEOUT_BOT, rng), dealer)
        events += more
        if state.hands_played != hands:
            break  # the hand ended (and the next was dealt): this turn is over
    return events, state


def _end_game(variant, state, command: EndGame) -> tuple[list, object]:
    if command.reason not in EARLY_REASONS:
        raise InvalidAction(f"a game is not ended early for {command.reason!r}")
    check_game(state)
    event = variant.end_game(state, command.reason, ())
    return [event], variant.evolve(state, event)


def bot_command(state, seat: int, policy: str, rng: random.Random):
    """What the bot `policy` plays for `seat` now, seeing only what the seat sees."""
    variant = registry.of(state)
    return variant.bots[policy](variant.see(state, seat), rng)


def bot_move(state, rng: random.Random):
    """The command of the bot to move, or None when no bot is to move."""
    seat = bot_to_move(state)
    if seat is None:
        return None
    return bot_command(state, seat, state.players[seat].bot, rng)


def legal_bodies(state, seat: int) -> list:
    """The seat's legal actions, as the bodies the API accepts."""
    if state.turn_seat is None:
        return []
    return [body_of(c) for c in registry.of(state).legal_actions(state, seat)]


def ended_span(state, hand: int) -> tuple[int, int] | None:
    """(first, last) version of hand `hand` if it has ended, else None."""
    spans = state.hand_spans
    if not 0 <= hand < len(spans) or spans[hand][1] == 0:
        return None
    return spans[hand]
