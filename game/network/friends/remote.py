"""One seat of a table hosted elsewhere, as the table screen plays it (``game.seat.TableSeat``).

``RemoteSession`` knows only its seat's view, kept from the server's messages
(``SeatTable``).  The screen calls ``pump()`` every frame (never waiting):
updates are queued as batches of events, each with the view after it, and
``poll()`` hands the next batch to the screen, which animates it; the view
the screen reads (``state``, ``hand``) is the one after the last batch it took.
An action is checked on this copy (the same engine functions as the host's)
and sent with the table's step; its events come back like everyone else's.
A deal of the next game waits until the screen asks for it (``next_game``,
after the result screen) or takes it (``poll``).

Each finished game is handed to ``on_game_over`` as a ``GameSummary`` (the
statistics keep it as a network game: the other people's seats are
``person``) with the game's record the host sends once it is over.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ai.levels import make_player
from game.engine import Event, IllegalMove, Move, Observation, Play, PublicState, Reason, RuleSet, legality
from game.engine.events import Dealt, GameOver, MatchOver, Revolution
from game.engine.match import GameResult
from game.engine.state import Entry
from game.levels import Level
from game.seat import Standings
from game.session import HINT_LEVEL, GameSummary, Replaced
from game.setups import SeatKind, SeatSpec, SessionSetup
from game.storage.rows import PERSON, utc_now

from .client import Connection, Link, SeatTable, Status
from .messages import (
    Closed,
    GameRecord,
    Lobby,
    React,
    Reaction,
    Ready,
    Refused,
    Rejected,
    Snapshot,
    Stamp,
    Update,
    View,
    Welcome,
    observation_of,
)


@dataclass
class _Batch:
    events: list[Event]
    view: View


class RemoteSession:
    """A seat at a hosted table, through a ``Connection``."""

    remote = True
    setup: SessionSetup | None = None

    def __init__(self, conn: Connection, *, on_game_over: Callable[[GameSummary], None] | None = None,
                 host: bool = False) -> None:
        self.conn = conn
        self.seat_table = SeatTable()
        self.on_game_over = on_game_over
        self.host = host
        """This copy hosts the table (its server runs in this process)."""
        self._batches: deque[_Batch] = deque()
        self._view: View | None = None
        self._view_at = 0.0
        self._sent_step = -1
        self.rejected: list[Rejected] = []
        """Actions the table refused, for the screen to say why (it clears the list)."""
        self.reactions: list[Reaction] = []
        self.status: Status = Status(Link.CONNECTING)
        self.closed: Closed | Refused | None = None
        self.replaced: list[Replaced] = []
        self._results: list[GameResult] = []
        self._summarised: set[int] = set()
        self._started_at = utc_now()
        self._game_started = time.monotonic()
        self._revolution = False
        self._game_events: list[Event] = []
        self.match_key = ""

    # --- the connection ------------------------------------------------------------------------------

    def pump(self) -> None:
        """Take what arrived (never waits)."""
        items = self.conn.poll()
        if not items:
            return
        for item in items:
            self.seat_table.absorb([item])  # one at a time: each update's batch keeps the view right after it
            if isinstance(item, Status):
                self.status = item
            elif isinstance(item, Welcome):
                self.match_key = f"{item.code}/{item.token[:8]}"
            elif isinstance(item, Snapshot):
                self._batches.clear()  # everything at once: the screen starts from this view
                self._game_events.clear()
                self._view = item.view
                self._view_at = time.monotonic()
                self._sent_step = -1
            elif isinstance(item, Update):
                view = self.seat_table.view
                assert view is not None
                if self._view is None:  # the match's first deal: the table opens on it and animates it
                    self._view = view
                    self._view_at = time.monotonic()
                self._batches.append(_Batch(list(item.events), view))
            elif isinstance(item, Rejected):
                self._sent_step = -1
                self.rejected.append(item)
            elif isinstance(item, Reaction):
                self.reactions.append(item)
            elif isinstance(item, GameRecord):
                self._summarise(item)
            elif isinstance(item, (Closed, Refused)):
                self.closed = item
        self.seat_table.take_events()  # the batches hold them

    @property
    def welcome(self) -> Welcome | None:
        return self.seat_table.welcome

    @property
    def lobby(self) -> Lobby | None:
        return self.seat_table.lobby

    @property
    def started(self) -> bool:
        return self._view is not None or bool(self._batches)

    # --- the seat's view ---------------------------------------------------------------------------------

    @property
    def view(self) -> View:
        view = self._view
        if view is None:
            raise RuntimeError("no view yet: the match has not begun")
        return view

    @property
    def rules(self) -> RuleSet:
        welcome = self.seat_table.welcome
        assert welcome is not None
        return welcome.table.rules()

    @property
    def human_seat(self) -> int:
        return self.view.seat

    @property
    def me(self) -> int:
        welcome = self.seat_table.welcome
        return welcome.player if welcome is not None else 0

    @property
    def state(self) -> PublicState:
        return self.view.state

    def public(self) -> PublicState:
        return self.view.state

    @property
    def hand(self) -> int:
        return self.view.hand

    @property
    def history(self) -> Sequence[Entry]:
        return self.view.history

    @property
    def seed(self) -> int:
        return self.me

    @property
    def game_index(self) -> int:
        return self.view.game

    @property
    def over(self) -> bool:
        return self._view is not None and self._view.over is not None

    thinking = False

    def observation(self) -> Observation:
        return observation_of(self.view)

    def moves(self) -> list[Move]:
        return self.observation().move_list()

    def readings(self, cards: int) -> list[Play]:
        state, hand = self.state, self.hand
        if state.phase.value != "play" or state.turn != self.human_seat or cards & hand != cards or not cards:
            return []
        try:
            return legality.readings(state, cards)
        except IllegalMove:
            return []

    def resolve(self, cards: int) -> Play:
        return self.observation().resolve(cards)

    def deal_view(self) -> tuple[PublicState, int]:
        batch = self._batches[0] if self._batches else None
        if batch is not None and batch.view.game != self.view.game:
            view = batch.view
            dealt = next((e.state for e in batch.events if isinstance(e, Dealt) and e.state is not None), None)
            return dealt or view.state, view.dealt
        return self.view.state, self.view.dealt

    def standings(self) -> Standings:
        view = self.view
        match_end = self.rules.info.match_end
        welcome = self.seat_table.welcome
        length = welcome.table.games if welcome is not None and welcome.table.games else match_end.games
        return Standings(tuple(self._results), view.totals, view.over, length, match_end.target, view.game + 1)

    def game_record(self) -> dict[str, Any] | None:
        view = self._view
        return None if view is None else self.seat_table.records.get(view.game)

    def player_at(self, seat: int) -> int:
        return self.view.seating[seat]

    def level_at(self, seat: int) -> str | None:
        welcome = self.seat_table.welcome
        return welcome.table.level.value if welcome is not None else None

    def name_of(self, player: int) -> str | None:
        lobby = self.seat_table.lobby
        if lobby is None or player >= len(lobby.seats):
            return None
        return lobby.seats[player].name or None

    def connection_at(self, seat: int) -> str | None:
        lobby = self.seat_table.lobby
        if lobby is None or self._view is None:
            return None
        info = lobby.seats[self.player_at(seat)]
        return info.state.value if info.person else None  # a computer's seat from the start: its level is shown

    def deadline(self) -> float:
        """Seconds left under the turn timer, counted down here from the last view."""
        if self._view is None or not self._view.deadline:
            return 0.0
        return max(0.0, self._view.deadline - (time.monotonic() - self._view_at))

    # --- the flow ------------------------------------------------------------------------------------------

    def opening_events(self) -> list[Event]:
        """The deal of the game on screen when nothing of it was shown yet (the match's first deal)."""
        batch = self._batches[0] if self._batches else None
        if batch is None or self._game_events or batch.view.game != self.view.game \
                or not any(isinstance(e, Dealt) for e in batch.events):
            return []
        self._batches.popleft()
        self._take(batch)
        return batch.events

    def past_events(self) -> list[Event]:
        """The events of this game shown so far (none after a return: the log starts again there)."""
        return list(self._game_events)

    def forced_pass(self) -> bool:
        return False

    def computer_to_act(self) -> bool:
        self.pump()
        return bool(self._batches)

    def start_thinking(self) -> None:
        self.pump()

    def poll(self) -> list[Event] | None:
        """The next batch of events, if the screen may show it now (a new game's waits for ``next_game``)."""
        self.pump()
        if not self._batches:
            return None
        batch = self._batches[0]
        old = self._view
        if old is not None and old.game != batch.view.game and old.state.result is None:
            pass  # the old game was not over on screen yet: show what is queued in order
        self._batches.popleft()
        self._take(batch)
        return batch.events

    def _take(self, batch: _Batch) -> None:
        old = self._view
        if old is not None and old.game != batch.view.game:
            self._game_started = time.monotonic()
            self._revolution = False
            self._game_events.clear()
        self._game_events.extend(batch.events)
        self._view = batch.view
        self._view_at = time.monotonic()
        if any(isinstance(e, Revolution) for e in batch.events):
            self._revolution = True
        for event in batch.events:
            if isinstance(event, GameOver):
                self._results.append(GameResult(batch.view.seating, event))

    def decided_to_pass(self) -> bool:
        return False

    def cancel_thinking(self) -> None:
        pass

    def check_programs(self) -> bool:
        self.pump()
        return False

    def human_to_act(self) -> bool:
        self.pump()
        if self._batches or self._view is None:
            return False
        return self.seat_table.due() is not None and self._sent_step != self.seat_table.step \
            and self._view is self.seat_table.view

    def human_gift_count(self) -> int:
        decision = self.seat_table.due() if self.human_to_act() else None
        return decision.gift.count if decision is not None and decision.gift is not None else 0

    def human_play(self, move: Move) -> list[Event]:
        """Check the move on this copy and send it; its events come back from the host."""
        if not self.human_to_act():
            raise IllegalMove(Reason.NOT_YOUR_TURN, seat=self.human_seat, turn=self.state.turn)
        move = self.observation().verify(move)
        self.conn.send(self.seat_table.act(move))
        self._sent_step = self.seat_table.step
        return []

    def human_give(self, cards: int) -> list[Event]:
        decision = self.seat_table.due() if self.human_to_act() else None
        if decision is None or decision.gift is None:
            raise IllegalMove(Reason.NOT_EXCHANGING, seat=self.human_seat)
        legality.check_gift(self.hand, decision.gift.count, cards)
        self.conn.send(self.seat_table.give(cards))
        self._sent_step = self.seat_table.step
        return []

    def hint(self) -> Move | None:
        if not self.human_to_act() or self.state.phase.value != "play":
            return None
        return make_player(HINT_LEVEL).choose_move(self.observation(), random.Random(self.seat_table.step))

    def next_game(self) -> list[Event]:
        """Ready for the next game: its deal if it has come (else it comes through ``poll``)."""
        self.conn.send(Ready())
        self.pump()
        if self._batches and self._view is not None and self._batches[0].view.game != self._view.game:
            batch = self._batches.popleft()
            self._take(batch)
            return batch.events
        return []

    def react(self, index: int) -> None:
        """Send the ``index``-th quick reaction (1 to 5)."""
        stamps = list(Stamp)
        if 1 <= index <= len(stamps):
            self.conn.send(React(stamps[index - 1]))

    def close(self, leave: bool = True) -> None:
        self.conn.close(leave=leave and self.closed is None)

    # --- the statistics ------------------------------------------------------------------------------

    def _summarise(self, message: GameRecord) -> None:
        """A finished game for the statistics, once its record and result are here."""
        if self.on_game_over is None or message.game in self._summarised:
            return
        view = self.seat_table.view
        welcome = self.seat_table.welcome
        if view is None or welcome is None or view.game != message.game or view.state.result is None:
            return
        self._summarised.add(message.game)
        result = view.state.result
        seat = view.seat
        rules = welcome.table.rules()
        lobby = self.seat_table.lobby
        people = {s.player for s in lobby.seats if s.person} if lobby is not None else set()
        opponents = tuple(None if s == seat else (PERSON if view.seating[s] in people else welcome.table.level.value)
                          for s in range(rules.players))
        seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER, Level(welcome.table.level))
                                              for _ in range(rules.players - 1)))
        setup = SessionSetup(rules.preset, rules.players, seats, dict(welcome.table.overrides), welcome.table.games)
        over: MatchOver | None = view.over
        summary = GameSummary(
            setup=setup, rules=rules, game_index=message.game, human_seat=seat,
            place=result.places.index(seat), title=result.titles[seat], points=result.points[seat],
            duration_s=time.monotonic() - self._game_started, opponents=opponents,
            forbidden_finish=seat in view.state.forbidden, miyako_ochi=view.state.miyako == seat,
            revolution=self._revolution, record=dict(message.record), match_over=over, match_key=self.match_key,
            started_at=self._started_at, games_played=message.game + 1,
            match_record=self._match_record() if over is not None else None,
        )
        self.on_game_over(summary)

    def _match_record(self) -> dict[str, object] | None:
        records = self.seat_table.records
        if not records or sorted(records) != list(range(len(records))):
            return None
        games = [g for index in sorted(records) for g in records[index].get("games", [])]
        first = records[0]
        return {**first, "games": games}


__all__ = ["PERSON", "RemoteSession"]
