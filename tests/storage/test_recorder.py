"""Results of real play reach the statistics: every game linked to its match, and nothing lost to a full disk.

A ``Session`` plays a match (the human's seat by the Normal computer's
choices, the others by the decision worker), its ``on_game_over`` feeds the
``ResultRecorder`` exactly as the app does.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from game.engine.rules import PresetId
from game.levels import Level
from game.recorder import ResultRecorder
from game.session import SeatSpec, Session, SessionSetup
from game.setups import SeatKind
from game.storage.notices import Notice, NoticeKind
from game.storage.rows import iso_utc
from game.storage.stats import StatsStore
from game.worker import DecisionWorker
from tests.sessions import play

from .helpers import ENOSPC, SQLITE_READONLY, inject_faults, sqlite_error


class Clock:
    """Now, one minute later at every call: a match takes time."""

    def __init__(self) -> None:
        self.now = datetime(2025, 3, 1, 10, 0, tzinfo=timezone.utc)

    def __call__(self) -> str:
        self.now += timedelta(minutes=1)
        return iso_utc(self.now)


def setup(games: int, level: str = "normal") -> SessionSetup:
    seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER, Level(level)) for _ in range(3)))
    return SessionSetup(preset=PresetId.STANDARD, players=4, seats=seats, seed=11, games=games)


@pytest.fixture
def worker() -> Any:
    with DecisionWorker(mode="inline") as w:
        yield w


def test_a_match_is_recorded_with_every_game_its_start_and_its_table(
    tmp_path: Path, worker: DecisionWorker, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: only the last game was linked to its match, started_at == finished_at, strength always mixed."""
    clock = Clock()
    monkeypatch.setattr("game.session.utc_now", clock)
    store = StatsStore(tmp_path / "stats.sqlite3")
    told: list[Notice] = []
    recorder = ResultRecorder(store, lambda job, key: job(), told.append, clock=clock)
    saves: list[dict[str, Any]] = []
    first = Session(setup(3), worker, on_game_over=recorder.game_over, on_autosave=saves.append)
    started = iso_utc(clock.now)
    # Quit in the middle of game 2, as the title's Continue would resume it (the autosave as written to disk).
    play(first, lambda s: len(s.match.results) == 1 and len(s.game.history) >= 10)
    autosave = json.loads(json.dumps(saves[-1], allow_nan=False))
    first.close()
    second = Session.resume(autosave, worker, on_game_over=recorder.game_over)
    play(second)
    assert second.over and recorder.pending == 0 and told == []

    (match,) = store.recent_matches()
    assert match.games == 3 and match.strength == "normal"
    assert match.started_at == started and match.started_at < match.finished_at
    games = store.match_games(match.id)
    assert len(games) == 3 and store.count_games() == 3, "every game of the match, also the one before the quit"
    assert [g.strength for g in games] == ["normal"] * 3
    assert match.started_at < games[0].played_at < games[2].played_at == match.finished_at
    record = store.match_record(match.id)
    assert record is not None and len(record["games"]) == 3
    assert match.human_total == sum(g.points for g in games)


def test_a_game_replayed_after_a_crash_is_counted_once(
    tmp_path: Path, worker: DecisionWorker
) -> None:
    """The game ends, its row is written, the program dies before the next autosave: resumed, it ends again."""
    store = StatsStore(tmp_path / "stats.sqlite3")
    recorder = ResultRecorder(store, lambda job, key: job(), lambda notice: None)
    saves: list[dict[str, Any]] = []
    first = Session(setup(2), worker, on_game_over=recorder.game_over, on_autosave=saves.append)
    play(first, lambda s: bool(saves) and s.game.result is None)  # a trick of game 1 was saved
    before_the_end = json.loads(json.dumps(saves[-1]))
    play(first, lambda s: len(s.match.results) == 1)
    first.close()  # killed: the autosave after the game was never written
    key = Session.saved_match(before_the_end)["match_key"]
    assert recorder.resumed_key(key, 0) == key, "one game behind what is recorded: the same match"
    assert recorder.resumed_key(key, -1) is None, "further behind: an older copy, recorded as a new match"
    again = Session.resume(before_the_end, worker, on_game_over=recorder.game_over)
    play(again)
    (match,) = store.recent_matches()
    assert store.count_games() == 2 and len(store.match_games(match.id)) == 2


@pytest.mark.parametrize(
    "refusal",
    [sqlite_error("attempt to write a readonly database", SQLITE_READONLY),
     sqlite_error("database or disk is full", ENOSPC)],
    ids=["read-only", "disk full"],
)
def test_results_the_disk_refuses_wait_in_memory_and_are_written_later(
    tmp_path: Path, worker: DecisionWorker, monkeypatch: pytest.MonkeyPatch, refusal: sqlite3.Error
) -> None:
    """Before: the results of games played while the file could not be written were dropped silently."""
    refusing = [True]
    inject_faults(monkeypatch, lambda database, sql: refusal if refusing and sql.startswith("INSERT") else None)
    store = StatsStore(tmp_path / "stats.sqlite3")
    assert store.persistent and store.notice is None
    jobs: list[Callable[[], object]] = []
    told: list[Notice] = []
    recorder = ResultRecorder(store, lambda job, key: jobs.append(job), told.append)
    session = Session(setup(2), worker, on_game_over=recorder.game_over)

    def run_jobs() -> None:
        while jobs:
            jobs.pop(0)()

    play(session, lambda s: len(s.match.results) == 1)
    run_jobs()
    assert recorder.pending == 1 and store.count_games() == 0
    assert [n.kind for n in told] == [NoticeKind.RESULTS_UNSAVED], "told once"
    assert told[0].path == str(store.path) and str(refusal) in told[0].detail
    play(session)
    run_jobs()
    recorder.retry()
    run_jobs()
    assert recorder.pending == 3, "both games and the match wait, in order"
    assert len(told) == 1, "not told again while it goes on failing"

    refusing.clear()
    recorder.retry()
    run_jobs()
    assert recorder.pending == 0
    assert [n.kind for n in told] == [NoticeKind.RESULTS_UNSAVED, NoticeKind.RESULTS_SAVED]
    (match,) = store.recent_matches()
    assert [g.match_id for g in store.recent_games()] == [match.id, match.id]
    store.close()
