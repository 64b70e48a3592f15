"""The arena's results game by game, and paired differences on the same deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai import arena
from ai.results import ArenaGame, ResultsError, across, level_named, main, read_results, within


def _game(key: tuple[int, int, int], levels: tuple[str, ...], points: tuple[int, ...]) -> ArenaGame:
    places = tuple(sorted(range(len(points)), key=lambda p: -points[p]).index(p) for p in range(len(points)))
    return ArenaGame(*key, levels, points, places)


def _write(path: Path, games: list[ArenaGame]) -> Path:
    lines = [json.dumps({"deal_set": g.deal_set, "rotation": g.rotation, "game": g.game, "levels": list(g.levels),
                         "points": list(g.points), "places": list(g.places)}) for g in games]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_the_arena_writes_every_game_and_its_levels_points_add_up_to_the_report(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    code = arena.main(["--rules", "standard", "--games", "12", "--seats", "strong,normal,beginner,normal",
                       "--workers", "1", "--json", "--quiet", "--match-games", "3", "--results", str(out)])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    games = read_results(out)
    assert len(games) == 12 and len({g.key for g in games}) == 12
    assert {g.rotation for g in games} == {0, 1, 2, 3} and {g.game for g in games} == {0, 1, 2}
    for level, row in report["levels"].items():
        points = [p for g in games for name, p in zip(g.levels, g.points) if name == level]
        assert len(points) == row["player_games"]
        assert round(sum(points) / len(points), 4) == row["points_per_game"]
    for game in games:
        assert sorted(game.places) == [0, 1, 2, 3] and game.levels.count("normal") == 2
    strong = within(games, "strong", "beginner")
    assert strong.games == 12
    assert strong.difference == pytest.approx(report["levels"]["strong"]["points_per_game"]
                                              - report["levels"]["beginner"]["points_per_game"], abs=1e-3)


def test_a_second_run_on_the_same_seed_deals_the_same_games(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        out = tmp_path / f"{name}.jsonl"
        assert arena.main(["--rules", "standard", "--games", "8", "--seats", "strong,normal,normal,normal",
                           "--workers", "1", "--quiet", "--match-games", "2", "--results", str(out)]) == 0
        runs.append(read_results(out))
    same = across(runs[0], runs[1], "strong")
    assert same.games == 8 and same.difference == 0.0  # the same players on the same deals play alike


def test_within_a_run_the_difference_is_taken_game_by_game_with_blocks_of_a_deal_set() -> None:
    games = []
    for rotation in range(2):
        for index in range(2 * arena.BLOCK):
            ours = 5 if (index + rotation) % 3 else 2
            games.append(_game((0, rotation, index), ("expert", "external:prog", "normal"), (ours, 3, 1)))
    found = within(games, "expert", "external")
    differences = [g.points[0] - 3.0 for g in games]
    assert found.second == "external:prog" and found.games == 40
    assert found.difference == pytest.approx(sum(differences) / 40)
    assert found.by_game == pytest.approx(arena.mean_interval(differences)[1])
    blocks = [[g.points[0] - 3.0 for g in games if g.game // arena.BLOCK == b] for b in range(2)]
    assert found.by_block == pytest.approx(arena.mean_interval([sum(b) / len(b) for b in blocks])[1])
    assert "expert minus external:prog, 40 games" in found.describe()


def test_across_runs_only_the_games_both_played_are_paired_and_the_seat_must_match() -> None:
    levels = ("expert", "normal", "normal")
    first = [_game((0, 0, i), levels, (3, 2, 1)) for i in range(4)]
    second = [_game((0, 0, i), levels, (1, 3, 2)) for i in range(2, 6)]
    found = across(first, second, "expert")
    assert found.games == 2 and found.difference == 2.0 and found.second_mean == 1.0
    moved = [_game((0, 0, i), ("normal", "expert", "normal"), (2, 1, 3)) for i in range(4)]
    with pytest.raises(ResultsError, match="apart"):
        across(first, moved, "expert")
    with pytest.raises(ResultsError, match="share no game"):
        across(first, [_game((1, 0, 0), levels, (3, 2, 1))], "expert")
    several = [_game((0, 0, i), ("strong", "normal", "normal"), (3, 2, 1)) for i in range(4)]
    assert across(first, several, "expert", "strong").difference == 0.0


def test_a_level_is_named_exactly_or_by_the_only_name_it_starts() -> None:
    games = [_game((0, 0, 0), ("expert", "external:a", "external:b", "strong"), (4, 3, 2, 1))]
    assert level_named(games, "strong") == "strong" and level_named(games, "exp") == "expert"
    with pytest.raises(ResultsError, match="several levels"):
        level_named(games, "external")
    with pytest.raises(ResultsError, match="no level"):
        level_named(games, "wizard")
    with pytest.raises(ResultsError, match="against itself"):
        within(games, "strong", "str")


def test_bad_files_get_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = _write(tmp_path / "good.jsonl", [_game((0, 0, 0), ("expert", "normal"), (2, 1))])
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good.read_text(encoding="utf-8") + '{"deal_set": 0}\n', encoding="utf-8")
    with pytest.raises(ResultsError, match="line 2"):
        read_results(bad)
    assert main([str(bad), "--level", "expert", "--versus", "normal"]) == 2
    assert "bad.jsonl, line 2" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.jsonl"), str(good), "--level", "expert"]) == 2
    assert "cannot read" in capsys.readouterr().err
    uneven = tmp_path / "uneven.jsonl"
    uneven.write_text('{"deal_set": 0, "rotation": 0, "game": 0, "levels": ["a"], "points": [1, 2], '
                      '"places": [0]}\n', encoding="utf-8")
    with pytest.raises(ResultsError, match="do not match up"):
        read_results(uneven)
    twice = tmp_path / "twice.jsonl"
    twice.write_text(good.read_text(encoding="utf-8") * 2, encoding="utf-8")
    with pytest.raises(ResultsError, match="appears twice"):
        read_results(twice)
    (tmp_path / "empty.jsonl").write_text("\n", encoding="utf-8")
    with pytest.raises(ResultsError, match="no games"):
        read_results(tmp_path / "empty.jsonl")


def test_the_command_line_prints_the_comparison(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = _write(tmp_path / "run.jsonl", [_game((0, 0, i), ("expert", "normal"), (2, 1)) for i in range(3)])
    assert main([str(run), "--level", "expert", "--versus", "normal"]) == 0
    assert "expert minus normal, 3 games: 2.00 against 1.00, +1.00" in capsys.readouterr().out
    assert main([str(run), str(run), "--level", "expert"]) == 0
    assert f"expert in {run} minus expert in {run}, 3 games: 2.00 against 2.00, +0.00" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main([str(run), "--level", "expert"])  # one run needs --versus
    assert arena.main(["--games", "1", "--quiet", "--results", str(tmp_path / "no" / "such" / "dir.jsonl")]) == 2
    assert "cannot write the results" in capsys.readouterr().err
