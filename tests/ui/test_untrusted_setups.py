"""Setups from files (the settings' last setup, an autosave) through the real app: what they may start.

A setup written in a file may name any program: it runs only after the
player has seen its command line in a dialog and chosen to run it, and never
in rules that have no external-program seats.  Values out of range are
clamped or the setup refused; the game always opens.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.engine.rules import PresetId
from game.levels import Level
from game.session import SeatSpec, Session, SessionSetup
from game.setups import SeatKind
from game.storage.autosave import save_autosave
from game.storage.paths import AppPaths
from game.ui.app import App, AppOptions
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.scenes.drawing import label_text
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.widgets import Widget

DT = 1 / 60


def marker_command(tmp_path: Path) -> tuple[str, Path]:
    """A program that leaves a file behind when it runs (then exits: its seat falls back to Normal)."""
    marker = tmp_path / "it-ran"
    code = f"open({str(marker)!r}, 'w').close()"
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}", marker


def uecda_setup(command: str, *, human_seats: int = 1, **values: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "level": "normal", "command": ""} for _ in range(human_seats)]
    seats.append({"kind": "external", "level": "normal", "command": command})
    seats += [{"kind": "computer", "level": "normal", "command": ""} for _ in range(5 - len(seats))]
    return {"preset": "uecda", "players": 5, "seats": seats, "overrides": {}, "games": 1, "first_leader": None,
            "seed": 1, "expert_budget": 0.5, **values}


def open_app(home: Path, settings: dict[str, Any] | None = None) -> App:
    if settings is not None:
        home.mkdir(parents=True, exist_ok=True)
        paths = AppPaths.under(home)
        paths.settings_file.parent.mkdir(parents=True, exist_ok=True)
        paths.settings_file.write_text(json.dumps({"language": "en", **settings}), encoding="utf-8")
    app = App(AppOptions(headless=True, worker_mode="inline", paths=AppPaths.under(home), windowed_size=(1280, 720)))
    app.ctx.update_settings(language="en")
    app.show_title()
    app.step(DT)
    return app


@pytest.fixture
def apps() -> Iterator[list[App]]:
    opened: list[App] = []
    yield opened
    for app in opened:
        app.close()


def click(app: App, widget: Widget) -> None:
    pos = widget.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def title_button(app: App, name: str) -> Widget:
    scene = app.stack.top
    assert isinstance(scene, TitleScene)
    return scene.buttons[scene.keys.index(name)]


def dialog(app: App) -> ConfirmDialog:
    top = app.stack.top
    assert isinstance(top, ConfirmDialog), f"expected a confirmation, the screen is {type(top).__name__}"
    return top


# --- programs ------------------------------------------------------------------------------


def test_play_shows_a_program_from_the_settings_file_and_runs_it_only_if_the_player_agrees(
        tmp_path: Path, apps: list[App]) -> None:
    command, marker = marker_command(tmp_path)
    app = open_app(tmp_path / "home", {"last_setup": uecda_setup(command)})
    apps.append(app)
    click(app, title_button(app, "play"))
    asking = dialog(app)
    assert command in label_text(asking.text) and app.session is None
    assert asking.widgets.focus == 0  # Enter cancels
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step(DT)
    assert isinstance(app.stack.top, TitleScene) and app.session is None and not marker.exists()
    click(app, title_button(app, "play"))
    click(app, dialog(app).yes_button)
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    assert app.session.setup.seats[1] == SeatSpec(SeatKind.EXTERNAL, Level.NORMAL, command)
    for _ in range(600):
        if not app.session.check_programs():
            break
        app.step(DT)
    assert marker.exists()
    # Chosen once, the program starts again without asking in this run of the game
    # (the only question left is the one about throwing away the match in progress).
    app.show_title()
    app.step(DT)
    click(app, title_button(app, "play"))
    asking = dialog(app)
    assert command not in label_text(asking.text)
    click(app, asking.yes_button)
    assert isinstance(app.stack.top, TableScene)


def test_a_program_in_rules_without_external_seats_never_runs(tmp_path: Path, apps: list[App]) -> None:
    command, marker = marker_command(tmp_path)
    setup = {"preset": "standard", "players": 4, "seed": 3,
             "seats": [{"kind": "human"}, {"kind": "external", "level": "strong", "command": command},
                       {"kind": "computer"}, {"kind": "computer"}]}
    app = open_app(tmp_path / "home", {"last_setup": setup})
    apps.append(app)
    click(app, title_button(app, "play"))
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    assert app.session.setup.seats[1] == SeatSpec(SeatKind.COMPUTER, Level.STRONG)
    assert app.session.levels[1] == "strong" and not marker.exists()
    # Nor can a setup be made that has one.
    with pytest.raises(ValueError, match="no external-program seats"):
        seats = (SeatSpec(SeatKind.HUMAN), SeatSpec(SeatKind.EXTERNAL, Level.NORMAL, command))
        SessionSetup(PresetId.STANDARD, 2, seats)


def test_the_new_game_screen_asks_before_a_remembered_program_and_not_before_a_typed_one(
        tmp_path: Path, apps: list[App]) -> None:
    command, marker = marker_command(tmp_path)
    app = open_app(tmp_path / "home", {"last_setup": uecda_setup(command)})
    apps.append(app)
    click(app, title_button(app, "new_game"))
    scene = app.stack.top
    assert isinstance(scene, NewGameScene) and scene.seat_level(1) == "external" and scene.commands[1] == command
    click(app, scene.start_button)
    assert command in label_text(dialog(app).text) and app.session is None
    click(app, dialog(app).no_button)
    assert app.stack.top is scene and app.session is None and not marker.exists()
    # Typed on this screen: the player chose it.
    field = next(r.control for r in scene.rows if r.key == "command1")
    assert field is not None
    click(app, field)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=command[-1]))
    app.step(DT)
    click(app, scene.start_button)
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    assert app.session.setup.seats[1].command == command


def saved_match(home: Path, setup: dict[str, Any]) -> Path:
    """An autosave of a real match, with ``setup`` written in it as the setup."""
    seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER) for _ in range(4)))
    plain = SessionSetup(PresetId.UECDA, 5, seats, games=1, seed=1)
    data = Session(plain, worker=None).autosave_data()  # type: ignore[arg-type]
    data["setup"] = setup
    path = AppPaths.under(home).ensure().autosave_file
    assert save_autosave(path, data)
    return path


def test_continue_shows_a_saved_program_first_and_cancel_keeps_the_save(tmp_path: Path, apps: list[App]) -> None:
    command, marker = marker_command(tmp_path)
    home = tmp_path / "home"
    saved_match(home, uecda_setup(command))
    app = open_app(home, {})
    apps.append(app)
    click(app, title_button(app, "resume"))
    assert command in label_text(dialog(app).text) and app.session is None
    click(app, dialog(app).no_button)
    assert isinstance(app.stack.top, TitleScene) and app.session is None and not marker.exists()
    assert app.has_autosave()
    click(app, title_button(app, "resume"))
    click(app, dialog(app).yes_button)
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    assert app.session.setup.seats[1].command == command


@pytest.mark.parametrize("command", ["./bot\n\n\n\n\n\n\n\n\nrm -rf ~", "./bot \u202e~ fr- mr", "x" * 400])
def test_a_command_line_that_cannot_be_shown_plainly_is_refused(tmp_path: Path, apps: list[App],
                                                               command: str) -> None:
    app = open_app(tmp_path / "home", {"last_setup": uecda_setup(command)})
    apps.append(app)
    click(app, title_button(app, "play"))
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    assert app.session.setup.seats[1] == SeatSpec(SeatKind.COMPUTER, Level.NORMAL)


# --- values out of range -----------------------------------------------------------------------


def test_setup_values_out_of_range_in_the_settings_file_are_clamped(tmp_path: Path, apps: list[App]) -> None:
    setup = {"preset": "duel5", "players": 2, "seats": [{"kind": "human"}, {"kind": "computer", "level": "expert"}],
             "games": 10**9, "first_leader": 99, "expert_budget": 1e9, "seed": -5}
    app = open_app(tmp_path / "home", {"last_setup": setup})
    apps.append(app)
    click(app, title_button(app, "play"))
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    played = app.session.setup
    assert (played.games, played.first_leader, played.expert_budget) == (100, None, 10.0)
    app.show_title()
    app.step(DT)
    app.ctx.update_settings(last_setup={**setup, "games": 0})
    click(app, title_button(app, "play"))
    click(app, dialog(app).yes_button)  # yes, throw away the match in progress
    assert app.session is not None and app.session.setup.games is None


def test_a_setup_with_every_seat_human_is_refused(tmp_path: Path, apps: list[App]) -> None:
    setup = {"preset": "standard", "players": 4, "seats": [{"kind": "human"}] * 4}
    app = open_app(tmp_path / "home", {"last_setup": setup})
    apps.append(app)
    click(app, title_button(app, "play"))
    assert isinstance(app.stack.top, TableScene) and app.session is not None
    assert [s.kind for s in app.session.setup.seats] == ["human", "computer", "computer", "computer"]


def test_an_autosave_with_values_out_of_range_is_clamped_or_set_aside(tmp_path: Path, apps: list[App]) -> None:
    home = tmp_path / "home"
    saved = {"preset": "uecda", "players": 5, "seats": [{"kind": "human"}] + [{"kind": "computer"}] * 4,
             "games": 1, "seed": 1, "expert_budget": 1e9, "first_leader": 99}
    saved_match(home, saved)
    app = open_app(home, {})
    apps.append(app)
    assert app.resume_match()
    assert app.session is not None and app.session.setup.expert_budget == 10.0
    assert app.session.setup.first_leader is None
    app.close()
    apps.remove(app)
    path = saved_match(home, {**saved, "seats": [{"kind": "human"}] * 5})
    app = open_app(home, {})
    apps.append(app)
    click(app, title_button(app, "resume"))
    assert not isinstance(app.stack.top, (TableScene, ErrorScene)) and app.session is None
    assert not path.exists() and list(path.parent.glob(path.name + ".unresumable-*")), "the save was not kept aside"
