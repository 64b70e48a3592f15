"""The Expert: anytime search with a deadline or a cancel, fixed iterations, playouts."""

from __future__ import annotations

import random
import time

import pytest

from ai.expert import Expert
from ai.normal import normal_policy
from ai.playout import playout, points_range
from game.engine import Game, observe, preset_rules

from .helpers import play_game
from .test_hidden_information import random_state


def test_deadline_returns_a_legal_move() -> None:
    rng = random.Random(1)
    expert = Expert(budget=600.0)
    for _ in range(5):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        move = expert.choose_move(obs, random.Random(2), deadline=time.perf_counter() + 0.02)
        assert move in obs.move_list()


def test_cancel_returns_the_best_so_far() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    obs = observe(game, game.turn)
    move = Expert(budget=600.0).choose_move_cancellable(obs, random.Random(2), None, lambda: True)
    assert move in obs.move_list()


def test_iterations_make_it_deterministic() -> None:
    rng = random.Random(4)
    for _ in range(5):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        first = Expert(iterations=25).choose_move(obs, random.Random(9))
        assert first == Expert(iterations=25).choose_move(obs, random.Random(9))


def test_playouts_settle_the_place() -> None:
    rng = random.Random(5)
    for preset in ("uecda", "standard", "tournament", "akita", "duel5"):
        rules = preset_rules(preset)
        low, high = points_range(rules)
        for _ in range(5):
            game = Game.new(rules, rng)
            seat = game.turn
            points = playout(game.clone(), seat)
            assert low <= points <= high
            while not game.over:
                game.apply(normal_policy(game))
            assert game.place_of(seat) == game.result.places.index(seat)  # type: ignore[union-attr]


def test_expert_with_the_learned_policy_plays_legal_moves() -> None:
    rules = preset_rules("uecda")
    for prior in ("learned", "both"):
        expert = Expert(iterations=12, prior=prior, own_playout="learned", others_playout="learned")
        game = Game.new(rules, random.Random(7))
        play_game(game, [expert] * rules.players, seed=8)
        assert game.over


def test_expert_options_are_checked() -> None:
    with pytest.raises(ValueError):
        Expert(prior="nonsense")
    with pytest.raises(ValueError):
        Expert(reading="tea leaves")
    with pytest.raises(ValueError):
        Expert(trust=-0.1)


def test_both_readings_play_whole_games() -> None:
    rules = preset_rules("uecda")
    for reading in ("chain", "passes"):
        game = Game.new(rules, random.Random(9))
        play_game(game, [Expert(iterations=8, reading=reading)] * rules.players, seed=10)
        assert game.over


def test_weighted_worlds_give_legal_moves_and_stay_deterministic() -> None:
    rng = random.Random(11)
    for _ in range(4):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        expert = Expert(iterations=10, prior="learned", own_playout="learned", weighting=1.0, pool=6)
        move = expert.choose_move(obs, random.Random(3))
        assert move in obs.move_list()
        assert move == expert.choose_move(obs, random.Random(3))


def test_a_cpu_time_budget_returns_a_legal_move() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(12))
    obs = observe(game, game.turn)
    move = Expert(budget=0.05, cpu_budget=True).choose_move(obs, random.Random(1))
    assert move in obs.move_list()
