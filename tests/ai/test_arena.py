"""The arena: duplicate deals over seat rotations, the report, the command line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ai import arena
from ai.expert import ExpertOptions, Reading
from ai.levels import make_player
from game.engine import Game, Match, observe, preset_rules
from game.engine.runner import Answer, Decision, MatchRunner


def test_plan_rotates_seats_over_the_same_deals() -> None:
    rules = preset_rules("uecda")
    seats = ["strong", "normal", "normal", "normal", "normal"]
    jobs = arena.plan(rules, seats, games=100, seed=1, match_games=10, expert=ExpertOptions())
    assert len(jobs) == 10 and sum(j.games for j in jobs) == 100
    first_set = [j for j in jobs if j.deal_set == 0]
    assert len({j.seed for j in first_set}) == 1
    assert sorted(j.levels.index("strong") for j in first_set) == [0, 1, 2, 3, 4]


def test_report_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--rules", "standard", "--games", "8", "--seats", "strong,normal,beginner,normal",
                       "--workers", "1", "--json", "--quiet", "--match-games", "2"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 8 and report["players"] == 4
    levels = report["levels"]
    assert set(levels) == {"strong", "normal", "beginner"}
    row = levels["normal"]
    assert row["seats"] == 2 and row["player_games"] == 16
    assert abs(sum(row["classes"].values()) - 1.0) < 1e-6
    assert row["ci95"][0] <= row["points_per_game"] <= row["ci95"][1]
    assert row["decisions"] > 0 and row["decision_ms_p95"] >= 0


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code = arena.main(["--rules", "duel5", "--games", "4", "--seats", "expert,normal", "--iterations", "4",
                       "--workers", "1", "--quiet", "--match-games", "2"])
    assert code == 0
    out = capsys.readouterr().out
    assert "expert" in out and "pts/game" in out


def test_bad_seats_are_refused() -> None:
    assert arena.main(["--rules", "uecda", "--seats", "normal,normal", "--players", "5", "--quiet"]) == 2
    assert arena.main(["--rules", "uecda", "--seats", "normal,normal,normal,normal,wizard", "--quiet"]) == 2


def test_expert_options_fill_the_options_object(monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    planned: list[arena.MatchJob] = []

    def run_jobs(jobs: list[arena.MatchJob], workers: int, progress: object,
                 results: object = None) -> list[arena.MatchOutcome]:
        planned.extend(jobs)
        return [arena.play_match(jobs[0])]

    monkeypatch.setattr(arena, "run_jobs", run_jobs)
    code = arena.main(["--rules", "duel5", "--games", "2", "--seats", "expert,normal", "--iterations", "3",
                       "--expert", "reading=passes", "--expert", "trust=0.1", "--quiet", "--match-games", "1"])
    assert code == 0
    assert planned[0].expert == ExpertOptions(iterations=3, reading=Reading.PASSES, trust=0.1)
    assert arena.main(["--rules", "duel5", "--seats", "expert,normal", "--expert", "prior=learned", "--quiet"]) == 2
    assert "unknown Expert option 'prior'" in capsys.readouterr().err


def test_confidence_interval() -> None:
    mean, half = arena.mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and 1.5 < half < 2.5
    assert arena.percentile([float(i) for i in range(100)], 0.95) == 94.0


def test_a_uecda_match_is_the_tournaments_class_cycle() -> None:
    assert arena.default_match_games(preset_rules("uecda")) == 100
    assert arena.default_match_games(preset_rules("tournament")) == preset_rules("tournament").info.match_end.games
    assert arena.default_match_games(preset_rules("classic", 4)) == 5
    assert arena.default_match_games(preset_rules("akita")) == 10  # first to 5 points: no fixed length


def test_the_interval_is_over_blocks_of_a_deal_set() -> None:
    """Units of ``BLOCK`` consecutive games of a deal set, pooled over its rotations."""
    rules = preset_rules("duel5")
    outcomes = []
    points: dict[tuple[int, int], list[float]] = {}
    for deal_set in range(2):
        for rotation in range(2):
            outcome = arena.MatchOutcome()
            for index in range(25):
                won = (deal_set + rotation + index * index) % 3 == 0
                outcome.games.append([
                    arena.PlayerGame("expert", deal_set, index, int(won), 1 - int(won), "daifugo"),
                    arena.PlayerGame("normal", deal_set, index, 1 - int(won), int(won), "daihinmin"),
                ])
                points.setdefault((deal_set, index // arena.BLOCK), []).append(float(won))
            outcomes.append(outcome)
    report = arena.summarise(rules, outcomes, ["expert", "normal"])
    mean, half = arena.mean_interval([sum(v) / len(v) for v in points.values()])
    assert len(points) == 6
    assert report["levels"]["expert"]["ci95"] == [round(mean - half, 4), round(mean + half, 4)]


def deals_of(match: Match, level: str) -> list[tuple[object, tuple[int, ...]]]:
    """Each game's classes and hands as it begins, every seat played by ``level``."""
    player = make_player(level, ExpertOptions())
    rng = random.Random(5)
    seen: list[tuple[object, tuple[int, ...]]] = []

    def decide(decision: Decision) -> Answer:
        obs = observe(match.game, decision.seat)
        return player.choose_gift(obs, rng) if decision.gift is not None else player.choose_move(obs, rng)

    def begun(game: Game) -> None:
        seen.append((game.previous_places, tuple(game.hands)))

    MatchRunner(match).play(decide, on_game=begun)
    return seen


def test_drawn_classes_deal_every_game_the_same_whatever_the_game_before() -> None:
    rules = preset_rules("uecda")
    strong = deals_of(arena.DrawnClasses(rules, seed=9, games=6), "strong")
    beginner = deals_of(arena.DrawnClasses(rules, seed=9, games=6), "beginner")
    assert strong == beginner, "the same classes and cards, however the games went"
    assert strong[0][0] is None and all(places is not None for places, _ in strong[1:]), "exchanges after the first"
    assert len({places for places, _ in strong[1:]}) > 1, "the classes are drawn anew for each game"
    carried = deals_of(Match(rules, seed=9, games=6), "strong"), deals_of(Match(rules, seed=9, games=6), "beginner")
    assert carried[0] != carried[1], "carried classes follow the games"


def test_the_arena_plays_drawn_classes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    results = tmp_path / "games.jsonl"
    code = arena.main(["--games", "10", "--seats", "strong,normal,normal,normal,normal", "--workers", "1", "--quiet",
                       "--match-games", "2", "--drawn-classes", "--results", str(results)])
    assert code == 0 and "strong" in capsys.readouterr().out
    assert len(results.read_text().splitlines()) == 10
    jobs = arena.plan(preset_rules("uecda"), ["strong"] + ["normal"] * 4, 10, 1, 2, ExpertOptions(),
                      drawn_classes=True)
    assert all(job.drawn_classes for job in jobs)
