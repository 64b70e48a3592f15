"""Reviewing a finished game: the decisions rebuilt from the record, rated on common worlds, reproducibly."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import pytest

from ai.expert import Expert
from ai.review import (
    Cancelled,
    DecisionPoint,
    Rating,
    Review,
    _still_in,
    choices_of,
    decision_points,
    draw_worlds,
    rate,
    review_game,
    typical_games,
    values,
)
from ai.strong import Strong
from game.engine import Match, Pass, Play, Turn, observe, parse_cards, preset_rules
from game.engine.record import Record, parse_record, record_json, replay
from game.engine.state import visible_entry

from .helpers import late_position, play_match

ROOT = Path(__file__).resolve().parents[2]
WORLDS = 12
"""Few worlds: these tests check what is computed, not how well."""


@pytest.fixture(scope="module")
def standard() -> tuple[Record, int]:
    """A 4-player ``standard`` match of two games (the second with the exchange) and the seat to review."""
    record, seat = typical_games(1, 7)[0]
    return parse_record(record), seat


def test_the_decisions_are_the_seats_own_with_what_it_knew_then(standard: tuple[Record, int]) -> None:
    record, seat = standard
    points = decision_points(record, seat)
    spec = record.games[-1]
    mine = [i for i, action in enumerate(spec.actions) if action.seat == seat]
    gifts = [cards for giver, cards in spec.exchange if giver == seat]
    assert [p.action for p in points] == [-1] * len(gifts) + mine
    assert [p.number for p in points] == list(range(len(points)))
    assert gifts and points[0].gift and points[0].played == gifts[0]
    # Replaying the game, each decision's observation is the seat's view just before it acted.
    game = replay(Record(record.rules, record.games)).games[-1]
    turns = [(i, turn) for i, turn in enumerate(game.history) if isinstance(turn, Turn) and turn.seat == seat]
    for point, (i, turn) in zip(points[len(gifts):], turns, strict=True):
        assert point.obs.seat == seat and point.obs.state.turn == seat
        assert point.played == turn.move and point.played in point.obs.move_list()
        assert point.obs.history == tuple(visible_entry(e, seat) for e in game.history[:i])
        later = [t.move.cards for t in game.history[i:] if isinstance(t, Turn) and t.seat == seat
                 and isinstance(t.move, Play)]
        assert point.obs.hand == game.hands[seat] | sum(later)


@pytest.mark.slow
def test_a_review_is_the_same_for_the_same_game_and_seed_and_differs_with_the_seed(
        standard: tuple[Record, int]) -> None:
    record, seat = standard
    first = review_game(record, seat, seed=3, worlds=WORLDS)
    assert review_game(record, seat, seed=3, worlds=WORLDS) == first
    other = review_game(record, seat, seed=4, worlds=WORLDS)
    assert [r.played_points for r in other.ratings] != [r.played_points for r in first.ratings]
    assert len(first.ratings) == len(decision_points(record, seat))
    assert first.points == replay(record).games[-1].result.points[seat]  # type: ignore[union-attr]


def test_a_review_shared_among_processes_is_the_same(standard: tuple[Record, int]) -> None:
    record, seat = standard
    with ProcessPoolExecutor(2, mp_context=get_context("spawn")) as executor:
        shared = review_game(record, seat, seed=5, worlds=6, executor=executor)
    assert shared == review_game(record, seat, seed=5, worlds=6)


@pytest.mark.slow
def test_a_review_does_not_depend_on_the_hash_seed_of_the_process(tmp_path: Path) -> None:
    """Decisions rated in another process (another ``PYTHONHASHSEED``) come out the same."""
    record, seat = typical_games(1, 11)[0]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    outputs = []
    for hash_seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-m", "ai.review", str(path), "--seat", str(seat), "--worlds", "6", "--processes", "1"],
            cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": hash_seed}, capture_output=True, text=True, timeout=300,
        )
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and "points taken" in outputs[0]


def test_the_best_move_is_never_rated_below_the_move_played_on_the_same_worlds(
        standard: tuple[Record, int]) -> None:
    record, seat = standard
    expert = Expert()
    for point in decision_points(record, seat):
        rating = rate(point, seed=9, worlds=WORLDS)
        assert rating.best_points >= rating.played_points and rating.loss >= 0
        assert rating.choices[0][0] == rating.best and rating.choices[0][2] == WORLDS
        played = next(c for c in rating.choices if c[0] == rating.played)
        assert played[1:] == (rating.played_points, WORLDS)
        # Played out again on the same worlds with the same seeds, the two give the same numbers.
        worlds = draw_worlds(point, 9, WORLDS, expert)
        again = values(point, [rating.played, rating.best], worlds, expert)
        assert again == [(rating.played_points, WORLDS), (rating.best_points, WORLDS)]
        assert again[1][0] >= again[0][0]


def test_every_candidate_the_expert_considers_is_rated_and_gifts_have_the_right_count(
        standard: tuple[Record, int]) -> None:
    record, seat = standard
    expert = Expert()
    points = decision_points(record, seat)
    for point in points[:4]:
        answers = choices_of(point, expert)
        assert answers[0] == point.played and len(set(map(str, answers))) == len(answers)
        if point.gift:
            assert all(isinstance(a, int) and a.bit_count() == point.played.bit_count()  # type: ignore[union-attr]
                       and a & ~point.obs.hand == 0 for a in answers)
            assert Strong().choose_gift(point.obs, random.Random(0)) in answers
        else:
            assert all(a in answers for a in expert.considered(point.obs))
            assert all(a in point.obs.move_list() for a in answers)


def test_a_way_out_by_force_is_rated_as_certain_and_kept_when_the_move_played_missed_it() -> None:
    """With the joker gone the ♠2 cannot be beaten and the ♦5 then goes out: 1st place in every world.
    Leading the 5 first gives that up (an ace or the 2s of the others answer it)."""
    rules = preset_rules("uecda")
    game = late_position(rules, ["2S 5D", "AS KS", "AH 4C", "QD", "JC"])
    obs = observe(game, 0)
    two, five = (game.resolve(parse_cards(code)) for code in ("2S", "5D"))
    missed = rate(DecisionPoint(0, 0, 0, obs, five), seed=1, worlds=WORLDS)
    assert missed.sure_line == (two, five)
    assert missed.best == two and missed.best_points == 5.0
    assert missed.loss > 0
    found = rate(DecisionPoint(0, 0, 0, obs, two), seed=1, worlds=WORLDS)
    assert found.sure_line == () and found.played_points == 5.0 and found.loss == 0


def test_a_race_keeps_the_move_played_and_the_leader_and_drops_what_cannot_catch_up() -> None:
    results = [
        [0, 1, 0, 1] * 20,  # the move played: never dropped
        [2, 2, 2, 2] * 20,  # the leader
        [2, 2, 2, 1] * 20,  # a quarter point behind, surely
        [3, 1, 3, 1] * 20,  # as good on average, and it might yet prove better
        [2, 2, 2, 2] * 19 + [2, 2, 2, 1],  # as good, nearly, but surely no better
    ]
    assert _still_in([0, 1, 2, 3, 4], results, margin=0.05) == [0, 1, 3]
    assert _still_in([0, 1, 2, 3, 4], results, margin=0.5) == [0, 1]


def test_a_cancelled_rating_stops(standard: tuple[Record, int]) -> None:
    record, seat = standard
    point = decision_points(record, seat)[1]
    with pytest.raises(Cancelled):
        rate(point, seed=1, worlds=WORLDS, cancelled=lambda: True)


def test_the_costliest_moves_are_the_notable_losses_largest_first() -> None:
    def rating(number: int, loss: float) -> Rating:
        return Rating(number, 0, number, Pass(), Pass(), 0.0, loss, (), 10, False)

    review = Review(0, 0, 1, 10, tuple(rating(n, loss) for n, loss in enumerate([0.3, 0.05, 0.9, 0.3, 0.5])),
                    2, -2, 2)
    assert [r.number for r in review.costliest()] == [2, 4, 0]
    assert [r.number for r in review.mistakes()] == [2, 4, 0, 3]  # 0.05 is below a notable loss
    assert review.total_loss == pytest.approx(2.05)
    assert review.curve() == [0.0] * 5


def test_cards_handed_on_and_thrown_away_are_decisions_too() -> None:
    rules = preset_rules("standard", 4, {"seven_pass": True, "ten_discard": True})
    players = [Strong() for _ in range(4)]
    for seed in range(1, 40):
        match = play_match(rules, players, seed, games=1)
        record = parse_record(record_json(rules, match.games))
        for seat in range(4):
            points = decision_points(record, seat)
            handoffs = [p for p in points if p.gift and p.action >= 0]
            if handoffs:
                rating = rate(handoffs[0], seed=1, worlds=4)
                assert isinstance(rating.best, int) and rating.best.bit_count() == handoffs[0].played.bit_count()  # type: ignore[union-attr]
                return
    pytest.fail("no game handed cards on")


def test_a_seat_outside_the_game_is_refused(standard: tuple[Record, int]) -> None:
    record, _ = standard
    with pytest.raises(ValueError, match="seat 4"):
        decision_points(record, 4)


def test_a_decision_point_carries_its_observation_only() -> None:
    """The observation is the seat's own (a review sees what the player saw, nothing more)."""
    match = Match(preset_rules("standard", 4), seed=2)
    game = match.game
    move = game.move_list()[0]
    point = DecisionPoint(0, 0, 0, observe(game, game.turn), move)
    assert not point.gift and isinstance(point.played, Play)
    assert not hasattr(point.obs, "hands")


@pytest.mark.parametrize("preset, players", [("uecda", 5), ("tournament", 4), ("duel5", 2), ("akita", 2),
                                             ("classic", 3), ("standard", 7)])
@pytest.mark.slow
def test_every_preset_reviews(preset: str, players: int) -> None:
    """Stocks (二人大貧民), a draw pile (Akita with two), extra turns (UECda), classes by place: every
    decision of the second game of a match is rated, each within the rules' points."""
    rules = preset_rules(preset, players)
    match = play_match(rules, [Strong() for _ in range(players)], seed=4, games=2)
    record = parse_record(record_json(rules, match.games))
    seat = match.seat_of(0)
    review = review_game(record, seat, seed=2, game=len(match.games) - 1, worlds=3)
    assert len(review.ratings) == len(decision_points(record, seat, len(match.games) - 1)) > 0
    for rating in review.ratings:
        assert review.low <= rating.played_points <= rating.best_points <= review.high
