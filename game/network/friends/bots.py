"""A computer player at a network table, as a person's copy of the game would be: through a ``Connection``.

``run_bot`` plays one seat until the match ends (or the connection is gone,
or its time is up): it decides on its own view only (``SeatTable``), sends
the table's step with every action, says it is ready after each game, and,
as the table's owner, starts the match once enough people sit down.  The
tests' scripted players, the benchmarks and ``python -m
game.network.friends bot`` use it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ai.levels import make_player
from game.engine import PASS, Play
from game.engine.events import MatchOver
from game.engine.state import GiftKind
from game.levels import Level

from .client import Connection, Incoming, Link, SeatTable
from .messages import Lobby, Ready, Rejected, SeatState, Snapshot, Start

RECORD_WAIT = 5.0
"""Seconds a bot waits, once the match is over, for the record of its last game."""


@dataclass
class BotResult:
    """How a bot's match went."""

    seat: SeatTable
    over: MatchOver | None = None
    gone: str = ""
    """Why the connection ended before the match did ("" if it did not)."""
    actions: int = 0
    games: int = 0
    timed_out: bool = False
    log: list[Incoming] = field(default_factory=list)


def run_bot(
    conn: Connection,
    level: Level | str = Level.BEGINNER,
    *,
    seed: int = 0,
    timeout: float = 120.0,
    start_with: int | None = None,
    on_items: Callable[[SeatTable, list[Incoming]], None] | None = None,
    keep_log: bool = False,
) -> BotResult:
    """Play ``conn``'s seat with a computer of ``level`` until the match is over; ``start_with``: as the owner,
    start once that many people are connected."""
    player = make_player(level)
    seat = SeatTable()
    result = BotResult(seat)
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    answered: object = None
    readied: set[int] = set()
    started = False
    over_at = time.monotonic()
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            result.timed_out = True
            return result
        items = conn.poll(min(left, 0.5))
        if result.over is None:
            over_at = time.monotonic()
        seat.absorb(items)
        if keep_log:
            result.log.extend(items)
        if on_items is not None and items:
            on_items(seat, items)
        if any(isinstance(item, Lobby) for item in items):
            started = False  # a Start sent while the connection was down is lost: send it again
        if any(isinstance(item, (Snapshot, Rejected)) for item in items):
            answered = None  # everything again after a return, or a refused action: decide anew
        if seat.status.link is Link.GONE:
            result.gone = seat.status.message or "gone"
            return result
        view = seat.view
        if view is not None and view.over is not None:
            result.over = view.over
            if len(seat.records) > view.game or time.monotonic() > over_at + RECORD_WAIT:
                return result  # the last game's record comes right after its result: waited for, briefly
            continue
        lobby = seat.lobby
        if start_with is not None and not started and lobby is not None and not lobby.started \
                and connected(lobby) >= start_with:
            conn.send(Start())
            started = True
        for game in seat.records:
            if game not in readied:
                readied.add(game)
                result.games += 1
                conn.send(Ready())
        decision = seat.due()
        if decision is None or view is None:
            continue
        # a move answers one step; a gift of the exchange stays due while the others give theirs
        exchange = decision.gift is not None and decision.gift.kind is GiftKind.EXCHANGE
        key = (view.game, decision, -1 if exchange else seat.step)
        if key == answered:
            continue
        obs = seat.observation()
        assert obs is not None
        answered = key
        result.actions += 1
        if decision.gift is not None:
            conn.send(seat.give(player.choose_gift(obs, rng)))
        else:
            move = player.choose_move(obs, rng, time.perf_counter() + 0.5)
            conn.send(seat.act(move if isinstance(move, Play) else PASS))


def connected(lobby: Lobby) -> int:
    return sum(1 for s in lobby.seats if s.state is SeatState.CONNECTED)


__all__ = ["BotResult", "connected", "run_bot"]
