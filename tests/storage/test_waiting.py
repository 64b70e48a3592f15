"""Results kept for the next start: written and read back exactly, and nothing in the file can do harm."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.storage.notices import Notice, NoticeKind
from game.storage.rows import row_from_json, row_to_json
from game.storage.waiting import load_waiting, save_waiting

from .helpers import game_record, match_row, play_match, row


def rows() -> list[Any]:
    record = game_record(play_match(seed=2, games=1))
    return [row(points=1, match_key="k", match_game=0, record=record), row(points=2, match_key="k", match_game=1),
            match_row(match_key="k", games=2, record={"format": "daifugo-record/1", "games": []})]


def test_rows_are_kept_and_read_back(tmp_path: Path) -> None:
    path = tmp_path / "results-waiting.json"
    assert save_waiting(path, rows())
    assert [row_to_json(r) for r in load_waiting(path)] == [row_to_json(r) for r in rows()]
    assert save_waiting(path, []) and not path.exists(), "nothing waits: no file"
    assert load_waiting(path) == []


@pytest.mark.parametrize(("field", "value"), [
    ("points", True), ("points", "7"), ("players", 99), ("opponents", [1, 2, 3, 4]), ("rules", []),
    ("played_at", "yesterday"), ("duration_s", float("nan")), ("record", "{}"), ("title", "king"),
])
def test_a_row_that_is_not_a_result_is_dropped_alone(tmp_path: Path, field: str, value: object) -> None:
    good = [row_to_json(r) for r in rows()]
    bad = {**good[0], field: value}
    with pytest.raises((ValueError, TypeError)):
        row_from_json(bad)
    path = tmp_path / "results-waiting.json"
    path.write_text(json.dumps({"version": 1, "rows": [bad, *good[1:]]}))
    assert [row_to_json(r) for r in load_waiting(path)] == good[1:]


@pytest.mark.parametrize("content", [b"", b"{", b"[]", b'{"version": 2, "rows": []}', b"[" * 5000])
def test_a_damaged_file_is_kept_aside_and_named(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "results-waiting.json"
    path.write_bytes(content)
    told: list[Notice] = []
    assert load_waiting(path, told.append) == []
    (kept,) = tmp_path.glob("results-waiting.json.corrupt-*")
    assert kept.read_bytes() == content and not path.exists()
    assert [(n.kind, n.path) for n in told] == [(NoticeKind.RESULTS_WAITING_DAMAGED, str(kept))]


def test_a_file_that_cannot_be_written_is_reported(tmp_path: Path) -> None:
    (tmp_path / "results-waiting.json").mkdir()
    assert not save_waiting(tmp_path / "results-waiting.json", rows())
