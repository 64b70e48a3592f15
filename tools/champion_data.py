"""One player's decisions from the official UECda server's game logs, with the whole deal known.

    python -m tools.champion_data extract LOG... --player Blauwereg --out DIR
    python -m tools.champion_data stats DIR
    python -m tools.champion_data fit DIR --out ai/champion_weights.json [--seed 1] [--steps 3000]
    python -m tools.champion_data agree DIR [--weights ai/champion_weights.json] [--every 10]

``extract`` replays every game of the logs (``FLAG_LOGGER yes``; see
``game.network.uecda.official_log``) and keeps each decision of the players whose name
(as the server logged it: 9 characters at most) is ``--player``:

* ``DIR/plays.pkl``: pickled lists, one per game, of dicts in the format of
  ``tools.train_policy`` (``state``, ``hand``, ``drawn``, ``move``) plus
  ``hands`` (every seat's hand at the decision: the full information),
  ``legal`` (how many legal moves it had) and ``source`` (log file, game,
  action index).  ``python -m tools.train_policy fit DIR/plays.pkl`` fits the
  learned policy to them (it keeps the decisions with more than one legal move).
* ``DIR/gifts.jsonl``: one JSON line per exchange gift: the hand it gave
  from, the cards given, how many, every seat's hand, the source.

Games the rules cannot replay (the 20-passes rule ended them, say) are
counted and skipped.  ``stats`` counts what a directory holds.  ``fit``
fits the champion model (``ai.opponents.ChampionModel``: a softmax over the
learned policy's features, Strong's choice and its score's gap) to the
decisions with a choice, a tenth held out, and prints the held-out top-1
agreement (numpy, a development extra).  ``agree`` says how often each of
our models makes the player's move (top-1, on the decisions with a choice;
``--every K`` keeps one decision in K): Normal (the default client), Strong,
the shipped learned policy and fitted weights (``--weights``).
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from game.engine import Pass, moves_for, observe
from game.network.uecda.official_log import LogError, parse_log, replay


def extract(logs: Iterable[Path], player: str, out: Path) -> dict[str, int]:
    """Append ``player``'s decisions in ``logs`` to ``out``; counts of what was kept."""
    out.mkdir(parents=True, exist_ok=True)
    counts = {"logs": 0, "games": 0, "skipped": 0, "plays": 0, "choices": 0, "passes": 0, "gifts": 0}
    with (out / "plays.pkl").open("ab") as plays, (out / "gifts.jsonl").open("a", encoding="utf-8") as gifts:
        for path in logs:
            log = parse_log(path.read_text(encoding="latin-1"))
            numbers = [p for p, name in enumerate(log.names) if name == player]
            if not numbers:
                continue
            counts["logs"] += 1
            for game in log.games:
                seats = {s for s, p in enumerate(game.seating) if p in numbers}
                records: list[dict[str, Any]] = []
                gift_lines: list[str] = []
                try:
                    for index, decision in enumerate(replay(log, game)):
                        if decision.seat not in seats:
                            continue
                        state = decision.game
                        source = {"log": path.name, "game": game.number, "action": index}
                        if decision.move is None:
                            gift_lines.append(json.dumps({
                                "hand": state.hands[decision.seat], "gift": decision.gift,
                                "count": decision.gift.bit_count(), "hands": list(state.hands),
                                "seat": decision.seat, "source": source}))
                            continue
                        obs = observe(state, decision.seat)
                        legal = len(obs.move_list())
                        records.append({
                            "state": obs.state, "hand": obs.hand, "drawn": obs.drawn, "move": decision.move,
                            "hands": tuple(state.hands), "legal": legal, "source": source})
                except LogError:
                    counts["skipped"] += 1
                    continue
                counts["games"] += 1
                _count(counts, records)
                counts["gifts"] += len(gift_lines)
                pickle.dump(records, plays)
                for line in gift_lines:
                    gifts.write(line + "\n")
    return counts


def _count(counts: dict[str, int], game: Sequence[dict[str, Any]]) -> None:
    counts["plays"] += len(game)
    counts["choices"] += sum(1 for r in game if r["legal"] > 1)
    counts["passes"] += sum(1 for r in game if isinstance(r["move"], Pass))


