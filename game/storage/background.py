"""Disk writes off the frame loop: one thread runs them in order.

Autosaves and statistics rows are written with fsync, which can take tens of
milliseconds; the app hands them to a ``BackgroundWriter`` so a frame never
waits on the disk.  Jobs run in the order given; a job with a ``key``
replaces a pending job with the same key (only the newest autosave matters).
``flush()`` waits for everything given so far (before reading the files back,
and on quit).
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], object]


class BackgroundWriter:
    def __init__(self) -> None:
        self._jobs: deque[tuple[str | None, Job]] = deque()
        self._lock = threading.Condition()
        self._busy = False
        self._closed = False
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, *, key: str | None = None) -> None:
        """Run ``job`` after the jobs before it; a pending job with the same ``key`` is dropped."""
        with self._lock:
            if self._closed:
                self._run(job)
                return
            if key is not None:
                self._jobs = deque(item for item in self._jobs if item[0] != key)
            self._jobs.append((key, job))
            if self._thread is None:
                self._thread = threading.Thread(target=self._loop, name="storage-writer", daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every job given so far has run; False if that took longer than ``timeout``."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._jobs and not self._busy, timeout)

    def close(self) -> None:
        """Finish the pending jobs and stop; later jobs run at once in the caller's thread."""
        self.flush()
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5.0)

    def _loop(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._jobs or self._closed)
                if not self._jobs:
                    return
                _, job = self._jobs.popleft()
                self._busy = True
            self._run(job)
            with self._lock:
                self._busy = False
                self._lock.notify_all()

    @staticmethod
    def _run(job: Job) -> None:
        try:
            job()
        except Exception:  # a failed write is logged; it must never stop the game
            log.exception("a background write failed")
