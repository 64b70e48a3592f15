"""The storage side of autosave: atomic write, round trip, damaged files, versions."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from game.storage.autosave import AutosaveSlot, clear_autosave, discard_autosave, load_autosave, save_autosave
from game.storage.notices import Notice, NoticeKind

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
     b'{"version": "one"}', b"\xff\xff", b'{"version": 1, "record": ' + b"[" * 5000 + b"]" * 5000 + b"}",
     b'{"version": 1, "record": ' + b"[" * 40 + b"]" * 40 + b"}"],
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


def test_a_newer_versions_match_is_moved_aside_before_the_first_write(tmp_path: Path) -> None:
    """Before: the next game overwrote (or cleared) a newer version's saved match."""
    path = tmp_path / "autosave.json"
    newer = json.dumps({"version": 2, "match": "from the future"}).encode()
    path.write_bytes(newer)
    told: list[Notice] = []
    slot = AutosaveSlot(path, notify=told.append)
    assert slot.load() is None and path.read_bytes() == newer, "loading leaves it alone"
    assert slot.clear()
    (kept,) = tmp_path.glob("autosave.json.v2-*")
    assert kept.read_bytes() == newer and not path.exists()
    assert told == [Notice(NoticeKind.AUTOSAVE_NEWER, str(kept), "version 2")]
    assert slot.save({"version": 1, "n": 1}) and slot.save({"version": 1, "n": 2})
    assert slot.load() == {"version": 1, "n": 2} and len(told) == 1 and kept.exists()


def test_a_newer_versions_match_that_cannot_be_moved_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps({"version": 5}))

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("game.storage.autosave.move_aside", refuse)
    slot = AutosaveSlot(path)
    assert not slot.save({"version": 1}) and not slot.clear()
    assert json.loads(path.read_text()) == {"version": 5}
    monkeypatch.undo()
    assert slot.save({"version": 1}) and len(list(tmp_path.glob("autosave.json.v5-*"))) == 1


def test_a_match_that_cannot_be_resumed_is_kept_and_named(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    save_autosave(path, {"version": 1, "record": "cannot be resumed"})
    told: list[Notice] = []
    slot = AutosaveSlot(path, notify=told.append)
    kept = slot.keep_refused("RecordError: games: expected a non-empty list")
    assert kept is not None and kept.name.startswith("autosave.json.unresumable-")
    assert json.loads(kept.read_text()) == {"version": 1, "record": "cannot be resumed"}
    assert told == [Notice(NoticeKind.AUTOSAVE_REFUSED, str(kept), "RecordError: games: expected a non-empty list")]
    assert slot.load() is None


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_as_autosave_is_set_aside_unopened(tmp_path: Path) -> None:
    """Before: loading waited forever for a writer."""
    path = tmp_path / "autosave.json"
    os.mkfifo(path)
    assert load_autosave(path) is None
    (aside,) = tmp_path.glob("autosave.json.corrupt-*")
    assert aside.is_fifo() and not os.path.lexists(path)


@pytest.mark.timeout(60)
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_link_to_a_device_as_autosave_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    path.symlink_to("/dev/zero")
    assert load_autosave(path) is None
    (aside,) = tmp_path.glob("autosave.json.corrupt-*")
    assert aside.is_symlink()
