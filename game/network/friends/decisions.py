"""The computer decisions of a server's tables, made off its event loop and, by default, off its process.

``Decisions`` owns a ``game.worker.DecisionWorker`` (the same worker the
local game's computers think in) and drives it from one background thread,
so the server's event loop never waits for a decision and never calls the
worker itself:

    decisions = Decisions()                       # "process" (default), "thread" or "inline"
    decisions.submit(job, done)                   # from the loop; never waits
    ...                                           # done(ok, answer or error) is called from the decisions thread
    decisions.close()

In ``process`` mode every decision runs in the worker's processes (at a
lower priority than the game): an Expert searching at a table hosted by the
desktop game takes neither the host's interpreter lock from its frame loop
nor the loop's time from the other players' messages.  ``thread`` keeps them
in a thread of this process (tests and the capacity benchmark, which counts
the server's CPU in one process); ``inline`` decides in the decisions thread
itself.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from game.worker import DecisionWorker, Mode, Ticket

from .table import ComputerJob

log = logging.getLogger(__name__)

BUDGET = 1.0
"""Seconds a computer may think over a move at a table (people wait for it)."""
WAIT_STEP = 0.01
"""How long the decisions thread waits on the worker before it looks for new decisions (no sleeping: it waits on
the worker's pipes)."""

Done = Callable[[bool, Any], None]


class Decisions:
    """Computer decisions for a server, in a ``DecisionWorker`` driven by one thread."""

    def __init__(self, mode: Mode = "process", processes: int | None = None) -> None:
        self.mode: Mode = mode
        self.worker = DecisionWorker(mode, processes)
        self._inbox: queue.Queue[tuple[ComputerJob, Done] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    def start(self) -> Decisions:
        """Start the thread and the worker's processes now (the first decision does not wait for them)."""
        with self._lock:
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._run, name="friends-decisions", daemon=True)
                self._thread.start()
        return self

    def submit(self, job: ComputerJob, done: Done) -> None:
        """Decide ``job``; ``done(True, answer)`` or ``done(False, error)`` follows from the decisions thread."""
        if self._closed:
            done(False, RuntimeError("the server's decisions are closed"))
            return
        self.start()
        self._inbox.put((job, done))

    def close(self) -> None:
        """Stop the thread and the worker (decisions under way are abandoned, their ``done`` never called)."""
        with self._lock:
            self._closed = True
            thread = self._thread
        self._inbox.put(None)
        if thread is not None:
            thread.join(timeout=5.0)
        else:
            self.worker.close()

    # --- the decisions thread -------------------------------------------------------------------------

    def _run(self) -> None:
        worker = self.worker
        pending: dict[int, tuple[Ticket, Done]] = {}
        try:
            worker.start()
            while True:
                for item in self._take(block=not pending):
                    if item is None:
                        return
                    self._begin(item, pending)
                self._collect(pending)
                if pending:
                    ticket = next(iter(pending.values()))[0]
                    with contextlib.suppress(Exception):  # a failed decision: told by the next ``_collect``
                        worker.wait(ticket, WAIT_STEP)
        except Exception:  # the worker itself broke: nothing is decided from now on, the tables play safe
            log.exception("network play: the computer decisions stopped")
            self._closed = True
            for _, done in pending.values():
                done(False, RuntimeError("the computer decisions stopped"))
            for item in self._take(block=False):
                if item is not None:
                    item[1](False, RuntimeError("the computer decisions stopped"))
        finally:
            worker.close()

    def _take(self, block: bool) -> list[tuple[ComputerJob, Done] | None]:
        items: list[tuple[ComputerJob, Done] | None] = []
        if block:
            items.append(self._inbox.get())
        while True:
            try:
                items.append(self._inbox.get_nowait())
            except queue.Empty:
                return items

    def _begin(self, item: tuple[ComputerJob, Done], pending: dict[int, tuple[Ticket, Done]]) -> None:
        job, done = item
        gift = job.decision.gift is not None
        try:
            ticket = self.worker.submit(job.player, job.obs, job.seed, gift=gift, budget=None if gift else BUDGET)
        except Exception as error:
            done(False, error)
            return
        pending[ticket.id] = (ticket, done)

    def _collect(self, pending: dict[int, tuple[Ticket, Done]]) -> None:
        for key, (ticket, done) in list(pending.items()):
            try:
                answer = self.worker.poll(ticket)
            except Exception as error:
                del pending[key]
                done(False, error)
                continue
            if answer is not None:
                del pending[key]
                done(True, answer)


__all__ = ["BUDGET", "Decisions"]
