"""What a match is set up with: who sits where, the rules, the match length; and the limits of every value.

The limits are one table (``SEAT_LIMITS``, ``SETUP_LIMITS``): for each, why a
value breaks it and what a setup read from a file gets instead.
``keep_limits`` applies it under one of two policies.  ``SeatSpec`` and
``SessionSetup`` check themselves: a setup that breaks a limit cannot be
made (``ValueError`` naming the field).  ``setup_from_json`` reads a setup
written elsewhere (the settings' last setup, an autosave): a value that can
be repaired is clamped or reset, with a warning each, and the rest is
refused with ``ValueError`` naming the field.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import MISSING, asdict, dataclass, field, fields
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
    "SEAT_LIMITS",
    "SETUP_LIMITS",
    "Limit",
    "Scope",
    "SeatKind",
    "SeatSpec",
    "SessionSetup",
    "default_setup",
    "duel_setup",
    "external_seats_allowed",
    "fresh_seed",
    "keep_limits",
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


def _short(value: Any) -> str:
    """A value from a file, cut short for a message (any depth or size is safe)."""
    return _REPR.repr(value)


# --- the limits of every value, and the two policies ------------------------------------------

Values = Mapping[str, Any]
"""The values one limit looks at (a seat's, or a setup's), by field name."""


@dataclass(frozen=True)
class Scope:
    """What a value is checked against: the setup's rules and the seat's place (none for a seat on its own)."""

    rules: RuleSet | None = None
    index: int = 0


@dataclass(frozen=True)
class Limit:
    """One limit of a setup's values."""

    field: str
    problem: Callable[[Values, Scope], str | None]
    """Why the values break the limit (None: they keep it)."""
    repair: Callable[[Values, Scope], tuple[dict[str, Any], str]] | None = None
    """What a setup read from a file gets instead, and how the warning says it (None: refused)."""
    in_setup: bool = False
    """Needs the setup's rules (not checked for a seat on its own)."""


def _instead_a_computer(values: Values, scope: Scope) -> tuple[dict[str, Any], str]:
    if values["kind"] == SeatKind.EXTERNAL:
        return {"kind": SeatKind.COMPUTER, "command": ""}, (
            f"external program refused; a {values['level']} computer plays instead")
    return {"command": ""}, "the command line is dropped"


def _external_problem(values: Values, scope: Scope) -> str | None:
    if values["kind"] != SeatKind.EXTERNAL or scope.rules is None:
        return None
    if not values["command"].strip():
        return "the command line is empty"
    if not external_seats_allowed(scope.rules.preset):
        return f"the {scope.rules.preset.value!r} rules have no external-program seats"
    return None


SEAT_LIMITS: tuple[Limit, ...] = (
    Limit("kind", lambda v, s: None if v["kind"] in SEAT_KINDS
          else f"expected one of {', '.join(SEAT_KINDS)}, not {_short(v['kind'])}"),
    Limit("kind", lambda v, s: "only the first seat can be the human player"
          if v["kind"] == SeatKind.HUMAN and s.index else None, in_setup=True),
    Limit("level", lambda v, s: None if v["level"] in LEVELS
          else f"unknown level {_short(v['level'])} (levels: {', '.join(LEVELS)})",
          lambda v, s: ({"level": Level.NORMAL}, "using normal")),
    Limit("command", lambda v, s: None if isinstance(v["command"], str) else "expected a string"),
    Limit("command", lambda v, s: command_problem(v["command"]), _instead_a_computer),
    Limit("command", _external_problem, _instead_a_computer, in_setup=True),
)
"""Who plays a seat: a known kind (the human only in the first seat), a known level, and for an external
program a command line shown plainly, in rules that have external seats."""


def _games_problem(values: Values, scope: Scope) -> str | None:
    games = values["games"]
    if games is None:
        return None
    assert scope.rules is not None
    if not scope.rules.info.match_end.choosable:
        return f"{_short(games)}: the rules fix the match length"
    if _whole(games) and 1 <= games <= MAX_GAMES:
        return None
    return f"expected 1 to {MAX_GAMES} or none, not {_short(games)}"


