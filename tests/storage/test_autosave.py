"""The storage side of autosave: atomic write, round trip, damaged files, versions."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.storage.autosave import clear_autosave, discard_autosave, load_autosave, save_autosave

from .helpers import match_record, play_match


def sample() -> dict[str, object]:
    match = play_match("standard", seed=7, games=2)
    return {
        "version": 1,
        "setup": {"preset": "standard", "players": 4, "seed": 7, "seats": [{"kind": "human"}]},
        "levels": [None, "normal", "strong", "expert"],
        "record": match_record(match),
        "note": "日本語も大丈夫",
    }


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "data" / "autosave.json"
    assert load_autosave(path) is None
    data = sample()
    assert save_autosave(path, data)
    assert load_autosave(path) == data
    data["levels"] = [None, "expert", "expert", "expert"]
    assert save_autosave(path, data)
    assert load_autosave(path) == data
    assert [p.name for p in path.parent.iterdir()] == ["autosave.json"], "no temporary file is left"


def test_clear(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    assert clear_autosave(path), "clearing nothing is fine"
    save_autosave(path, {"version": 1})
    assert clear_autosave(path)
    assert not path.exists() and load_autosave(path) is None


def test_data_must_have_a_version(tmp_path: Path) -> None:
    for bad in ({}, {"version": "1"}, {"version": True}):
        with pytest.raises(ValueError):
            save_autosave(tmp_path / "autosave.json", bad)
    with pytest.raises(ValueError):
        save_autosave(tmp_path / "autosave.json", {"version": 1, "x": float("nan")})
    assert not (tmp_path / "autosave.json").exists()


@pytest.mark.parametrize(
    "content",
    [b"", b'{"version": 1, "record": {"games": [', b"\x00\x00\x00\x00", b"[1]", b'{"record": {}}',
     b'{"version": "one"}', b"\xff\xff"],
)
def test_a_damaged_autosave_is_moved_aside(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, content: bytes
) -> None:
    path = tmp_path / "autosave.json"
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="game.storage.autosave"):
        assert load_autosave(path) is None
    assert "autosave" in caplog.text and "corrupt-" in caplog.text
    aside = list(tmp_path.glob("autosave.json.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert not path.exists()
    assert load_autosave(path) is None
    assert save_autosave(path, {"version": 1}) and load_autosave(path) == {"version": 1}


def test_an_unknown_version_is_ignored_and_kept(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps({"version": 99, "future": True}))
    with caplog.at_level(logging.WARNING, logger="game.storage.autosave"):
        assert load_autosave(path) is None
    assert "version 99" in caplog.text
    assert path.exists(), "a newer program's autosave is left for it"
    assert load_autosave(path, versions={1, 99}) == {"version": 99, "future": True}


def test_the_app_can_discard_an_autosave_the_session_rejects(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save_autosave(path, {"version": 1, "record": "cannot be resumed"})
    moved = discard_autosave(path, "RecordError: games: expected a non-empty list")
    assert moved is not None and moved.name.startswith("autosave.json.corrupt-")
    assert load_autosave(path) is None
    assert discard_autosave(path, "again") is None


def test_save_reports_a_disk_refusal(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder should be")
    assert not save_autosave(tmp_path / "data" / "autosave.json", {"version": 1})
