"""Work that must not hold up a frame (reading and checking a large file): a thread, polled every frame.

>>> task = BackgroundTask(lambda: 6 * 7, name="answer")
>>> task.wait(5.0)
True
>>> task.done, task.result()
(True, 42)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["BackgroundTask"]

T = TypeVar("T")


class BackgroundTask(Generic[T]):
    """``work()`` run once on its own thread; ``done`` tells when ``result()`` is ready."""

    def __init__(self, work: Callable[[], T], *, name: str) -> None:
        self._work = work
        self._finished = threading.Event()
        self._value: tuple[T] | None = None
        """``(what work returned,)`` once it has returned."""
        self._error: BaseException | None = None
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def _run(self) -> None:
        try:
            self._value = (self._work(),)
        except BaseException as error:  # handed to the frame loop by result()
            self._error = error
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def wait(self, timeout: float) -> bool:
        """For scripts and tests (the game polls ``done``): True once finished."""
        return self._finished.wait(timeout)

    def result(self) -> T:
        """The value ``work`` returned (or its exception, raised here); only once ``done``."""
        if not self._finished.is_set():
            raise RuntimeError("the task is still running")
        if self._error is not None:
            raise self._error
        assert self._value is not None
        return self._value[0]
