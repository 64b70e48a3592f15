"""Export a game record to a file and import one, checked by the engine's checker.

``import_record`` never raises for a bad file: the result carries either the
valid record or the checker's message (a malformed record names the field, an
illegal move reads ``game G, action A: reason`` with the checker's indices).
A file is read as ``python -m game.engine.record`` reads it: UTF-8 with or
without a byte-order mark, numbers too long for Python named by their field,
nesting deeper than a record's refused by where it starts.

>>> print(format_json({"format": "daifugo-record/1", "rules": "uecda", "games": [{
...     "hands": [["3S", "3H", "4S", "5S", "6S", "7S", "8S"], ["JK", "4H"], ["3D"], ["3C"], ["4D"]],
...     "actions": [{"seat": 0, "play": ["3S", "3H"]}, {"seat": 1, "pass": True}]}]}))
{
  "format": "daifugo-record/1",
  "rules": "uecda",
  "games": [
    {
      "hands": [["3S", "3H", "4S", "5S", "6S", "7S", "8S"], ["JK", "4H"], ["3D"], ["3C"], ["4D"]],
      "actions": [{"seat": 0, "play": ["3S", "3H"]}, {"seat": 1, "pass": true}]
    }
  ]
}
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine.record import Games, RecordError, check_record, loads, read_record

from .atomic import write_atomic
from .files import NotRegularFile, read_limited

__all__ = ["ImportResult", "export_name", "export_record", "format_json", "import_record"]

log = logging.getLogger(__name__)

MAX_RECORD_BYTES = 16 << 20
"""A record file larger than this is refused (a long match is a few hundred kB)."""
_LINE = 100


@dataclass(frozen=True)
class ImportResult:
    """An imported record: ``parsed`` when valid, else ``error`` (a message for the player)."""

    parsed: Games | None = field(default=None, repr=False)
    """The valid record, parsed (game by game for a long match: its games' text, parsed when shown)."""
    error: str | None = None
    games: list[dict[str, Any]] = field(default_factory=list)
    """The checker's summary of each game (places, classes, points, finished)."""
    text: str = field(default="", repr=False)

    @property
    def ok(self) -> bool:
        return self.parsed is not None

    @property
    def record(self) -> dict[str, Any] | None:
        """The valid record as JSON data (decoded now: a long match takes a while)."""
        return loads(self.text) if self.parsed is not None else None


def format_json(value: Any, indent: int = 0) -> str:
    """Pretty JSON that stays readable by hand: short lists and objects on one line."""
    flat = json.dumps(value, ensure_ascii=False, allow_nan=False)
    if len(flat) + indent <= _LINE or not isinstance(value, (dict, list)) or not value:
        return flat
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(str(k), ensure_ascii=False)}: {format_json(v, indent + 2)}" for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [inner + format_json(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def export_record(path: str | os.PathLike[str], record: Mapping[str, Any]) -> Path:
    """Write ``record`` as pretty UTF-8 JSON, atomically; return the path.

    Raises ``OSError`` when the file cannot be written (for the UI to show) and
    ``TypeError``/``ValueError`` when ``record`` is not JSON data.
    """
    target = Path(path)
    write_atomic(target, format_json(dict(record)) + "\n")
    return target


def export_name(played_at: str, preset: str) -> str:
    """A file name for an exported record: ``daifugo-20250102-030405-standard.json``."""
    digits = re.sub(r"[^0-9]", "", played_at)[:14]
    stamp = f"{digits[:8]}-{digits[8:]}" if len(digits) > 8 else digits or "record"
    safe = re.sub(r"[^A-Za-z0-9_-]", "", preset) or "game"
    return f"daifugo-{stamp}-{safe}.json"


def import_record(path: str | os.PathLike[str]) -> ImportResult:
    """Read and check a record file.  Never raises: problems come back in ``error``.

    Only a regular file is read (a named pipe or a device is refused before
    it is opened), and never more than ``MAX_RECORD_BYTES``.  Checking a long
    match replays every game: the app calls this off the frame loop, and the
    record is read game by game (``read_record``) so that no step holds up
    the frame loop's thread for long.
    """
    target = Path(path)
    try:
        raw = read_limited(target, MAX_RECORD_BYTES)
    except NotRegularFile as error:
        return ImportResult(error=f"record: cannot read {target}: it is {error.kind}, not a file")
    except OSError as error:
        return ImportResult(error=f"record: cannot read {target}: {error.strerror or error}")
    if len(raw) > MAX_RECORD_BYTES:
        return ImportResult(error=f"record: {target} is too large (over {MAX_RECORD_BYTES} bytes) to be a game record")
    try:
        text = raw.decode("utf-8-sig")  # as the checker reads it: a byte-order mark is allowed
    except UnicodeDecodeError as error:
        return ImportResult(error=f"record: cannot read {target}: not UTF-8 text ({error})")
    try:
        parsed = read_record(text)
        status, answer = check_record(parsed)
    except RecordError as error:
        return ImportResult(error=str(error))
    except RecursionError:
        return ImportResult(error="record: nested too deeply to be a game record")
    except Exception as error:  # a bad file must never bring the game down
        log.exception("record: unexpected failure checking %s", target)
        return ImportResult(error=f"record: cannot be checked ({type(error).__name__}: {error})")
    if status != 0 or not answer.get("valid"):
        return ImportResult(error=illegal_message(answer))
    return ImportResult(parsed=parsed, games=list(answer.get("games", [])), text=text)


def illegal_message(answer: Mapping[str, Any]) -> str:
    """``game G, action A: reason`` from the checker's answer for an illegal action or gift."""
    where = "exchange" if "exchange" in answer else "action"
    return f"game {answer.get('game')}, {where} {answer.get(where)}: {answer.get('reason')}"
