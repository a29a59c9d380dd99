"""The history of games (GET /games): every game newest first, by status,
variant and player, paged by a cursor that neither repeats nor skips a game
while games end, and bad queries refused; on one Redis and on a cluster."""

import base64

import pytest

from tests.test_api_contract import problem


def _new(client, n, **body):
    """n games of two named seats: (id, a seat token) each, oldest first."""
    made = []
    for _ in range(n):
        created = client.create([{"name": "Ann"}, {"name": "Bo"}], **body)
        made.append((created["id"], created["seats"][0]["token"]))
    return made


def _end(client, game):
    game_id, token = game
    assert client.post(f"/games/{game_id}/abort", token=token, json={}).status_code == 201


def _pages(client, query, between=lambda: None):
    """Every page of GET /games?<query>&limit=7, calling `between()` after each: the ids,
    in order, checked to be newest first (by creation, then id)."""
    seen, order, cursor = [], [], None
    while True:
        response = client.get(f"/games?{query}&limit=7" + (f"&cursor={cursor}" if cursor else ""))
        assert response.status_code == 200, response.get_json()
        body = response.get_json()
        assert len(body["games"]) <= 7
        seen += [g["id"] for g in body["games"]]
        order += [(g["created"], g["id"]) for g in body["games"]]
        between()
        cursor = body["next_cursor"]
        if cursor is None:
            assert order == sorted(order, reverse=True)
            return seen


def test_paging_while_200_games_end_lists_every_game_once(own_client):
    client = own_client
    games = _new(client, 200)
    ids = [g for g, _ in games]
    for game in games[:60]:
        _end(client, game)
    ending = iter(games[60:])

    def end_a_few():
        for game in [next(ending, None) for _ in range(3)]:
            if game:
                _end(client, game)

    finished = _pages(client, "status=finished", between=end_a_few)  # games end while it pages
    assert len(finished) == len(set(finished))  # none twice
    assert set(ids[:60]) <= set(finished)  # every game finished when paging began
    listed = _pages(client, "x=1", between=end_a_few)  # every game, statuses changing under the pager
    assert sorted(listed) == sorted(ids)  # each once
    for game in ending:
        _end(client, game)
    assert _pages(client, "status=finished") == listed
    assert _pages(client, "status=active") == []


def test_a_game_as_the_history_shows_it_as_its_status_and_seats_change(client):
    player = client.post("/players", json={"name": "Ann"}).get_json()
    created = client.post("/games", token=player["token"], json={
        "players": [{"player": "me"}, {"open": True}, {"name": "Bot", "bot": "greedy"}],
        "name": "Sunday game"}).get_json()
    game = created["id"]
    mine = client.get(f"/games?player={player['id']}").get_json()["games"]
    assert [g["id"] for g in mine] == [game]
    listed = mine[0]
    assert listed["status"] == "open" and listed["name"] == "Sunday game" and listed["ended"] is None
    assert [s["player"] for s in listed["seats"]] == [player["id"], None, None]
    assert game not in [g["id"] for g in client.get("/games?status=active&limit=100").get_json()["games"]]
    joined = client.post(f"/games/{game}/join", json={"invite": created["invite"], "name": "Cy"}).get_json()
    listed = client.get(f"/games?player={player['id']}&status=active").get_json()["games"][0]
    assert listed["seats"][1]["name"] == "Cy" and listed["status"] == "active"
    assert client.post(f"/games/{game}/resign", token=joined["token"], json={}).status_code == 201
    assert client.post(f"/games/{game}/resign", token=player["token"], json={}).status_code == 201
    listed = client.get(f"/games?player={player['id']}&status=finished").get_json()["games"][0]
    assert listed["status"] == "finished" and listed["reason"] == "resigned" and listed["winners"] == [2]
    assert listed["ended"] >= listed["created"] and listed["withdrawn"] == [1, 0] and len(listed["totals"]) == 3
    assert client.get(f"/games?player={player['id']}&status=active").get_json()["games"] == []


def test_filters_by_variant_and_player_combine(client):
    ann = client.post("/players", json={"name": "Ann"}).get_json()
    made = {}
    for variant in ("gin", "iceberg", "gin"):
        created = client.post("/games", token=ann["token"], json={
            "variant": variant, "players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}]}).get_json()
        made.setdefault(variant, []).append(created["id"])
    gin = client.get(f"/games?player={ann['id']}&variant=gin").get_json()
    assert [g["id"] for g in gin["games"]] == made["gin"][::-1] and gin["next_cursor"] is None
    one = client.get(f"/games?player={ann['id']}&variant=gin&limit=1").get_json()
    rest = client.get(f"/games?player={ann['id']}&variant=gin&limit=1&cursor={one['next_cursor']}").get_json()
    assert [g["id"] for g in one["games"] + rest["games"]] == made["gin"][::-1] and rest["next_cursor"] is None
    everything = client.get("/games?variant=iceberg&limit=100").get_json()["games"]
    assert made["iceberg"][0] in [g["id"] for g in everything] and {g["variant"] for g in everything} == {"iceberg"}
    assert client.get("/games?player=p_0000000000000000").get_json() == {"games": [], "next_cursor": None}


@pytest.mark.parametrize("query", [
    "status=open", "status=", "variant=chess", "player=ann", "player=bot:greedy", "limit=0", "limit=101",
    "limit=seven", "cursor=%%%", "cursor=" + base64.urlsafe_b64encode(b"1:g_x").decode(),
    "cursor=" + base64.urlsafe_b64encode(b"1764161096066:g_d36ba636376beeab\n").decode()])
def test_a_bad_query_is_400(client, query):
    problem(client.get(f"/games?{query}"), 400, "invalid_request")
