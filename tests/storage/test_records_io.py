"""Export and import of game records: round trip, and every kind of bad file without a traceback."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.engine import Gift
from game.engine.record import check
from game.engine.state import GiftKind
from game.storage.records_io import export_name, export_record, import_record

from .helpers import game_record, match_record, play_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    return match_record(play_match("standard", seed=3, games=2))


@pytest.mark.parametrize("preset", ["standard", "akita", "tournament", "classic", "duel5", "uecda"])
def test_export_then_import_gives_the_same_record(tmp_path: Path, preset: str) -> None:
    match = play_match(preset, seed=11, games=2)
    for data in (match_record(match), game_record(match, 1)):
        path = export_record(tmp_path / "records" / "game.json", data)
        text = path.read_text(encoding="utf-8")
        assert json.loads(text) == data
        assert text.endswith("\n") and "\n  " in text, "pretty printed"
        result = import_record(path)
        assert result.ok and result.error is None
        assert result.record == data
        assert result.games == check(data)[1]["games"]


def test_a_match_with_handoffs_round_trips(tmp_path: Path) -> None:
    """7渡し and 10捨て hand cards on mid-game: the records of such a match export and import whole."""
    match = play_match("standard", seed=5, games=3, overrides={"seven_pass": True, "ten_discard": True})
    assert any(isinstance(e, Gift) and e.kind is not GiftKind.EXCHANGE for game in match.games for e in game.history), \
        "the deals hand cards on"
    data = match_record(match)
    result = import_record(export_record(tmp_path / "game.json", data))
    assert result.ok and result.record == data


def test_export_is_readable_by_hand(tmp_path: Path, record: dict[str, Any]) -> None:
    path = export_record(tmp_path / "r.json", record)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert max(len(line) for line in lines) < 120
    assert any(line.strip().startswith('{"seat": ') for line in lines), "one action per line"


def test_export_keeps_japanese_text(tmp_path: Path) -> None:
    path = export_record(tmp_path / "r.json", {"note": "大富豪"})
    assert "大富豪" in path.read_text(encoding="utf-8")


def test_export_to_an_impossible_place_raises_oserror(tmp_path: Path, record: dict[str, Any]) -> None:
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError):
        export_record(tmp_path / "file" / "r.json", record)


def test_export_name() -> None:
    assert export_name("2025-01-02T03:04:05Z", "standard") == "daifugo-20250102-030405-standard.json"
    assert export_name("", "../../evil") == "daifugo-record-evil.json"




def test_missing_file(tmp_path: Path) -> None:
    result = import_record(tmp_path / "nothing.json")
    assert not result.ok and result.error is not None and "cannot read" in result.error


def test_a_folder(tmp_path: Path) -> None:
    result = import_record(tmp_path)
    assert not result.ok and result.error is not None and result.error.startswith("record:")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"", "not valid JSON"),
        (b"{not json", "not valid JSON"),
        (b"\xff\xfe\xfa", "cannot read"),
        (b"[1, 2]", "record: expected a JSON object"),
        (b"[" * 200_000, "nested too deeply"),
        (b'{"format": "daifugo-record/9", "games": []}', "format:"),
        (b'{"rules": "nope", "games": [{}]}', "rules: unknown preset 'nope'"),
        (b'{"rules": "standard", "games": []}', "games: expected a non-empty list"),
    ],
)
def test_bad_files_give_the_checkers_message(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    result = import_record(path)
    assert not result.ok and result.record is None
    assert result.error is not None and expected in result.error, result.error


def test_a_malformed_field_is_named(tmp_path: Path, record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    bad["games"][0]["hands"][2][4] = "1X"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    result = import_record(path)
    assert result.error == "games[0].hands[2][4]: unknown card code '1X'"


def test_an_illegal_action_gives_game_and_action(tmp_path: Path, record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    actions = bad["games"][1]["actions"]
    seat = actions[3]["seat"]
    actions[3]["seat"] = (seat + 1) % 4
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    result = import_record(path)
    assert result.error is not None and result.error.startswith("game 1, action 3: "), result.error
    assert f"it is seat {seat}'s turn" in result.error


def test_an_illegal_gift_gives_game_and_exchange(tmp_path: Path, record: dict[str, Any]) -> None:
    bad = copy.deepcopy(record)
    gift = bad["games"][1]["exchange"][0]
    held = set(bad["games"][1]["hands"][gift["seat"]])
    gift["give"] = [c for c in ("3S", "3H", "3D", "3C", "4S", "4H") if c not in held][:len(gift["give"])]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    result = import_record(path)
    assert result.error is not None and result.error.startswith("game 1, exchange 0: "), result.error


def test_a_file_named_dash_is_a_file_not_standard_input(tmp_path: Path, record: dict[str, Any]) -> None:
    path = tmp_path / "-"
    path.write_text(json.dumps(record))
    assert import_record(path).record == record


BOM = b"\xef\xbb\xbf"


def hostile_texts(record: dict[str, Any]) -> dict[str, bytes]:
    plain = json.dumps(record).encode()
    game = record["games"][0]
    leader = json.dumps({**record, "games": [{**game, "leader": "?"}]}).replace('"?"', "1" + "0" * 4999)
    return {
        "bom": BOM + plain,
        "5000-digit number": leader.encode(),
        "nested 5000 levels": plain[:-1] + b', "deep": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        "nested 990 levels in a game": plain.replace(b'"actions": [', b'"actions": ' + b"[" * 990 + b"]" * 989, 1),
        "not UTF-8": plain.replace(b'"rules"', b'"r\xffules"', 1),
    }


@pytest.mark.parametrize("case", ["bom", "5000-digit number", "nested 5000 levels", "nested 990 levels in a game",
                                  "not UTF-8"])
def test_the_import_answers_as_the_checker_does(tmp_path: Path, record: dict[str, Any], case: str) -> None:
    """Before: a byte-order mark was refused by the import only; a long number gave Python's digit limit."""
    path = tmp_path / "record.json"
    path.write_bytes(hostile_texts(record)[case])
    done = subprocess.run([sys.executable, "-m", "game.engine.record", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    result = import_record(path)
    if done.returncode == 0:
        assert result.record == record
    else:
        message = done.stderr.removeprefix("malformed record: ").strip()
        assert result.error is not None and result.error.split(": not UTF-8")[0] == message.split(": not UTF-8")[0]
        assert "Exceeds the limit" not in result.error
    assert (case, done.returncode) in {("bom", 0), ("5000-digit number", 2), ("nested 5000 levels", 2),
                                       ("nested 990 levels in a game", 2), ("not UTF-8", 2)}
    if case == "5000-digit number":
        assert result.error == "games[0].leader: expected a seat 0..3, not <a number of 5000 digits>"


def test_a_huge_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(17 << 20)
    result = import_record(path)
    assert result.error is not None and "too large" in result.error


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """Before: the import waited forever for a writer."""
    path = tmp_path / "record.json"
    os.mkfifo(path)
    result = import_record(path)
    assert result.error is not None and "named pipe" in result.error


@pytest.mark.timeout(60)
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_at_once(tmp_path: Path) -> None:
    """Before: reading /dev/zero (size 0, endless) used up the memory."""
    path = tmp_path / "record.json"
    path.symlink_to("/dev/zero")
    result = import_record(path)
    assert result.error is not None and "device" in result.error


def test_a_file_is_read_up_to_the_limit_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that grows while it is read (or lies about its size) is still cut at the limit."""
    monkeypatch.setattr("game.storage.records_io.MAX_RECORD_BYTES", 1000)
    path = tmp_path / "record.json"
    path.write_bytes(b" " * 5000)
    result = import_record(path)
    assert result.error is not None and "too large" in result.error
