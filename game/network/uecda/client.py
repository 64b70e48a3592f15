"""A UECda tournament client (protocol 20070) driven by one of our computer players.

``UecdaClient(player).run()`` connects to a server, sends its name, and plays
every game of the match (the exchange included) until the server says all
games are over (2); it then returns a ``ClientReport``.  The conversation is
the official one (see ``/work/shared/docs/UECDA.md``)::

    connect; send table 1 (20070, name); read the player number
    per game: read the opening hand; if [5][1] > 0 send the cards to give
        per action: read hand + state; if [5][2] == 1: send a play, read 9/8
                    read the field; read 0 (go on), 1 (game over) or 2 (all over)

Our players see the game through a shadow ``Game`` (``shadow.py``), which
plays the ``uecda`` rules exactly as the official referee does, so they use
the extra turn after everyone passed their play like any other turn.  Rules of
conduct: the client never leads with a pass (a pass or an illegal move from
the player while leading is replaced by its weakest legal single, logged); an
illegal move while following becomes a pass (logged).

With ``records_dir`` every game is written there: ``game-NNNN.json`` is a game
record (docs/game-record.md, see ``shadow.py`` for what it contains) when the
shadow followed the whole game, else ``game-NNNN.log.json`` (the actions as
seen).  The action log is always written alongside as ``game-NNNN.log.json``.

With a ``worker`` (``game.worker.DecisionWorker``), a player that shares its
search (the Expert) thinks in the worker's processes at once, each with its own
worlds, within the same ``think_time``: two processes on a machine with two
cores search twice the worlds, as at the table.  A decision the worker does not
return ``WORKER_GRACE`` seconds after the think time is given up like a broken
player's move (logged; the client passes, or leads its weakest single).

Every connect and read has a timeout; a broken server raises ``ProtocolError``
(or ``PeerClosed`` / ``PeerTimeout``) with a clear message.
"""

from __future__ import annotations

import contextlib
import json
import logging
import random
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ai.player import Player, weakest_cards
from game.engine import PASS, Move, Observation, Pass, Play, native
from game.engine.plays import single
from game.worker import DecisionWorker

from .protocol import (
    ACCEPTED,
    DEFAULT_HOST,
    DEFAULT_PORT,
    GAME_CONTINUES,
    GAME_OVER,
    MATCH_OVER,
    REJECTED,
    ProtocolError,
    Table,
    encode_hand,
    encode_play,
    name_table,
    recv_int,
    recv_table,
    send_table,
)
from .seat import weakest_single
from .shadow import GameReport, Shadow

log = logging.getLogger(__name__)

WORKER_GRACE = 5.0
"""Seconds past the think time a worker's decision may take (starting a process, a busy machine)."""


class ConnectError(ProtocolError):
    """The server could not be reached."""


@dataclass
class ClientReport:
    """What a client saw of a match."""

    player: int
    name: str
    games: list[GameReport] = field(default_factory=list)

    @property
    def points(self) -> int:
        """Our points (5 for 1st ... 1 for 5th), from the order the players went out."""
        return sum(5 - g.place for g in self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "name": self.name,
            "games": len(self.games),
            "points": self.points,
            "places": [g.place for g in self.games],
            "rebuilds": sum(len(g.rebuilds) for g in self.games),
        }


def connect(host: str, port: int, timeout: float) -> socket.socket:
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except OSError as error:
        raise ConnectError(f"cannot connect to the UECda server at {host}:{port}: {error}") from None
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


class ServerLink:
    """The client side of the connection: tables and integers with a timeout, optionally traced.

    With ``trace`` every message is written as one JSON line (``{"recv": "the field",
    "table": [[...], ...]}`` or ``{"send": ..., "int": 9}``): the exact conversation,
    for studying a server or reporting a problem with one.
    """

    def __init__(self, sock: socket.socket, timeout: float, trace: TextIO | None = None) -> None:
        self.sock = sock
        self.timeout = timeout
        self.trace = trace

    def _note(self, direction: str, what: str, value: Table | int) -> None:
        if self.trace is not None:
            key = "int" if isinstance(value, int) else "table"
            self.trace.write(json.dumps({direction: what, key: value}, separators=(",", ":")) + "\n")

    def send_table(self, table: Table, what: str) -> None:
        self._note("send", what, table)
        send_table(self.sock, table, self.timeout, what)

    def recv_table(self, what: str) -> Table:
        table = recv_table(self.sock, self.timeout, what)
        self._note("recv", what, table)
        return table

    def recv_int(self, what: str) -> int:
        value = recv_int(self.sock, self.timeout, what)
        self._note("recv", what, value)
        return value


