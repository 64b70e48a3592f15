"""Rule sets: the switches of the rules reference, the six presets, overrides.

A ``RuleSet`` is a frozen value: the preset it starts from, the number of
players and one field per rule switch, named exactly as in the rules reference
(``docs/rules.md``), so settings files and game records use the same names.

>>> rules = preset_rules("standard", players=5)
>>> rules.revolution, rules.j_back
(True, False)
>>> rules.with_overrides({"j_back": True}).j_back
True
>>> preset_rules("uecda").players
5
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from .cards import DIAMONDS, RANK_3, SPADES, card_id


class RuleError(ValueError):
    """An unknown preset or switch, a value a switch does not take, or switches that do not go together.

    ``code`` and ``params`` let a screen say it in the player's language:
    ``unknown_preset``, ``players`` (low, high), ``unknown_switch``, ``bad_value``,
    ``pile_draw_players`` (most), ``hand_size`` (size, players), ``pile_and_hand``.
    """

    def __init__(self, message: str, code: str = "other", **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class PresetId(str, Enum):
    """The six presets of the rules reference (the values are the ids files use)."""

    STANDARD = "standard"
    """一般ルール: the everyday game and the five official local rules."""
    AKITA = "akita"
    """秋田公式ルール."""
    TOURNAMENT = "tournament"
    """競技大会ルール."""
    CLASSIC = "classic"
    DUEL5 = "duel5"
    """二人大貧民: 5-card hands refilled from a stock."""
    UECDA = "uecda"
    """The UEC computer-tournament rules."""

    def __str__(self) -> str:
        return self.value


class SequenceBeats(str, Enum):
    TOP = "top"
    """The new sequence's strongest card beats the table's strongest card."""
    ALL = "all"
    """The new sequence's weakest card beats the table's strongest card."""


class FirstLeader(str, Enum):
    DIAMOND3 = "diamond3"
    SPADE3 = "spade3"
    RANDOM = "random"

    @property
    def suit(self) -> int | None:
        """The suit looked at first for the lowest card, whose holder leads (None: the leader is drawn)."""
        return {FirstLeader.DIAMOND3: DIAMONDS, FirstLeader.SPADE3: SPADES}.get(self)


class LaterLeader(str, Enum):
    LOWEST_CLASS = "lowest_class"
    LOSER = "loser"
    FIRST_LEADER = "first_leader"


class Title(str, Enum):
    """A player's class (階級) after a game."""

    DAIFUGO = "daifugo"
    FUGO = "fugo"
    HEIMIN = "heimin"
    HINMIN = "hinmin"
    DAIHINMIN = "daihinmin"


class ScoreBy(str, Enum):
    CLASS = "class"
    """Points by the class earned (``Preset.class_points``)."""
    PLACE = "place"
    """n points for 1st place down to 1 for last (UECda)."""
    WIN = "win"
    """1 point for 1st place, 0 otherwise (a win or a loss)."""


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """When a match (a series of games) ends."""

    games: int | None = None
    """Number of games, or None when the match has no fixed length."""
    target: int | None = None
    """The match ends once a player's total reaches this many points."""
    choosable: bool = False
    """The player may choose the number of games."""


_D, _F, _H, _P, _DP = Title.DAIFUGO, Title.FUGO, Title.HEIMIN, Title.HINMIN, Title.DAIHINMIN

DEFAULT_TITLES: Final[Mapping[int, tuple[Title, ...]]] = {
    2: (_D, _DP),
    3: (_F, _H, _P),
    4: (_D, _F, _P, _DP),
    5: (_D, _F, _H, _P, _DP),
    6: (_D, _F, _H, _H, _P, _DP),
    7: (_D, _F, _H, _H, _H, _P, _DP),
}
CLASSIC_TITLES: Final[Mapping[int, tuple[Title, ...]]] = {
    **DEFAULT_TITLES,
    4: (_F, _H, _H, _P),
    7: (_D, _F, _F, _H, _P, _P, _DP),
}

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 7


