"""The window's size from the settings file and the command line stays within what a screen can show."""

from __future__ import annotations

import pytest

from game.launch import parse_args
from game.storage.settings import MAX_WINDOW, MIN_WINDOW, Settings, settings_from_json
from game.ui.app import window_size


@pytest.mark.parametrize("size", [[16384, 16384], [MAX_WINDOW[0] + 1, 720], [1280, MAX_WINDOW[1] + 1]])
def test_a_window_too_large_in_the_settings_file_is_refused(size: list[int]) -> None:
    loaded, warnings = settings_from_json({"window_size": size}, Settings(language="en"))
    assert loaded.window_size == (1280, 720)
    assert warnings == [f"window_size: bad value {size} (expected [width, height] from [{MIN_WINDOW[0]}, "
                        f"{MIN_WINDOW[1]}] to [{MAX_WINDOW[0]}, {MAX_WINDOW[1]}]); using [1280, 720]"]
    assert settings_from_json({"window_size": list(MAX_WINDOW)})[0].window_size == MAX_WINDOW


@pytest.mark.parametrize("text", ["16384x16384", "0x720", "1280x0", "-1280x720", f"{10**30}x1"])
def test_a_window_size_out_of_range_on_the_command_line_is_refused(text: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_args([f"--size={text}"])
    assert exit_.value.code == 2
    assert "the window must be from 1x1 to 7680x4320" in capsys.readouterr().err
    assert parse_args(["--size", "1280x720"]).size == (1280, 720)


def test_the_window_opens_within_the_minimum_the_largest_screen_and_the_maximum() -> None:
    assert window_size((16384, 16384), None) == MAX_WINDOW
    assert window_size((16384, 16384), (2560, 1440)) == (2560, 1440)
    assert window_size((100, 100), (2560, 1440)) == MIN_WINDOW
    assert window_size((1280, 720), (800, 480)) == MIN_WINDOW  # a screen smaller than the game's minimum
