"""Engine speed: random-policy games, printed as one JSON object.

    python -m game.engine.bench [--seconds S] [--seed N]

A decision is one legal-move generation plus applying the chosen move (the
unchecked path a search AI uses).  Each configuration runs whole games, dealt
and exchanged, for about ``--seconds`` on one core.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Sequence

from .cards import iter_ids
from .game import Game, Phase
from .rules import preset_rules

CONFIGURATIONS = (("uecda", 5), ("standard", 4), ("duel5", 2))


def run(preset: str, players: int, seconds: float, seed: int) -> dict[str, float | int | str]:
    rules = preset_rules(preset, players)
    rng = random.Random(seed)
    games = decisions = 0
    previous: tuple[int, ...] | None = None
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        game = Game.new(rules, rng, previous_places=previous)
        while game.phase is Phase.EXCHANGE:
            gift = game.pending[0]
            cards = sum(1 << c for c in list(iter_ids(game.hands[gift.giver]))[: gift.count])
            game.give(gift.giver, cards)
        while game.result is None:
            moves = game.move_list()
            game.apply(moves[rng.randrange(len(moves))])
            decisions += 1
        previous = game.result.places
        games += 1
        elapsed = time.perf_counter() - start
    return {
        "preset": preset,
        "players": players,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 1),
        "decisions_per_second": round(decisions / elapsed),
        "decisions_per_game": round(decisions / games, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per configuration (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    results = [run(preset, players, args.seconds, args.seed) for preset, players in CONFIGURATIONS]
    report = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "configurations": {f"{r['preset']}-{r['players']}": r for r in results},
    }
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
