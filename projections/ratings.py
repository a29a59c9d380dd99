"""Ratings and standings, a projection of the logs (docs/api.md, "Ratings,
standings, history and chat"): what an ended game tells about the people and
bots who sat in it, and OpenSkill's update of their ratings.

A game's `Standing` is read from its `GameEnded` (winners, totals, reason,
time) and its state (variant, rules, players, the seats that withdrew), with
the registered players recorded beside its log as sitting in its seats. Each
seat is someone: a registered player (their id), a bot (`bot:<policy>`) or
nobody known (a seat named at creation or taken anonymously).

- A game counts for the records (games played, games won) of everyone known
  in it when it has a registered player and was not aborted. A win is a game
  whose `winners` holds one's seat.
- It is rated too when its rules say `rated` (the default), it has a result
  (a winner: an abandoned game has none) and every seat is known: an
  anonymous seat makes the game unrated rather than rate the others against
  nobody. Places come from domain/kernel/standings.py (winners first, ties
  shared, withdrawn seats last), each seat a team of one in OpenSkill's
  Plackett-Luce model with its default parameters, ranked by place.
- A bot sitting in several seats of one game enters each with its rating from
  before the game, and keeps the new rating of its best-placed seat (the first
  such seat on a tie).

Ratings move in the order the games ended (the time of `GameEnded`, then the
game's id), whatever order they are recorded in (service/app/standings.py).
"""

from dataclasses import dataclass

from openskill.models import PlackettLuce

from domain.kernel.standings import places

MODEL = PlackettLuce()  # its defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
MU, SIGMA = MODEL.mu, MODEL.sigma
LEADERBOARD_GAMES = 5  # rated games before a rater is on a variant's leaderboard
BOT = "bot:"


def ordinal(mu: float, sigma: float) -> float:
    """What leaderboards sort by: a conservative estimate of skill (openskill's own ordinal, z = 3)."""
    return mu - 3 * sigma


@dataclass(frozen=True)
class Standing:
    game: str
    variant: str
    ended: int  # when GameEnded was appended (ms since the epoch)
    raters: tuple[str | None, ...]  # per seat: a player's id, `bot:<policy>`, or None (nobody known)
    winners: tuple[int, ...]
    places: tuple[int, ...] | None  # per seat, when the game is rated

    @property
    def rated(self) -> bool:
        return self.places is not None

    @property
    def order(self) -> tuple[int, str]:
        """Where the game comes in the order ratings move in."""
        return self.ended, self.game

    def known(self) -> list[str]:
        """Everyone known in the game, each once, in seat order."""
        return list(dict.fromkeys(r for r in self.raters if r is not None))

    def won(self, rater: str) -> bool:
        return any(self.raters[seat] == rater for seat in self.winners)

    def to_data(self) -> dict:
        return {"variant": self.variant, "ended": self.ended, "raters": list(self.raters),
                "winners": list(self.winners), "places": None if self.places is None else list(self.places)}

    @classmethod
    def from_data(cls, game: str, data: dict) -> "Standing":
        found = data["places"]
        return cls(game, data["variant"], data["ended"], tuple(data["raters"]), tuple(data["winners"]),
                   None if found is None else tuple(found))


def seat_raters(state, seated: dict[int, str]) -> tuple[str | None, ...]:
    """Who each seat is: its registered player, a bot that sat there from the
    start (a seat that withdrew is played by a bot, but was a person's), or None."""
    withdrawn = state.people.withdrawn
    return tuple(seated.get(seat) or (BOT + p.bot if p.bot is not None and seat not in withdrawn else None)
                 for seat, p in enumerate(state.players))


def standing_of(game_id: str, state, ended: dict, ended_ms: int, seated: dict[int, str]) -> Standing | None:
    """The standing of a finished game (`ended`: its GameEnded's data, appended
    at `ended_ms`), or None when it counts for nobody (aborted, or no
    registered player sat in it)."""
    if ended["reason"] == "aborted" or not seated:
        return None
    raters = seat_raters(state, seated)
    winners = tuple(ended["winners"])
    ranked = places(winners, ended["totals"], state.people.withdrawn)
    if not state.rules.rated or None in raters:
        ranked = None
    return Standing(game_id, state.variant, ended_ms, raters, winners, ranked)


def rate(standing: Standing, before: list[tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The raters' (mu, sigma) after a rated game, from each seat's before it."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = [team[0] for team in MODEL.rate(teams, ranks=list(standing.places))]
    best: dict[str, int] = {}
    for seat, rater in enumerate(standing.raters):
        if rater not in best or standing.places[seat] < standing.places[best[rater]]:
            best[rater] = seat
    return {rater: (after[seat].mu, after[seat].sigma) for rater, seat in best.items()}


def new_record() -> dict:
    """A rater's record in a variant before their first game there."""
    return {"games": 0, "wins": 0, "rated": 0, "mu": MU, "sigma": SIGMA}


def rating_of(record: dict | None) -> tuple[float, float]:
    return (MU, SIGMA) if record is None else (record["mu"], record["sigma"])


def count(records: dict[str, dict], standing: Standing) -> None:
    """The game in the records of everyone known in it: played, won, and rated if it was."""
    for rater in standing.known():
        record = records[rater]
        record["games"] += 1
        record["wins"] += standing.won(rater)
        record["rated"] += standing.rated


def tally(standings) -> tuple[dict[str, dict], dict[str, dict[str, dict]]]:
    """Every standing applied in the order the games ended, from nothing: (game ->
    its standing as recorded, with each seat's rating before it when rated;
    variant -> rater -> record). What a rebuild writes."""
    games: dict[str, dict] = {}
    records: dict[str, dict[str, dict]] = {}
    for standing in sorted(standings, key=lambda s: s.order):
        mine = records.setdefault(standing.variant, {})
        for rater in standing.known():
            mine.setdefault(rater, new_record())
        data = standing.to_data()
        if standing.rated:
            before = [rating_of(mine[rater]) for rater in standing.raters]
            data["before"] = [list(b) for b in before]
            for rater, (mu, sigma) in rate(standing, before).items():
                mine[rater]["mu"], mine[rater]["sigma"] = mu, sigma
        count(mine, standing)
        games[standing.game] = data
    return games, records


def on_board(record: dict) -> bool:
    return record["rated"] >= LEADERBOARD_GAMES
