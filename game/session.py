"""One match at the table: who sits where, whose turn it is, and the computers' moves.

A ``Session`` owns a ``Match`` and the players: the human (player 0), computer
players of a level, or external tournament programs.  It never waits: the UI
asks ``start_thinking()`` when it is ready for a computer's move (after its
animations and a "thinking" timer), then ``poll()``s every frame until the
decision, computed off the frame loop by an ``game.worker.DecisionWorker``,
has been applied.  Each action returns the engine's events for the UI.

Sinks passed in by the app keep the session free of storage details:
``on_autosave(data)`` after every trick and game, ``on_game_over(summary)``
when a game ends.  A match has a key and a start time from its first deal
on, kept in the autosave, so the statistics can link every game of a match
to it even across a quit and resume.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import time
import uuid
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ai.levels import make_player
from ai.player import Player
from game.engine import (
    PASS,
    Event,
    Game,
    IllegalMove,
    Match,
    Move,
    Observation,
    Pass,
    Phase,
    Play,
    PublicState,
    Reason,
    RuleSet,
    Title,
    Turn,
    observe,
)
from game.engine.events import Dealt, MatchOver, Revolution, TrickCleared, visible_to
from game.engine.record import match_record_json, parse_record, record_json, resume_match
from game.engine.runner import Decision, MatchRunner
from game.engine.state import Entry, GiftKind
from game.levels import Level
from game.seat import Standings
from game.setups import SeatKind, SeatSpec, SessionSetup, setup_from_json
from game.storage.rows import iso_utc, utc_now

if TYPE_CHECKING:
    from game.worker import DecisionWorker, Ticket

log = logging.getLogger(__name__)

HUMAN = 0
"""The human is always player 0 (its seat may change when seats are reordered)."""
AUTOSAVE_VERSION = 1
FALLBACK_LEVEL = Level.NORMAL
HINT_LEVEL = Level.STRONG


@dataclass(frozen=True)
class GameSummary:
    """What the statistics keep of one finished game (from the human's point of view)."""

    setup: SessionSetup
    rules: RuleSet
    game_index: int
    human_seat: int
    place: int
    title: Title
    points: int
    duration_s: float
    opponents: tuple[str | None, ...]
    """The level of each seat's player (``external`` for a program), None for the human."""
    forbidden_finish: bool
    miyako_ochi: bool
    revolution: bool
    record: dict[str, Any]
    match_over: MatchOver | None
    match_key: str = ""
    """Names the match in the statistics (the same after a resume)."""
    started_at: str = ""
    """When the match's first game was dealt (ISO 8601 UTC)."""
    games_played: int = 0
    """Games of the match finished so far, this one included."""
    match_record: dict[str, Any] | None = None
    """The match's record (every game), when the match is over."""


@dataclass(frozen=True)
class Replaced:
    """A player that failed (an external program that would not start or broke) and the computer now in its place."""

    player: int
    error: str


def decision_seed(seed: int, game: int, step: int, seat: int) -> int:
    """A reproducible seed for one computer decision."""
    return zlib.crc32(f"{seed}/{game}/{step}/{seat}".encode())


def decision_step(game: Game) -> int:
    """Where ``game`` stands, as a number for ``decision_seed``: one for each play, pass and handoff,
    a thousand for each exchange gift chosen."""
    step = 0
    for entry in game.history:
        if isinstance(entry, Turn) or entry.kind is not GiftKind.EXCHANGE:
            step += 1
        elif entry.chosen:
            step += 1000
    return step


class Session:
    """A match in progress with its players."""

    def __init__(
        self,
        setup: SessionSetup,
        worker: DecisionWorker,
        *,
        match: Match | None = None,
        on_autosave: Callable[[dict[str, Any]], None] | None = None,
        on_game_over: Callable[[GameSummary], None] | None = None,
        player_factory: Callable[[SeatSpec, SessionSetup], Player] | None = None,
        match_key: str | None = None,
        started_at: str | None = None,
    ) -> None:
        self.setup = setup
        self.match_key = match_key or uuid.uuid4().hex
        """Names this match in the statistics; kept in the autosave."""
        self.started_at = started_at or utc_now()
        """When the match began (ISO 8601 UTC); kept in the autosave."""
        self.rules = setup.rules()
        self.worker = worker
        self.match = match or Match(self.rules, setup.seed, games=setup.games, first_leader=setup.first_leader)
        self.runner = MatchRunner(self.match)
        self.on_autosave = on_autosave
        self.on_game_over = on_game_over
        self.replaced: list[Replaced] = []
        """Players replaced by a computer, to tell the player once."""
        self._factory = player_factory or default_player
        self.players: list[Player | None] = [None] * setup.players
        self.levels: list[str | None] = [None] * setup.players
        for index, spec in enumerate(setup.seats):
            if spec.kind is not SeatKind.HUMAN:
                self._seat_player(index, spec)
        self._starting: dict[int, tuple[threading.Thread, list[Exception]]] = {}
        for index, player in enumerate(self.players):
            if player is not None and player.needs_start:
                self._start_in_background(index, player)
        self._ticket: Ticket | None = None
        self._thinking = Decision(-1)
        """The decision under way in the worker (while ``_ticket`` is set)."""
        self._pending_level: Level | None = None
        self.next_first_leader: int | None = setup.first_leader
        """先攻/後攻 for the next new match (the menu changes it)."""
        self._game_started = time.monotonic()
        self._revolution_seen = False
        self._tell_seating()

    # --- setup -----------------------------------------------------------------

    def _tell_seating(self) -> None:
        """Tell every computer who sits where this game (``Player.seated``: seats change between games)."""
        for player in self.players:
            if player is not None:
                player.seated(self.match.seating)

    def _seat_player(self, index: int, spec: SeatSpec) -> None:
        try:
            self.players[index] = self._factory(spec, self.setup)
            self.levels[index] = "external" if spec.kind is SeatKind.EXTERNAL else spec.level
        except Exception as error:
            self._replace(index, error)

    def _start_in_background(self, index: int, player: Player) -> None:
        """Start an external program without blocking the frame loop (it may take seconds)."""
        if not player.needs_start:
            return
        errors: list[Exception] = []

        def run() -> None:
            try:
                player.start()
            except Exception as error:
                errors.append(error)

        thread = threading.Thread(target=run, name=f"start-player-{index}", daemon=True)
        thread.start()
        self._starting[index] = (thread, errors)

    def check_programs(self) -> bool:
        """True while external programs are still starting; one that failed is replaced by Normal here."""
        for index, (thread, errors) in list(self._starting.items()):
            if thread.is_alive():
                return True
            del self._starting[index]
            if errors:
                self._replace(index, errors[0])
        return False

    def _replace(self, index: int, error: Exception) -> None:
        """Put a Normal computer in the place of a failing player."""
        old = self.players[index]
        if old is not None:
            old.close()
        log.warning("player %d replaced by the %s computer: %s", index, FALLBACK_LEVEL, error)
        self.replaced.append(Replaced(index, str(error)))
        fallback = make_player(FALLBACK_LEVEL)
        fallback.seated(self.match.seating)
        self.players[index] = fallback
        self.levels[index] = FALLBACK_LEVEL

    # --- state -----------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def human_seat(self) -> int:
        return self.match.seat_of(HUMAN)

    def player_at(self, seat: int) -> int:
        return self.match.player_at(seat)

    def level_at(self, seat: int) -> str | None:
        return self.levels[self.match.player_at(seat)]

    @property
    def thinking(self) -> bool:
        return self._ticket is not None

    # --- the seat the table shows (``game.seat.TableSeat``) ---------------------------------

    remote = False

    @property
    def state(self) -> Game:
        return self.match.game

    @property
    def hand(self) -> int:
        return self.game.hands[self.human_seat]

    @property
    def history(self) -> Sequence[Entry]:
        return self.game.history

    @property
    def seed(self) -> int:
        return self.setup.seed

    @property
    def game_index(self) -> int:
        return self.match.index

    def observation(self) -> Observation:
        return observe(self.game, self.human_seat)

    def moves(self) -> list[Move]:
        game = self.game
        return game.move_list() if game.phase is Phase.PLAY and game.turn == self.human_seat else []

    def readings(self, cards: int) -> list[Play]:
        game = self.game
        if game.phase is not Phase.PLAY or cards & game.hands[game.turn] != cards:
            return []
        try:
            return game.readings(cards)
        except IllegalMove:
            return []

    def resolve(self, cards: int) -> Play:
        return self.game.resolve(cards)

    def deal_view(self) -> tuple[PublicState, int]:
        game = self.game
        dealt = next((e.state for e in game.setup_events if isinstance(e, Dealt) and e.state is not None), None)
        return dealt or game.public(), game.deal.hands[self.human_seat]

    def standings(self) -> Standings:
        match = self.match
        return Standings(tuple(match.results), tuple(match.totals), match.outcome, match.length, match.target,
                         len(match.games))

    def name_of(self, player: int) -> str | None:
        return None

    def game_record(self) -> dict[str, Any] | None:
        return record_json(self.rules, [self.game])

    me = HUMAN

    def public(self) -> PublicState:
        return self.game.public()

    def forced_pass(self) -> bool:
        game = self.game
        return game.phase is Phase.PLAY and game.move_list() == [PASS]

    def connection_at(self, seat: int) -> str | None:
        return None

    def deadline(self) -> float:
        return 0.0

    def _decides(self, decision: Decision) -> Player | None:
        """The computer (or program) that makes ``decision``, None for the human."""
        return self.players[self.runner.player_of(decision)]

    def _human_decision(self) -> Decision | None:
        return next((d for d in self.runner.decisions() if d.seat == self.human_seat), None)

    def _computer_decisions(self) -> list[Decision]:
        return [d for d in self.runner.decisions() if self._decides(d) is not None]

    def human_to_act(self) -> bool:
        """Is the game waiting for the human (a move, or cards to give) and no computer first?"""
        return self._human_decision() is not None and not self._computer_decisions()

    def computer_to_act(self) -> bool:
        if self.check_programs():
            return False
        return bool(self._computer_decisions())

    def human_gift_count(self) -> int:
        decision = self._human_decision()
        return decision.gift.count if decision is not None and decision.gift is not None else 0

    # --- computer decisions ----------------------------------------------------------

    def start_thinking(self) -> None:
        """Hand the current computer decision to the worker (if none is under way)."""
        if self._ticket is not None or not self.computer_to_act():
            return
        game = self.game
        decision = self._computer_decisions()[0]
        player = self._decides(decision)
        assert player is not None
        seat = decision.seat
        seed = decision_seed(self.setup.seed, self.match.index, decision_step(game), seat)
        budget = self.setup.expert_budget if player.level is Level.EXPERT else None
        self._thinking = decision
        self._ticket = self.worker.submit(player, observe(game, seat), seed, gift=decision.gift is not None,
                                          budget=budget)

    def poll(self) -> list[Event] | None:
        """Apply the computer's decision once ready; None while it is still thinking."""
        if self._ticket is None:
            return None
        try:
            answer = self.worker.poll(self._ticket)
        except Exception as error:
            self._ticket = None
            self._replace(self.runner.player_of(self._thinking), error)
            return []
        if answer is None:
            return None
        self._ticket = None
        decision = self._thinking
        seat = decision.seat
        try:
            return self._after(self.runner.answer(decision, answer))
        except IllegalMove as error:
            log.error("the computer at seat %d chose an illegal move %r: %s", seat, answer, error)
            self._replace(self.match.player_at(seat), error)
            return []

    def decided_to_pass(self) -> bool:
        """The computer's decision under way is ready and is a pass (the table shows it without a pause)."""
        if self._ticket is None:
            return False
        try:
            answer = self.worker.poll(self._ticket)
        except Exception:  # ``poll`` deals with a failed decision
            return False
        return isinstance(answer, Pass)

    def wait_for_decision(self, timeout: float) -> None:
        """Block until the computer decision under way is ready (for scripts and tests; the game never waits)."""
        if self._ticket is not None:
            with contextlib.suppress(Exception):  # a failed decision is handled by ``poll``
                self.worker.wait(self._ticket, timeout)

    def cancel_thinking(self) -> None:
        if self._ticket is not None:
            self.worker.cancel(self._ticket)
            self._ticket = None

    # --- the human ---------------------------------------------------------------------

    def human_play(self, move: Move) -> list[Event]:
        """Play the human's move (checked: raises ``IllegalMove``)."""
        decision = self._human_decision()
        if decision is None or decision.gift is not None:
            raise IllegalMove(Reason.NOT_YOUR_TURN, seat=self.human_seat, turn=self.game.turn)
        return self._after(self.runner.answer(decision, move))

    def human_give(self, cards: int) -> list[Event]:
        """Give the human's chosen cards (the exchange, 7渡し, 10捨て; checked)."""
        decision = self._human_decision()
        if decision is None or decision.gift is None:
            raise IllegalMove(Reason.NOT_EXCHANGING, seat=self.human_seat)
        return self._after(self.runner.answer(decision, cards))

    def hint(self) -> Move | None:
        """What the Strong computer would play for the human now (None if not the human's turn)."""
        game = self.game
        if game.phase is not Phase.PLAY or game.turn != self.human_seat:
            return None
        seat = self.human_seat
        seed = decision_seed(self.setup.seed, self.match.index, len(game.turns()), seat)
        return make_player(HINT_LEVEL).choose_move(observe(game, seat), random.Random(seed))

    # --- after every action ------------------------------------------------------------

    def _after(self, events: list[Event]) -> list[Event]:
        if any(isinstance(e, Revolution) for e in events):
            self._revolution_seen = True
        self._notify(events)
        if self.game.result is not None:
            events = events + self._finish_game()
        elif any(isinstance(e, TrickCleared) for e in events):
            self._autosave()
        return events

    def _notify(self, events: Sequence[Event]) -> None:
        for index, player in enumerate(self.players):
            if player is None or type(player).notify is Player.notify:
                continue
            seat = self.match.seat_of(index)
            try:
                player.notify(observe(self.game, seat), [visible_to(e, seat) for e in events])
            except Exception as error:
                self._replace(index, error)

    def _finish_game(self) -> list[Event]:
        game = self.game
        result = game.result
        assert result is not None
        outcome = self.runner.end_game()
        seat = self.human_seat
        place = result.places.index(seat)
        summary = GameSummary(
            setup=self.setup,
            rules=self.rules,
            game_index=self.match.index - 1,
            human_seat=seat,
            place=place,
            title=result.titles[seat],
            points=result.points[seat],
            duration_s=time.monotonic() - self._game_started,
            opponents=tuple(self.levels[self.match.player_at(s)] for s in range(game.n)),
            forbidden_finish=seat in game.forbidden,
            miyako_ochi=game.miyako == seat,
            revolution=self._revolution_seen,
            record=record_json(self.rules, [game]),
            match_over=outcome,
            match_key=self.match_key,
            started_at=self.started_at,
            games_played=len(self.match.results),
            match_record=match_record_json(self.match) if outcome is not None else None,
        )
        if self.on_game_over is not None:
            self.on_game_over(summary)
        self._autosave()
        return [outcome] if outcome is not None else []

    def computer_level(self) -> Level:
        """The level of the computer seats (the first one's, if they differ)."""
        pending = self._pending_level
        if pending is not None:
            return pending
        return next((s.level for s in self.setup.seats if s.kind is SeatKind.COMPUTER), FALLBACK_LEVEL)

    def change_level(self, level: Level) -> None:
        """Every computer seat plays at ``level`` from the next game on."""
        self._pending_level = level

    def next_setup(self) -> SessionSetup:
        """The setup of a new match like this one (with changed levels and 先攻/後攻), fresh seed."""
        seats = tuple(
            replace(s, level=self._pending_level) if s.kind is SeatKind.COMPUTER and self._pending_level else s
            for s in self.setup.seats
        )
        return replace(self.setup, seats=seats, first_leader=self.next_first_leader,
                       seed=random.Random(self.setup.seed).getrandbits(31))

    def next_game(self) -> list[Event]:
        """Deal the next game of the match; its setup events (deal, exchange, leader)."""
        if self._pending_level is not None:
            level, self._pending_level = self._pending_level, None
            self.setup = replace(self.setup, seats=tuple(
                replace(s, level=level) if s.kind is SeatKind.COMPUTER else s for s in self.setup.seats))
            for index, spec in enumerate(self.setup.seats):
                if spec.kind is SeatKind.COMPUTER:
                    self.players[index] = make_player(level)
                    self.levels[index] = level
        events = self.runner.next_game()
        self._game_started = time.monotonic()
        self._revolution_seen = False
        self._tell_seating()
        self._notify(events)
        self._autosave()
        return events

    def past_events(self) -> list[Event]:
        """The game's events so far as the human saw them, made again from its deal and history."""
        if not self.game.turns():
            return []
        human = self.human_seat
        return [visible_to(e, human) for e in self.game.replayed_events()]

    def opening_events(self) -> list[Event]:
        return list(self.game.setup_events)

    @property
    def over(self) -> bool:
        return self.match.over

    # --- saving and resuming ---------------------------------------------------------

    def autosave_data(self) -> dict[str, Any]:
        return {
            "version": AUTOSAVE_VERSION,
            "setup": self.setup.to_json(),
            "levels": self.levels,
            "record": match_record_json(self.match),
            "match": {"key": self.match_key, "started_at": self.started_at},
        }

    def _autosave(self) -> None:
        if self.on_autosave is not None:
            self.on_autosave(self.autosave_data())

    @staticmethod
    def restore(data: Mapping[str, Any]) -> tuple[SessionSetup, Match]:
        """The setup and the match of ``autosave_data()``, checked, nothing started (no external program).

        ValueError (or RecordError) if it cannot be resumed.  Setup values out
        of range are clamped, with a logged warning (``setup_from_json``).
        """
        if data.get("version") != AUTOSAVE_VERSION:
            raise ValueError(f"autosave version {data.get('version')!r} is not supported")
        setup, warnings = setup_from_json(data.get("setup"))
        for warning in warnings:
            log.warning("autosave: %s", warning)
        record = parse_record(data.get("record"))
        if record.rules != setup.rules():
            raise ValueError("the saved record's rules are not the saved setup's")
        match = resume_match(record, setup.seed, games=setup.games, first_leader=setup.first_leader)
        return setup, match

    @staticmethod
    def saved_match(data: Mapping[str, Any]) -> dict[str, Any]:
        """The statistics' match key and start time kept in ``autosave_data()`` (Session keyword
        arguments; none for a save from before they were kept)."""
        info = data.get("match")
        if not (isinstance(info, dict) and isinstance(info.get("key"), str) and info["key"]):
            return {}
        try:
            started = iso_utc(info.get("started_at"))  # type: ignore[arg-type]
        except (ValueError, TypeError, AttributeError):
            started = None
        return {"match_key": info["key"], "started_at": started}

    @classmethod
    def resume(cls, data: Mapping[str, Any], worker: DecisionWorker, **kwargs: Any) -> Session:
        """A session from ``autosave_data()``; ValueError (or RecordError) if it cannot be resumed."""
        setup, match = cls.restore(data)
        kwargs = {**cls.saved_match(data), **kwargs}
        return cls(setup, worker, match=match, **kwargs)

    def close(self) -> None:
        self.cancel_thinking()
        for player in self.players:
            if player is not None:
                player.close()


def default_player(spec: SeatSpec, setup: SessionSetup) -> Player:
    """The player for a seat: a computer of its level or an external program."""
    if spec.kind is SeatKind.EXTERNAL:
        from game.network.uecda.external import ExternalPlayer

        return ExternalPlayer(spec.command, start=False)
    return make_player(spec.level)


__all__ = [
    "AUTOSAVE_VERSION",
    "FALLBACK_LEVEL",
    "HINT_LEVEL",
    "HUMAN",
    "GameSummary",
    "Replaced",
    "SeatSpec",
    "Session",
    "SessionSetup",
    "decision_seed",
    "default_player",
]
