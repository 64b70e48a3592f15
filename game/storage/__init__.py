"""Everything the game keeps on disk; standard library and platformdirs only, never pygame.

* ``paths``: ``app_paths()`` → ``AppPaths`` (data, config, log folders; ``DAIFUGO_HOME`` overrides)
* ``settings``: ``Settings``, ``load_settings``, ``save_settings``
* ``stats``: ``StatsStore`` (SQLite: games, matches, summaries, replay lists)
* ``rows``: what goes in and comes out of the store: ``GameRow``, ``MatchRow``, ``SummaryRow``...
* ``schema``: the database's schema version, its migrations, the checks that a file is ours
* ``queries``: how the store reads (filters as SQL, summaries, list items, checked values)
* ``autosave``: ``AutosaveSlot``, ``save_autosave``, ``load_autosave``, ``clear_autosave``
* ``records_io``: ``export_record``, ``import_record``
* ``atomic``: ``write_atomic`` (temporary file + fsync + rename), ``move_aside``
* ``files``: ``read_limited`` (regular files only, up to a limit, never blocking on a pipe)
* ``lock``: ``InstanceLock`` (one running copy of the game per data folder)
* ``notices``: ``Notice``, ``NoticeKind``, ``Notices`` (what the player must be told about the files)
* ``logs``: ``setup_logging``
"""

from .atomic import write_atomic
from .autosave import AUTOSAVE_VERSIONS, AutosaveSlot, clear_autosave, discard_autosave, load_autosave, save_autosave
from .files import NotRegularFile, read_limited
from .lock import InstanceLock
from .logs import setup_logging
from .notices import Notice, NoticeKind, Notices
from .paths import AppPaths, app_paths
from .records_io import ImportResult, export_name, export_record, import_record
from .settings import Settings, load_settings, save_settings
from .stats import (
    SCHEMA_VERSION,
    FilterChoices,
    GameFilter,
    GameListItem,
    GameRow,
    MatchListItem,
    MatchRow,
    MatchSummaryRow,
    StatsError,
    StatsStore,
    SummaryRow,
    iso_utc,
    strength_of,
    utc_now,
)

__all__ = [
    "AUTOSAVE_VERSIONS",
    "SCHEMA_VERSION",
    "AppPaths",
    "AutosaveSlot",
    "FilterChoices",
    "GameFilter",
    "GameListItem",
    "GameRow",
    "ImportResult",
    "InstanceLock",
    "MatchListItem",
    "MatchRow",
    "MatchSummaryRow",
    "NotRegularFile",
    "Notice",
    "NoticeKind",
    "Notices",
    "Settings",
    "StatsError",
    "StatsStore",
    "SummaryRow",
    "app_paths",
    "clear_autosave",
    "discard_autosave",
    "export_name",
    "export_record",
    "import_record",
    "iso_utc",
    "load_autosave",
    "load_settings",
    "read_limited",
    "save_autosave",
    "save_settings",
    "setup_logging",
    "strength_of",
    "utc_now",
    "write_atomic",
]
