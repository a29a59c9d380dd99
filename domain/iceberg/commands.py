"""Iceberg's commands: what a player asks the game to do, in the imperative.

Each declares its action body (`action`, `params`: see kernel/bodies.py), so
the API, the commands and the legal-action hints share one mapping. Creating
a game and dealing a hand are the kernel's `CreateGame` and `StartHand`;
drawing and passing a card on (`Discard`) are the kernel's commands too.
"""

from ..kernel.commands import Discard, Draw, LayOff, Meld, seat_only
from ..kernel.deals import StartHand
from ..kernel.players import CreateGame, Player

__all__ = ["CreateGame", "Player", "StartHand", "Pickup", "Draw", "Meld", "LayOff", "Discard", "ACTIONS"]


Pickup = seat_only("Pickup", "pickup", "Take the card passed to the seat into its hand.")


#: action type -> command class: the bodies POST /actions accepts in an Iceberg game
ACTIONS = {cls.action: cls for cls in (Pickup, Draw, Meld, LayOff, Discard)}
