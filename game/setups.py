"""What a match is set up with: who sits where, the rules, the match length; and the limits of every value.

``SeatSpec`` and ``SessionSetup`` check themselves: a setup that breaks a
limit cannot be made (``ValueError`` naming the field).  ``setup_from_json``
reads a setup written elsewhere (the settings' last setup, an autosave): a
value out of range is clamped or reset, with a warning each, and what cannot
be repaired is refused with ``ValueError`` naming the field.

>>> setup, warnings = setup_from_json({"preset": "standard", "players": 2, "games": 10**9, "first_leader": 99,
...     "expert_budget": 1e9, "seats": [{"kind": "human"}, {"kind": "external", "command": "./bot"}]})
>>> setup.games, setup.first_leader, setup.expert_budget, setup.seats[1]
(100, None, 10.0, SeatSpec(kind=<SeatKind.COMPUTER: 'computer'>, level=<Level.NORMAL: 'normal'>, command=''))
>>> len(warnings)
4
"""

from __future__ import annotations

import logging
import math
import random
import reprlib
import unicodedata
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from enum import Enum
from typing import Any

from game.engine import RuleSet, preset_rules
from game.engine.rules import PresetId, RuleError, preset_id
from game.levels import LEVELS, Level

__all__ = [
    "EXPERT_BUDGET",
    "EXTERNAL_PRESETS",
    "MAX_COMMAND_CHARS",
    "MAX_GAMES",
    "MAX_SEED",
    "SEAT_KINDS",
    "SeatKind",
    "SeatSpec",
    "SessionSetup",
    "default_setup",
    "duel_setup",
    "external_seats_allowed",
    "fresh_seed",
    "setup_from_json",
    "valid_setup",
]

class SeatKind(str, Enum):
    """Who plays a seat (the values are the names settings files and autosaves use)."""

    HUMAN = "human"
    COMPUTER = "computer"
    EXTERNAL = "external"
    """A UECda tournament program, run as a subprocess."""


SEAT_KINDS = tuple(kind.value for kind in SeatKind)
EXTERNAL_PRESETS = frozenset({PresetId.UECDA})
"""The presets whose seats may be external tournament programs (they speak the UECda rules, 5 players)."""
MAX_GAMES = 100
"""The longest match a player can choose (the new-game screen's longest)."""
EXPERT_BUDGET = (0.05, 10.0)
"""Seconds the Expert may think per decision: the lowest and highest allowed."""
DEFAULT_BUDGET = 0.5
MAX_SEED = 2**63 - 1
MAX_COMMAND_CHARS = 300
"""An external program's command line is at most this long (it is shown in full before it runs)."""
_log = logging.getLogger(__name__)
_REPR = reprlib.Repr()
_REPR.maxlevel, _REPR.maxstring, _REPR.maxlong, _REPR.maxother = 2, 30, 30, 30


def external_seats_allowed(preset: PresetId | str) -> bool:
    """May a seat of ``preset`` be an external tournament program?"""
    return preset in EXTERNAL_PRESETS


def command_problem(command: str) -> str | None:
    """Why ``command`` cannot be an external program's command line (None: it can)."""
    if len(command) > MAX_COMMAND_CHARS:
        return f"longer than {MAX_COMMAND_CHARS} characters"
    if any(unicodedata.category(ch) in ("Cc", "Cf") for ch in command):
        return "it holds control or invisible characters"
    return None


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SeatSpec:
    """Who plays one player position."""

    kind: SeatKind = SeatKind.COMPUTER
    """A ``SeatKind`` (its text is accepted and turned into one)."""
    level: Level = Level.NORMAL
    """The computer level (for ``external``: the level that replaces a failing program; its text is accepted)."""
    command: str = ""
    """The external program's command line."""

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"seat kind: expected one of {', '.join(SEAT_KINDS)}, not {self.kind!r}")
        object.__setattr__(self, "kind", SeatKind(self.kind))
        if self.level not in LEVELS:
            raise ValueError(f"seat level: expected one of {', '.join(LEVELS)}, not {self.level!r}")
        object.__setattr__(self, "level", Level(self.level))
        if not isinstance(self.command, str):
            raise ValueError("seat command: expected a string")
        problem = command_problem(self.command)
        if problem is not None:
            raise ValueError(f"seat command: {problem}")


