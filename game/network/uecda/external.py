"""``ExternalPlayer``: a UECda tournament program playing one seat at our desktop table.

The program is started with a port to connect to on loopback; we speak the
*server* side of protocol 20070 for its seat (``seat.py``, shared with
``server.py``) while our engine runs the game:

* ``ExternalPlayer(command)`` listens on 127.0.0.1 (a free port), starts the
  program and waits up to ``connect_timeout`` (5 s) for it to connect and send
  table 1 with protocol 20070; the program gets player number
  ``player_number`` (0 by default).
* Command line: a list of arguments, or a string split like a shell does
  (``shlex``).  ``{port}`` and ``{host}`` in it are replaced; without
  ``{port}`` we append ``-h 127.0.0.1 -p PORT``, the options of the standard
  UECda client (``-h host -p port -n name``), which every client derived from
  it accepts.
* ``notify(obs, events)`` (after every action) only queues messages and
  returns at once; a background thread does all socket I/O, in order.  For an
  action of another seat the program gets its hand and the state before the
  action (``[5][2] = 0``), then the field and 0 (1 when the game ended).
* ``choose_move`` sends the hand and state with ``[5][2] = 1``, waits up to
  ``read_timeout`` for the play, answers 9 or 8 and returns the move (an
  illegal play or pass is treated as the server does: see ``seat.py``).
  ``choose_gift`` reads the gift the program sends after the opening hand.
  Both may block; they are meant for a worker thread.
* The end of a game is told to the program (1) when the next game starts, or
  (2: all games over) when ``close()`` is called after a game ended, so the
  program exits cleanly at the end of a match.
* Player numbers: the program is ``player_number``; the other seats are
  numbered around the table from it (``seating[s] = (s - my_seat +
  player_number) % 5``), or by ``ExternalPlayer.seating`` if the session sets
  it (the player number of each seat).

Any failure (program not found, exits, no connection or handshake within the
timeout, a malformed table, a disconnect, a timeout) raises
``ExternalPlayerError`` from the constructor, ``start``, ``choose_move`` or
``choose_gift``, with a clear message, also logged.  ``notify`` never raises:
a failure found in the background is kept in ``failure`` (and passed to
``on_failure`` if given) and raised by the next ``choose_*`` call.  ``close()``
ends the program and closes the sockets.

The program runs in its own process group (``program.py``): ending it
(terminate, then kill after a grace period) ends everything it started, also
when the game exits without ``close()``.  Its standard output and error are
kept only in part (the first 8 KiB and the last 24 KiB), logged when it ends
and quoted in error messages, with a note of how much was left out.
"""

from __future__ import annotations

import contextlib
import logging
import os
import queue
import random
import select
import shlex
import socket
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ai.player import Player, gift_count, weakest_cards
from game.engine import Event, Move, Observation, Play, PublicState, Turn
from game.engine.events import GameOver, MatchOver, Passed, Played, Revolution

from .program import KILL_GRACE, ProgramOutput, end_program, kill_group_at_exit, start_program
from .protocol import (
    DEFAULT_HOST,
    GAME_CONTINUES,
    GAME_OVER,
    MATCH_OVER,
    PLAYERS,
    MalformedTable,
    ProtocolError,
    Table,
    int_bytes,
    recv_table,
    send_bytes,
    send_int,
    table_bytes,
)
from .seat import (
    ClientLink,
    chosen_gift,
    field_play,
    field_table,
    initial_table,
    judge_gift,
    judge_play,
    turn_table,
)

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 5.0
READ_TIMEOUT = 10.0
OUTPUT_WAIT = 0.5
"""Seconds to wait for the last of an ended program's output."""
_POLL = 0.1
"""How often the idle connection thread checks that the program is still there."""


class ExternalPlayerError(RuntimeError):
    """The external program cannot play (the message says why)."""


