"""A damaged or unreadable statistics database is moved aside, a new one started, the player told once."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from game.storage.stats import SCHEMA_VERSION, StatsStore

from .helpers import row


def filled(path: Path, games: int = 300) -> bytes:
    """A closed database with ``games`` rows (records make it many pages long); its bytes."""
    with StatsStore(path) as store:
        for i in range(games):
            store.add_game(row(points=i, record={"pad": "x" * 2000, "i": i}))
    assert not Path(f"{path}-wal").exists(), "checkpointed on close"
    return path.read_bytes()


def check_recovered(path: Path, original: bytes | None, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="game.storage.stats"):
        store = StatsStore(path)
    try:
        assert store.persistent
        assert store.recovered is not None and "new, empty one" in store.recovered
        assert store.recovered_path is not None and store.recovered_path.name.startswith("stats.sqlite3.corrupt-")
        assert store.recovered_path.name in store.recovered
        assert store.recovered_path.exists()
        message = store.recovered
        assert store.take_recovered() == message
        assert store.take_recovered() is None and store.recovered is None, "told once"
        if original is not None:
            assert store.recovered_path.read_bytes() == original, "the damaged file is kept as it was"
        assert "corrupt-" in caplog.text
        assert store.count_games() == 0
        store.add_game(row())
        assert store.count_games() == 1
    finally:
        store.close()
    with StatsStore(path) as again:
        assert again.recovered is None and again.count_games() == 1, "the new database is fine next time"


def test_not_a_database(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    content = b"this is a text file, not SQLite\n" * 100
    path.write_bytes(content)
    check_recovered(path, content, caplog)


def test_random_bytes_after_a_valid_header(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    content = b"SQLite format 3\x00" + os.urandom(8192)
    path.write_bytes(content)
    check_recovered(path, content, caplog)


def test_damaged_pages(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    content = bytearray(filled(path))
    page = 4096
    assert len(content) > 20 * page
    for n in range(2, len(content) // page, 3):  # scribble over the start of every third page
        content[n * page : n * page + 64] = b"\xa5" * 64
    path.write_bytes(bytes(content))
    check_recovered(path, bytes(content), caplog)


def test_truncated_file(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    content = filled(path)[: 4096 * 7 + 100]
    path.write_bytes(content)
    check_recovered(path, content, caplog)


def test_the_wal_goes_aside_with_its_database(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    Path(f"{path}-wal").write_bytes(b"wal of the damaged file")
    path.write_bytes(b"garbage" * 100)
    check_recovered(path, b"garbage" * 100, caplog)
    (aside,) = tmp_path.glob("stats.sqlite3.corrupt-*-wal")
    assert aside.read_bytes() == b"wal of the damaged file"


def test_a_database_from_a_newer_version(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    filled(path, 3)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    content = path.read_bytes()
    check_recovered(path, content, caplog)
    assert "newer version" in caplog.text


def test_someone_elses_database(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.commit()
    conn.close()
    check_recovered(path, path.read_bytes(), caplog)


def test_a_current_version_with_missing_columns(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.commit()
    conn.close()
    check_recovered(path, path.read_bytes(), caplog)


def test_an_unopenable_path(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    path.mkdir()  # a folder where the database should be
    (path / "inside").write_text("kept")
    check_recovered(path, None, caplog)
    (aside,) = tmp_path.glob("stats.sqlite3.corrupt-*")
    assert (aside / "inside").read_text() == "kept"


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() == 0, reason="root reads any file")
def test_an_unreadable_file(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    filled(path, 3)
    path.chmod(0)
    try:
        check_recovered(path, None, caplog)
    finally:
        for aside in tmp_path.glob("stats.sqlite3.corrupt-*"):
            aside.chmod(0o600)


def test_nowhere_to_write_runs_in_memory(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    with caplog.at_level(logging.ERROR, logger="game.storage.stats"):
        store = StatsStore(tmp_path / "data" / "stats.sqlite3")
    assert not store.persistent
    assert store.recovered is not None and "cannot be saved this session" in store.recovered
    assert "not saved this session" in caplog.text
    game_id = store.add_game(row())
    assert store.count_games() == 1 and store.game(game_id) is not None
    assert len(store.summary()) == 1
    backup = store.reset(tmp_path / "backups")
    assert backup.exists() and store.count_games() == 0
    store.close()


class BrokenConnection:
    """Stands in for a connection whose file went bad while the game was running."""

    in_transaction = False

    def execute(self, *args: Any) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    def close(self) -> None:
        pass


def test_damage_found_while_playing(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path)
    store.add_game(row())
    assert store._conn is not None
    store._conn.close()
    store._conn = BrokenConnection()  # type: ignore[assignment]
    with caplog.at_level(logging.WARNING, logger="game.storage.stats"):
        game_id = store.add_game(row(points=7))  # the write is retried in the new database
    assert store.recovered is not None and store.recovered_path is not None
    assert store.count_games() == 1 and store.game(game_id) is not None
    with StatsStore(store.recovered_path) as old:
        assert old.count_games() == 1, "the earlier game is in the file set aside"
    store.close()
