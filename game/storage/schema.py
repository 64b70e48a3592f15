"""The statistics database's schema: its version, the steps that build it, and the checks that a file is ours.

``PRAGMA user_version`` holds the schema version; ``MIGRATIONS[v]`` brings a
database from version v-1 to v (0 = an empty file), so a new database is
built by the same steps that bring an old one forward.

Schema history:

1. ``games``: when, preset, rules, players, opponents, seat, place, class,
   points, duration.
2. ``matches``; ``games`` gains ``strength`` (computed from ``opponents`` for
   the old rows), the 反則上がり / 都落ち / 革命 flags and ``match_id``.
3. ``record`` (the game record JSON) on games and matches; indexes for the
   statistics and replay queries.
4. ``match_key`` (the match a game belongs to, known from the match's start)
   and ``match_game`` (its number in the match) on games, ``match_key`` on
   matches, each unique: the games of a match are linked to it when it ends,
   even those written before a quit and resume, and a game or match written
   twice (replayed after a crash) is kept once.
5. ``variant`` on games and matches: '' for a preset's own game, else the
   switches that differ from the preset as canonical JSON (``game.kinds``),
   so that custom games are a kind of their own in the statistics.  Filled
   for the stored games and matches whose record says which switches it
   changed; a match without a record takes its games' variant when they all
   have the same.  Rows without a record (written before schema 3) cannot be
   told apart and stay with their preset.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence

from game.kinds import safe_variant

from .rows import MIXED, strength_of

__all__ = [
    "COLUMNS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "NewerSchema",
    "Unusable",
    "check_ours",
    "check_schema",
    "check_values",
    "create_schema",
    "user_version",
]

SCHEMA_VERSION = 5


class Unusable(Exception):
    """The file cannot serve as the statistics database (damaged, or not ours): it is moved aside."""


class NewerSchema(Exception):
    """The file was written by a newer version of the game: it is left exactly as it is."""


_V1 = (
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
)
_V2 = (
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
    "ALTER TABLE games ADD COLUMN strength TEXT NOT NULL DEFAULT 'mixed'",
    "ALTER TABLE games ADD COLUMN forbidden_finish INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN miyako_ochi INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN revolution INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE games ADD COLUMN match_id INTEGER",
    "CREATE INDEX games_played_at ON games (played_at)",
)
_V3 = (
    "ALTER TABLE games ADD COLUMN record TEXT",
    "ALTER TABLE matches ADD COLUMN record TEXT",
    "CREATE INDEX games_group ON games (preset, strength, played_at)",
    "CREATE INDEX games_match ON games (match_id)",
    "CREATE INDEX matches_finished_at ON matches (finished_at)",
)
_V4 = (
    "ALTER TABLE games ADD COLUMN match_key TEXT",
    "ALTER TABLE games ADD COLUMN match_game INTEGER",
    "ALTER TABLE matches ADD COLUMN match_key TEXT",
    "CREATE UNIQUE INDEX games_match_game ON games (match_key, match_game)",
    "CREATE UNIQUE INDEX matches_match_key ON matches (match_key)",
)

_V5 = (
    "ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE matches ADD COLUMN variant TEXT NOT NULL DEFAULT ''",
    "DROP INDEX games_group",
    "CREATE INDEX games_group ON games (preset, variant, strength, played_at)",
)


def _run(statements: Sequence[str]) -> Callable[[sqlite3.Connection], None]:
    def migrate(conn: sqlite3.Connection) -> None:
        for sql in statements:
            conn.execute(sql)

    return migrate


def _to_v2(conn: sqlite3.Connection) -> None:
    _run(_V2)(conn)
    rows = conn.execute("SELECT id, opponents FROM games").fetchall()
    for game_id, opponents in rows:
        try:
            decoded = json.loads(opponents)
            strength = strength_of(o if isinstance(o, str) else None for o in decoded)
        except (ValueError, TypeError):
            strength = MIXED
        conn.execute("UPDATE games SET strength = ? WHERE id = ?", (strength, game_id))


def _recorded_variant(record: bytes | str | None) -> str | None:
    """The variant a stored record names (its rules' overrides); None if the record cannot tell."""
    if record is None:
        return None
    try:
        data = json.loads(record)
    except (ValueError, RecursionError):
        return None
    rules = data.get("rules") if isinstance(data, dict) else None
    if isinstance(rules, str):
        return ""  # a bare preset id: the preset as it is
    return safe_variant(rules.get("overrides")) if isinstance(rules, dict) else None


def _to_v5(conn: sqlite3.Connection) -> None:
    _run(_V5)(conn)
    for table in ("games", "matches"):
        rows = conn.execute(f"SELECT id, CAST(record AS BLOB) FROM {table} WHERE record IS NOT NULL").fetchall()
        for row_id, record in rows:
            found = _recorded_variant(bytes(record))
            if found:
                conn.execute(f"UPDATE {table} SET variant = ? WHERE id = ?", (found, row_id))
    conn.execute(
        "UPDATE matches SET variant = (SELECT min(variant) FROM games WHERE games.match_id = matches.id) "
        "WHERE record IS NULL AND (SELECT count(DISTINCT variant) FROM games WHERE games.match_id = matches.id) = 1"
    )


MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _run(_V1), 2: _to_v2, 3: _run(_V3), 4: _run(_V4), 5: _to_v5,
}
"""``MIGRATIONS[v]`` brings a database from version v-1 to v (0 = empty file)."""

