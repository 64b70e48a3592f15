"""The settings file: defaults, garbage values, damaged files, unknown keys, atomic saves."""

from __future__ import annotations

import json
import logging
import math
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.storage.settings import (
    MIN_WINDOW,
    UI_SCALES,
    Settings,
    load_settings,
    save_settings,
    settings_from_json,
    settings_to_json,
    system_language,
)
from tests.properties import examples

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


def valid(s: Settings) -> None:
    """Every field has its type and range."""
    assert s.language in ("ja", "en")
    assert isinstance(s.volume, float) and 0.0 <= s.volume <= 1.0
    assert s.animation_speed in ("slow", "normal", "fast")
    for name in ("sound", "four_color", "dim_unplayable", "auto_pass", "slow_mode", "fullscreen", "show_tracker",
                 "high_contrast", "rule_help"):
        assert isinstance(getattr(s, name), bool), name
    assert s.ui_scale in UI_SCALES
    for names in (s.rule_help_muted, s.lessons_done):
        assert isinstance(names, tuple) and all(isinstance(n, str) and n for n in names)
    w, h = s.window_size
    assert isinstance(w, int) and isinstance(h, int) and w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1]
    assert isinstance(s.last_setup, dict)
    assert isinstance(s.external_commands, tuple) and all(isinstance(c, str) for c in s.external_commands)


def test_defaults() -> None:
    s = Settings(language="en")
    assert (s.sound, s.volume, s.animation_speed, s.four_color, s.dim_unplayable) == (True, 0.7, "fast", False, True)
    assert (s.auto_pass, s.slow_mode, s.fullscreen, s.show_tracker) == (False, False, False, False)
    assert s.window_size == (1280, 720) and s.last_setup == {} and s.external_commands == ()
    assert (s.ui_scale, s.high_contrast, s.rule_help, s.rule_help_muted, s.lessons_done) == (100, False, True, (), ())
    valid(Settings())


@pytest.mark.parametrize(
    ("env", "system", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "en_US", "ja"),
        ({"LANG": "en_GB.UTF-8"}, "ja_JP", "en"),
        ({"LC_ALL": "ja_JP.eucJP", "LANG": "en_US"}, None, "ja"),
        ({"LANGUAGE": "ja:en", "LANG": "C"}, None, "ja"),
        ({"LANG": "C.UTF-8"}, "ja_JP", "ja"),
        ({}, "Japanese_Japan", "ja"),
        ({}, "", "en"),
        ({}, "de_DE", "en"),
    ],
)
def test_language_follows_the_system(env: dict[str, str], system: str | None, expected: str) -> None:
    assert system_language(env, system if system is not None else "") == expected


def test_missing_file_gives_defaults_silently(tmp_path: Path) -> None:
    loaded, warnings = load_settings(tmp_path / "settings.json", Settings(language="en"))
    assert loaded == Settings(language="en") and warnings == []


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.json"
    s = Settings(
        language="ja", sound=False, volume=0.25, animation_speed="slow", four_color=True, dim_unplayable=False,
        auto_pass=True, slow_mode=True, fullscreen=True, window_size=(1920, 1080), show_tracker=True,
        last_setup={"preset": "akita", "players": 4, "levels": ["strong", "expert"], "nested": {"a": [1, 2]}},
        external_commands=("./bot --fast", "python3 my_ai.py"), ui_scale=150, high_contrast=True, rule_help=False,
        rule_help_muted=("lock", "revolution"), lessons_done=("first_game",),
    )
    assert save_settings(path, s)
    loaded, warnings = load_settings(path)
    assert warnings == [] and loaded == s
    text = path.read_text(encoding="utf-8")
    assert json.loads(text)["version"] == 1


GARBAGE: list[tuple[str, Any]] = [
    ("language", "fr"), ("language", 3), ("language", None),
    ("sound", "yes"), ("sound", 1), ("sound", None),
    ("volume", 1.5), ("volume", -0.1), ("volume", "loud"), ("volume", True), ("volume", [0.5]),
    ("animation_speed", "warp"), ("animation_speed", 2),
    ("four_color", "false"), ("dim_unplayable", 0), ("auto_pass", []), ("slow_mode", {}), ("fullscreen", "no"),
    ("window_size", [100, 100]), ("window_size", [1280]), ("window_size", "1280x720"),
    ("window_size", [1280.5, 720]), ("window_size", [True, 720]), ("window_size", [10**9, 720]),
    ("window_size", {"w": 1280}), ("show_tracker", "on"),
    ("last_setup", [1, 2]), ("last_setup", "standard"), ("last_setup", None),
    ("external_commands", "bot"), ("external_commands", [1, 2]), ("external_commands", {"a": "b"}),
    ("ui_scale", 90), ("ui_scale", 150.0), ("ui_scale", "150%"), ("ui_scale", True), ("high_contrast", "yes"),
    ("rule_help", 1), ("rule_help_muted", "lock"), ("rule_help_muted", [""]), ("rule_help_muted", ["x" * 41]),
    ("lessons_done", [3]), ("lessons_done", ["a"] * 65),
]


@pytest.mark.parametrize(("key", "value"), GARBAGE)
def test_a_bad_value_becomes_the_default_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, key: str, value: Any
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({key: value, "sound": False} if key != "sound" else {key: value}), encoding="utf-8")
    defaults = Settings(language="en")
    with caplog.at_level(logging.WARNING, logger="game.storage.settings"):
        loaded, warnings = load_settings(path, defaults)
    assert len(warnings) == 1 and warnings[0].startswith(f"{key}: bad value")
    assert warnings[0] in caplog.text
    assert getattr(loaded, key) == getattr(defaults, key)
    if key != "sound":
        assert loaded.sound is False, "the good values of the file are kept"
    valid(loaded)
    assert path.exists(), "a file with some bad values is not moved aside"