@dataclass(frozen=True, slots=True)
class Preset:
    """What a preset fixes besides its switches."""

    id: PresetId
    min_players: int
    max_players: int
    default_players: int
    titles: Mapping[int, tuple[Title, ...]]
    score_by: ScoreBy
    class_points: Mapping[Title, int]
    match_end: MatchEnd
    switches: Mapping[str, Any]
    reseat_every: int = 1
    """With ``reseat`` on, seats change after every this many games."""
    miyako_ochi_up_one: bool = False
    """Tournament ordering: with 都落ち and a forbidden finish in one game the
    都落ち player moves up one place (above the last player holding cards)."""
    forbidden_with_spade3: bool = False
    """Akita: going out with any play that contains the ♠3 (秋田杉の3) is forbidden, not only the lone ♠3."""
    forbidden_finish_stays: bool = False
    """Tournament: the cards of a forbidden finish stay on the table (a forbidden 8 does not cut)."""
    class_reset_every: int | None = None
    """UECda: the classes are forgotten every this many games of a match (the next game is
    dealt as a first game: no exchange, the first game's leader), as on the official server."""


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A complete rule configuration: preset, player count and every switch."""

    preset: PresetId = PresetId.STANDARD
    """The preset this rule set starts from (its id; the text of one is turned into it)."""
    players: int = 4

    jokers: int = 1
    """Jokers in the deck: 0, 1 or 2."""
    sequences: bool = True
    """階段: runs of one suit may be played."""
    sequence_min: int = 3
    """Fewest cards in a sequence."""
    sequence_beats: SequenceBeats = SequenceBeats.TOP
    joker_beyond_ends: bool = False
    """A joker may end a sequence just below the 3 or just above the 2 (UECda)."""
    revolution: bool = True
    """革命: a group of 4+ toggles the order until the game ends."""
    revolution_joker: bool = True
    """Jokers count towards the four cards of a revolution."""
    revolution_sequence: int = 0
    """A sequence of this many cards or more also revolts (0 = never)."""
    eight_cut: bool = True
    """8切り: a play containing an 8 clears the table; the same player leads."""
    eight_cut_sequence: bool = True
    """A sequence containing an 8 also cuts."""
    j_back: bool = False
    """イレブンバック: a play containing a J reverses the order until the table clears."""
    j_back_sequence: bool = False
    """A sequence containing a J also triggers J-back."""
    lock: bool = True
    """縛り: two plays in a row with the same suit set lock the trick to it."""
    lock_joker_starts: bool = False
    """A play containing a joker can start a lock (the joker taking its suit)."""
    spade3_return: bool = True
    """スペ3返し: a single ♠3 beats a single joker and clears the table."""
    forbidden_finish: bool = False
    """反則上がり: going out with a joker, 8, 2 (3 reversed) or a lone ♠3 places last."""
    miyako_ochi: bool = True
    """都落ち: when another player takes 1st, the reigning 大富豪 leaves and is last."""
    gekokujo: bool = False
    """下克上: the previous 大貧民 taking 1st ends the game and reverses the classes."""
    exchange: bool = True
    """Card exchange between the classes from game 2."""
    first_leader: FirstLeader = FirstLeader.SPADE3
    later_leader: LaterLeader = LaterLeader.LOWEST_CLASS
    pass_until_clear: bool = False
    """A player who passed gets no turn again until the table clears."""
    clear_on_pass: bool = False
    """Any pass clears the table at once; the last player to play leads."""
    extra_turn: bool = False
    """The table clears only when the last player to play passes too: once every other
    player has passed it gets another turn, and may play again on its own cards (UECda)."""
    five_skip: bool = False
    """5スキップ: a play with 5s skips as many players as it has 5s."""
    nine_reverse: bool = False
    """9リバース: a play with 9s turns the direction of play round, for the rest of the game."""
    seven_pass: bool = False
    """7渡し: a play with 7s hands as many cards from the player's hand to the next player."""
    ten_discard: bool = False
    """10捨て: a play with 10s discards as many cards from the player's hand, face up."""
    sandstorm: bool = False
    """砂嵐: three 3s beat any group of three, whatever the rank, order or lock, and clear the table."""
    ambulance: bool = False
    """救急車: two 9s beat any pair, whatever the rank, order or lock, and clear the table."""
    hand_size: int = 0
    """A hand of this many cards refilled from the player's own stock (0 = off)."""
    pile_draw: bool = False
    """13 cards each, the rest a common pile; a passing player draws one card."""
    reseat: bool = False
    """After a game seats are reordered by place (1st in seat 0, 2nd in seat 1...)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "preset", preset_id(self.preset))
        for name in SWITCH_NAMES:
            object.__setattr__(self, name, coerce_switch(name, getattr(self, name)))
        _validate(self)

    @property
    def lead_card(self) -> int | None:
        """The card whose holder leads every game, after the exchange too (``later_leader`` first_leader:
        the 3 of ``first_leader``'s suit, as UECda's ♦3), or None when later games are led otherwise."""
        suit = self.first_leader.suit
        if self.later_leader is not LaterLeader.FIRST_LEADER or suit is None:
            return None
        return card_id(RANK_3, suit)

    @property
    def info(self) -> Preset:
        """The preset's fixed properties (class table, points, match end...)."""
        return PRESETS[self.preset]

    @property
    def titles(self) -> tuple[Title, ...]:
        """The class earned by each place, 1st first."""
        return self.info.titles[self.players]

    def points_for(self, place: int, title: Title) -> int:
        """Points earned in one game for ``place`` (0 = 1st) and ``title``."""
        info = self.info
        if info.score_by is ScoreBy.PLACE:
            return self.players - place
        if info.score_by is ScoreBy.WIN:
            return 1 if place == 0 else 0
        return info.class_points.get(title, 0)

    def exchange_count(self, place: int) -> int:
        """Cards the player of ``place`` (0 = 1st) and its partner (the mirrored place) swap each way.

        2 for the 大富豪 and the 大貧民, 1 for a 富豪 and its 貧民, 0 otherwise (and
        without an exchange, or with fewer than 3 players).
        """
        n = self.players
        if not self.exchange or n < 3:
            return 0
        upper = min(place, n - 1 - place)
        if upper == n - 1 - upper:
            return 0
        title = self.titles[upper]
        return 2 if title is Title.DAIFUGO else 1 if title is Title.FUGO else 0

    def chosen_gift_count(self, place: int) -> int:
        """Cards the player of ``place`` chooses to give (an upper class); 0 for the others."""
        return self.exchange_count(place) if place < self.players // 2 else 0

    def switches(self) -> dict[str, Any]:
        """Every switch with its value (enums as their text), by switch name."""
        return {name: _plain(getattr(self, name)) for name in SWITCH_NAMES}

    def overrides(self) -> dict[str, Any]:
        """The switches that differ from the preset's own values for this player count."""
        base = preset_rules(self.preset, self.players)
        return {
            name: _plain(getattr(self, name))
            for name in SWITCH_NAMES
            if getattr(self, name) != getattr(base, name)
        }

    def with_overrides(self, overrides: Mapping[str, Any]) -> RuleSet:
        """A copy with switches changed by name; RuleError names a bad one."""
        changes = {name: coerce_switch(name, value) for name, value in overrides.items()}
        return dataclasses.replace(self, **changes)


