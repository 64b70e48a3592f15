"""The processes of the multi-process test: a host (its server, its own seat over loopback) and a client.

    python tests/network/friends/procs.py host --preset standard --players 4 --people 4 --out DIR
    python tests/network/friends/procs.py client --url ws://127.0.0.1:PORT/ --code CODE --name NAME --out FILE

The host writes ``DIR/ready.json`` (its port and code) once its table is
open, plays its seat, and at the end writes ``DIR/truth.json`` (every step's
view and known cards of every player) and ``DIR/host.json`` (what its seat
received and how the match ended).  A client writes the same of its seat to
``FILE``.  Everything listens and connects on 127.0.0.1 only, and each
process gives up after ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from game.network.friends.bots import BotResult, run_bot
from game.network.friends.client import Connection, url_of
from game.network.friends.messages import Create, Hello, TableSettings
from game.network.friends.server import FriendsServer, ServerThread
from tests.network.friends.helpers import FAST, LOOPBACK, Truth, welcome_of


def report(conn: Connection, result: BotResult) -> dict[str, Any]:
    welcome = conn.welcome
    return {
        "player": welcome.player if welcome else -1,
        "texts": conn.received,
        "over": list(result.over.totals) if result.over else None,
        "gone": result.gone,
        "timed_out": result.timed_out,
    }


def host(args: argparse.Namespace) -> int:
    truth = Truth()
    thread = ServerThread(FriendsServer(LOOPBACK, 0, computer_pause=0.0, between_games=5.0, limits=FAST, on_step=truth))
    port = thread.start()
    try:
        settings = TableSettings(preset=args.preset, players=args.players, games=args.games)
        conn = Connection(url_of(LOOPBACK, port), Create("host", settings))
        conn.keep_texts = True
        conn.start()
        code = welcome_of(conn).code
        out = Path(args.out)
        (out / "ready.tmp").write_text(json.dumps({"port": port, "code": code}))
        (out / "ready.tmp").replace(out / "ready.json")
        result = run_bot(conn, args.level, seed=0, timeout=args.timeout, start_with=args.people)
        conn.close()
        steps = truth.of(code)
        (out / "truth.json").write_text(json.dumps({
            str(step): [{"view": k.view, "cards": sorted(k.cards), "jokers": k.jokers} for k in known]
            for step, known in steps.items()}))
        (out / "host.json").write_text(json.dumps(report(conn, result)))
        return 0 if result.over is not None else 1
    finally:
        thread.stop()


def client(args: argparse.Namespace) -> int:
    conn = Connection(args.url, Hello(args.name, args.code))
    conn.keep_texts = True
    conn.start()
    result = run_bot(conn, args.level, seed=hash(args.name) % 1000, timeout=args.timeout)
    conn.close()
    Path(args.out).write_text(json.dumps(report(conn, result)))
    return 0 if result.over is not None else 1


def main() -> int:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    h = sub.add_parser("host")
    h.add_argument("--preset", required=True)
    h.add_argument("--players", type=int, required=True)
    h.add_argument("--games", type=int)
    h.add_argument("--people", type=int, required=True)
    h.add_argument("--out", required=True)
    c = sub.add_parser("client")
    c.add_argument("--url", required=True)
    c.add_argument("--code", required=True)
    c.add_argument("--name", required=True)
    c.add_argument("--out", required=True)
    for p in (h, c):
        p.add_argument("--level", default="beginner")
        p.add_argument("--timeout", type=float, default=120.0)
    args = parser.parse_args()
    return host(args) if args.command == "host" else client(args)


if __name__ == "__main__":
    sys.exit(main())
