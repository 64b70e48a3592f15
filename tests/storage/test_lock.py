"""The lock file: never written through a link or into a file the game did not make, never skipped."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.storage.lock import InstanceLock, LockRefused

STATS_HEAD = b"SQLite format 3\x00" + bytes(range(84))


def check_refused(lock_path: Path, reason: str) -> None:
    lock = InstanceLock(lock_path)
    with pytest.raises(LockRefused, match=reason) as refused:
        lock.acquire()
    assert not lock.held and refused.value.path == lock_path


def test_a_link_to_the_statistics_is_refused_and_the_statistics_untouched(tmp_path: Path) -> None:
    """Before: the process number was written over the database's header."""
    stats = tmp_path / "stats.sqlite3"
    stats.write_bytes(STATS_HEAD)
    (tmp_path / "daifugo.lock").symlink_to(stats)
    check_refused(tmp_path / "daifugo.lock", "a link")
    assert stats.read_bytes() == STATS_HEAD


def test_a_dangling_link_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    (tmp_path / "daifugo.lock").symlink_to(tmp_path / "elsewhere")
    check_refused(tmp_path / "daifugo.lock", "a link")
    assert not (tmp_path / "elsewhere").exists()


@pytest.mark.skipif(not hasattr(os, "link"), reason="no hard links")
def test_a_hard_link_to_another_file_is_refused(tmp_path: Path) -> None:
    stats = tmp_path / "stats.sqlite3"
    stats.write_bytes(STATS_HEAD)
    os.link(stats, tmp_path / "daifugo.lock")
    check_refused(tmp_path / "daifugo.lock", "hard link")
    assert stats.read_bytes() == STATS_HEAD


def test_a_folder_is_refused(tmp_path: Path) -> None:
    """Before: opening failed, the game ran without the lock, and a second copy could run too."""
    (tmp_path / "daifugo.lock").mkdir()
    check_refused(tmp_path / "daifugo.lock", "a folder")


@pytest.mark.timeout(30)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "daifugo.lock")
    check_refused(tmp_path / "daifugo.lock", "a named pipe")


def test_a_file_with_other_content_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "daifugo.lock"
    path.write_bytes(b"my notes: do not delete\n")
    check_refused(path, "something else")
    path.write_bytes(b"1" * 100)
    check_refused(path, "100 bytes")
    assert path.read_bytes() == b"1" * 100


@pytest.mark.parametrize("content", [b"", b"12345       \n", b"  7\r\n"])
def test_a_lock_file_the_game_made_is_taken(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "daifugo.lock"
    path.write_bytes(content)
    lock = InstanceLock(path)
    assert lock.acquire() and lock.owner() == str(os.getpid())
    lock.release()
