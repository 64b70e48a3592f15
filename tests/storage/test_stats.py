"""The statistics store: rows in and out, the summaries, the replay lists, reset."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from game.storage.stats import (
    SCHEMA_VERSION,
    GameFilter,
    GameRow,
    StatsError,
    StatsStore,
    iso_utc,
    strength_of,
)

from .helpers import game_record, match_record, match_row, play_match, row


@pytest.fixture
def store(tmp_path: Path) -> Iterator[StatsStore]:
    s = StatsStore(tmp_path / "data" / "stats.sqlite3")
    yield s
    s.close()


def at(minutes: int) -> str:
    return iso_utc(datetime(2025, 3, 1, tzinfo=timezone.utc) + timedelta(minutes=minutes))


def test_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "new" / "stats.sqlite3"
    with StatsStore(path) as s:
        assert s.recovered is None and s.persistent
        assert s.summary() == [] and s.recent_games() == [] and s.count_games() == 0
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_a_game_round_trip(store: StatsStore) -> None:
    match = play_match("akita", seed=5, games=2)
    record = game_record(match, 1)
    original = row(
        "2025-03-01T12:00:00+09:00", preset="akita", level="expert", place=3,
        forbidden_finish=True, miyako_ochi=True, revolution=True, record=record, duration_s=123.5,
    )
    game_id = store.add_game(original)
    assert game_id > 0
    got = store.game(game_id)
    assert got is not None
    assert got.played_at == "2025-03-01T03:00:00Z", "stored in UTC"
    assert got == GameRow(**{**original.__dict__, "played_at": "2025-03-01T03:00:00Z"})
    assert got.strength == "expert"
    assert store.game_record(game_id) == record
    assert store.game(game_id + 1) is None and store.game_record(game_id + 1) is None


def test_bad_rows_are_refused_before_writing(store: StatsStore) -> None:
    bad = [
        replace(row(), place=4), replace(row(), place=-1), row(human_seat=4), replace(row(), players=8),
        row(title="king"),
        row(opponents=["normal", "normal", "normal", "normal"]), row(opponents=[None, "normal"]),
        row(duration_s=float("nan")), row(duration_s=-1.0), row("yesterday"),
    ]
    for game in bad:
        with pytest.raises(ValueError):
            store.add_game(game)
    assert store.count_games() == 0


def test_bad_matches_are_refused(store: StatsStore) -> None:
    for bad in (match_row(human_rank=4), match_row(totals=[1, 2]), match_row(players=9), match_row(opponents=[None]),
                match_row(finished_at="soon")):
        with pytest.raises(ValueError):
            store.add_match(bad)
    assert store.recent_matches() == []


def test_strength() -> None:
    assert strength_of([None, "beginner", "beginner"]) == "beginner"
    assert strength_of([None, "normal", "strong", "normal"]) == "mixed"
    assert strength_of(["external", None]) == "external"
    assert strength_of([None, "external", "expert", "expert"]) == "external"
    assert row(opponents=[None, "strong", "expert", "strong"]).strength == "mixed"


def test_times() -> None:
    assert iso_utc("2025-01-02T03:04:05Z") == "2025-01-02T03:04:05Z"
    assert iso_utc("2025-01-02T03:04:05.123456+00:00") == "2025-01-02T03:04:05Z"
    assert iso_utc("2025-01-02 03:04:05") == "2025-01-02T03:04:05Z"
    assert iso_utc(datetime(2025, 1, 2, 12, tzinfo=timezone(timedelta(hours=9)))) == "2025-01-02T03:00:00Z"
    with pytest.raises(ValueError):
        iso_utc("not a time")


def test_summary_per_preset_and_strength(store: StatsStore) -> None:
    # standard/normal, inserted out of time order: places 1st 1st 2nd 1st 1st 1st 4th
    places = {3: 0, 1: 0, 2: 1, 4: 0, 6: 0, 5: 0, 7: 3}
    for minute, place in places.items():
        store.add_game(row(at(minute), place=place))
    store.add_game(row(at(0), level="strong", place=2))
    store.add_game(row(at(8), level="strong", place=0))
    (normal, strong) = store.summary()
    assert (normal.preset, normal.strength, strong.strength) == ("standard", "normal", "strong")
    assert normal.games == 7 and normal.firsts == 5
    assert normal.average_place == pytest.approx((0 + 0 + 1 + 0 + 0 + 0 + 3) / 7 + 1)
    assert normal.classes == {"daifugo": 5, "fugo": 1, "heimin": 0, "hinmin": 0, "daihinmin": 1}
    assert normal.total_points == 5 * 2 + 1 - 2 and normal.mean_points == pytest.approx(9 / 7)
    assert (normal.best_streak, normal.current_streak) == (4, 0), "time order (insertion order would give 3)"
    assert (normal.wins, normal.losses) == (None, None)
    assert (normal.first_played, normal.last_played) == (at(1), at(7))
    assert (strong.games, strong.current_streak, strong.best_streak) == (2, 1, 1)
    assert (strong.classes["hinmin"], strong.classes["daifugo"]) == (1, 1)


def test_current_streak(store: StatsStore) -> None:
    for minute, place in enumerate([0, 1, 0, 0]):
        store.add_game(row(at(minute), place=place))
    (s,) = store.summary()
    assert (s.current_streak, s.best_streak) == (2, 2)


def test_duel5_wins_and_losses(store: StatsStore) -> None:
    for minute, place in enumerate([0, 0, 1, 0, 1, 1]):
        store.add_game(row(at(minute), preset="duel5", players=2, level="strong", place=place))
    store.add_game(row(at(9), place=0))
    duel, standard = sorted(store.summary(), key=lambda s: s.preset != "duel5")
    assert (duel.preset, duel.games, duel.wins, duel.losses) == ("duel5", 6, 3, 3)
    assert duel.classes == {"daifugo": 3, "fugo": 0, "heimin": 0, "hinmin": 0, "daihinmin": 3}
    assert duel.total_points == 3 and (duel.best_streak, duel.current_streak) == (2, 0)
    assert standard.wins is None


def test_filters_and_grouping(store: StatsStore) -> None:
    store.add_game(row(at(0), preset="standard", level="normal", place=0))
    store.add_game(row(at(10), preset="standard", level="strong", place=1, players=5))
    store.add_game(row(at(20), preset="uecda", level="strong", place=4, players=5))
    store.add_game(row(at(30), preset="tournament", opponents=[None, "normal", "expert", "normal"], place=3))
    store.add_game(row(at(40), preset="classic", players=5, opponents=[None, "external", "normal", "normal", "normal"]))
    keys = [(s.preset, s.strength) for s in store.summary()]
    assert keys == [
        ("standard", "normal"), ("standard", "strong"), ("tournament", "mixed"), ("classic", "external"),
        ("uecda", "strong"),
    ], "presets in their usual order, then levels"
    assert [s.games for s in store.summary(preset="standard")] == [1, 1]
    assert [(s.preset, s.games) for s in store.summary(strength="strong")] == [("standard", 1), ("uecda", 1)]
    assert [s.games for s in store.summary(since=at(10))] == [1, 1, 1, 1]
    assert [s.games for s in store.summary(since=at(10), until=at(30))] == [1, 1]
    assert [s.preset for s in store.summary(players=5)] == ["standard", "classic", "uecda"]
    by_strength = store.summary(group_by=("strength",))
    assert [(s.preset, s.strength, s.games) for s in by_strength] == [
        (None, "normal", 1), (None, "strong", 2), (None, "mixed", 1), (None, "external", 1)
    ]
    (everything,) = store.summary(group_by=())
    assert everything.games == 5 and everything.firsts == 2
    with pytest.raises(ValueError):
        store.summary(group_by=("colour",))
    choices = store.filter_choices()
    assert choices.presets == ["standard", "tournament", "classic", "uecda"]
    assert choices.strengths == ["normal", "strong", "mixed", "external"]
    assert choices.players == [4, 5]


def test_recent_games_for_the_replay_list(store: StatsStore) -> None:
    match = play_match("standard", seed=2, games=1)
    ids = [store.add_game(row(at(m), place=m % 4, record=game_record(match))) for m in range(25)]
    old = store.add_game(row(at(-5), preset="duel5", players=2, place=1))
    page1 = store.recent_games(limit=10)
    assert [g.id for g in page1] == ids[::-1][:10]
    assert [g.id for g in store.recent_games(limit=10, offset=20)] == [ids[4], ids[3], ids[2], ids[1], ids[0], old]
    first = page1[0]
    assert (first.played_at, first.preset, first.players, first.place, first.title, first.points) == (
        at(24), "standard", 4, 0, "daifugo", 2
    )
    assert first.has_record and first.strength == "normal" and first.match_id is None
    (duel,) = store.recent_games(filters=GameFilter(preset="duel5"))
    assert duel.id == old and not duel.has_record and store.game_record(old) is None
    assert store.count_games() == 26 and store.count_games(GameFilter(since=at(20))) == 5
    assert store.game_record(first.id) == game_record(match)


def test_matches(store: StatsStore) -> None:
    match = play_match("standard", seed=4, games=3)
    ids = [store.add_game(row(at(i), place=i, record=game_record(match, i))) for i in range(3)]
    other = store.add_game(row(at(5)))
    match_id = store.add_match(match_row(at(3), games=3, record=match_record(match)), ids)
    assert [g.id for g in store.match_games(match_id)] == ids
    assert all(g.match_id == match_id for g in store.match_games(match_id))
    assert store.game(other) is not None and store.game(other).match_id is None  # type: ignore[union-attr]
    assert store.match_record(match_id) == match_record(match)
    store.add_match(match_row(at(10), human_rank=2, human_total=-3, opponents=[None, "strong", "strong", "strong"]))
    (latest, first) = store.recent_matches()
    assert (latest.human_rank, latest.strength) == (2, "strong")
    assert (first.id, first.games, first.has_record) == (match_id, 3, True)
    assert store.match_record(latest.id) is None
    assert [(m.strength, m.matches, m.firsts, m.average_rank) for m in store.match_summary()] == [
        ("normal", 1, 1, 1.0), ("strong", 1, 0, 3.0)
    ]
    assert store.match_summary(since=at(5))[0].strength == "strong"


def test_reset_keeps_a_backup(store: StatsStore, tmp_path: Path) -> None:
    for minute in range(5):
        store.add_game(row(at(minute)))
    store.add_match(match_row())
    other = StatsStore(store.path)  # a second copy of the game, open meanwhile
    backup = store.reset(tmp_path / "backups")
    assert backup.parent == tmp_path / "backups" and backup.name.startswith("stats-")
    assert store.count_games() == 0 and store.summary() == [] and store.recent_matches() == []
    assert other.count_games() == 0
    copy = sqlite3.connect(backup)
    assert copy.execute("SELECT count(*) FROM games").fetchone()[0] == 5
    assert copy.execute("SELECT count(*) FROM matches").fetchone()[0] == 1
    assert copy.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    copy.close()
    with StatsStore(backup) as restored:
        assert restored.count_games() == 5 and restored.recovered is None
    other.add_game(row(at(9)))
    assert store.count_games() == 1
    second = store.reset(tmp_path / "backups")
    assert second != backup and store.count_games() == 0
    other.close()


def test_a_reset_never_writes_its_backup_through_a_link(
    store: StatsStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A link at the backup's name (even one to nothing) is passed over: SQLite would create its target."""
    monkeypatch.setattr("game.storage.stats.timestamp", lambda: "20250101T000000Z")
    store.add_game(row())
    folder = tmp_path / "backups"
    folder.mkdir()
    (folder / "stats-20250101T000000Z.sqlite3").symlink_to(tmp_path / "elsewhere.sqlite3")
    backup = store.reset(folder)
    assert backup.name == "stats-20250101T000000Z-1.sqlite3" and not (tmp_path / "elsewhere.sqlite3").exists()


