"""A UECda-compatible server (protocol 20070) that runs a match of tournament clients with our engine.

``UecdaServer(games=100).run()`` listens on loopback (the bind address is
configurable), accepts five clients (ours or tournament programs) in turn,
reads each one's table 1 within 3 s (protocol 20070 only: a connection that
sends another version, garbage or nothing, or closes, is dropped with a
warning and takes no seat; the server keeps accepting until the seats are
filled or ``accept_timeout`` runs out), sends each its player number, then
runs a ``Match`` of the ``uecda`` preset:

* every game opens with each client's hand (lower classes before the
  exchange, upper classes after taking their partner's strongest cards, with
  ``[5][1]`` = cards to give); the 大富豪 then the 富豪 send their gifts;
* for every action the server sends each client its hand and the state, reads
  the play of the player to act, answers 9 (accepted) or 8 (a pass, or an
  illegal play treated as a pass), sends every client the field, then 0, or 1
  at the end of a game, or 2 at the end of the match;
* seats change every 3 games (by place, see docs/rules.md); ``[6][10..14]``
  tells the clients who sits where.  Classes reset every 100 games, like the
  official server (the next game has no exchange).

See ``seat.py`` for the decisions on passes, illegal plays and gifts.  A
client that times out (``turn_timeout``), disconnects or sends a malformed
table is dropped: the error is logged, its answer for that turn is a pass (its
weakest single when it leads) and from then on its seat is played by our
``fallback_level`` player (Normal, else Beginner).  The match always finishes.
"""

from __future__ import annotations

import json
import logging
import random
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ai.player import Player
from game.engine import PASS, Event, Game, Match, Move, Play, observe, preset_rules
from game.engine.events import MatchOver
from game.engine.match import GameResult
from game.engine.runner import Answer, Decision, MatchRunner

from .protocol import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    GAME_CONTINUES,
    GAME_OVER,
    HANDSHAKE_TIMEOUT,
    MATCH_OVER,
    PLAYERS,
    TURN_TIMEOUT,
    ProtocolError,
)
from .seat import (
    ClientLink,
    field_play,
    field_table,
    initial_table,
    judge_gift,
    judge_play,
    turn_table,
    weakest_gift,
    weakest_single,
)
from .shadow import CLASS_IDS

log = logging.getLogger(__name__)


class ServerError(Exception):
    """The match cannot be run (a client failed its handshake, no clients came...)."""


def make_fallback(level: str) -> Player:
    """Our player of ``level`` for a dropped client's seat; Beginner while a level is not built yet."""
    from ai.levels import make_player

    try:
        return make_player(level)
    except (ValueError, ImportError):
        return make_player("beginner")


@dataclass
class PlayerSummary:
    player: int
    name: str
    points: int = 0
    games: int = 0
    classes: list[int] = field(default_factory=lambda: [0] * PLAYERS)
    """Games finished in each class (大富豪 first)."""
    dropped: str | None = None
    """Why the client was dropped (its seat then played by our fallback player)."""

    @property
    def mean(self) -> float:
        return self.points / self.games if self.games else 0.0

    def shares(self) -> list[float]:
        return [c / self.games if self.games else 0.0 for c in self.classes]

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "name": self.name,
            "points": self.points,
            "games": self.games,
            "mean_points": round(self.mean, 4),
            "class_shares": {cid: round(s, 4) for cid, s in zip(CLASS_IDS, self.shares(), strict=True)},
            "class_counts": dict(zip(CLASS_IDS, self.classes, strict=True)),
            "dropped": self.dropped,
        }


@dataclass
class MatchReport:
    games: int
    seed: int
    players: list[PlayerSummary]
    seconds: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seed": self.seed,
            "seconds": round(self.seconds, 3),
            "players": [p.to_json() for p in self.players],
        }

    def text(self) -> str:
        head = f"{'player':>6}  {'name':<14}{'points':>7}{'mean':>7}  " + "  ".join(f"{c:>9}" for c in CLASS_IDS)
        lines = [f"UECda match: {self.games} games, seed {self.seed}, {self.seconds:.1f} s", head]
        for p in self.players:
            shares = "  ".join(f"{s * 100:8.1f}%" for s in p.shares())
            lines.append(f"{p.player:>6}  {p.name[:13]:<14}{p.points:>7}{p.mean:>7.2f}  {shares}")
            if p.dropped:
                lines.append(f"{'':>8}dropped: {p.dropped}")
        return "\n".join(lines)


