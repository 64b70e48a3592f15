"""``python -m game.network.friends serve --port N`` (a dedicated server) and ``... bot`` (a computer player).

``serve`` hosts any number of tables: a desktop copy of the game creates one
(Host a table → on a server) or joins one by its code.  It listens on
127.0.0.1 unless ``--host 0.0.0.0`` (every interface) is given; the port
must then be open in the firewall (TCP).  ``--table PRESET:PLAYERS`` opens
tables at start and prints their codes.  Ctrl+C (or SIGTERM) closes every
table, telling the players.

Exit status: 0 after a clean stop (``serve``) or a finished match (``bot``);
1 when the bot's connection ended first; 2 for bad arguments (a port in use...).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Sequence

from game.levels import LEVELS, Level

from .client import Connection, url_of
from .messages import PROTOCOL, Hello, MessageError, TableSettings, clean_name, read_settings, table_code
from .server import DEFAULT_PORT, FriendsServer, Limits


def _port(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{text} is not a TCP port")
    return value


def _table(text: str) -> TableSettings:
    preset, _, players = text.partition(":")
    try:
        return read_settings({"preset": preset, "players": int(players or 4)}, "--table")
    except (ValueError, MessageError) as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m game.network.friends",
                                     description=f"Network play with friends (protocol {PROTOCOL}).")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output (-vv for debug)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{serve,bot}")
    serve = sub.add_parser("serve", help="run a dedicated server hosting several tables",
                           description="Host tables for desktop copies of the game: they create tables and join "
                                       "them by code.  Open the TCP port in the firewall when friends connect from "
                                       "other computers.")
    serve.add_argument("--host", default="127.0.0.1",
                       help="bind address (default 127.0.0.1, this computer only; 0.0.0.0 for every interface)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})")
    serve.add_argument("--table", type=_table, action="append", default=[], metavar="PRESET:PLAYERS",
                       help="open a table at start (its code is printed); repeat for more")
    serve.add_argument("--max-tables", type=int, default=Limits.tables,
                       help=f"tables at once (default {Limits.tables})")
    serve.add_argument("--pause", type=float, default=0.8, metavar="SECONDS",
                       help="pause before each computer move, so people can follow (default 0.8)")

    bot = sub.add_parser("bot", help="sit a computer player at a table (to try a server)")
    bot.add_argument("--host", default="127.0.0.1")
    bot.add_argument("--port", type=_port, default=DEFAULT_PORT)
    bot.add_argument("--code", required=True, help="the table's code")
    bot.add_argument("--name", default="bot")
    bot.add_argument("--level", default=Level.NORMAL.value, choices=LEVELS)
    bot.add_argument("--timeout", type=float, default=3600.0, metavar="SECONDS")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING - 10 * min(args.verbose + 1, 2),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.command == "serve":
        return serve(args.host, args.port, args.table, args.max_tables, args.pause)
    from .bots import run_bot

    try:
        hello = Hello(name=clean_name(args.name), code=table_code(args.code))
    except MessageError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    conn = Connection(url_of(args.host, args.port), hello, retry_for=60.0).start()
    result = run_bot(conn, args.level, timeout=args.timeout)
    conn.close()
    if result.over is None:
        print(f"the match did not end: {result.gone or 'timed out'}", file=sys.stderr)
        return 1
    print(f"match over: totals {list(result.over.totals)}")
    return 0


def serve(host: str, port: int, tables: Sequence[TableSettings], max_tables: int, pause: float) -> int:
    server = FriendsServer(host, port, limits=Limits(tables=max_tables), computer_pause=pause)

    async def run() -> None:
        try:
            bound = await server.start()
        except OSError as error:
            raise SystemExit(f"cannot listen on {host}:{port}: {error}") from None
        print(f"serving network play (protocol {PROTOCOL}) on {host}:{bound}", file=sys.stderr, flush=True)
        for settings in tables:
            code = server.open_table(settings)
            print(f"table {code}: {settings.preset}, {settings.players} players", flush=True)
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has no signal handlers
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(server.stop()))
        await server.serve_until_stopped()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    except SystemExit as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["build_parser", "main", "serve"]