def test_reset_without_a_backup_deletes_nothing(store: StatsStore, tmp_path: Path) -> None:
    store.add_game(row())
    (tmp_path / "blocker").write_text("a file where the folder should be")
    with pytest.raises(StatsError):
        store.reset(tmp_path / "blocker" / "backups")
    assert store.count_games() == 1


def test_threads_share_one_store(store: StatsStore) -> None:
    def write(worker: int) -> None:
        for i in range(50):
            store.add_game(row(at(i), points=worker * 1000 + i))
            store.summary()

    threads = [threading.Thread(target=write, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert store.count_games() == 200


def test_a_closed_store_raises(tmp_path: Path) -> None:
    s = StatsStore(tmp_path / "stats.sqlite3")
    s.close()
    s.close()
    with pytest.raises(StatsError):
        s.add_game(row())


def test_a_match_links_every_game_stored_with_its_key(store: StatsStore) -> None:
    """The games of a match are written as they end, the match when it ends (perhaps in another session)."""
    ids = [store.add_game(row(at(i), match_key="m1", match_game=i)) for i in range(3)]
    lone = store.add_game(row(at(4)))
    other = store.add_game(row(at(5), match_key="m2", match_game=0))
    match_id = store.add_match(match_row(at(6), games=3, match_key="m1"))
    assert [g.id for g in store.match_games(match_id)] == ids
    assert [store.game(i).match_id for i in (lone, other)] == [None, None]  # type: ignore[union-attr]
    stored = store.game(ids[1])
    assert stored is not None and (stored.match_key, stored.match_game) == ("m1", 1)


def test_a_game_or_match_written_twice_is_kept_once(store: StatsStore) -> None:
    """A match resumed after a crash may finish a game again: the first result stays."""
    first = store.add_game(row(at(0), place=0, match_key="m1", match_game=0))
    again = store.add_game(row(at(1), place=3, match_key="m1", match_game=0))
    assert again == first and store.count_games() == 1 and store.game(first).place == 0  # type: ignore[union-attr]
    match_id = store.add_match(match_row(at(2), match_key="m1"))
    assert store.add_match(match_row(at(3), match_key="m1")) == match_id
    assert len(store.recent_matches()) == 1
    with pytest.raises(ValueError):
        store.add_game(row(match_key="m1"))  # a key needs the game's number
