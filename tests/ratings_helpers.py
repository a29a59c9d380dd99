"""Games played to their end for the ratings tests (tests/test_ratings.py), and
OpenSkill computed directly from their logs to check the projection against."""

import itertools
import random
import secrets

from openskill.models import PlackettLuce

from domain import registry
from domain.kernel.ending import EndGame
from domain.kernel.players import CreateGame, Player
from domain.kernel.seats import Abort, Resign
from service.app.tokens import token_hash
from service.store import keys
from service.store.players import player_field

PLAYERS = [f"p_{i:016x}" for i in range(1, 6)]


def register(svc):
    for i, player_id in enumerate(PLAYERS):
        svc.players.create(player_id, f"Player {i}", None, token_hash(secrets.token_hex(8)), 0)


def play_out(svc, game_id: str, rng: random.Random, resign=(), abandon_after: int | None = None) -> None:
    """Every seat plays the random policy on what it may see until the game ends;
    the seats of `resign` resign after a few actions; `abandon_after` actions end it as abandoned."""
    for step in itertools.count():
        state = svc.repository.load(game_id).state
        if state.status == "finished":
            return
        if abandon_after is not None and step == abandon_after:
            svc.commands.handle(game_id, EndGame("abandoned"), "sys")
            continue
        if step == 6 and resign:
            for seat in resign:
                if svc.repository.load(game_id).state.status != "finished":
                    svc.commands.handle(game_id, Resign(seat), f"s{seat}")
            continue
        variant = registry.of(state)
        seat = state.turn_seat
        command = variant.bots["random"](variant.see(state, seat), rng)
        svc.commands.handle(game_id, command, f"s{seat}")


def new_game(svc, variant: str, seats: list, rules: dict) -> str:
    """`seats`: a player id, "bot:<policy>" or "anon:<name>" each."""
    players, tokens = [], {}
    for seat, who in enumerate(seats):
        if who.startswith("bot:"):
            players.append(Player(f"B{seat}", who[4:]))
        elif who.startswith("anon:"):
            players.append(Player(who[5:]))
        else:
            players.append(Player(f"P{seat}"))
            tokens[player_field(who)] = seat
    game_id = "g_" + secrets.token_hex(8)
    definition = registry.named(variant)
    svc.commands.create(game_id, definition, CreateGame(tuple(players), definition.rules(rules), variant),
                        tokens=tokens)
    return game_id


def random_games(svc, rng: random.Random) -> list[str]:
    """Random tables of registered players and bots (2-6 seats, all three variants),
    and among them a tie by two resignations, an aborted, an unrated, an abandoned
    game and one with an anonymous seat."""
    games = []
    for _ in range(32):
        variant = rng.choice(["iceberg", "iceberg", "gin", "fortune"])
        size = 2 if variant == "gin" else rng.randint(2, 6)
        humans = rng.sample(PLAYERS, rng.randint(1, min(size, 3)))
        seats = humans + [f"bot:{rng.choice(['greedy', 'random'])}" for _ in range(size - len(humans))]
        rng.shuffle(seats)
        game = new_game(svc, variant, seats, {"max_hands": 1})
        play_out(svc, game, rng)
        games.append(game)
    tie = new_game(svc, "iceberg", [PLAYERS[0], PLAYERS[1], "bot:greedy", "bot:random"], {"max_hands": 1})
    play_out(svc, tie, rng, resign=(0, 1))  # both withdrawn: they share the last place
    aborted = new_game(svc, "iceberg", [PLAYERS[2], "bot:greedy"], {})
    svc.commands.handle(aborted, Abort(0), "s0")
    unrated = new_game(svc, "gin", [PLAYERS[3], "bot:greedy"], {"rated": False, "max_hands": 1})
    play_out(svc, unrated, rng)
    anonymous = new_game(svc, "fortune", [PLAYERS[4], "anon:Zed", "bot:greedy"], {"max_hands": 1})
    play_out(svc, anonymous, rng)
    abandoned = new_game(svc, "iceberg", [PLAYERS[0], "bot:random"], {"max_hands": 1})
    play_out(svc, abandoned, rng, abandon_after=4)
    return games + [tie, aborted, unrated, anonymous, abandoned]


# --- OpenSkill directly, from the logs ------------------------------------------------------------

def expected(svc, games: list[str], seated: dict[str, dict[int, str]]):
    """(variant -> rater -> [mu, sigma, rated games], variant -> rater -> [games, wins]) as
    docs/api.md says they are: OpenSkill's Plackett-Luce with its defaults, each seat a
    team, ranked by GameEnded (winners first, then the others by total, highest first,
    those who resigned last, ties sharing a rank), in the order the games ended."""
    model = PlackettLuce()
    ended = []
    for game in games:
        log = svc.recorder.read(game)
        end = log[-1]
        assert end.type == "GameEnded"
        created = log[0].data
        withdrawn = {e.data["seat"] for e in log if e.type in ("SeatResigned", "SeatForfeited")}
        raters = []
        for seat, p in enumerate(created["players"]):
            raters.append(seated[game].get(seat) or (f"bot:{p['bot']}" if p["bot"] else None))
        at = svc.recorder.last_at(game)
        ended.append((at, game, created, end.data, withdrawn, raters))
    ratings, records = {}, {}
    for _, game, created, end, withdrawn, raters in sorted(ended, key=lambda e: (e[0], e[1])):
        if end["reason"] == "aborted" or not seated[game]:
            continue
        variant = log_variant(created)
        for seat, rater in enumerate(raters):
            if rater is not None and seat == raters.index(rater):
                record = records.setdefault(variant, {}).setdefault(rater, [0, 0])
                record[0] += 1
                record[1] += any(raters[w] == rater for w in end["winners"])
        if not created["rules"].get("rated", True) or None in raters or not end["winners"]:
            continue
        keys_ = [rank_key(end, withdrawn, seat) for seat in range(len(raters))]
        ranks = [sorted(keys_).index(k) for k in keys_]
        mine = ratings.setdefault(variant, {})
        teams = [[model.rating(*mine.get(r, (model.mu, model.sigma, 0))[:2])] for r in raters]
        after = model.rate(teams, ranks=ranks)
        best = {}
        for seat, rater in enumerate(raters):
            if rater not in best or ranks[seat] < ranks[best[rater]]:
                best[rater] = seat
        for rater, seat in best.items():
            games_rated = mine.get(rater, (0, 0, 0))[2] + 1
            mine[rater] = (after[seat][0].mu, after[seat][0].sigma, games_rated)
    return ratings, records


def rank_key(end: dict, withdrawn: set, seat: int) -> tuple:
    """Winners first, then the highest totals, those who resigned last."""
    if seat in end["winners"]:
        return (0, 0)
    return (2, 0) if seat in withdrawn else (1, -end["totals"][seat])


def log_variant(created: dict) -> str:
    return created.get("variant") or "iceberg"


def profile(client, rater):
    response = client.get(f"/players/{rater}")
    assert response.status_code == 200, response.get_json()
    return {v["variant"]: v for v in response.get_json()["variants"]}


def standings_dump(redis) -> dict:
    """Everything the standings hold, as stored."""
    found = {"games": redis.hgetall(keys.STANDINGS_GAMES)}
    for variant in registry.VARIANTS:
        found[variant] = (redis.hgetall(keys.standings_records(variant)),
                          redis.zrange(keys.leaderboard(variant), 0, -1, withscores=True),
                          redis.zrange(keys.standings_order(variant), 0, -1, withscores=True))
    return found
