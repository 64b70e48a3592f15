"""The match runner: what it tells a loop and in which order, its unchecked path, and the loops built on it."""

from __future__ import annotations

import random

from game.engine import Game, Gift, Match, preset_rules
from game.engine.bench import random_game, run, weakest
from game.engine.events import Event, GameOver, MatchOver
from game.engine.match import GameResult
from game.engine.runner import (
    Answer,
    Decision,
    MatchRunner,
    answer,
    apply,
    decisions,
    next_decision,
    play_game,
)
from game.engine.state import GiftKind

HANDOFFS: dict[str, object] = {"seven_pass": True, "ten_discard": True}


def test_the_benchmark_plays_games_with_handoffs() -> None:
    """7渡し and 10捨て ask for cards mid-game: the benchmark's games go through the runner and end."""
    rules = preset_rules("standard", 4, HANDOFFS)
    rng = random.Random(4)
    handed_on = 0
    for _ in range(20):
        game = Game.new(rules, rng)
        assert random_game(game, rng) > 0
        assert game.result is not None
        handed_on += sum(1 for e in game.history if isinstance(e, Gift) and e.kind is not GiftKind.EXCHANGE)
    assert handed_on, "some deals hand cards on"
    assert run("standard", 4, 0.05, 1, HANDOFFS)["games"] != 0


def test_the_unchecked_path_plays_the_same_game_as_the_checked_one() -> None:
    rules = preset_rules("standard", 5, HANDOFFS)
    for seed in range(6):
        checked, unchecked = Game.new(rules, random.Random(seed)), Game.new(rules, random.Random(seed))
        rng = random.Random(seed)
        while (decision := next_decision(checked)) is not None:
            assert decisions(unchecked)[0] == decision
            if decision.gift is not None:
                reply: Answer = weakest(checked.hands[decision.seat], decision.gift.count)
            else:
                reply = rng.choice(checked.move_list())
            assert answer(checked, decision, reply)
            assert apply(unchecked, decision, reply) == []
            assert unchecked.public() == checked.public()
        assert unchecked.result == checked.result


def test_a_match_tells_its_loop_everything_in_order() -> None:
    rules = preset_rules("standard", 4, HANDOFFS)
    runner = MatchRunner(Match(rules, seed=8, games=3))
    rng = random.Random(8)
    told: list[str] = []

    def decide(decision: Decision) -> Answer:
        told.append("decide")
        game = runner.game
        if decision.gift is not None:
            return weakest(game.hands[decision.seat], decision.gift.count)
        return rng.choice(game.move_list())

    def before(decision: Decision) -> None:
        told.append("before")

    def answered(decision: Decision, events: list[Event]) -> None:
        assert events
        told.append("events")

    def game(game: Game) -> None:
        assert game is runner.game and not game.turns()
        told.append("game")

    def result(booked: GameResult, outcome: MatchOver | None) -> None:
        assert booked is runner.match.results[-1]
        assert (outcome is not None) == (len(runner.match.results) == 3)
        told.append("result")

    outcome = runner.play(decide, answered, before=before, on_game=game, on_result=result)
    assert outcome == runner.match.outcome
    assert told.count("game") == told.count("result") == 3
    assert told.count("before") == told.count("decide") == told.count("events") > 0
    shape = "".join({"game": "g", "before": "(", "decide": "d", "events": ")", "result": "r"}[t] for t in told)
    assert shape.replace("(d)", "") == "grgrgr", "each game opens, is decided step by step, and is booked"


def test_a_game_over_ends_the_decisions() -> None:
    game = Game.new(preset_rules("duel5"), random.Random(2))
    rng = random.Random(3)

    def decide(decision: Decision) -> Answer:
        if decision.gift is not None:
            return weakest(game.hands[decision.seat], decision.gift.count)
        return rng.choice(game.move_list())

    result = play_game(game, decide)
    assert isinstance(result, GameOver) and result is game.result
    assert decisions(game) == [] and next_decision(game) is None
