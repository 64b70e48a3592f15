"""A lesson is data: fixed deals, then a script of steps and the computers' moves between them.

A ``Lesson`` deals its games from fixed hands and plays them by a script:
``Step`` (one thing said, what to point at, and the one input that moves the
lesson on), ``Moves`` (the computers' next moves, in turn order: card codes,
``-`` for a pass), ``PlayOut`` (the computers finish the game by a fixed
policy) and ``NextGame`` (the next deal, after the result).  Everything the
player may do is fixed by the steps, so a lesson plays the same every time.

>>> step = Step("lesson.first_game.lead", Expect.PLAY, "5C", Target.PLAY)
>>> step.card_set == parse_cards("5C"), step.waits_for_table
(True, True)
>>> Moves("9D", "-").moves
('9D', '-')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from game.engine.cards import parse_cards
from game.engine.rules import PresetId


class Expect(str, Enum):
    """The one input that moves a step on."""

    NEXT = "next"
    """Continue (Enter, or the coach's Next button): the step only explains."""
    SELECT = "select"
    """Select exactly the step's cards in the hand (nothing is played yet)."""
    PLAY = "play"
    """Play exactly the step's cards."""
    PASS = "pass"
    """Pass."""
    GIVE = "give"
    """Give (the exchange) exactly the step's cards."""


class Target(str, Enum):
    """What the coach points at while a step is shown."""

    NONE = "none"
    HAND = "hand"
    """The whole hand."""
    CARDS = "cards"
    """The step's cards in the hand."""
    PLAY = "play"
    """The Play (or Give) button."""
    PASS = "pass"
    """The Pass button."""
    TRICK = "trick"
    """The cards on the table."""
    SEAT = "seat"
    """An opponent's seat (``Step.seat``)."""
    SEATS = "seats"
    """Every opponent's seat (their classes, their card counts)."""
    RULES = "rules"
    """The rule chips at the top (revolution, lock)."""
    YOU = "you"
    """The player's own name and class, left of the hand."""
    PILE = "pile"
    """A stock or a common pile."""


@dataclass(frozen=True)
class Step:
    """One thing said, the thing pointed at, and the input that moves the lesson on."""

    text: str
    """The translation key of what the coach says."""
    expect: Expect = Expect.NEXT
    cards: str = ""
    """Card codes: the cards to select, play or give (``Expect.SELECT``/``PLAY``/``GIVE``), or the cards
    the coach points at with ``Target.CARDS``."""
    target: Target = Target.NONE
    seat: int = -1
    """The seat ``Target.SEAT`` points at."""
    params: Mapping[str, Any] = field(default_factory=dict)
    """Parameters of the text (card names are written as codes and shown as symbols by the screen)."""

    @property
    def card_set(self) -> int:
        return parse_cards(self.cards) if self.cards else 0

    @property
    def waits_for_table(self) -> bool:
        """The step is the player's move at the table (a play, a pass or a gift), not the coach's."""
        return self.expect in (Expect.PLAY, Expect.PASS, Expect.GIVE)


@dataclass(frozen=True)
class Moves:
    """The computers' next moves, in the order the game asks for them: card codes, ``-`` for a pass."""

    moves: tuple[str, ...]

    def __init__(self, *moves: str) -> None:
        object.__setattr__(self, "moves", tuple(moves))


@dataclass(frozen=True)
class PlayOut:
    """The computers play the game to its end (the player is out): each the default client's move."""


@dataclass(frozen=True)
class NextGame:
    """The game is over: deal the next one (its exchange comes first)."""


Item = Step | Moves | PlayOut | NextGame
PASS_CODE = "-"


@dataclass(frozen=True)
class Deal:
    """The hands of one game, by seat, as card codes (the player sits at seat 0)."""

    hands: tuple[str, ...]
    leader: int | None = None
    """Who leads (None: the rules say, as in any game)."""
    stocks: tuple[str, ...] | None = None
    """Each seat's face-down stock, top card first (the 5-card mode)."""
    pile: str | None = None
    """The common pile, top card first (the Akita two-player rule)."""

    def hand_sets(self) -> tuple[int, ...]:
        return tuple(parse_cards(hand) for hand in self.hands)


@dataclass(frozen=True)
class Lesson:
    """A lesson: the rules, the deals and the script."""

    id: str
    """Names its texts (``lesson.<id>.title``, ``lesson.<id>.line``) and its mark of done in the settings."""
    preset: PresetId
    players: int
    deals: tuple[Deal, ...]
    script: tuple[Item, ...]
    overrides: Mapping[str, Any] = field(default_factory=dict)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(item for item in self.script if isinstance(item, Step))

    @property
    def title_key(self) -> str:
        return f"lesson.{self.id}.title"

    @property
    def line_key(self) -> str:
        return f"lesson.{self.id}.line"


class LessonRun:
    """Where a lesson is: the item of the script under way and the computer moves of it already made."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.made = 0
        """Moves of the current ``Moves`` item already made."""

    @property
    def item(self) -> Item | None:
        script = self.lesson.script
        return script[self.index] if self.index < len(script) else None

    @property
    def step(self) -> Step | None:
        """The step shown now (None while the computers move, and at the end)."""
        item = self.item
        return item if isinstance(item, Step) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.script)

    def advance(self) -> None:
        self.index += 1
        self.made = 0

    def next_move(self) -> str | None:
        """The code of the computers' next scripted move (None unless a ``Moves`` item is under way)."""
        item = self.item
        if isinstance(item, Moves) and self.made < len(item.moves):
            return item.moves[self.made]
        return None

    def made_move(self) -> None:
        """One scripted move was made; the item ends with its last move."""
        item = self.item
        assert isinstance(item, Moves)
        self.made += 1
        if self.made >= len(item.moves):
            self.advance()

    @property
    def step_number(self) -> int:
        """The number of the step shown (from 1), or of the last one shown."""
        return sum(1 for item in self.lesson.script[: self.index + 1] if isinstance(item, Step))

    @property
    def step_count(self) -> int:
        return len(self.lesson.steps)


__all__ = ["PASS_CODE", "Deal", "Expect", "Item", "Lesson", "LessonRun", "Moves", "NextGame", "PlayOut", "Step",
           "Target"]
