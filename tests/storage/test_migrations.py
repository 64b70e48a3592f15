"""Schema migrations: a database written by every older version opens with its data intact.

The old schemas are written out here as the old versions created them, not
taken from the code under test.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from game.kinds import CUSTOM
from game.storage import stats
from game.storage.stats import MIGRATIONS, SCHEMA_VERSION, GameFilter, StatsStore

from .helpers import row

V1_SCHEMA = [
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        played_at TEXT NOT NULL,
        preset TEXT NOT NULL,
        rules TEXT NOT NULL,
        players INTEGER NOT NULL,
        opponents TEXT NOT NULL,
        human_seat INTEGER NOT NULL,
        place INTEGER NOT NULL,
        title TEXT NOT NULL,
        points INTEGER NOT NULL,
        duration_s REAL NOT NULL
    )""",
    "PRAGMA user_version = 1",
]
V2_SCHEMA = [
    """CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        played_at TEXT NOT NULL,
        preset TEXT NOT NULL,
        rules TEXT NOT NULL,
        players INTEGER NOT NULL,
        opponents TEXT NOT NULL,
        human_seat INTEGER NOT NULL,
        place INTEGER NOT NULL,
        title TEXT NOT NULL,
        points INTEGER NOT NULL,
        duration_s REAL NOT NULL,
        strength TEXT NOT NULL DEFAULT 'mixed',
        forbidden_finish INTEGER NOT NULL DEFAULT 0,
        miyako_ochi INTEGER NOT NULL DEFAULT 0,
        revolution INTEGER NOT NULL DEFAULT 0,
        match_id INTEGER
    )""",
    """CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        started_at TEXT NOT NULL,
        finished_at TEXT NOT NULL,
        preset TEXT NOT NULL,
        players INTEGER NOT NULL,
        opponents TEXT NOT NULL DEFAULT '[]',
        strength TEXT NOT NULL DEFAULT 'mixed',
        games INTEGER NOT NULL,
        human_total INTEGER NOT NULL,
        human_rank INTEGER NOT NULL,
        totals TEXT NOT NULL
    )""",
    "CREATE INDEX games_played_at ON games (played_at)",
    "PRAGMA user_version = 2",
]
V3_SCHEMA = [
    *V2_SCHEMA[:-1],
    "ALTER TABLE games ADD COLUMN record TEXT",
    "ALTER TABLE matches ADD COLUMN record TEXT",
    "CREATE INDEX games_group ON games (preset, strength, played_at)",
    "CREATE INDEX games_match ON games (match_id)",
    "CREATE INDEX matches_finished_at ON matches (finished_at)",
    "PRAGMA user_version = 3",
]
V4_SCHEMA = [
    *V3_SCHEMA[:-1],
    "ALTER TABLE games ADD COLUMN match_key TEXT",
    "ALTER TABLE games ADD COLUMN match_game INTEGER",
    "ALTER TABLE matches ADD COLUMN match_key TEXT",
    "CREATE UNIQUE INDEX games_match_game ON games (match_key, match_game)",
    "CREATE UNIQUE INDEX matches_match_key ON matches (match_key)",
    "PRAGMA user_version = 4",
]
SCHEMAS = {1: V1_SCHEMA, 2: V2_SCHEMA, 3: V3_SCHEMA, 4: V4_SCHEMA}

V1_GAMES = [
    # played_at, preset, rules, players, opponents, seat, place, title, points, duration
    ("2024-05-01T10:00:00Z", "standard", {"j_back": False}, 4, [None, "normal", "normal", "normal"], 0, 0, "daifugo", 2,
     300.0),
    ("2024-05-01T10:10:00Z", "standard", {}, 4, [None, "normal", "strong", "normal"], 0, 3, "daihinmin", -2, 280.5),
    ("2024-05-02T09:00:00Z", "duel5", {}, 2, ["expert", None], 1, 0, "daifugo", 1, 120.0),
    ("2024-05-03T09:00:00Z", "uecda", {}, 5, [None, "external", "normal", "normal", "normal"], 0, 2, "heimin", 3,
     400.0),
    ("2024-05-03T09:30:00Z", "classic", {}, 5, "not json", 0, 1, "fugo", 1, 10.0),
]


