"""The settings file: a small JSON object, read forgivingly, written atomically.

* Every known key is checked; a bad value is replaced by its default and a
  warning is returned (and logged).  Nothing in the file's content can make
  ``load_settings`` raise.
* Keys this version does not know (written by a newer version) are kept in
  ``Settings.unknown`` and written back by ``save_settings``.
* NaN and infinite numbers are refused wherever they are (JSON has no way to
  write them back): a value holding one is replaced by its default, an
  unknown key holding one is dropped, each with a warning.
* A file that is not a JSON object (or one nested deeper than ``MAX_DEPTH``,
  which could not be written back) is moved aside as
  ``settings.json.corrupt-<timestamp>`` and the defaults are used.

>>> s = Settings(language="en")
>>> s.volume, s.window_size
(0.7, (1280, 720))
>>> loaded, warnings = settings_from_json({"language": "ja", "volume": 3, "colour": "blue"})
>>> warnings
['volume: bad value 3 (expected a number from 0.0 to 1.0); using 0.7']
>>> loaded.volume, loaded.unknown
(0.7, {'colour': 'blue'})
"""

from __future__ import annotations

import dataclasses
import json
import locale
import logging
import math
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .atomic import move_aside, remove_stale_temps, write_atomic
from .files import read_limited
from .jsontext import TooDeep, loads_bounded
from .notices import Notice, NoticeKind

__all__ = [
    "ANIMATION_SPEEDS",
    "LANGUAGES",
    "MAX_WINDOW",
    "MIN_WINDOW",
    "SETTINGS_VERSION",
    "UI_SCALES",
    "Settings",
    "load_settings",
    "save_settings",
    "settings_from_json",
    "settings_to_json",
    "system_language",
]

log = logging.getLogger(__name__)

SETTINGS_VERSION = 1
LANGUAGES = ("ja", "en")
ANIMATION_SPEEDS = ("slow", "normal", "fast")
UI_SCALES = (100, 125, 150, 175, 200)
"""The sizes of text and of the table offered, in percent (the window may not take the larger ones)."""
MAX_NAMES = 64
"""The most rule or lesson names a list in the settings keeps (there are fewer of either)."""
MIN_WINDOW = (960, 600)
MAX_WINDOW = (7680, 4320)
"""The largest window kept (8K UHD): a larger one would cost hundreds of megabytes of pixels."""
MAX_FILE_BYTES = 1 << 20
"""A settings file larger than this is not ours."""
MAX_DEPTH = 32
"""A settings file nested deeper than this is not ours (it needs 4 levels; a newer version's keys may add some)."""


def system_language(environ: Mapping[str, str] | None = None, system_locale: str | None = None) -> str:
    """``"ja"`` when the user's locale is Japanese, else ``"en"``.

    Looks at ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, then the
    process locale (``locale.getlocale()``; ``Japanese_Japan`` on Windows).
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "").split(":")[0].strip()
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return "ja" if value.lower().startswith("ja") else "en"
    if system_locale is None:
        try:
            system_locale = locale.getlocale()[0] or ""
        except (ValueError, TypeError):
            system_locale = ""
    return "ja" if system_locale.lower().startswith("ja") else "en"


@dataclass(frozen=True)
class Settings:
    """The player's preferences, every field typed and valid."""

    language: str = field(default_factory=system_language)
    """``ja`` or ``en``; the default follows the system locale."""
    sound: bool = True
    music: bool = False
    """The background music (off until the player turns it on)."""
    volume: float = 0.7
    """0.0 to 1.0."""
    animation_speed: str = "fast"
    """``slow``, ``normal`` or ``fast``: how long animations and the computers' pauses take."""
    four_color: bool = False
    dim_unplayable: bool = True
    auto_pass: bool = False
    slow_mode: bool = False
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    """Width and height, each from ``MIN_WINDOW`` to ``MAX_WINDOW``."""
    show_tracker: bool = False
    ui_scale: int = 100
    """Text and the table's elements at this many percent of their size for the window (``UI_SCALES``)."""
    high_contrast: bool = False
    """Stronger outlines, solid panels and a larger difference for the cards that cannot be played."""
    rule_help: bool = True
    """A short explanation at the table the first time a rule takes effect in a match."""
    rule_help_muted: tuple[str, ...] = ()
    """The rules whose explanation the player asked not to see again."""
    lessons_done: tuple[str, ...] = ()
    """The lessons played to their end."""
    reduce_effects: bool = False
    """No flashes or bursts of particles on the table (banners still say what happened)."""
    last_setup: Mapping[str, Any] = field(default_factory=dict)
    """The last new-game choices, stored for the UI as an opaque JSON object."""
    external_commands: tuple[str, ...] = ()
    """Command lines of external (UECda) programs the player has used."""
    turn_timer: int = 0
    """Seconds a player at a hosted table has for a decision before the computer makes it (``TURN_TIMERS``; 0: none)."""
    drop_timeout: int = 60
    """Seconds a hosted table waits for a dropped player before the computer plays the seat (``DROP_TIMEOUTS``)."""
    unknown: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Keys of the file this version does not know; written back unchanged."""

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed (the unknown keys are kept)."""
        return dataclasses.replace(self, **changes)


