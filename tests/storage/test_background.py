"""The background writer: order, coalescing by key, flush, close, failures."""

from __future__ import annotations

import threading
from functools import partial

from game.storage.background import BackgroundWriter


def test_jobs_run_in_order_and_flush_waits_for_them() -> None:
    writer = BackgroundWriter()
    done: list[int] = []
    gate = threading.Event()
    writer.submit(gate.wait)
    for i in range(5):
        writer.submit(partial(done.append, i))
    gate.set()
    assert writer.flush(5)
    assert done == [0, 1, 2, 3, 4]
    writer.close()


def test_a_newer_job_with_the_same_key_replaces_the_pending_one() -> None:
    writer = BackgroundWriter()
    done: list[str] = []
    gate = threading.Event()
    writer.submit(gate.wait)
    writer.submit(lambda: done.append("old"), key="autosave")
    writer.submit(lambda: done.append("stats"))
    writer.submit(lambda: done.append("new"), key="autosave")
    gate.set()
    writer.flush(5)
    assert done == ["stats", "new"]
    writer.close()


def test_a_failing_job_does_not_stop_the_next(caplog: object) -> None:
    writer = BackgroundWriter()
    done: list[int] = []
    writer.submit(lambda: 1 / 0)
    writer.submit(lambda: done.append(1))
    writer.flush(5)
    assert done == [1]
    writer.close()
    writer.submit(lambda: done.append(2))  # after close: runs at once
    assert done == [1, 2]