SWITCH_NAMES: Final = tuple(
    f.name for f in dataclasses.fields(RuleSet) if f.name not in ("preset", "players")
)
_ENUMS: Final[Mapping[str, type[Enum]]] = {
    "sequence_beats": SequenceBeats,
    "first_leader": FirstLeader,
    "later_leader": LaterLeader,
}
_INT_RANGES: Final[Mapping[str, tuple[int, int]]] = {
    "jokers": (0, 2),
    "sequence_min": (2, 13),
    "revolution_sequence": (0, 13),
    "hand_size": (0, 26),
}


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def coerce_switch(name: str, value: Any) -> Any:
    """Check one switch value (as read from JSON or settings) and return it typed."""
    if name not in SWITCH_NAMES:
        known = ", ".join(SWITCH_NAMES)
        raise RuleError(f"unknown rule switch {name!r} (known switches: {known})", "unknown_switch", name=name)
    if name in _ENUMS:
        enum = _ENUMS[name]
        try:
            return enum(value)
        except ValueError:
            choices = " / ".join(repr(e.value) for e in enum)
            raise RuleError(f"bad value {value!r} for {name!r}: expected {choices}", "bad_value", name=name) from None
    if name in _INT_RANGES:
        low, high = _INT_RANGES[name]
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuleError(f"bad value {value!r} for {name!r}: expected a whole number {low}..{high}", "bad_value",
                            name=name)
        return value
    if not isinstance(value, bool):
        raise RuleError(f"bad value {value!r} for {name!r}: expected true or false", "bad_value", name=name)
    return value


