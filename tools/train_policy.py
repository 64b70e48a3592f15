"""Fit the learned move policy (``ai/policy.py``) to the Expert's own choices.

Two steps, both reproducible by seed:

    python -m tools.train_policy collect --games 40 --seed 1 --iterations 150 --out .arena/policy-data-1.pkl
    python -m tools.train_policy fit .arena/policy-data-*.pkl --seed 1 --out ai/policy_weights.json

``collect`` plays self-play matches of five Experts (``uecda`` rules, a fixed
number of playouts per decision so the data does not depend on the machine)
and keeps every decision with more than one legal move: the public state,
the hand and the move chosen.  Records are appended game by game, so a long
run can be stopped and still used.

``fit`` turns each decision into the feature vectors of its legal moves
(``ai.policy.move_features``) and fits the weights of a softmax over them
(multinomial logit, L2 penalty, Adam on the full batch) by maximum
likelihood of the chosen moves; a tenth of the decisions (chosen by seed)
is held out and the held-out log-likelihood and top-1 agreement are printed.
numpy is needed here (the test extra), never by the game.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ai.player import Player
from game.engine import Match, observe, preset_rules
from game.engine.events import MatchOver
from game.engine.match import GameResult
from game.engine.runner import Answer, Decision, MatchRunner


def collect(
    games: int, seed: int, iterations: int, out: Path, rules_id: str = "uecda", teacher: str = "expert",
    overrides: dict[str, Any] | None = None,
) -> int:
    """Play self-play games of ``teacher``; append each game's decisions to ``out``; the number of decisions."""
    from ai.expert import ExpertOptions
    from ai.levels import make_player

    rules = preset_rules(rules_id, overrides=overrides)
    players = [make_player(teacher, ExpertOptions(iterations=iterations)) for _ in range(rules.players)]
    total = 0
    played = 0
    started = time.perf_counter()
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("ab") as sink:

        def keep(records: list[dict[str, Any]]) -> None:
            nonlocal total, played
            pickle.dump(records, sink)
            sink.flush()
            total += len(records)
            played += 1
            elapsed = time.perf_counter() - started
            print(f"game {played}/{games}: {total} decisions, {elapsed:.0f}s", file=sys.stderr, flush=True)

        match_index = 0
        while played < games:
            match = Match(rules, seed=seed * 1000 + match_index, games=min(10, games - played))
            match_index += 1
            record_match(MatchRunner(match), players, f"collect/{seed}/{match_index}", keep)
    return total


def record_match(
    runner: MatchRunner, players: Sequence[Player], seed: str, keep: Callable[[list[dict[str, Any]]], None]
) -> None:
    """Play the runner's match, ``players`` (by player) deciding; after each game, ``keep`` its move
    decisions that had a choice (the public state, the hand, the move)."""
    records: list[dict[str, Any]] = []
    step = 0

    def decide(decision: Decision) -> Answer:
        nonlocal step
        obs = observe(runner.game, decision.seat)
        rng = random.Random(f"{seed}/{runner.match.index}/{step}")
        step += 1
        player = players[runner.player_of(decision)]
        if decision.gift is not None:
            return player.choose_gift(obs, rng)
        move = player.choose_move(obs, rng)
        if len(obs.move_list()) > 1:
            records.append({"state": obs.state, "hand": obs.hand, "drawn": obs.drawn, "move": move})
        return move

    def game_over(result: GameResult, outcome: MatchOver | None) -> None:
        keep(list(records))
        records.clear()

    runner.play(decide, on_result=game_over)


def load(paths: Sequence[Path]) -> list[dict[str, Any]]:
    """Every decision recorded in ``paths`` (files of pickled per-game lists)."""
    out: list[dict[str, Any]] = []
    for path in paths:
        with path.open("rb") as source:
            while True:
                try:
                    out.extend(pickle.load(source))
                except EOFError:
                    break
    return out


def fit(paths: Sequence[Path], seed: int, out: Path | None, steps: int = 3000, l2: float = 1e-3) -> dict[str, Any]:
    """Fit the softmax weights; write them to ``out`` (JSON) and return them with the fit's figures."""
    from ai.policy import FEATURES, legal_moves_features

    blocks: list[list[list[float]]] = []
    chosen: list[int] = []
    for rec in load(paths):
        moves, feats = legal_moves_features(rec["state"], rec["hand"], rec["drawn"])
        if rec["move"] not in moves or len(moves) < 2:
            continue
        blocks.append(feats)
        chosen.append(moves.index(rec["move"]))
    return fit_softmax(blocks, chosen, list(FEATURES), seed, out, steps, l2)


