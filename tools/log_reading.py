"""How well the Expert's worlds read one player's hand at a real table: the official server's logs.

    python -m tools.log_reading LOG... --observer ours --player Blauwereg [--positions 200]
        [--worlds 40] [--class 0,1] [--expert pool=16] [--only expert]

``ai.reading`` measures the readings on games among our own players; this
takes its positions from the official server's play-by-play logs
(``FLAG_LOGGER yes``; ``game.network.uecda.official_log``), where the player
read is another program and the whole deal is logged.  In each game where
both sit, every fourth decision of ``--observer`` with a choice, once the
game has run ``ai.reading.SETTLED`` decisions, is a position, up to
``--positions`` of them (``--class`` keeps the games where the player started
in one of those classes: 0 大富豪 … 4 大貧民).  Each reading draws
``--worlds`` worlds a position, and the figure is the share of the player's
hidden cards a world puts in its hand, then of every other seat's.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from ai.arena import json_values
from ai.expert import ExpertOptions
from ai.reading import SETTLED, Position, measure, readers
from game.engine import native, observe
from game.network.uecda.official_log import LogError, parse_log, replay


def log_positions(logs: Iterable[Path], observer: str, player: str, count: int,
                  classes: frozenset[int] | None = None) -> list[Position]:
    """Up to ``count`` decisions of ``observer`` in ``logs`` with the true deal, reading ``player``'s seat."""
    found: list[Position] = []
    for path in logs:
        log = parse_log(path.read_text(encoding="latin-1"))
        if observer not in log.names or player not in log.names:
            continue
        watcher, read = log.names.index(observer), log.names.index(player)
        for game in log.finished():
            if classes is not None and (game.classes is None or game.classes[read] not in classes):
                continue
            seat, target = game.seating.index(watcher), game.seating.index(read)
            steps = 0
            try:
                for decision in replay(log, game):
                    steps += 1
                    if decision.seat != seat or decision.move is None or steps <= SETTLED or steps % 4:
                        continue
                    obs = observe(decision.game, seat)
                    if len(obs.move_list()) > 1:
                        found.append(Position(obs, tuple(decision.game.hands), (target,)))
                        if len(found) >= count:
                            return found
            except LogError:
                continue
    return found


def _classes(text: str) -> frozenset[int]:
    """The classes ``--class`` names (empty when it names anything else)."""
    parts = text.split(",")
    if not all(part.strip() in {"0", "1", "2", "3", "4"} for part in parts):
        return frozenset()
    return frozenset(int(part) for part in parts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.log_reading", description=__doc__.splitlines()[0])
    parser.add_argument("logs", type=Path, nargs="+")
    parser.add_argument("--observer", required=True, help="the seat that reads (its logged name)")
    parser.add_argument("--player", required=True, help="the player read (its logged name, 9 characters at most)")
    parser.add_argument("--positions", type=int, default=200, help="how many positions (default 200)")
    parser.add_argument("--worlds", type=int, default=40, help="worlds each reading draws a position (default 40)")
    parser.add_argument("--class", dest="classes", default=None, metavar="N,N",
                        help="only games where the player started in these classes (0 大富豪 ... 4 大貧民)")
    parser.add_argument("--only", action="append", default=[], metavar="READING",
                        help="measure this reading only (may be repeated): certain, passes, expert, strong")
    parser.add_argument("--expert", action="append", default=[], metavar="OPTION=VALUE",
                        help="an Expert option for its reading (ai.expert.ExpertOptions; JSON value), e.g. pool=16")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.worlds < 1:
        parser.error("--positions and --worlds must be positive")
    classes = None if args.classes is None else _classes(args.classes)
    if classes is not None and not classes:
        parser.error("--class: expected class numbers from 0 to 4, separated by commas")
    try:
        chosen = readers(ExpertOptions().with_values(json_values(args.expert)))
    except ValueError as error:
        parser.error(str(error))
    unknown = [name for name in args.only if name not in chosen]
    if unknown:
        parser.error(f"unknown reading {unknown[0]!r} (readings: {', '.join(chosen)})")
    if args.only:
        chosen = {name: reader for name, reader in chosen.items() if name in args.only}
    try:
        found = log_positions(args.logs, args.observer, args.player, args.positions, classes)
    except (OSError, LogError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not found:
        print(f"error: no decision of {args.observer} at a table with {args.player} in the logs", file=sys.stderr)
        return 2
    others = [Position(p.obs, p.hands, tuple(s for s in range(len(p.hands)) if s not in (p.obs.seat, *p.read)))
              for p in found]
    print(f"{len(found)} positions of {args.observer} reading {args.player}, {args.worlds} worlds each, "
          f"the search runs {native.status()}" + "".join(f", {item}" for item in args.expert))
    for name, reader in chosen.items():
        mine = measure(reader, found, args.worlds)
        rest = measure(reader, others, args.worlds)
        print(f"{name:>8}: {mine.share:.1%} of {args.player}'s hidden cards placed right, "
              f"{rest.share:.1%} of the others', {mine.milliseconds:.1f} ms of CPU a position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
