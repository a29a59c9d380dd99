"""The folded state of a Gin game as JSON-ready data and back, for snapshots:
the kernel's (kernel/games.py), by the state's fields and their types."""

from ..kernel.games import Snapshots
from .state import GameState

FORMAT = 2  # 2: the hand's `record`; bump when the shape changes; older snapshots are then ignored

SNAPSHOTS = Snapshots(GameState, FORMAT)
to_data, from_data = SNAPSHOTS.to_data, SNAPSHOTS.from_data