def build(path: Path, version: int) -> None:
    """A database as version ``version`` of the game left it, with games (and a match from v2)."""
    conn = sqlite3.connect(path)
    for sql in SCHEMAS[version]:
        conn.execute(sql)
    for game in V1_GAMES:
        values = list(game)
        values[2] = json.dumps(values[2])
        if not isinstance(values[4], str):
            values[4] = json.dumps(values[4])
        conn.execute(
            "INSERT INTO games (played_at, preset, rules, players, opponents, human_seat, place, title, points, "
            "duration_s) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            values,
        )
    if version >= 2:
        conn.execute(
            "INSERT INTO matches (started_at, finished_at, preset, players, opponents, strength, games, human_total, "
            "human_rank, totals) VALUES ('2024-05-01T09:50:00Z', '2024-05-01T10:20:00Z', 'standard', 4, "
            "'[null, \"normal\", \"normal\", \"normal\"]', 'normal', 2, 0, 1, '[0, 1, 0, -1]')"
        )
        for game_id, strength in enumerate(["normal", "mixed", "expert", "external", "mixed"], start=1):
            conn.execute("UPDATE games SET strength = ? WHERE id = ?", (strength, game_id))
        conn.execute("UPDATE games SET revolution = 1, match_id = 1 WHERE id = 1")
        conn.execute("UPDATE games SET match_id = 1 WHERE id = 2")
        conn.execute("UPDATE games SET forbidden_finish = 1, miyako_ochi = 1 WHERE id = 3")
    conn.commit()
    conn.close()


