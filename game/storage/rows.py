"""What the statistics keep and give back: typed rows, filters, summaries, and the time format.

Pure values, no database: ``GameRow`` and ``MatchRow`` go in, ``SummaryRow``,
``GameListItem`` and the others come out of ``StatsStore`` (``stats.py``).
Times are ISO 8601 UTC strings (``iso_utc``); a table's strength is one of
the computer levels of ``ai.levels.LEVELS``, ``mixed``, ``external`` or ``network`` (friends over the network).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from game.engine.rules import MAX_PLAYERS, MIN_PLAYERS, Title

__all__ = [
    "CLASS_IDS",
    "EXTERNAL",
    "MIXED",
    "NETWORK",
    "PERSON",
    "FilterChoices",
    "GameFilter",
    "GameListItem",
    "GameRow",
    "MatchListItem",
    "MatchRow",
    "MatchSummaryRow",
    "SummaryRow",
    "iso_utc",
    "row_from_json",
    "row_to_json",
    "strength_of",
    "utc_now",
]

MIXED = "mixed"
"""The strength of a table whose computers play at different levels."""
EXTERNAL = "external"
"""The strength of a table with an external (tournament) program."""
PERSON = "person"
"""A seat's ``opponents`` entry when a person played it over the network."""
NETWORK = "network"
"""The strength of a network game with friends (a kind of game of its own in the statistics)."""
CLASS_IDS = tuple(t.value for t in Title)


# --- times and strengths ------------------------------------------------------


def utc_now() -> str:
    """Now as an ISO 8601 UTC string (``2025-01-02T03:04:05Z``)."""
    return iso_utc(datetime.now(timezone.utc))


def iso_utc(value: str | datetime) -> str:
    """A time as ``YYYY-MM-DDTHH:MM:SSZ`` in UTC (naive times are taken as UTC); ValueError if unreadable.

    >>> iso_utc("2025-01-02T12:04:05+09:00")
    '2025-01-02T03:04:05Z'
    """
    if isinstance(value, str):
        text = value.strip()
        if text.endswith(("Z", "z")):
            text = text[:-1] + "+00:00"
        moment = datetime.fromisoformat(text)
    else:
        moment = value
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def strength_of(opponents: Iterable[str | None]) -> str:
    """The strength of a table: the computers' common level, ``mixed``, or ``external``.

    >>> strength_of([None, "strong", "strong", "strong"]), strength_of([None, "normal", "expert"])
    ('strong', 'mixed')
    >>> strength_of([None, "external", "normal"]), strength_of([None, "person", "normal"])
    ('external', 'network')
    """
    levels = {o for o in opponents if o is not None}
    if PERSON in levels:
        return NETWORK
    if any(o.startswith(EXTERNAL) for o in levels):
        return EXTERNAL
    if len(levels) == 1:
        return next(iter(levels))
    return MIXED