_FIELDS = tuple(f.name for f in dataclasses.fields(Settings) if f.name != "unknown")
TURN_TIMERS = (0, 30, 60)
DROP_TIMEOUTS = (30, 60, 120)
_BOOLS = ("sound", "music", "four_color", "dim_unplayable", "auto_pass", "slow_mode", "fullscreen", "show_tracker",
          "reduce_effects", "high_contrast", "rule_help")
_NAMES = ("rule_help_muted", "lessons_done")


def _json_text(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _finite(value: Any) -> bool:
    """No NaN or infinity anywhere in a decoded JSON value."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, float) and not math.isfinite(item):
            return False
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return True


def _check(name: str, value: Any) -> tuple[Any, str | None]:
    """The typed value of one key, or (None, the problem)."""
    if name == "language":
        if value in LANGUAGES:
            return value, None
        return None, "expected " + " or ".join(f'"{v}"' for v in LANGUAGES)
    if name in _BOOLS:
        if isinstance(value, bool):
            return value, None
        return None, "expected true or false"
    if name == "volume":
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0:
            return float(value), None
        return None, "expected a number from 0.0 to 1.0"
    if name == "animation_speed":
        if value in ANIMATION_SPEEDS:
            return value, None
        return None, "expected " + ", ".join(f'"{v}"' for v in ANIMATION_SPEEDS)
    if name == "ui_scale":
        if isinstance(value, int) and not isinstance(value, bool) and value in UI_SCALES:
            return value, None
        return None, "expected one of " + ", ".join(str(v) for v in UI_SCALES)
    if name in _NAMES:
        if isinstance(value, list) and len(value) <= MAX_NAMES and all(
                isinstance(v, str) and 0 < len(v) <= 40 for v in value):
            return tuple(dict.fromkeys(value)), None
        return None, f"expected a list of at most {MAX_NAMES} short names"
    if name == "window_size":
        if (
            isinstance(value, (list, tuple))
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and all(low <= v <= high for v, low, high in zip(value, MIN_WINDOW, MAX_WINDOW, strict=True))
        ):
            return (value[0], value[1]), None
        low, high = MIN_WINDOW, MAX_WINDOW
        return None, f"expected [width, height] from [{low[0]}, {low[1]}] to [{high[0]}, {high[1]}]"
    if name == "last_setup":
        if not isinstance(value, dict):
            return None, "expected a JSON object"
        if not _finite(value):
            return None, "expected a JSON object without NaN or infinite numbers"
        return dict(value), None
    if name in ("turn_timer", "drop_timeout"):
        allowed = TURN_TIMERS if name == "turn_timer" else DROP_TIMEOUTS
        if value in allowed and isinstance(value, int) and not isinstance(value, bool):
            return value, None
        return None, "expected one of " + ", ".join(str(v) for v in allowed)
    if name == "external_commands":
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value), None
        return None, "expected a list of strings"
    raise AssertionError(name)  # pragma: no cover


def settings_from_json(data: Any, defaults: Settings | None = None) -> tuple[Settings, list[str]]:
    """Settings from a decoded JSON object; bad values become defaults, with one warning each."""
    base = defaults or Settings()
    if not isinstance(data, dict):
        return base, [f"settings: expected a JSON object, not {type(data).__name__}; using the defaults"]
    warnings: list[str] = []
    values: dict[str, Any] = {}
    for name in _FIELDS:
        if name not in data:
            continue
        value, problem = _check(name, data[name])
        if problem is None:
            values[name] = value
        else:
            default = getattr(base, name)
            shown = list(default) if isinstance(default, tuple) else default
            warnings.append(f"{name}: bad value {_json_text(data[name])} ({problem}); using {_json_text(shown)}")
    unknown: dict[str, Any] = {}
    for key, value in data.items():
        if key in _FIELDS or key == "version":
            continue
        if _finite(value):
            unknown[key] = value
        else:
            warnings.append(f"{key}: bad value {_json_text(value)} (NaN or an infinite number); dropped")
    return dataclasses.replace(base, unknown=unknown, **values), warnings


def settings_to_json(settings: Settings) -> dict[str, Any]:
    """The file's JSON object: the unknown keys, the version, then every known key."""
    out: dict[str, Any] = dict(settings.unknown)
    out["version"] = SETTINGS_VERSION
    for name in _FIELDS:
        value = getattr(settings, name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, Mapping):
            value = dict(value)
        out[name] = value
    return out


def load_settings(
    path: str | os.PathLike[str], defaults: Settings | None = None, notify: Callable[[Notice], None] | None = None
) -> tuple[Settings, list[str]]:
    """Read the settings file: (settings, warnings).  Never raises.

    A missing file gives the defaults without a warning.  A file that cannot be
    decoded is moved aside (``settings.json.corrupt-<timestamp>``).  Only a
    regular file is read: a folder, a named pipe or a device gives the
    defaults and a warning (the next save replaces a pipe or device).  Every
    warning is also logged; ``notify`` is told of a file kept aside or that
    cannot be read (a bad value of one key is only logged).
    """
    target = Path(path)
    base = defaults or Settings()
    remove_stale_temps(target)
    try:
        raw = read_limited(target, MAX_FILE_BYTES)
    except FileNotFoundError:
        return base, []
    except OSError as error:  # NotRegularFile (a folder, a named pipe, a device) included
        if notify is not None:
            notify(Notice(NoticeKind.SETTINGS_UNREADABLE, str(target), str(error)))
        return base, _logged([f"settings: cannot read {target}: {error}; using the defaults"])
    problem = _problem(raw)
    if isinstance(problem, str):
        return base, _logged([_set_aside(target, problem, notify)])
    settings, warnings = settings_from_json(problem, base)
    return settings, _logged(warnings)


def _problem(raw: bytes) -> dict[str, Any] | str:
    """The file's JSON object, or what is wrong with it."""
    if len(raw) > MAX_FILE_BYTES:
        return f"larger than {MAX_FILE_BYTES} bytes"
    try:
        data = loads_bounded(raw.decode("utf-8-sig"), MAX_DEPTH)
    except TooDeep as error:
        return str(error)
    except ValueError as error:  # UnicodeDecodeError included
        return f"not valid JSON ({error})"
    if not isinstance(data, dict):
        return f"expected a JSON object, not {type(data).__name__}"
    return data


def _set_aside(target: Path, problem: str, notify: Callable[[Notice], None] | None) -> str:
    try:
        moved = move_aside(target)
    except OSError as error:
        if notify is not None:
            notify(Notice(NoticeKind.SETTINGS_UNREADABLE, str(target), f"{problem}; it could not be moved aside: "
                                                                         f"{error}"))
        return f"settings: {target} is damaged: {problem}; using the defaults (could not move it aside: {error})"
    if notify is not None:
        notify(Notice(NoticeKind.SETTINGS_DAMAGED, str(moved), problem))
    return f"settings: {target} is damaged: {problem}; using the defaults (the file was kept as {moved})"


def _logged(warnings: list[str]) -> list[str]:
    for warning in warnings:
        log.warning("%s", warning)
    return warnings


def save_settings(path: str | os.PathLike[str], settings: Settings) -> bool:
    """Write the settings atomically (unknown keys included); False (logged) if the disk refuses."""
    try:
        text = json.dumps(settings_to_json(settings), ensure_ascii=False, indent=2, allow_nan=False)
        write_atomic(path, text + "\n")
    except (OSError, TypeError, ValueError, RecursionError) as error:
        log.warning("settings: cannot write %s: %s", path, error)
        return False
    return True
