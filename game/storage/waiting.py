"""Results the statistics could not take yet, kept on disk for the next start (``results-waiting.json``).

While the statistics file refuses rows (it became read-only, the disk is
full) or cannot be used this session at all (the store runs in memory), the
finished games and matches wait in the ``ResultRecorder``.  They are kept in
this file next to the autosave whenever that changes, so quitting or being
killed loses none: the next start reads them back and writes them to the
statistics.  A row written twice is stored once (its match key and game
number say so), so a file read back after the rows were written is harmless.

A damaged file is kept as ``results-waiting.json.corrupt-<timestamp>`` and
the player told; a row in it that is not a valid row is dropped, logged.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from .atomic import move_aside, remove_stale_temps, write_atomic
from .files import NotRegularFile, read_limited
from .jsontext import loads_bounded
from .notices import Notice, NoticeKind
from .rows import GameRow, MatchRow, row_from_json, row_to_json

__all__ = ["WAITING_VERSION", "load_waiting", "save_waiting"]

log = logging.getLogger(__name__)

WAITING_VERSION = 1
MAX_FILE_BYTES = 64 << 20
MAX_DEPTH = 32
"""A row nests 7 levels (a match record's cards); the file adds 2."""

Row = GameRow | MatchRow


def save_waiting(path: str | os.PathLike[str], rows: Sequence[Row]) -> bool:
    """Keep ``rows`` in the file (atomically), or delete it when none wait; False (logged) if the disk refuses."""
    target = Path(path)
    try:
        if not rows:
            target.unlink(missing_ok=True)
            return True
        data = {"version": WAITING_VERSION, "rows": [row_to_json(row) for row in rows]}
        write_atomic(target, json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
    except (OSError, ValueError) as error:
        log.warning("results: cannot keep %d waiting result(s) in %s: %s", len(rows), target, error)
        return False
    return True


def load_waiting(path: str | os.PathLike[str], notify: Callable[[Notice], None] | None = None) -> list[Row]:
    """The rows kept by ``save_waiting`` (none if there is no file).  Never raises."""
    target = Path(path)
    remove_stale_temps(target)
    try:
        raw = read_limited(target, MAX_FILE_BYTES)
    except FileNotFoundError:
        return []
    except NotRegularFile as error:
        return _keep_damaged(target, f"{error.kind}, not a file", notify)
    except OSError as error:
        log.warning("results: cannot read %s: %s; the results in it wait there", target, error)
        return []
    if len(raw) > MAX_FILE_BYTES:
        return _keep_damaged(target, f"larger than {MAX_FILE_BYTES} bytes", notify)
    try:
        data = loads_bounded(raw, MAX_DEPTH)
    except ValueError as error:  # UnicodeDecodeError and TooDeep included
        return _keep_damaged(target, f"not valid JSON ({error})", notify)
    if not isinstance(data, dict) or data.get("version") != WAITING_VERSION or not isinstance(data.get("rows"), list):
        return _keep_damaged(target, f'expected {{"version": {WAITING_VERSION}, "rows": [...]}}', notify)
    rows: list[Row] = []
    for index, item in enumerate(data["rows"]):
        try:
            rows.append(row_from_json(item))
        except (ValueError, TypeError) as error:
            log.error("results: row %d of %s is not a result and was dropped: %s", index, target, error)
    return rows


def _keep_damaged(target: Path, problem: str, notify: Callable[[Notice], None] | None) -> list[Row]:
    try:
        moved = move_aside(target)
    except OSError as error:
        log.error("results: %s is damaged (%s) and could not be moved aside: %s", target, problem, error)
        return []
    log.error("results: %s is damaged (%s); kept as %s", target, problem, moved)
    if notify is not None and moved is not None:
        notify(Notice(NoticeKind.RESULTS_WAITING_DAMAGED, str(moved), problem))
    return []