@dataclass(frozen=True)
class GameRow:
    """One finished game from the human's point of view."""

    played_at: str
    """When the game ended, ISO 8601 (stored in UTC)."""
    preset: str
    rules: Mapping[str, Any]
    """The effective rule switches (``RuleSet.switches()``)."""
    players: int
    opponents: Sequence[str | None]
    """Each seat's computer level (``external`` for a program), None for the human's seat."""
    human_seat: int
    place: int
    """0 = 1st."""
    title: str
    """The class earned: ``daifugo fugo heimin hinmin daihinmin``."""
    points: int
    duration_s: float
    forbidden_finish: bool = False
    """The human went out with a forbidden finish (反則上がり)."""
    miyako_ochi: bool = False
    """The human was removed by 都落ち."""
    revolution: bool = False
    """A revolution happened in the game."""
    record: Mapping[str, Any] | None = None
    """The game record (docs/game-record.md); None only for games stored before records were kept."""
    match_id: int | None = None
    match_key: str | None = None
    """The match the game belongs to (its match is linked by this key when it ends); None: a lone game."""
    match_game: int | None = None
    """The game's number in its match, 0 = the first (with ``match_key``)."""
    variant: str = ""
    """'' for a preset's own game; a custom game's switches (``game.kinds.variant``)."""

    @property
    def strength(self) -> str:
        return strength_of(self.opponents)

    def check(self) -> None:
        """ValueError if a field is out of range (a bug in the caller, not bad data)."""
        n = _checked_players(self.players)
        for name in ("human_seat", "place"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
                raise ValueError(f"{name}: expected 0..{n - 1}, not {value!r}")
        if len(self.opponents) != n or self.opponents[self.human_seat] is not None:
            raise ValueError("opponents: expected one level per seat and None at the human's seat")
        if self.title not in CLASS_IDS:
            raise ValueError(f"title: unknown class {self.title!r}")
        if not math.isfinite(self.duration_s) or self.duration_s < 0:
            raise ValueError(f"duration_s: {self.duration_s!r}")
        if (self.match_key is None) != (self.match_game is None):
            raise ValueError("match_key and match_game: expected both or neither")
        if self.match_game is not None and (isinstance(self.match_game, bool) or self.match_game < 0):
            raise ValueError(f"match_game: {self.match_game!r}")
        iso_utc(self.played_at)


def _checked_players(n: object) -> int:
    """``n`` if it is a player count the rules know, else ValueError."""
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"players: expected {MIN_PLAYERS}..{MAX_PLAYERS}, not {n!r}")
    return n


@dataclass(frozen=True)
class MatchRow:
    """One finished match."""

    started_at: str
    finished_at: str
    preset: str
    players: int
    games: int
    human_total: int
    human_rank: int
    """The human's final rank, 0 = best."""
    totals: Sequence[int]
    """Each player's total points."""
    record: Mapping[str, Any] | None = None
    """The match record (every game)."""
    opponents: Sequence[str | None] = ()
    """As in ``GameRow`` (empty: unknown)."""
    match_key: str | None = None
    """Every game stored with this key is linked to the match."""
    variant: str = ""
    """'' for a preset's own game; a custom game's switches (``game.kinds.variant``)."""

    @property
    def strength(self) -> str:
        return strength_of(self.opponents)

    def check(self) -> None:
        """ValueError if a field is out of range (a bug in the caller)."""
        n = _checked_players(self.players)
        if not 0 <= self.human_rank < n:
            raise ValueError(f"human_rank: expected 0..{n - 1}, not {self.human_rank!r}")
        if len(self.totals) != n:
            raise ValueError(f"totals: expected {n} totals")
        if self.opponents and len(self.opponents) != n:
            raise ValueError(f"opponents: expected {n} entries or none")
        if self.games < 0:
            raise ValueError(f"games: {self.games!r}")
        iso_utc(self.started_at)
        iso_utc(self.finished_at)


@dataclass(frozen=True)
class GameFilter:
    """Which games (or matches) a query looks at; None = any."""

    preset: str | None = None
    """A preset's own games, or ``custom`` for every custom game."""
    strength: str | None = None
    players: int | None = None
    since: str | datetime | None = None
    """From this time on (inclusive)."""
    until: str | datetime | None = None
    """Before this time (exclusive)."""


@dataclass(frozen=True)
class SummaryRow:
    """The statistics of one group of games (one preset and strength by default)."""

    preset: str | None
    """None when the summary is not grouped by preset (all presets)."""
    strength: str | None
    games: int
    firsts: int
    average_place: float
    """1-based (1.0 = always 1st)."""
    classes: dict[str, int]
    """Games per class id, every class present (Title order)."""
    total_points: int
    mean_points: float
    current_streak: int
    """1st places in a row up to the latest game."""
    best_streak: int
    wins: int | None
    """Win/loss presets (duel5): games won; None for the others."""
    losses: int | None
    first_played: str
    last_played: str
    variant: str = ""
    """'' for a preset's own game; a custom game's switches (``game.kinds.variant``)."""


@dataclass(frozen=True)
class MatchSummaryRow:
    preset: str
    strength: str
    matches: int
    firsts: int
    """Matches the human won (rank 0)."""
    average_rank: float
    """1-based."""
    total_points: int
    games: int
    variant: str = ""
    """'' for a preset's own game; a custom game's switches (``game.kinds.variant``)."""


