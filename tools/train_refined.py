"""Fit the refined Strong (``ai/refined.py``) to rollouts, and measure it against Strong.

Three steps, each reproducible by seed:

    python -m tools.train_refined collect --matches 400 --seed 2000 --out .arena/refined-1.jsonl [--rules standard]
    python -m tools.train_refined fit .arena/refined-*.jsonl [--rules standard]   # ai/refined_<rules>.json
    python -m tools.train_refined duel --matches 40 --seed 5000 [--rules standard]

``collect`` plays matches of Strong players (``uecda`` rules unless
``--rules`` names another preset; 20 games a match, classes carried over).
At each decision with two moves or more and no sure win or loss, Strong's
six best moves and the pass are each played out once on the true deal, every
seat then playing Strong: Strong is deterministic, so that is the exact worth
of the move in points if everyone goes on as Strong.  A decision whose moves
all come out the same is dropped; the others are written as JSON lines (the
features of each move, its worth, Strong's choice), match by match, so a long
run can be stopped and used.

``fit`` fits the weights of a conditional logit over the moves' features
(``ai.refined.FEATURES``; Adam on the full batch, a small L2 penalty, the
features standardised and the weights brought back to their units) to the
move that did best (shared among ties).  A fifth of the decisions is held
out; it prints the held-out regret (the best move's worth minus the chosen
one's, in points) of Strong's choice and of the fitted policy.

``duel`` seats the refined policy (the weights given, by default those the
preset plays: ``ai.refined.PRESET_WEIGHTS``) at one seat against Strong at
every other, every deal played once with each seat refined, and prints its
points a game beside Strong's level (the mean of the places' points: 3.0
under ``uecda``).
numpy is needed for ``fit`` (the test extra), never by the game.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ai.normal import Normal, normal_policy
from ai.opponents import seat_policy
from ai.playout import place_points, playout_place
from ai.refined import FEATURES, PRESET_WEIGHTS, RefinedModel, move_features, refined_model, weights_name
from ai.strong import Strong, judged_moves, strong_move, strong_policy
from game.engine import PRESET_IDS, Match, Play, observe, preset_rules
from game.engine.events import MatchOver
from game.engine.match import GameResult
from game.engine.runner import Answer, Decision, MatchRunner

TRIED: int = 6
"""Strong's best moves played out at each decision (and the pass, when legal)."""
GAMES: int = 20
"""Games a match (classes carry over within it)."""


