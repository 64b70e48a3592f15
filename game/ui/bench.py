"""``--bench-frames N``: frame times of a busy table while Expert players think.

As in play, the title screen is shown first (two seconds, not measured: the
app draws the card faces for the window size in that spare time); then a
5-player UECda table with four Expert computers (and the human's seat on
autopilot) runs N frames through the real app loop with the decision worker
in its own process.  Printed as JSON: frame-time percentiles of the frame work
alone, and the frames per second reached with the usual 60 fps cap while an
Expert was thinking.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

import pygame

from .scenes.table import TableScene
from .scripted import Autopilot, headless_app, setup_for


def bench_frames(frames: int, size: tuple[int, int] = (1280, 720)) -> int:
    app = headless_app(size, worker_mode="process")
    try:
        app.show_title()
        for _ in range(120):
            app.step(1 / 60)
        app.start_match(setup_for("uecda", 5, "expert", seed=7))
        pilot = Autopilot("normal", seed=7)
        clock = pygame.time.Clock()
        work: list[float] = []
        thinking_frames = 0
        thinking_time = 0.0
        for _ in range(frames):
            top = app.stack.top
            if isinstance(top, TableScene):
                pilot.act(top)
            elif top is not None and type(top).__name__ == "ResultScene":
                top.next_game()  # type: ignore[attr-defined]
            session = app.session
            thinking = session is not None and session.thinking
            start = time.perf_counter()
            app.step(1 / 60)
            work.append((time.perf_counter() - start) * 1000)
            spent = clock.tick(60) / 1000
            if thinking:
                thinking_frames += 1
                thinking_time += spent
        work.sort()
        report = {
            "frames": frames,
            "size": list(size),
            "frame_ms_p50": round(statistics.median(work), 2),
            "frame_ms_p99": round(work[min(len(work) - 1, int(len(work) * 0.99))], 2),
            "frame_ms_max": round(work[-1], 2),
            "fps_capped_while_thinking": round(thinking_frames / thinking_time, 1) if thinking_time else None,
            "frames_while_thinking": thinking_frames,
        }
        json.dump(report, sys.stdout, indent=2)
        print()
    finally:
        app.close()
    return 0