def _games_repair(values: Values, scope: Scope) -> tuple[dict[str, Any], str]:
    games = values["games"]
    assert scope.rules is not None
    if scope.rules.info.match_end.choosable and _whole(games) and games > MAX_GAMES:
        return {"games": MAX_GAMES}, f"using {MAX_GAMES}"
    return {"games": None}, "using the preset's"


def _budget_problem(values: Values, scope: Scope) -> str | None:
    budget = values["expert_budget"]
    low, high = EXPERT_BUDGET
    if _number(budget) and low <= budget <= high:
        return None
    return f"expected {low} to {high} seconds, not {_short(budget)}"


def _budget_repair(values: Values, scope: Scope) -> tuple[dict[str, Any], str]:
    budget = values["expert_budget"]
    low, high = EXPERT_BUDGET
    clamped = float(min(high, max(low, budget))) if _number(budget) else DEFAULT_BUDGET
    return {"expert_budget": clamped}, f"using {clamped}"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _players(scope: Scope) -> int:
    assert scope.rules is not None
    return scope.rules.players


SETUP_LIMITS: tuple[Limit, ...] = (
    Limit("games", _games_problem, _games_repair, in_setup=True),
    Limit("first_leader", lambda v, s: None if v["first_leader"] is None or (
        _whole(v["first_leader"]) and 0 <= v["first_leader"] < _players(s))
          else f"expected a player 0..{_players(s) - 1} or none, not {_short(v['first_leader'])}",
          lambda v, s: ({"first_leader": None}, "the rules decide"), in_setup=True),
    Limit("seed", lambda v, s: None if _whole(v["seed"]) and 0 <= v["seed"] <= MAX_SEED
          else f"expected a whole number 0..{MAX_SEED}, not {_short(v['seed'])}",
          lambda v, s: ({"seed": 0}, "using 0")),
    Limit("expert_budget", _budget_problem, _budget_repair),
)
"""The match: its length where the rules let the player choose it, the first leader, the seed, the Expert's time."""


def keep_limits(limits: Sequence[Limit], values: Values, scope: Scope, where: str,
                warnings: list[str] | None) -> dict[str, Any]:
    """``values`` within ``limits``, under one of two policies: without ``warnings`` (a setup being
    made) a broken limit raises ``ValueError`` naming the value; with them (a setup read from a file)
    a value that can be repaired is, with a warning each, and the rest is refused the same way."""
    kept = dict(values)
    for limit in limits:
        if limit.in_setup and scope.rules is None:
            continue
        problem = limit.problem(kept, scope)
        if problem is None:
            continue
        if warnings is None or limit.repair is None:
            raise ValueError(f"{where}{limit.field}: {problem}")
        changes, instead = limit.repair(kept, scope)
        kept.update(changes)
        warnings.append(f"{where}{limit.field}: {problem}; {instead}")
    return kept


def _setup_rules(preset: Any, players: Any, overrides: Any) -> RuleSet:
    """The rules a setup names (``ValueError`` naming what is wrong: both policies refuse them)."""
    if not _whole(players):
        raise ValueError(f"players: expected a whole number, not {_short(players)}")
    if not isinstance(overrides, Mapping):
        raise ValueError("overrides: expected an object")
    try:
        return preset_rules(preset, players, overrides)
    except (TypeError, ValueError) as error:
        raise ValueError(f"rules: {str(error)[:200]}") from None


