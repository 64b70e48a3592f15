"""Engine speed: random-policy games, printed as one JSON object.

    python -m game.engine.bench [--seconds S] [--seed N]

A decision is one legal-move generation plus applying the chosen move (the
unchecked path a search AI uses).  Each configuration runs whole games, dealt
and exchanged, for about ``--seconds`` on one core, through the match
runner's unchecked path (``play_game(..., checked=False)``), so the gifts a
house rule asks for mid-game (7渡し, 10捨て) are given like the exchange's.
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
from .game import Game
from .plays import Move
from .rules import preset_rules
from .runner import Decision, play_game

CONFIGURATIONS = (("uecda", 5), ("standard", 4), ("duel5", 2))


def weakest(hand: int, count: int) -> int:
    """The ``count`` lowest card ids of ``hand``."""
    return sum(1 << c for c in list(iter_ids(hand))[:count])


def random_game(game: Game, rng: random.Random) -> int:
    """Play ``game`` out through the runner's unchecked path: a random legal move for every move, the
    weakest cards for every gift; the number of moves."""
    moves_made = 0

    def decide(decision: Decision) -> Move | int:
        nonlocal moves_made
        if decision.gift is not None:
            return weakest(game.hands[decision.seat], decision.gift.count)
        moves = game.move_list()
        moves_made += 1
        return moves[rng.randrange(len(moves))]

    play_game(game, decide, checked=False)
    return moves_made


def run(preset: str, players: int, seconds: float, seed: int, overrides: dict[str, object] | None = None,
        ) -> dict[str, float | int | str]:
    rules = preset_rules(preset, players, overrides)
    rng = random.Random(seed)
    games = decisions = 0
    previous: tuple[int, ...] | None = None
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        game = Game.new(rules, rng, previous_places=previous)
        decisions += random_game(game, rng)
        assert game.result is not None
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
