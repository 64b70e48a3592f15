"""Computer decisions off the UI's frame loop: a background process, a thread, or inline.

    worker = DecisionWorker()                 # "process" (default), "thread" or "inline"
    ticket = worker.submit(player, observe(game, seat), seed=7)
    ...                                       # every frame:
    move = worker.poll(ticket)                # None while the player thinks
    ...
    worker.close()

* ``process``: a background process (started by ``start()`` or on first use, with the spawn
  method, so it works when frozen by PyInstaller as long as the program calls
  ``multiprocessing.freeze_support()`` first).  Each process runs one
  decision at a time, and a decision goes to the least busy process (the
  decisions of a server's several tables run side by side);
  a cancelled decision that has not started is dropped, a running one is told
  to stop (the Expert returns its best move so far) and its result discarded.
  With ``processes`` above 1 (by default on a machine with two cores or more),
  a player that shares its search (``Player.search_parts``: the Expert) thinks
  in that many processes at once, each with its own random numbers, and the
  shares are combined here (``Player.combine``).  Every decision process runs
  at a lower priority than the game (``DECISION_NICENESS``), so the table's
  frames come first on a busy machine; a program with no frames to keep (the
  UECda client) passes ``niceness=0``.
* ``thread``: one background thread, same behaviour.
* ``inline``: ``submit`` computes at once (tests, headless runs).

Other work that must not hold up the frames (rating the decisions of a game
for a review) goes the same way: ``submit_call(work)`` runs ``work(cancelled)``
(a picklable callable: a module-level function or a ``functools.partial`` of
one) in the least busy process, and ``poll_call`` gives its result.

Players whose ``runs_in_process`` is False (an external-program seat doing
I/O) always run in the thread.  The deadline a player sees is computed in the
worker, when the decision starts, from ``budget``; the player's own budget
applies when it is None.  ``random.Random(seed)`` makes a decision reproducible.
Nothing here sleeps: waiting uses pipe, queue and event timeouts.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import queue
import random
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Literal

from ai.player import Player
from game.engine import Observation
from game.engine.runner import Answer

Mode = Literal["process", "thread", "inline"]

KEEP_RESULTS = 256
"""Finished results kept for repeated polls (the oldest are dropped)."""
DECISION_NICENESS = 5
"""How much lower the priority of every decision process is than the game's (where the system has one): on a
busy machine the frame loop wins over the search, which is bounded by time anyway."""


@dataclass(frozen=True, slots=True)
class Ticket:
    """A submitted decision."""

    id: int


@dataclass(frozen=True, slots=True)
class _Job:
    id: int
    player: Player
    obs: Observation
    seed: int
    gift: bool
    budget: float | None
    part: int | None = None
    """None: the whole decision; k: the k-th share of a shared search."""


@dataclass(frozen=True, slots=True)
class _Call:
    """Other work for a decision process: ``work(cancelled)``."""

    id: int
    work: Callable[[Callable[[], bool]], Any]


def decide(job: _Job | _Call, cancelled: Callable[[], bool]) -> Any:
    """Run one decision (or one share of it, or a call) as the worker does (the deadline starts now)."""
    if isinstance(job, _Call):
        return job.work(cancelled)
    rng = random.Random(job.seed if not job.part else f"{job.seed}/{job.part}")
    if job.gift:
        return job.player.choose_gift(job.obs, rng)
    deadline = time.perf_counter() + job.budget if job.budget is not None else None
    if job.part is not None:
        return job.player.search_part(job.obs, rng, deadline, cancelled)
    return job.player.choose_move_cancellable(job.obs, rng, deadline, cancelled)


def default_processes() -> int:
    """Decision processes for this machine: two when it has two cores or more."""
    return 2 if (os.cpu_count() or 1) >= 2 else 1


@dataclass
class _Shares:
    """The shares of one shared decision, as they come in."""

    player: Player
    parts: list[Any]
    missing: int
    error: Exception | None = None


class DecisionWorker:
    """Runs players' decisions in the background; the UI polls for the results."""

    def __init__(self, mode: Mode = "process", processes: int | None = None,
                 niceness: int = DECISION_NICENESS) -> None:
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"unknown worker mode {mode!r}")
        self.mode: Mode = mode
        self.processes = max(1, processes if processes is not None else default_processes())
        """Processes in ``process`` mode (a shared search runs in all of them)."""
        self.niceness = niceness
        """How much lower than the caller's the processes' priority is (0: the same, for a program with no
        frames to keep, such as the UECda client)."""
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._results: OrderedDict[int, tuple[bool, Any]] = OrderedDict()
        self._cancelled: set[int] = set()
        self._shares: dict[int, _Shares] = {}
        self._thread: _ThreadRunner | None = None
        self._runners: list[_ProcessRunner] = []
        self._closed = False

    def __enter__(self) -> DecisionWorker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self, shared: bool = True) -> None:
        """Start the background processes or thread now rather than on the first decision
        (with ``shared`` False, only the first process: no player will share its search)."""
        if self.mode == "process":
            for k in range(self.processes if shared else 1):
                self._process_runner(k).ensure_started()
        elif self.mode == "thread":
            self._thread_runner()

    def submit(
        self, player: Player, obs: Observation, seed: int, *, gift: bool = False, budget: float | None = None
    ) -> Ticket:
        """Start a decision: a move (or, with ``gift``, the exchange cards) for ``obs.seat``."""
        if self._closed:
            raise RuntimeError("the decision worker is closed")
        ticket = Ticket(next(self._ids))
        job = _Job(ticket.id, player, obs, seed, gift, budget)
        if self.mode == "inline":
            try:
                self._store(ticket.id, True, decide(job, lambda: False))
            except Exception as error:
                self._store(ticket.id, False, error)
        elif self.mode == "thread" or not player.runs_in_process:
            self._thread_runner().submit(job)
        elif self.processes > 1 and player.search_parts and not gift:
            with self._lock:
                self._shares[ticket.id] = _Shares(player, [None] * self.processes, self.processes)
            for k in range(self.processes):
                runner = self._process_runner(k)
                runner.submit(_Job(ticket.id, player, obs, seed, gift, budget, part=k))
                runner.pump(0.0)
        else:
            runner = self._least_busy()
            runner.submit(job)
            runner.pump(0.0)
        return ticket

    def submit_call(self, work: Callable[[Callable[[], bool]], Any]) -> Ticket:
        """Start ``work(cancelled)`` in the least busy process (or the thread, or at once when inline);
        ``cancel`` makes ``cancelled()`` true for it.  ``work`` must be picklable in process mode."""
        if self._closed:
            raise RuntimeError("the decision worker is closed")
        ticket = Ticket(next(self._ids))
        job = _Call(ticket.id, work)
        if self.mode == "inline":
            try:
                self._store(ticket.id, True, decide(job, lambda: False))
            except Exception as error:
                self._store(ticket.id, False, error)
        elif self.mode == "thread":
            self._thread_runner().submit(job)
        else:
            runner = self._least_busy()
            runner.submit(job)
            runner.pump(0.0)
        return ticket

    def poll_call(self, ticket: Ticket) -> tuple[Any] | None:
        """``(what the work returned,)`` once it is done (None before, or once cancelled); re-raises its error."""
        for runner in self._runners:
            runner.pump(0.0)
        return self._found(ticket)

    def poll(self, ticket: Ticket) -> Answer | None:
        """The decision if it is ready (None while thinking, or once cancelled); re-raises its error."""
        for runner in self._runners:
            runner.pump(0.0)
        return self._result(ticket)

    def wait(self, ticket: Ticket, timeout: float | None = None) -> Answer | None:
        """Block until the decision is ready (or ``timeout`` seconds pass); like ``poll`` after that."""
        end = None if timeout is None else time.perf_counter() + timeout
        while True:
            found = self._result(ticket)
            if found is not None or ticket.id in self._cancelled:
                return found
            left = None if end is None else end - time.perf_counter()
            if left is not None and left <= 0:
                return None
            step = 0.05 if left is None else min(0.05, left)
            owners = [runner for runner in self._runners if runner.owns(ticket.id)]
            if owners:
                for runner in self._runners:
                    runner.pump(step / len(self._runners) if runner in owners else 0.0)
            elif self._thread is not None:
                self._thread.done.wait(step)
                self._thread.done.clear()
            else:
                return self._result(ticket)

    def cancel(self, ticket: Ticket) -> None:
        """Stop caring about a decision: it is dropped or told to stop; its result is discarded."""
        with self._lock:
            self._cancelled.add(ticket.id)
            self._results.pop(ticket.id, None)
            self._shares.pop(ticket.id, None)
        if self._thread is not None:
            self._thread.cancel(ticket.id)
        for runner in self._runners:
            runner.cancel(ticket.id)

    def close(self) -> None:
        """Stop the background process and thread (running decisions are abandoned)."""
        self._closed = True
        for runner in self._runners:
            runner.close()
        self._runners = []
        if self._thread is not None:
            self._thread.close()
            self._thread = None

    # --- internals ---------------------------------------------------------------

    def _store(self, job_id: int, ok: bool, value: Any) -> None:
        with self._lock:
            if job_id in self._cancelled:
                return
            self._results[job_id] = (ok, value)
            while len(self._results) > KEEP_RESULTS:
                self._results.popitem(last=False)

    def _collect(self, part: int, job_id: int, ok: bool, value: Any) -> None:
        """A process's answer: a whole decision, or a share combined once all are in."""
        with self._lock:
            shares = self._shares.get(job_id)
            if shares is not None:
                if ok:
                    shares.parts[part] = value
                elif shares.error is None:
                    shares.error = value
                shares.missing -= 1
                if shares.missing:
                    return
                del self._shares[job_id]
        if shares is None:
            self._store(job_id, ok, value)
        elif shares.error is not None:
            self._store(job_id, False, shares.error)
        else:
            try:
                self._store(job_id, True, shares.player.combine(shares.parts))
            except Exception as error:
                self._store(job_id, False, error)

    def _found(self, ticket: Ticket) -> tuple[Any] | None:
        with self._lock:
            found = self._results.get(ticket.id)
        if found is None:
            return None
        ok, value = found
        if not ok:
            raise value
        return (value,)

    def _result(self, ticket: Ticket) -> Answer | None:
        found = self._found(ticket)
        if found is None:
            return None
        result: Answer = found[0]
        return result

    def _thread_runner(self) -> _ThreadRunner:
        if self._thread is None:
            self._thread = _ThreadRunner(self._store)
        return self._thread

    def _least_busy(self) -> _ProcessRunner:
        """The process with the fewest jobs (the first when they are alike: one decision at a time uses one)."""
        return min((self._process_runner(k) for k in range(self.processes)), key=lambda r: r.load)

    def _process_runner(self, k: int) -> _ProcessRunner:
        while len(self._runners) <= k:
            part = len(self._runners)

            def collect(job_id: int, ok: bool, value: Any, part: int = part) -> None:
                self._collect(part, job_id, ok, value)

            self._runners.append(_ProcessRunner(collect, self.niceness))
        return self._runners[k]


