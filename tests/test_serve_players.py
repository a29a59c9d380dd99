"""End to end, under `iceberg serve` over real HTTP, play by mail as two people
would: Ann registers (her own webhook set before any game exists), creates a
3-seat game with one open seat and a bot; Bo registers and joins with the
invite; both see the game in /me/games with `my_turn` true exactly for the
seat to move; they play; Bo resigns; the greedy bot plays his seat to the end,
and the game ends by its rules with Bo not among the winners."""

import json
import random
import time

from service.runtime.redis_server import free_port
from tests.receivers import Receiver
from tests.test_serve import Serve, request


def inbox(url, token) -> dict:
    status, body = request(url + "/me/games", token=token)
    assert status == 200, body
    return body


def play_one(url, game, token, rng) -> dict:
    """One legal action of the seat to move (a discard only when nothing else is left)."""
    status, view = request(f"{url}/games/{game}/view", token=token)
    assert status == 200 and view["actions"], view
    others = [a for a in view["actions"] if a["type"] != "discard"]
    action = rng.choice(others) if others and rng.random() < 0.7 else rng.choice(view["actions"])
    status, answer = request(f"{url}/games/{game}/actions", "POST", action, token)
    assert status == 201, answer
    return action


def open_game(url, ann, bo) -> dict:
    """Ann's 3-seat game (her, one open seat, the greedy bot), joined by Bo with the invite."""
    status, created = request(url + "/games", "POST", {
        "players": [{"player": "me"}, {"open": True}, {"name": "Bot", "bot": "greedy"}],
        "rules": {"hands": 1, "turn_timeout_s": 86400}}, ann["token"])
    assert status == 201 and created["status"] == "open", created
    status, joined = request(f"{url}/games/{created['id']}/join", "POST", {"invite": created["invite"]}, bo["token"])
    assert status == 201 and joined["seat"] == 1 and joined["status"] == "active", joined
    return created


def first_notice(hook, game) -> dict:
    """The first notice of `game` that reached the receiver, waited for."""
    deadline = time.monotonic() + 20
    while True:
        notices = [json.loads(body) for _, body in list(hook.received)]
        mine = [n for n in notices if n["game"] == game]
        if mine:
            return mine[0]
        assert time.monotonic() < deadline, "no notice reached Ann's webhook"
        time.sleep(0.1)


def play_to_the_end(url, game, tokens, rng) -> tuple[dict, bool]:
    """Both people play their turns (checking the inbox before each) and Bo resigns
    after his first discard; the workers play the bot. Returns the last table and
    whether Bo got to resign before the game ended (it may end first: on his
    discard, or on the bot's turn after it)."""
    resigned = False
    for _ in range(3000):
        status, table = request(f"{url}/games/{game}")
        if table["status"] == "finished":
            return table, resigned
        seat = table["turn"]["seat"] if table["turn"] else None
        if seat in tokens and table["seats"][seat]["bot"] is None:  # a human's turn: nothing else moves
            for player, token in tokens.items():
                mine = inbox(url, token)
                entry = next(g for g in mine["games"] if g["id"] == game)
                assert entry["my_turn"] is (player == seat), (player, seat, entry)
                assert entry["deadline"] == table["turn"]["deadline"]
                assert mine["my_turn_count"] == (1 if player == seat else 0)
            action = play_one(url, game, tokens[seat], rng)
            if seat == 1 and action["type"] == "discard" and not resigned:  # Bo has played a turn
                status, answer = request(f"{url}/games/{game}/resign", "POST", None, tokens[1])
                if status == 409 and answer["code"] == "game_over":
                    # his discard went out, or the bot's turn right after it did, before
                    # the resignation arrived (one hand): the game is over, not resigned
                    assert request(f"{url}/games/{game}")[1]["status"] == "finished"
                    continue
                assert status == 201 and answer["events"][0]["type"] == "SeatResigned", answer
                resigned = True
        else:  # a bot's turn (the bot's own, or Bo's seat after he resigned): the workers play it
            request(f"{url}/games/{game}/events?after={table['version']}&wait=10")
    raise AssertionError(f"game {game} did not finish")


def test_two_players_play_by_mail_under_iceberg_serve_and_one_resigns(tmp_path):
    hook = Receiver().start()
    serve = Serve(tmp_path / "data", free_port(), ICEBERG_WEBHOOK_ALLOW_PRIVATE="1")
    invites = []
    try:
        serve.wait_healthy()
        url = serve.url
        status, ann = request(url + "/players", "POST", {"name": "Ann", "email": "ann@example.org"})
        assert status == 201
        assert request(url + "/me/webhook", "PUT", {"url": hook.url}, ann["token"])[0] == 200
        status, bo = request(url + "/players", "POST", {"name": "Bo"})
        assert status == 201
        tokens = {0: ann["token"], 1: bo["token"]}

        # The deal is the server's, random: now and then the one hand ends before
        # Bo's resignation is in (someone goes out before or on his first discard,
        # or the bot goes out right after it). Such a game proves nothing about
        # resigning, so another is played (the same checks on every game).
        rng, resigned = random.Random(13), False
        for _ in range(10):  # a game that ends before the resignation is rare: 10 leave no doubt
            created = open_game(url, ann, bo)
            game = created["id"]
            invites.append(created["invite"])
            # the first notice of the game reaches Ann's own webhook, registered before the game existed
            notice = first_notice(hook, game)
            assert (notice["seat"], notice["kind"], notice["player"]) == (0, "your_turn", ann["id"])
            assert notice["data"]["deadline"] and notice["data"]["name"] == "Ann's Iceberg game"
            assert notice["data"]["link"].endswith(f"/games/{game}") and isinstance(notice["data"]["since"], list)
            table, resigned = play_to_the_end(url, game, tokens, rng)
            if resigned and len(invites) > 2:
                break
        assert resigned and table["status"] == "finished", table
        assert table["withdrawn"] == [1] and table["seats"][1]["bot"] == "greedy"

        status, log = request(f"{url}/games/{game}/events?limit=1000")
        ended = log["events"][-1]
        assert ended["type"] == "GameEnded" and ended["data"]["reason"] == "hands"
        totals = ended["data"]["totals"]
        best = max(totals[0], totals[2])
        assert ended["data"]["winners"] == [s for s in (0, 2) if totals[s] == best]  # never Bo, whatever his total
        for player, token in tokens.items():
            finished = request(url + "/me/games?status=finished", token=token)[1]
            entry = next(g for g in finished["games"] if g["id"] == game)
            assert entry["winners"] == ended["data"]["winners"] and entry["withdrawn"] is (player == 1)
            assert game not in [g["id"] for g in inbox(url, token)["games"]]
    finally:
        code, output = serve.stop()
        hook.close()
    assert code == 0, output
    assert ann["token"] not in output and bo["token"] not in output
    assert not any(invite in output for invite in invites)
    assert "ann@example.org" not in output
