"""Where archived games are kept: one document per game, by its id.

`Archive` is the whole interface the server uses (put, get, delete), so the
archive can live anywhere that stores named bytes: this one is a directory
(by default `archive/` in the data directory), two levels of shards by the
game id so no directory holds millions of files. An object store is the same
three calls on a bucket (docs/operations.md, "The archive"): `put` is a
PUT of the object `<prefix><game id>.json.gz`, `get` a GET (None on 404),
`delete` a DELETE.

Writes are atomic and durable: the document goes to a temporary file, is
fsynced, then renamed over the name, and the directory is fsynced; the game
leaves Redis only after `put` has returned (service/app/archiving.py).
"""

import os
import tempfile
from pathlib import Path

SUFFIX = ".json.gz"


class Archive:
    def __init__(self, root):
        self.root = Path(root)

    def path(self, game_id: str) -> Path:
        shard = game_id[2:4] if len(game_id) > 4 else "_"
        return self.root / shard / (game_id + SUFFIX)

    def put(self, game_id: str, document: bytes) -> None:
        path = self.path(game_id)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".incoming-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(document)
                f.flush()
                os.fsync(f.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)

    def get(self, game_id: str) -> bytes | None:
        try:
            return self.path(game_id).read_bytes()
        except FileNotFoundError:
            return None

    def delete(self, game_id: str) -> None:
        self.path(game_id).unlink(missing_ok=True)