def stats(out: Path) -> dict[str, int]:
    """What ``out`` holds: games, play decisions (and those with a choice), passes, gifts."""
    counts = {"games": 0, "plays": 0, "choices": 0, "passes": 0, "gifts": 0}
    with (out / "plays.pkl").open("rb") as source:
        while True:
            try:
                game = pickle.load(source)
            except EOFError:
                break
            counts["games"] += 1
            _count(counts, game)
    gifts = out / "gifts.jsonl"
    if gifts.exists():
        with gifts.open(encoding="utf-8") as lines:
            counts["gifts"] = sum(1 for _ in lines)
    return counts


def records(out: Path) -> Iterator[dict[str, Any]]:
    """Every play decision stored in ``out``."""
    with (out / "plays.pkl").open("rb") as source:
        while True:
            try:
                yield from pickle.load(source)
            except EOFError:
                return


def fit(out: Path, seed: int, weights: Path | None, steps: int = 3000, l2: float = 1e-3) -> dict[str, Any]:
    """Fit the champion model to the decisions in ``out``; write its weights to ``weights``."""
    from ai.opponents import CHAMPION_FEATURES, champion_features
    from tools.train_policy import fit_softmax

    blocks: list[list[list[float]]] = []
    chosen: list[int] = []
    for record in records(out):
        if record["legal"] < 2:
            continue
        moves = moves_for(record["state"], record["hand"], record["drawn"])
        if record["move"] not in moves:
            continue
        blocks.append(champion_features(record["state"], record["hand"], moves))
        chosen.append(moves.index(record["move"]))
    return fit_softmax(blocks, chosen, list(CHAMPION_FEATURES), seed, weights, steps, l2)


def agreement(out: Path, weights: Path | None = None, every: int = 1) -> dict[str, float]:
    """How often each model's move is the player's, over its decisions with a choice."""
    from ai.normal import normal_move
    from ai.opponents import CHAMPION_FEATURES, ChampionModel
    from ai.policy import FEATURES, PolicyModel, load_policy
    from ai.strong import strong_move

    models: dict[str, Callable[[Any, int, int], object]] = {
        "normal": normal_move,
        "strong": lambda state, hand, drawn: strong_move(state, hand, drawn=drawn),
        "learned": load_policy().best,
    }
    if weights is not None:
        data = json.loads(weights.read_text())
        fitted = tuple(float(w) for w in data["weights"])
        if list(data["features"]) == list(FEATURES):
            models["fitted"] = PolicyModel(fitted).best
        elif list(data["features"]) == list(CHAMPION_FEATURES):
            models["fitted"] = _best(ChampionModel(fitted))
        else:
            raise ValueError(f"{weights} was fitted for other features")
    hits = dict.fromkeys(models, 0)
    count = 0
    for index, record in enumerate(r for r in records(out) if r["legal"] > 1):
        if index % every:
            continue
        count += 1
        for name, model in models.items():
            hits[name] += model(record["state"], record["hand"], record["drawn"]) == record["move"]
    return {"decisions": count, **{name: round(hit / max(count, 1), 4) for name, hit in hits.items()}}


def _best(model: Any) -> Callable[[Any, int, int], object]:
    def best(state: Any, hand: int, drawn: int) -> object:
        moves = moves_for(state, hand, drawn)
        probs = model.probabilities(state, hand, moves)
        return moves[max(range(len(moves)), key=probs.__getitem__)]

    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.champion_data", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract", help="keep one player's decisions from official logs")
    e.add_argument("logs", type=Path, nargs="+")
    e.add_argument("--player", required=True, help="the name the server logged (9 characters at most)")
    e.add_argument("--out", type=Path, required=True)
    s = sub.add_parser("stats", help="count what an extracted directory holds")
    s.add_argument("out", type=Path)
    f = sub.add_parser("fit", help="fit the champion model to the decisions with a choice")
    f.add_argument("out", type=Path)
    f.add_argument("--weights", type=Path, default=None, help="write the weights here (JSON)")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--steps", type=int, default=3000)
    f.add_argument("--l2", type=float, default=1e-3)
    a = sub.add_parser("agree", help="how often our models make the player's move")
    a.add_argument("out", type=Path)
    a.add_argument("--weights", type=Path, default=None, help="a fitted policy (tools/train_policy.py fit --out)")
    a.add_argument("--every", type=int, default=1, help="keep one decision in this many")
    args = parser.parse_args(argv)
    try:
        if args.command == "extract":
            counts: dict[str, Any] = extract(args.logs, args.player, args.out)
        elif args.command == "stats":
            counts = stats(args.out)
        elif args.command == "fit":
            counts = fit(args.out, args.seed, args.weights, args.steps, args.l2)["fit"]
        else:
            counts = agreement(args.out, args.weights, max(1, args.every))
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(counts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
