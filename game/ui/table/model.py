"""What the table shows, advanced one engine event at a time.

The engine is always ahead of the screen: a computer's play has happened in
the engine while its cards are still flying.  ``TableModel`` is the state the
player sees, moved on by ``apply(event)`` as each animation finishes, and
re-synchronised from the game whenever nothing is animating.  It holds only
what the human may see (events arrive through ``visible_to``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import Game, Play, Title
from game.engine.events import (
    Dealt,
    Drew,
    Event,
    Exchanged,
    Finished,
    ForbiddenFinish,
    GameOver,
    HopelessHand,
    JBack,
    Locked,
    MiyakoOchi,
    Passed,
    Played,
    Revolution,
    Started,
    TrickCleared,
)


@dataclass
class SeatState:
    count: int = 0
    stock: int = 0
    passed: bool = False
    out: str | None = None
    """None while playing; ``1``.. (1-based place), ``forbidden``, ``miyako`` or ``hopeless``."""
    title: Title | None = None
    """The class from the previous game (the badge)."""


@dataclass
class TableModel:
    n: int
    human: int
    hand: int = 0
    seats: list[SeatState] = field(default_factory=list)
    trick: list[tuple[int, Play]] = field(default_factory=list)
    revolution: bool = False
    j_back: bool = False
    lock: int = 0
    pile: int = 0
    played: int = 0
    turn: int = -1
    result: GameOver | None = None
    dealt_hand: int = 0
    """The human's hand as dealt (shown once the deal animation ends)."""

    @classmethod
    def at_deal(cls, game: Game, human: int) -> TableModel:
        """The table before the deal animation: no cards anywhere yet."""
        model = cls(n=game.n, human=human, seats=[SeatState() for _ in range(game.n)])
        titles = game.previous_titles
        for seat in range(game.n):
            model.seats[seat].title = titles[seat] if titles else None
            model.seats[seat].stock = len(game.deal.stocks[seat]) if game.deal.stocks else 0
        model.pile = len(game.deal.pile) if game.deal.pile else 0
        model.dealt_hand = game.deal.hands[human]
        return model

    def sync(self, game: Game) -> None:
        """Take everything from the game (call only when no animation is pending)."""
        human = self.human
        self.hand = game.hands[human]
        titles = game.previous_titles
        for seat, state in enumerate(self.seats):
            state.count = game.counts[seat]
            state.stock = game.stock_count(seat)
            state.title = titles[seat] if titles else None
            state.passed = bool(game.passed >> seat & 1) and game.top is not None
            state.out = _out_label(game, seat, state.out)
        self.trick = list(game.trick)
        self.revolution, self.j_back, self.lock = game.revolution, game.j_back, game.lock
        self.pile = game.pile_count
        self.played = game.played
        self.turn = game.turn
        self.result = game.result

    @property
    def reversed(self) -> bool:
        return self.revolution != self.j_back

    def apply(self, event: Event) -> None:
        """Move the shown state on by one event (as seen by the human)."""
        seats = self.seats
        if isinstance(event, Dealt):
            for seat, count in enumerate(event.counts):
                seats[seat].count = count
            self.hand = self.dealt_hand
        elif isinstance(event, Exchanged):
            count = event.cards.bit_count() or (2 if event.chosen else 1)
            seats[event.giver].count -= count
            seats[event.receiver].count += count
            if event.giver == self.human:
                self.hand &= ~event.cards
            if event.receiver == self.human:
                self.hand |= event.cards
        elif isinstance(event, Started):
            self.turn = event.leader
        elif isinstance(event, Played):
            seats[event.seat].count -= event.play.size
            seats[event.seat].passed = False
            if event.seat == self.human:
                self.hand &= ~event.play.cards
            self.trick.append((event.seat, event.play))
            self.played |= event.play.cards
            if event.play.is_lone_joker:
                self.lock = 0  # only the ♠3 can follow, whatever the suits
        elif isinstance(event, Passed):
            seats[event.seat].passed = True
        elif isinstance(event, Drew):
            seats[event.seat].count += event.count
            if event.source == "stock":
                seats[event.seat].stock -= event.count
            else:
                self.pile -= event.count
            if event.seat == self.human:
                self.hand |= event.cards
        elif isinstance(event, TrickCleared):
            self.trick = []
            self.lock = 0
            self.j_back = False
            for state in seats:
                state.passed = False
            self.turn = event.leader
        elif isinstance(event, Revolution):
            self.revolution = event.active
        elif isinstance(event, JBack):
            self.j_back = event.active
        elif isinstance(event, Locked):
            self.lock = event.suits
        elif isinstance(event, Finished):
            seats[event.seat].out = str(event.place + 1)
        elif isinstance(event, ForbiddenFinish):
            seats[event.seat].out = "forbidden"
        elif isinstance(event, HopelessHand):
            seats[event.seat].out = "hopeless"
            seats[event.seat].count = 0
        elif isinstance(event, MiyakoOchi):
            seats[event.seat].out = "miyako"
            seats[event.seat].count = 0
            if event.seat == self.human:
                self.hand = 0
        elif isinstance(event, GameOver):
            self.result = event


def _out_label(game: Game, seat: int, shown: str | None) -> str | None:
    if seat in game.finishers:
        return str(game.finishers.index(seat) + 1)
    if seat == game.miyako:
        return "miyako"
    if seat in game.forbidden:
        return "hopeless" if shown == "hopeless" else "forbidden"
    return None
