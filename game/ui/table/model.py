"""What the table shows, moved on one engine event at a time.

The engine is always ahead of the screen: a computer's play has happened in
the engine while its cards are still flying.  ``TableModel`` is the moment the
player sees: the public state an event carried (``event.state``), taken as
each animation finishes, and the human's own hand; it is re-synchronised
from the game whenever nothing is animating.  It holds only what the human
may see (events arrive through ``visible_to``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.engine import Game, Play, PublicState, Title
from game.engine.events import (
    Dealt,
    Drew,
    Event,
    Exchanged,
    GameOver,
    MiyakoOchi,
    Played,
    SevenPass,
    TenDiscard,
    TrickCleared,
    state_after,
)

from .dispatch import EventTable, nothing


@dataclass(frozen=True)
class SeatState:
    """One seat as the table shows it."""

    count: int = 0
    stock: int = 0
    passed: bool = False
    out: str | None = None
    """None while playing; ``1``.. (1-based place), ``forbidden``, ``miyako`` or ``hopeless``."""
    title: Title | None = None
    """The class from the previous game (the badge)."""


@dataclass
class TableModel:
    human: int
    state: PublicState
    """The public state shown."""
    hand: int = 0
    """The human's hand as shown."""
    dealt_hand: int = 0
    """The human's hand as dealt (shown once the deal animation ends)."""
    result: GameOver | None = None
    sweeping: bool = False
    """The trick is flying off the table (it is not drawn in place)."""
    received: int = 0
    """Cards the human was handed this game (the exchange, 7渡し), marked in the hand until it plays."""

    def __post_init__(self) -> None:
        self._appliers: EventTable[None] = EventTable({
            Dealt: self._dealt, Exchanged: self._handed, SevenPass: self._handed, TenDiscard: self._discarded,
            Played: self._played, Drew: self._drew, TrickCleared: self._cleared,
            MiyakoOchi: self._removed, GameOver: self._over,
        }, default=nothing)
        """What each kind of event changes beyond the public state it carries."""

    @classmethod
    def of(cls, game: Game, human: int) -> TableModel:
        """The table as ``game`` is now."""
        model = cls(human=human, state=game.public())
        model.sync(game)
        return model

    @classmethod
    def at_deal(cls, game: Game, human: int) -> TableModel:
        """The table before the deal animation: no cards in any hand yet."""
        dealt = next((e.state for e in game.setup_events if isinstance(e, Dealt) and e.state is not None), None)
        state = dealt or game.public()
        return cls(human=human, state=replace(state, counts=(0,) * game.n), dealt_hand=game.deal.hands[human])

    @classmethod
    def at_view(cls, state: PublicState, dealt_hand: int, human: int) -> TableModel:
        """The table before the deal's animation, from the public state at the deal and the hand dealt."""
        return cls(human=human, state=replace(state, counts=(0,) * state.n), dealt_hand=dealt_hand)

    def sync_view(self, state: PublicState, hand: int) -> None:
        """Take everything from one seat's view (call only when no animation is pending)."""
        self.state = state
        self.hand = hand
        self.result = state.result

    def sync(self, game: Game) -> None:
        """Take everything from the game (call only when no animation is pending)."""
        self.state = game.public()
        self.hand = game.hands[self.human]
        self.received &= self.hand
        self.result = game.result
        self.sweeping = False

    # --- what the painter reads -------------------------------------------------

    @property
    def n(self) -> int:
        return self.state.n

    @property
    def hopeless(self) -> frozenset[int]:
        """Seats that lost with a hand of only 8s and jokers (also among the forbidden finishers)."""
        return frozenset(seat for seat in range(self.state.n) if self.state.hopeless >> seat & 1)

    @property
    def trick(self) -> tuple[tuple[int, Play], ...]:
        return () if self.sweeping else self.state.trick

    @property
    def revolution(self) -> bool:
        return self.state.revolution

    @property
    def j_back(self) -> bool:
        return self.state.j_back

    @property
    def reversed(self) -> bool:
        return self.state.reversed

    @property
    def lock(self) -> int:
        return self.state.lock

    @property
    def pile(self) -> int:
        return self.state.pile_count

    @property
    def played(self) -> int:
        return self.state.played

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def seats(self) -> list[SeatState]:
        state = self.state
        titles = state.previous_titles
        return [
            SeatState(
                count=state.counts[seat],
                stock=state.stock_counts[seat],
                passed=bool(state.passed >> seat & 1) and state.top is not None,
                out=self._out(seat),
                title=titles[seat] if titles else None,
            )
            for seat in range(state.n)
        ]

    def _out(self, seat: int) -> str | None:
        state = self.state
        if seat in state.finishers:
            return str(state.finishers.index(seat) + 1)
        if seat == state.miyako:
            return "miyako"
        if seat in state.forbidden:
            return "hopeless" if state.hopeless >> seat & 1 else "forbidden"
        return None

    # --- moving on -------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Move the shown state on by one event (as seen by the human)."""
        state = state_after(event)
        if state is not None:
            self.state = state
        self._appliers(event)

    def _dealt(self, event: Dealt) -> None:
        self.hand = self.dealt_hand

    def _handed(self, event: Exchanged | SevenPass) -> None:
        human = self.human
        if event.giver == human:
            self.hand &= ~event.cards
            self.received &= ~event.cards
        if event.receiver == human:
            self.hand |= event.cards
            self.received |= event.cards

    def _discarded(self, event: TenDiscard) -> None:
        if event.seat == self.human:
            self.hand &= ~event.cards

    def _played(self, event: Played) -> None:
        if event.seat == self.human:
            self.hand &= ~event.play.cards
            self.received = 0

    def _drew(self, event: Drew) -> None:
        if event.seat == self.human:
            self.hand |= event.cards

    def _cleared(self, event: TrickCleared) -> None:
        self.sweeping = False

    def _removed(self, event: MiyakoOchi) -> None:
        if event.seat == self.human:
            self.hand = 0

    def _over(self, event: GameOver) -> None:
        self.result = event
