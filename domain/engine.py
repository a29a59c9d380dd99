"""The one entry point of the rules: a command in, every event it causes out.

`play(state, command, dealer, now)` is what production runs for every command
of every variant, and so what self-play, benchmarks and tests run too:

1. the variant decides the command (a `RuleViolation` if it is illegal, and
   nothing changes) with its automatic consequences;
2. when that ends a hand and the game goes on, the next hand is dealt in the
   same batch from `dealer(decks)` (an input, so deciding stays pure and a log
   never depends on a random generator), or, in a game created with committed
   deals, from the hand's secret the dealer reveals (kernel/shuffle.py);
3. in a timed game, a human turn that begins gets its `DeadlineSet`.

`TimeOut(deadline)` is the engine's own command: if that turn is overdue it
appends `TurnTimedOut` and the greedy bot plays the whole turn (or, under
`on_timeout: "forfeit"`, the late seat forfeits: domain/seating.py); any other
move in a turn that is overdue is refused (`LateTurn`), so a deadline holds to
the millisecond whenever the timeout is applied. `EndGame(reason)` is the
other: it ends a game that nobody finishes by playing (kernel/ending.py).
The seat commands (kernel/seats.py: take an open seat, resign, abort, extend a
deadline) are decided by domain/seating.py; the last open seat taken deals the
first hand here, like any hand.
"""

import random
from datetime import datetime

from . import registry, seating
from .deadlines import bot_to_move, deadline_events, is_overdue
from .kernel.bodies import body_of
from .kernel.deals import StartHand, random_deal
from .kernel.ending import EndGame
from .kernel.errors import InvalidAction, LateTurn, NotDue
from .kernel.folding import check_game
from .kernel.players import CreateGame
from .kernel.seats import COMMANDS as SEAT_COMMANDS
from .kernel.shuffle import committed, next_deal
from .kernel.turns import TimeOut, TurnTimedOut

TIMEOUT_BOT = "greedy"  # every variant has one: it plays a timed-out turn
EARLY_REASONS = ("abandoned", "aborted")  # the reasons EndGame takes (the others are a hand's result)


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
    elif kind in SEAT_COMMANDS:
        events, after = seating.decide(variant, state, command, now)
        if after.needs_deal:  # the last open seat was taken: the first hand
            more, after = _decide(variant, after, None, dealer)
            events = events + more
    else:  # _decide, written out: this is the hot path of every command
        # only a timed game has deadlines: an untimed one (most, and every bot game) skips the look
        if state.rules.turn_timeout_s and state.deadline is not None and is_overdue(state, state.deadline,
                                                                                     _needed(now)):
            raise LateTurn(f"the deadline {state.deadline} has passed: the turn is played by the timeout")
        events, after = variant.decide(state, command)
        if kind is CreateGame and command.deals is not None:  # committed before any deal (kernel/shuffle.py)
            more = committed(after, command.deals)
            for event in more:
                after = variant.evolve(after, event)
            events = events + more
        if after.needs_deal:
            deal = next_deal(after, dealer)
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
    """`command` decided (None: nothing but the deal a game that needs one gets)."""
    events, state = variant.decide(state, command) if command is not None else ([], state)
    if state.needs_deal:
        deal = next_deal(state, dealer)
        more, state = variant.decide(state, StartHand(deal.deck, deal.salt))
        events = events + more
    return events, state


def _time_out(variant, state, command: TimeOut, dealer, now: datetime) -> tuple[list, object]:
    """TurnTimedOut, then the greedy bot's whole turn for the absent seat, or its forfeit."""
    if not is_overdue(state, command.deadline, now):
        raise NotDue(f"no turn with the deadline {command.deadline} is overdue")
    seat = state.turn_seat
    events = [TurnTimedOut(seat, command.deadline)]
    state = variant.evolve(state, events[0])
    if state.rules.on_timeout == "forfeit":
        more, state = seating.forfeit(variant, state, seat)  # the bot workers play on, if the game does
        return events + more, state
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
    if state.status != "open":  # an open game nobody joins is abandoned too
        check_game(state)
    event = variant.end_game(state, command.reason, ())
    return [event], variant.evolve(state, event)


def bot_command(state, seat: int, policy: str, rng: random.Random):
    """What the bot `policy` plays for `seat` now, seeing only what the seat sees."""
    variant = registry.of(state)
    return variant.bots[policy](variant.view_for(policy)(state, seat), rng)


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