def build_command(command: str | Sequence[str], host: str, port: int) -> list[str]:
    """The argument list that starts the program and tells it where to connect."""
    argv = shlex.split(command, posix=os.name != "nt") if isinstance(command, str) else [str(a) for a in command]
    if not argv or not argv[0].strip():
        raise ExternalPlayerError("the external program's command line is empty")
    if any("{port}" in a for a in argv):
        return [a.replace("{port}", str(port)).replace("{host}", host) for a in argv]
    return [a.replace("{host}", host) for a in argv] + ["-h", host, "-p", str(port)]


@dataclass
class _Reply:
    what: str
    timeout: float
    done: threading.Event = field(default_factory=threading.Event)
    table: Table | None = None
    error: ExternalPlayerError | None = None
    keep: bool = True
    """False: read and drop (a gift nobody asked for)."""


_Op = tuple[str, Any, str]


class ExternalPlayer(Player):
    """A UECda program (protocol 20070) in one seat of our game."""

    runs_in_process = False
    needs_start = True
    """Not CPU-bound here, and it owns sockets and a process: run its decisions in a thread."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        player_number: int = 0,
        connect_timeout: float = CONNECT_TIMEOUT,
        read_timeout: float = READ_TIMEOUT,
        host: str = DEFAULT_HOST,
        cwd: str | None = None,
        start: bool = True,
        on_failure: Callable[[ExternalPlayerError], None] | None = None,
        logger: logging.Logger | None = None,
    ) -> None:
        self.command = command
        self.player_number = player_number
        self.connect_timeout = connect_timeout
        self.read_timeout = read_timeout
        self.host = host
        self.cwd = cwd
        self.on_failure = on_failure
        self.log = logger or log
        self.seating: Sequence[int] | None = None
        """The player number in each seat, if the session wants real identities (else numbered around us)."""
        self.name = ""
        """The name the program sent in table 1."""
        self.argv: list[str] = []
        self.proc: subprocess.Popen[bytes] | None = None
        self.output: ProgramOutput | None = None
        """What the program wrote (in part: see ``ProgramOutput``)."""
        self._ended = False
        self._end_lock = threading.Lock()
        self._at_exit: weakref.finalize[[subprocess.Popen[bytes]], object] | None = None
        self._sock: socket.socket | None = None
        self._ops: queue.Queue[_Op] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.RLock()
        self._failure: ExternalPlayerError | None = None
        self._closing = False
        self._closed = False
        self._game_key: tuple[object, ...] | None = None
        self._history_len = 0
        self._view: Observation | None = None
        self._turn_sent = -1
        self._gift_expected = False
        self._game_over_pending = False
        if start:
            self.start()

    # --- starting --------------------------------------------------------------------------

    @property
    def label(self) -> str:
        shown = self.command if isinstance(self.command, str) else " ".join(self.command)
        return f"external program {shown!r}"

    @property
    def failure(self) -> ExternalPlayerError | None:
        """The error that stopped the program, if any."""
        return self._failure

    def start(self) -> None:
        """Start the program and wait for its connection and handshake (at most ``connect_timeout``)."""
        if self._thread is not None:
            return
        if self._failure is not None:
            raise self._failure
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            listener.bind((self.host, 0))
            listener.listen(1)
            port = listener.getsockname()[1]
            self.argv = build_command(self.command, self.host, port)
            with self._lock:
                if self._closed:
                    raise ExternalPlayerError(f"{self.label}: closed before it started")
                try:
                    self.proc = start_program(self.argv, self.cwd)
                except OSError as error:
                    raise self._error(f"cannot start {self.argv[0]!r}: {error.strerror or error}") from None
                self._at_exit = kill_group_at_exit(self, self.proc)
                assert self.proc.stdout is not None
                self.output = ProgramOutput(self.proc.stdout, name=str(self.player_number))
            deadline = time.monotonic() + self.connect_timeout
            sock = self._accept(listener, deadline)
            self._sock = sock
            try:
                self.name = ClientLink.read_handshake(sock, max(0.05, deadline - time.monotonic()))
                send_int(sock, self.player_number, self.read_timeout, "the player number")
            except ProtocolError as error:
                raise self._error(str(error)) from None
        except ExternalPlayerError:
            self._shutdown(graceful=False)
            raise
        except OSError as error:
            self._shutdown(graceful=False)
            raise self._error(f"cannot listen for it on {self.host}: {error}") from None
        finally:
            listener.close()
        self.log.info("%s connected as %r (player %d)", self.label, self.name, self.player_number)
        self._thread = threading.Thread(target=self._run, name=f"uecda-external-{self.player_number}", daemon=True)
        self._thread.start()

    def _accept(self, listener: socket.socket, deadline: float) -> socket.socket:
        assert self.proc is not None
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise self._error(f"it did not connect within {self.connect_timeout:g} s{self._output_tail()}")
            listener.settimeout(min(remaining, _POLL))
            try:
                sock, _ = listener.accept()
            except TimeoutError:
                status = self.proc.poll()
                if status is not None:
                    raise self._error(
                        f"it exited with status {status} before connecting{self._output_tail()}") from None
                continue
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return sock

    def _error(self, message: str) -> ExternalPlayerError:
        error = ExternalPlayerError(f"{self.label}: {message}")
        if self._failure is None:
            self._failure = error
            self.log.error("%s", error)
        return error

    def _output_tail(self, limit: int = 400) -> str:
        out = self.output
        if out is None:
            return ""
        if self.proc is not None and self.proc.poll() is not None:
            out.wait(OUTPUT_WAIT)
        text = out.ending(limit)
        if not text:
            return ""
        dropped = out.dropped
        kept = f"; it wrote {out.total} bytes, {dropped} of them not kept" if dropped else ""
        return f" (its output ends: {text!r}{kept})"

    # --- the connection thread -------------------------------------------------------------

    def _run(self) -> None:
        while True:
            try:
                kind, payload, what = self._ops.get(timeout=_POLL)
            except queue.Empty:
                self._check_alive()
                continue
            if kind == "stop":
                return
            reply = payload if kind == "recv" else None
            if self._failure is not None or self._sock is None:
                if reply is not None:
                    reply.error = self._failure or ExternalPlayerError(f"{self.label}: the connection is closed")
                    reply.done.set()
                continue
            try:
                if kind == "send":
                    send_bytes(self._sock, payload, self.read_timeout, what)
                else:
                    assert reply is not None
                    reply.table = recv_table(self._sock, reply.timeout, what)
            except ProtocolError as error:
                if self._closing:
                    if reply is not None:
                        reply.error = ExternalPlayerError(f"{self.label}: closed")
                else:
                    self._fail(f"{error}{self._exit_note()}")
            if reply is not None:
                if self._failure is not None and reply.table is None:
                    reply.error = self._failure
                reply.done.set()

    def _exit_note(self) -> str:
        status = self.proc.poll() if self.proc is not None else None
        return "" if status is None else f"; the program exited with status {status}{self._output_tail()}"

    def _check_alive(self) -> None:
        if self._failure is not None or self._closing or self.proc is None or self._sock is None:
            return
        status = self.proc.poll()
        if status is not None:
            self._fail(f"the program exited with status {status} in the middle of the match{self._output_tail()}")
            return
        try:
            readable, _, _ = select.select([self._sock], [], [], 0)
            if readable and not self._sock.recv(1, socket.MSG_PEEK):
                self._fail("the program closed the connection in the middle of the match")
        except (OSError, ValueError) as error:
            self._fail(f"the connection broke: {error}")

    def _fail(self, message: str) -> ExternalPlayerError:
        with self._lock:
            first = self._failure is None
            error = self._error(message)
        if first:
            self._shutdown(graceful=False)
            if self.on_failure is not None:
                try:
                    self.on_failure(error)
                except Exception:  # a broken callback must not kill the connection thread
                    self.log.exception("on_failure callback failed")
        return error

    # --- queueing --------------------------------------------------------------------------

    def _send_table(self, table: Table, what: str) -> None:
        self._ops.put(("send", table_bytes(table), what))

    def _send_int(self, value: int, what: str) -> None:
        self._ops.put(("send", int_bytes(value), what))

    def _recv(self, what: str, *, keep: bool = True) -> _Reply:
        reply = _Reply(what, self.read_timeout, keep=keep)
        self._ops.put(("recv", reply, what))
        return reply

    def _wait(self, reply: _Reply, cancelled: Callable[[], bool] | None = None) -> Table:
        limit = time.monotonic() + self.read_timeout + 10 * _POLL + 5
        while not reply.done.wait(_POLL if cancelled is not None else max(0.0, limit - time.monotonic())):
            if cancelled is not None and cancelled():
                raise self._fail(f"the decision was cancelled while the program was thinking about {reply.what}")
            if time.monotonic() >= limit:
                raise self._fail(f"waited {self.read_timeout:g} s for {reply.what}; the connection is stuck")
        if reply.error is not None:
            raise reply.error
        if reply.table is None:
            raise self._failure or self._error(f"{reply.what} did not arrive")
        return reply.table

    def _raise_if_failed(self) -> None:
        if self._failure is not None:
            raise self._failure
        if self._closed:
            raise ExternalPlayerError(f"{self.label}: closed")
        if self._thread is None:
            self.start()

    # --- the game ------------------------------------------------------------------------------

    def _seating_for(self, obs: Observation) -> tuple[int, ...]:
        n = obs.state.n
        if self.seating is not None and len(self.seating) == n:
            return tuple(self.seating)
        return tuple((s - obs.seat + self.player_number) % n for s in range(n))

    def _sync(self, obs: Observation) -> None:
        """Tell the program about a new game (its opening hand) and drop a gift nobody asked for."""
        state = obs.state
        if state.n != PLAYERS:
            raise self._fail(f"UECda programs play with {PLAYERS} players, not {state.n}")
        key = (obs.dealt, state.previous_places)
        length = len(obs.history)
        if self._game_key is None or key != self._game_key or length < self._history_len:
            if self._game_over_pending:
                self._send_int(GAME_OVER, "the game-over flag")
                self._game_over_pending = False
            elif self._game_key is not None:
                self.log.warning("%s: a new game began before the last one ended", self.label)
            self._send_table(initial_table(obs, self._seating_for(obs)), "the opening hand")
            self._gift_expected = chosen_gift(obs) > 0
            self._game_key = key
            self._view = None
            self._turn_sent = -1
        self._history_len = length
        if self._gift_expected and not any(g.giver == obs.seat for g in state.pending):
            self._recv("the cards to give (not asked for)", keep=False)
            self._gift_expected = False

    def notify(self, obs: Observation, events: Sequence[Event]) -> None:
        """Queue what the program must hear about this action; never blocks, never raises."""
        if self._failure is not None or self._closed:
            return
        try:
            with self._lock:
                self._notify(obs, events)
        except Exception as error:  # notify must never stop the game
            self._fail(f"internal error while queueing messages: {error!r}")

    def _notify(self, obs: Observation, events: Sequence[Event]) -> None:
        self._sync(obs)
        state = obs.state
        actions = [e for e in events if isinstance(e, (Played, Passed))]
        if actions:
            action = actions[-1]
            seating = self._seating_for(obs)
            if not (action.seat == obs.seat and self._turn_sent == len(obs.history) - 1):
                before, hand = self._before(obs, events)
                self._send_table(turn_table(before, hand, seating, my_turn=False), "the hand and state")
            self._send_table(field_table(state, field_play(obs.history), seating, action.seat), "the field")
            if any(isinstance(e, MatchOver) for e in events):
                self._send_int(MATCH_OVER, "the match-over flag")
                self._game_over_pending = False
            elif state.over or any(isinstance(e, GameOver) for e in events):
                self._game_over_pending = True
            else:
                self._send_int(GAME_CONTINUES, "the game-over flag")
            self._turn_sent = -1
        self._view = obs

    def _before(self, obs: Observation, events: Sequence[Event]) -> tuple[PublicState, int]:
        """The public state the last action was made in and our hand then: the last view, or worked out."""
        view = self._view
        if view is not None and len(view.history) == len(obs.history) - 1:
            return view.state, view.hand
        turn = next(entry for entry in reversed(obs.history) if isinstance(entry, Turn))
        counts = list(obs.counts)
        hand = obs.hand
        if isinstance(turn.move, Play):
            counts[turn.seat] += turn.move.size
            if turn.seat == obs.seat:
                hand |= turn.move.cards
        revolution = obs.state.revolution != any(isinstance(e, Revolution) for e in events)
        before = replace(obs.state, turn=turn.seat, top=turn.top, lock=turn.lock, counts=tuple(counts),
                         revolution=revolution, j_back=turn.reversed != revolution)
        return before, hand

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        """The cards the program gives in the exchange (it sends them after its opening hand)."""
        self._raise_if_failed()
        count = gift_count(obs)
        with self._lock:
            self._sync(obs)
            if not self._gift_expected:
                self.log.warning("%s: asked for a gift it does not owe; giving the weakest cards", self.label)
                return weakest_cards(obs.hand, count)
            reply = self._recv("the cards to give")
            self._gift_expected = False
        table = self._wait(reply)
        cards, note = judge_gift(obs.hand, count, table)
        if note:
            self.log.warning("%s: %s", self.label, note)
        return cards

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        """Ask the program for its play (blocks up to ``read_timeout``)."""
        return self.choose_move_cancellable(obs, rng, deadline, None)

    def choose_move_cancellable(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool] | None
    ) -> Move:
        """``choose_move``; when ``cancelled()`` turns true the wait stops and the seat fails (mid-turn)."""
        self._raise_if_failed()
        with self._lock:
            self._sync(obs)
            seating = self._seating_for(obs)
            self._send_table(turn_table(obs.state, obs.hand, seating, my_turn=True), "the hand and state")
            reply = self._recv("the play")
            self._turn_sent = len(obs.history)
            self._view = obs
        table = self._wait(reply, cancelled)
        try:
            judgement = judge_play(obs, table)
        except MalformedTable as error:
            raise self._fail(f"it sent a malformed play table: {error}") from None
        with self._lock:
            self._send_int(judgement.answer, "the answer to the play")
        if judgement.note:
            self.log.warning("%s: %s", self.label, judgement.note)
        if self._failure is not None:
            raise self._failure
        return judgement.move

    # --- ending --------------------------------------------------------------------------------

    def close(self) -> None:
        """Tell the program the match is over if a game just ended, then end it and close the sockets."""
        if self._closed:
            return
        with self._lock:
            self._closed = True
            self._closing = True
            graceful = self._thread is not None and self._failure is None and self._game_over_pending
            if graceful:
                self._send_int(MATCH_OVER, "the match-over flag")
                self._game_over_pending = False
            self._ops.put(("stop", None, ""))
        if not graceful and self._sock is not None:
            # Unblock a read under way (a decision abandoned by the session): nothing more will be said.
            with contextlib.suppress(OSError):
                self._sock.shutdown(socket.SHUT_RDWR)
        if self._thread is not None:
            self._thread.join(timeout=self.read_timeout + 1 if graceful else 2)
        self._shutdown(graceful=graceful)

    def _shutdown(self, *, graceful: bool) -> None:
        """Close the socket and end the program with its whole process group (after "all over": let it exit first)."""
        self._closing = True
        sock, self._sock = self._sock, None
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        with self._end_lock:
            proc = self.proc
            if proc is None or self._ended:
                return
            self._ended = True
            end_program(proc, wait=KILL_GRACE if graceful else 0.05)
            if self._at_exit is not None:
                self._at_exit.detach()
        self._log_output()

    def _log_output(self) -> None:
        out = self.output
        if out is None:
            return
        out.wait(OUTPUT_WAIT)
        if out.total:
            note = f", the middle {out.dropped} bytes not kept" if out.dropped else ""
            self.log.info("%s wrote %d bytes of output%s:\n%s", self.label, out.total, note, out.text())

    @property
    def returncode(self) -> int | None:
        """The program's exit status once it has ended."""
        return self.proc.poll() if self.proc is not None else None


__all__ = ["CONNECT_TIMEOUT", "READ_TIMEOUT", "ExternalPlayer", "ExternalPlayerError", "build_command"]

