"""The game as its own process, in the middle of a match with an external program, for the signal tests.

    python -m tests.ui.driver HOME COMMAND

Starts the app on SDL's dummy drivers with its files in HOME, a UECda match
whose seat 1 is COMMAND (as if the player had chosen it), plays until the
program has connected and a few moves were made, prints ``ready`` and then
runs the real loop (``App.run``) until something stops it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.engine.rules import PresetId
from game.levels import Level
from game.session import SeatSpec, SessionSetup
from game.setups import SeatKind
from game.storage.paths import AppPaths
from game.ui.app import App, AppOptions
from game.ui.scripted import Autopilot, play_until


def main() -> int:
    home, command = Path(sys.argv[1]), sys.argv[2]
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(AppOptions(paths=AppPaths.under(home), headless=True, worker_mode="thread", handle_signals=True))
    app.ctx.chosen_programs.add(command)
    seats = (SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.EXTERNAL, Level.NORMAL, command),
             *(SeatSpec(SeatKind.COMPUTER, Level.NORMAL) for _ in range(3)))
    app.start_match(SessionSetup(preset=PresetId.UECDA, players=5, seats=seats, seed=5, games=3))
    pilot = Autopilot("normal", seed=2)
    play_until(app, lambda a: a.session is not None and len(a.session.game.history) >= 8, autopilot=pilot,
               max_frames=30_000)
    print("ready", len(app.session.game.history) if app.session else -1, flush=True)
    return app.run()


if __name__ == "__main__":
    sys.exit(main())
