"""A damaged statistics database is moved aside, a new one started, the player told once.

A file that is fine but cannot be used right now (the disk is full or
failing, a permission, a newer version's schema) is never moved or changed:
the session runs in memory and the player is told why.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from game.storage.notices import NoticeKind
from game.storage.stats import SCHEMA_VERSION, StatsStore

from .helpers import ENOSPC, SQLITE_IOERR_WRITE, SQLITE_READONLY, inject_faults, match_row, row, sqlite_error


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
        assert store.notice is not None and store.notice.kind is NoticeKind.STATS_DAMAGED
        assert store.notice.path == str(store.recovered_path), "the notice names the file kept"
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


def check_kept(path: Path, original: bytes, kind: NoticeKind) -> None:
    """The file is left exactly as it was; the session runs in memory; the player is told why, with its name."""
    store = StatsStore(path)
    try:
        assert not store.persistent
        assert store.notice is not None and store.notice.kind is kind and store.notice.path == str(path)
        assert store.recovered is not None and "cannot be saved this session" in store.recovered
        assert store.recovered_path is None
        store.add_game(row())
        assert store.count_games() == 1, "the game goes on in memory"
    finally:
        store.close()
    assert path.read_bytes() == original, "never moved, never changed"
    assert not list(path.parent.glob("*.corrupt-*"))


def test_a_database_from_a_newer_version_is_kept_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    filled(path, 3)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    original = path.read_bytes()
    check_kept(path, original, NoticeKind.STATS_NEWER)
    check_kept(path, original, NoticeKind.STATS_NEWER)  # every start, never downgraded
    assert not list(tmp_path.glob("*.bak")), "not migrated either way"


IO_FAULTS = [
    # A hot WAL from a crash is replayed on the first read: on a full disk that read fails.
    ("PRAGMA quick_check", sqlite_error("disk I/O error", SQLITE_IOERR_WRITE)),
    ("PRAGMA quick_check", sqlite_error("database or disk is full", ENOSPC)),
    ("PRAGMA busy_timeout", sqlite_error("unable to open database file", 14)),
    ("PRAGMA user_version", sqlite_error("access permission denied", 3)),
    ("PRAGMA journal_mode = WAL", sqlite_error("attempt to write a readonly database", SQLITE_READONLY)),
    ("PRAGMA journal_mode = WAL", sqlite_error("database or disk is full", ENOSPC)),
]


@pytest.mark.parametrize(("statement", "error"), IO_FAULTS, ids=[f"{s}:{e}" for s, e in IO_FAULTS])
def test_an_io_error_at_start_keeps_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, statement: str, error: sqlite3.Error
) -> None:
    """The disk is full (or failing, or read-only) at start-up: an I/O error is not damage."""
    path = tmp_path / "stats.sqlite3"
    original = filled(path, 5)
    inject_faults(monkeypatch, lambda database, sql: error if sql.startswith(statement) else None)
    check_kept(path, original, NoticeKind.STATS_UNAVAILABLE)
    monkeypatch.undo()
    with StatsStore(path) as later:
        assert later.persistent and later.notice is None
        assert later.count_games() == 5, "the next start shows every game"


def test_an_unreadable_file_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening the file is refused (a permission): it stays where it is."""
    path = tmp_path / "stats.sqlite3"
    original = filled(path, 3)
    real_open = open

    def refusing_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", refusing_open)
    inject_faults(monkeypatch, lambda database, sql: sqlite_error("unable to open database file", 14))
    check_kept(path, original, NoticeKind.STATS_UNAVAILABLE)