def preset_id(preset: object) -> PresetId:
    """The preset named ``preset`` (its id as text, or a ``PresetId``); RuleError if there is none."""
    try:
        return PresetId(preset)
    except ValueError:
        known = ", ".join(p.value for p in PresetId)
        raise RuleError(f"unknown preset {preset!r} (known presets: {known})", "unknown_preset") from None


def _validate(rules: RuleSet) -> None:
    info = PRESETS[rules.preset]
    if not info.min_players <= rules.players <= info.max_players:
        low, high = info.min_players, info.max_players
        span = str(low) if low == high else f"{low}-{high}"
        raise RuleError(f"the {rules.preset!r} rules take {span} players, not {rules.players}", "players",
                        low=low, high=high)
    deck = 52 + rules.jokers
    if rules.pile_draw and 13 * rules.players >= deck:
        most = (deck - 1) // 13
        raise RuleError(f"pile_draw needs fewer than {most + 1} players (13 cards each and a pile)",
                        "pile_draw_players", most=most)
    if rules.hand_size and deck // rules.players < rules.hand_size:
        raise RuleError(f"hand_size {rules.hand_size} is more than each of {rules.players} players is dealt",
                        "hand_size", size=rules.hand_size, players=rules.players)
    if rules.pile_draw and rules.hand_size:
        raise RuleError("pile_draw and hand_size cannot be combined", "pile_and_hand")
    if (rules.seven_pass or rules.ten_discard) and (rules.pile_draw or rules.hand_size):
        raise RuleError("seven_pass and ten_discard cannot be combined with a stock or a pile",
                        "handoff_and_stock")


_COMMON: Final[Mapping[str, Any]] = {
    "sequences": True,
    "sequence_beats": SequenceBeats.TOP,
    "joker_beyond_ends": False,
    "revolution": True,
    "revolution_joker": True,
    "revolution_sequence": 0,
    "pass_until_clear": False,
    "clear_on_pass": False,
    "extra_turn": False,
    "hand_size": 0,
    "pile_draw": False,
    "gekokujo": False,
    "five_skip": False,
    "nine_reverse": False,
    "seven_pass": False,
    "ten_discard": False,
    "sandstorm": False,
    "ambulance": False,
}

_CLASS_POINTS_2: Final = {_D: 2, _F: 1, _H: 0, _P: -1, _DP: -2}

