"""``python -m game.network.uecda client ...``, ``server ...``, ``log ...`` and ``arena ...``.

Exit status: 0 when the match was played to its end; 1 when the peer broke
the protocol, disconnected or timed out (the message says how); 2 for bad
arguments (an unknown level, a port in use...).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .protocol import DEFAULT_HOST, DEFAULT_PORT, HANDSHAKE_TIMEOUT, PLAYERS, TURN_TIMEOUT, ProtocolError

if TYPE_CHECKING:
    from .official_log import OfficialLog

MAX_SECONDS = 86_400.0
"""The longest wait or thinking time an option takes (a day): longer is a mistake, and sockets refuse it."""
MAX_PROCESSES = 64
"""The most search processes the client starts (more than the cores only slows each down)."""


def _positive(text: str) -> float:
    """Seconds: a number above 0 and at most ``MAX_SECONDS`` (not nan, inf or 1e300)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= MAX_SECONDS:  # false for nan
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most {MAX_SECONDS:g}, "
                                         f"not {text[:40]!r}")
    return value


def _processes(text: str) -> int:
    """A number of processes: 1 to ``MAX_PROCESSES``."""
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_PROCESSES:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to {MAX_PROCESSES}, not {text[:40]!r}")
    return int(text)


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a TCP port from 0 to 65535, not {text[:40]!r}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m game.network.uecda",
        description="Speak the UECda computer-Daihinmin tournament protocol (version 20070).",
    )
    parser.add_argument("-v", "--verbose", action="count", default=0, help="more log output (-vv for debug)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="{client,server,log,arena}")

    client = sub.add_parser(
        "client", help="play a match at a UECda server with one of our computer players",
        description="Connect to a UECda server and play every game of the match (exchange included) "
                    "with one of our computer players; exit 0 when the server says all games are over.")
    client.add_argument("--host", default=DEFAULT_HOST, help=f"server address (default {DEFAULT_HOST})")
    client.add_argument("--port", type=_port, default=DEFAULT_PORT, help=f"server port (default {DEFAULT_PORT})")
    client.add_argument("--level", default="expert", help="beginner, normal, strong or expert (default expert)")
    client.add_argument("--name", default="ours", help="the name sent to the server (13 characters at most; "
                                                       "the C server shows 6)")
    client.add_argument("--records", metavar="DIR", help="write one game record (JSON) per game into DIR")
    client.add_argument("--trace", metavar="FILE",
                        help="write every table and number exchanged with the server to FILE (JSON lines)")
    client.add_argument("--think", type=_positive, default=1.0, metavar="SECONDS",
                        help="thinking time per move for searching levels (default 1)")
    client.add_argument("--timeout", type=_positive, default=60.0, metavar="SECONDS",
                        help="longest wait for any message from the server (default 60)")
    client.add_argument("--connect-timeout", type=_positive, default=5.0, metavar="SECONDS",
                        help="longest wait to connect (default 5)")
    client.add_argument("--seed", type=int, help="seed our player's random choices")
    client.add_argument("--processes", type=_processes, metavar="N",
                        help="processes the Expert searches in at once, each its own worlds within the thinking "
                             "time (default: 2 on a machine with two cores or more, else 1; 1: in the client)")
    client.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="an Expert option (ai.expert.ExpertOptions; a JSON value), e.g. --option others=read")
    client.add_argument("--json", action="store_true", help="print a JSON summary at the end")

    server = sub.add_parser(
        "server", help="run a UECda-compatible server on our engine",
        description="Accept five UECda clients (ours or tournament programs), run a match of the uecda "
                    "rules with our engine, and print each player's points and class shares.")
    server.add_argument("--host", default=DEFAULT_HOST,
                        help=f"bind address (default {DEFAULT_HOST}: loopback only)")
    server.add_argument("--port", type=_port, default=DEFAULT_PORT,
                        help=f"port (default {DEFAULT_PORT}; 0 picks a free one, printed on stderr)")
    server.add_argument("--games", type=int, default=100, help="games in the match (default 100)")
    server.add_argument("--players", type=int, default=PLAYERS, help="players (the uecda rules need 5)")
    server.add_argument("--seed", type=int, help="seed the deals (default random)")
    server.add_argument("--turn-timeout", type=_positive, default=TURN_TIMEOUT, metavar="SECONDS",
                        help=f"longest wait for a client's play or gift (default {TURN_TIMEOUT:g}; the official "
                             "server waits forever); a client that takes longer is dropped and our player "
                             "takes its seat")
    server.add_argument("--handshake-timeout", type=_positive, default=HANDSHAKE_TIMEOUT, metavar="SECONDS",
                        help=f"longest wait for a client's name table (default {HANDSHAKE_TIMEOUT:g})")
    server.add_argument("--wait", type=_positive, default=600.0, metavar="SECONDS",
                        help="longest wait for all five clients to connect (default 600)")
    server.add_argument("--fallback", default="normal", metavar="LEVEL",
                        help="our level that plays for a dropped client (default normal)")
    server.add_argument("--json", action="store_true", help="print the summary as JSON")

    log = sub.add_parser(
        "log", help="replay the official server's game logs under our rules",
        description="Read game logs of the official UECda server (FLAG_LOGGER yes), turn every game into a game "
                    "record, check it with our rules and compare the places with the server's.  Exit 0 when "
                    "every game replays with the server's places.")
    log.add_argument("files", nargs="+", metavar="FILE", help="a log file (logs/YYYYMMDDhhmmss.log)")
    log.add_argument("--records", metavar="DIR", help="write each game's record into DIR")
    log.add_argument("--versus", metavar="NAME,NAME",
                     help="the first player's points less the second's, game by game (the names the server logged)")

    arena = sub.add_parser(
        "arena", help="the arena (python -m ai.arena) with tournament programs in seats: external:CMD",
        description="Run the arena (every option of python -m ai.arena); a seat may be external:CMD, a UECda "
                    "program started with CMD (-h 127.0.0.1 -p PORT appended unless CMD has {port}) and played "
                    "through our server side of the protocol.")
    arena.add_argument("options", nargs="*", help="the arena's options (see python -m ai.arena --help)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if words[:1] == ["arena"]:  # every other word is the arena's
        return run_arena(words[1:])
    args = build_parser().parse_args(words)
    level = logging.WARNING - 10 * args.verbose
    logging.basicConfig(level=max(level, logging.DEBUG), format="%(levelname)s %(name)s: %(message)s",
                        stream=sys.stderr)
    if args.command == "client":
        return run_client(args)
    if args.command == "log":
        return run_log(args)
    if args.command == "arena":
        return run_arena(args.options)
    return run_server(args)


def run_arena(options: Sequence[str]) -> int:
    from ai.arena import main as arena_main

    from .external import arena_seat

    return arena_main(options, factory=arena_seat, prog="python -m game.network.uecda arena")


def run_client(args: argparse.Namespace) -> int:
    from ai.arena import json_values
    from ai.expert import ExpertOptions
    from ai.levels import make_player
    from game.levels import LEVELS, Level
    from game.worker import DecisionWorker, default_processes

    from .client import ConnectError, UecdaClient

    for item in args.option:
        name, equals, _ = item.partition("=")
        if not equals or not name:
            print(f"error: --option {item!r} is not NAME=VALUE", file=sys.stderr)
            return 2
    if args.option and args.level != Level.EXPERT:
        print(f"error: level {args.level!r} takes no options ({', '.join(args.option)}): only the Expert does",
              file=sys.stderr)
        return 2
    try:
        expert = ExpertOptions().with_values(json_values(args.option))
        player = make_player(args.level, expert)
    except (ValueError, ImportError) as error:
        print(f"error: cannot use level {args.level!r}: {error} (levels: {', '.join(LEVELS)})", file=sys.stderr)
        return 2
    processes = args.processes if args.processes is not None else default_processes()
    # No frames to keep here: the search runs at the client's own priority.
    worker = DecisionWorker("process", processes, niceness=0) if processes > 1 and player.search_parts else None
    client = UecdaClient(
        player, name=args.name, host=args.host, port=args.port, connect_timeout=args.connect_timeout,
        read_timeout=args.timeout, think_time=args.think, records_dir=args.records, trace=args.trace,
        seed=args.seed, worker=worker)
    try:
        if worker is not None:
            worker.start()  # the processes are ready before the first decision
        report = client.run()
    except OSError as error:
        print(f"error: cannot write {error.filename or 'the records'}: {error.strerror or error}", file=sys.stderr)
        return 2
    except ConnectError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except ProtocolError as error:
        print(f"error: the server broke off the match: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 1
    finally:
        if worker is not None:
            worker.close()
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(f"player {report.player} ({report.name}): {len(report.games)} games, {report.points} points")
    return 0


def run_server(args: argparse.Namespace) -> int:
    from .server import ServerError, UecdaServer, report_json

    try:
        server = UecdaServer(
            games=args.games, players=args.players, host=args.host, port=args.port, seed=args.seed,
            accept_timeout=args.wait, handshake_timeout=args.handshake_timeout, turn_timeout=args.turn_timeout,
            fallback_level=args.fallback)
        port = server.listen()
    except ServerError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"listening on {server.host}:{port}", file=sys.stderr, flush=True)
    try:
        report = server.run()
    except ServerError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        server.close()
        print("interrupted", file=sys.stderr)
        return 1
    print(report_json(report) if args.json else report.text())
    return 0


def run_log(args: argparse.Namespace) -> int:
    from pathlib import Path

    from game.engine.record import check

    from .official_log import LogError, convert, parse_log

    status = 0
    out = Path(args.records) if args.records else None
    standings = Standings()
    for name in args.files:
        path = Path(name)
        try:
            log = parse_log(path.read_text(encoding="latin-1"))
            if out is not None:
                out.mkdir(parents=True, exist_ok=True)
        except (OSError, LogError) as error:
            print(f"error: {name}: {error}", file=sys.stderr)
            return 2
        try:
            standings.add(log)
        except ValueError as error:
            print(f"error: {name}: {error}", file=sys.stderr)
            return 2
        agree = refused = 0
        problems: list[str] = []
        for conversion in convert(log):
            if isinstance(conversion, LogError):
                problems.append(str(conversion))
                continue
            number = conversion.record["uecda_log"]["game"]
            valid, answer = check(conversion.record)
            if valid != 0:
                problems.append(f"game {number}: our rules refuse action {answer['action']}: {answer['reason']}")
            elif tuple(answer["games"][0]["places"]) != conversion.places:
                problems.append(f"game {number}: places {answer['games'][0]['places']}, "
                                f"the server's {list(conversion.places)}")
            else:
                agree += 1
            refused += len(conversion.refused)
            if out is not None:
                target = out / f"{path.stem}-game-{number:05d}.json"
                try:
                    target.write_text(json.dumps(conversion.record, ensure_ascii=False, indent=1), encoding="utf-8")
                except OSError as error:
                    print(f"error: cannot write {target}: {error.strerror or error}", file=sys.stderr)
                    return 2
        print(f"{name}: {len(log.games)} games, {agree} replayed with the server's places, "
              f"{refused} play(s) the server refused (counted as passes)")
        for problem in problems:
            print(f"  {problem}")
        status = status or (1 if problems else 0)
    print("\n".join(standings.lines()))
    if args.versus is not None:
        try:
            first, _, second = args.versus.partition(",")
            print(standings.versus(first, second))
        except ValueError as error:
            print(f"error: --versus {args.versus!r}: {error}", file=sys.stderr)
            return 2
    return status


@dataclass
class Standings:
    """Each player's points, place and class at the deal, game by game over one or more logs, by the name the
    server logged."""

    points: dict[str, list[int]] = field(default_factory=dict)
    places: dict[str, list[int]] = field(default_factory=dict)
    """Place by game (0 is 1st), by name."""
    classes: dict[str, list[int | None]] = field(default_factory=dict)
    """Class at the deal by game (0 大富豪 ... ; None in a game without classes), by name."""
    titles: tuple[str, ...] = ()
    """The classes' names, from 大富豪 down."""

    def add(self, log: OfficialLog) -> None:
        """Add the log's finished games (``ValueError`` when two of its players share a name)."""
        if len(set(log.names)) != len(log.names):
            raise ValueError(f"two players share a name ({', '.join(log.names)}): their points cannot be told apart")
        self.titles = tuple(title.value for title in log.rules().titles)
        for game, row in zip(log.finished(), log.points(), strict=True):
            for player, who in enumerate(log.names):
                self.points.setdefault(who, []).append(row[player])
                self.places.setdefault(who, []).append(game.result.index(player))
                self.classes.setdefault(who, []).append(None if game.classes is None else game.classes[player])

    def lines(self) -> list[str]:
        from ai.arena import mean_interval

        games = max((len(v) for v in self.points.values()), default=0)
        lines = [f"points per game over {games} games:"]
        for who, got in self.points.items():
            mean, half = mean_interval(got)
            lines.append(f"  {who:<15} {mean:.2f} [{mean - half:.2f}, {mean + half:.2f}] over {len(got)} games, "
                         f"1st in {self.places[who].count(0) / len(got):.0%}")
        lines.append("by class at the deal (games: share of 1st, points per game):")
        for who in self.points:
            lines.append(f"  {who:<15} " + "  ".join(self._by_class(who)))
        return lines

    def _by_class(self, who: str) -> list[str]:
        """``who``'s games by class at the deal, 大富豪 first (games without classes last)."""
        tally: dict[int | None, list[tuple[int, int]]] = {}
        for cls, points, place in zip(self.classes[who], self.points[who], self.places[who]):
            tally.setdefault(cls, []).append((place, points))
        cells = []
        for cls in sorted(tally, key=lambda c: len(self.titles) if c is None else c):
            games = tally[cls]
            firsts = sum(place == 0 for place, _ in games)
            mean = sum(points for _, points in games) / len(games)
            cells.append(f"{self._title(cls)} {len(games)}: {firsts / len(games):.0%}, {mean:.2f}")
        return cells

    def _title(self, cls: int | None) -> str:
        return "none" if cls is None else self.titles[cls]

    def versus(self, first: str, second: str) -> str:
        """``first``'s points less ``second``'s, game by game, then how often ``first`` finished ahead by the two
        players' classes at the deal (``ValueError`` unless both played every game)."""
        from ai.results import paired

        ours, theirs = self.points.get(first), self.points.get(second)
        if ours is None or theirs is None or len(ours) != len(theirs) or first == second:
            raise ValueError(f"expected two names that played every game: {', '.join(self.points)}")
        pairs = [((0, 0, game), float(a), float(b)) for game, (a, b) in enumerate(zip(ours, theirs))]
        ahead: dict[tuple[int, int], list[bool]] = {}
        for mine, its, my_place, its_place in zip(self.classes[first], self.classes[second], self.places[first],
                                                  self.places[second]):
            if mine is not None and its is not None:
                ahead.setdefault((mine, its), []).append(my_place < its_place)
        cells = [f"{self.titles[mine]}/{self.titles[its]} {sum(won) / len(won):.0%} of {len(won)}"
                 for (mine, its), won in sorted(ahead.items())]
        lines = [paired(first, second, pairs).describe()]
        if cells:
            lines.append(f"{first} ahead of {second}, by their classes at the deal: " + ", ".join(cells))
        return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
