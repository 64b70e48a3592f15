"""Real game records and statistics rows for the storage tests."""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from game.engine import Match, preset_rules
from game.engine.cards import iter_ids
from game.engine.record import match_record_json, record_json
from game.engine.runner import Answer, Decision, MatchRunner
from game.storage.stats import GameRow, MatchRow, iso_utc


def play_match(preset: str = "standard", players: int | None = None, seed: int = 1, games: int = 2,
               overrides: dict[str, object] | None = None) -> Match:
    """A match played to its end by random legal moves and random gifts (the exchange, 7渡し, 10捨て)."""
    runner = MatchRunner(Match(preset_rules(preset, players, overrides), seed, games=games))
    rng = random.Random(seed)

    def decide(decision: Decision) -> Answer:
        game = runner.game
        if decision.gift is not None:
            return sum(1 << cid for cid in rng.sample(list(iter_ids(game.hands[decision.seat])), decision.gift.count))
        return rng.choice(game.move_list())

    runner.play(decide)
    return runner.match


def game_record(match: Match, index: int = 0) -> dict[str, Any]:
    return record_json(match.rules, [match.games[index]])


def match_record(match: Match) -> dict[str, Any]:
    return match_record_json(match)


def row(
    played_at: str = "2025-01-01T00:00:00Z",
    *,
    preset: str = "standard",
    players: int = 4,
    level: str | None = "normal",
    place: int = 0,
    points: int | None = None,
    **changes: Any,
) -> GameRow:
    """A valid row: the human in seat 0, computers of ``level`` elsewhere."""
    titles = preset_rules(preset, players).titles
    title = titles[place].value
    base = GameRow(
        played_at=played_at,
        preset=preset,
        rules=preset_rules(preset, players).switches(),
        players=players,
        opponents=[None] + [level] * (players - 1),
        human_seat=0,
        place=place,
        title=title,
        points=preset_rules(preset, players).points_for(place, titles[place]) if points is None else points,
        duration_s=60.0,
    )
    return replace(base, **changes)


def match_row(finished_at: str = "2025-01-01T01:00:00Z", **changes: Any) -> MatchRow:
    base = MatchRow(
        started_at="2025-01-01T00:00:00Z",
        finished_at=finished_at,
        preset="standard",
        players=4,
        games=5,
        human_total=4,
        human_rank=0,
        totals=[4, 1, -2, -3],
        opponents=[None, "normal", "normal", "normal"],
    )
    return replace(base, **changes)


def sqlite_error(message: str, code: int, kind: type[sqlite3.Error] = sqlite3.OperationalError) -> sqlite3.Error:
    """An error as SQLite raises it (``sqlite_errorcode`` is its result code)."""
    error = kind(message)
    error.sqlite_errorcode = code  # type: ignore[attr-defined]
    return error


ENOSPC = 13
"""SQLITE_FULL: the disk is full."""
SQLITE_IOERR_WRITE = 778
SQLITE_READONLY = 8
SQLITE_BUSY = 5


def inject_faults(
    monkeypatch: pytest.MonkeyPatch, fault: Callable[[str, str], sqlite3.Error | None]
) -> list[str]:
    """Make every connection the statistics store opens ask ``fault(database, sql)`` before each statement.

    A real SQLite connection runs the statement unless ``fault`` returns an
    error, which is raised instead (the disk is full, the file became read-only...).
    The in-memory database the store falls back to has no faults.  Returns the
    statements seen, in order.
    """
    seen: list[str] = []
    real_connect = sqlite3.connect

    class Faulty(sqlite3.Connection):
        _database: str
        """The file it was opened on (set by ``connect``)."""

        def execute(self, sql: str, *args: Any) -> sqlite3.Cursor:
            seen.append(sql)
            error = fault(self._database, sql) if self._database != ":memory:" else None
            if error is not None:
                raise error
            return super().execute(sql, *args)

        def executemany(self, sql: str, *args: Any) -> sqlite3.Cursor:
            seen.append(sql)
            error = fault(self._database, sql) if self._database != ":memory:" else None
            if error is not None:
                raise error
            return super().executemany(sql, *args)

    def connect(database: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = real_connect(database, *args, factory=Faulty, **kwargs)
        conn._database = str(database)
        return conn

    monkeypatch.setattr(sqlite3, "connect", connect)  # the module the statistics store connects through
    return seen


def fill_games(path: Path, count: int, *, seed: int = 1, start: datetime | None = None,
               groups: Sequence[tuple[str, int, str]] = (("standard", 4, "normal"), ("duel5", 2, "strong"))) -> None:
    """``count`` games written straight into the statistics database at ``path`` (made by ``StatsStore``),
    one every few hours from ``start``, in the given groups (preset, players, strength)."""
    rng = random.Random(seed)
    moment = start or datetime(2023, 1, 1, tzinfo=timezone.utc)
    kinds = []
    for preset, players, strength in groups:
        rules = preset_rules(preset, players)
        by_place = [(rules.titles[p].value, rules.points_for(p, rules.titles[p])) for p in range(players)]
        kinds.append((preset, players, strength, json.dumps(rules.switches()),
                      json.dumps([None] + [strength] * (players - 1)), by_place))
    rows = []
    for index in range(count):
        preset, players, strength, switches, opponents, by_place = kinds[index % len(kinds)]
        place = rng.randrange(players)
        title, points = by_place[place]
        played_at = iso_utc(moment + timedelta(hours=7 * index))
        rows.append((played_at, preset, switches, players, opponents, 0, place, title, points, 60.0, strength))
    conn = sqlite3.connect(path)
    with conn:
        conn.executemany(
            "INSERT INTO games (played_at, preset, rules, players, opponents, human_seat, place, title, points, "
            "duration_s, strength) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.close()
