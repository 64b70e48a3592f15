"""The log file: a rotating file in the log directory, set up once at start-up."""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

from .files import check_regular
from .paths import AppPaths

__all__ = ["setup_logging"]

LOG_BYTES = 1 << 20
LOG_BACKUPS = 3
_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d]: %(message)s"
_MARK = "_daifugo_handler"


def setup_logging(paths: AppPaths, level: int = logging.INFO) -> Path:
    """Send the root logger to ``paths.log_file`` (rotated at 1 MiB, 3 old files kept).

    Returns the log file's path (shown by the unexpected-exception screen).
    Calling it again replaces the handler it installed before.  When the log
    folder cannot be written, or the log file is not a regular file (a named
    pipe, a device), messages go to standard error instead.
    """
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, _MARK, False):
            root.removeHandler(old)
            old.close()
    target = paths.log_file
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(target):
            check_regular(target)  # appending to a named pipe would wait for a reader forever
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            target, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=False
        )
    except OSError as error:
        handler = logging.StreamHandler(sys.stderr)
        print(f"daifugo: cannot write the log file {target}: {error}", file=sys.stderr)
    handler.setFormatter(logging.Formatter(_FORMAT))
    setattr(handler, _MARK, True)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    return target
