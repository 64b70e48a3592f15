"""A tournament program at the desktop table: it plays its seat, or is replaced by Normal when it fails."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.engine.rules import PresetId
from game.levels import Level
from game.session import SeatSpec, SessionSetup
from game.setups import SeatKind
from game.ui.app import App
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot, headless_app, play_until

STANDIN = Path(__file__).resolve().parents[1] / "network" / "uecda" / "standin_client.py"


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app(home=tmp_path, worker_mode="thread", language="en", raise_errors=True)
    yield application
    application.close()


def uecda_setup(app: App, command: str, seed: int = 5) -> SessionSetup:
    """A uecda match with the program at player 1, chosen by the player (so it starts without asking)."""
    app.ctx.chosen_programs.add(command)
    seats = (SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.EXTERNAL, Level.NORMAL, command),
             *(SeatSpec(SeatKind.COMPUTER, Level.NORMAL) for _ in range(3)))
    return SessionSetup(preset=PresetId.UECDA, players=5, seats=seats, seed=seed, games=2)


@pytest.mark.slow
def test_an_external_program_plays_a_seat_through_a_whole_game(app: App) -> None:
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(STANDIN))}"
    app.start_match(uecda_setup(app, command))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=2),
               max_frames=60_000)
    session = app.session
    assert session is not None and session.game.result is not None
    assert session.levels[1] == "external"
    assert any(turn.seat == session.match.seat_of(1) for turn in session.game.turns())


def test_a_program_that_cannot_start_is_replaced_by_normal(app: App) -> None:
    app.start_match(uecda_setup(app, "no-such-program-for-daifugo --flag"))
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    play_until(app, lambda a: a.session is not None and not a.session.check_programs(), max_frames=2000)
    session = app.session
    assert session is not None and session.levels[1] == "normal"
    app.step(1 / 20)
    assert any("failed" in toast.text for toast in scene.director.toasts)


@pytest.mark.slow
def test_a_program_that_crashes_mid_game_is_replaced_and_the_game_goes_on(app: App) -> None:
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(STANDIN))} --mode crash --after 3"
    app.start_match(uecda_setup(app, command, seed=9))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=3),
               max_frames=60_000)
    session = app.session
    assert session is not None and session.game.result is not None
    assert session.levels[1] == "normal"
