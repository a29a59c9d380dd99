"""The folded state of a Manipulation game as JSON-ready data and back, for
snapshots: the kernel's (kernel/games.py), by the state's fields and their types."""

from ..kernel.games import Snapshots
from .state import GameState

FORMAT = 1  # bump when the shape changes; older snapshots are then ignored

SNAPSHOTS = Snapshots(GameState, FORMAT)
