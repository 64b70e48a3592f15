"""The autosave: the match in progress as one JSON object, written atomically.

The content belongs to the session code (``Session.autosave_data()``); here it
is an opaque JSON object with an integer ``"version"``.  ``load_autosave``
returns None when there is nothing to resume: no file, a damaged file or
something that is not a file (moved aside as ``autosave.json.corrupt-<timestamp>``,
logged, and the player told the name it was kept under) or a version this
program does not know (left in place and logged, for the newer program).

Nothing is ever lost: ``AutosaveSlot``, the autosave of one running game,
moves a newer version's saved match aside (``autosave.json.v2-<timestamp>``)
before it first writes or deletes the file, and keeps a match that could not
be resumed (``autosave.json.unresumable-<timestamp>``); each time the player
is told the name it was kept under.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from .atomic import move_aside, remove_stale_temps, write_atomic
from .files import NotRegularFile, read_limited
from .jsontext import TooDeep, loads_bounded
from .notices import Notice, NoticeKind

__all__ = [
    "AUTOSAVE_VERSIONS",
    "AutosaveSlot",
    "clear_autosave",
    "discard_autosave",
    "load_autosave",
    "save_autosave",
]

log = logging.getLogger(__name__)

AUTOSAVE_VERSIONS: frozenset[int] = frozenset({1})
"""The autosave versions the session can resume (``game.session.AUTOSAVE_VERSION``)."""
MAX_FILE_BYTES = 64 << 20
MAX_DEPTH = 32
"""A saved match nests 7 levels (its record's cards); one nested deeper is not ours."""


def save_autosave(path: str | os.PathLike[str], data: Mapping[str, Any]) -> bool:
    """Write ``data`` atomically; False (logged) if the disk refuses.

    ``data`` must be a JSON object with an integer ``"version"`` (``ValueError``
    or ``TypeError`` otherwise: a programming error, not a disk problem).
    """
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ValueError(f'autosave data needs an integer "version", not {version!r}')
    text = json.dumps(dict(data), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        write_atomic(path, text)
    except OSError as error:
        log.warning("autosave: cannot write %s: %s", path, error)
        return False
    return True


def _read(target: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(the decoded object, None), (None, what is wrong with the file), or (None, None) if there is none."""
    try:
        raw = read_limited(target, MAX_FILE_BYTES)
    except FileNotFoundError:
        return None, None
    except NotRegularFile as error:
        return None, f"{error.kind}, not a file"
    except OSError as error:
        log.warning("autosave: cannot read %s: %s", target, error)
        return None, None
    if len(raw) > MAX_FILE_BYTES:
        return None, f"larger than {MAX_FILE_BYTES} bytes"
    try:
        data = loads_bounded(raw.decode("utf-8"), MAX_DEPTH)
    except TooDeep as error:
        return None, str(error)
    except ValueError as error:  # UnicodeDecodeError included
        return None, f"not valid JSON ({error})"
    if not isinstance(data, dict):
        return None, f"expected a JSON object, not {type(data).__name__}"
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        return None, f'no integer "version" (found {version!r})'
    return data, None


def load_autosave(
    path: str | os.PathLike[str],
    versions: Collection[int] = AUTOSAVE_VERSIONS,
    notify: Callable[[Notice], None] | None = None,
) -> dict[str, Any] | None:
    """The saved match, or None (nothing to resume).  Never raises.

    ``notify`` is told when a damaged file is kept under a new name.
    """
    target = Path(path)
    remove_stale_temps(target)
    data, problem = _read(target)
    if problem is not None:
        _keep_damaged(target, problem, notify)
        return None
    if data is None:
        return None
    if data["version"] not in versions:
        log.warning("autosave: %s has version %r, which this program cannot resume; ignored", target, data["version"])
        return None
    return data


def discard_autosave(
    path: str | os.PathLike[str], problem: str, *, label: str = "corrupt"
) -> Path | None:
    """Move an autosave that cannot be resumed aside (``autosave.json.corrupt-<timestamp>``), logged.

    Returns the new path, or None if the file was missing or could not be moved.
    """
    try:
        moved = move_aside(path, label=label)
    except OSError as error:
        log.warning("autosave: %s cannot be resumed (%s) and could not be moved aside: %s", path, problem, error)
        return None
    if moved is not None:
        log.warning("autosave: %s cannot be resumed (%s); kept as %s", path, problem, moved)
    return moved


def _keep_damaged(path: Path, problem: str, notify: Callable[[Notice], None] | None) -> None:
    """Move a damaged autosave aside and tell the player the name it was kept under."""
    moved = discard_autosave(path, problem)
    if moved is not None and notify is not None:
        notify(Notice(NoticeKind.AUTOSAVE_DAMAGED, str(moved), problem))


def clear_autosave(path: str | os.PathLike[str]) -> bool:
    """Delete the autosave (the match is over or abandoned); False (logged) if it cannot be deleted."""
    try:
        Path(path).unlink()
    except FileNotFoundError:
        return True
    except OSError as error:
        log.warning("autosave: cannot delete %s: %s", path, error)
        return False
    return True


class AutosaveSlot:
    """The autosave file of one running game: load, save, clear, and keep what is not ours.

    Saves and clears may run on the background writer's thread, loads on the
    frame loop's (after a flush): calls are serialized.  ``notify`` is told
    (from that thread) when a file is kept under a new name.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        versions: Collection[int] = AUTOSAVE_VERSIONS,
        notify: Callable[[Notice], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self.versions = versions
        self.notify = notify
        self._lock = threading.Lock()
        self._claimed = False

    def load(self) -> dict[str, Any] | None:
        with self._lock:
            return load_autosave(self.path, self.versions, self.notify)

    def save(self, data: Mapping[str, Any]) -> bool:
        with self._lock:
            return self._claim() and save_autosave(self.path, data)

    def clear(self) -> bool:
        with self._lock:
            return self._claim() and clear_autosave(self.path)

    def keep_refused(self, problem: str) -> Path | None:
        """The saved match could not be resumed: keep it as ``autosave.json.unresumable-<timestamp>``."""
        with self._lock:
            moved = discard_autosave(self.path, problem, label="unresumable")
        if moved is not None:
            self._tell(Notice(NoticeKind.AUTOSAVE_REFUSED, str(moved), problem))
        return moved

    def _claim(self) -> bool:
        """Before this program first replaces or deletes the file: move a newer version's match aside.

        (A damaged file is moved aside too, as ``load`` would.)
        False (nothing may be written) while such a file cannot be moved.
        """
        if self._claimed:
            return True
        data, problem = _read(self.path)
        if problem is not None:
            _keep_damaged(self.path, problem, self.notify)
        elif data is not None and data["version"] not in self.versions:
            version = data["version"]
            try:
                moved = move_aside(self.path, label=f"v{version}")
            except OSError as error:
                log.warning("autosave: %s is a newer version's saved match and cannot be moved aside: %s; "
                            "it is not overwritten", self.path, error)
                return False
            log.warning("autosave: %s is version %d (a newer program's); kept as %s", self.path, version, moved)
            self._tell(Notice(NoticeKind.AUTOSAVE_NEWER, str(moved), f"version {version}"))
        self._claimed = True
        return True

    def _tell(self, notice: Notice) -> None:
        if self.notify is not None:
            self.notify(notice)
