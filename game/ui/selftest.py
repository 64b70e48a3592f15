"""``--self-test``: a smoke test any packager can run on the built app.

Starts headless, plays one complete game through the real UI loop (the human's
seat on autopilot against computers), checks that the game was written to the
statistics database in a temporary folder and can be read back, that the
music is bundled and that the search runs the modules the app was built with
(compiled or plain: ``game.engine.native``), and exits 0.
Any failure prints what went wrong and exits 1.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
from pathlib import Path

from game.engine import native
from game.storage.stats import StatsStore

from .assets import Assets
from .scripted import Autopilot, headless_app, play_until, setup_for
from .sound import MUSIC_FILE


def self_test() -> int:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="daifugo-selftest-") as folder:
        home = Path(folder)
        app = headless_app(home=home, worker_mode="thread")
        try:
            app.start_match(setup_for("standard", 4, "normal", seed=2024))
            frames = play_until(app, lambda a: a.session is not None and a.session.game.result is not None,
                                autopilot=Autopilot("normal", seed=1))
            play_until(app, lambda a: type(a.stack.top).__name__ == "ResultScene", max_frames=2000)
            result = app.session.game.result if app.session else None
            stats_path = app.paths.stats_db
        except Exception as error:
            print(f"self-test: FAILED while playing: {error!r}", file=sys.stderr)
            app.close()
            return 1
        app.close()
        if result is None:
            print("self-test: FAILED: the game did not finish", file=sys.stderr)
            return 1
        with StatsStore(stats_path) as stats:
            games = stats.recent_games(limit=5)
        if len(games) != 1:
            print(f"self-test: FAILED: expected 1 game in the statistics, found {len(games)}", file=sys.stderr)
            return 1
        music = Assets().resource(MUSIC_FILE)
        if not music.is_file() or music.read_bytes()[:4] != b"RIFF":
            print(f"self-test: FAILED: the music file {MUSIC_FILE} is missing from the app", file=sys.stderr)
            return 1
        modules = modules_in_use()
        if modules is None:
            return 1
        seconds = time.perf_counter() - started
        print(f"self-test: OK ({frames} frames, places {list(result.places)}, {seconds:.1f} s; {modules})")
    return 0


def modules_in_use() -> native.Status | None:
    """Which search modules run (None after printing why that is not what the app was built with)."""
    found = native.status()
    wrong = [name for name in native.MODULES
             if native.in_use(importlib.import_module(name)) != (found.folder is not None)]
    if wrong:
        print(f"self-test: FAILED: {', '.join(wrong)} not as expected: {found}", file=sys.stderr)
        return None
    return found
