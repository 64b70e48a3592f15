"""A tournament program as a child process: its own process group, bounded output, ended with all it started.

* ``start_program(argv, cwd)`` starts the program with no input and its
  standard output and error in one pipe.  On POSIX it leads a new session
  (so a new process group: everything it starts is in it, unless it leaves
  on purpose); on Windows it gets a new process group.
* ``ProgramOutput`` reads that pipe in a thread and keeps at most the first
  ``head`` and the last ``tail`` bytes: a program that floods its output
  costs neither memory nor disk, and ``text()`` says how much was left out.
* ``end_program(proc, wait=...)`` ends the program and everything it
  started: after ``wait`` seconds for it to exit by itself, SIGTERM to the
  whole process group, ``KILL_GRACE`` seconds for the program, then SIGKILL
  to the whole group.  On Windows ``taskkill /T /F`` ends the program's tree
  (the standard library has no job objects; a process the program started
  and left behind after it exited is out of reach there).
* ``kill_group_at_exit(owner, proc)`` kills the group when ``owner`` is
  garbage collected or the interpreter exits without ``end_program``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import weakref
from collections.abc import Sequence
from typing import IO

KILL_GRACE = 2.0
"""Seconds a program gets to exit after SIGTERM before its whole group is killed."""
HEAD_BYTES = 8 << 10
"""The start of a program's output that is kept (its banner, its first error)."""
TAIL_BYTES = 24 << 10
"""The end of a program's output that is kept (what it said last)."""
_CHUNK = 64 << 10


def start_program(argv: Sequence[str], cwd: str | None = None) -> subprocess.Popen[bytes]:
    """Start ``argv`` in its own process group, output and errors in one pipe (``OSError`` if it cannot start)."""
    if sys.platform == "win32":
        return subprocess.Popen(list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, cwd=cwd, creationflags=subprocess.CREATE_NEW_PROCESS_GROUP)
    return subprocess.Popen(list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            cwd=cwd, start_new_session=True)


class ProgramOutput:
    """The first ``head`` and last ``tail`` bytes a program writes, read from its pipe by a thread."""

    def __init__(self, stream: IO[bytes], *, head: int = HEAD_BYTES, tail: int = TAIL_BYTES, name: str = "") -> None:
        self.head_limit = head
        self.tail_limit = tail
        self.total = 0
        """Bytes the program has written so far."""
        self._head = bytearray()
        self._tail = bytearray()
        self._lock = threading.Lock()
        self._stream = stream
        self._thread = threading.Thread(target=self._read, name=f"program-output-{name}", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        fd = self._stream.fileno()
        try:
            while chunk := os.read(fd, _CHUNK):
                self._keep(chunk)
        except (OSError, ValueError):
            pass
        finally:
            with contextlib.suppress(OSError):
                self._stream.close()

    def _keep(self, chunk: bytes) -> None:
        with self._lock:
            self.total += len(chunk)
            room = self.head_limit - len(self._head)
            if room > 0:
                self._head += chunk[:room]
                chunk = chunk[room:]
            if chunk:
                self._tail += chunk[-self.tail_limit:]
                del self._tail[: max(0, len(self._tail) - self.tail_limit)]

    def wait(self, timeout: float) -> bool:
        """Wait until the program and everything it started have closed the pipe; False after ``timeout``."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    @property
    def dropped(self) -> int:
        """Bytes written between the kept head and the kept tail."""
        with self._lock:
            return self.total - len(self._head) - len(self._tail)

    def text(self) -> str:
        """Everything kept, with a line saying how many bytes in the middle were not."""
        with self._lock:
            head, tail = bytes(self._head), bytes(self._tail)
            dropped = self.total - len(head) - len(tail)
        middle = f"\n[... {dropped} bytes of output not kept ...]\n" if dropped else ""
        return head.decode("utf-8", "replace") + middle + tail.decode("utf-8", "replace")

    def ending(self, limit: int = 400) -> str:
        """The last ``limit`` characters the program wrote (stripped), for an error message."""
        with self._lock:
            whole = self.total == len(self._head) + len(self._tail)
            data = bytes(self._head + self._tail) if whole else bytes(self._tail)
        return data.decode("utf-8", "replace")[-limit:].strip()


def end_program(proc: subprocess.Popen[bytes], *, wait: float = 0.0, grace: float = KILL_GRACE) -> None:
    """End ``proc`` and every process in its group (see the module docstring); returns once the program is gone."""
    if wait > 0 and proc.poll() is None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=wait)
    if sys.platform == "win32":
        _end_tree_windows(proc, grace)
        return
    _signal_group(proc.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=grace)
    _signal_group(proc.pid, signal.SIGKILL)
    proc.wait()


def _signal_group(pgid: int, signum: int) -> None:
    if sys.platform != "win32":
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pgid, signum)


def _end_tree_windows(proc: subprocess.Popen[bytes], grace: float) -> None:  # pragma: no cover - Windows only
    if proc.poll() is None:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(["taskkill", "/T", "/F", "/PID", str(proc.pid)], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=grace + 5)
    if proc.poll() is None:
        with contextlib.suppress(OSError):
            proc.kill()
    proc.wait()


def _kill_now(proc: subprocess.Popen[bytes]) -> None:
    if sys.platform == "win32":  # pragma: no cover - Windows only
        _end_tree_windows(proc, 0.0)
        return
    _signal_group(proc.pid, signal.SIGKILL)
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        proc.wait(timeout=1)


def kill_group_at_exit(
    owner: object, proc: subprocess.Popen[bytes]
) -> weakref.finalize[[subprocess.Popen[bytes]], object]:
    """Kill ``proc``'s group when ``owner`` is collected or at interpreter exit.

    ``detach()`` the answer once ``end_program`` has run.
    """
    return weakref.finalize(owner, _kill_now, proc)


__all__ = ["HEAD_BYTES", "KILL_GRACE", "TAIL_BYTES", "ProgramOutput", "end_program", "kill_group_at_exit",
           "start_program"]
