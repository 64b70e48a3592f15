"""A hosted table: its seats, the match played through the engine's ``MatchRunner``, and what each player is sent.

``Table`` is the referee and knows nothing of sockets or of the clock: every
method takes the time (``now``, seconds) and returns the messages to send,
as ``(player, message)`` pairs (``ALL`` for every connected player).  The
server (``server.py``) delivers them and calls ``tick`` now and then.

* Seats: the owner takes player 0 when it creates the table, people join in
  turn with the table's code; at the start the open seats become computers of
  the table's level.  Each person gets a session token to come back with.
* Every action names the table's step it answers (``Snapshot.step``,
  ``Update.step``); the engine checks it (``runner.answer``).  A stale step, a
  doubled action, a seat out of turn or a move the rules refuse is answered
  with ``Rejected`` and a reason, and nothing changes.
* A person who drops keeps the seat (``RECONNECTING``); after the drop timeout
  a computer plays it (``COMPUTER``) until the person returns with the token
  and gets everything at once (a ``Snapshot``).  With a turn timer, a person's
  decision not made in time is made by the computer for that turn only.
* Computer decisions are asked for with ``computer_job`` and answered with
  ``computer_answer``; the server runs them off its loop.
* After a game each connected person sends ``Ready``; the next game is dealt
  when every connected person is ready or after ``between_games`` seconds.
* ``save_data()`` is the match so far (like the desktop game's autosave);
  ``Table.resume`` hosts it again.
"""

from __future__ import annotations

import random
import secrets
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ai.levels import make_player
from ai.player import Player
from game.engine import PASS, IllegalMove, Match, Observation, observe
from game.engine.events import Event
from game.engine.record import match_record_json, parse_record, record_json, resume_match
from game.engine.runner import Answer, Decision, MatchRunner
from game.engine.state import Entry, GiftKind, Phase, Turn
from game.session import decision_step

from .messages import (
    MAX_NAME,
    Act,
    Closed,
    Closing,
    GameRecord,
    Give,
    Lobby,
    MessageError,
    React,
    Reaction,
    Refusal,
    Rejected,
    SeatInfo,
    SeatState,
    ServerMessage,
    Snapshot,
    TableSettings,
    Update,
    read_settings,
    settings_json,
)
from .views import seat_events, view_of

ALL: Final = -1
"""``Outgoing`` to every connected player."""
SAVE_VERSION: Final = 1
REACTION_GAP: Final = 1.0
"""Seconds between two reactions of one player (more are dropped)."""
BETWEEN_GAMES: Final = 20.0
"""Seconds the table waits for everyone to be ready before it deals the next game."""

Outgoing = tuple[int, ServerMessage]


