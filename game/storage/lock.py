"""One running copy of the game per data folder: an exclusive lock on ``daifugo.lock`` in that folder.

Two copies on one data folder would both continue the saved match and both
record it.  The first copy takes an operating-system lock on the lock file
(``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows; standard
library only) and holds it until it closes.  The lock belongs to the
process: when a copy crashes the system releases it, so no stale lock is
ever left behind.  The file itself stays (deleting it would race with a copy
starting); it holds the number of the process that has the lock, for the
other copy's message.

The game writes only into a lock file it made: it is opened without
following a link, and anything else at its place (a link, a folder, a pipe,
a second name of another file, a file holding more than a process number)
is refused with ``LockRefused`` and left exactly as it is.  Writing the
process number through a link to the statistics file would wipe its header;
a folder there would let a second copy run.

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
import re
import stat
import sys
from pathlib import Path

from .files import file_kind, read_limited

__all__ = ["InstanceLock", "LockRefused"]

_WINDOWS_LOCK_OFFSET = 1 << 20
"""Windows locks a byte range that others cannot read: the byte locked lies past the process number."""
_BUSY = {errno.EAGAIN, errno.EACCES, getattr(errno, "EWOULDBLOCK", errno.EAGAIN), getattr(errno, "EDEADLK", -1)}
_OURS = re.compile(rb"\s*[0-9]{0,20}\s*")
"""What a lock file the game made holds: nothing yet, or a process number and spaces."""
_MOST = 64
"""A lock file longer than this was not written by the game."""


class LockRefused(Exception):
    """What is at the lock file's place is not a lock file the game made; it is left untouched."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"{path} is {reason}; it is not the game's lock file")
        self.path = path
        self.reason = reason


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

        ``LockRefused`` when something else is at the lock file's place;
        ``OSError`` when the lock file cannot be created or locked at all
        (the folder is not writable, the file system has no locks).
        """
        if self._fd is not None:
            return True
        fd = self._open()
        try:
            self._check_ours(fd)
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

    def _open(self) -> int:
        """The lock file, opened for writing without following a link (created if missing)."""
        if os.path.islink(self.path):  # where O_NOFOLLOW is missing (Windows), and a clearer reason elsewhere
            raise LockRefused(self.path, "a link to another file")
        flags = (os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
                 | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        try:
            return os.open(self.path, flags, 0o644)
        except OSError as error:
            if error.errno == errno.ELOOP:
                raise LockRefused(self.path, "a link to another file") from None
            if os.path.isdir(self.path):
                raise LockRefused(self.path, "a folder") from None
            raise

    def _check_ours(self, fd: int) -> None:
        """``LockRefused`` unless ``fd`` is a regular file with one name holding at most a process number."""
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise LockRefused(self.path, file_kind(info.st_mode))
        if info.st_nlink > 1:
            raise LockRefused(self.path, f"one of {info.st_nlink} names of the same file (a hard link)")
        if info.st_size > _MOST:
            raise LockRefused(self.path, f"a file of {info.st_size} bytes")
        os.lseek(fd, 0, os.SEEK_SET)
        if not _OURS.fullmatch(os.read(fd, _MOST + 1)):
            raise LockRefused(self.path, "a file holding something else than a process number")

    def owner(self) -> str:
        """The process number written by the copy that holds the lock ("" if unknown)."""
        try:
            text = read_limited(self.path, 32, follow=False).decode("ascii", "replace")
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
