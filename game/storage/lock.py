"""One running copy of the game per data folder: an exclusive lock on ``daifugo.lock`` in that folder.

Two copies on one data folder would both continue the saved match and both
record it.  The first copy takes an operating-system lock on the lock file
(``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows; standard
library only) and holds it until it closes.  The lock belongs to the
process: when a copy crashes the system releases it, so no stale lock is
ever left behind.  The file itself stays (deleting it would race with a copy
starting); it holds the number of the process that has the lock, for the
other copy's message.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "daifugo.lock"
>>> first, second = InstanceLock(path), InstanceLock(path)
>>> first.acquire(), second.acquire()
(True, False)
>>> first.release(); second.acquire()
True
>>> second.release()
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

__all__ = ["InstanceLock"]

_WINDOWS_LOCK_OFFSET = 1 << 20
"""Windows locks a byte range that others cannot read: the byte locked lies past the process number."""
_BUSY = {errno.EAGAIN, errno.EACCES, getattr(errno, "EWOULDBLOCK", errno.EAGAIN), getattr(errno, "EDEADLK", -1)}


class InstanceLock:
    """The lock on ``path`` (created if missing)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        """True if this process holds the lock now; False if another copy holds it.

        ``OSError`` when the lock file cannot be created or locked at all
        (the folder is not writable, the file system has no locks).
        """
        if self._fd is not None:
            return True
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        try:
            locked = _try_lock(fd)
        except BaseException:
            os.close(fd)
            raise
        if not locked:
            os.close(fd)
            return False
        self._fd = fd
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid():<12}\n".encode())
        except OSError:
            pass  # the number is only for a message
        return True

    def owner(self) -> str:
        """The process number written by the copy that holds the lock ("" if unknown)."""
        try:
            with open(self.path, "rb") as handle:
                text = handle.read(32).decode("ascii", "replace")
        except OSError:
            return ""
        first = text.split()[0] if text.split() else ""
        return first if first.isdigit() else ""

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError:
            pass  # closing releases it anyway
        finally:
            os.close(fd)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            if error.errno in _BUSY:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, _WINDOWS_LOCK_OFFSET, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in _BUSY:
                return False
            raise
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
