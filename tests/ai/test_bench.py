"""The search benchmark: positions that play out, and its figures."""

from __future__ import annotations

import random

import pytest

from ai import bench
from ai.expert import Expert, ExpertOptions, Tally


def test_the_positions_are_searched_ones() -> None:
    found = bench.positions(3)
    assert len(found) == 3
    for obs in found:
        assert isinstance(Expert(ExpertOptions(iterations=2)).tally(obs, random.Random(1)), Tally)
    assert [obs.hand for obs in bench.positions(3)] == [obs.hand for obs in found], "the same every run"


def test_it_prints_the_playouts_and_which_modules_ran(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--positions", "2", "--budget", "0.02"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("the search runs ") and "modules" in out
    assert "  all:   2 positions, playouts per 0.02 s of CPU: median" in out


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as error:
        bench.main(["--positions", "0"])
    assert error.value.code == 2 and "must be positive" in capsys.readouterr().err


def test_an_expert_option_measures_that_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--positions", "2", "--expert", "iterations=7"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith(", iterations=7")
    assert "  all:   2 positions, playouts per 0.5 s of CPU: median 7, mean 7, least 7" in out


def test_an_unknown_expert_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as error:
        bench.main(["--positions", "1", "--expert", "others=nobody"])
    assert error.value.code == 2 and "others: expected one of" in capsys.readouterr().err