@dataclass(frozen=True)
class SessionSetup:
    """Everything needed to start (and resume) a match."""

    preset: PresetId
    """The preset (its id as text is accepted and turned into one)."""
    players: int
    seats: tuple[SeatSpec, ...]
    overrides: dict[str, Any] = field(default_factory=dict)
    games: int | None = None
    """Match length chosen by the player, 1 to ``MAX_GAMES`` (None: the preset's)."""
    first_leader: int | None = None
    """The player who leads game 1 (先攻/後攻 in two-player modes), None: the rules decide."""
    seed: int = 0
    """0 to ``MAX_SEED``."""
    expert_budget: float = DEFAULT_BUDGET
    """Seconds per Expert decision, within ``EXPERT_BUDGET``."""

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "preset", preset_id(self.preset))
        except RuleError as error:
            raise ValueError(f"preset: {error}") from None
        if not _whole(self.players) or len(self.seats) != self.players:
            raise ValueError(f"seats: {len(self.seats)} seats for {self.players!r} players")
        if not all(isinstance(s, SeatSpec) for s in self.seats):
            raise ValueError("seats: expected SeatSpec values")
        humans = [i for i, s in enumerate(self.seats) if s.kind is SeatKind.HUMAN]
        if humans not in ([], [0]):
            raise ValueError("seats: only player 0 can be the human player")
        if not external_seats_allowed(self.preset) and any(s.kind is SeatKind.EXTERNAL for s in self.seats):
            raise ValueError(f"seats: the {self.preset!r} rules have no external-program seats")
        if self.games is not None and not (_whole(self.games) and 1 <= self.games <= MAX_GAMES):
            raise ValueError(f"games: expected 1 to {MAX_GAMES} or none, not {self.games!r}")
        first = self.first_leader
        if first is not None and not (_whole(first) and 0 <= first < self.players):
            raise ValueError(f"first_leader: expected a player 0..{self.players - 1} or none, not {first!r}")
        if not _whole(self.seed) or not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"seed: expected a whole number 0..{MAX_SEED}")
        low, high = EXPERT_BUDGET
        budget = self.expert_budget
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not low <= budget <= high:
            raise ValueError(f"expert_budget: expected {low} to {high} seconds, not {budget!r}")

    def rules(self) -> RuleSet:
        return preset_rules(self.preset, self.players, self.overrides)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["preset"] = self.preset.value
        data["seats"] = [{**asdict(s), "kind": s.kind.value, "level": s.level.value} for s in self.seats]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SessionSetup:
        """A setup from ``to_json()``; ``ValueError`` naming the field if it is not one (see ``setup_from_json``)."""
        return setup_from_json(data)[0]


_FIELDS = frozenset(f.name for f in fields(SessionSetup))
_SEAT_FIELDS = frozenset(f.name for f in fields(SeatSpec))


def setup_from_json(data: Any) -> tuple[SessionSetup, list[str]]:
    """A setup written elsewhere: (setup, warnings), out-of-range values clamped; ``ValueError`` if beyond repair.

    Repaired, with a warning: the match length (to 1..``MAX_GAMES``, or the
    preset's when the preset has no choice), the first leader (none), the
    Expert's budget (clamped), the seed (0), an external seat where the rules
    have none or whose command line is empty or unsafe to show (a computer of
    its level).  Refused: anything that is not a setup, an unknown preset,
    rule switch or seat kind, a wrong number of seats, a human in any seat
    but the first.
    """
    if not isinstance(data, Mapping):
        raise ValueError("setup: expected a JSON object")
    unknown = sorted(str(k) for k in set(data) - _FIELDS)
    if unknown:
        raise ValueError(f"setup: unknown field {unknown[0][:40]!r}")
    warnings: list[str] = []
    preset = data.get("preset")
    if not isinstance(preset, str):
        raise ValueError("preset: expected a preset id")
    players = data.get("players")
    if not _whole(players):
        raise ValueError("players: expected a whole number")
    overrides = data.get("overrides", {})
    if not isinstance(overrides, Mapping):
        raise ValueError("overrides: expected an object")
    try:
        rules = preset_rules(preset, players, overrides)
    except (TypeError, ValueError) as error:
        raise ValueError(f"rules: {str(error)[:200]}") from None
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != players:
        raise ValueError(f"seats: expected a list of {players} seats")
    seats = tuple(_seat(raw, i, rules.preset, warnings) for i, raw in enumerate(raw_seats))
    games = data.get("games")
    if games is not None:
        choosable = rules.info.match_end.choosable
        if not _whole(games) or not choosable or games < 1:
            why = "the rules fix the match length" if not choosable else "expected 1 or more, or none"
            warnings.append(f"games: {_short(games)} ({why}); using the preset's")
            games = None
        elif games > MAX_GAMES:
            warnings.append(f"games: {games} is more than {MAX_GAMES}; using {MAX_GAMES}")
            games = MAX_GAMES
    first = data.get("first_leader")
    if first is not None and not (_whole(first) and 0 <= first < players):
        warnings.append(f"first_leader: {_short(first)} is not a player 0..{players - 1}; the rules decide")
        first = None
    seed = data.get("seed", 0)
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:
        warnings.append(f"seed: {_short(seed)} is not 0..{MAX_SEED}; using 0")
        seed = 0
    budget = _budget(data.get("expert_budget", DEFAULT_BUDGET), warnings)
    setup = SessionSetup(rules.preset, players, seats, dict(overrides), games, first, seed, budget)
    return setup, warnings