class _ThreadRunner:
    """One background thread working through a queue of decisions."""

    def __init__(self, store: Callable[[int, bool, Any], None]) -> None:
        self._store = store
        self._jobs: queue.Queue[_Job | _Call | None] = queue.Queue()
        self._cancel_events: dict[int, threading.Event] = {}
        self._lock = threading.Lock()
        self.done = threading.Event()
        """Set whenever a decision finishes (for ``wait``)."""
        self._thread = threading.Thread(target=self._run, name="ai-decisions", daemon=True)
        self._thread.start()

    def submit(self, job: _Job | _Call) -> None:
        with self._lock:
            self._cancel_events[job.id] = threading.Event()
        self._jobs.put(job)

    def cancel(self, job_id: int) -> None:
        with self._lock:
            event = self._cancel_events.get(job_id)
        if event is not None:
            event.set()

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            with self._lock:
                event = self._cancel_events.get(job.id)
            if event is None or event.is_set():
                self._forget(job.id)
                continue
            try:
                self._store(job.id, True, decide(job, event.is_set))
            except Exception as error:
                self._store(job.id, False, error)
            self._forget(job.id)
            self.done.set()

    def _forget(self, job_id: int) -> None:
        with self._lock:
            self._cancel_events.pop(job_id, None)

    def close(self) -> None:
        with self._lock:
            for event in self._cancel_events.values():
                event.set()
        self._jobs.put(None)
        self._thread.join(timeout=2.0)


