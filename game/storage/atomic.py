"""Safe file writes: a file is either its previous content or its new content, never partial.

``write_atomic`` writes a temporary file in the same directory, flushes and
fsyncs it, renames it over the target (``os.replace``, atomic on POSIX and
Windows) and fsyncs the directory where the platform allows it.  A process
killed at any moment leaves the old file (and perhaps a stray temporary file,
removed later by ``remove_stale_temps``) or the new one.

``move_aside`` keeps a damaged file for inspection as ``NAME.corrupt-<timestamp>``
(or another label: a file is kept, never deleted).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

__all__ = ["move_aside", "remove_stale_temps", "timestamp", "write_atomic"]

_TEMP_SUFFIX = ".tmp"
STALE_TEMP_AGE_S = 3600.0
"""A temporary file older than this was left by a killed process (a live writer renames within seconds)."""


def timestamp(now: datetime | None = None) -> str:
    """A compact UTC time for file names: ``20250102T030405Z``."""
    moment = now or datetime.now(timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Replace ``path`` with ``data`` (text is written as UTF-8) atomically.

    The parent directory is created if missing.  Raises ``OSError`` when the
    file cannot be written; the previous content is then untouched.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=_TEMP_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    fsync_directory(target.parent)


def fsync_directory(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); a no-op where directories cannot be opened."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        fd = os.open(folder, flags)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temps(path: str | os.PathLike[str], max_age_s: float = STALE_TEMP_AGE_S) -> int:
    """Delete temporary files of ``path`` left by a killed writer; return how many were removed.

    Only files older than ``max_age_s`` are touched, so another running copy of
    the game that is writing right now is never disturbed.
    """
    target = Path(path)
    prefix = _temp_prefix(target)
    removed = 0
    now = time.time()
    try:
        entries = list(target.parent.iterdir())
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(_TEMP_SUFFIX)):
            continue
        try:
            if now - entry.stat().st_mtime >= max_age_s:
                entry.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def move_aside(
    path: str | os.PathLike[str], companions: Sequence[str] = (), *, label: str = "corrupt"
) -> Path | None:
    """Rename a damaged file to ``NAME.corrupt-<timestamp>`` (never overwriting); return the new path.

    ``label`` replaces ``corrupt`` for a file kept for another reason (a newer
    version's, one that could not be resumed).  ``companions`` are suffixes of
    files that belong to it (``-wal``, ``-shm`` of a database): ``NAME-wal``
    moves to ``NAME.corrupt-<timestamp>-wal``.  Returns None if the file is
    missing; raises ``OSError`` if it cannot be moved.
    """
    source = Path(path)
    if not os.path.lexists(source):
        return None
    base = f"{source.name}.{label}-{timestamp()}"
    target = source.with_name(base)
    counter = 1
    while os.path.lexists(target) or any(os.path.lexists(f"{target}{s}") for s in companions):
        target = source.with_name(f"{base}-{counter}")
        counter += 1
    os.replace(source, target)
    for suffix in companions:
        extra = Path(f"{source}{suffix}")
        if os.path.lexists(extra):
            with contextlib.suppress(OSError):
                os.replace(extra, Path(f"{target}{suffix}"))
    fsync_directory(source.parent)
    return target
