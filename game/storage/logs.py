"""The log file: a rotating file in the log directory, set up once at start-up."""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import stat
import sys
from pathlib import Path
from typing import cast

from .atomic import move_aside
from .files import NotRegularFile, check_regular, file_kind
from .paths import AppPaths

__all__ = ["setup_logging"]

LOG_BYTES = 1 << 20
LOG_BACKUPS = 3
_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(process)d]: %(message)s"
_MARK = "_daifugo_handler"


class LogFile(logging.handlers.RotatingFileHandler):
    """The rotating log, appended to only when it is a file of its own: never through a link or a second name."""

    def _open(self) -> io.TextIOWrapper:
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
                 | getattr(os, "O_NONBLOCK", 0))
        fd = os.open(self.baseFilename, flags, 0o644)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise NotRegularFile(self.baseFilename, file_kind(info.st_mode))
            if info.st_nlink > 1:
                raise NotRegularFile(self.baseFilename, "a second name of another file (a hard link)")
            return cast(io.TextIOWrapper, open(fd, self.mode, encoding=self.encoding, errors=self.errors))
        except BaseException:
            os.close(fd)
            raise


def setup_logging(paths: AppPaths, level: int = logging.INFO) -> Path:
    """Send the root logger to ``paths.log_file`` (rotated at 1 MiB, 3 old files kept).

    Returns the log file's path (shown by the unexpected-exception screen).
    Calling it again replaces the handler it installed before.  When the log
    folder cannot be written, or the log file is not a regular file (a named
    pipe, a device), messages go to standard error instead.  A log file that
    is a link (or a second name of another file) is not written through: it
    is kept as ``daifugo.log.link-<timestamp>`` and a new log is started.
    """
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, _MARK, False):
            root.removeHandler(old)
            old.close()
    target = paths.log_file
    kept: Path | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(target):
            kept = _keep_link(target)
        if os.path.lexists(target):
            check_regular(target)  # appending to a named pipe would wait for a reader forever
        handler: logging.Handler = LogFile(target, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8",
                                           delay=False, errors="backslashreplace")  # a path that is not UTF-8
    except OSError as error:
        handler = logging.StreamHandler(sys.stderr)
        print(f"daifugo: cannot write the log file {target}: {error}", file=sys.stderr)
    handler.setFormatter(logging.Formatter(_FORMAT))
    setattr(handler, _MARK, True)
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    if kept is not None:
        logging.getLogger(__name__).warning("the log file %s was a link or a second name of another file; "
                                            "that name was kept as %s and a new log started", target, kept)
    return target


def _keep_link(target: Path) -> Path | None:
    """Rename a log file that is a link or a hard link (its other file untouched); the name it was kept under."""
    info = os.lstat(target)
    if stat.S_ISLNK(info.st_mode) or (stat.S_ISREG(info.st_mode) and info.st_nlink > 1):
        return move_aside(target, label="link")
    return None