COLUMNS = {
    "games": (
        "id", "played_at", "preset", "rules", "players", "opponents", "strength", "human_seat", "place",
        "title", "points", "duration_s", "forbidden_finish", "miyako_ochi", "revolution", "match_id", "record",
        "match_key", "match_game", "variant",
    ),
    "matches": (
        "id", "started_at", "finished_at", "preset", "players", "opponents", "strength", "games",
        "human_total", "human_rank", "totals", "record", "match_key", "variant",
    ),
}
"""The columns each table of the current schema has."""


def user_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def create_schema(conn: sqlite3.Connection) -> None:
    """Build the current schema in an empty database (the in-memory store)."""
    for target in range(1, SCHEMA_VERSION + 1):
        MIGRATIONS[target](conn)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def check_ours(conn: sqlite3.Connection) -> None:
    """``Unusable`` unless the file is empty or a statistics database; ``NewerSchema`` if too new to read.

    A schema version no version of the game writes (below zero: one flipped
    bit of the file's header makes it so) is damage, like tables without one.
    """
    version = user_version(conn)
    if version < 0:
        raise Unusable(f"not a statistics database (schema version {version})")
    if version > SCHEMA_VERSION:
        raise NewerSchema(f"written by a newer version of the game (schema {version}, this version knows "
                          f"{SCHEMA_VERSION})")
    if version == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise Unusable("not a statistics database (unknown tables, no schema version)")
    if version == SCHEMA_VERSION:
        check_schema(conn)


def check_schema(conn: sqlite3.Connection) -> None:
    """``Unusable`` if a table of the current schema lacks a column."""
    for table, columns in COLUMNS.items():
        present = {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}
        missing = [c for c in columns if c not in present]
        if missing:
            raise Unusable(f"table {table} lacks {', '.join(missing)}")


_TYPES = {
    "games": {
        "played_at": "text", "preset": "text", "rules": "text", "players": "integer", "opponents": "text",
        "strength": "text", "human_seat": "integer", "place": "integer", "title": "text", "points": "integer",
        "duration_s": "real integer", "forbidden_finish": "integer", "miyako_ochi": "integer",
        "revolution": "integer", "match_id": "integer null", "record": "text null", "match_key": "text null",
        "match_game": "integer null", "variant": "text",
    },
    "matches": {
        "started_at": "text", "finished_at": "text", "preset": "text", "players": "integer", "opponents": "text",
        "strength": "text", "games": "integer", "human_total": "integer", "human_rank": "integer",
        "totals": "text", "record": "text null", "match_key": "text null", "variant": "text",
    },
}
"""The storage classes each column's values must have (SQLite would keep ``'abc'`` in an INTEGER column)."""
_BIG = ("record",)
"""Columns too large to decode at every start: a record that is not UTF-8 reads as no record."""


def check_values(conn: sqlite3.Connection) -> None:
    """``Unusable`` if a value has the wrong type or a text is not UTF-8 (the game never writes either).

    Only the small columns are decoded; the game records are not (they are
    read one at a time, leniently).  One pass over each table.
    """
    for table, types in _TYPES.items():
        wrong = " OR ".join(
            f"typeof({column}) NOT IN ({', '.join(repr(t) for t in kinds.split())})" for column, kinds in types.items()
        )
        bad = conn.execute(f"SELECT id FROM {table} WHERE {wrong} LIMIT 1").fetchone()
        if bad is not None:
            raise Unusable(f"{table} row {bad[0]} holds a value of the wrong type")
        texts = [c for c, kinds in types.items() if "text" in kinds.split() and c not in _BIG]
        sql = f"SELECT id, {', '.join(f'CAST({c} AS BLOB)' for c in texts)} FROM {table}"
        for row in conn.execute(sql):
            for column, value in zip(texts, row[1:], strict=True):
                try:
                    bytes(value or b"").decode("utf-8")
                except UnicodeDecodeError:
                    raise Unusable(f"{table} row {row[0]}: {column} is not UTF-8 text") from None