@dataclass(frozen=True)
class GameListItem:
    """One line of the replay list."""

    id: int
    played_at: str
    preset: str
    players: int
    strength: str
    place: int
    """0 = 1st."""
    title: str
    points: int
    duration_s: float
    match_id: int | None
    has_record: bool
    variant: str = ""
    """'' for a preset's own game; a custom game's switches (``game.kinds.variant``)."""


@dataclass(frozen=True)
class MatchListItem:
    id: int
    started_at: str
    finished_at: str
    preset: str
    players: int
    strength: str
    games: int
    human_total: int
    human_rank: int
    has_record: bool
    variant: str = ""
    """'' for a preset's own game; a custom game's switches (``game.kinds.variant``)."""


@dataclass(frozen=True)
class FilterChoices:
    """The values present in the database, for the filter menus."""

    presets: list[str] = field(default_factory=list)
    strengths: list[str] = field(default_factory=list)
    players: list[int] = field(default_factory=list)


# --- rows kept in a file while the statistics cannot take them ------------------------------------------------

_OPTIONAL = type(None)
_GAME_TYPES: dict[str, tuple[type, ...]] = {
    "played_at": (str,), "preset": (str,), "rules": (dict,), "players": (int,), "opponents": (list,),
    "human_seat": (int,), "place": (int,), "title": (str,), "points": (int,), "duration_s": (int, float),
    "forbidden_finish": (bool,), "miyako_ochi": (bool,), "revolution": (bool,), "record": (dict, _OPTIONAL),
    "match_id": (int, _OPTIONAL), "match_key": (str, _OPTIONAL), "match_game": (int, _OPTIONAL),
}
_MATCH_TYPES: dict[str, tuple[type, ...]] = {
    "started_at": (str,), "finished_at": (str,), "preset": (str,), "players": (int,), "games": (int,),
    "human_total": (int,), "human_rank": (int,), "totals": (list,), "record": (dict, _OPTIONAL),
    "opponents": (list,), "match_key": (str, _OPTIONAL),
}


def row_to_json(row: GameRow | MatchRow) -> dict[str, Any]:
    """A row as a JSON object (``kind`` says which), for ``row_from_json``."""
    out: dict[str, Any] = {"kind": "game" if isinstance(row, GameRow) else "match"}
    for name in _GAME_TYPES if isinstance(row, GameRow) else _MATCH_TYPES:
        value = getattr(row, name)
        if isinstance(value, Mapping):
            value = dict(value)
        elif isinstance(value, (list, tuple)):
            value = list(value)
        out[name] = value
    return out


def row_from_json(data: Any) -> GameRow | MatchRow:
    """The row ``row_to_json`` wrote; ValueError for anything else (a wrong type, a value out of range).

    >>> row = MatchRow("2025-01-01T00:00:00Z", "2025-01-01T01:00:00Z", "standard", 4, 3, 5, 0, [5, 1, -2, -4])
    >>> row_from_json(row_to_json(row)).totals
    [5, 1, -2, -4]
    """
    if not isinstance(data, dict) or data.get("kind") not in ("game", "match"):
        raise ValueError("expected an object with a kind, game or match")
    kind: type[GameRow] | type[MatchRow] = GameRow if data["kind"] == "game" else MatchRow
    types = _GAME_TYPES if kind is GameRow else _MATCH_TYPES
    values: dict[str, Any] = {}
    for name, allowed in types.items():
        if name not in data:
            raise ValueError(f"{name}: missing")
        value = data[name]
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            raise ValueError(f"{name}: {type(value).__name__} is not {' or '.join(t.__name__ for t in allowed)}")
        values[name] = value
    if kind is GameRow:
        if not all(o is None or isinstance(o, str) for o in values["opponents"]):
            raise ValueError("opponents: expected levels or null")
        row: GameRow | MatchRow = GameRow(**values)
    else:
        if not all(isinstance(o, str) or o is None for o in values["opponents"]) or not all(
                isinstance(t, int) and not isinstance(t, bool) for t in values["totals"]):
            raise ValueError("opponents or totals: wrong types")
        row = MatchRow(**values)
    row.check()
    return row