class _ProcessRunner:
    """One background process; the parent hands it one decision at a time."""

    def __init__(self, store: Callable[[int, bool, Any], None], niceness: int = 0) -> None:
        self._store = store
        self._niceness = niceness
        self._context = multiprocessing.get_context("spawn")
        self._process: Any = None
        self._conn: Connection | None = None
        self._cancel: Any = None
        self._waiting: deque[_Job | _Call] = deque()
        self._running: int | None = None
        self._dropped: set[int] = set()

    def ensure_started(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        parent, child = self._context.Pipe()
        self._cancel = self._context.RawValue("q", -1)
        process = self._context.Process(
            target=_serve, args=(child, self._cancel, self._niceness), name="ai-decisions", daemon=True
        )
        process.start()
        child.close()
        self._process, self._conn = process, parent

    def owns(self, job_id: int) -> bool:
        return self._running == job_id or any(job.id == job_id for job in self._waiting)

    @property
    def load(self) -> int:
        """The jobs given to this process and not finished."""
        return len(self._waiting) + (self._running is not None)

    def submit(self, job: _Job | _Call) -> None:
        self._waiting.append(job)

    def cancel(self, job_id: int) -> None:
        self._waiting = deque(job for job in self._waiting if job.id != job_id)
        if self._running == job_id:
            self._dropped.add(job_id)  # its answer is still coming: discard it when it arrives
            if self._cancel is not None:
                self._cancel.value = job_id

    def pump(self, timeout: float) -> None:
        """Collect a finished decision (waiting up to ``timeout``) and start the next one."""
        if self._running is not None:
            conn = self._conn
            assert conn is not None
            try:
                ready = conn.poll(timeout)
            except (OSError, EOFError):
                ready = False
            if ready:
                try:
                    job_id, ok, value = conn.recv()
                except (OSError, EOFError):
                    self._lost()
                else:
                    self._running = None
                    if job_id not in self._dropped:
                        self._store(job_id, ok, value)
                    self._dropped.discard(job_id)
            elif not self._process.is_alive():
                self._lost()
        if self._running is None and self._waiting:
            job = self._waiting.popleft()
            self.ensure_started()
            conn = self._conn
            assert conn is not None
            try:
                conn.send(job)
            except Exception as error:
                self._store(job.id, False, error)
                return
            self._running = job.id

    def _lost(self) -> None:
        """The process died during a decision: report it and start afresh next time."""
        if self._running is not None and self._running not in self._dropped:
            self._store(self._running, False, RuntimeError("the decision process stopped unexpectedly"))
        self._running = None
        self._process = None
        self._conn = None

    def close(self) -> None:
        if self._process is None:
            return
        if self._running is not None and self._cancel is not None:
            self._cancel.value = self._running
        try:
            assert self._conn is not None
            self._conn.send(None)
        except (OSError, EOFError, AssertionError):
            pass
        self._process.join(timeout=2.0)
        if self._process.is_alive():
            self._process.terminate()
            self._process.join(timeout=2.0)
        if self._conn is not None:
            self._conn.close()
        self._process = None
        self._conn = None


def _serve(conn: Connection, cancel: Any, niceness: int = 0) -> None:
    """The background process: decide each job received until told to stop (None)."""
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: run at the normal priority
            os.nice(niceness)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        job_id = job.id

        def cancelled(job_id: int = job_id) -> bool:
            return bool(cancel.value == job_id)

        try:
            reply: tuple[int, bool, Any] = (job_id, True, decide(job, cancelled))
        except Exception as error:
            reply = (job_id, False, error)
        try:
            conn.send(reply)
        except Exception as error:
            conn.send((job_id, False, RuntimeError(f"{type(error).__name__}: {error}")))
