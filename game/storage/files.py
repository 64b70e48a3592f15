"""Reading the game's files safely: regular files only, never more than a limit, never waiting on a pipe.

A named pipe (FIFO) where a file should be would make ``open`` wait forever
for a writer; a device such as ``/dev/zero`` would never end.  ``read_limited``
refuses anything that is not a regular file before reading it (and again on
the open handle, in case it was swapped meanwhile), opens without blocking,
and reads at most one byte more than the caller's limit, so the caller can
tell "too large" without reading it all.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "a.json").write_bytes(b"0123456789")
10
>>> read_limited(folder / "a.json", 4)
b'01234'
>>> try:
...     read_limited(folder, 4)
... except NotRegularFile as error:
...     print(error.kind)
a folder
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["NotRegularFile", "check_regular", "file_kind", "read_limited"]

_CHUNK = 1 << 16


class NotRegularFile(OSError):
    """The path names a folder, a named pipe, a device or a socket, not a file."""

    def __init__(self, path: str | os.PathLike[str], kind: str) -> None:
        super().__init__(f"{os.fspath(path)} is {kind}, not a file")
        self.path = Path(path)
        self.kind = kind

    def __str__(self) -> str:
        return str(self.args[0])


def file_kind(mode: int) -> str:
    """What a ``st_mode`` describes, in words: ``a file``, ``a folder``, ``a named pipe``..."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a link to another file"
    return "something other than a file"


def check_regular(path: str | os.PathLike[str], *, follow: bool = True) -> None:
    """``NotRegularFile`` unless ``path`` is a regular file; ``FileNotFoundError`` if missing.

    Links are followed unless ``follow`` is False (then a link is not a regular file).
    """
    mode = os.stat(path, follow_symlinks=follow).st_mode
    if not stat.S_ISREG(mode):
        raise NotRegularFile(path, file_kind(mode))


def read_limited(path: str | os.PathLike[str], limit: int, *, follow: bool = True) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (not through a link if ``follow`` is False).

    Raises ``FileNotFoundError``, ``NotRegularFile`` or another ``OSError``.
    """
    check_regular(path, follow=follow)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(path, file_kind(mode))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(_CHUNK, left))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
