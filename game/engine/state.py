"""The public state of a game, declared once: everything every player may see.

``PublicState`` (frozen) is the declaration, field by field with its
documentation; ``State`` is its mutable twin, the same fields in the same
order (lists where the snapshot has tuples; a test checks that the two agree).
A ``Game`` is a ``State`` with the hidden cards beside it (hands, stocks, the
pile, cards that left unseen), so the rules read and move the public fields
directly.  ``state.freeze()`` takes a ``PublicState`` snapshot,
``snapshot.thaw()`` gives a ``State`` back and ``state.copy()`` is the fast
copy search uses.  Each event a checked move returns carries the snapshot after
it (``event.state``), an ``Observation`` is a seat's hand and knowledge plus
the snapshot, and ``Game.from_position`` builds a game back from a snapshot
and hands.  Code that needs only public facts (the rules' functions, the
computer players, the screens) takes a ``PublicView``: either of the two.

What happened is one ordered history of ``Entry`` values: a ``Turn`` for each
play or pass (with the table it was made on and why the trick ended with it)
and a ``Gift`` for cards that changed hands otherwise (the exchange, 7渡し,
10捨て).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from operator import attrgetter
from typing import Any, Final, NamedTuple, TypeVar

from .events import ClearReason, GameOver
from .native import Reduced, rebuilt
from .plays import Move, Play
from .rules import RuleSet, Title

_T = TypeVar("_T")

try:
    from mypy_extensions import trait
except ImportError:  # the game runs on the standard library alone: the mark is only the compiler's
    def trait(cls: _T) -> _T:
        """``mypy_extensions.trait``: marks a base class of shared members for the compiler (``native``)."""
        return cls


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
    """The exchange before the game: a lower class's strongest cards, an upper class's choice."""
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

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt


class Turn(NamedTuple):
    """A play or a pass, the table it was made on, and why the trick ended with it."""

    seat: int
    move: Move
    top: Play | None
    """The play it answered (None: the seat led)."""
    last_player: int
    """The seat that had played last (-1: nobody yet)."""
    passed: int
    """The seats (a bit set) that had passed (see ``PublicState.passed``)."""
    lock: int
    """The locked suit set in force (0: none)."""
    lock_base: int
    """The suit set the play to beat offered towards a lock (0: none)."""
    revolution: bool
    j_back: bool
    backwards: bool
    """Were turns going the other way round (9リバース)?"""
    cleared: ClearReason | None = None
    """Why the table cleared after this action (and the handoffs it led to), None if it did not."""

    @property
    def reversed(self) -> bool:
        """Was the rank order reversed (revolution XOR J-back)?"""
        return self.revolution != self.j_back


class Gift(NamedTuple):
    """Cards that changed hands other than by a play: the exchange, 7渡し, 10捨て."""

    giver: int
    receiver: int
    """-1 for cards discarded (10捨て)."""
    cards: int
    """The cards (0 where a player's view hides them: see ``visible_entry``)."""
    size: int
    """How many cards (always visible)."""
    kind: GiftKind
    chosen: bool
    """The giver chose the cards (False: a lower class's strongest cards, given by the rules)."""


Entry = Turn | Gift
"""One entry of a game's history."""


def visible_entry(entry: Entry, seat: int) -> Entry:
    """``entry`` as ``seat`` may see it: the cards others handed each other are hidden (0)."""
    if isinstance(entry, Gift) and entry.receiver >= 0 and seat not in (entry.giver, entry.receiver) and entry.cards:
        return entry._replace(cards=0)
    return entry


@trait
class PublicFacts:
    """What follows from the public fields alone; shared by ``State`` (and so ``Game``) and ``PublicState``."""

    __slots__ = ()
    rules: RuleSet
    phase: Phase
    revolution: bool
    j_back: bool
    active: int
    result: GameOver | None
    previous_places: tuple[int, ...] | None

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

    def settled_place(self, seat: int, finishers: Sequence[int], forbidden: Sequence[int]) -> int | None:
        """``place_of`` given the state's ``finishers`` and ``forbidden`` (each class holds them as its own
        sequence: a compiled class may not narrow a field its base declares)."""
        if self.result is not None:
            return self.result.places.index(seat)
        if self.active >> seat & 1:
            return None
        if seat in finishers:
            return finishers.index(seat)
        if seat in forbidden and not self.rules.gekokujo:
            return self.rules.players - 1 - forbidden.index(seat)
        return None


@dataclass(frozen=True, slots=True)
class PublicState(PublicFacts):
    """A snapshot of everything every player may see of a game: the declaration of the public state."""

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
    """Every card played to the table this game (and every card discarded face up)."""
    finishers: tuple[int, ...]
    """Seats that went out normally, in order."""
    forbidden: tuple[int, ...]
    """Seats that went out with a forbidden finish (or a hopeless hand), in order."""
    hopeless: int
    """Seats (a bit set) that lost holding only 8s and jokers (the 5-card mode; also in ``forbidden``)."""
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

    def place_of(self, seat: int) -> int | None:
        """``seat``'s final place (0 = 1st) once nothing can change it any more, else None.

        A player who went out normally holds its place; the first forbidden
        finisher is last, the next one above it, and so on (下克上 may still
        reorder everyone, so then only the result tells).
        """
        return self.settled_place(seat, self.finishers, self.forbidden)

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt

    def thaw(self) -> State:
        """A mutable ``State`` with these values."""
        state = blank(State)
        State.__init__(state, *_thawed(self))
        return state


_S = TypeVar("_S", bound="State")


def blank(cls: type[_S]) -> _S:
    """A ``cls`` with no field set yet, for code that sets them all (a compiled class is made by its own
    ``__new__``, never ``object.__new__``)."""
    maker: Any = cls  # called as any class: the compiler has no ``__new__`` of its own classes to call
    made: _S = maker.__new__(maker)
    return made


@dataclass(slots=True, eq=False, repr=False)
class State(PublicFacts):
    """The public state as a game moves it on: ``PublicState``'s fields, in its order, each documented
    there; lists where it has tuples.  ``Game`` extends it with the hidden cards."""

    rules: RuleSet
    phase: Phase
    turn: int
    leader: int
    top: Play | None
    trick: list[tuple[int, Play]]
    last_player: int
    passed: int
    active: int
    revolution: bool
    j_back: bool
    backwards: bool
    lock: int
    lock_base: int
    counts: list[int]
    stock_counts: list[int]
    pile_count: int
    removed_count: int
    played: int
    finishers: list[int]
    forbidden: list[int]
    hopeless: int
    miyako: int
    gekokujo: int
    previous_places: tuple[int, ...] | None
    pending: list[PendingGift]
    drawn_seat: int
    result: GameOver | None

    def stock_count(self, seat: int) -> int:
        return self.stock_counts[seat]

    def place_of(self, seat: int) -> int | None:
        """``seat``'s final place (0 = 1st) once nothing can change it any more, else None (as
        ``PublicState.place_of``)."""
        return self.settled_place(seat, self.finishers, self.forbidden)

    @classmethod
    def opening(
        cls, rules: RuleSet, counts: Sequence[int], previous_places: Sequence[int] | None = None
    ) -> State:
        """The state of a game just dealt ``counts`` cards by seat, before the exchange and the lead."""
        state = blank(State)
        state.set_opening(rules, counts, previous_places)
        return state

    def set_opening(self, rules: RuleSet, counts: Sequence[int], previous_places: Sequence[int] | None) -> None:
        """Set every public field to the state of a game just dealt ``counts`` cards by seat."""
        n = rules.players
        State.__init__(
            self, rules=rules, phase=Phase.PLAY, turn=0, leader=0, top=None, trick=[], last_player=-1, passed=0,
            active=(1 << n) - 1, revolution=False, j_back=False, backwards=False, lock=0, lock_base=0,
            counts=list(counts), stock_counts=[0] * n, pile_count=0, removed_count=0, played=0, finishers=[],
            forbidden=[], hopeless=0, miyako=-1, gekokujo=-1,
            previous_places=tuple(previous_places) if previous_places is not None else None, pending=[],
            drawn_seat=-1, result=None,
        )

    def freeze(self) -> PublicState:
        """A snapshot of the public state (what every player may see)."""
        values: list[Any] = list(_state_values(self))
        for i in _LISTS:
            values[i] = tuple(values[i])
        return PublicState(*values)

    def copy(self: _S) -> _S:
        """An independent copy of the public fields, of the same class (a ``Game`` copies its hidden cards
        on top: ``Game.clone``).  Written out for speed (search copies a game per playout); a test checks
        that it copies every declared field."""
        new = blank(type(self))
        new.rules = self.rules
        new.phase = self.phase
        new.turn = self.turn
        new.leader = self.leader
        new.top = self.top
        new.trick = self.trick[:]
        new.last_player = self.last_player
        new.passed = self.passed
        new.active = self.active
        new.revolution = self.revolution
        new.j_back = self.j_back
        new.backwards = self.backwards
        new.lock = self.lock
        new.lock_base = self.lock_base
        new.counts = self.counts[:]
        new.stock_counts = self.stock_counts[:]
        new.pile_count = self.pile_count
        new.removed_count = self.removed_count
        new.played = self.played
        new.finishers = self.finishers[:]
        new.forbidden = self.forbidden[:]
        new.hopeless = self.hopeless
        new.miyako = self.miyako
        new.gekokujo = self.gekokujo
        new.previous_places = self.previous_places
        new.pending = self.pending[:]
        new.drawn_seat = self.drawn_seat
        new.result = self.result
        return new

    def assign(self, snapshot: PublicState) -> None:
        """Set every public field from ``snapshot``."""
        State.__init__(self, *_thawed(snapshot))

    def key(self) -> tuple[object, ...]:
        """Every public field but the rules, as a hashable tuple (equal keys under one rule set: equal states)."""
        return _key_values(self) + tuple(map(tuple, _key_lists(self)))


FIELDS: Final = tuple(f.name for f in fields(PublicState))
"""The names of the public fields, in their declared order."""
_LISTS: Final = tuple(i for i, (snapshot, live) in enumerate(zip(fields(PublicState), fields(State)))
                      if snapshot.type != live.type)
"""The fields a ``State`` holds as lists (the snapshot as tuples: the only fields typed apart), by position."""
_state_values = attrgetter(*(f.name for f in fields(State)))
_snapshot_values = attrgetter(*FIELDS)
_key_values = attrgetter(*(name for i, name in enumerate(FIELDS) if i and i not in _LISTS))
"""The fields but the rules that are plain values (``State.key``)..."""
_key_lists = attrgetter(*(FIELDS[i] for i in _LISTS))
"""... and the ones a ``State`` holds as lists."""


def _thawed(snapshot: PublicState) -> list[Any]:
    values: list[Any] = list(_snapshot_values(snapshot))
    for i in _LISTS:
        values[i] = list(values[i])
    return values


PublicView = PublicState | State
"""The public facts of a game: a snapshot, or the state of a game as it moves on (a ``Game``)."""


__all__ = [
    "FIELDS",
    "Entry",
    "Gift",
    "GiftKind",
    "PendingGift",
    "Phase",
    "PublicFacts",
    "PublicState",
    "PublicView",
    "State",
    "Turn",
    "visible_entry",
]
