"""Where the game keeps its files: per-user directories from platformdirs.

``DAIFUGO_HOME`` (an environment variable) overrides the base directory, for
tests and portable installs: data, settings and logs then live in its
``data``, ``config`` and ``logs`` subfolders.  Nothing is created at import
or when the paths are computed; ``AppPaths.ensure()`` creates the folders.

>>> paths = app_paths({"DAIFUGO_HOME": "/tmp/daifugo-portable"})
>>> paths.settings_file.as_posix()
'/tmp/daifugo-portable/config/settings.json'
>>> paths.stats_db.name
'stats.sqlite3'
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import platformdirs

__all__ = ["APP_NAME", "HOME_ENV", "AppPaths", "app_paths"]

APP_NAME = "Daifugo"
HOME_ENV = "DAIFUGO_HOME"


@dataclass(frozen=True)
class AppPaths:
    """The game's directories and the files inside them."""

    data_dir: Path
    """Statistics database, autosave, exported records, backups."""
    config_dir: Path
    """The settings file."""
    log_dir: Path

    @classmethod
    def under(cls, base: str | os.PathLike[str]) -> AppPaths:
        """Everything below one folder (``data``, ``config``, ``logs``)."""
        root = Path(base).expanduser()
        return cls(root / "data", root / "config", root / "logs")

    @property
    def stats_db(self) -> Path:
        return self.data_dir / "stats.sqlite3"

    @property
    def settings_file(self) -> Path:
        return self.config_dir / "settings.json"

    @property
    def autosave_file(self) -> Path:
        return self.data_dir / "autosave.json"

    @property
    def waiting_file(self) -> Path:
        """Results the statistics could not take yet, kept for the next start."""
        return self.data_dir / "results-waiting.json"

    @property
    def records_dir(self) -> Path:
        """The default folder for exported game records."""
        return self.data_dir / "records"

    @property
    def backups_dir(self) -> Path:
        """Copies of the statistics database made before a reset."""
        return self.data_dir / "backups"

    @property
    def log_file(self) -> Path:
        return self.log_dir / "daifugo.log"

    @property
    def lock_file(self) -> Path:
        """Held by the running copy of the game (one per data folder)."""
        return self.data_dir / "daifugo.lock"

    def ensure(self) -> AppPaths:
        """Create the directories (and the records folder) if missing; ``OSError`` if impossible."""
        for folder in (self.data_dir, self.config_dir, self.log_dir, self.records_dir):
            folder.mkdir(parents=True, exist_ok=True)
        return self

    def prepare(self) -> list[tuple[Path, OSError]]:
        """Create the directories where possible and try writing in each; those that fail, with why.

        Never raises: a folder that is a file, cannot be created or cannot be
        written is reported, and the game keeps what belongs there in memory.
        The records folder is not reported when the data folder already is.
        """
        problems: list[tuple[Path, OSError]] = []
        for folder in (self.data_dir, self.config_dir, self.log_dir, self.records_dir):
            if folder == self.records_dir and any(f == self.data_dir for f, _ in problems):
                continue
            try:
                folder.mkdir(parents=True, exist_ok=True)
                with tempfile.TemporaryFile(dir=folder, prefix=".write-test-"):
                    pass
            except OSError as error:
                problems.append((folder, error))
        return problems


def app_paths(environ: Mapping[str, str] | None = None) -> AppPaths:
    """The paths for this user: ``DAIFUGO_HOME`` if set, else the platform's folders."""
    env = os.environ if environ is None else environ
    home = env.get(HOME_ENV, "").strip()
    if home:
        return AppPaths.under(home)
    return AppPaths(
        data_dir=platformdirs.user_data_path(APP_NAME, appauthor=False),
        config_dir=platformdirs.user_config_path(APP_NAME, appauthor=False),
        log_dir=platformdirs.user_log_path(APP_NAME, appauthor=False),
    )
