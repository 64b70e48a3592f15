"""Benchmarks of network play on loopback (printed figures, never asserted).

    python -m game.network.friends.bench latency [--matches 6]
    python -m game.network.friends.bench capacity [--tables 20] [--seconds 20] [--level normal]

``latency``: a server in this process, four people at a table (Beginner bots
in a second process, each with its own connection): for every action, the
time from the client sending it to the last of the four receiving the
update; p50, p99 and the worst.

``capacity``: tables of one bot and computers in every other seat, played
with no pause between moves; the server's CPU time per move (this process
only: the bots run in a second process, and the computers think in a thread
of the server here, not in its decision processes, so that their CPU is
counted), and from it how many tables one
core carries at the server's default pace (one computer move per
``computer_pause`` seconds at most).  Everything stays on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from game.levels import Level

from .bots import run_bot
from .client import Connection, url_of
from .messages import Act, ClientMessage, Create, Give, Hello, TableSettings
from .server import FriendsServer, Limits, ServerThread
from .table import Table

LOOPBACK = "127.0.0.1"
LIMITS = Limits(rate=1000.0, burst=2000, tables_per_address=1000, per_address=1000, connections=2000,
                handshakes=10_000.0, handshake_burst=10_000)
DEFAULT_PAUSE = 0.8


class Timed(Connection):
    """A connection that notes when it sent each action and when each update arrived (this process's clock)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[int, float] = {}
        self.arrived: dict[int, float] = {}

    def send(self, message: ClientMessage) -> None:
        if isinstance(message, (Act, Give)):
            self.sent[message.step] = time.perf_counter()
        super().send(message)

    def _read(self, text: str | bytes) -> Any:
        now = time.perf_counter()
        if isinstance(text, str) and text.startswith(('{"type":"update"', '{"type":"snapshot"')):
            step = int(text.split('"step":', 1)[1].split(",", 1)[0])
            self.arrived.setdefault(step, now)
        return super()._read(text)


def clients(url: str, mode: str, count: int, people: int, level: str) -> dict[str, Any]:
    """The second process: ``count`` tables of ``people`` bots (in this process), played to the end."""
    latencies: list[float] = []
    moves = 0

    def table(k: int) -> None:
        nonlocal moves
        settings = TableSettings(preset="standard", players=4, games=1 if mode == "capacity" else 3,
                                 level=Level(level))
        host = Timed(url, Create(f"bench {k}", settings))
        host.start()
        for _ in range(1000):  # 10 s at most
            if host.welcome is not None:
                break
            threading.Event().wait(0.01)
        if host.welcome is None:
            raise SystemExit("the bench's table did not open")
        conns = [host] + [Timed(url, Hello(f"friend {j}", host.welcome.code)) for j in range(1, people)]
        for conn in conns[1:]:
            conn.start()
        threads = [threading.Thread(target=run_bot, args=(c,), kwargs={"seed": j, "timeout": 600,
                                                                       "start_with": people if j == 0 else None})
                   for j, c in enumerate(conns)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for conn in conns:
            conn.close()
            for step, sent in conn.sent.items():
                arrivals = [c.arrived.get(step + 1) for c in conns]
                if all(a is not None for a in arrivals):
                    latencies.append(max(a for a in arrivals if a is not None) - sent)
        moves += len(host.arrived)

    threads = [threading.Thread(target=table, args=(k,)) for k in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return {"latencies": latencies, "updates": moves}


def _spawn(url: str, mode: str, count: int, people: int, level: str) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-m", "game.network.friends.bench", "_clients", url, mode, str(count),
                          str(people), level], capture_output=True, text=True, timeout=1800, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def latency(matches: int) -> None:
    thread = ServerThread(FriendsServer(LOOPBACK, 0, computer_pause=0.0, between_games=1.0, limits=LIMITS,
                                        decisions="thread"))
    port = thread.start()
    try:
        result = _spawn(url_of(LOOPBACK, port), "latency", matches, 4, "beginner")
    finally:
        thread.stop()
    ms = sorted(1000 * x for x in result["latencies"])
    if not ms:
        print("no actions were timed")
        return
    p50, p99 = statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"action -> every client's update, loopback, 4 people a table, {matches} tables of 3 games at once: "
          f"{len(ms)} actions, p50 {p50:.1f} ms, p99 {p99:.1f} ms, worst {ms[-1]:.1f} ms (goal: p99 <= 50 ms)")


def capacity(tables: int, level: str) -> None:
    steps = [0]

    def count(table: Table) -> None:
        steps[0] += 1

    thread = ServerThread(FriendsServer(LOOPBACK, 0, computer_pause=0.0, between_games=0.0, limits=LIMITS,
                                        decisions="thread", on_step=count))
    port = thread.start()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    try:
        _spawn(url_of(LOOPBACK, port), "capacity", tables, 1, level)
    finally:
        cpu = time.process_time() - cpu0
        wall = time.perf_counter() - wall0
        thread.stop()
    per_move = cpu / max(1, steps[0])
    per_table = per_move / DEFAULT_PAUSE  # one move per pause at most
    print(f"{tables} tables (1 bot + 3 {level} computers, standard rules) played {steps[0]} moves in {wall:.1f} s; "
          f"server CPU {cpu:.2f} s: {1000 * per_move:.2f} ms a move")
    print(f"at the default pace (a computer move every {DEFAULT_PAUSE} s at most) a table needs at most "
          f"{100 * per_table:.2f}% of a core: one core carries about {int(1 / per_table)} tables")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "_clients":
        url, mode, count, people, level = args[1:6]
        print(json.dumps(clients(url, mode, int(count), int(people), level)))
        return 0
    parser = argparse.ArgumentParser(prog="python -m game.network.friends.bench")
    sub = parser.add_subparsers(dest="command", required=True)
    lat = sub.add_parser("latency")
    lat.add_argument("--matches", type=int, default=6)
    cap = sub.add_parser("capacity")
    cap.add_argument("--tables", type=int, default=20)
    cap.add_argument("--level", default="normal")
    parsed = parser.parse_args(args)
    if parsed.command == "latency":
        latency(parsed.matches)
    else:
        capacity(parsed.tables, parsed.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
