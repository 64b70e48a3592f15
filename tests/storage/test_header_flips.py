"""One flipped bit or a cut anywhere in the statistics file's header: the store opens, and says so if it must.

A start never fails on the file's content: either the damage is harmless
(the same rows read back) or the player gets a notice (the file kept aside,
or left as it is).  The heavier variant starts the real app on each case.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from game.storage.notices import Notice, NoticeKind
from game.storage.stats import SCHEMA_VERSION, StatsStore

from .helpers import match_row, row

HEADER = 100
"""SQLite's file header: the first 100 bytes of the first page."""
GAMES = 6


@pytest.fixture(scope="module")
def healthy(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The bytes of a closed statistics file with a few games and a match (several pages)."""
    path = tmp_path_factory.mktemp("healthy") / "stats.sqlite3"
    with StatsStore(path) as store:
        for i in range(GAMES):
            store.add_game(row(points=i, match_key="m1", match_game=i, record={"pad": "x" * 1500, "i": i}))
        store.add_match(match_row(match_key="m1", games=GAMES))
    return path.read_bytes()


def open_damaged(folder: Path, content: bytes) -> tuple[list[Notice], int | None]:
    """Open a store on ``content``: the notices it posted and the games it reads (None if it cannot read)."""
    folder.mkdir()
    path = folder / "stats.sqlite3"
    path.write_bytes(content)
    notices: list[Notice] = []
    with StatsStore(path, notify=notices.append, busy_timeout_s=0.5, alone=True) as store:
        try:
            games: int | None = store.count_games()
        except Exception:  # reading is allowed to fail later; the start must not
            games = None
    return notices, games


def check_start(notices: list[Notice], games: int | None) -> None:
    """A notice, or a file that reads back exactly as it was written."""
    assert notices or games == GAMES, (notices, games)
    assert all(n.kind in {NoticeKind.STATS_DAMAGED, NoticeKind.STATS_UNAVAILABLE, NoticeKind.STATS_NEWER}
               for n in notices)


def test_the_schema_version_flipped_negative_is_damage(tmp_path: Path, healthy: bytes) -> None:
    """Before: KeyError in the migration (MIGRATIONS[SCHEMA_VERSION - 2**31 + 1]) on every start."""
    damaged = bytearray(healthy)
    damaged[60] ^= 0x80  # user_version's sign bit
    notices, games = open_damaged(tmp_path / "case", bytes(damaged))
    assert [n.kind for n in notices] == [NoticeKind.STATS_DAMAGED] and games == 0
    assert f"schema version {SCHEMA_VERSION - 2**31}" in notices[0].detail
    (kept,) = (tmp_path / "case").glob("stats.sqlite3.corrupt-*")
    assert kept.read_bytes() == bytes(damaged), "kept as it was"


@pytest.mark.slow
def test_every_single_bit_flip_of_the_header_starts(tmp_path: Path, healthy: bytes) -> None:
    for offset in range(HEADER):
        for bit in range(8):
            damaged = bytearray(healthy)
            damaged[offset] ^= 1 << bit
            try:
                check_start(*open_damaged(tmp_path / f"{offset}-{bit}", bytes(damaged)))
            except (AssertionError, sqlite3.Error, OSError, KeyError, ValueError) as error:
                raise AssertionError(f"byte {offset}, bit {bit}: {error!r}") from error


def test_an_empty_file_is_new_unless_the_game_holds_the_folder(tmp_path: Path) -> None:
    """Another copy may be creating the file right now; when the game holds the data folder, nobody is."""
    shared = tmp_path / "shared" / "stats.sqlite3"
    shared.parent.mkdir()
    shared.write_bytes(b"")
    with StatsStore(shared) as store:
        assert store.notice is None and store.persistent
    notices, games = open_damaged(tmp_path / "alone", b"")
    assert [n.kind for n in notices] == [NoticeKind.STATS_DAMAGED] and "empty" in notices[0].detail and games == 0


def truncations(size: int, page: int = 4096) -> list[int]:
    cuts = {0, 1, 15, 16, 17, 50, 99, 100, 101, size - 1}
    for start in range(page, size, page):
        cuts.update((start - 1, start, start + 1))
    return sorted(c for c in cuts if 0 <= c < size)


def test_every_truncation_at_a_page_edge_starts(tmp_path: Path, healthy: bytes) -> None:
    for cut in truncations(len(healthy)):
        try:
            check_start(*open_damaged(tmp_path / f"cut-{cut}", healthy[:cut]))
        except (AssertionError, sqlite3.Error, OSError, KeyError, ValueError) as error:
            raise AssertionError(f"cut at {cut}: {error!r}") from error
