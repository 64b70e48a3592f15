"""How well the Expert's worlds read one player's hand at a real table: the official server's logs.

    python -m tools.log_reading LOG... --observer ours --player Blauwereg [--positions 200]
        [--worlds 40] [--class 0,1] [--expert pool=16] [--only expert] [--headroom 400]

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

``--headroom N`` weighs ``N`` hands the Expert's reading offers the player
by each move model's likelihood of its moves instead (``ai.reading``'s).

``--fit-tilt STEPS`` fits the Expert's ``rank_tilt`` instead (with the other
``--expert`` options): the deals' log-weight per card by rank that a loosely
read player holds, moved each step by the player's true count of each rank
less the worlds' mean count, over the positions where the chain reads it
loosely.  That is the gradient of the true hands' log-likelihood under the
tilted deals, so at the fit the worlds hold as many cards of each rank as the
player really did.  It prints each step's gaps and then the weights (JSON).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from ai.expert import Expert, ExpertOptions
from ai.inference import TILT_RANKS, ChainSampler, tilt_rank
from ai.reading import (
    SETTLED,
    Position,
    add_reading_arguments,
    chosen_readers,
    measure,
    print_heading,
    print_headroom,
)
from game.engine import observe
from game.engine.cards import iter_ids
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


FIT_WORLDS = 12
"""Worlds a position draws in each step of ``--fit-tilt``."""
FIT_RATE = 1.5
"""How far a step of ``--fit-tilt`` moves a rank's weight per card of gap."""


def rank_counts(cards: int, reversed_: bool) -> list[int]:
    """How many of ``cards`` each rank holds, in ``rank_tilt``'s order (weakest first, the jokers last)."""
    counts = [0] * TILT_RANKS
    for cid in iter_ids(cards):
        counts[tilt_rank(cid, reversed_)] += 1
    return counts


def tilt_gaps(found: list[Position], options: ExpertOptions, worlds: int, seed: int) -> tuple[list[float], int]:
    """By rank, the read player's true count of hidden cards less the worlds' mean, averaged over the
    positions where the Expert's chain reads it loosely and it holds hidden cards (the rank tilt moves only
    those); and how many."""
    expert = Expert(options)
    gaps = [0.0] * TILT_RANKS
    loose = 0
    for index, position in enumerate(found):
        obs = position.obs
        (seat,) = position.read
        sampler = expert.sampler(obs)
        if not isinstance(sampler, ChainSampler):
            raise ValueError("the rank tilt is the chain's: fit it with reading=chain")
        rng = random.Random(seed * 100_003 + index)
        drawn = [sampler.sample(rng) for _ in range(worlds)]
        hidden = ~obs.known[seat]
        if seat not in sampler.loose_seats or not position.hands[seat] & hidden:
            continue
        loose += 1
        truth = rank_counts(position.hands[seat] & hidden, obs.state.reversed)
        for world in drawn:
            counts = rank_counts(world.hands[seat] & hidden, obs.state.reversed)
            for rank in range(TILT_RANKS):
                gaps[rank] -= counts[rank] / worlds
        for rank in range(TILT_RANKS):
            gaps[rank] += truth[rank]
    return [gap / max(loose, 1) for gap in gaps], loose


def fit_tilt(found: list[Position], options: ExpertOptions, steps: int) -> tuple[float, ...]:
    """``rank_tilt`` fitted to the read player's hands in ``found`` (see the module docstring)."""
    tilt = list(options.rank_tilt) or [0.0] * TILT_RANKS
    for step in range(steps):
        gaps, loose = tilt_gaps(found, options.with_values({"rank_tilt": tilt}), FIT_WORLDS, step)
        tilt = [weight + FIT_RATE * gap for weight, gap in zip(tilt, gaps, strict=True)]
        print(f"step {step + 1}: {loose} positions read loosely, gaps {' '.join(f'{g:+.2f}' for g in gaps)}",
              flush=True)
    return tuple(round(weight, 2) for weight in tilt)


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
    add_reading_arguments(parser)
    parser.add_argument("--fit-tilt", type=int, default=0, metavar="STEPS",
                        help="fit the rank_tilt option to the player's hands in this many steps instead")
    args = parser.parse_args(argv)
    if args.positions < 1 or args.worlds < 1 or args.fit_tilt < 0:
        parser.error("--positions and --worlds must be positive, --fit-tilt a number of steps")
    if args.fit_tilt and args.headroom:
        parser.error("--fit-tilt and --headroom are two measurements: ask for one")
    classes = None if args.classes is None else _classes(args.classes)
    if classes is not None and not classes:
        parser.error("--class: expected class numbers from 0 to 4, separated by commas")
    options, chosen = chosen_readers(parser, args)
    try:
        found = log_positions(args.logs, args.observer, args.player, args.positions, classes)
    except (OSError, LogError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not found:
        print(f"error: no decision of {args.observer} at a table with {args.player} in the logs", file=sys.stderr)
        return 2
    if args.fit_tilt:
        print(f"fitting rank_tilt on {len(found)} positions of {args.observer} reading {args.player}", flush=True)
        try:
            print(json.dumps(fit_tilt(found, options, args.fit_tilt)))
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        return 0
    print_heading(len(found), f"{args.observer} reading {args.player}", args)
    if args.headroom:
        print_headroom(found, options, args.headroom)
        return 0
    others = [Position(p.obs, p.hands, tuple(s for s in range(len(p.hands)) if s not in (p.obs.seat, *p.read)))
              for p in found]
    for name, reader in chosen.items():
        mine = measure(reader, found, args.worlds)
        rest = measure(reader, others, args.worlds)
        print(f"{name:>8}: {mine.share:.1%} of {args.player}'s hidden cards placed right, "
              f"{rest.share:.1%} of the others', {mine.milliseconds:.1f} ms of CPU a position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
