"""Bot policies: pure functions (SeatView, random.Random) -> command. A policy
sees only what its seat may see; seeded games replay exactly."""

from .greedy import choose_greedy
from .random_policy import choose_random

POLICIES = {"random": choose_random, "greedy": choose_greedy}