def test_nan_and_infinity_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for text in ('{"volume": NaN}', '{"volume": Infinity}', '{"volume": -Infinity}'):
        path.write_text(text)
        loaded, warnings = load_settings(path, Settings(language="en"))
        assert loaded.volume == 0.7 and len(warnings) == 1


def test_nan_and_infinity_anywhere_are_refused_so_the_file_can_be_saved_again(tmp_path: Path) -> None:
    """NaN inside the last setup or an unknown key could never be written back: every later save would fail."""
    path = tmp_path / "settings.json"
    path.write_text('{"volume": 0.5, "last_setup": {"preset": "akita", "x": [1, NaN]}, "future": {"y": -Infinity},'
                    ' "later": 3}')
    loaded, warnings = load_settings(path, Settings(language="en"))
    assert loaded.volume == 0.5 and loaded.last_setup == {} and dict(loaded.unknown) == {"later": 3}
    assert [w.split(":")[0] for w in warnings] == ["last_setup", "future"]
    assert save_settings(path, loaded.replace(volume=0.25))
    assert load_settings(path) == (loaded.replace(volume=0.25), [])


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"not json at all", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b'"just a string"', b"null",
     b"[" * 100_000, b'{"language": "ja"} trailing',
     b'{"language": "en", "from_the_future": ' + b"[" * 985 + b"]" * 985 + b"}"],
    ids=["empty", "open", "text", "binary", "list", "string", "null", "open-100k", "trailing", "deep-985"],
)
def test_a_damaged_file_is_moved_aside(tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING):
        loaded, warnings = load_settings(path, Settings(language="en"))
    assert loaded == Settings(language="en")
    assert len(warnings) == 1 and "damaged" in warnings[0] and "settings.json.corrupt-" in warnings[0]
    assert "settings.json.corrupt-" in caplog.text
    aside = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert not path.exists()
    assert save_settings(path, loaded) and load_settings(path) [1] == []


def test_a_deep_unknown_key_never_stops_a_later_save(tmp_path: Path) -> None:
    """Before: it loaded, and every later save raised RecursionError (the error screen at Play, at any toggle)."""
    path = tmp_path / "settings.json"
    path.write_text('{"language": "en", "from_the_future": ' + "[" * 985 + "]" * 985 + "}")
    loaded, warnings = load_settings(path)
    assert "nested more than 32 levels" in warnings[0]
    assert save_settings(path, loaded.replace(volume=0.3)) and load_settings(path)[0].volume == 0.3


def test_a_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"pad": "' + "x" * (2 << 20) + '"}')
    loaded, warnings = load_settings(path, Settings(language="en"))
    assert loaded == Settings(language="en") and "damaged" in warnings[0]


def test_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"language": "ja"}).encode())
    assert load_settings(path) == (Settings(language="ja"), [])


def test_an_unreadable_file_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()  # a folder where the file should be: cannot be read
    loaded, warnings = load_settings(path, Settings(language="en"))
    assert loaded == Settings(language="en") and "cannot read" in warnings[0]


def test_unknown_keys_survive_a_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    newer = {"version": 7, "language": "en", "colour_theme": "dark", "future": {"a": [1, 2]}, "volume": 0.5}
    path.write_text(json.dumps(newer))
    loaded, warnings = load_settings(path)
    assert warnings == [] and loaded.volume == 0.5
    assert dict(loaded.unknown) == {"colour_theme": "dark", "future": {"a": [1, 2]}}
    changed = loaded.replace(volume=0.9, fullscreen=True)
    assert save_settings(path, changed)
    written = json.loads(path.read_text())
    assert written["colour_theme"] == "dark" and written["future"] == {"a": [1, 2]}
    assert written["volume"] == 0.9 and written["fullscreen"] is True
    again, _ = load_settings(path)
    assert again == changed and dict(again.unknown) == dict(loaded.unknown)


def test_save_reports_a_disk_refusal(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    blocker = tmp_path / "config"
    blocker.write_text("a file where the folder should be")
    with caplog.at_level(logging.WARNING):
        assert not save_settings(blocker / "settings.json", Settings())
    assert "cannot write" in caplog.text


@settings(max_examples=examples(1.2))
@given(st.dictionaries(st.sampled_from([*settings_to_json(Settings()).keys(), "extra"]) | st.text(max_size=5), JSON))
@example({"last_setup": {"": math.nan}})
@example({"extra": [math.inf]})
def test_any_json_object_gives_valid_settings(data: dict[str, Any]) -> None:
    loaded, warnings = settings_from_json(data, Settings(language="en"))
    valid(loaded)
    assert all(isinstance(w, str) for w in warnings)
    # what is saved loads back without warnings
    again, again_warnings = settings_from_json(json.loads(json.dumps(settings_to_json(loaded), allow_nan=False)))
    assert again == loaded and again_warnings == []


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_as_settings_gives_defaults_at_once(tmp_path: Path) -> None:
    """Before: reading waited forever for a writer."""
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    loaded, warnings = load_settings(path, Settings(language="en"))
    assert loaded == Settings(language="en") and "named pipe" in warnings[0]
    assert save_settings(path, loaded.replace(volume=0.2)) and load_settings(path)[0].volume == 0.2


@pytest.mark.timeout(60)
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_a_device_as_settings_gives_defaults(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.symlink_to("/dev/zero")
    loaded, warnings = load_settings(path, Settings(language="en"))
    assert loaded == Settings(language="en") and "device" in warnings[0]
