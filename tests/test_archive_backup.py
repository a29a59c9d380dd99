"""`iceberg backup` takes the archive with the store, and a restore serves the
archived games again (service/runtime/backup.py)."""

from datetime import datetime, timedelta, timezone

from service.config import Config
from service.runtime.backup import ARCHIVE, backup, restore
from service.runtime.redis_server import RedisServer
from tests.conftest import ADMIN_TOKEN
from tests.saved_keys import restore as put_back
from tests.test_archive import GAMES, SAVED, ms


def test_a_backup_holds_the_archive_and_its_restore_serves_the_archived_games(own_redis, own_app, own_client,
                                                                                tmp_path):
    svc = own_app.extensions["iceberg"]
    put_back(svc.recorder.redis, SAVED["keys"])
    svc.archiver.adopt_finished(svc.history)
    assert svc.archiver.archive_due(ms(datetime.now(timezone.utc) + timedelta(days=3650))) == 2
    tables = {g: own_client.get(f"/games/{g}").get_json() for g in GAMES}

    manifest = backup(tmp_path / "backup", Config(redis_url=own_redis.url, data_dir=svc.config.data_dir))
    assert ARCHIVE in manifest["files"]

    with RedisServer(tmp_path / "other-redis", appendfsync="everysec") as other:
        config = Config(redis_url=other.url, data_dir=str(tmp_path / "other-data"), admin_token=ADMIN_TOKEN)
        restored = restore(tmp_path / "backup", config)
        assert restored["archived"] == 2
        from service.http.app import create_app
        from tests.api_client import ApiClient

        app = create_app(config)
        try:
            client = ApiClient(app.test_client())
            for game in GAMES:
                assert client.get(f"/games/{game}").get_json() == tables[game]
        finally:
            app.extensions["iceberg"].hub.close()
