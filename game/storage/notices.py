"""What the player must be told about the game's files: what happened, to which file, in the system's words.

Storage code never shows anything: it posts a ``Notice`` and the screens turn
its ``kind`` into a sentence in the player's language (``notice.<kind>``),
naming the file (``path``) and the system's reason (``detail``).  A notice is
shown once.

>>> notices = Notices()
>>> notices.post(Notice(NoticeKind.RESULTS_UNSAVED, detail="database or disk is full"))
>>> [n.kind.value for n in notices.take()], notices.take()
(['results_unsaved'], [])
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from enum import Enum

__all__ = ["Notice", "NoticeKind", "Notices"]


class NoticeKind(Enum):
    STATS_DAMAGED = "stats_damaged"
    """The statistics file was damaged or not ours: kept as ``path``, a new one started."""
    STATS_UNAVAILABLE = "stats_unavailable"
    """The statistics file cannot be used now (a disk or permission problem): left as it is, nothing saved."""
    STATS_NEWER = "stats_newer"
    """The statistics file is from a newer version of the game: left as it is, nothing saved."""
    RESULTS_UNSAVED = "results_unsaved"
    """Finished games could not be written; they are kept in memory and written later."""
    RESULTS_SAVED = "results_saved"
    """The games that were waiting have been written."""
    RESULTS_WAITING_DAMAGED = "results_waiting_damaged"
    """The results kept for the next start could not be read: kept as ``path``."""
    AUTOSAVE_REFUSED = "autosave_refused"
    """The saved match could not be continued: kept as ``path``."""
    AUTOSAVE_NEWER = "autosave_newer"
    """A saved match from a newer version of the game: kept as ``path``."""
    AUTOSAVE_DAMAGED = "autosave_damaged"
    """The saved match could not be read (damaged, not a file, too large): kept as ``path``."""
    SETTINGS_DAMAGED = "settings_damaged"
    """The settings file could not be read: kept as ``path``, the defaults are used."""
    SETTINGS_UNREADABLE = "settings_unreadable"
    """The settings file ``path`` cannot be read (not a file, no permission): the defaults are used."""
    FOLDER_UNUSABLE = "folder_unusable"
    """One of the game's folders (``path``) cannot be created or written: nothing is kept there this session."""


@dataclass(frozen=True)
class Notice:
    kind: NoticeKind
    path: str = ""
    """The file or folder concerned (the name a file was kept under)."""
    detail: str = ""
    """The reason, in the system's words."""


class Notices:
    """Notices waiting to be shown, oldest first; any thread may post."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: list[Notice] = []

    def post(self, notice: Notice) -> None:
        with self._lock:
            if notice not in self._waiting:
                self._waiting.append(notice)

    def take(self) -> list[Notice]:
        """Every waiting notice (each is given out once)."""
        with self._lock:
            waiting, self._waiting = self._waiting, []
            return waiting

    def __len__(self) -> int:
        with self._lock:
            return len(self._waiting)
