"""Two copies of the game writing at once, and a process killed in the middle of writing."""

from __future__ import annotations

import multiprocessing
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.storage.autosave import load_autosave
from game.storage.lock import InstanceLock
from game.storage.settings import Settings, load_settings
from game.storage.stats import StatsStore

from .helpers import SQLITE_BUSY, game_record, inject_faults, play_match, row, sqlite_error
from .workers import open_store, write_games

ROOT = Path(__file__).resolve().parents[2]
GAMES_EACH = 500


@pytest.mark.timeout(300)
@pytest.mark.slow
def test_two_processes_write_500_games_each(tmp_path: Path) -> None:
    path = tmp_path / "data" / "stats.sqlite3"
    record = game_record(play_match("uecda", seed=9, games=1))
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    workers = [
        ctx.Process(target=write_games, args=(str(path), worker, GAMES_EACH, barrier, record)) for worker in (0, 1)
    ]
    for process in workers:
        process.start()
    for process in workers:
        process.join(timeout=240)
    for process in workers:
        if process.is_alive():
            process.kill()
            process.join()
    assert [p.exitcode for p in workers] == [0, 0]
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    rows = conn.execute("SELECT points, record IS NOT NULL FROM games").fetchall()
    conn.close()
    assert len(rows) == 2 * GAMES_EACH
    assert sorted(points for points, _ in rows) == sorted(w * 100_000 + i for w in (0, 1) for i in range(GAMES_EACH))
    assert all(has_record for _, has_record in rows)
    with StatsStore(path) as store:
        assert store.recovered is None
        assert sum(s.games for s in store.summary()) == 2 * GAMES_EACH
        assert store.game_record(1) == record


def test_the_switch_to_wal_waits_for_the_other_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another copy opens the new file at once: SQLite refuses the switch without waiting ("database is locked")."""
    refusals = [sqlite_error("database is locked", SQLITE_BUSY)] * 3

    def fault(database: str, sql: str) -> sqlite3.Error | None:
        return refusals.pop() if "journal_mode = WAL" in sql and refusals else None

    seen = inject_faults(monkeypatch, fault)
    path = tmp_path / "stats.sqlite3"
    with StatsStore(path) as store:
        assert store.persistent and store.recovered is None
        store.add_game(row())
    assert not refusals and seen.count("PRAGMA journal_mode = WAL") == 4
    monkeypatch.undo()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


@pytest.mark.timeout(300)
def test_two_copies_create_the_database_at_the_same_moment(tmp_path: Path) -> None:
    """Two processes open one new file together, again and again: both always get the file, never memory."""
    forks = "fork" in multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork") if forks else multiprocessing.get_context("spawn")
    answers = ctx.Queue()
    for round_ in range(16):
        path = tmp_path / str(round_) / "stats.sqlite3"
        barrier = ctx.Barrier(2)
        workers = [ctx.Process(target=open_store, args=(str(path), barrier, answers)) for _ in range(2)]
        for process in workers:
            process.start()
        for process in workers:
            process.join(timeout=120)
        assert [p.exitcode for p in workers] == [0, 0]
        assert [answers.get(timeout=10) for _ in workers] == [(True, None), (True, None)], f"round {round_}"


@pytest.mark.timeout(300)
@pytest.mark.parametrize("round_", range(5))
@pytest.mark.slow
def test_killed_while_writing(tmp_path: Path, round_: int) -> None:
    """SIGKILL at a random moment: settings, autosave and database still load (old or new, never partial)."""
    rng = random.Random()
    stop_after = rng.randint(3, 40)
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.workers", str(tmp_path)],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    done = 0
    try:
        assert child.stdout is not None
        for line in child.stdout:
            done = int(line)
            if done >= stop_after:
                break
        child.kill()  # SIGKILL on POSIX: no clean-up of any kind
    finally:
        child.kill()
        _, errors = child.communicate(timeout=60)
    assert done >= stop_after, f"the writer stopped early: {errors}"

    settings, warnings = load_settings(tmp_path / "settings.json", Settings(language="en"))
    assert warnings == []
    assert settings.last_setup["index"] >= done and settings.volume == (settings.last_setup["index"] % 100) / 100

    autosave = load_autosave(tmp_path / "autosave.json")
    assert autosave is not None and autosave["index"] >= done and len(autosave["pad"]) == 200_000
    assert not list(tmp_path.glob("*.corrupt-*"))

    with StatsStore(tmp_path / "stats.sqlite3") as store:
        assert store.recovered is None and store.persistent
        count = store.count_games()
        assert count >= done, "every game the writer reported is there"
        assert [g.points for g in store.recent_games(limit=count)] == list(range(count, 0, -1))
    conn = sqlite3.connect(tmp_path / "stats.sqlite3")
    assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    conn.close()


HOLD_LOCK = (
    "import sys; from game.storage.lock import InstanceLock; lock = InstanceLock(sys.argv[1]); "
    "print(lock.acquire(), flush=True); sys.stdin.read()"
)


@pytest.mark.timeout(120)
def test_one_copy_per_data_folder_and_no_stale_lock(tmp_path: Path) -> None:
    """Another process holds the folder: this one is told so, with its number; once it is killed, the lock is free."""
    path = tmp_path / "daifugo.lock"
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    child = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(path)], cwd=ROOT, env=env, text=True,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "True"
        mine = InstanceLock(path)
        assert not mine.acquire() and not mine.held
        assert mine.owner() == str(child.pid)
    finally:
        child.kill()  # no clean-up of any kind
        child.communicate(timeout=60)
    assert mine.acquire() and mine.held, "a killed copy leaves no stale lock"
    assert mine.owner() == str(os.getpid())
    assert not InstanceLock(path).acquire(), "two locks in one process exclude each other too"
    mine.release()
    assert InstanceLock(path).acquire()
