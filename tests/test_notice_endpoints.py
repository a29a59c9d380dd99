"""The notices worker's endpoints (workers/endpoints.py): one delivery at a
time per endpoint, a circuit that opens after failures in a row, and the
notices put back for a busy or failing endpoint spread a second apart, so
that a slow endpoint's many notices never come back together."""

from workers.endpoints import BUSY_AGAIN_S, CIRCUIT_FAILURES, CIRCUIT_OPEN_S, FAILING_AGAIN_S, SPREAD_MAX_S, Endpoints

SLOW, OTHER = "http://slow.example:80", "http://other.example:80"


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_the_notices_for_a_busy_endpoint_come_back_a_second_apart_and_another_endpoint_is_free():
    endpoints = Endpoints(0, Clock())
    assert endpoints.wait_s(SLOW) is None  # its delivery begins
    assert [endpoints.wait_s(SLOW) for _ in range(4)] == [BUSY_AGAIN_S, BUSY_AGAIN_S + 1, BUSY_AGAIN_S + 2,
                                                          BUSY_AGAIN_S + 3]
    assert endpoints.wait_s(OTHER) is None  # not held by the slow one
    endpoints._done(SLOW, True)
    assert endpoints.wait_s(SLOW) is None  # free again: the next to come back is delivered,
    assert endpoints.wait_s(SLOW) == BUSY_AGAIN_S  # and those put back after it are spread from the start


def test_while_a_circuit_is_open_its_notices_are_put_back_past_its_closing_a_second_apart():
    clock = Clock()
    endpoints = Endpoints(0, clock)
    for _ in range(CIRCUIT_FAILURES):
        assert endpoints.wait_s(SLOW) is None
        endpoints._done(SLOW, False)
    clock.now += 10
    waits = [endpoints.wait_s(SLOW) for _ in range(5)]
    # not all at the instant it closes: a failing endpoint's step apart
    assert waits == [CIRCUIT_OPEN_S - 10 + n * FAILING_AGAIN_S for n in range(5)]
    assert endpoints.wait_s(OTHER) is None
    clock.now += 20  # closed: one delivery tries it, and meanwhile its notices come back a failing step apart
    assert endpoints.wait_s(SLOW) is None
    assert [endpoints.wait_s(SLOW) for _ in range(3)] == [FAILING_AGAIN_S * n for n in (1, 2, 3)]
    endpoints._done(SLOW, True)  # it answered: a second apart again
    assert endpoints.wait_s(SLOW) is None and endpoints.wait_s(SLOW) == BUSY_AGAIN_S


def test_the_spread_is_bounded():
    endpoints = Endpoints(0, Clock())
    assert endpoints.wait_s(SLOW) is None
    waits = [endpoints.wait_s(SLOW) for _ in range(int(SPREAD_MAX_S) + 10)]
    assert max(waits) == BUSY_AGAIN_S + SPREAD_MAX_S and waits == sorted(waits)
