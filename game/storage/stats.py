"""The statistics database: one SQLite file with every finished game and match.

* One row per finished game (``GameRow``) with its full record, one row per
  finished match (``MatchRow``); queries for the statistics and replay screens
  (the row types are in ``rows.py``, the schema and its migrations in
  ``schema.py``).
* WAL mode, a busy timeout and short ``BEGIN IMMEDIATE`` transactions, so two
  copies of the game writing at once never lose a row.  ``synchronous=FULL``:
  a committed game survives a crash or a power cut.
* An older file is brought forward by ``schema.MIGRATIONS``, each step in one
  transaction (a failed step changes nothing), after a copy of the file is
  kept next to it.
* A file that is not a database, is damaged, comes from a newer version or
  cannot be opened is moved aside (``stats.sqlite3.corrupt-<timestamp>``, with
  its ``-wal``/``-shm``), a fresh database is started and ``recovered`` holds
  a message to show the player once.  If no file can be written at all, the
  store runs in memory for the session (``persistent`` is False).

A store may be used from any thread (calls are serialized).  Failures that
are not damage (the disk is full, the other copy holds the lock for longer
than the busy timeout) raise ``StatsError``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from game.kinds import CUSTOM

from .atomic import move_aside, timestamp
from .files import NotRegularFile, check_regular
from .jsontext import loads_bounded
from .notices import Notice, NoticeKind
from .progress import GameStep, ProgressRow
from .queries import (
    LIST_COLUMNS,
    MATCH_LIST_COLUMNS,
    BadValue,
    int_of,
    list_item,
    sort_key,
    summarize,
    text_of,
    where_clause,
)
from .rows import (
    CLASS_IDS,
    FilterChoices,
    GameFilter,
    GameListItem,
    GameRow,
    MatchListItem,
    MatchRow,
    MatchSummaryRow,
    SummaryRow,
    iso_utc,
    strength_of,
    utc_now,
)
from .schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    NewerSchema,
    Unusable,
    check_ours,
    check_schema,
    check_values,
    create_schema,
    user_version,
)

__all__ = [
    "BUSY_TIMEOUT_S",
    "CLASS_IDS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "FilterChoices",
    "GameFilter",
    "GameListItem",
    "GameRow",
    "MatchListItem",
    "MatchRow",
    "MatchSummaryRow",
    "StatsError",
    "StatsStore",
    "SummaryRow",
    "iso_utc",
    "strength_of",
    "utc_now",
]

log = logging.getLogger(__name__)

BUSY_TIMEOUT_S = 10.0
MAX_JSON_DEPTH = 32
"""A stored value (a record nests 6 levels) nested deeper than this was not written by the game: read as none."""
_COMPANIONS = ("-wal", "-shm", "-journal")

T = TypeVar("T")


class StatsError(Exception):
    """The statistics could not be read or written (not damage: that is recovered from)."""


_GAME_COLUMNS = (
    "played_at, preset, rules, players, opponents, strength, human_seat, place, title, points, duration_s, "
    "forbidden_finish, miyako_ochi, revolution, record, match_id, match_key, match_game, variant"
)


# --- errors ---------------------------------------------------------------------

_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26
_SQLITE_BUSY, _SQLITE_LOCKED = 5, 6


def _damage(error: sqlite3.Error) -> bool:
    """The file's content is bad (SQLITE_CORRUPT, SQLITE_NOTADB, text that is not UTF-8).

    Everything else (the disk is full or failing, permissions, a read-only
    file, another copy holding the lock) is a problem of the moment: the file
    is left alone.
    """
    text = str(error).lower()
    if "could not decode to utf-8" in text:
        return True
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (_SQLITE_CORRUPT, _SQLITE_NOTADB)
    return "not a database" in text or "malformed" in text or "corrupt" in text


def _busy(error: sqlite3.Error) -> bool:
    """Another connection holds the lock (SQLITE_BUSY, SQLITE_LOCKED)."""
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (_SQLITE_BUSY, _SQLITE_LOCKED)
    return "locked" in str(error).lower()


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _loads(text: str | bytes | None) -> Any:
    """Decoded JSON, or None (nothing stored, not UTF-8, not JSON, nested deeper than any record)."""
    if text is None:
        return None
    try:
        return loads_bounded(text, MAX_JSON_DEPTH)
    except ValueError:  # UnicodeDecodeError and TooDeep included
        return None


# --- the store --------------------------------------------------------------------


class StatsStore:
    """The statistics database at ``path`` (created if missing)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        busy_timeout_s: float = BUSY_TIMEOUT_S,
        notify: Callable[[Notice], None] | None = None,
        alone: bool = False,
    ) -> None:
        self.path = Path(path)
        self.busy_timeout_s = busy_timeout_s
        self.alone = alone
        """No other copy of the game uses the file (the app holds the data folder's lock): an empty file was
        not just created by another copy, it is a database cut to nothing, and is damage."""
        self.notify = notify
        """Called with each notice for the player (from the thread that found the problem)."""
        self.notice: Notice | None = None
        """The latest notice for the player; ``take_notice()`` returns and clears it."""
        self.recovered: str | None = None
        """The same, in words for the log: the file was moved aside, or nothing is saved this session."""
        self.recovered_path: Path | None = None
        """Where the damaged file was moved."""
        self.persistent = True
        """False when the store runs in memory (nothing will be kept)."""
        self._retry_file = False
        """In memory for a problem of the moment (the disk, a permission): ``reopen`` tries the file again."""
        self._lock = threading.RLock()
        self._conn: sqlite3.Connection | None = self._open()

    # --- opening and recovery ---

    def _open(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except Unusable as problem:
            return self._replace_file(str(problem))
        except NewerSchema as problem:
            log.warning("stats: %s was %s; left as it is, statistics are not saved this session", self.path, problem)
            return self._in_memory(Notice(NoticeKind.STATS_NEWER, str(self.path), str(problem)))
        except (sqlite3.Error, OSError) as error:
            return self._in_memory(Notice(NoticeKind.STATS_UNAVAILABLE, str(self.path), str(error)))

    def _connect(self) -> sqlite3.Connection:
        """Open, check and migrate the file.

        ``Unusable`` if it must be moved aside (damaged, not ours, not a
        file), ``NewerSchema`` if a newer version wrote it; any other error
        (the disk is full or failing, permissions...) leaves the file alone.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        existed = os.path.lexists(self.path)
        if existed:
            self._check_files()
        conn: sqlite3.Connection | None = None
        try:
            conn = sqlite3.connect(
                str(self.path), timeout=self.busy_timeout_s, isolation_level=None, check_same_thread=False
            )
            conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_s * 1000)}")
            check = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
            if check != ["ok"]:
                raise Unusable(f"damaged: {'; '.join(check[:3])}")
            conn.execute("BEGIN")  # one snapshot: another copy may be creating the schema right now
            try:
                check_ours(conn)  # before WAL mode changes the file's header
            finally:
                _rollback(conn)
            self._use_wal(conn)
            conn.execute("PRAGMA synchronous = FULL")
            self._migrate(conn)
            conn.execute("BEGIN")
            try:
                check_schema(conn)
                check_values(conn)
            finally:
                _rollback(conn)
            conn.row_factory = sqlite3.Row
        except sqlite3.Error as error:
            if conn is not None:
                conn.close()
            if _damage(error):
                raise Unusable(str(error)) from error
            raise
        except UnicodeDecodeError as error:
            if conn is not None:
                conn.close()
            raise Unusable(f"text that is not UTF-8 ({error})") from error
        except BaseException:
            if conn is not None:
                conn.close()
            raise
        return conn

    def _check_files(self) -> None:
        """``Unusable`` unless the database is a regular file that starts like one.

        Checked before SQLite opens it: a named pipe would make it wait forever,
        and closing a failed connection deletes the ``-wal``.  A companion
        (``-wal``, ``-shm``, ``-journal``) that is not a regular file, or is a
        link, holds nothing of ours: it is moved aside on its own (SQLite
        would write through the link).  The database itself may be a link to
        a statistics database (kept elsewhere on purpose), never to an empty
        file: SQLite would make a database of a file the game did not create.
        """
        try:
            check_regular(self.path)
        except NotRegularFile as error:
            raise Unusable(str(error)) from error
        except FileNotFoundError as error:
            raise Unusable(f"a link to a file that does not exist ({error})") from error
        for suffix in _COMPANIONS:
            companion = Path(f"{self.path}{suffix}")
            try:
                check_regular(companion, follow=False)
            except NotRegularFile as error:
                moved = move_aside(companion)
                log.warning("stats: %s; moved to %s", error, moved)
            except FileNotFoundError:
                pass
        if not _looks_like_sqlite(self.path):
            raise Unusable("file is not a database")
        if os.stat(self.path).st_size == 0:
            if os.path.islink(self.path):
                raise Unusable("a link to an empty file")
            if self.alone:
                raise Unusable("an empty file")

    def _use_wal(self, conn: sqlite3.Connection) -> None:
        """Switch the file to WAL mode, waiting for another copy of the game that holds it.

        When two copies open a new file at the same moment, SQLite refuses the
        switch at once ("database is locked") instead of waiting its busy
        timeout.  An exclusive transaction does wait, so one is opened and
        closed (it waits until the other copy lets go) and the switch is tried
        again, for as long as the busy timeout allows.
        """
        deadline = time.monotonic() + self.busy_timeout_s
        while True:
            try:
                conn.execute("PRAGMA journal_mode = WAL").fetchone()
                return
            except sqlite3.OperationalError as error:
                if not _busy(error) or time.monotonic() >= deadline:
                    raise
            conn.execute("BEGIN EXCLUSIVE")
            conn.execute("COMMIT")

    def _migrate(self, conn: sqlite3.Connection) -> None:
        version = user_version(conn)
        if version == SCHEMA_VERSION:
            return
        if version > 0:
            self._keep_copy(conn, version)
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = user_version(conn)
            if version == SCHEMA_VERSION:
                conn.execute("COMMIT")
                return
            check_ours(conn)
            for target in range(version + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[target](conn)
                conn.execute(f"PRAGMA user_version = {target}")
            conn.execute("COMMIT")
        except BaseException:
            _rollback(conn)
            raise
        if version > 0:
            log.info("stats: %s migrated from schema %d to %d", self.path, version, SCHEMA_VERSION)

    def _keep_copy(self, conn: sqlite3.Connection, version: int) -> None:
        """A copy of the file before migrating it (``stats.sqlite3.v1-<timestamp>.bak``)."""
        target = self.path.with_name(f"{self.path.name}.v{version}-{timestamp()}.bak")
        try:
            _backup(conn, target)
        except (sqlite3.Error, OSError) as error:
            log.warning("stats: could not copy %s before migrating: %s", self.path, error)

    def _replace_file(self, problem: str) -> sqlite3.Connection:
        """Move the unusable file aside and start a new one (in memory if that fails too)."""
        try:
            moved = move_aside(self.path, _COMPANIONS)
        except OSError as error:
            return self._in_memory(Notice(
                NoticeKind.STATS_UNAVAILABLE, str(self.path), f"{problem}; it could not be moved aside: {error}"
            ))
        self.recovered_path = moved
        log.warning("stats: %s is unusable (%s); moved to %s, starting a new database", self.path, problem, moved)
        try:
            conn = self._connect()
        except (Unusable, NewerSchema, sqlite3.Error, OSError) as error:
            return self._in_memory(Notice(
                NoticeKind.STATS_UNAVAILABLE, str(moved or self.path),
                f"{problem}; a new database could not be created: {error}",
            ))
        kept = f" It was kept as {moved.name}." if moved is not None else ""
        self._tell(
            Notice(NoticeKind.STATS_DAMAGED, str(moved or ""), problem),
            f"The statistics database could not be read ({problem}).{kept} "
            "A new, empty one was started; the game continues normally.",
        )
        return conn

    def _in_memory(self, notice: Notice) -> sqlite3.Connection:
        log.error("stats: cannot use %s (%s); statistics are not saved this session", self.path, notice.detail)
        self.persistent = False
        self._retry_file = notice.kind is NoticeKind.STATS_UNAVAILABLE
        self._tell(
            notice,
            f"The statistics cannot be saved this session ({notice.detail}). {self.path} is left as it is; "
            "the game continues normally.",
        )
        conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        create_schema(conn)
        conn.row_factory = sqlite3.Row
        return conn

    def _tell(self, notice: Notice, words: str) -> None:
        self.notice = notice
        self.recovered = words
        if self.notify is not None:
            self.notify(notice)

    def _recover(self, problem: str) -> None:
        """The file turned out damaged during use: move it aside and start a new one."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._conn = self._replace_file(problem)

    @property
    def can_reopen(self) -> bool:
        """The store runs in memory for a problem of the moment, and ``reopen`` may find the file usable."""
        return not self.persistent and self._retry_file

    def reopen(self) -> bool:
        """Try the file again when the store runs in memory for a problem of the moment; True if it uses the file.

        On success the rows written to memory meanwhile are gone from the
        store: the caller (``ResultRecorder``) keeps them and writes them
        again.  Damage found now leaves the store in memory (the next start
        deals with it, telling the player).
        """
        with self._lock:
            if not self.can_reopen:
                return self.persistent
            try:
                conn = self._connect()
            except (Unusable, NewerSchema, sqlite3.Error, OSError) as error:
                log.info("stats: %s still cannot be used: %s", self.path, error)
                return False
            old, self._conn = self._conn, conn
            self.persistent, self._retry_file = True, False
            if old is not None:
                old.close()
            log.info("stats: %s can be used again; statistics are saved from now on", self.path)
            return True

    def take_notice(self) -> Notice | None:
        """The notice for the player, once (None afterwards or if nothing happened)."""
        with self._lock:
            notice, self.notice, self.recovered = self.notice, None, None
            return notice

    def take_recovered(self) -> str | None:
        """The recovery message in words for the log, once (clears the notice too)."""
        with self._lock:
            message = self.recovered
            self.take_notice()
            return message

    # --- transactions ---

    def _transaction(self, body: Callable[[sqlite3.Connection], T], *, write: bool) -> T:
        with self._lock:
            for attempt in (0, 1):
                conn = self._conn
                if conn is None:
                    raise StatsError("the statistics store is closed")
                try:
                    conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                    try:
                        result = body(conn)
                        conn.execute("COMMIT")
                    except BaseException:
                        _rollback(conn)
                        raise
                    return result
                except (sqlite3.Error, BadValue) as error:
                    damaged = isinstance(error, BadValue) or _damage(error)
                    if attempt == 0 and self.persistent and damaged:
                        self._recover(str(error))
                        continue
                    log.warning("stats: %s: %s", self.path, error)
                    raise StatsError(str(error)) from error
            raise AssertionError("unreachable")  # pragma: no cover

    # --- writing ---

    def add_game(self, row: GameRow) -> int:
        """Store a finished game; its id.  ValueError for an out-of-range row, StatsError if the disk refuses.

        A game of a match that is already stored (the same ``match_key`` and
        ``match_game``: replayed after a crash) is not stored again; its id
        is returned.
        """
        row.check()
        values = (
            iso_utc(row.played_at), row.preset, _dumps(dict(row.rules)), row.players, _dumps(list(row.opponents)),
            row.strength, row.human_seat, row.place, row.title, row.points, float(row.duration_s),
            int(row.forbidden_finish), int(row.miyako_ochi), int(row.revolution),
            _dumps(dict(row.record)) if row.record is not None else None, row.match_id, row.match_key, row.match_game,
            row.variant,
        )
        marks = ", ".join("?" * len(values))

        def insert(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                f"INSERT INTO games ({_GAME_COLUMNS}) VALUES ({marks}) "
                "ON CONFLICT (match_key, match_game) DO NOTHING",
                values,
            )
            if cursor.rowcount == 1:
                return int(cursor.lastrowid or 0)
            found = conn.execute(
                "SELECT id FROM games WHERE match_key = ? AND match_game = ?", (row.match_key, row.match_game)
            ).fetchone()
            log.info("stats: game %s of match %s was stored before", row.match_game, row.match_key)
            return int(found["id"])

        return self._transaction(insert, write=True)

    def last_game_of(self, match_key: str) -> int | None:
        """The highest game number stored for the match ``match_key`` (None: none is)."""
        sql = "SELECT max(match_game) FROM games WHERE match_key = ?"
        value = self._transaction(lambda c: c.execute(sql, (match_key,)).fetchone()[0], write=False)
        return value if isinstance(value, int) else None

    def add_match(self, row: MatchRow, game_ids: Iterable[int] = ()) -> int:
        """Store a finished match and link its games to it; its id.

        The games linked are those stored with the match's ``match_key`` and
        those of ``game_ids``.  A match already stored with that key is not
        stored again.
        """
        row.check()
        values = (
            iso_utc(row.started_at), iso_utc(row.finished_at), row.preset, row.players, _dumps(list(row.opponents)),
            row.strength, row.games, row.human_total, row.human_rank, _dumps(list(row.totals)),
            _dumps(dict(row.record)) if row.record is not None else None, row.match_key, row.variant,
        )
        ids = [int(i) for i in game_ids]

        def insert(conn: sqlite3.Connection) -> int:
            cursor = conn.execute(
                "INSERT INTO matches (started_at, finished_at, preset, players, opponents, strength, games, "
                "human_total, human_rank, totals, record, match_key, variant) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (match_key) DO NOTHING",
                values,
            )
            if cursor.rowcount == 1:
                match_id = int(cursor.lastrowid or 0)
            else:
                found = conn.execute("SELECT id FROM matches WHERE match_key = ?", (row.match_key,)).fetchone()
                log.info("stats: match %s was stored before", row.match_key)
                match_id = int(found["id"])
            if row.match_key is not None:
                conn.execute("UPDATE games SET match_id = ? WHERE match_key = ?", (match_id, row.match_key))
            conn.executemany("UPDATE games SET match_id = ? WHERE id = ?", [(match_id, i) for i in ids])
            return match_id

        return self._transaction(insert, write=True)

    def reset(self, backup_dir: str | os.PathLike[str]) -> Path:
        """Copy the database to ``backup_dir/stats-<timestamp>.sqlite3``, then delete every game and match.

        Both happen under the write lock, so a game written meanwhile by another
        copy of the game is either in the backup or kept.  Returns the backup's
        path; StatsError (nothing deleted) if the backup cannot be written.
        """
        folder = Path(backup_dir)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StatsError(f"cannot create {folder}: {error}") from error
        target = folder / f"stats-{timestamp()}.sqlite3"
        counter = 1
        while os.path.lexists(target):  # a link there (even to nothing) is never written through
            target = folder / f"stats-{timestamp()}-{counter}.sqlite3"
            counter += 1

        def clear(conn: sqlite3.Connection) -> Path:
            # The write lock is held: no other copy of the game can commit until the
            # rows are deleted, so a second connection reads exactly what is deleted.
            # (A connection cannot back itself up while it holds a write transaction.)
            if self.persistent:
                try:
                    source = sqlite3.connect(str(self.path), timeout=self.busy_timeout_s)
                    try:
                        _backup(source, target)
                    finally:
                        source.close()
                except sqlite3.Error as error:
                    raise StatsError(f"cannot write the backup {target}: {error}") from error
            conn.execute("DELETE FROM games")
            conn.execute("DELETE FROM matches")
            return target

        if not self.persistent:  # in memory: nobody else writes, back up first
            with self._lock:
                if self._conn is None:
                    raise StatsError("the statistics store is closed")
                try:
                    _backup(self._conn, target)
                except sqlite3.Error as error:
                    raise StatsError(f"cannot write the backup {target}: {error}") from error
        result = self._transaction(clear, write=True)
        log.info("stats: reset; the previous statistics were kept in %s", result)
        return result

    # --- reading ---

    def summary(
        self,
        preset: str | None = None,
        strength: str | None = None,
        since: str | datetime | None = None,
        *,
        until: str | datetime | None = None,
        players: int | None = None,
        group_by: Sequence[str] = ("preset", "strength"),
    ) -> list[SummaryRow]:
        """Statistics per group of games, groups sorted by preset then strength.

        ``group_by`` is any of ``preset`` and ``strength`` (an empty tuple: one
        row for every game that matches the filters).  Grouped by preset, the
        custom games of each set of switches are a group of their own.
        """
        unknown = set(group_by) - {"preset", "strength"}
        if unknown:
            raise ValueError(f"group_by: unknown {sorted(unknown)}")
        where, params = where_clause(GameFilter(preset, strength, players, since, until), "played_at")
        sql = (f"SELECT preset, variant, strength, place, title, points, played_at FROM games{where} "
               "ORDER BY played_at, id")

        def read(conn: sqlite3.Connection) -> list[SummaryRow]:
            groups: dict[tuple[str | None, str | None, str], list[sqlite3.Row]] = {}
            for row in conn.execute(sql, params):
                by_preset = "preset" in group_by
                key = (text_of(row, "preset") if by_preset else None,
                       text_of(row, "strength") if "strength" in group_by else None,
                       text_of(row, "variant") if by_preset else "")
                groups.setdefault(key, []).append(row)
            return [summarize(key, games) for key, games in sorted(groups.items(), key=lambda kv: sort_key(kv[0]))]

        return self._transaction(read, write=False)

    def progress(self, preset: str | None = None, strength: str | None = None) -> list[ProgressRow]:
        """Every game of each group (preset, strength and custom switches, as ``summary`` groups them) in the
        order played: what the progress charts draw, groups sorted as ``summary`` sorts them."""
        where, params = where_clause(GameFilter(preset, strength), "played_at")
        sql = (f"SELECT preset, strength, variant, played_at, place, points, players FROM games{where} "
               "ORDER BY played_at, id")

        def read(conn: sqlite3.Connection) -> list[ProgressRow]:
            groups: dict[tuple[str, str, str], list[GameStep]] = {}
            for row in conn.execute(sql, params):
                key = (text_of(row, "preset"), text_of(row, "strength"), text_of(row, "variant"))
                groups.setdefault(key, []).append(GameStep(text_of(row, "played_at"), int_of(row, "place"),
                                                           int_of(row, "points"), int_of(row, "players")))
            return [ProgressRow(key[0], key[1], tuple(games), key[2])
                    for key, games in sorted(groups.items(), key=lambda kv: sort_key(kv[0]))]

        return self._transaction(read, write=False)

    def match_summary(
        self,
        preset: str | None = None,
        strength: str | None = None,
        since: str | datetime | None = None,
        *,
        until: str | datetime | None = None,
        players: int | None = None,
    ) -> list[MatchSummaryRow]:
        """Matches per (preset, strength, variant): how many, how many won, average rank."""
        where, params = where_clause(GameFilter(preset, strength, players, since, until), "finished_at")
        sql = (
            "SELECT preset, variant, strength, count(*) AS matches, sum(human_rank = 0) AS firsts, "
            "avg(human_rank) + 1 AS average_rank, sum(human_total) AS total_points, sum(games) AS games "
            f"FROM matches{where} GROUP BY preset, variant, strength"
        )

        def read(conn: sqlite3.Connection) -> list[MatchSummaryRow]:
            return [
                MatchSummaryRow(
                    preset=text_of(r, "preset"), strength=text_of(r, "strength"), matches=int_of(r, "matches"),
                    firsts=int(r["firsts"] or 0), average_rank=float(r["average_rank"]),
                    total_points=int(r["total_points"] or 0), games=int(r["games"] or 0), variant=text_of(r, "variant"),
                )
                for r in conn.execute(sql, params)
            ]

        return sorted(self._transaction(read, write=False), key=lambda r: sort_key((r.preset, r.strength, r.variant)))

    def recent_games(self, limit: int = 50, offset: int = 0, filters: GameFilter | None = None) -> list[GameListItem]:
        """The latest games first, for the replay list (page with ``offset``)."""
        where, params = where_clause(filters or GameFilter(), "played_at")
        sql = f"SELECT {LIST_COLUMNS} FROM games{where} ORDER BY played_at DESC, id DESC LIMIT ? OFFSET ?"
        page = [*params, max(0, limit), max(0, offset)]
        return self._transaction(lambda c: [list_item(r) for r in c.execute(sql, page)], write=False)

    def count_games(self, filters: GameFilter | None = None) -> int:
        where, params = where_clause(filters or GameFilter(), "played_at")
        sql = f"SELECT count(*) FROM games{where}"
        return int(self._transaction(lambda c: c.execute(sql, params).fetchone()[0], write=False))

    def game(self, game_id: int) -> GameRow | None:
        """Everything stored about one game, or None."""
        sql = f"SELECT {_GAME_COLUMNS.replace('record', 'CAST(record AS BLOB) AS record')} FROM games WHERE id = ?"

        def read(conn: sqlite3.Connection) -> GameRow | None:
            row = conn.execute(sql, (game_id,)).fetchone()
            if row is None:
                return None
            duration = row["duration_s"]
            if not isinstance(duration, (int, float)):
                raise BadValue(f"duration_s: {duration!r} is not a number")
            return GameRow(
                played_at=text_of(row, "played_at"), preset=text_of(row, "preset"), rules=_loads(row["rules"]) or {},
                players=int_of(row, "players"), opponents=_loads(row["opponents"]) or [],
                human_seat=int_of(row, "human_seat"), place=int_of(row, "place"), title=text_of(row, "title"),
                points=int_of(row, "points"), duration_s=float(duration),
                forbidden_finish=bool(row["forbidden_finish"]), miyako_ochi=bool(row["miyako_ochi"]),
                revolution=bool(row["revolution"]), record=_loads(row["record"]), match_id=row["match_id"],
                match_key=row["match_key"], match_game=row["match_game"], variant=text_of(row, "variant"),
            )

        return self._transaction(read, write=False)

    def game_record(self, game_id: int) -> dict[str, Any] | None:
        """The game record of one game (docs/game-record.md), or None (no such game, or none kept)."""
        return self._record("games", game_id)

    def recent_matches(
        self, limit: int = 20, offset: int = 0, filters: GameFilter | None = None
    ) -> list[MatchListItem]:
        where, params = where_clause(filters or GameFilter(), "finished_at")
        sql = f"SELECT {MATCH_LIST_COLUMNS} FROM matches{where} ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?"
        page = [*params, max(0, limit), max(0, offset)]

        def read(conn: sqlite3.Connection) -> list[MatchListItem]:
            return [
                MatchListItem(
                    id=int_of(r, "id"), started_at=text_of(r, "started_at"), finished_at=text_of(r, "finished_at"),
                    preset=text_of(r, "preset"), players=int_of(r, "players"), strength=text_of(r, "strength"),
                    games=int_of(r, "games"), human_total=int_of(r, "human_total"), human_rank=int_of(r, "human_rank"),
                    has_record=bool(r["has_record"]), variant=text_of(r, "variant"),
                )
                for r in conn.execute(sql, page)
            ]

        return self._transaction(read, write=False)

    def match_games(self, match_id: int) -> list[GameListItem]:
        """The games of one match, in order."""
        sql = f"SELECT {LIST_COLUMNS} FROM games WHERE match_id = ? ORDER BY played_at, id"
        return self._transaction(lambda c: [list_item(r) for r in c.execute(sql, (match_id,))], write=False)

    def match_record(self, match_id: int) -> dict[str, Any] | None:
        """The record of a match (every game), or None."""
        return self._record("matches", match_id)

    def _record(self, table: str, row_id: int) -> dict[str, Any] | None:
        """A stored record, read as bytes: one that is not UTF-8 or not JSON reads as none (logged)."""
        sql = f"SELECT CAST(record AS BLOB) AS record FROM {table} WHERE id = ?"
        row = self._transaction(lambda c: c.execute(sql, (row_id,)).fetchone(), write=False)
        if row is None or row["record"] is None:
            return None
        record = _loads(bytes(row["record"]))
        if not isinstance(record, dict):
            log.warning("stats: the record of %s row %d cannot be read; shown as none", table, row_id)
            return None
        return record

    def filter_choices(self) -> FilterChoices:
        """The presets (``custom`` for the custom games), strengths and player counts of the stored games."""

        def read(conn: sqlite3.Connection) -> FilterChoices:
            own = "SELECT DISTINCT preset FROM games WHERE variant = ''"
            presets = [text_of(r, "preset") for r in conn.execute(own)]
            if conn.execute("SELECT 1 FROM games WHERE variant != '' LIMIT 1").fetchone() is not None:
                presets.append(CUSTOM)
            strengths = [text_of(r, "strength") for r in conn.execute("SELECT DISTINCT strength FROM games")]
            players = [
                int_of(r, "players") for r in conn.execute("SELECT DISTINCT players FROM games ORDER BY players")
            ]
            return FilterChoices(
                sorted(presets, key=lambda p: sort_key((p, None))),
                sorted(strengths, key=lambda s: sort_key((None, s))),
                players,
            )

        return self._transaction(read, write=False)

    # --- closing ---

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> StatsStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- helpers -----------------------------------------------------------------------


_SQLITE_HEADER = b"SQLite format 3\x00"


def _looks_like_sqlite(path: Path) -> bool:
    """An empty file (a new database) or one with SQLite's header; True if it cannot be read here."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_SQLITE_HEADER))
    except OSError:
        return True  # let SQLite report why it cannot be opened
    return head == b"" or head == _SQLITE_HEADER


def _backup(source: sqlite3.Connection, target: Path) -> None:
    copy = sqlite3.connect(str(target))
    try:
        source.backup(copy)
    finally:
        copy.close()


def _rollback(conn: sqlite3.Connection) -> None:
    if conn.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")