class UecdaClient:
    """One of our players at a UECda server."""

    def __init__(
        self,
        player: Player,
        *,
        name: str = "ours",
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        connect_timeout: float = 5.0,
        read_timeout: float = 60.0,
        think_time: float = 1.0,
        records_dir: str | Path | None = None,
        trace: str | Path | None = None,
        seed: int | None = None,
        logger: logging.Logger | None = None,
        worker: DecisionWorker | None = None,
    ) -> None:
        self.player = player
        self.name = name
        self.host = host
        self.port = port
        self.connect_timeout = connect_timeout
        self.read_timeout = read_timeout
        """Seconds to wait for any message (the other clients think in between)."""
        self.think_time = think_time
        """Seconds our player may think per move (its ``deadline``)."""
        self.records_dir = Path(records_dir) if records_dir is not None else None
        self.trace = Path(trace) if trace is not None else None
        """A file for the whole conversation as JSON lines (see ``ServerLink``)."""
        self.rng = random.Random(seed)
        self.log = logger or log
        self.worker = worker
        """Where a player that shares its search thinks (None: in this process)."""
        self.sock: socket.socket | None = None

    # --- the conversation -----------------------------------------------------------------

    def run(self) -> ClientReport:
        """Play the whole match; ``ProtocolError`` if the server breaks the protocol."""
        if self.records_dir is not None:
            self.records_dir.mkdir(parents=True, exist_ok=True)
        with contextlib.ExitStack() as stack:
            trace = stack.enter_context(self.trace.open("w", encoding="utf-8")) if self.trace is not None else None
            sock = connect(self.host, self.port, self.connect_timeout)
            self.sock = sock
            stack.callback(self.close)
            return self._run(ServerLink(sock, self.read_timeout, trace))

    def _run(self, link: ServerLink) -> ClientReport:
        link.send_table(name_table(self.name), "the name table")
        me = link.recv_int("the player number")
        if not 0 <= me < 5:
            raise ProtocolError(f"the server sent player number {me}, not 0..4")
        self.log.info("connected to %s:%d as player %d (%s); the search runs %s", self.host, self.port, me,
                      self.name, native.status())
        report = ClientReport(me, self.name)
        shadow = Shadow(me, logger=self.log)
        while True:
            flag = self._play_game(link, shadow, report)
            self._show_end(shadow)
            game = shadow.end_game(self.name)
            report.games.append(game)
            self._write(game)
            self.log.info("game %d over: we placed %d", game.index + 1, game.place + 1)
            if flag == MATCH_OVER:
                self.log.info("the server says all games are over (%d played)", len(report.games))
                return report

    def close(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()
            finally:
                self.sock = None

    def _play_game(self, link: ServerLink, shadow: Shadow, report: ClientReport) -> int:
        st = shadow.start_game(link.recv_table("the opening hand"))
        self.player.seated(shadow.seating)
        self._check_last_place(shadow, report)
        if st.gift_count > 0:
            gift = self._choose_gift(shadow, st.gift_count)
            shadow.note_gift(gift)
            link.send_table(encode_hand(gift), "the cards to give")
        while True:
            st, _ = shadow.on_turn_table(link.recv_table("the hand and state"))
            if st.my_turn:
                self._take_turn(link, shadow, st.cleared)
            shadow.on_field(link.recv_table("the field"))
            flag = link.recv_int("the game-over flag")
            if flag == GAME_CONTINUES:
                continue
            if flag in (GAME_OVER, MATCH_OVER):
                return flag
            raise ProtocolError(f"the server sent {flag} after the field; expected 0, 1 or 2")

    def _show_end(self, shadow: Shadow) -> None:
        """Show our player the finished game (every hand can be told then), when the shadow followed it whole."""
        game = shadow.game
        if game is None or game.result is None or shadow.rebuilds or shadow.desync is not None:
            return
        try:
            self.player.notify(shadow.observation(), [])
        except Exception:  # a broken player must not stop the match
            self.log.exception("our player failed to take in the finished game")

    def _check_last_place(self, shadow: Shadow, report: ClientReport) -> None:
        """The classes a game opens with are the server's places of the game before: they have the last word."""
        place = shadow.my_place()
        if place is None or not report.games:
            return
        last = report.games[-1]
        if last.place != place:
            self.log.warning("game %d: the server placed us %d, we counted %d", last.index + 1, place + 1,
                             last.place + 1)
            last.place = place

    def _choose_gift(self, shadow: Shadow, count: int) -> int:
        hand = shadow.initial_hand
        obs = shadow.gift_observation(count)
        if obs is None:
            self.log.warning("cannot build our view of the exchange; giving our %d weakest card(s)", count)
            return weakest_cards(hand, count)
        try:
            gift = self.player.choose_gift(obs, self.rng)
        except Exception:  # a broken player must not stop the match
            self.log.exception("our player failed to choose its gift; giving the weakest cards")
            return weakest_cards(hand, count)
        if gift & ~hand or gift.bit_count() != count:
            self.log.warning("our player chose an invalid gift; giving the weakest cards")
            return weakest_cards(hand, count)
        return gift

    def _take_turn(self, link: ServerLink, shadow: Shadow, leading: bool) -> None:
        move = self._decide(shadow, leading)
        state = shadow.game.top if shadow.game is not None else None
        avoid = state.suits if state is not None else 0
        reversed_order = shadow.game.reversed if shadow.game is not None else False
        link.send_table(encode_play(move, reversed_order=reversed_order, avoid_suits=avoid), "our play")
        answer = link.recv_int("the answer to our play")
        if answer == ACCEPTED:
            return
        if answer in (REJECTED, 7):
            if isinstance(move, Play):
                self.log.warning("the server rejected our play %s (answer %d): it counts as a pass",
                                 move.describe(), answer)
            return
        raise ProtocolError(f"the server answered {answer} to our play; expected 9 or 8")

    def _decide(self, shadow: Shadow, leading: bool) -> Move:
        obs = shadow.observation()
        move: Move
        try:
            move = self._choose(obs)
        except Exception:  # a broken player must not stop the match
            self.log.exception("our player failed to choose a move")
            move = PASS
        if not obs.can(move):
            if obs.top is None or leading:
                fallback = _lead_fallback(obs)
                self.log.warning("our player chose %s while leading; playing %s instead", move,
                                 fallback.describe())
                return fallback
            self.log.warning("our player chose an illegal move %s; passing instead", move)
            return PASS
        return move

    def _choose(self, obs: Observation) -> Move:
        """The player's move: in the worker's processes for a player that shares its search, else here."""
        worker = self.worker
        if worker is None or not self.player.search_parts:
            return self.player.choose_move(obs, self.rng, time.perf_counter() + self.think_time)
        ticket = worker.submit(self.player, obs, seed=self.rng.randrange(1 << 30), budget=self.think_time)
        answer = worker.wait(ticket, timeout=self.think_time + WORKER_GRACE)
        if answer is None:
            worker.cancel(ticket)
            raise TimeoutError(f"the decision took over {self.think_time + WORKER_GRACE:g} s")
        if not isinstance(answer, (Play, Pass)):
            raise TypeError(f"the worker answered {answer!r}, not a move")
        return answer

    # --- records ----------------------------------------------------------------------------

    def _write(self, game: GameReport) -> None:
        if self.records_dir is None:
            return
        stem = f"game-{game.index + 1:04d}"
        try:
            if game.record is not None:
                (self.records_dir / f"{stem}.json").write_text(
                    json.dumps(game.record, ensure_ascii=False, indent=1), encoding="utf-8")
            (self.records_dir / f"{stem}.log.json").write_text(
                json.dumps(game.log, ensure_ascii=False, indent=1), encoding="utf-8")
        except OSError as error:
            self.log.error("cannot write the record of game %d: %s", game.index + 1, error)


def _lead_fallback(obs: Observation) -> Play:
    try:
        return weakest_single(obs)
    except ValueError:
        # The shadow finds no legal single (it should not happen): play our lowest card anyway.
        return single(obs.hand & -obs.hand)


__all__ = ["ClientReport", "ConnectError", "UecdaClient", "connect"]
