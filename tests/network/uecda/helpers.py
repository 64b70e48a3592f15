"""Helpers for the UECda tests: levels that exist, a match of our clients against our server, fake peers."""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ai.levels import make_player
from ai.player import Player
from game.network.uecda.client import ClientReport, UecdaClient
from game.network.uecda.server import MatchReport, UecdaServer
from game.worker import DecisionWorker

STANDIN = Path(__file__).with_name("standin_client.py")
PYTHON = sys.executable


def player_of(level: str) -> Player:
    """A player of ``level``, or Beginner while that level is not built yet."""
    try:
        return make_player(level)
    except (ValueError, ImportError):
        return make_player("beginner")


def standin(*args: str) -> list[str]:
    """The command line of the stand-in tournament program."""
    return [PYTHON, str(STANDIN), *args]


@dataclass
class MatchRun:
    report: MatchReport | None = None
    server_error: BaseException | None = None
    clients: list[ClientReport | None] = field(default_factory=list)
    client_errors: list[BaseException | None] = field(default_factory=list)


def run_match(
    levels: Sequence[str],
    games: int,
    *,
    records: Path | None = None,
    seed: int = 1,
    turn_timeout: float = 10.0,
    read_timeout: float = 20.0,
    class_reset_every: int = 100,
    players: dict[int, Player] | None = None,
    workers: dict[int, DecisionWorker] | None = None,
) -> MatchRun:
    """Our server and five of our clients (threads), one match; every thread is joined with a timeout.
    ``players`` puts a given player behind some clients (by client) instead of one of ``levels``;
    ``workers`` gives some clients a decision worker."""
    server = UecdaServer(games=games, port=0, seed=seed, turn_timeout=turn_timeout, accept_timeout=20,
                         fallback_level="beginner", class_reset_every=class_reset_every)
    port = server.listen()
    run = MatchRun(clients=[None] * 5, client_errors=[None] * 5)

    def serve() -> None:
        try:
            run.report = server.run()
        except BaseException as error:  # reported to the test
            run.server_error = error

    def play(i: int) -> None:
        player = (players or {}).get(i) or player_of(levels[i])
        client = UecdaClient(player, name=f"c{i}-{levels[i]}"[:13], port=port,
                             read_timeout=read_timeout, think_time=0.05, seed=i,
                             records_dir=records / f"c{i}" if records is not None else None,
                             worker=(workers or {}).get(i))
        try:
            run.clients[i] = client.run()
        except BaseException as error:  # reported to the test
            run.client_errors[i] = error

    threads = [threading.Thread(target=serve, daemon=True)]
    threads += [threading.Thread(target=play, args=(i,), daemon=True) for i in range(5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive(), "a match thread hung"
    return run


class FakeServer:
    """A listening socket on loopback for scripted server behaviour in a thread."""

    def __init__(self) -> None:
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(1)
        self.listener.settimeout(10)
        self.port: int = self.listener.getsockname()[1]

    def accept(self) -> socket.socket:
        sock, _ = self.listener.accept()
        sock.settimeout(10)
        return sock

    def close(self) -> None:
        self.listener.close()


def connect_to(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    return sock
