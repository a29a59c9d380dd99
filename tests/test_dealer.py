"""The server's Dealer (service/app/deals.py) on a real Redis: the secret it keeps
for a game, and the chain's marks it keeps per process, deal the same hand
secrets as the chain itself, in the process that chose the secret and in any
other."""

from datetime import datetime, timezone

import pytest

from domain.kernel.shuffle import CHAIN, hand_secret, reaches
from service.app.deals import MARK, Dealer, SecretLost
from service.store import keys
from service.wiring import connect


@pytest.fixture
def redis(own_redis):
    return connect(own_redis.url)


def test_every_hand_s_secret_is_the_chain_s_in_this_process_and_another(redis):
    chooser = Dealer(redis)
    commitment = chooser.fresh()
    tip = redis.get(keys.deal_secret(commitment))
    tip = tip.decode() if isinstance(tip, bytes) else tip
    another = Dealer(redis)  # another process: nothing kept yet
    for hand in (0, 1, 2, MARK - 1, MARK, MARK + 1, 500, CHAIN - 2, CHAIN - 1):
        expected = hand_secret(tip, CHAIN, hand)
        assert chooser.hand_secret(commitment, CHAIN, hand) == expected
        assert another.hand_secret(commitment, CHAIN, hand) == expected
        assert reaches(expected, hand, commitment)


def test_an_offered_commitment_deals_once_taken(redis):
    dealer = Dealer(redis)
    offered = dealer.offer(datetime(2026, 11, 23, tzinfo=timezone.utc))["commitment"]
    assert dealer.take(offered) and not dealer.take(offered)
    assert reaches(Dealer(redis).hand_secret(offered, CHAIN, 3), 3, offered)


def test_a_lost_secret_is_an_error_not_another_deal(redis):
    dealer = Dealer(redis)
    commitment = dealer.fresh()
    redis.delete(keys.deal_secret(commitment))
    with pytest.raises(SecretLost):
        Dealer(redis).hand_secret(commitment, CHAIN, 0)


def test_the_kept_marks_are_bounded(redis):
    dealer = Dealer(redis, cache=3)
    commitments = [dealer.fresh() for _ in range(5)]
    assert dealer.hand_secret(commitments[0], CHAIN, 0)  # read again from Redis: its marks were dropped
    assert len(dealer._marks) == 3