def _seat(raw: Any, index: int, preset: PresetId, warnings: list[str]) -> SeatSpec:
    where = f"seats[{index}]"
    if not isinstance(raw, Mapping) or set(raw) - _SEAT_FIELDS:
        raise ValueError(f"{where}: expected an object with kind, level and command")
    kind, level, command = raw.get("kind", "computer"), raw.get("level", "normal"), raw.get("command", "")
    if kind not in SEAT_KINDS:
        raise ValueError(f"{where}.kind: expected one of {', '.join(SEAT_KINDS)}, not {_short(kind)}")
    if kind == SeatKind.HUMAN and index != 0:
        raise ValueError(f"{where}.kind: only the first seat can be the human player")
    if level not in LEVELS:
        warnings.append(f"{where}.level: unknown level {_short(level)}; using normal")
        level = Level.NORMAL
    if not isinstance(command, str):
        raise ValueError(f"{where}.command: expected a string")
    if kind == SeatKind.EXTERNAL:
        problem = command_problem(command) or ("the command line is empty" if not command.strip() else None)
        if problem is None and not external_seats_allowed(preset):
            problem = f"the {preset.value!r} rules have no external-program seats"
        if problem is not None:
            warnings.append(f"{where}: external program refused ({problem}); a {level} computer plays instead")
            return SeatSpec(SeatKind.COMPUTER, Level(level))
    return SeatSpec(SeatKind(kind), Level(level), command if kind == SeatKind.EXTERNAL else "")


def _budget(value: Any, warnings: list[str]) -> float:
    low, high = EXPERT_BUDGET
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        warnings.append(f"expert_budget: {_short(value)} is not a number of seconds; using {DEFAULT_BUDGET}")
        return DEFAULT_BUDGET
    clamped = float(min(high, max(low, value)))
    if clamped != value:
        warnings.append(f"expert_budget: {_short(value)} is outside {low} to {high} seconds; using {clamped}")
    return clamped


def _short(value: Any) -> str:
    """A value from a file, cut short for a warning (any depth or size is safe)."""
    return _REPR.repr(value)


# --- the setups the screens start from ---------------------------------------------


def fresh_seed() -> int:
    """A new random seed for a match (from the operating system's entropy)."""
    return random.Random().getrandbits(31)


def default_setup() -> SessionSetup:
    """Standard rules, 4 players, Normal computers."""
    return SessionSetup(preset=PresetId.STANDARD, players=4,
                        seats=(SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER) for _ in range(3))))


def duel_setup() -> SessionSetup:
    """二人大貧民 (the 5-card two-player mode) against Normal, the human playing first."""
    seats = (SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.COMPUTER))
    return SessionSetup(preset=PresetId.DUEL5, players=2, seats=seats, games=None, first_leader=0)


def valid_setup(data: object) -> SessionSetup | None:
    """A stored setup (the settings' last setup) if it can still be played, else None (logged).

    Values out of range are clamped and an external program where the rules
    have none becomes a computer (``setup_from_json``, each logged); the
    human must be player 0.
    """
    if not isinstance(data, Mapping) or not data:
        return None
    try:
        setup, warnings = setup_from_json(data)
    except ValueError as error:
        _log.warning("last setup: %s; not used", error)
        return None
    for warning in warnings:
        _log.warning("last setup: %s", warning)
    if setup.seats[0].kind is not SeatKind.HUMAN:
        _log.warning("last setup: no human player; not used")
        return None
    return setup
