"""The learned move policy: features, probabilities, sampling, the shipped weights, and the Expert using it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ai.playout import playout
from ai.policy import FEATURES, PolicyModel, legal_moves_features, load_policy
from game.engine import Game, observe, preset_rules
from game.engine.plays import Play

from .test_hidden_information import random_state


def test_every_move_has_one_value_per_feature() -> None:
    rng = random.Random(1)
    for _ in range(30):
        game = random_state(rng, exchange=False)
        moves, feats = legal_moves_features(game, game.hands[game.turn], game.drawn)
        assert len(feats) == len(moves)
        assert all(len(f) == len(FEATURES) for f in feats)
        assert all(abs(x) <= 3.0 for f in feats for x in f)


def check_probabilities(model: Any, rng: random.Random, games: int = 20) -> None:
    """``model.probabilities`` of the legal moves in random positions: positive, summing to 1."""
    for _ in range(games):
        game = random_state(rng, exchange=False)
        moves = game.move_list()
        probs = model.probabilities(game, game.hands[game.turn], moves)
        assert sum(probs) == pytest.approx(1.0)
        assert all(p > 0 for p in probs)


def test_shipped_weights_load_and_give_probabilities() -> None:
    model = load_policy()
    assert len(model.weights) == len(FEATURES)
    check_probabilities(model, random.Random(2))


def test_going_out_is_taken() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    model = load_policy()
    rng = random.Random(4)
    while not game.over:
        hand = game.hands[game.turn]
        move = model.choose(game, hand, rng, game.drawn)
        if any(isinstance(m, Play) and m.cards == hand for m in game.move_list()):
            assert isinstance(move, Play) and move.cards == hand
        game.play(move)


def test_playouts_with_the_policy_are_reproducible() -> None:
    model = PolicyModel(load_policy().weights, temperature=0.5)
    game = Game.new(preset_rules("uecda"), random.Random(5))
    first = playout(game.clone(), 0, model.policy(random.Random(6)))
    assert first == playout(game.clone(), 0, model.policy(random.Random(6)))


def test_fit_recovers_a_preference(tmp_path: Path) -> None:
    """Decisions that always take the weakest lead teach the policy to prefer weak leads."""
    pytest.importorskip("numpy")
    import pickle

    from tools.train_policy import fit

    rng = random.Random(9)
    records: list[dict[str, object]] = []
    while len(records) < 60:
        game = random_state(rng, exchange=False)
        if game.top is not None:
            continue
        moves = game.move_list()
        singles = [m for m in moves if isinstance(m, Play) and m.size == 1 and m.rank < 13]
        if len(moves) < 2 or not singles:
            continue
        weakest = min(singles, key=lambda m: m.rank if not game.reversed else -m.rank)
        records.append({"state": game.public(), "hand": game.hands[game.turn], "drawn": -1, "move": weakest})
    data = tmp_path / "data.pkl"
    with data.open("wb") as sink:
        pickle.dump(records, sink)
    result = fit([data], seed=1, out=tmp_path / "w.json", steps=300)
    weights = dict(zip(result["features"], result["weights"]))
    assert weights["lead_power"] < 0
    assert result["fit"]["train_top1"] > 0.8


def test_observation_and_world_agree_on_features() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(10))
    obs = observe(game, game.turn)
    assert legal_moves_features(obs.state, obs.hand, obs.drawn) == legal_moves_features(
        game, game.hands[game.turn], game.drawn
    )


def test_collect_records_self_play_with_handoffs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Self-play goes through the match runner: 7渡し and 10捨て hand cards on mid-game and the
    decisions of every game are kept, game by game."""
    from tools.train_policy import collect, load

    out = tmp_path / "data.pkl"
    rules = {"seven_pass": True, "ten_discard": True}
    kept = collect(3, seed=2, iterations=1, out=out, rules_id="standard", teacher="normal", overrides=rules)
    records = load([out])
    assert kept == len(records) > 0
    assert all(len(legal_moves_features(r["state"], r["hand"], r["drawn"])[0]) > 1 for r in records)
    assert "game 3/3" in capsys.readouterr().err
