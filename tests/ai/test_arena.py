"""The arena: duplicate deals over seat rotations, the report, the command line."""

from __future__ import annotations

import json

import pytest

from ai import arena
from game.engine import preset_rules


def test_plan_rotates_seats_over_the_same_deals() -> None:
    rules = preset_rules("uecda")
    seats = ["strong", "normal", "normal", "normal", "normal"]
    jobs = arena.plan(rules, seats, games=100, seed=1, match_games=10, options={})
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


def test_confidence_interval() -> None:
    mean, half = arena.mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and 1.5 < half < 2.5
    assert arena.percentile([float(i) for i in range(100)], 0.95) == 94.0
