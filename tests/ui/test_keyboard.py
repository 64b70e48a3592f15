"""Every screen by the keyboard alone: Tab (or the arrows) reaches each of its controls, Enter uses the one
reached, Esc goes back.  Only key events are posted here, through the real app loop (the lessons are played by
keys in ``test_lessons.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.record import record_json
from game.network.friends.discovery import Finder
from game.ui.app import KEY_GRACE, App
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.scenes.friends import JoinScene
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.replay_viewer import ReplayViewerScene
from game.ui.scenes.replays import ReplaysScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scripted import Autopilot, play_until, setup_for
from game.ui.widgets import Widget, WidgetGroup
from tests.ui.posting import DT, english_app, key

SCREENS: dict[str, type[Scene]] = {
    "new_game": NewGameScene, "learn": LessonsScene, "stats": StatsScene, "replays": ReplaysScene,
    "rules": RulesScene, "settings": SettingsScene,
}


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    with english_app(tmp_path / "home") as application:
        yield application


def top(app: App) -> Scene:
    scene = app.stack.top
    assert scene is not None
    return scene


def group(scene: Scene) -> WidgetGroup:
    widgets = getattr(scene, "widgets", None)
    assert isinstance(widgets, WidgetGroup), scene
    return widgets


def reachable(widgets: WidgetGroup) -> set[int]:
    for widget in widgets.widgets:
        widget.refresh()
    return {id(w) for w in widgets.widgets if w.visible and w.focusable and w.enabled}


def tab_through(app: App, scene: Scene) -> set[int]:
    """Press Tab as many times as the screen has controls (and once more): the controls the focus visited."""
    widgets = group(scene)
    seen: set[int] = set()
    for _ in range(len(reachable(widgets)) + 1):
        key(app, pygame.K_TAB)
        assert top(app) is scene, "Tab only moves the focus"
        focused: Widget | None = widgets.widgets[widgets.focus] if 0 <= widgets.focus < len(widgets.widgets) else None
        if focused is not None:
            seen.add(id(focused))
    return seen


def to_title_entry(app: App, name: str) -> None:
    title = top(app)
    assert isinstance(title, TitleScene)
    for _ in range(len(title.keys) * 2):
        if title.keys[title.widgets.focus] == name:
            return
        key(app, pygame.K_DOWN)
    raise AssertionError(f"{name} cannot be reached by the arrows")


def test_every_menu_screen_from_the_title_by_the_keyboard(app: App) -> None:
    for name, kind in SCREENS.items():
        to_title_entry(app, name)
        key(app, pygame.K_RETURN)
        scene = top(app)
        assert isinstance(scene, kind), (name, scene)
        assert tab_through(app, scene) == reachable(group(scene)), f"Tab reaches every control of {name}"
        key(app, pygame.K_ESCAPE)
        assert isinstance(top(app), TitleScene), name
    title = top(app)
    assert isinstance(title, TitleScene)
    assert tab_through(app, title) == reachable(title.widgets)



def test_shift_tab_goes_back_through_the_controls_in_the_order_tab_goes(app: App) -> None:
    to_title_entry(app, "new_game")
    key(app, pygame.K_RETURN)
    scene = top(app)
    widgets = group(scene)
    order = []
    for _ in range(4):
        key(app, pygame.K_TAB)
        order.append(widgets.focus)
    back = []
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="",
                                             scancode=0))
        app.step(DT)
        assert top(app) is scene, "Shift+Tab only moves the focus"
        back.append(widgets.focus)
    assert back == order[-2::-1], "Shift+Tab visits the controls Tab visited, backwards"

def test_joining_a_table_by_the_keyboard(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The join screen by keys (its search of the local network not started: a test sends nothing out)."""
    monkeypatch.setattr(app, "show_join", lambda: app.stack.push(JoinScene(app.ctx, Finder())))
    to_title_entry(app, "join")
    key(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, JoinScene)
    assert tab_through(app, scene) == reachable(scene.widgets)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)


def test_settings_change_by_the_keyboard(app: App) -> None:
    to_title_entry(app, "settings")
    key(app, pygame.K_RETURN)
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    for row, name in (("ui_scale", "ui_scale"), ("high_contrast", "high_contrast"), ("rule_help", "rule_help")):
        control = scene.control(row)
        while scene.widgets.widgets[scene.widgets.focus] is not control:
            key(app, pygame.K_DOWN)
        before = getattr(app.ctx.settings, name)
        key(app, pygame.K_RIGHT if row == "ui_scale" else pygame.K_RETURN)
        assert getattr(app.ctx.settings, name) != before, row
    assert app.ctx.settings.ui_scale == 125 and app.ctx.settings.high_contrast and not app.ctx.settings.rule_help


@pytest.mark.slow
def test_a_match_by_the_keyboard_menu_result_review_replay_and_leaving(app: App) -> None:
    app.start_match(setup_for("standard", 4, seed=3, games=2))
    table = top(app)
    assert isinstance(table, TableScene)
    key(app, pygame.K_ESCAPE)
    menu = top(app)
    assert isinstance(menu, MenuScene)
    assert tab_through(app, menu) == reachable(menu.widgets)
    menu.widgets.focus = 0
    key(app, pygame.K_RETURN)  # back to the game
    assert top(app) is table
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=3))
    for _ in range(round(KEY_GRACE / DT) + 1):  # the game opened the result: keys count after a moment
        app.step(DT)
    result = top(app)
    assert tab_through(app, result) == reachable(group(result))
    while group(result).widgets[group(result).focus] is not result.review_button:  # type: ignore[attr-defined]
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    review = top(app)
    assert isinstance(review, ReviewScene)
    key(app, pygame.K_ESCAPE)
    assert top(app) is result
    session = app.session
    assert session is not None
    app.show_replay(record_json(session.rules, [session.game]), session.human_seat)
    viewer = top(app)
    assert isinstance(viewer, ReplayViewerScene)
    start = viewer.index
    key(app, pygame.K_RIGHT, 3)
    assert viewer.index == start + 3
    assert tab_through(app, viewer) == reachable(viewer.widgets)
    while viewer.widgets.widgets[viewer.widgets.focus] is not viewer.all_toggle:
        key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert viewer.show_all
    key(app, pygame.K_ESCAPE)
    assert top(app) is result
    key(app, pygame.K_ESCAPE)  # the result waits for a button: Esc does nothing
    assert top(app) is result
    key(app, pygame.K_DOWN)  # from Review to the last button: to the title (the match goes on: asked first)
    key(app, pygame.K_RETURN)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert isinstance(top(app), TitleScene)
