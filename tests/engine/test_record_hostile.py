"""The record checker against hostile files: deep nesting, huge numbers, wrong types, random JSON.

Whatever the file holds, ``python -m game.engine.record`` answers 0 (valid),
1 (an illegal action) or 2 (malformed, the message naming the field) and
never shows a traceback.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.record import MAX_DEPTH, Record, RecordError, RecordText, check, loads, main, parse_record, read_record
from tests.properties import examples

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))
SAMPLES: list[Any] = [json.loads(p.read_text(encoding="utf-8")) for p in RECORDS]
EXCHANGE = {
    "rules": {"preset": "standard", "players": 4},
    "games": [{
        "hands": [["3S", "4S"], ["5S", "6S"], ["7S", "8S"], ["9S", "TS"]],
        "previous_classes": ["daifugo", "fugo", "hinmin", "daihinmin"],
        "exchange": [{"seat": 0, "give": ["3S", "4S"]}],
        "actions": [],
    }],
}
SAMPLES.append(EXCHANGE)
PLAIN_GAME: dict[str, Any] = {"hands": [["3S"], ["4S"], ["5S"], ["6S"], ["7S"]], "leader": 0,
                               "actions": [{"seat": 0, "play": ["3S"]}]}
PLAIN = {"rules": "uecda", "games": [PLAIN_GAME]}


def run_checker(path: Path | str, stdin: bytes | None = None) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "game.engine.record", str(path)], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=60)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def with_raw(field: str, raw: str) -> str:
    """The PLAIN record's JSON text with ``raw`` (any JSON text) in the place of the first game's ``field``."""
    game = json.dumps({k: v for k, v in PLAIN_GAME.items() if k != field})
    return '{"rules": "uecda", "games": [' + game[:-1] + f', "{field}": {raw}' + "}]}"


@pytest.mark.parametrize(("text", "field"), [
    ("[" * 1000 + "]" * 1000, f"record{'[0]' * MAX_DEPTH}: nested too deeply (more than {MAX_DEPTH} levels)"),
    (with_raw("hands", "[" * 1000 + "]" * 1000), "games[0].hands"),
    (with_raw("hands", "[" * 40 + "]" * 40), f"games[0].hands{'[0]' * MAX_DEPTH}"[:40]),
    (with_raw("leader", "7" * 4400), "games[0].leader: expected a seat 0..4, not <a number of 4400 digits>"),
    (with_raw("leader", "-" + "7" * 5000), "games[0].leader"),
    (with_raw("exchange", "5"), "games[0].exchange: expected a list of gifts, not 5"),
    (with_raw("exchange", '"3S"'), "games[0].exchange: expected a list of gifts"),
    (with_raw("actions", '[{"seat": 0, "play": ["3S"], "pass": 7}]'), "games[0].actions[0].pass: expected true"),
    (with_raw("leader", '"' + "x" * 100_000 + '"'), "games[0].leader: expected a seat 0..4, not 'xxx"),
])
@pytest.mark.slow
def test_hostile_records_exit_2_naming_the_field(tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_checker(path)
    assert (status, out) == (2, "")
    assert err.startswith("malformed record: " + field), err
    assert "Traceback" not in err and len(err) < 400


@pytest.mark.timeout(60)
@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """Before: the checker waited forever for a writer."""
    import os

    path = tmp_path / "record.json"
    os.mkfifo(path)
    status, out, err = run_checker(path)
    assert (status, out) == (2, "") and err.startswith(f"malformed record: record: cannot read {path}: not a regular")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    status, out, err = run_checker(tmp_path)
    assert (status, out) == (2, "") and "cannot read" in err and "Traceback" not in err


def test_a_utf8_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    plain, marked = tmp_path / "plain.json", tmp_path / "marked.json"
    plain.write_text(json.dumps(PLAIN), encoding="utf-8")
    marked.write_bytes(b"\xef\xbb\xbf" + json.dumps(PLAIN).encode("utf-8"))
    expected = run_checker(plain)
    assert expected[0] == 0
    assert run_checker(marked) == expected
    assert run_checker("-", stdin=marked.read_bytes()) == expected


def test_not_utf8_and_too_large_files_are_malformed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"rules": "\xe9"}')
    status, out, err = answer_for(latin)
    assert (status, out) == (2, "") and err.startswith(f"malformed record: record: cannot read {latin}: not UTF-8 text")
    monkeypatch.setattr("game.engine.record.MAX_RECORD_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(PLAIN) + " " * 200, encoding="utf-8")
    status, out, err = answer_for(big)
    assert (status, out) == (2, "") and "larger than 100 bytes" in err


# --- random input --------------------------------------------------------------------------


def answer_for(path: Path) -> tuple[int, str, str]:
    """``main`` run in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main([str(path)])
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def scratch() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="daifugo-records-") as folder:
        yield Path(folder) / "record.json"


