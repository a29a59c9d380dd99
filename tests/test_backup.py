"""`iceberg backup` while the server serves and a client keeps playing, then
`iceberg restore` into a new data directory and a new server on it
(docs/operations.md, "Backup and restore"): games of the three variants (one
mid-hand), a player, a busy game taking actions throughout. Restored: every
game's log is the original's up to the backup's instant, ending at the end of
an action's batch (never inside one); tokens work; every finished game's
export verifies under the original server's key; the mid-hand game plays on
to its end, its bot's turns played by the restored server's workers."""

import json
import os
import random
import subprocess
import threading
import time

import pytest

from service.runtime.redis_server import free_port
from tests.serve_process import BIN, Serve, request

ADMIN = "backup-admin-token"


def iceberg(command: str, directory, data_dir, **env) -> subprocess.CompletedProcess:
    """`iceberg backup|restore DIR` as an operator runs it (the same PATH as the server's: its redis binaries)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith("ICEBERG_")}
    return subprocess.run([str(BIN / "iceberg"), command, str(directory)], capture_output=True, text=True,
                          timeout=300, env={**clean, "PATH": str(BIN), "ICEBERG_DATA_DIR": str(data_dir), **env})


def finished(serve, game: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while request(f"{serve.url}/games/{game}")[1]["status"] != "finished":
        assert time.monotonic() < deadline, f"{game} did not finish"
        time.sleep(0.2)


def log_of(serve, game: str) -> list[dict]:
    """The game's events as the admin sees them (all of each), without the chain
    fields, which are shown only once a hand has ended (docs/audit.md)."""
    status, page = request(f"{serve.url}/games/{game}/events", token=ADMIN)
    assert status == 200, page
    return [{key: e[key] for key in ("version", "type", "at", "data")} for e in page["events"]]


def act(serve, game: str, token: str, rng) -> dict | None:
    """The seat's turn: one of its legal actions (None when it is not its turn)."""
    view = request(f"{serve.url}/games/{game}/view", token=token)[1]
    if not view["actions"]:
        return None
    status, answer = request(f"{serve.url}/games/{game}/actions", "POST", rng.choice(view["actions"]), token)
    assert status == 201, answer
    return answer


def mid_hand_game(serve, token: str, rng, moves: int = 3) -> dict:
    """A one-hand game of the token's player against a greedy bot in which the
    player has made `moves` moves and the hand goes on. The deal is the
    server's, random: one in which the bot goes out before that is set aside
    for another (a bounded number of deals), never waited on."""
    for _ in range(20):
        game = request(serve.url + "/games", "POST", {"players": [{"player": "me"}, {"name": "Bot", "bot": "greedy"}],
                                                      "rules": {"hands": 1}}, token)[1]
        made, deadline = 0, time.monotonic() + 30
        while made < moves and request(f"{serve.url}/games/{game['id']}")[1]["status"] != "finished":
            assert time.monotonic() < deadline, "the bot did not move"
            if act(serve, game["id"], token, rng) is None:
                time.sleep(0.05)
            else:
                made += 1
        if made == moves and request(f"{serve.url}/games/{game['id']}")[1]["status"] != "finished":
            return game
    raise AssertionError("twenty deals in a row ended before the player's third move")


class Busy(threading.Thread):
    """A client playing both seats of a game as fast as it can, until stopped;
    `ends` holds the version at the end of every batch it made (its creation's too)."""

    def __init__(self, serve, created):
        super().__init__(daemon=True)
        self.serve, self.game = serve, created["id"]
        self.tokens = [s["token"] for s in created["seats"]]
        self.ends, self.stop, self.error = {created["version"]}, threading.Event(), None

    def run(self):
        rng = random.Random(5)
        try:
            while not self.stop.is_set():
                table = request(f"{self.serve.url}/games/{self.game}")[1]
                if table["status"] == "finished":
                    return
                answer = act(self.serve, self.game, self.tokens[table["turn"]["seat"]], rng)
                if answer:
                    self.ends.add(answer["version"])
        except Exception as e:  # noqa: BLE001 - reported by the test
            self.error = e


