"""The public state of a game: everything every player may see, as one frozen value.

A ``Game`` holds the public state and the hidden cards (hands, stocks, the
pile, cards that left unseen).  ``Game.public()`` takes a ``PublicState``
snapshot; each event a checked move returns carries the snapshot after it
(``event.state``), an ``Observation`` is a seat's hand and knowledge plus the
public state, and ``Game.from_position`` builds a game back from a public
state and hands.  Code that needs only public facts (the computer players,
the screens) is written against ``PublicView``, which both a ``Game`` and a
``PublicState`` satisfy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple, Protocol

from .events import GameOver
from .plays import Move, Play
from .rules import RuleSet, Title


class Phase(str, Enum):
    EXCHANGE = "exchange"
    """Upper classes are choosing the cards they give."""
    PLAY = "play"
    HANDOFF = "handoff"
    """The player who just played hands cards on (7渡し) or discards them (10捨て)."""
    OVER = "over"

    @property
    def giving(self) -> bool:
        """Is a seat to choose cards to give away (the exchange, 7渡し, 10捨て)?"""
        return self is Phase.EXCHANGE or self is Phase.HANDOFF


class GiftKind(str, Enum):
    EXCHANGE = "exchange"
    """An upper class gives cards to its lower class before the game."""
    SEVEN_PASS = "seven_pass"
    """7渡し: cards to the next player."""
    TEN_DISCARD = "ten_discard"
    """10捨て: cards out of the game, face up."""


@dataclass(frozen=True, slots=True)
class PendingGift:
    """A seat still to choose ``count`` cards to give ``receiver`` (-1: to discard them)."""

    giver: int
    receiver: int
    count: int
    kind: GiftKind = GiftKind.EXCHANGE


class Turn(NamedTuple):
    """One action of the play phase and the table it was made on."""

    seat: int
    move: Move
    top: Play | None
    """The play it answered (None: the seat led)."""
    lock: int
    """The locked suit set in force (0: none)."""
    reversed: bool
    """Was the order reversed (revolution XOR J-back)?"""


class PublicView(Protocol):
    """The public facts of a game, as a ``Game`` and a ``PublicState`` both give them."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def n(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def top(self) -> Play | None: ...
    @property
    def last_player(self) -> int: ...
    @property
    def passed(self) -> int: ...
    @property
    def active(self) -> int: ...
    @property
    def revolution(self) -> bool: ...
    @property
    def j_back(self) -> bool: ...
    @property
    def reversed(self) -> bool: ...
    @property
    def backwards(self) -> bool: ...
    @property
    def lock(self) -> int: ...
    @property
    def lock_base(self) -> int: ...
    @property
    def played(self) -> int: ...
    @property
    def previous_places(self) -> tuple[int, ...] | None: ...
    @property
    def drawn_seat(self) -> int: ...
    @property
    def miyako(self) -> int: ...
    @property
    def result(self) -> GameOver | None: ...
    @property
    def counts(self) -> Sequence[int]: ...
    @property
    def finishers(self) -> Sequence[int]: ...
    @property
    def forbidden(self) -> Sequence[int]: ...
    @property
    def pile_count(self) -> int: ...
    @property
    def pending(self) -> Sequence[PendingGift]: ...

    def stock_count(self, seat: int) -> int: ...


class PublicFacts:
    """What follows from the public fields alone; shared by ``Game`` and ``PublicState``."""

    __slots__ = ()
    rules: RuleSet
    phase: Phase
    revolution: bool
    j_back: bool
    active: int
    result: GameOver | None
    previous_places: tuple[int, ...] | None
    finishers: Sequence[int]
    forbidden: Sequence[int]

    @property
    def n(self) -> int:
        return self.rules.players

    @property
    def reversed(self) -> bool:
        """Is the rank order reversed now (revolution XOR J-back)?"""
        return self.revolution != self.j_back

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def previous_titles(self) -> tuple[Title, ...] | None:
        """Each seat's class from the previous game."""
        if self.previous_places is None:
            return None
        titles = self.rules.titles
        out = [Title.HEIMIN] * self.rules.players
        for place, seat in enumerate(self.previous_places):
            out[seat] = titles[place]
        return tuple(out)

    def place_of(self, seat: int) -> int | None:
        """``seat``'s final place (0 = 1st) once nothing can change it any more, else None.

        A player who went out normally holds its place; the first forbidden
        finisher is last, the next one above it, and so on (下克上 may still
        reorder everyone, so then only the result tells).
        """
        if self.result is not None:
            return self.result.places.index(seat)
        if self.active >> seat & 1:
            return None
        if seat in self.finishers:
            return self.finishers.index(seat)
        if seat in self.forbidden and not self.rules.gekokujo:
            return self.rules.players - 1 - self.forbidden.index(seat)
        return None


@dataclass(frozen=True, slots=True)
class PublicState(PublicFacts):
    """A snapshot of everything every player may see of a game."""

    rules: RuleSet
    phase: Phase
    turn: int
    """The seat to act (during the exchange: the first upper class still to give)."""
    leader: int
    """The seat that led the first trick."""
    top: Play | None
    """The play to beat, None when the table is empty."""
    trick: tuple[tuple[int, Play], ...]
    """The plays of the current trick (seat, play), oldest first."""
    last_player: int
    """The seat that played last (-1: nobody yet)."""
    passed: int
    """Seats (a bit set) that passed since the last play (with ``pass_until_clear``: this trick)."""
    active: int
    """Seats (a bit set) still holding cards."""
    revolution: bool
    j_back: bool
    backwards: bool
    """Turns go the other way round (9リバース)."""
    lock: int
    """The locked suit set, 0 when the trick is not locked."""
    lock_base: int
    """The suit set the last play offers towards a lock (0: none)."""
    counts: tuple[int, ...]
    """Cards in each seat's hand."""
    stock_counts: tuple[int, ...]
    """Cards in each seat's face-down stock (the 5-card mode; all 0 otherwise)."""
    pile_count: int
    """Cards left in the common pile (the Akita 2-player rule; 0 otherwise)."""
    removed_count: int
    """Cards that left the game unseen (a hand removed by 都落ち...)."""
    played: int
    """Every card played to the table this game."""
    finishers: tuple[int, ...]
    """Seats that went out normally, in order."""
    forbidden: tuple[int, ...]
    """Seats that went out with a forbidden finish (or a hopeless hand), in order."""
    miyako: int
    """The seat removed by 都落ち, -1 if none."""
    gekokujo: int
    """The seat whose 1st place caused 下克上, -1 if none."""
    previous_places: tuple[int, ...] | None
    """Seats from 1st to last in the previous game (None for a first game)."""
    pending: tuple[PendingGift, ...]
    """Gifts still to be chosen: the upper classes' in the exchange, 7渡し or 10捨て in play."""
    drawn_seat: int
    """The seat that drew after passing and may still play the drawn card (-1: none)."""
    result: GameOver | None

    def stock_count(self, seat: int) -> int:
        return self.stock_counts[seat]


__all__ = ["GiftKind", "PendingGift", "Phase", "PublicFacts", "PublicState", "PublicView", "Turn"]
