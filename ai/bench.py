"""How many playouts the Expert's search makes in its time: ``python -m ai.bench``.

Positions come from seeded 5-player ``uecda`` games played by Normal at every
seat (every third decision whose search plays out: not forced, not a sure win,
not a solved endgame); on each, one search of ``--budget`` seconds of this
process's CPU time (the same work whatever else runs) counts its playouts.
The figures are printed with which modules ran (``game.engine.native``):
compare a build with ``DAIFUGO_NATIVE=off``.  ``--expert NAME=VALUE`` (as the
arena's) measures a variant of the search, e.g. what a costlier model of the
others (``others=strong``) leaves of the playouts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys

from game.engine import Game, Observation, native, observe, preset_rules
from game.engine.runner import Answer, Decision, play_game

from .arena import json_values
from .expert import Expert, ExpertOptions, Tally
from .normal import Normal

EARLY = 9
"""A position is early while the searching player holds this many cards or more."""


def positions(count: int) -> list[Observation]:
    """``count`` positions the search plays out, in a fixed order."""
    rules = preset_rules("uecda")
    normal = Normal()
    probe = Expert(ExpertOptions(iterations=1))
    found: list[Observation] = []
    seed = 0
    while len(found) < count:
        seed += 1
        game = Game.new(rules, random.Random(seed))
        steps = 0

        def decide(decision: Decision, game: Game = game, seed: int = seed) -> Answer:
            nonlocal steps
            obs = observe(game, decision.seat)
            rng = random.Random(f"{seed}/{steps}")
            steps += 1
            if decision.gift is not None:
                return normal.choose_gift(obs, rng)
            if steps % 3 == 0 and len(found) < count and isinstance(probe.tally(obs, random.Random(0)), Tally):
                found.append(obs)
            return normal.choose_move(obs, rng)

        play_game(game, decide)
    return found


def playouts(obs: Observation, options: ExpertOptions, seed: int) -> int:
    """The playouts of one search with ``options`` (its budget in seconds of CPU time)."""
    found = Expert(options).tally(obs, random.Random(seed))
    return sum(found.pulls) if isinstance(found, Tally) else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="how many positions (default 40)")
    parser.add_argument("--budget", type=float, default=0.5, help="CPU seconds a search (default 0.5)")
    parser.add_argument("--expert", action="append", default=[], metavar="OPTION=VALUE",
                        help="an Expert option (ai.expert.ExpertOptions; JSON value), e.g. --expert others=strong")
    args = parser.parse_args(argv)
    if args.positions < 1 or not args.budget > 0:
        parser.error("--positions and --budget must be positive")
    try:
        options = ExpertOptions(budget=args.budget, cpu_budget=True).with_values(json_values(args.expert))
    except ValueError as error:
        parser.error(str(error))
    print(f"the search runs {native.status()}" + "".join(f", {item}" for item in args.expert))
    counts = [(obs.hand.bit_count() >= EARLY, playouts(obs, options, i))
              for i, obs in enumerate(positions(args.positions))]
    groups = (("early", [n for early, n in counts if early]), ("later", [n for early, n in counts if not early]),
              ("all", [n for _, n in counts]))
    for name, chosen in groups:
        if chosen:
            print(f"{name:>5}: {len(chosen):3d} positions, playouts per {args.budget:g} s of CPU: "
                  f"median {statistics.median(chosen):.0f}, mean {statistics.mean(chosen):.0f}, "
                  f"least {min(chosen)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