def assert_clean_answer(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    status, out, err = answer_for(path)
    if status == 2:
        assert out == "" and err.startswith("malformed record: ") and ": " in err[len("malformed record: "):]
    else:
        assert status in (0, 1) and err == ""
        answer = json.loads(out)
        assert answer["valid"] is (status == 0)


KEYS = ["format", "rules", "preset", "players", "overrides", "games", "hands", "previous_classes", "exchange",
        "seat", "give", "leader", "stocks", "pile", "actions", "play", "pass", "joker_as", "jokers", "j_back"]
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-3, 8) | st.floats() | st.text(max_size=6)
           | st.sampled_from(["3S", "JK", "<3S", ">2S", "TH", "standard", "uecda", "duel5", "akita", "daifugo",
                              "hinmin", "daifugo-record/1"]))
JSON_VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=4),
                                                                          inner, max_size=5), max_leaves=25)


def containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every object and list in a decoded JSON value."""
    found = [path] if isinstance(value, (dict, list)) else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found += containers(item, (*path, key))
    return found


@settings(max_examples=examples(4))
@given(JSON_VALUES)
def test_any_json_value_is_answered_without_a_traceback(scratch: Path, value: Any) -> None:
    assert_clean_answer(scratch, json.dumps(value))


@settings(max_examples=examples(2))
@given(st.data())
def test_damaged_real_records_are_answered_without_a_traceback(scratch: Path, data: st.DataObject) -> None:
    assert_clean_answer(scratch, json.dumps(damaged(data, data.draw(st.integers(1, 3)))))


def damaged(data: st.DataObject, times: int) -> Any:
    """A real record with a random value put somewhere in it ``times`` times (often near the top)."""
    record = copy.deepcopy(data.draw(st.sampled_from(SAMPLES)))
    for _ in range(times):
        found = containers(record)
        shallow = [p for p in found if len(p) <= 2]
        path = data.draw(st.sampled_from(shallow) | st.sampled_from(found))
        target = record
        for key in path:
            target = target[key]
        value = data.draw(JSON_VALUES)
        if isinstance(target, dict):
            target[data.draw(st.sampled_from(sorted({*target, *KEYS})))] = value
        elif target:
            target[data.draw(st.integers(0, len(target) - 1))] = value
        else:
            target.append(value)
    return record


@settings(max_examples=examples(4))
@given(st.text(alphabet=st.sampled_from('[]{}",:0123456789-.eE truefalsn\\\ufeffx'), max_size=80))
def test_any_text_decodes_or_is_refused_by_name(text: str) -> None:
    try:
        data = loads(text)
    except RecordError as error:
        assert str(error).startswith("record: ")
        return
    try:
        status, answer = check(data)
    except RecordError:
        return
    assert status in (0, 1) and "valid" in answer


def test_nesting_at_every_depth_is_answered(scratch: Path) -> None:
    for depth in (MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 500, 990, 1000, 5000):
        assert_clean_answer(scratch, with_raw("hands", "[" * depth + "]" * depth))
        assert_clean_answer(scratch, with_raw("leader", '{"a":' * depth + "1" + "}" * depth))


# --- reading game by game -------------------------------------------------------------------------------------


def outcome(read: Callable[[str], Any], text: str) -> tuple[str, Any]:
    """What reading ``text`` gives: ("games", every game's spec) or ("error", the message)."""
    try:
        record = read(text)
    except RecordError as error:
        return "error", str(error)
    return "games", (record.rules, [record.spec(i) for i in range(len(record.actions))])


def whole(text: str) -> Record:
    return parse_record(loads(text))


@settings(max_examples=examples(6))
@given(st.data())
def test_reading_game_by_game_gives_what_reading_whole_gives(data: st.DataObject) -> None:
    """Any damage to a real record's text, or to its structure: the same games, or the same message."""
    record = damaged(data, data.draw(st.integers(0, 1)))
    text = json.dumps(record, indent=data.draw(st.sampled_from([None, 1, 2])))
    if data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(text)))
        text = text[:at] + data.draw(st.sampled_from(['"games": []', "]", "}", ",", '"', "[{}]", ""])) + text[at:]
    read = outcome(read_record, text)
    assert read == outcome(whole, text)
    if read[0] == "games" and text.count('"games"') == 1:
        assert isinstance(read_record(text), RecordText), "a plain record is read game by game"