@pytest.fixture
def original(tmp_path):
    serve = Serve(tmp_path / "original", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    serve.wait_healthy()
    yield serve
    serve.stop()


def test_a_backup_taken_while_playing_restores_into_a_new_data_directory(original, tmp_path):
    serve = original
    rng = random.Random(3)
    player = request(serve.url + "/players", "POST", {"name": "Ann", "email": "ann@example.org"})[1]
    bots = [
        {"players": [{"name": "I0", "bot": "greedy"}, {"name": "I1", "bot": "random"}], "rules": {"hands": 1}},
        {"variant": "gin", "players": [{"name": "G0", "bot": "greedy"}, {"name": "G1", "bot": "greedy"}],
         "rules": {"max_hands": 1}},
        {"variant": "fortune", "players": [{"name": f"F{i}", "bot": "greedy"} for i in range(3)],
         "rules": {"hands": 1}},
    ]
    done = [request(serve.url + "/games", "POST", body)[1]["id"] for body in bots]
    middle = mid_hand_game(serve, player["token"], rng)
    for game in done:
        finished(serve, game)
    keys = request(serve.url + "/.well-known/iceberg-keys")[1]["keys"]  # the key is made on first use
    busy = Busy(serve, request(serve.url + "/games", "POST", {"players": [{"name": "A"}, {"name": "B"}]})[1])
    busy.start()
    time.sleep(1.0)  # it is playing
    before = max(busy.ends)

    saved = iceberg("backup", tmp_path / "backup", tmp_path / "original")
    time.sleep(0.5)  # and goes on playing after
    busy.stop.set()
    busy.join(timeout=30)
    assert busy.error is None, busy.error
    assert saved.returncode == 0, saved.stdout + saved.stderr
    assert max(busy.ends) > before, "the client played on while the backup was taken"
    backup = tmp_path / "backup"
    manifest = json.loads((backup / "manifest.json").read_text())
    assert set(manifest["files"]) == {"redis.rdb", "signing.key"}
    assert oct(backup.stat().st_mode & 0o777) == "0o700"
    assert all(oct((backup / name).stat().st_mode & 0o777) == "0o600" for name in (*manifest["files"], "manifest.json"))
    originals = {game: log_of(serve, game) for game in [*done, middle["id"], busy.game]}

    restored = iceberg("restore", backup, tmp_path / "restored")
    assert restored.returncode == 0, restored.stdout + restored.stderr
    again = iceberg("restore", backup, tmp_path / "restored")  # never over data that is there
    assert again.returncode == 1 and "holds a Redis's data already" in again.stderr
    copy = Serve(tmp_path / "restored", free_port(), ICEBERG_ADMIN_TOKEN=ADMIN)
    try:
        copy.wait_healthy()
        for game, events in originals.items():
            kept = log_of(copy, game)
            assert kept == events[:len(kept)], game
        busy_kept = log_of(copy, busy.game)
        assert before <= len(busy_kept) < len(originals[busy.game])  # taken while it played
        assert len(busy_kept) in busy.ends, "the backup holds a batch of events only in part"
        for game in [*done, middle["id"]]:
            assert len(log_of(copy, game)) == len(originals[game]), "taken after these moves"

        assert request(f"{copy.url}/me", token=player["token"])[1]["name"] == "Ann"
        assert request(f"{copy.url}/.well-known/iceberg-keys")[1]["keys"] == keys
        for game in done:
            status, export = request(f"{copy.url}/games/{game}/export")
            assert status == 200 and export["complete"]
            (tmp_path / f"{game}.json").write_text(json.dumps(export))
            checked = subprocess.run([str(BIN / "iceberg"), "verify", str(tmp_path / f"{game}.json"),
                                      "--key", keys[0]["kid"]], capture_output=True, text=True, timeout=120)
            assert checked.returncode == 0, checked.stdout + checked.stderr

        for _ in range(2000):  # the mid-hand game plays on to its end, the bot's turns by the new workers
            if request(f"{copy.url}/games/{middle['id']}")[1]["status"] == "finished":
                break
            if act(copy, middle["id"], player["token"], rng) is None:
                time.sleep(0.05)
        finished(copy, middle["id"], timeout=30)
        busy_seat = busy.tokens[request(f"{copy.url}/games/{busy.game}")[1]["turn"]["seat"]]
        assert act(copy, busy.game, busy_seat, rng) is not None  # a seat token from before the backup
    finally:
        code, output = copy.stop()
    assert code == 0, output


def test_backup_refuses_a_directory_with_something_in_it_and_needs_a_server(tmp_path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "note").write_text("mine")
    nothing = iceberg("backup", tmp_path / "out", tmp_path / "nothing-here")
    assert nothing.returncode == 1 and "no embedded Redis to back up" in nothing.stderr
    (tmp_path / "nothing-here").mkdir(exist_ok=True)
    assert not (tmp_path / "out").exists()
    tampered = tmp_path / "tampered"
    tampered.mkdir()
    (tampered / "manifest.json").write_text(json.dumps({"format": "iceberg-backup", "format_version": 1,
                                                        "files": {"redis.rdb": {"bytes": 1, "sha256": "0" * 64}}}))
    (tampered / "redis.rdb").write_bytes(b"R")
    refused = iceberg("restore", tampered, tmp_path / "fresh")
    assert refused.returncode == 1 and "not the file the backup wrote" in refused.stderr


def test_a_backup_restores_into_the_empty_redis_of_iceberg_redis_url_and_never_over_data(original, own_redis,
                                                                                          tmp_path):
    import redis

    serve = original
    created = request(serve.url + "/games", "POST", {"players": [{"name": "A"}, {"name": "B"}]})[1]
    token = created["seats"][0]["token"]
    assert act(serve, created["id"], token, random.Random(1)) is not None
    request(serve.url + "/.well-known/iceberg-keys")  # the signing key is made
    assert iceberg("backup", tmp_path / "backup", tmp_path / "original").returncode == 0
    data = tmp_path / "original"
    source = redis.Redis(port=int((data / "redis.port").read_text()), password=(data / "redis.password").read_text().strip())

    restored = iceberg("restore", tmp_path / "backup", tmp_path / "elsewhere", ICEBERG_REDIS_URL=own_redis.url)
    assert restored.returncode == 0, restored.stderr
    target = redis.Redis.from_url(own_redis.url)
    stream = f"{{{created['id']}}}:events"
    assert target.xrange(stream) == source.xrange(stream)
    games = {key for key in source.scan_iter(match="{g_*}*")}
    assert games and games == {key for key in target.scan_iter(match="{g_*}*")}
    assert (tmp_path / "elsewhere" / "signing.key").read_bytes() == (data / "signing.key").read_bytes()
    again = iceberg("restore", tmp_path / "backup", tmp_path / "elsewhere", ICEBERG_REDIS_URL=own_redis.url)
    assert again.returncode == 1 and "is not empty" in again.stderr