@dataclass(frozen=True)
class SeatSpec:
    """Who plays one player position (within ``SEAT_LIMITS``)."""

    kind: SeatKind = SeatKind.COMPUTER
    """A ``SeatKind`` (its text is accepted and turned into one)."""
    level: Level = Level.NORMAL
    """The computer level (for ``external``: the level that replaces a failing program; its text is accepted)."""
    command: str = ""
    """The external program's command line."""

    def __post_init__(self) -> None:
        keep_limits(SEAT_LIMITS, vars(self), Scope(), "seat ", None)
        object.__setattr__(self, "kind", SeatKind(self.kind))
        object.__setattr__(self, "level", Level(self.level))


@dataclass(frozen=True)
class SessionSetup:
    """Everything needed to start (and resume) a match (within ``SEAT_LIMITS`` and ``SETUP_LIMITS``)."""

    preset: PresetId
    """The preset (its id as text is accepted and turned into one)."""
    players: int
    seats: tuple[SeatSpec, ...]
    overrides: dict[str, Any] = field(default_factory=dict)
    games: int | None = None
    """Match length chosen by the player, 1 to ``MAX_GAMES`` (None: the preset's); only where the rules let
    the player choose it."""
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
        rules = _setup_rules(self.preset, self.players, self.overrides)
        in_setup = [limit for limit in SEAT_LIMITS if limit.in_setup]  # a seat has kept the others itself
        for index, seat in enumerate(self.seats):
            keep_limits(in_setup, vars(seat), Scope(rules, index), f"seats[{index}].", None)
        keep_limits(SETUP_LIMITS, vars(self), Scope(rules), "", None)

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
_DEFAULTS: dict[str, Any] = {
    "overrides": {}, **{f.name: f.default for f in fields(SessionSetup) if f.default is not MISSING}}
_SEAT_DEFAULTS: dict[str, Any] = {f.name: f.default for f in fields(SeatSpec)}


def setup_from_json(data: Any) -> tuple[SessionSetup, list[str]]:
    """A setup written elsewhere: (setup, warnings), out-of-range values repaired; ``ValueError`` if beyond repair.

    The limits are ``SEAT_LIMITS`` and ``SETUP_LIMITS``, the ones a setup
    being made must keep; here each value that can be repaired is, with a
    warning: the match length (to 1..``MAX_GAMES``, or the preset's when the
    preset has no choice), the first leader (none), the Expert's budget
    (clamped), the seed (0), an unknown level (normal), an external seat
    where the rules have none or whose command line is empty or unsafe to
    show (a computer of its level).  Refused: anything that is not a setup,
    an unknown preset, rule switch or seat kind, a wrong number of seats, a
    human in any seat but the first.
    """
    if not isinstance(data, Mapping):
        raise ValueError("setup: expected a JSON object")
    unknown = sorted(str(k) for k in set(data) - _FIELDS)
    if unknown:
        raise ValueError(f"setup: unknown field {unknown[0][:40]!r}")
    values = {**_DEFAULTS, **data}
    if not isinstance(values.get("preset"), str):
        raise ValueError("preset: expected a preset id")
    rules = _setup_rules(values["preset"], values.get("players"), values["overrides"])
    raw_seats = values.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != rules.players:
        raise ValueError(f"seats: expected a list of {rules.players} seats")
    warnings: list[str] = []
    seats = []
    for index, raw in enumerate(raw_seats):
        where = f"seats[{index}]"
        if not isinstance(raw, Mapping) or set(raw) - _SEAT_FIELDS:
            raise ValueError(f"{where}: expected an object with kind, level and command")
        seat = keep_limits(SEAT_LIMITS, {**_SEAT_DEFAULTS, **raw}, Scope(rules, index), f"{where}.", warnings)
        external = seat["kind"] == SeatKind.EXTERNAL
        seats.append(SeatSpec(SeatKind(seat["kind"]), Level(seat["level"]), seat["command"] if external else ""))
    values = keep_limits(SETUP_LIMITS, values, Scope(rules), "", warnings)
    setup = SessionSetup(rules.preset, rules.players, tuple(seats), dict(values["overrides"]), values["games"],
                         values["first_leader"], values["seed"], values["expert_budget"])
    return setup, warnings


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