def fit_softmax(
    blocks: Sequence[Sequence[Sequence[float]]], chosen: Sequence[int], features: Sequence[str], seed: int,
    out: Path | None, steps: int = 3000, l2: float = 1e-3,
) -> dict[str, Any]:
    """Fit a softmax over moves (one feature block per decision, the index of the move made) by
    maximum likelihood; a tenth of the decisions (chosen by seed) held out.  Write to ``out``."""
    import numpy as np

    count = len(blocks)
    order = list(range(count))
    random.Random(seed).shuffle(order)
    held = set(order[: count // 10])
    train = [i for i in range(count) if i not in held]
    test = [i for i in range(count) if i in held]
    arrays = [np.asarray(block, dtype=np.float64) for block in blocks]

    def pack(index: list[int]) -> tuple[Any, Any, Any, Any]:
        x = np.concatenate([arrays[i] for i in index])
        sizes = np.array([len(arrays[i]) for i in index])
        starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
        target = starts + np.array([chosen[i] for i in index])
        group = np.repeat(np.arange(len(index)), sizes)
        return x, group, target, len(index)

    x, group, target, n = pack(train)
    dim = x.shape[1]
    w = np.zeros(dim)
    m = np.zeros(dim)
    v = np.zeros(dim)
    rate, beta1, beta2 = 0.05, 0.9, 0.999

    def loglik(w: Any, x: Any, group: Any, target: Any, n: int) -> tuple[float, Any, Any]:
        s = x @ w
        top = np.full(n, -np.inf)
        np.maximum.at(top, group, s)
        e = np.exp(s - top[group])
        z = np.zeros(n)
        np.add.at(z, group, e)
        p = e / z[group]
        ll = float(np.sum(s[target] - top - np.log(z))) / n
        return ll, p, s

    for t in range(1, steps + 1):
        _, p, _ = loglik(w, x, group, target, n)
        grad = -(x[target].sum(axis=0) - (p[:, None] * x).sum(axis=0)) / n + l2 * w
        m = beta1 * m + (1 - beta1) * grad
        v = beta2 * v + (1 - beta2) * grad * grad
        w -= rate * (m / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + 1e-8)

    def agreement(index: list[int]) -> tuple[float, float]:
        xt, gt, tt, nt = pack(index)
        ll, _, s = loglik(w, xt, gt, tt, nt)
        best = np.full(nt, -np.inf)
        np.maximum.at(best, gt, s)
        return ll, float(np.mean(s[tt] >= best - 1e-12))

    train_ll, train_top = agreement(train)
    test_ll, test_top = agreement(test) if test else (0.0, 0.0)
    result = {
        "features": list(features),
        "weights": [round(float(x), 5) for x in w],
        "fit": {
            "decisions": count, "train_loglik": round(train_ll, 4), "heldout_loglik": round(test_ll, 4),
            "train_top1": round(train_top, 4), "heldout_top1": round(test_top, 4), "seed": seed,
            "steps": steps, "l2": l2,
        },
    }
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(result, indent=1) + "\n")
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.train_policy", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="record the Expert's decisions in self-play")
    c.add_argument("--games", type=int, default=40)
    c.add_argument("--seed", type=int, default=1)
    c.add_argument("--iterations", type=int, default=150, help="the Expert's playouts per decision")
    c.add_argument("--teacher", default="expert", help="the level whose choices are recorded (default expert)")
    c.add_argument("--out", type=Path, required=True)
    f = sub.add_parser("fit", help="fit the policy's weights to recorded decisions")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--steps", type=int, default=3000)
    f.add_argument("--l2", type=float, default=1e-3)
    f.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.command == "collect":
        collect(args.games, args.seed, args.iterations, args.out, teacher=args.teacher)
        return 0
    result = fit(args.data, args.seed, args.out, args.steps, args.l2)
    print(json.dumps(result["fit"]))
    for name, weight in zip(result["features"], result["weights"]):
        print(f"{name:>24} {weight:+.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
