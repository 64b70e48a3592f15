"""What one seat of a match shows and does: the seam between the table screen and whoever runs the match.

The table screen never needs a whole ``Game``: it shows one seat's view (the
public state, that seat's hand and the history), animates the events it is
given, and acts or gives for its player.  ``TableSeat`` is that seam.  The
local ``Session`` implements it over its own ``Game`` (every other seat a
computer); ``game.network.friends.remote.RemoteSession`` implements it over a
connection to a hosted table, knowing only its seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from game.engine import Event, Move, Observation, Play, PublicState, PublicView, RuleSet
from game.engine.events import MatchOver
from game.engine.match import GameResult
from game.engine.state import Entry

if TYPE_CHECKING:
    from game.session import Replaced
    from game.setups import SessionSetup


@dataclass(frozen=True)
class Standings:
    """The match so far as a seat sees it: each finished game's seating and result, the totals."""

    results: tuple[GameResult, ...]
    totals: tuple[int, ...]
    outcome: MatchOver | None
    length: int | None
    """Games in the match (None: not fixed)."""
    target: int | None
    """Points that end the match (None: none)."""
    games: int
    """Games dealt so far, the current one included."""

    def ranking(self) -> tuple[int, ...]:
        """Players by total points; ties go to the better place in the latest game (as ``Match.ranking``)."""
        n = len(self.totals)
        last = self.results[-1].player_places if self.results else tuple(range(n))
        return tuple(sorted(range(n), key=lambda p: (-self.totals[p], last.index(p))))


class TableSeat(Protocol):
    """One seat of a match, as the table screen shows and plays it."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def human_seat(self) -> int: ...
    @property
    def state(self) -> PublicView:
        """The public state the seat's view is at (a ``Game`` or a ``PublicState``)."""
    @property
    def hand(self) -> int: ...
    @property
    def history(self) -> Sequence[Entry]: ...
    @property
    def seed(self) -> int:
        """Seeds the screen's own randomness (pauses, celebrations)."""
    @property
    def game_index(self) -> int: ...
    @property
    def over(self) -> bool: ...
    @property
    def thinking(self) -> bool: ...
    @property
    def remote(self) -> bool:
        """Another computer runs the match: events come when they come (no thinking pauses are added)."""

    def observation(self) -> Observation:
        """Everything the seat knows (the engine's ``Observation``: what a computer player would be given)."""
    def moves(self) -> list[Move]:
        """The seat's legal moves now (empty unless it is to move)."""
    def readings(self, cards: int) -> list[Play]: ...
    def resolve(self, cards: int) -> Play: ...
    def public(self) -> PublicState:
        """The public state as a snapshot."""
    def forced_pass(self) -> bool:
        """The seat to act (a computer) can only pass: the table shows it without a thinking pause."""
    def deal_view(self) -> tuple[PublicState, int]:
        """The public state at the deal and the seat's hand as dealt (where the table's animation starts)."""
    def standings(self) -> Standings: ...
    def game_record(self) -> dict[str, Any] | None:
        """The record of the game just finished (every hand as dealt; None: not here yet)."""
    def player_at(self, seat: int) -> int: ...
    def level_at(self, seat: int) -> str | None: ...
    def name_of(self, player: int) -> str | None:
        """The name of ``player`` (None: the screen names it: "You", "CPU n")."""
    @property
    def me(self) -> int:
        """The player this seat plays for."""
    @property
    def replaced(self) -> list[Replaced]:
        """Players a computer replaced, to tell once (the screen clears it)."""
    @property
    def setup(self) -> SessionSetup | None:
        """What a new match like this one is set up from (None: this copy does not start matches)."""
    def connection_at(self, seat: int) -> str | None:
        """How ``seat`` is played over the network (``connected``, ``reconnecting``, ``computer``); None locally."""
    def deadline(self) -> float:
        """Seconds left for the seat's decision under a turn timer (0: no timer runs)."""

    def opening_events(self) -> list[Event]: ...
    def past_events(self) -> list[Event]:
        """The events of the game so far as this seat saw them (the play log of a table opened mid-game)."""
    def computer_to_act(self) -> bool: ...
    def start_thinking(self) -> None: ...
    def poll(self) -> list[Event] | None: ...
    def decided_to_pass(self) -> bool: ...
    def cancel_thinking(self) -> None: ...
    def check_programs(self) -> bool: ...
    def human_to_act(self) -> bool: ...
    def human_gift_count(self) -> int: ...
    def human_play(self, move: Move) -> list[Event]: ...
    def human_give(self, cards: int) -> list[Event]: ...
    def hint(self) -> Move | None: ...
    def next_game(self) -> list[Event]: ...


__all__ = ["Standings", "TableSeat"]
