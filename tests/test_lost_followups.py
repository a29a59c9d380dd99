"""An append whose follow-ups are lost (the process dies, or Redis goes down, between
the two): the game was made due before the append, so the sweeper's check finds it
and does what the follow-ups would have done. Here, a person's move that hands the
turn to a bot: without the due time brought forward before the append, no bot job
was enqueued and the game waited for its abandonment (tests/test_supervisor.py's
Redis SIGKILL met it once)."""

import random
from datetime import datetime, timedelta, timezone

from freezegun import freeze_time

from domain import registry
from domain.deadlines import bot_to_move
from domain.engine import play
from domain.kernel.players import CreateGame, Player
from domain.selfplay import seeded_dealer
from service.store.codec import epoch_ms
from tests.workers_helpers import use_context
from workers.sweeper import check_game

T0 = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc)


def test_a_bot_turn_whose_follow_ups_were_lost_is_due_and_its_check_enqueues_the_bot(own_app, own_redis,
                                                                                      monkeypatch):
    svc, gin, rng = own_app.extensions["iceberg"], registry.named("gin"), random.Random(5)
    create = CreateGame((Player("Ann"), Player("Bot", "greedy")), gin.rules({}), "gin")
    # a deal in which the person moves first (who deals is dealt too): the bot's first turn is the one lost
    seed = next(s for s in range(100) if bot_to_move(play(None, create, seeded_dealer(random.Random(s)), T0)[1]) is None)
    with freeze_time(T0):
        game = "g_lostfollowups01"
        svc.commands.create(game, gin, create, dealer=seeded_dealer(random.Random(seed)))
    state = svc.repository.load(game).state
    assert bot_to_move(state) is None
    lost = []
    monkeypatch.setattr(svc.follow_ups, "after_append", lambda *args, **kwargs: lost.append(args))  # died
    with freeze_time(T0):
        while bot_to_move(state) is None:
            variant = registry.of(state)
            svc.commands.handle(game, variant.bots["greedy"](variant.see(state, state.turn_seat), rng), "s0")
            state = svc.repository.load(game).state
    assert lost, "the follow-ups were lost"
    repair_s = svc.follow_ups.repair_s
    assert svc.due.when(game) <= epoch_ms(T0 + timedelta(seconds=repair_s))  # not the abandonment, 30 days on
    use_context(monkeypatch, own_redis.url)
    with freeze_time(T0 + timedelta(seconds=repair_s + 1)):
        assert check_game(game, 0) == "repaired"
