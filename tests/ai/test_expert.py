"""The Expert: anytime search with a deadline or a cancel, fixed iterations, playouts."""

from __future__ import annotations

import random
import time

from ai.expert import Expert
from ai.normal import normal_policy
from ai.playout import playout, points_range
from game.engine import Game, observe, preset_rules

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