def schema(path: Path) -> dict[str, object]:
    """Tables with their columns (name, type, not null, default), and the index names."""
    conn = sqlite3.connect(path)
    tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    out: dict[str, object] = {t: [tuple(r[1:5]) for r in conn.execute(f"PRAGMA table_info({t})")] for t in tables}
    out["indexes"] = sorted(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'"))
    out["version"] = conn.execute("PRAGMA user_version").fetchone()[0]
    conn.close()
    return out


def test_every_step_builds_the_historical_schema(tmp_path: Path) -> None:
    """MIGRATIONS[1] gives the v1 schema, MIGRATIONS[2] on it the v2 schema..., column for column."""
    assert sorted(MIGRATIONS) == list(range(1, SCHEMA_VERSION + 1))
    for version in (1, 2, 3, 4):
        old = tmp_path / f"v{version}.sqlite3"
        build(old, version)
        migrated = tmp_path / f"m{version}.sqlite3"
        conn = sqlite3.connect(migrated, isolation_level=None)
        for step in range(1, version + 1):
            MIGRATIONS[step](conn)
        conn.execute(f"PRAGMA user_version = {version}")
        conn.close()
        assert schema(migrated) == schema(old)


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_an_old_database_is_brought_forward_with_its_data(tmp_path: Path, version: int) -> None:
    path = tmp_path / "stats.sqlite3"
    build(path, version)
    with StatsStore(path) as store:
        assert store.recovered is None and store.persistent
        assert store.count_games() == len(V1_GAMES)
        for game_id, old in enumerate(V1_GAMES, start=1):
            got = store.game(game_id)
            assert got is not None
            assert (got.played_at, got.preset, got.players, got.human_seat, got.place, got.title, got.points) == (
                old[0], old[1], old[3], old[5], old[6], old[7], old[8]
            )
            assert got.rules == old[2] and got.duration_s == old[9]
            assert got.record is None and store.game_record(game_id) is None
        strengths = [g.strength for g in sorted(store.recent_games(), key=lambda g: g.id)]
        assert strengths == ["normal", "mixed", "expert", "external", "mixed"], "computed from the opponents"
        flags = [(g.forbidden_finish, g.miyako_ochi, g.revolution) for g in map(store.game, range(1, 6)) if g]
        if version == 1:
            assert flags == [(False, False, False)] * 5
            assert store.recent_matches() == []
        else:
            assert flags[0] == (False, False, True) and flags[2] == (True, True, False)
            (match,) = store.recent_matches()
            assert (match.games, match.human_rank, match.strength, match.has_record) == (2, 1, "normal", False)
            assert [g.id for g in store.match_games(match.id)] == [1, 2]
        summary = {(s.preset, s.strength): s for s in store.summary()}
        assert summary[("standard", "normal")].firsts == 1 and summary[("duel5", "expert")].wins == 1
        new_id = store.add_game(row(record={"format": "daifugo-record/1"}))
        assert new_id == len(V1_GAMES) + 1 and store.game_record(new_id) == {"format": "daifugo-record/1"}
    fresh = tmp_path / "fresh.sqlite3"
    StatsStore(fresh).close()
    assert schema(path) == schema(fresh), "a migrated database is exactly a new one"
    copies = list(tmp_path.glob(f"stats.sqlite3.v{version}-*.bak"))
    assert len(copies) == 1, "the file as it was before migrating is kept"
    assert schema(copies[0])["version"] == version


def test_an_empty_file_becomes_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    path.write_bytes(b"")
    with StatsStore(path) as store:
        assert store.recovered is None and store.count_games() == 0
    assert schema(path)["version"] == SCHEMA_VERSION


def test_a_failed_migration_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stats.sqlite3"
    build(path, 2)
    before = schema(path)

    working = stats.MIGRATIONS[3]

    def broken(conn: sqlite3.Connection) -> None:
        if conn.execute("PRAGMA database_list").fetchone()[2] == "":
            working(conn)  # the in-memory fallback
            return
        conn.execute("ALTER TABLE games ADD COLUMN record TEXT")
        raise sqlite3.OperationalError("disk I/O error (simulated)")

    monkeypatch.setitem(stats.MIGRATIONS, 3, broken)
    with StatsStore(path) as store:
        assert not store.persistent and store.recovered is not None, "the game runs on without saving"
        store.add_game(row())
    assert schema(path) == before
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == len(V1_GAMES)
    conn.close()
    monkeypatch.undo()
    with StatsStore(path) as store:
        assert store.persistent and store.count_games() == len(V1_GAMES)


def _record(overrides: object) -> str:
    return json.dumps({"format": "daifugo-record/1", "rules": {"preset": "standard", "players": 4,
                                                               "overrides": overrides}, "games": []})


def test_custom_games_are_told_apart_from_their_records(tmp_path: Path) -> None:
    """Schema 5: a stored game or match whose record names switch overrides becomes a custom game of those
    switches; one whose record names none stays with its preset, and so does one without a record (it cannot
    be told apart) or with overrides this version does not know.  A match without a record takes the variant
    its games agree on."""
    path = tmp_path / "stats.sqlite3"
    build(path, 4)
    skip = {"five_skip": True}
    both = {"ten_discard": True, "five_skip": True}
    conn = sqlite3.connect(path)
    records = {1: _record({}), 2: _record(skip), 3: _record(both), 4: None, 5: _record({"no_such_switch": 1})}
    for game_id, record in records.items():
        conn.execute("UPDATE games SET preset = 'standard', strength = 'normal', record = ? WHERE id = ?",
                     (record, game_id))
    conn.execute("INSERT INTO games (played_at, preset, rules, players, opponents, human_seat, place, title, points, "
                 "duration_s, strength, match_id, record) SELECT played_at, preset, rules, players, opponents, "
                 "human_seat, place, title, points, duration_s, strength, 2, ? FROM games WHERE id = 2",
                 (_record(skip),))
    conn.execute("UPDATE games SET match_id = 2 WHERE id = 2")
    conn.execute("INSERT INTO matches (started_at, finished_at, preset, players, opponents, strength, games, "
                 "human_total, human_rank, totals) SELECT started_at, finished_at, preset, players, opponents, "
                 "strength, 2, human_total, human_rank, totals FROM matches WHERE id = 1")
    conn.execute("UPDATE matches SET record = ? WHERE id = 1", (_record(both),))
    conn.commit()
    conn.close()
    with StatsStore(path) as store:
        variants = {g.id: g.variant for g in store.recent_games()}
        assert variants == {1: "", 2: '{"five_skip":true}', 3: '{"five_skip":true,"ten_discard":true}', 4: "",
                            5: "", 6: '{"five_skip":true}'}
        groups = {(s.preset, s.variant): s.games for s in store.summary()}
        assert groups == {("standard", ""): 3, ("standard", '{"five_skip":true}'): 2,
                          ("standard", '{"five_skip":true,"ten_discard":true}'): 1}
        assert [g.id for g in store.recent_games(filters=GameFilter(preset="standard"))] == [5, 4, 1]
        assert sorted(g.id for g in store.recent_games(filters=GameFilter(preset=CUSTOM))) == [2, 3, 6]
        assert CUSTOM in store.filter_choices().presets
        matches = {m.id: m.variant for m in store.recent_matches()}
        assert matches == {1: '{"five_skip":true,"ten_discard":true}', 2: '{"five_skip":true}'}
        assert {(m.preset, m.variant) for m in store.match_summary()} == set(
            ("standard", v) for v in matches.values())