def collect(
    matches: int, seed: int, out: Path, games: int = GAMES, model: RefinedModel | None = None, table: str = "strong",
    rules: str = "uecda",
) -> int:
    """Play ``matches`` matches under the preset ``rules`` and append each decision's rollouts to ``out``: Strong, or
    with ``model`` the refined policy it weighs (the players, their candidates and the rollouts: the next
    round of policy improvement).  With ``table`` "normal" one player (a different one each match) plays so
    against Normal at every other seat, in the game and in the rollouts, and only its decisions are kept."""
    ruleset = preset_rules(rules)
    found = 0
    start = time.perf_counter()
    with out.open("a", encoding="utf-8") as sink:
        for number in range(seed, seed + matches):
            learner = number % ruleset.players if table == "normal" else None
            lines = _rollouts(Match(ruleset, seed=number, games=games), model, learner)
            sink.write("".join(line + "\n" for line in lines))
            sink.flush()
            found += len(lines)
            print(f"match {number}: {found} decisions, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return found


def _rollouts(match: Match, model: RefinedModel | None, learner: int | None = None) -> list[str]:
    """Play ``match`` out; each decision's candidates played out on the true deal, as JSON lines.  With a
    ``learner``, the other players are Normal and only the learner's decisions are kept."""
    runner = MatchRunner(match)
    rules = match.rules
    strong = Strong()
    normal = Normal()
    own = strong_policy if model is None else model.policy
    lines: list[str] = []

    def decide(decision: Decision) -> Answer:
        game = runner.game
        obs = observe(game, decision.seat)
        if learner is not None and runner.player_of(decision) != learner:
            if decision.gift is not None:
                return normal.choose_gift(obs, random.Random(0))
            return normal.choose_move(obs, random.Random(0))
        if decision.gift is not None:
            return strong.choose_gift(obs, random.Random(0))
        rollout = own if learner is None else seat_policy(decision.seat, own, normal_policy, {})
        move = strong_move(obs.state, obs.hand, drawn=obs.drawn) if model is None else model.move(
            obs.state, obs.hand, obs.drawn)
        judged = judged_moves(obs.state, obs.hand, drawn=obs.drawn)
        features = [f for f in (move_features(obs.state, obs.hand, entry) for entry in judged) if f is not None]
        if len(judged) < 2 or len(features) < len(judged):
            return move
        values = [entry[0] for entry in judged] if model is None else [model.value(f) for f in features]
        order = sorted(range(len(judged)), key=lambda i: -values[i])
        tried = order[:TRIED] + [i for i in order[TRIED:] if not isinstance(judged[i][1], Play) or judged[i][1] == move]
        worths = []
        for i in tried:
            world = game.clone()
            world.apply(judged[i][1])
            worths.append(place_points(rules, playout_place(world, decision.seat, rollout)))
        if len(set(worths)) > 1:
            chosen = next((k for k, i in enumerate(tried) if judged[i][1] == move), -1)
            lines.append(json.dumps({"features": [features[i] for i in tried], "worths": worths, "chosen": chosen}))
        return move

    runner.play(decide)
    return lines


def fit(paths: Sequence[Path], out: Path, seed: int = 0, steps: int = 400) -> dict[str, Any]:
    """Fit the weights to the decisions in ``paths``; write them to ``out``; the held-out figures."""
    import numpy as np

    rows = [json.loads(line) for path in paths for line in path.read_text(encoding="utf-8").splitlines() if line]
    random.Random(seed).shuffle(rows)
    cut = len(rows) * 4 // 5
    train, test = rows[:cut], rows[cut:]
    if not train or not test:
        raise SystemExit("fit: too few decisions (collect more)")
    every = np.concatenate([np.array(r["features"], float) for r in train])
    mean, scale = every.mean(0), every.std(0) + 1e-9
    by_size: dict[int, tuple[list[Any], list[Any]]] = {}
    for r in train:
        xs, ws = by_size.setdefault(len(r["worths"]), ([], []))
        xs.append((np.array(r["features"], float) - mean) / scale)
        ws.append(r["worths"])
    batches = [(np.array(xs), np.array(ws, float)) for xs, ws in by_size.values()]
    n = sum(len(ws) for _, ws in batches)
    w = np.zeros(len(FEATURES))
    w[FEATURES.index("score")] = 1.0  # start at Strong's ranking
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for step in range(1, steps + 1):
        grad = 1e-3 * w
        for x, worths in batches:
            u = x @ w
            p = np.exp(u - u.max(1, keepdims=True))
            p /= p.sum(1, keepdims=True)
            best = (worths == worths.max(1, keepdims=True)).astype(float)
            best /= best.sum(1, keepdims=True)
            grad -= np.einsum("nk,nkf->f", best - p, x) / n
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    weights = w / scale
    model = RefinedModel(tuple(float(x) for x in weights))

    def regret(pick: str) -> float:
        lost: list[float] = []
        for r in test:
            worths = r["worths"]
            if pick == "chosen":
                k = r["chosen"]
            else:
                values = [sum(a * b for a, b in zip(model.weights, f)) for f in r["features"]]
                k = values.index(max(values))
            lost.append(float(max(worths) - worths[k]))
        return statistics.mean(lost)

    report = {"train": len(train), "test": len(test), "chosen_regret": regret("chosen"),
              "refined_regret": regret("refined")}
    out.write_text(json.dumps({"features": list(FEATURES), "weights": list(model.weights), "fit": report},
                              indent=1) + "\n", encoding="utf-8")
    return report


def duel(
    model: RefinedModel, matches: int, seed: int, games: int = GAMES, against: RefinedModel | None = None,
    rules: str = "uecda",
) -> tuple[float, float, int]:
    """The refined policy at one seat against Strong (or players of the ``against`` weights) at the others
    under the preset ``rules``, each deal with the seat rotated: its points a game, the 95% half-interval,
    the games."""
    ruleset = preset_rules(rules)
    points: list[int] = []
    for number in range(seed, seed + matches):
        for player in range(ruleset.players):
            points += _seat_points(Match(ruleset, seed=number, games=games), player, model, against)
    half = 1.96 * statistics.stdev(points) / math.sqrt(len(points))
    return statistics.mean(points), half, len(points)


def even(rules: str) -> float:
    """Points a game of a player as strong as the others under the preset ``rules``: the places' mean."""
    ruleset = preset_rules(rules)
    return statistics.mean(place_points(ruleset, place) for place in range(ruleset.players))


def _seat_points(match: Match, player: int, model: RefinedModel, against: RefinedModel | None) -> list[int]:
    """Play ``match`` with ``player`` refined and the rest Strong (or ``against``); that player's points by game."""
    runner = MatchRunner(match)
    strong = Strong()
    points: list[int] = []

    def decide(decision: Decision) -> Answer:
        obs = observe(runner.game, decision.seat)
        if decision.gift is not None:
            return strong.choose_gift(obs, random.Random(0))
        mover = model if runner.player_of(decision) == player else against
        if mover is None:
            return strong_move(obs.state, obs.hand, drawn=obs.drawn)
        return mover.move(obs.state, obs.hand, obs.drawn)

    def booked(result: GameResult, _: MatchOver | None) -> None:
        points.append(result.result.points[result.seating.index(player)])

    runner.play(decide, on_result=booked)
    return points


def _load(path: Path) -> RefinedModel:
    try:
        return RefinedModel.from_json(json.loads(path.read_text(encoding="utf-8")), str(path))
    except (OSError, json.JSONDecodeError) as error:
        raise SystemExit(f"{path}: cannot read weights ({error})") from None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.train_refined", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="Strong self-play, every candidate played out on the true deal")
    c.add_argument("--matches", type=int, default=400)
    c.add_argument("--seed", type=int, default=2000)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--weights", type=Path, help="players and rollouts by these weights (default: Strong)")
    c.add_argument("--table", choices=("strong", "normal"), default="strong",
                   help="normal: one player so against Normal at the other seats, only its decisions kept")
    c.add_argument("--rules", choices=PRESET_IDS, default="uecda", help="the preset played (default: uecda)")
    f = sub.add_parser("fit", help="fit the weights to collected decisions")
    f.add_argument("data", type=Path, nargs="+")
    f.add_argument("--rules", choices=PRESET_IDS, default="uecda", help="the preset the data was played under")
    f.add_argument("--out", type=Path, help="the weights file (default: ai/refined_<rules>.json)")
    f.add_argument("--seed", type=int, default=0)
    d = sub.add_parser("duel", help="the refined policy at one seat against Strong at the others")
    d.add_argument("--weights", type=Path, help="a weights file (default: those --rules plays)")
    d.add_argument("--against", type=Path, help="the others by these weights (default: Strong)")
    d.add_argument("--matches", type=int, default=40)
    d.add_argument("--seed", type=int, default=5000)
    d.add_argument("--rules", choices=PRESET_IDS, default="uecda", help="the preset played (default: uecda)")
    args = parser.parse_args(argv)
    if args.command == "collect":
        model = None if args.weights is None else _load(args.weights)
        found = collect(args.matches, args.seed, args.out, model=model, table=args.table, rules=args.rules)
        print(f"{found} decisions written to {args.out}")
    elif args.command == "fit":
        out = args.out or Path("ai") / weights_name(args.rules)
        try:
            report = fit(args.data, out, args.seed)
        except (OSError, ValueError, KeyError, TypeError) as error:  # JSONDecodeError is a ValueError
            raise SystemExit(f"fit: cannot use the data ({type(error).__name__}: {error})") from None
        print(f"{report['train']} decisions fitted, {report['test']} held out: regret a decision "
              f"{report['chosen_regret']:.4f} (the players' own choice) -> {report['refined_regret']:.4f} (fitted); "
              f"weights written to {out}")
    else:
        if args.weights is None and args.rules not in PRESET_WEIGHTS:
            raise SystemExit(f"the refined policy plays Strong under {args.rules}: name weights with --weights")
        model = refined_model(PRESET_WEIGHTS[args.rules]) if args.weights is None else _load(args.weights)
        against = None if args.against is None else _load(args.against)
        mean, half, games = duel(model, args.matches, args.seed, against=against, rules=args.rules)
        print(f"refined against {'Strong' if against is None else args.against} ({args.rules}): {mean:.3f} ± "
              f"{half:.3f} points a game over {games} games ({even(args.rules):.2f}: as strong as they are)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
