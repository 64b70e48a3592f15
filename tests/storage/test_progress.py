"""The player's progress from the stored games: rolling averages, places per month or per 50 games."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.storage.progress import (
    MIN_MONTHS,
    PER_GAMES,
    GameStep,
    by_games,
    by_month,
    place_buckets,
    rolling_mean,
)
from game.storage.stats import StatsStore

from .helpers import fill_games, row


def step(month: int, place: int, day: int = 1) -> GameStep:
    return GameStep(f"2025-{month:02d}-{day:02d}T10:00:00Z", place, 2 - place, 4)


def test_a_rolling_mean_averages_the_last_games_and_fewer_at_the_start() -> None:
    assert rolling_mean([], 20) == []
    assert rolling_mean([4, 0, 2, 2, -4], 2) == [4.0, 2.0, 1.0, 2.0, -1.0]
    assert rolling_mean([1, 2, 3], 10) == [1.0, 1.5, 2.0]
    values = [(i * 7) % 5 - 2 for i in range(500)]
    means = rolling_mean(values, 20)
    assert all(m == pytest.approx(sum(values[max(0, i - 19):i + 1]) / min(i + 1, 20)) for i, m in enumerate(means))
    with pytest.raises(ValueError):
        rolling_mean([1], 0)


def test_places_per_run_of_games_count_from_one_and_the_last_run_may_be_short() -> None:
    places = [0] * 50 + [3] * 50 + [1] * 7
    buckets = by_games(places)
    assert [(b.label, b.games, b.average_place) for b in buckets] == [
        ("1–50", 50, 1.0), ("51–100", 50, 4.0), ("101–107", 7, 2.0)]
    assert by_games([]) == []


def test_places_per_month_use_the_month_given_and_come_in_order() -> None:
    games = [step(3, 0), step(1, 3), step(3, 1), step(2, 2)]
    assert [(b.label, b.games, b.average_place) for b in by_month(games, lambda t: t[:7])] == [
        ("2025-01", 1, 4.0), ("2025-02", 1, 3.0), ("2025-03", 2, 1.5)]


def test_places_are_counted_per_month_once_the_games_span_enough_months() -> None:
    few = [step(1 + i % (MIN_MONTHS - 1), i % 4, 1 + i % 28) for i in range(120)]
    by, buckets = place_buckets(few)
    assert by == "games" and [b.games for b in buckets] == [PER_GAMES, PER_GAMES, 20]
    many = [step(1 + i % MIN_MONTHS, i % 4) for i in range(12)]
    by, buckets = place_buckets(many)
    assert by == "month" and len(buckets) == MIN_MONTHS
    assert place_buckets([]) == ("games", [])


def test_the_store_gives_each_groups_games_in_the_order_played(tmp_path: Path) -> None:
    with StatsStore(tmp_path / "stats.sqlite3") as store:
        assert store.progress() == []
        store.add_game(row("2025-02-01T00:00:00Z", place=3))
        store.add_game(row("2025-01-01T00:00:00Z", place=1))
        store.add_game(row("2025-01-15T00:00:00Z", preset="duel5", players=2, level="strong", place=0))
        store.add_game(row("2025-01-10T00:00:00Z", level="expert", place=2))
        groups = store.progress()
        assert [(g.preset, g.strength, [s.place for s in g.games]) for g in groups] == [
            ("standard", "normal", [1, 3]), ("standard", "expert", [2]), ("duel5", "strong", [0])]
        assert groups[0].points == [1, -2] and groups[0].games[0].players == 4
        assert [g.strength for g in store.progress(preset="standard", strength="expert")] == ["expert"]


def test_ten_thousand_games_are_read_into_two_groups(tmp_path: Path) -> None:
    path = tmp_path / "stats.sqlite3"
    StatsStore(path).close()
    fill_games(path, 10_000)
    with StatsStore(path) as store:
        groups = store.progress()
        assert [len(g.games) for g in groups] == [5000, 5000]
        times = [s.played_at for s in groups[0].games]
        assert times == sorted(times)
        by, buckets = place_buckets(groups[0].games)
        assert by == "month" and sum(b.games for b in buckets) == 5000