class UecdaServer:
    """A match of UECda clients on our engine."""

    def __init__(
        self,
        *,
        games: int = 100,
        players: int = PLAYERS,
        host: str = DEFAULT_HOST,
        port: int = DEFAULT_PORT,
        seed: int | None = None,
        accept_timeout: float = 600.0,
        handshake_timeout: float = HANDSHAKE_TIMEOUT,
        turn_timeout: float = TURN_TIMEOUT,
        fallback_level: str = "normal",
        class_reset_every: int | None = None,
        logger: logging.Logger | None = None,
    ) -> None:
        if players != PLAYERS:
            raise ServerError(f"the uecda rules are for {PLAYERS} players, not {players}")
        if games < 1:
            raise ServerError("a match needs at least 1 game")
        self.games = games
        self.host = host
        self.port = port
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.accept_timeout = accept_timeout
        self.handshake_timeout = handshake_timeout
        self.turn_timeout = turn_timeout
        self.fallback_level = fallback_level
        self.class_reset_every = class_reset_every
        """The rules' class cycle (100 games) unless given."""
        self.log = logger or log
        self.rules = preset_rules("uecda")
        self.listener: socket.socket | None = None
        self.links: list[ClientLink | None] = []
        self.summaries: list[PlayerSummary] = []
        self.fallbacks: dict[int, Player] = {}
        self.rng = random.Random(f"uecda-server/{self.seed}")

    # --- connections ----------------------------------------------------------------------

    def listen(self) -> int:
        """Bind and listen; return the port (useful with port 0)."""
        if self.listener is None:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((self.host, self.port))
            except OSError as error:
                sock.close()
                raise ServerError(f"cannot listen on {self.host}:{self.port}: {error}") from None
            sock.listen(PLAYERS)
            self.listener = sock
            self.port = sock.getsockname()[1]
            self.log.info("listening on %s:%d for %d clients", self.host, self.port, PLAYERS)
        return self.port

    def accept_clients(self) -> None:
        """Accept the five clients in turn (player numbers in connection order)."""
        self.listen()
        assert self.listener is not None
        deadline = time.monotonic() + self.accept_timeout
        while len(self.links) < PLAYERS:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise ServerError(
                    f"only {len(self.links)} of {PLAYERS} clients connected within {self.accept_timeout:g} s")
            self.listener.settimeout(remaining)
            try:
                sock, address = self.listener.accept()
            except TimeoutError:
                continue
            except OSError as error:  # the connection was reset before it was accepted
                self.log.warning("a connection failed before it was accepted: %s", error)
                continue
            player = len(self.links)
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                link = ClientLink.accept(sock, player, handshake_timeout=self.handshake_timeout,
                                         timeout=self.turn_timeout)
            except (ProtocolError, OSError) as error:  # garbage, silence, a port scan: not a client
                sock.close()
                self.log.warning("the connection from %s:%d was dropped (no seat taken): %s", address[0], address[1],
                                 error)
                continue
            self.links.append(link)
            self.summaries.append(PlayerSummary(player, link.name))
            self.log.info("player %d is %r (%s:%d)", player, link.name, address[0], address[1])

    def close(self) -> None:
        for link in self.links:
            if link is not None:
                link.close()
        self.links = [None] * len(self.links)
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    # --- the match --------------------------------------------------------------------------

    def run(self) -> MatchReport:
        """Accept the clients, play the match, and return the summary (the sockets are closed)."""
        try:
            self.accept_clients()
            started = time.monotonic()
            self.play_match()
            return MatchReport(self.games, self.seed, self.summaries, time.monotonic() - started)
        finally:
            self.close()

    def play_match(self) -> None:
        """The match, played through the engine's runner: the tables go out around its decisions."""
        match = Match(self.rules, self.seed, games=self.games, class_reset_every=self.class_reset_every)
        runner = MatchRunner(match)

        def seating() -> tuple[int, ...]:
            return tuple(match.seating)

        def deal(game: Game) -> None:
            for seat, player in enumerate(seating()):
                self._send_table(player, initial_table(observe(game, seat), seating()), "the opening hand")

        def before(decision: Decision) -> None:
            if decision.gift is None:  # the exchange's gifts need no table: the opening hand said so
                self._send_hands(runner.game, seating(), decision.seat)

        def decide(decision: Decision) -> Answer:
            player = seating()[decision.seat]
            if decision.gift is not None:  # the exchange: the protocol has no other gifts
                return self._gift(runner.game, decision.seat, decision.gift.count, player)
            return self._move(runner.game, decision.seat, player)

        def answered(decision: Decision, events: list[Event]) -> None:
            if decision.gift is None:
                self._send_field(runner.game, seating(), decision.seat)

        def booked(result: GameResult, outcome: MatchOver | None) -> None:
            self._book(result)
            self._broadcast_int(MATCH_OVER if outcome is not None else GAME_OVER, "the game-over flag")
            self.log.info("game %d over: players by place %s", len(match.results), list(result.player_places))

        runner.play(decide, answered, before=before, on_game=deal, on_result=booked)

    def _book(self, result: GameResult) -> None:
        for seat, title in enumerate(result.result.titles):
            summary = self.summaries[result.seating[seat]]
            summary.games += 1
            summary.points += result.result.points[seat]
            summary.classes[self.rules.titles.index(title)] += 1

    def _send_hands(self, game: Game, seating: Sequence[int], actor_seat: int) -> None:
        """Every client its hand and the state before a move (the player to act told it is its turn)."""
        for seat, player in enumerate(seating):
            table = turn_table(game, game.hands[seat], seating, my_turn=seat == actor_seat)
            self._send_table(player, table, "the hand")

    def _send_field(self, game: Game, seating: Sequence[int], actor_seat: int) -> None:
        """Every client the field after a move, then whether the game goes on (its end's flag is sent
        once the game is booked)."""
        field = field_table(game, field_play(game.history), seating, actor_seat)
        for player in seating:
            self._send_table(player, field, "the field")
        if not game.over:
            self._broadcast_int(GAME_CONTINUES, "the game-over flag")

    def _gift(self, game: Game, seat: int, count: int, player: int) -> int:
        link = self.links[player]
        if link is not None:
            try:
                table = link.recv_table(self.turn_timeout, "the cards to give")
            except ProtocolError as error:
                self._drop(player, f"no gift: {error}")
            else:
                cards, note = judge_gift(game.hands[seat], count, table)
                if note:
                    self.log.warning("player %d (%s): %s", player, link.name, note)
                return cards
        try:
            cards = self._fallback(player).choose_gift(observe(game, seat), self.rng)
            game.verify_give(seat, cards)
        except Exception as error:  # the fallback player must not stop the match
            self.log.error("the fallback player's gift failed (%s); giving the weakest cards", error)
            cards = weakest_gift(game.hands[seat], count)
        return cards

    def _move(self, game: Game, seat: int, player: int) -> Move:
        link = self.links[player]
        if link is not None:
            try:
                table = link.recv_table(self.turn_timeout, "the play")
                judgement = judge_play(game, table)
            except ProtocolError as error:
                self._drop(player, str(error))
                return weakest_single(game) if game.top is None else PASS
            if judgement.note:
                self.log.warning("player %d (%s): %s", player, link.name, judgement.note)
            self._send_int(player, judgement.answer, "the answer to the play")
            return judgement.move
        return self._fallback_move(game, seat, player)

    def _fallback_move(self, game: Game, seat: int, player: int) -> Move:
        try:
            move = self._fallback(player).choose_move(observe(game, seat), self.rng)
            move = game.verify(move)
        except Exception as error:  # the fallback player must not stop the match
            self.log.error("the fallback player failed (%s); playing safe", error)
            move = weakest_single(game) if game.top is None else PASS
        if isinstance(move, Play) or game.top is not None:
            return move
        return weakest_single(game)

    def _fallback(self, player: int) -> Player:
        if player not in self.fallbacks:
            self.fallbacks[player] = make_fallback(self.fallback_level)
        return self.fallbacks[player]

    # --- sending, dropping -------------------------------------------------------------------------

    def _drop(self, player: int, why: str) -> None:
        link = self.links[player]
        if link is None:
            return
        self.links[player] = None
        link.close()
        level = self._fallback(player).level or self.fallback_level
        self.summaries[player].dropped = why
        self.log.error("player %d (%s) dropped: %s; our %s player takes its seat", player, link.name, why, level)

    def _send_table(self, player: int, table: list[list[int]], what: str) -> bool:
        link = self.links[player]
        if link is None:
            return False
        try:
            link.send_table(table, what)
        except ProtocolError as error:
            self._drop(player, str(error))
            return False
        return True

    def _send_int(self, player: int, value: int, what: str) -> bool:
        link = self.links[player]
        if link is None:
            return False
        try:
            link.send_int(value, what)
        except ProtocolError as error:
            self._drop(player, str(error))
            return False
        return True

    def _broadcast_int(self, value: int, what: str) -> None:
        for player in range(len(self.links)):
            self._send_int(player, value, what)


def report_json(report: MatchReport) -> str:
    return json.dumps(report.to_json(), ensure_ascii=False, indent=1)


__all__ = ["MatchReport", "PlayerSummary", "ServerError", "UecdaServer", "make_fallback"]
