"""The autosave: the match in progress as one JSON object, written atomically.

The content belongs to the session code (``Session.autosave_data()``); here it
is an opaque JSON object with an integer ``"version"``.  ``load_autosave``
returns None when there is nothing to resume: no file, a damaged file (moved
aside as ``autosave.json.corrupt-<timestamp>`` and logged) or a version this
program does not know (left in place and logged, for the newer program).
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from .atomic import move_aside, remove_stale_temps, write_atomic

__all__ = ["AUTOSAVE_VERSIONS", "clear_autosave", "discard_autosave", "load_autosave", "save_autosave"]

log = logging.getLogger(__name__)

AUTOSAVE_VERSIONS: frozenset[int] = frozenset({1})
"""The autosave versions the session can resume (``game.session.AUTOSAVE_VERSION``)."""
MAX_FILE_BYTES = 64 << 20


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


def load_autosave(
    path: str | os.PathLike[str], versions: Collection[int] = AUTOSAVE_VERSIONS
) -> dict[str, Any] | None:
    """The saved match, or None (nothing to resume).  Never raises."""
    target = Path(path)
    remove_stale_temps(target)
    try:
        with open(target, "rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as error:
        log.warning("autosave: cannot read %s: %s", target, error)
        return None
    if len(raw) > MAX_FILE_BYTES:
        _damaged(target, f"larger than {MAX_FILE_BYTES} bytes")
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        _damaged(target, f"not valid JSON ({error})")
        return None
    if not isinstance(data, dict):
        _damaged(target, f"expected a JSON object, not {type(data).__name__}")
        return None
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        _damaged(target, f'no integer "version" (found {version!r})')
        return None
    if version not in versions:
        log.warning("autosave: %s has version %r, which this program cannot resume; ignored", target, version)
        return None
    return data


def _damaged(target: Path, problem: str) -> None:
    discard_autosave(target, problem)


def discard_autosave(path: str | os.PathLike[str], problem: str) -> Path | None:
    """Move an autosave that cannot be resumed aside (``autosave.json.corrupt-<timestamp>``), logged.

    For the app when ``Session.resume`` rejects what ``load_autosave`` returned.
    Returns the new path, or None if the file was missing or could not be moved.
    """
    try:
        moved = move_aside(path)
    except OSError as error:
        log.warning("autosave: %s cannot be resumed (%s) and could not be moved aside: %s", path, problem, error)
        return None
    if moved is not None:
        log.warning("autosave: %s cannot be resumed (%s); kept as %s", path, problem, moved)
    return moved


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
