"""The game's command line: every option checked, a bad value an argument error (exit 2), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.launch import parse_args


@pytest.mark.parametrize("value", ["0", "-5", "nan", "1e3", "2000000", "ten"])
def test_bench_frames_must_be_a_count_of_frames(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: -5 gave a traceback and 0 started the game."""
    with pytest.raises(SystemExit) as stopped:
        parse_args([f"--bench-frames={value}"])
    assert stopped.value.code == 2
    expected = f"argument --bench-frames: expected a whole number of frames from 1 to 1000000, not '{value}'"
    assert expected in capsys.readouterr().err
    assert parse_args(["--bench-frames", "600"]).bench_frames == 600


def test_screenshots_into_something_that_is_not_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: a traceback (FileExistsError / NotADirectoryError)."""
    (tmp_path / "a-file").write_text("not a folder")
    for target, problem in ((tmp_path / "a-file", "is not a folder"),
                            (tmp_path / "a-file" / "inside", "cannot create the folder")):
        with pytest.raises(SystemExit) as stopped:
            parse_args(["--screenshot", str(target)])
        assert stopped.value.code == 2 and problem in capsys.readouterr().err
    assert parse_args(["--screenshot", str(tmp_path / "shots")]).screenshot == str(tmp_path / "shots")
    assert (tmp_path / "shots").is_dir()