def test_a_text_that_is_not_utf8_is_damage(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before: the statistics and replay screens failed to read, at every start, for good."""
    path = tmp_path / "stats.sqlite3"
    filled(path, 3)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET preset = CAST(X'7374616EFF64617264' AS TEXT) WHERE id = 2")
    conn.commit()
    conn.close()
    check_recovered(path, path.read_bytes(), caplog)


def test_a_schema_that_is_not_utf8_is_damage(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before: a UnicodeDecodeError (or a decode error) at every start."""
    path = tmp_path / "stats.sqlite3"
    filled(path, 3)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA writable_schema = ON")
    conn.execute("UPDATE sqlite_master SET sql = CAST(replace(sql, 'title TEXT', X'7469746C65FF2054455854') AS TEXT)"
                 " WHERE name = 'games'")
    conn.commit()
    conn.close()
    check_recovered(path, path.read_bytes(), caplog)


@pytest.mark.parametrize(
    ("table", "column", "value"),
    [("games", "points", "'lots'"), ("games", "place", "1.5"), ("games", "duration_s", "'long'"),
     ("games", "title", "X'00'"), ("matches", "human_rank", "'first'"), ("matches", "opponents", "X'5B5D'")],
)
def test_a_value_of_the_wrong_type_is_damage(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, table: str, column: str, value: str
) -> None:
    """Before: a non-number in ``points`` opened the error screen from the statistics screen."""
    path = tmp_path / "stats.sqlite3"
    with StatsStore(path) as store:
        store.add_game(row())
        store.add_match(match_row())
    conn = sqlite3.connect(path)
    conn.execute(f"UPDATE {table} SET {column} = {value}")
    conn.commit()
    conn.close()
    check_recovered(path, path.read_bytes(), caplog)


def test_bad_values_found_while_playing_are_damage(tmp_path: Path) -> None:
    """Another program writes junk while the game runs: the statistics screen still gets an answer."""
    path = tmp_path / "stats.sqlite3"
    store = StatsStore(path)
    store.add_game(row())
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET points = 'lots'")
    conn.execute("INSERT INTO games (played_at, preset, rules, players, opponents, human_seat, place, title, points,"
                 " duration_s) VALUES ('2025-01-01T00:00:00Z', CAST(X'FF' AS TEXT), '{}', 4, '[]', 0, 0, 'fugo', 1, 1)")
    conn.commit()
    conn.close()
    assert store.summary() == [] and store.recent_games() == []
    assert store.notice is not None and store.notice.kind is NoticeKind.STATS_DAMAGED
    assert store.recovered_path is not None and store.recovered_path.exists()
    store.close()


def test_a_record_that_is_not_utf8_reads_as_none(tmp_path: Path) -> None:
    """One game's record is bad: that game cannot be replayed, everything else stays."""
    path = tmp_path / "stats.sqlite3"
    with StatsStore(path) as store:
        first = store.add_game(row(record={"format": "daifugo-record/1"}))
        second = store.add_game(row(record={"format": "daifugo-record/1"}))
    conn = sqlite3.connect(path)
    conn.execute("UPDATE games SET record = CAST(X'7B22FF227D' AS TEXT) WHERE id = ?", (first,))
    conn.commit()
    conn.close()
    with StatsStore(path) as store:
        assert store.notice is None and store.count_games() == 2
        assert store.game_record(first) is None and store.game_record(second) == {"format": "daifugo-record/1"}
        game = store.game(first)
        assert game is not None and game.record is None


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_as_database_is_set_aside_unopened(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before: reading its first bytes waited forever for a writer."""
    path = tmp_path / "stats.sqlite3"
    os.mkfifo(path)
    check_recovered(path, None, caplog)
    (aside,) = tmp_path.glob("stats.sqlite3.corrupt-*")
    assert aside.is_fifo()


@pytest.mark.timeout(60)
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_a_device_as_database_is_set_aside(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "stats.sqlite3"
    path.symlink_to("/dev/zero")
    check_recovered(path, None, caplog)
    (aside,) = tmp_path.glob("stats.sqlite3.corrupt-*")
    assert aside.is_symlink() and os.readlink(aside) == "/dev/zero"


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_as_the_wal_is_set_aside_alone(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    filled(path, 4)
    os.mkfifo(f"{path}-wal")
    with StatsStore(path) as store:
        assert store.persistent and store.notice is None and store.count_games() == 4
    (aside,) = tmp_path.glob("stats.sqlite3-wal.corrupt-*")
    assert aside.is_fifo()


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
def test_a_file_without_permissions_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    filled(path, 3)
    path.chmod(0)
    try:
        check_kept(path, b"", NoticeKind.STATS_UNAVAILABLE)
    except AssertionError:
        raise
    finally:
        path.chmod(0o600)


def test_nowhere_to_write_runs_in_memory(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    with caplog.at_level(logging.ERROR, logger="game.storage.stats"):
        store = StatsStore(tmp_path / "data" / "stats.sqlite3")
    assert not store.persistent
    assert store.recovered is not None and "cannot be saved this session" in store.recovered
    assert store.notice is not None and store.notice.kind is NoticeKind.STATS_UNAVAILABLE
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


def test_a_link_to_an_empty_file_is_not_made_a_database(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Before: SQLite wrote the statistics into the file the link pointed at."""
    other = tmp_path / "empty.txt"
    other.write_bytes(b"")
    path = tmp_path / "stats.sqlite3"
    path.symlink_to(other)
    check_recovered(path, None, caplog)
    assert other.read_bytes() == b"" and not path.is_symlink()
    (kept,) = tmp_path.glob("stats.sqlite3.corrupt-*")
    assert kept.is_symlink()


def test_a_link_to_a_statistics_database_is_used(tmp_path: Path) -> None:
    """Statistics kept elsewhere on purpose, behind a link: a database of ours is used where it is."""
    (tmp_path / "elsewhere").mkdir()
    real = tmp_path / "elsewhere" / "stats.sqlite3"
    filled(real, 2)
    path = tmp_path / "stats.sqlite3"
    path.symlink_to(real)
    with StatsStore(path) as store:
        assert store.notice is None and store.count_games() == 2
        store.add_game(row())
    with StatsStore(real) as store:
        assert store.count_games() == 3


def test_a_companion_that_is_a_link_is_set_aside_alone(tmp_path: Path) -> None:
    """SQLite would write its journal through the link into the other file."""
    path = tmp_path / "stats.sqlite3"
    filled(path, 2)
    other = tmp_path / "other.bin"
    other.write_bytes(b"not ours")
    Path(f"{path}-wal").symlink_to(other)
    with StatsStore(path) as store:
        assert store.persistent and store.notice is None and store.count_games() == 2
        store.add_game(row())
    assert other.read_bytes() == b"not ours"
    (aside,) = tmp_path.glob("stats.sqlite3-wal.corrupt-*")
    assert aside.is_symlink()
