"""Driving the real app without a person: an autopilot for the human seat, and positions to show.

The screenshots, the frame benchmark, the self-test and the UI tests all use
these helpers, so they exercise exactly the code a player does.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

from ai.levels import make_player
from ai.player import Player
from game.engine import Game, Gift, Play, Turn, observe
from game.engine.rules import PresetId
from game.engine.state import GiftKind
from game.levels import Level
from game.session import Session
from game.setups import SeatKind, SeatSpec, SessionSetup
from game.storage.paths import AppPaths
from game.worker import DecisionWorker
from game.worker import Mode as WorkerMode

from .app import App, AppOptions
from .scenes.table import TableScene


def headless_app(size: tuple[int, int] = (1280, 720), *, home: Path | None = None, worker_mode: WorkerMode = "inline",
                 language: str | None = None, raise_errors: bool = False, display: bool = False) -> App:
    """An app with no real window, keeping its files in ``home`` (a fresh temporary folder by default).

    ``raise_errors``: an exception in a frame propagates (tests) instead of opening the error screen;
    ``display``: a real window after all (the benchmarks under an X server), no sound.
    """
    folder = home or Path(tempfile.mkdtemp(prefix="daifugo-"))
    if display:
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = App(AppOptions(windowed_size=size, worker_mode=worker_mode, paths=AppPaths.under(folder),
                         headless=not display, raise_errors=raise_errors))
    if language:
        app.ctx.update_settings(language=language)
    return app


def setup_for(preset: PresetId | str, players: int, level: Level | str = Level.NORMAL, *, seed: int = 1,
              human: bool = True, first_leader: int | None = None, games: int | None = None) -> SessionSetup:
    computer = SeatSpec(SeatKind.COMPUTER, Level(level))
    first = SeatSpec(SeatKind.HUMAN) if human else computer
    seats = (first, *(computer,) * (players - 1))
    return SessionSetup(preset=PresetId(preset), players=players, seats=seats, seed=seed,
                        first_leader=first_leader, games=games)


class Autopilot:
    """Plays the human's seat through the table scene's own handlers (select cards, Play, Pass, Give)."""

    def __init__(self, level: str = "normal", seed: int = 0) -> None:
        self.player: Player = make_player(level)
        self.seed = seed

    def act(self, scene: TableScene) -> bool:
        """Make the human's move if it is due; True if it acted.

        Each decision has its own seed (from the position), so the autopilot
        plays the same after a resume as without one.
        """
        session = scene.session
        if not scene.director.idle or not session.human_to_act():
            return False
        obs = session.observation()
        history = obs.history
        chosen = sum(1 for e in history if isinstance(e, Gift) and e.kind is GiftKind.EXCHANGE and e.chosen)
        turns = sum(1 for e in history if isinstance(e, Turn))
        self.rng = random.Random(f"{self.seed}/{session.game_index}/{turns}/{chosen}")
        if obs.state.phase.giving:
            scene.hand.selected = self.player.choose_gift(obs, self.rng)
            scene.play_selected()
            return True
        move = self.player.choose_move(obs, self.rng)
        if isinstance(move, Play):
            scene.hand.selected = move.cards
            readings = scene._readings()
            if len(readings) > 1 and move in readings:
                scene.submit_play(move)
            else:
                scene.play_selected()
        else:
            scene.pass_turn()
        return True


DECISION_WAIT = 30.0
"""Seconds a headless run waits for one computer decision (an external program's included)."""


def play_until(app: App, done: Callable[[App], bool], *, autopilot: Autopilot | None = None, dt: float = 1 / 20,
               max_frames: int = 200_000) -> int:
    """Run frames (the human on autopilot) until ``done(app)``; the number of frames run.

    A computer decision under way is waited for before each frame, so the
    number of frames does not depend on how fast this machine thinks.
    """
    for frame in range(max_frames):
        if done(app):
            return frame
        top = app.stack.top
        if autopilot is not None and isinstance(top, TableScene):
            autopilot.act(top)
        if app.session is not None:
            app.session.wait_for_decision(DECISION_WAIT)
        app.step(dt)
    raise RuntimeError("the game did not reach the expected state")


def find_position(setup: SessionSetup, want: Callable[[Session], bool], *, worker: DecisionWorker,
                  max_actions: int = 2000) -> Session | None:
    """Play ``setup`` (everyone on autopilot) until ``want(session)`` holds; that session, or None.

    Each computer decision is waited for on the worker's ticket (``DECISION_WAIT`` at most), never polled in a loop.
    """
    session = Session(setup, worker)
    human = make_player("normal")
    rng = random.Random(setup.seed)
    for _ in range(max_actions):
        if want(session):
            return session
        game: Game = session.game
        if game.result is not None:
            if session.over:
                return None
            session.next_game()
            continue
        if session.human_to_act():
            obs = observe(game, session.human_seat)
            if game.phase.giving:
                session.human_give(human.choose_gift(obs, rng))
            else:
                session.human_play(human.choose_move(obs, rng))
        else:
            session.start_thinking()
            if not session.thinking:
                raise RuntimeError("nobody can act (an external program still starting?)")
            session.wait_for_decision(DECISION_WAIT)
            if session.poll() is None:
                raise RuntimeError(f"no computer decision within {DECISION_WAIT:g} s")
    return None
