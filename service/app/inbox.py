"""A player's inbox, GET /me/games: their open and active games in one sorted
set per player (store/players.py, `iceberg:player:<p>:inbox`), ordered as the
page shows them, so a page reads only its own games however many the player has.

The score says the order, smallest first:
- the player's turn with a deadline: the deadline (ms since the epoch);
- the player's turn without one: UNTIMED_TURN - when they joined (the last joined first);
- anyone else's turn, or an open game: OTHERS - when they joined.
The append's follow-ups (service/app/followups.py) move a game's entries when
whose turn it is, its deadline or its status changes, and take a finished game
out (into the player's finished games). A player made before the index existed
gets theirs built once, from the games they sit in (`build`).
"""

import logging

import redis

from domain.deadlines import human_to_move
from domain.kernel.turns import parse

from ..store.codec import epoch_ms

log = logging.getLogger("iceberg.inbox")

UNTIMED_TURN = 2 * 10**13  # above every deadline in ms (until the year 2286)
OTHERS = 4 * 10**13  # above every UNTIMED_TURN - joined
MY_TURNS_BELOW = 3 * 10**13  # every score of the player's turn is below it, every other above


def score(state, seat: int, joined_ms: int) -> int:
    if human_to_move(state) == seat:
        return epoch_ms(parse(state.deadline)) if state.deadline else UNTIMED_TURN - joined_ms
    return OTHERS - joined_ms


def _placing(state) -> tuple:
    """What a game's places depend on: the same before and after a batch, nothing moves."""
    return state.status, human_to_move(state), state.deadline


class Inbox:
    def __init__(self, players, clock):
        self.players, self.clock = players, clock

    def follow(self, game_id: str, before, after, hooks: int | None) -> None:
        """After an append: move the game in the inboxes of the players who sit in it.
        `hooks` 0: the game has no player (the append counted no marker), nothing to read."""
        if hooks == 0 or self.players is None or (before is not None and _placing(before) == _placing(after)):
            return
        try:
            seated = self.players.seated(game_id)
            if not seated:
                return
            if after.status == "finished":
                for player_id in seated.values():
                    self.players.file_finished(player_id, game_id, epoch_ms(self.clock()))
                return
            joined = self.players.joined(game_id, list(seated.values()))
            self.players.place_in_inbox(game_id, {player_id: score(after, seat, joined.get(player_id, 0))
                                                  for seat, player_id in seated.items()})
        except redis.RedisError:
            log.warning("could not move %s in its players' inboxes at %s", game_id, after.version)

    def place(self, player_id: str, game_id: str, state, seat: int) -> None:
        """Place one game of one player as `state` says (a reader found it misplaced)."""
        joined = self.players.joined(game_id, [player_id]).get(player_id, 0)
        self.players.place_in_inbox(game_id, {player_id: score(state, seat, joined)})

    def build(self, player_id: str, load) -> None:
        """Build the index of a player who has none (made before it existed), from
        the games they sit in; `load(game_id)` -> (state, seat) or (None, None)."""
        for game_id in self.players.games(player_id):
            state, seat = load(game_id)
            if state is None:
                continue
            if state.status == "finished":
                self.players.file_finished(player_id, game_id, epoch_ms(self.clock()))
            else:
                joined = self.players.joined(game_id, [player_id]).get(player_id, 0)
                self.players.place_in_inbox(game_id, {player_id: score(state, seat, joined)})
        self.players.mark_inbox_built(player_id)
