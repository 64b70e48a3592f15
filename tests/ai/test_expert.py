"""The Expert: anytime search with a deadline or a cancel, fixed iterations, playouts."""

from __future__ import annotations

import random
import time

import pytest

import ai.expert as expert_module
from ai.expert import Expert, ExpertOptions, Others, Reading
from ai.normal import normal_policy
from ai.playout import Policy, playout, playout_place, points_range
from ai.strong import best_gift, ranked_gifts
from game.engine import Game, Phase, observe, preset_rules

from .helpers import play_game
from .test_hidden_information import random_state


def test_deadline_returns_a_legal_move() -> None:
    rng = random.Random(1)
    expert = Expert(ExpertOptions(budget=600.0))
    for _ in range(5):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        move = expert.choose_move(obs, random.Random(2), deadline=time.perf_counter() + 0.02)
        assert move in obs.move_list()


def test_cancel_returns_the_best_so_far() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    obs = observe(game, game.turn)
    move = Expert(ExpertOptions(budget=600.0)).choose_move_cancellable(obs, random.Random(2), None, lambda: True)
    assert move in obs.move_list()


def test_iterations_make_it_deterministic() -> None:
    rng = random.Random(4)
    for _ in range(5):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        first = Expert(ExpertOptions(iterations=25)).choose_move(obs, random.Random(9))
        assert first == Expert(ExpertOptions(iterations=25)).choose_move(obs, random.Random(9))


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


def test_learned_others_in_the_playouts_give_legal_moves() -> None:
    rng = random.Random(7)
    expert = Expert(ExpertOptions(iterations=12, others=Others.LEARNED))
    for _ in range(4):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        move = expert.choose_move(obs, random.Random(8))
        assert move in obs.move_list()
        assert move == expert.choose_move(obs, random.Random(8))


@pytest.mark.parametrize(("values", "message"), [
    ({"reading": "tea leaves"}, "reading: expected one of chain, passes"),
    ({"others": "oracle"}, "others: expected one of normal, learned"),
    ({"trust": -0.1}, "trust: expected a number from 0 to 1, not -0.1"),
    ({"trust": "high"}, "trust: expected a number from 0 to 1"),
    ({"budget": float("nan")}, "budget: expected a positive number"),
    ({"budget": 0}, "budget: expected a positive number"),
    ({"budget": True}, "budget: expected a positive number"),
    ({"iterations": 0}, "iterations: expected a whole number"),
    ({"iterations": 2.5}, "iterations: expected a whole number"),
    ({"candidates": 0}, "candidates: expected a whole number"),
    ({"exploration": -1}, "exploration: expected a number from 0"),
    ({"cpu_budget": "yes"}, "cpu_budget: expected true or false"),
    ({"pool": -1}, "pool: expected a whole number from 0, not -1"),
    ({"pool": 1.5}, "pool: expected a whole number from 0"),
    ({"gifts": -2}, "gifts: expected a whole number from 0, not -2"),
    ({"tilt": -0.5}, "tilt: expected a number from 0, not -0.5"),
    ({"prior": "learned"}, "unknown Expert option 'prior' \\(options: budget, iterations"),
])
def test_expert_options_are_checked_by_name(values: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{message}"):
        ExpertOptions().with_values(values)


def test_expert_options_take_their_text() -> None:
    options = ExpertOptions().with_values({"reading": "passes", "others": "learned", "iterations": 3})
    assert options.reading is Reading.PASSES and options.others is Others.LEARNED and options.iterations == 3
    assert ExpertOptions() == ExpertOptions(budget=0.5, reading=Reading.CHAIN, others=Others.NORMAL)


@pytest.mark.parametrize("reading", list(Reading))
def test_both_readings_give_legal_moves(reading: Reading) -> None:
    rng = random.Random(9)
    expert = Expert(ExpertOptions(iterations=8, reading=reading))
    for _ in range(6):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        assert expert.choose_move(obs, random.Random(10)) in obs.move_list()


@pytest.mark.slow
def test_both_readings_play_whole_games() -> None:
    rules = preset_rules("uecda")
    for reading in Reading:
        game = Game.new(rules, random.Random(9))
        play_game(game, [Expert(ExpertOptions(iterations=8, reading=reading))] * rules.players, seed=10)
        assert game.over


def test_a_cpu_time_budget_returns_a_legal_move() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(12))
    obs = observe(game, game.turn)
    move = Expert(ExpertOptions(budget=0.05, cpu_budget=True)).choose_move(obs, random.Random(1))
    assert move in obs.move_list()


def test_the_gift_search_plays_out_strongs_best_gifts_and_gives_the_best_of_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = preset_rules("uecda")
    changed = 0
    for seed in range(6):
        game = Game.new(rules, random.Random(seed), previous_places=[0, 1, 2, 3, 4])
        obs = observe(game, game.turn)
        assert obs.state.phase is Phase.EXCHANGE and obs.seat == 0  # the 大富豪 gives two cards to the 大貧民
        ranked = ranked_gifts(obs, 3)
        started: list[Game] = []

        def spy(world: Game, seat: int, policy: Policy, started: list[Game] = started) -> int:
            started.append(world.clone())
            return playout_place(world, seat, policy)

        monkeypatch.setattr(expert_module, "playout_place", spy)
        expert = Expert(ExpertOptions(gifts=3, iterations=90))
        gift = expert.choose_gift(obs, random.Random(7))
        assert gift in ranked and gift == expert.choose_gift(obs, random.Random(7))
        # each try hands one of the three to the 大貧民, the others give too, and the game is played from its lead
        tries = started[:90]
        assert all(world.phase is Phase.PLAY and not world.pending for world in tries)
        assert {world.hands[4] & obs.hand for world in tries} == set(ranked)
        assert all(world.hands[0] == obs.hand & ~world.hands[4] for world in tries)
        changed += gift != best_gift(obs)
        monkeypatch.undo()
    assert changed  # the search does not just agree with the plan's gift
    assert Expert(ExpertOptions(iterations=90)).choose_gift(obs, random.Random(7)) == best_gift(obs)