class TableError(Exception):
    """A join or a return the table refuses (``reason``, and a message for the person)."""

    def __init__(self, reason: Refusal, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass
class SeatSlot:
    """One player of the match and how it is played."""

    player: int
    name: str = ""
    person: bool = False
    token: str = ""
    connected: bool = False
    dropped_at: float | None = None
    left: bool = False
    """The person left for good: the computer plays the seat to the end."""
    reserved: bool = False
    """A person's seat of a resumed match, waiting for a person to take it."""
    ready: bool = False
    synced_game: int = -1
    synced_history: int = 0
    synced_turn: tuple[int, Entry] | None = None
    """The last play or pass sent and where it is: it may yet learn why its trick ended."""
    last_reaction: float = -1e9

    def state(self, started: bool, drop_timeout: float, now: float) -> SeatState:
        if not self.person:
            return SeatState.COMPUTER if started else SeatState.OPEN
        if self.connected:
            return SeatState.CONNECTED
        if self.left or self.dropped_at is None or now - self.dropped_at >= drop_timeout:
            return SeatState.COMPUTER
        return SeatState.RECONNECTING


@dataclass(frozen=True)
class ComputerJob:
    """A decision the computer is to make: for a computer seat, a dropped person, or a person out of time."""

    decision: Decision
    step: int
    player: Player
    obs: Observation
    seed: int


@dataclass
class _Due:
    """A person's decision and when it became due (the turn timer runs from then)."""

    decision: Decision
    since: float
    step: int


@dataclass
class Table:
    """One table of a server: seats, the match, the step counter."""

    code: str
    settings: TableSettings
    seed: int
    seats: list[SeatSlot] = field(default_factory=list)
    runner: MatchRunner | None = None
    step: int = 0
    between_games: float = BETWEEN_GAMES
    game_over_at: float | None = None
    match_key: str = field(default_factory=lambda: secrets.token_hex(16))
    _players: dict[int, Player] = field(default_factory=dict)
    _due: dict[int, _Due] = field(default_factory=dict)
    _resume: Match | None = None
    _shown: Lobby | None = None
    _records: dict[int, GameRecord] = field(default_factory=dict)
    closed: bool = False
    owned: bool = True
    """Created by a player (its owner, player 0): the table closes if the owner goes before the start."""

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [SeatSlot(p) for p in range(self.settings.players)]

    # --- who sits here ------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.runner is not None

    @property
    def over(self) -> bool:
        return self.runner is not None and self.runner.match.over

    @property
    def match(self) -> Match:
        assert self.runner is not None
        return self.runner.match

    def lobby(self, now: float) -> Lobby:
        drop = float(self.settings.drop_timeout)
        return Lobby(tuple(SeatInfo(s.player, s.name, s.state(self.started, drop, now), s.person) for s in self.seats),
                     self.started)

    def _lobby_out(self, now: float) -> list[Outgoing]:
        self._shown = self.lobby(now)
        return [(ALL, self._shown)]

    def people(self) -> int:
        return sum(1 for s in self.seats if s.person and s.connected)

    def join(self, name: str, now: float) -> tuple[SeatSlot, list[Outgoing]]:
        """A person takes a seat (the first open one, or the reserved seat of that name in a resumed match)."""
        if self.closed:
            raise TableError(Refusal.WRONG_CODE, "this table has closed")
        if self.started:
            raise TableError(Refusal.STARTED, "the match has begun: only its players can come back")
        free = [s for s in self.seats if not s.person and (s.reserved or self._resume is None)]
        slot = next((s for s in free if s.reserved and s.name == name), None) or (free[0] if free else None)
        if slot is None:
            raise TableError(Refusal.TABLE_FULL, "every seat is taken")
        slot.name = self._unique_name(name, slot.player)
        slot.person, slot.connected, slot.reserved = True, True, False
        slot.token = secrets.token_urlsafe(18)
        return slot, self._lobby_out(now)

    def _unique_name(self, name: str, player: int) -> str:
        taken = {s.name for s in self.seats if s.person and s.player != player}
        if name not in taken:
            return name
        for k in range(2, 10):
            candidate = f"{name[: MAX_NAME - 2]} {k}"
            if candidate not in taken:
                return candidate
        return f"{name[: MAX_NAME - 3]} {player + 1}"

    def come_back(self, token: str, now: float, records: int = 0) -> tuple[SeatSlot, list[Outgoing]]:
        """A person returns with its token: its seat, the whole state at once (and the records of the finished
        games from game ``records`` on), and the others told."""
        slot = self.seat_of_token(token)
        if slot is None:
            raise TableError(Refusal.BAD_TOKEN, "this seat's token is not known here (or the player left)")
        slot.connected, slot.dropped_at = True, None
        slot.synced_game = -1
        out: list[Outgoing] = self._lobby_out(now)
        if self.started:
            out.append((slot.player, self.snapshot(slot, now)))
            match = self.match
            for index in range(records, len(match.results)):
                out.append((slot.player, self._game_record(index)))
            self._restart_due(slot.player, now)
        return slot, out

    def seat_of_token(self, token: str) -> SeatSlot | None:
        """The seat a person may come back to with ``token`` (None: no seat of this open table, or its player
        left)."""
        given = token.encode()  # bytes: a peer's text may hold any character (``compare_digest`` takes only ASCII)
        slot = next((s for s in self.seats if s.person and s.token and secrets.compare_digest(s.token.encode(), given)),
                    None)
        return None if slot is None or slot.left or self.closed else slot

    def drop(self, player: int, now: float) -> list[Outgoing]:
        """The connection of ``player`` was lost: it keeps its seat (``RECONNECTING``)."""
        slot = self.seats[player]
        if not slot.connected:
            return []
        slot.connected, slot.dropped_at = False, now
        return self._lobby_out(now)

    def _vacate(self, slot: SeatSlot, now: float) -> list[Outgoing]:
        """Before the start: a person's seat is free again; the owner's going closes the table (nobody could start
        it)."""
        if slot.player == 0 and self.owned:
            return self.close(Closing.HOST_LEFT)
        slot.person, slot.connected, slot.name, slot.token, slot.dropped_at = False, False, "", "", None
        return self._lobby_out(now)

    def leave(self, player: int, now: float) -> list[Outgoing]:
        """The person leaves for good (its seat played by the computer); the owner before the start closes it."""
        slot = self.seats[player]
        if not self.started:
            return self._vacate(slot, now)
        slot.connected, slot.left, slot.dropped_at, slot.token = False, True, now, ""
        return self._lobby_out(now)

    def close(self, reason: Closing, saved: bool = False) -> list[Outgoing]:
        self.closed = True
        return [(ALL, Closed(reason, saved))]

    # --- the match ----------------------------------------------------------------------------------

    def start(self, player: int, now: float) -> list[Outgoing]:
        if player != 0:
            return [(player, Rejected(Refusal.NOT_ALLOWED, "only the host starts the match"))]
        if self.started:
            return [(player, Rejected(Refusal.NOT_ALLOWED, "the match has begun"))]
        for slot in self.seats:
            slot.reserved = False
        if self._resume is not None:
            match = self._resume
        else:
            settings = self.settings
            match = Match(settings.rules(), self.seed, games=settings.games)
        self.runner = MatchRunner(match)
        self.step += 1
        self._track_due(now)
        out: list[Outgoing] = self._lobby_out(now)
        game = self.runner.game
        opening = not game.history and game.result is None  # the deal is news: shown as at a local table
        for slot in self.seats:
            if slot.connected:
                update = self._update(slot, game.setup_events, now) if opening else self.snapshot(slot, now)
                out.append((slot.player, update))
        return out

    def _game_record(self, index: int) -> GameRecord:
        """The record of the finished game ``index``, made once (a finished game does not change; a player's every
        return is sent the records it lacks)."""
        record = self._records.get(index)
        if record is None:
            match = self.match
            record = self._records[index] = GameRecord(index, record_json(match.rules, [match.games[index]]))
        return record

    def snapshot(self, slot: SeatSlot, now: float) -> Snapshot:
        view = view_of(self.match, slot.player, deadline=self._deadline(slot.player, now))
        self._synced(slot, view.game)
        return Snapshot(self.step, view)

    def _synced(self, slot: SeatSlot, game_index: int) -> None:
        history = self.match.game.history
        slot.synced_game, slot.synced_history = game_index, len(history)
        last = next((i for i in range(len(history) - 1, -1, -1) if isinstance(history[i], Turn)), None)
        slot.synced_turn = None if last is None else (last, history[last])

    def _deadline(self, player: int, now: float) -> float:
        due = self._due.get(player)
        timer = self.settings.turn_timer
        if due is None or not timer:
            return 0.0
        return max(0.01, due.since + timer - now)

    def _after(self, events: list[Event], now: float) -> list[Outgoing]:
        """Book a finished game, move the step on, send each connected person its update."""
        runner = self.runner
        assert runner is not None
        out: list[Outgoing] = []
        if runner.game.result is not None and (not runner.match.results
                                               or runner.match.results[-1].result is not runner.game.result):
            outcome = runner.end_game()
            if outcome is not None:
                events = [*events, outcome]
            self._computers_see_the_end()
            self.game_over_at = now
            for slot in self.seats:
                slot.ready = not (slot.person and slot.connected)
            out.append((ALL, self._game_record(len(runner.match.games) - 1)))
        self.step += 1
        self._track_due(now)
        updates: list[Outgoing] = []
        for slot in self.seats:
            if slot.connected:
                updates.append((slot.player, self._update(slot, events, now)))
        return updates + out

    def _update(self, slot: SeatSlot, events: Sequence[Event], now: float) -> Update | Snapshot:
        match = self.match
        game_index = len(match.games) - 1
        if slot.synced_game != game_index and slot.synced_game != game_index - 1:
            return self.snapshot(slot, now)  # it missed more than this game's start: everything at once
        start = slot.synced_history if slot.synced_game == game_index else 0
        sent = slot.synced_turn
        if start and sent is not None and match.game.history[sent[0]] != sent[1]:
            start = sent[0]  # the play sent before learned why its trick ended (after its 7渡し or 10捨て)
        view = view_of(match, slot.player, history_from=start, deadline=self._deadline(slot.player, now))
        self._synced(slot, game_index)
        seat = match.seat_of(slot.player)
        return Update(self.step, seat_events(events, seat), view, start)

    def _track_due(self, now: float) -> None:
        """Note when each person's decision became due (the turn timer counts from then)."""
        if self.runner is None:
            return
        due: dict[int, _Due] = {}
        for decision in self.runner.decisions():
            player = self.runner.player_of(decision)
            old = self._due.get(player)
            kept = old is not None and old.decision == decision and decision.gift is not None \
                and decision.gift.kind is GiftKind.EXCHANGE  # another's gift leaves this one as it was
            due[player] = old if kept and old is not None else _Due(decision, now, self.step)
        self._due = due

    def _restart_due(self, player: int, now: float) -> None:
        due = self._due.get(player)
        if due is not None:
            due.since = max(due.since, now - self.settings.turn_timer / 2) if self.settings.turn_timer else now

    def handle(self, player: int, message: Act | Give | React, now: float) -> list[Outgoing]:
        """A person's action or reaction: applied if the engine agrees, else ``Rejected`` with the reason."""
        if isinstance(message, React):
            slot = self.seats[player]
            if now - slot.last_reaction < REACTION_GAP:
                return []
            slot.last_reaction = now
            return [(ALL, Reaction(player, message.stamp))]
        step = message.step
        if self.runner is None:
            return [(player, Rejected(Refusal.NOT_STARTED, "the match has not begun", step))]
        due = self._due.get(player)
        if self.over or self.runner.game.over:
            return [(player, Rejected(Refusal.ILLEGAL, "the game is over", step))]
        if step > self.step or (due is not None and step < due.step) or (due is None and step != self.step):
            return [(player, Rejected(Refusal.STALE, f"step {step} has passed: the table is at step {self.step}",
                                      step))]
        if due is None:
            return [(player, Rejected(Refusal.NOT_YOUR_TURN, "the table waits for another player", step))]
        decision = due.decision
        reply: Answer = message.cards if isinstance(message, Give) else (message.play or PASS)
        if isinstance(message, Give) != (decision.gift is not None):
            what = "cards to give" if decision.gift is not None else "a move"
            return [(player, Rejected(Refusal.ILLEGAL, f"the table waits for {what} from you", step))]
        try:
            events = self.runner.answer(decision, reply)
        except IllegalMove as error:
            return [(player, Rejected(Refusal.ILLEGAL, str(error), step))]
        return self._after(events, now)

    def ready(self, player: int, now: float) -> list[Outgoing]:
        self.seats[player].ready = True
        return self.tick(now)

    # --- the computer and the clock -------------------------------------------------------------------------

    def computer_job(self, now: float) -> ComputerJob | None:
        """The next decision the computer makes now, if any."""
        runner = self.runner
        if runner is None or self.closed or runner.game.over:
            return None
        drop = float(self.settings.drop_timeout)
        timer = self.settings.turn_timer
        for decision in runner.decisions():
            player = runner.player_of(decision)
            slot = self.seats[player]
            due = self._due.get(player)
            late = bool(timer) and due is not None and now - due.since >= timer
            if slot.state(True, drop, now) is SeatState.COMPUTER or late:
                game = runner.game
                step = decision_step(game)
                seed = zlib.crc32(f"{self.seed}/{runner.match.index}/{step}/{decision.seat}".encode())
                return ComputerJob(decision, self.step, self._computer(player), observe(game, decision.seat), seed)
        return None

    def _computer(self, player: int) -> Player:
        computer = self._players.get(player)
        if computer is None:
            computer = self._players[player] = make_player(self.settings.level)
            computer.seated(self.match.seating)
        return computer

    def _computers_see_the_end(self) -> None:
        """Show the computers the finished game, every hand known (the Expert learns from it how each player
        plays), as the desktop table does."""
        match = self.match
        for player, computer in self._players.items():
            if type(computer).notify is not Player.notify:
                computer.notify(observe(match.game, match.seat_of(player)), [])

    def computer_answer(self, job: ComputerJob, answer: Answer, now: float) -> list[Outgoing]:
        """Apply the computer's decision (dropped if the table moved on meanwhile)."""
        if self.runner is None or job.step != self.step or self.closed:
            return []
        try:
            events = self.runner.answer(job.decision, answer)
        except IllegalMove:
            events = self.runner.answer(job.decision, fallback_answer(self.runner, job.decision))
        return self._after(events, now)

    def tick(self, now: float) -> list[Outgoing]:
        """Timeouts: seats that became the computer's, and the next game once everyone is ready."""
        out: list[Outgoing] = []
        if self.closed:
            return out
        runner = self.runner
        if runner is None:
            drop = self.settings.drop_timeout
            for slot in self.seats:
                if slot.person and not slot.connected and slot.dropped_at is not None and now - slot.dropped_at >= drop:
                    out += self._vacate(slot, now)  # gone before the start, and not back in time
                    if self.closed:
                        return out
            return out
        if self._shown is not None and self.lobby(now) != self._shown:
            out += self._lobby_out(now)  # a dropped player's seat went to the computer
        waited = self.game_over_at is not None and now - self.game_over_at >= self.between_games
        if runner.game.over and not runner.match.over and self.game_over_at is not None \
                and (waited or all(s.ready for s in self.seats)):
            self.game_over_at = None
            dealt = runner.next_game()
            for computer in self._players.values():
                computer.seated(runner.match.seating)
            out += self._after(dealt, now)
        return out

    def next_wake(self, now: float) -> float | None:
        """When ``tick`` or ``computer_job`` may have something new to do (None: only on a message)."""
        times: list[float] = []
        if self.game_over_at is not None:
            times.append(self.game_over_at + self.between_games)
        drop = float(self.settings.drop_timeout)
        for slot in self.seats:
            if slot.person and not slot.connected and slot.dropped_at is not None and not slot.left:
                times.append(slot.dropped_at + drop)
        if self.settings.turn_timer:
            times += [due.since + self.settings.turn_timer for due in self._due.values()]
        later = [t for t in times if t > now]
        return min(later) if later else None

    # --- saving ---------------------------------------------------------------------------------------------

    def save_data(self) -> dict[str, Any] | None:
        """The match so far, to host again (None before the start or once it is over)."""
        if self.runner is None or self.over:
            return None
        return {
            "version": SAVE_VERSION,
            "table": settings_json(self.settings),
            "seed": self.seed,
            "record": match_record_json(self.match),
            "names": [s.name if s.person else "" for s in self.seats],
            "match": {"key": self.match_key},
        }

    @classmethod
    def resume(cls, code: str, data: Mapping[str, Any], between_games: float = BETWEEN_GAMES) -> Table:
        """A table that plays on a saved match; its people's seats wait for them by name.

        ``ValueError`` (naming the field) if the data is not a saved match.
        """
        if not isinstance(data, Mapping) or data.get("version") != SAVE_VERSION:
            raise ValueError("saved match: not a saved hosted match of this version")
        try:
            settings = read_settings(data.get("table"), "table")
        except MessageError as error:
            raise ValueError(f"saved match: {error}") from None
        seed = data.get("seed")
        names = data.get("names")
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63:
            raise ValueError("saved match: seed: expected a whole number")
        if not isinstance(names, list) or len(names) != settings.players \
                or not all(isinstance(n, str) and len(n) <= MAX_NAME for n in names):
            raise ValueError("saved match: names: expected a name (or nothing) for each player")
        record = parse_record(data.get("record"))
        if record.rules != settings.rules():
            raise ValueError("saved match: the record's rules are not the table's")
        match = resume_match(record, seed, games=settings.games)
        if match.over:
            raise ValueError("saved match: the match is over")
        info = data.get("match")
        key = info.get("key") if isinstance(info, Mapping) else None
        table = cls(code, settings, seed, between_games=between_games)
        if isinstance(key, str) and 0 < len(key) <= 64:
            table.match_key = key
        table._resume = match
        for slot, name in zip(table.seats, names, strict=True):
            slot.reserved, slot.name = bool(name), name
        return table


def fallback_answer(runner: MatchRunner, decision: Decision) -> Answer:
    """A safe answer when a computer failed: the weakest cards to give, a pass, or the first legal move."""
    game = runner.game
    if decision.gift is not None:
        hand = game.hands[decision.seat]
        cards = sorted(c for c in range(54) if hand >> c & 1)[: decision.gift.count]
        return sum(1 << c for c in cards)
    moves = game.move_list()
    return moves[-1] if game.phase is Phase.PLAY and moves else moves[0]


def new_code(rng: random.Random | None = None) -> str:
    """A fresh table code (from the system's entropy unless ``rng`` is given, for tests)."""
    from .messages import CODE_ALPHABET, CODE_LENGTH

    pick = rng.choice if rng is not None else secrets.choice
    return "".join(pick(CODE_ALPHABET) for _ in range(CODE_LENGTH))


__all__ = ["ALL", "ComputerJob", "Outgoing", "SeatSlot", "Table", "TableError", "fallback_answer", "new_code"]
