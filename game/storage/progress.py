"""The player's progress over time, from the stored games: pure values and arithmetic, no database.

``StatsStore.progress`` reads each group's games (per preset and computer
strength, in the order played) into ``ProgressRow``; the statistics screen
draws from them:

* points per game with a rolling average (``rolling_mean``);
* the average place per month, or per ``PER_GAMES`` games when the games span
  too few months to show a trend (``place_buckets``).

>>> rolling_mean([2, -2, 1, 1], 2)
[2.0, 0.0, -0.5, 1.0]
>>> [(b.label, b.games, b.average_place) for b in by_games([0, 1, 3], per=2)]
[('1–2', 2, 1.5), ('3–3', 1, 4.0)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

__all__ = [
    "MIN_MONTHS",
    "PER_GAMES",
    "ROLLING",
    "Bucket",
    "GameStep",
    "ProgressRow",
    "by_games",
    "by_month",
    "place_buckets",
    "rolling_mean",
]

ROLLING: Final = 20
"""Games in the rolling average of points."""
PER_GAMES: Final = 50
"""Games per bucket of the average place when it is not counted per month."""
MIN_MONTHS: Final = 3
"""The average place is shown per month once the games fall in at least this many months."""


@dataclass(frozen=True, slots=True)
class GameStep:
    """One game of a progress series."""

    played_at: str
    """When it ended (ISO 8601 UTC, as stored)."""
    place: int
    """0 = 1st."""
    points: int
    players: int


@dataclass(frozen=True)
class ProgressRow:
    """The games of one group (preset, computer strength and custom switches), oldest first."""

    preset: str
    strength: str
    games: tuple[GameStep, ...]
    variant: str = ""
    """'' for a preset's own games; a custom game's switches (``game.kinds.variant``)."""

    @property
    def points(self) -> list[int]:
        return [g.points for g in self.games]


@dataclass(frozen=True, slots=True)
class Bucket:
    """Games counted together for the average place: a month, or a run of games."""

    label: str
    """``2025-03`` for a month, ``51–100`` for a run of games (numbered from 1)."""
    games: int
    average_place: float
    """1 = always 1st."""


def rolling_mean(values: Sequence[float], window: int) -> list[float]:
    """The mean of the last ``window`` values up to each one (fewer at the start)."""
    if window < 1:
        raise ValueError("the window holds at least one value")
    out: list[float] = []
    total = 0.0
    for index, value in enumerate(values):
        total += value
        if index >= window:
            total -= values[index - window]
        out.append(total / min(index + 1, window))
    return out


def by_games(places: Sequence[int], per: int = PER_GAMES) -> list[Bucket]:
    """The average place (1 = 1st) of each run of ``per`` games; the last run may be shorter."""
    out = []
    for start in range(0, len(places), per):
        run = places[start:start + per]
        out.append(Bucket(f"{start + 1}–{start + len(run)}", len(run), sum(run) / len(run) + 1))
    return out


def by_month(games: Sequence[GameStep], month_of: Callable[[str], str]) -> list[Bucket]:
    """The average place of each month that has games (``month_of`` names a game's month: ``2025-03``)."""
    months: dict[str, list[int]] = {}
    for game in games:
        months.setdefault(month_of(game.played_at), []).append(game.place)
    return [Bucket(month, len(places), sum(places) / len(places) + 1) for month, places in sorted(months.items())]


def utc_month(played_at: str) -> str:
    """The month of a stored time, in UTC."""
    return played_at[:7]


def place_buckets(games: Sequence[GameStep], month_of: Callable[[str], str] = utc_month) -> tuple[str, list[Bucket]]:
    """The average place per month (``"month"``) when the games span ``MIN_MONTHS`` months or more, else per
    ``PER_GAMES`` games (``"games"``)."""
    months = by_month(games, month_of)
    if len(months) >= MIN_MONTHS:
        return "month", months
    return "games", by_games([g.place for g in games])