PRESETS: Final[Mapping[str, Preset]] = {
    # keyed by PresetId, which is text: a preset id read from a file looks its preset up as it is
    PresetId.STANDARD: Preset(
        id=PresetId.STANDARD, min_players=2, max_players=7, default_players=4,
        titles=DEFAULT_TITLES, score_by=ScoreBy.CLASS, class_points=_CLASS_POINTS_2,
        match_end=MatchEnd(games=5, choosable=True),
        switches={
            **_COMMON,
            "eight_cut": True, "eight_cut_sequence": True, "j_back": False, "j_back_sequence": False,
            "lock": True, "lock_joker_starts": False, "spade3_return": True, "forbidden_finish": False,
            "miyako_ochi": True, "exchange": True, "first_leader": FirstLeader.SPADE3,
            "later_leader": LaterLeader.LOWEST_CLASS, "reseat": False,
        },
    ),
    PresetId.AKITA: Preset(
        id=PresetId.AKITA, min_players=2, max_players=6, default_players=4,
        titles=DEFAULT_TITLES, score_by=ScoreBy.CLASS, class_points={_D: 2, _F: 1},
        match_end=MatchEnd(target=5), forbidden_with_spade3=True,
        switches={
            **_COMMON,
            "eight_cut": True, "eight_cut_sequence": False, "j_back": True, "j_back_sequence": False,
            "lock": True, "lock_joker_starts": False, "spade3_return": True, "forbidden_finish": True,
            "miyako_ochi": True, "exchange": True, "first_leader": FirstLeader.DIAMOND3,
            "later_leader": LaterLeader.LOWEST_CLASS, "reseat": True,
        },
    ),
    PresetId.TOURNAMENT: Preset(
        id=PresetId.TOURNAMENT, min_players=4, max_players=4, default_players=4,
        titles=DEFAULT_TITLES, score_by=ScoreBy.CLASS, class_points={_D: 3, _F: 2, _P: 1, _DP: 0},
        match_end=MatchEnd(games=3), miyako_ochi_up_one=True, forbidden_finish_stays=True,
        switches={
            **_COMMON,
            "sequences": False,
            "eight_cut": True, "eight_cut_sequence": False, "j_back": True, "j_back_sequence": False,
            "lock": True, "lock_joker_starts": False, "spade3_return": True, "forbidden_finish": True,
            "miyako_ochi": True, "exchange": True, "first_leader": FirstLeader.DIAMOND3,
            "later_leader": LaterLeader.LOWEST_CLASS, "reseat": False,
        },
    ),
    PresetId.CLASSIC: Preset(
        id=PresetId.CLASSIC, min_players=3, max_players=7, default_players=5,
        titles=CLASSIC_TITLES, score_by=ScoreBy.CLASS, class_points=_CLASS_POINTS_2,
        match_end=MatchEnd(games=5, choosable=True),
        switches={
            **_COMMON,
            "eight_cut": False, "eight_cut_sequence": False, "j_back": False, "j_back_sequence": False,
            "lock": False, "lock_joker_starts": False, "spade3_return": False, "forbidden_finish": False,
            "miyako_ochi": False, "exchange": True, "first_leader": FirstLeader.RANDOM,
            "later_leader": LaterLeader.LOWEST_CLASS, "reseat": True,
        },
    ),
    PresetId.DUEL5: Preset(
        id=PresetId.DUEL5, min_players=2, max_players=2, default_players=2,
        titles=DEFAULT_TITLES, score_by=ScoreBy.WIN, class_points={},
        match_end=MatchEnd(games=None, choosable=True),
        switches={
            **_COMMON,
            "revolution_sequence": 4,
            "eight_cut": True, "eight_cut_sequence": True, "j_back": True, "j_back_sequence": True,
            "lock": False, "lock_joker_starts": False, "spade3_return": True, "forbidden_finish": True,
            "miyako_ochi": False, "exchange": False, "first_leader": FirstLeader.RANDOM,
            "later_leader": LaterLeader.LOSER, "clear_on_pass": True, "hand_size": 5, "reseat": False,
        },
    ),
    PresetId.UECDA: Preset(
        id=PresetId.UECDA, min_players=5, max_players=5, default_players=5,
        titles=DEFAULT_TITLES, score_by=ScoreBy.PLACE, class_points={},
        match_end=MatchEnd(games=10, choosable=True), reseat_every=3, class_reset_every=100,
        switches={
            **_COMMON,
            "sequence_beats": SequenceBeats.ALL, "joker_beyond_ends": True, "revolution_sequence": 5,
            "eight_cut": True, "eight_cut_sequence": True, "j_back": False, "j_back_sequence": False,
            "lock": True, "lock_joker_starts": True, "spade3_return": True, "forbidden_finish": False,
            "miyako_ochi": False, "exchange": True, "first_leader": FirstLeader.DIAMOND3,
            "later_leader": LaterLeader.FIRST_LEADER, "pass_until_clear": True, "extra_turn": True,
            "reseat": True,
        },
    ),
}

PRESET_IDS: Final = tuple(PRESETS)


def preset_rules(
    preset: PresetId | str, players: int | None = None, overrides: Mapping[str, Any] | None = None
) -> RuleSet:
    """The rule set of a preset for ``players`` (the preset's default when None)."""
    preset = preset_id(preset)
    info = PRESETS[preset]
    count = info.default_players if players is None else players
    switches = dict(info.switches)
    if preset is PresetId.AKITA and count == 2:
        switches["pile_draw"] = True
    rules = RuleSet(preset=preset, players=count, **switches)
    return rules.with_overrides(overrides) if overrides else rules


def switch_kind(name: str) -> type | tuple[int, int] | type[Enum]:
    """What values a switch takes: ``bool``, an (low, high) int range, or an Enum type."""
    if name in _ENUMS:
        return _ENUMS[name]
    if name in _INT_RANGES:
        return _INT_RANGES[name]
    coerce_switch(name, False)
    return bool


__all__ = [
    "CLASSIC_TITLES",
    "DEFAULT_TITLES",
    "PRESETS",
    "PRESET_IDS",
    "SWITCH_NAMES",
    "FirstLeader",
    "LaterLeader",
    "MatchEnd",
    "Preset",
    "PresetId",
    "RuleError",
    "RuleSet",
    "ScoreBy",
    "SequenceBeats",
    "Title",
    "coerce_switch",
    "preset_id",
    "preset_rules",
    "switch_kind",
]
