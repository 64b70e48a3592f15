"""How the statistics are read: filters as SQL, rows into summaries and list items, every value checked.

A value the game never writes (text in a number column...) raises
``BadValue``; the store treats the file as damaged.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from game.engine.rules import PRESETS, ScoreBy
from game.kinds import CUSTOM
from game.levels import LEVELS

from .rows import CLASS_IDS, EXTERNAL, MIXED, GameFilter, GameListItem, SummaryRow, iso_utc

__all__ = [
    "LIST_COLUMNS",
    "MATCH_LIST_COLUMNS",
    "BadValue",
    "int_of",
    "list_item",
    "sort_key",
    "summarize",
    "text_of",
    "where_clause",
]

LIST_COLUMNS = (
    "id, played_at, preset, players, strength, place, title, points, duration_s, match_id, "
    "record IS NOT NULL AS has_record, variant"
)
MATCH_LIST_COLUMNS = (
    "id, started_at, finished_at, preset, players, strength, games, human_total, human_rank, "
    "record IS NOT NULL AS has_record, variant"
)


class BadValue(ValueError):
    """A stored value the game never writes (found while reading): the file is treated as damaged."""


def int_of(row: sqlite3.Row, column: str) -> int:
    """The whole number in ``column``; ``BadValue`` if it is not one."""
    value = row[column]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadValue(f"{column}: {value!r} is not a whole number")
    return value


def text_of(row: sqlite3.Row, column: str) -> str:
    """The text in ``column``; ``BadValue`` if it is not text."""
    value = row[column]
    if not isinstance(value, str):
        raise BadValue(f"{column}: {value!r} is not text")
    return value


def where_clause(filters: GameFilter, time_column: str) -> tuple[str, list[Any]]:
    """`` WHERE ...`` (or "") for ``filters``, with its parameters; times compare on ``time_column``."""
    clauses: list[str] = []
    params: list[Any] = []
    if filters.preset == CUSTOM:
        clauses.append("variant != ''")
    elif filters.preset is not None:  # the preset's own games, not the custom games built on it
        clauses.append("preset = ? AND variant = ''")
        params.append(filters.preset)
    if filters.strength is not None:
        clauses.append("strength = ?")
        params.append(filters.strength)
    if filters.players is not None:
        clauses.append("players = ?")
        params.append(filters.players)
    if filters.since is not None:
        clauses.append(f"{time_column} >= ?")
        params.append(iso_utc(filters.since))
    if filters.until is not None:
        clauses.append(f"{time_column} < ?")
        params.append(iso_utc(filters.until))
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


_PRESET_ORDER = {p: i for i, p in enumerate(PRESETS)}
_STRENGTH_ORDER = {s: i for i, s in enumerate((*LEVELS, MIXED, EXTERNAL))}

GroupKey = tuple[str | None, str | None, str]
"""(preset, strength, variant) of a group of games: a custom game's switches make a group of their own."""


def sort_key(key: tuple[str | None, str | None] | GroupKey) -> tuple[int, str, str, int, str]:
    """Presets in their order, each preset's own games before the custom games built on it."""
    preset, strength, *rest = key
    return (
        _PRESET_ORDER.get(preset or "", len(_PRESET_ORDER)), preset or "", rest[0] if rest else "",
        _STRENGTH_ORDER.get(strength or "", len(_STRENGTH_ORDER)), strength or "",
    )


def summarize(key: GroupKey, rows: list[sqlite3.Row]) -> SummaryRow:
    """Rows have preset, strength, place, title, points and played_at, in time order."""
    preset, strength, variant = key
    games = len(rows)
    places = [int_of(r, "place") for r in rows]
    firsts = sum(1 for place in places if place == 0)
    classes = dict.fromkeys(CLASS_IDS, 0)
    for r in rows:
        title = text_of(r, "title")
        classes[title] = classes.get(title, 0) + 1
    best = run = 0
    for place in places:
        run = run + 1 if place == 0 else 0
        best = max(best, run)
    total = sum(int_of(r, "points") for r in rows)
    presets = {r["preset"] for r in rows}
    win_loss = all(p in PRESETS and PRESETS[p].score_by is ScoreBy.WIN for p in presets)
    return SummaryRow(
        preset=preset,
        strength=strength,
        games=games,
        firsts=firsts,
        average_place=sum(places) / games + 1,
        classes=classes,
        total_points=total,
        mean_points=total / games,
        current_streak=run,
        best_streak=best,
        wins=firsts if win_loss else None,
        losses=games - firsts if win_loss else None,
        first_played=text_of(rows[0], "played_at"),
        last_played=text_of(rows[-1], "played_at"),
        variant=variant,
    )


def list_item(row: sqlite3.Row) -> GameListItem:
    duration = row["duration_s"]
    if not isinstance(duration, (int, float)):
        raise BadValue(f"duration_s: {duration!r} is not a number")
    return GameListItem(
        id=int_of(row, "id"), played_at=text_of(row, "played_at"), preset=text_of(row, "preset"),
        players=int_of(row, "players"), strength=text_of(row, "strength"), place=int_of(row, "place"),
        title=text_of(row, "title"), points=int_of(row, "points"), duration_s=float(duration),
        match_id=row["match_id"], has_record=bool(row["has_record"]), variant=text_of(row, "variant"),
    )
