"""``--bench-frames N``: frame times of a busy table while Expert players think.

As in play, the title screen is shown first (two seconds, not measured: the
app draws the card faces for the window size in that spare time); then a
5-player UECda table with four Expert computers (and the human's seat on
autopilot) runs N frames through the real app loop with the decision worker
in its own process.  Printed as JSON: frame-time percentiles of the frame work
alone, and the frames per second reached with the usual 60 fps cap while an
Expert was thinking.

Then the idle cost: the title screen (while its fan sways, for the first
seconds after it opens or after input, then at rest) and a game's result
screen are left alone for a few seconds each in the real loop (``App.tick``,
which waits for input and draws only what changes); printed as the share of
one core the process used and the frames drawn per second.

SDL's dummy video driver draws into memory only; with ``--display`` the same
runs in a real window (an X server: ``xvfb-run`` on a machine without one),
where showing each frame costs far more.  The machine's load average is
printed with the figures.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time

import pygame

from .app import App
from .scenes.table import TableScene
from .scripted import Autopilot, headless_app, play_until, setup_for

IDLE_SECONDS = 3.0
"""How long each screen is left alone for the idle measurement."""


def idle_cost(app: App, seconds: float = IDLE_SECONDS) -> tuple[float, float]:
    """Run the real loop with no input for ``seconds``: (percent of one core used, frames drawn per second)."""
    app.tick()
    cpu, wall, draws = time.process_time(), time.perf_counter(), app.draws
    while time.perf_counter() - wall < seconds:
        app.tick()
    elapsed = time.perf_counter() - wall
    return round(100 * (time.process_time() - cpu) / elapsed, 1), round((app.draws - draws) / elapsed, 1)


def bench_idle(size: tuple[int, int] = (1280, 720), *, display: bool = False) -> dict[str, float]:
    """The idle cost of the title screen (swaying, then at rest) and of a result screen (a quick game of
    Beginners played first)."""
    from .scenes.result import ResultScene
    from .scenes.title import AWAKE_S, TitleScene

    app = headless_app(size, worker_mode="inline", display=display)
    try:
        app.show_title()
        for _ in range(240):  # the card faces are drawn ahead in the title's spare time: let that finish
            app.tick()
        title = app.stack.top
        assert isinstance(title, TitleScene)
        title.awake = 0.0  # as if just opened: the fan sways
        sway_cpu, sway_fps = idle_cost(app, min(IDLE_SECONDS, AWAKE_S - 1))
        while title.frame_rate() > 0:
            app.tick()
        rest_cpu, rest_fps = idle_cost(app)
        app.start_match(setup_for("standard", 4, "beginner", seed=3))
        play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=3))
        for _ in range(240):  # the game-over banner fades
            app.step(1 / 60)
        result_cpu, result_fps = idle_cost(app)
    finally:
        app.close()
    return {"idle_cpu_percent_title_swaying": sway_cpu, "idle_draws_per_s_title_swaying": sway_fps,
            "idle_cpu_percent_title_at_rest": rest_cpu, "idle_draws_per_s_title_at_rest": rest_fps,
            "idle_cpu_percent_result": result_cpu, "idle_draws_per_s_result": result_fps}


def bench_frames(frames: int, size: tuple[int, int] = (1280, 720), *, display: bool = False) -> int:
    from .scenes.result import ResultScene

    app = headless_app(size, worker_mode="process", display=display)
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
            elif isinstance(top, ResultScene):
                top.next_game()
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
            "video_driver": pygame.display.get_driver(),
            "load_average": [round(v, 2) for v in os.getloadavg()] if hasattr(os, "getloadavg") else None,
            "frame_ms_p50": round(statistics.median(work), 2),
            "frame_ms_p99": round(work[min(len(work) - 1, int(len(work) * 0.99))], 2),
            "frame_ms_max": round(work[-1], 2),
            "fps_capped_while_thinking": round(thinking_frames / thinking_time, 1) if thinking_time else None,
            "frames_while_thinking": thinking_frames,
        }
    finally:
        app.close()
    report.update(bench_idle(size, display=display))
    json.dump(report, sys.stdout, indent=2)
    print()
    return 0
