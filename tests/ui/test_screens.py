"""The menu screens driven through the real app loop: pygame events in, scene state out.

Headless (SDL's dummy drivers), the decision worker inline, and a fresh
DAIFUGO home per test.  Events are posted to pygame's queue and one frame is
run with ``app.step``, exactly as when a player clicks.
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.engine import Match, preset_rules
from game.engine.record import Record, RecordText, parse_record, record_json
from game.engine.rules import Title
from game.setups import SessionSetup
from game.storage.paths import AppPaths
from game.storage.records_io import ImportResult
from game.storage.stats import GameRow
from game.ui.app import KEY_GRACE, App, AppOptions
from game.ui.scene import Scene
from game.ui.scenes.dialogs import ConfirmDialog, MessageDialog
from game.ui.scenes.drawing import label_text
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.replays import ReplaysScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.stats import StatsScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.widgets import Button, Widget

DT = 1 / 60
S = TypeVar("S", bound=Scene)


# --- driving the app -------------------------------------------------------------------


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(AppOptions(headless=True, worker_mode="inline", paths=AppPaths.under(tmp_path / "home"),
                                 windowed_size=(1280, 720), raise_errors=True))
    application.ctx.update_settings(language="en")
    application.show_title()
    application.step(DT)
    yield application
    application.close()


def step(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    step(app)


def click_widget(app: App, widget: Widget, *, side: str = "center") -> None:
    rect = widget.rect
    pos = {"center": rect.center, "right": (rect.right - rect.height // 2, rect.centery),
           "left": (rect.left + rect.height // 2, rect.centery)}[side]
    click(app, pos)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    step(app)


def type_text(app: App, text: str) -> None:
    for char in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    step(app)


def top(app: App) -> Scene:
    scene = app.stack.top
    assert scene is not None
    return scene


def top_as(app: App, kind: type[S]) -> S:
    """The top scene, which must be a ``kind``."""
    scene = top(app)
    assert isinstance(scene, kind), scene
    return scene


def title(app: App) -> TitleScene:
    return top_as(app, TitleScene)


def title_button(app: App, name: str) -> Button:
    scene = title(app)
    return scene.buttons[scene.keys.index(name)]


def running(app: App) -> bool:
    """Is the frame loop still going?  Looked up anew each time: a frame may stop it."""
    return app.running


def playing(app: App) -> SessionSetup | None:
    """The setup of the match in progress, looked up anew each time: a click may start one."""
    return app.session.setup if app.session is not None else None


def open_new_game(app: App) -> NewGameScene:
    click_widget(app, title_button(app, "new_game"))
    scene = top(app)
    assert isinstance(scene, NewGameScene)
    return scene


def problem(scene: NewGameScene) -> str | None:
    """Why the new-game screen cannot start, looked up anew each time: a click may change it."""
    return scene.problem


def row_control(scene: NewGameScene, key_: str) -> Widget:
    row = next(r for r in scene.rows if r.key == key_)
    assert row.control is not None
    return row.control


def bring_into_view(app: App, scene: Any, widget: Widget) -> None:
    """Scroll with the mouse wheel until ``widget`` is inside the scrolling viewport."""
    for _ in range(80):
        view = scene.scroller.view
        if view.contains(widget.rect):
            return
        direction = -1 if widget.rect.bottom > view.bottom else 1
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, flipped=False))
        step(app, 3)
    raise AssertionError("the widget never scrolled into view")


NAVIGATION = {
    "start": "start_match", "restart": "restart_match", "resume": "resume_match", "replay": "show_replay",
    "quit": "quit", "fullscreen": "toggle_fullscreen", "new_game": "show_new_game", "settings": "show_settings",
    "stats": "show_stats", "replays": "show_replays", "review": "show_review",
}
"""The app's navigation methods by a short name."""


def capture(app: App, name: str) -> list[Any]:
    """Replace one of the app's navigation methods by a recorder; the list of calls."""
    calls: list[Any] = []
    setattr(app, NAVIGATION[name], lambda *args, **kwargs: calls.append(args))
    return calls


def played_record(preset: str = "standard", players: int = 4, seed: int = 3) -> dict[str, Any]:
    """A real, valid record of one finished game (first legal move every turn)."""
    rules = preset_rules(preset, players)
    game = Match(rules, seed).game
    while game.result is None:
        game.play(game.move_list()[0])
    return record_json(rules, [game])


def add_games(app: App, count: int, *, seed: int = 5) -> None:
    stats = app.ctx.stats
    assert stats is not None
    rng = random.Random(seed)
    record = played_record()
    for index in range(count):
        preset, players = rng.choice([("standard", 4), ("duel5", 2), ("akita", 4)])
        place = rng.randrange(players)
        rules = preset_rules(preset, players)
        title_ = rules.titles[place]
        stats.add_game(GameRow(
            played_at=f"2025-03-{1 + index % 28:02d}T12:{index % 60:02d}:00Z", preset=preset,
            rules=rules.switches(), players=players, opponents=[None] + [rng.choice(["normal", "strong"])] * (
                players - 1), human_seat=0, place=place, title=title_.value,
            points=rules.points_for(place, Title(title_)), duration_s=60.0,
            record=record if preset == "standard" else None))


# --- title and new game ----------------------------------------------------------------------


def test_title_new_game_start_with_the_chosen_setup(app: App) -> None:
    scene = open_new_game(app)
    click_widget(app, scene.cards["classic"])
    assert scene.mode == "classic"
    click_widget(app, row_control(scene, "players"), side="right")
    click_widget(app, row_control(scene, "strength"), side="right")
    click_widget(app, row_control(scene, "games"), side="right")
    click_widget(app, scene.start_button)
    table = top(app)
    assert isinstance(table, TableScene)
    setup = table.session.setup
    assert (setup.preset, setup.players, setup.games) == ("classic", 6, 10)
    assert [s.kind for s in setup.seats] == ["human"] + ["computer"] * 5
    assert {s.level for s in setup.seats[1:]} == {"strong"}
    assert app.ctx.settings.last_setup["preset"] == "classic"


def test_title_play_and_duel_start_in_one_click(app: App) -> None:
    click_widget(app, title_button(app, "play"))
    table = top(app)
    assert isinstance(table, TableScene)
    assert (table.session.setup.preset, table.session.setup.players) == ("standard", 4)
    assert {s.level for s in table.session.setup.seats[1:]} == {"normal"}
    app.show_title()
    step(app)
    assert title(app).has_autosave  # the match was saved on the way out: 続きから is offered
    click_widget(app, title_button(app, "duel"))
    confirm = top(app)
    assert isinstance(confirm, ConfirmDialog) and playing(app) is None  # a new match over the saved one: asked first
    click_widget(app, confirm.yes_button)
    setup = playing(app)
    assert setup is not None and (setup.preset, setup.first_leader, setup.games) == ("duel5", 0, None)
    app.show_title()
    step(app)
    click_widget(app, title_button(app, "play"))  # Play repeats the last setup with a new deal
    click_widget(app, top_as(app, ConfirmDialog).yes_button)
    assert app.session is not None and app.session.setup.preset == "duel5"
    assert app.session.setup.seed != setup.seed


def test_title_buttons_stay_put_when_continue_appears_and_play_says_what_it_starts(app: App) -> None:
    before = {key: title_button(app, key).rect.copy() for key in title(app).keys if key != "resume"}
    assert not title_button(app, "resume").visible
    assert label_text(title_button(app, "play").label) == "Play: 4 players, Normal"
    click_widget(app, title_button(app, "play"))
    app.show_title()
    step(app)
    assert title_button(app, "resume").visible
    assert {key: title_button(app, key).rect for key in before} == before
    assert title(app).widgets.focus == title(app).keys.index("resume")


def test_closing_the_window_or_leaving_mid_match_asks_first(app: App) -> None:
    click_widget(app, title_button(app, "play"))
    assert isinstance(top(app), TableScene)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog) and running(app)
    key(app, pygame.K_RETURN)  # the focus starts on Cancel
    assert isinstance(top(app), TableScene) and running(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    step(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # closing again while asked: quit
    step(app)
    assert not running(app)
    app.running = True
    app.stack.pop()
    key(app, pygame.K_ESCAPE)
    click_widget(app, top_as(app, MenuScene).widgets.widgets[-1])
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog.yes_button)
    assert isinstance(top(app), TitleScene) and title(app).has_autosave


def test_new_game_over_a_saved_match_asks_first(app: App) -> None:
    click_widget(app, title_button(app, "play"))
    app.show_title()
    step(app)
    scene = open_new_game(app)
    click_widget(app, scene.start_button)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog.no_button)
    assert top(app) is scene and title_button_exists(app)
    click_widget(app, scene.start_button)
    click_widget(app, top_as(app, ConfirmDialog).yes_button)
    assert isinstance(top(app), TableScene)


def title_button_exists(app: App) -> bool:
    return isinstance(app.stack.scenes[0], TitleScene)


def test_title_resume_continues_the_saved_match(app: App) -> None:
    click_widget(app, title_button(app, "play"))
    seed = app.session.setup.seed if app.session else None
    app.show_title()
    step(app)
    assert title(app).keys[0] == "resume"
    click_widget(app, title_button(app, "resume"))
    assert isinstance(top(app), TableScene)
    assert app.session is not None and app.session.setup.seed == seed


def test_keyboard_navigation_and_escape(app: App) -> None:
    scene = title(app)
    target = scene.keys.index("new_game")
    while scene.widgets.focus != target:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    new_game = top(app)
    assert isinstance(new_game, NewGameScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)
    key(app, pygame.K_ESCAPE)  # nothing to go back to from the title
    assert isinstance(top(app), TitleScene)


def test_new_game_two_player_first_second_and_open_length(app: App) -> None:
    starts = capture(app, "start")
    scene = open_new_game(app)
    click_widget(app, scene.cards["duel5"])
    assert scene.player_count == 2
    click_widget(app, row_control(scene, "first"), side="right")
    click_widget(app, scene.start_button)
    (setup,), = starts
    assert (setup.preset, setup.first_leader, setup.games) == ("duel5", 1, None)


def test_custom_rules_help_bubble(app: App) -> None:
    scene = open_new_game(app)
    click_widget(app, scene.cards["custom"])
    row = next(r for r in scene.rows if r.key == "lock")
    assert row.help is not None
    bring_into_view(app, scene, row.help)
    click_widget(app, row.help)
    bubble = top(app)
    assert isinstance(bubble, MessageDialog)
    assert "".join(bubble.lines).replace(" ", "") == app.ctx.t("switch.lock.help").replace(" ", "")
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene


def test_invalid_custom_combination_disables_start(app: App) -> None:
    starts = capture(app, "start")
    scene = open_new_game(app)
    click_widget(app, scene.cards["custom"])
    click_widget(app, row_control(scene, "players"), side="right")  # 5 players
    assert scene.player_count == 5
    toggle = row_control(scene, "pile_draw")
    bring_into_view(app, scene, toggle)
    click_widget(app, toggle)
    assert scene.custom["pile_draw"] is True
    assert problem(scene) == app.ctx.t("screen.new.err_pile_draw", n=4)
    scene.start_button.refresh()
    assert not scene.start_button.enabled
    bring_into_view(app, scene, toggle)
    click_widget(app, scene.start_button)
    assert starts == [] and top(app) is scene
    click_widget(app, toggle)  # switched off again: playable
    assert scene.problem is None
    click_widget(app, scene.start_button)
    assert len(starts) == 1 and starts[0][0].players == 5


def test_uecda_external_seat_takes_a_command_line(app: App) -> None:
    starts = capture(app, "start")
    scene = open_new_game(app)
    click_widget(app, scene.cards["uecda"])
    strength = row_control(scene, "strength")
    while scene.level != "per_seat":
        click_widget(app, strength, side="right")
    seat = row_control(scene, "seat2")
    while scene.seat_levels[2] != "external":
        click_widget(app, seat, side="right")
    assert problem(scene) is not None and not starts  # no command yet
    field = row_control(scene, "command2")
    bring_into_view(app, scene, field)
    click_widget(app, field)
    type_text(app, "./client -p 42")
    key(app, pygame.K_RETURN)
    assert scene.problem is None
    click_widget(app, scene.start_button)
    (setup,), = starts
    assert setup.seats[2].kind == "external" and setup.seats[2].command == "./client -p 42"
    assert app.ctx.settings.external_commands[-1] == "./client -p 42"
    # The remembered command is offered the next time a seat becomes external.
    app.show_title()
    step(app)
    again = open_new_game(app)
    click_widget(app, again.cards["uecda"])
    while again.level != "per_seat":
        click_widget(app, row_control(again, "strength"), side="right")
    while again.seat_levels[1] != "external":
        click_widget(app, row_control(again, "seat1"), side="right")
    assert again.commands[1] == "./client -p 42" and again.problem is None


# --- settings ------------------------------------------------------------------------------------


def test_settings_persist_and_language_applies_at_once(app: App) -> None:
    click_widget(app, title_button(app, "settings"))
    scene = top(app)
    assert isinstance(scene, SettingsScene)
    click_widget(app, scene.control("sound"))
    click_widget(app, scene.control("four_color"))
    slider = scene.control("volume")
    click(app, (slider.rect.left + slider.rect.width // 4, slider.rect.centery))
    click_widget(app, scene.control("animation"), side="right")
    saved = json.loads(app.paths.settings_file.read_text(encoding="utf-8"))
    assert saved["sound"] is False and saved["four_color"] is True
    assert saved["animation_speed"] == "slow"  # fast (the default) → right → slow
    assert abs(saved["volume"] - 0.25) < 0.03
    english = app.ctx.t("settings.title")
    click_widget(app, scene.control("language"), side="left")
    assert app.ctx.settings.language == "ja"
    assert app.ctx.t("settings.title") != english
    assert json.loads(app.paths.settings_file.read_text(encoding="utf-8"))["language"] == "ja"
    assert label_text(scene.rows[0].label) == "言語"  # the texts on screen follow at once
    assert label_text(scene.back_button.label).endswith("戻る")
    key(app, pygame.K_ESCAPE)
    assert isinstance(top(app), TitleScene)
    assert label_text(title_button(app, "play").label) == "プレイ：4人・普通"


# --- rules ----------------------------------------------------------------------------------------


def test_rules_screen_scrolls_and_switches_presets(app: App) -> None:
    click_widget(app, title_button(app, "rules"))
    scene = top(app)
    assert isinstance(scene, RulesScene) and scene.selector is not None
    first = scene.preset
    key(app, pygame.K_RIGHT)
    assert scene.preset != first
    key(app, pygame.K_DOWN)
    step(app, 30)
    assert scene.scroller.offset > 0
    assert scene.content.height > scene.scroller.view.height
    app.show_rules(preset_rules("uecda"))
    step(app)
    given = top(app)
    assert isinstance(given, RulesScene) and given.selector is None and given.rules.preset == "uecda"


# --- statistics ----------------------------------------------------------------------------------


def test_stats_empty_database_is_friendly(app: App) -> None:
    click_widget(app, title_button(app, "stats"))
    scene = top(app)
    assert isinstance(scene, StatsScene)
    assert scene.total == 0 and scene.error is None
    assert not scene.reset_button.visible and scene.new_game_button.visible
    click_widget(app, scene.new_game_button)
    assert isinstance(top(app), NewGameScene)


def test_stats_filled_filters_and_reset_with_backup(app: App) -> None:
    add_games(app, 30)
    click_widget(app, title_button(app, "stats"))
    scene = top(app)
    assert isinstance(scene, StatsScene)
    assert scene.total == 30 and len(scene.rows) >= 3
    assert scene.overall is not None and scene.overall.games == 30
    click_widget(app, scene.preset_selector, side="right")
    assert scene.preset == "standard"
    assert {r.preset for r in scene.rows} == {"standard"}
    duel = [r for r in app.ctx.stats.summary("duel5")] if app.ctx.stats else []
    assert duel and duel[0].wins is not None
    click_widget(app, scene.reset_button)
    dialog = top(app)
    assert isinstance(dialog, ConfirmDialog)
    click_widget(app, dialog.yes_button)
    notice = top(app)
    assert isinstance(notice, MessageDialog)
    backups = list(app.paths.backups_dir.glob("stats-*.sqlite3"))
    assert len(backups) == 1
    assert str(backups[0]) in "".join(notice.lines).replace("\n", "")
    assert scene.total == 0 and app.ctx.stats is not None and app.ctx.stats.count_games() == 0


def test_stats_reset_can_be_cancelled(app: App) -> None:
    add_games(app, 3)
    click_widget(app, title_button(app, "stats"))
    scene = top(app)
    assert isinstance(scene, StatsScene)
    click_widget(app, scene.reset_button)
    key(app, pygame.K_ESCAPE)
    assert top(app) is scene and scene.total == 3
    assert not app.paths.backups_dir.exists() or not list(app.paths.backups_dir.iterdir())


# --- replays -------------------------------------------------------------------------------------


def open_replays(app: App) -> ReplaysScene:
    click_widget(app, title_button(app, "replays"))
    scene = top(app)
    assert isinstance(scene, ReplaysScene)
    return scene


def test_replays_open_export_and_import(app: App) -> None:
    add_games(app, 12)
    replays = capture(app, "replay")
    scene = open_replays(app)
    assert len(scene.list_rows) == 12
    index = next(i for i, item in enumerate(scene.items) if item.has_record)
    row = scene.list_rows[index]
    bring_into_view(app, scene, row)
    click_widget(app, row)
    assert scene.selected == scene.items[index].id and replays == []
    click_widget(app, row)  # a double click opens it
    assert len(replays) == 1 and replays[0][0]["format"] == "daifugo-record/1"
    click_widget(app, scene.export_button)
    notice = top(app)
    assert isinstance(notice, MessageDialog)
    files = list(app.paths.records_dir.glob("daifugo-*.json"))
    assert len(files) == 1
    assert json.loads(files[0].read_text(encoding="utf-8"))["games"]
    key(app, pygame.K_RETURN)
    assert top(app) is scene
    assert scene.path == str(files[0])  # the exported file is offered for import
    click_widget(app, scene.import_button)
    finish_import(app, scene)
    assert len(replays) == 2
    imported = replays[1][0]
    assert isinstance(imported, RecordText), "read game by game"
    assert imported.rules.preset == replays[0][0]["rules"]["preset"]
    assert [imported.spec(i) for i in range(len(imported.actions))] == list(parse_record(replays[0][0]).games)


def test_replays_import_of_garbage_shows_the_checker_message(app: App, tmp_path: Path) -> None:
    replays = capture(app, "replay")
    garbage = tmp_path / "garbage.json"
    garbage.write_text('{"format": "daifugo-record/1", "games": [{"hands": [["ZZ"]]}]}', encoding="utf-8")
    scene = open_replays(app)
    assert scene.items == []
    click_widget(app, scene.path_field)
    for _ in range(len(scene.path)):
        key(app, pygame.K_BACKSPACE)
    type_text(app, str(garbage))
    key(app, pygame.K_RETURN)
    click_widget(app, scene.import_button)
    finish_import(app, scene)
    dialog = top(app)
    assert isinstance(dialog, MessageDialog) and dialog.error
    assert replays == []
    text = " ".join(dialog.lines)
    assert "Traceback" not in text and len(text) > 20


def finish_import(app: App, scene: ReplaysScene) -> None:
    """Let the import under way finish (it runs on its own thread), then run a frame to take its result.

    (A small file may be read and checked within the click's own frame.)"""
    task = scene.importing
    if task is not None:
        assert task.wait(60)
        step(app)
    assert scene.importing is None


def test_replays_import_runs_off_the_frame_loop(app: App, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Before: checking a long record (a 16 MB match replays every game) froze the window until done."""
    replays = capture(app, "replay")
    release = threading.Event()
    record = Record(preset_rules("standard"), ())

    def slow_import(path: Path) -> ImportResult:
        assert release.wait(60), "the frame loop never let the import finish"
        return ImportResult(parsed=record)

    monkeypatch.setattr("game.ui.scenes.replays.import_record", slow_import)
    scene = open_replays(app)
    scene.path = str(tmp_path / "long-match.json")
    click_widget(app, scene.import_button)  # returns at once
    step(app, 5)
    assert scene.importing is not None and not scene.importing.done and replays == []
    assert not scene.import_button.enabled, "one import at a time"
    release.set()
    finish_import(app, scene)
    assert replays == [(record,)]


@pytest.mark.timeout(120)
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_replays_import_of_a_named_pipe_says_so(app: App, tmp_path: Path) -> None:
    """Before: the window hung for good."""
    pipe = tmp_path / "record.json"
    os.mkfifo(pipe)
    scene = open_replays(app)
    scene.path = str(pipe)
    click_widget(app, scene.import_button)
    finish_import(app, scene)
    dialog = top(app)
    assert isinstance(dialog, MessageDialog) and dialog.error and "named pipe" in " ".join(dialog.lines)


def test_newest_record_is_offered_for_import(app: App) -> None:
    folder = app.paths.records_dir
    (folder / "old.json").write_text("{}", encoding="utf-8")
    newest = folder / "new.json"
    newest.write_text("{}", encoding="utf-8")
    os.utime(folder / "old.json", (time.time() - 100, time.time() - 100))
    scene = open_replays(app)
    assert scene.path == str(newest)


# --- the error screen -------------------------------------------------------------------------------


def test_error_screen_renders_and_returns_to_title(app: App) -> None:
    app._show_error(RuntimeError("the table fell over"))
    step(app)
    scene = top(app)
    assert isinstance(scene, ErrorScene)
    assert scene.summary == "RuntimeError: the table fell over"
    click(app, scene.buttons[0].center)
    assert isinstance(top(app), TitleScene) and app.running


def test_error_screen_quits_when_the_title_fails_again(app: App) -> None:
    app.options.raise_errors = False  # as in play: the error screen handles what goes wrong
    app._show_error(ValueError("first"))
    step(app)

    def broken() -> None:
        raise RuntimeError("second")

    app.show_title = broken  # type: ignore[method-assign]
    key(app, pygame.K_RETURN)
    assert not app.running


def test_error_scene_draws_in_an_app_that_broke_during_a_frame(app: App) -> None:
    app.options.raise_errors = False  # as in play: an exception opens the error screen
    scene = title(app)

    def explode(dt: float) -> None:
        raise KeyError("boom")

    scene.update = explode  # type: ignore[method-assign]
    step(app)
    assert isinstance(top(app), ErrorScene)
    step(app, 2)


# --- every screen at every size, in both languages -------------------------------------------


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_screens_lay_out_at_other_sizes_and_languages(app: App, size: tuple[int, int]) -> None:
    add_games(app, 4)
    for language in ("ja", "en"):
        app.ctx.update_settings(language=language)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        step(app)
        for name in ("new_game", "settings", "stats", "replays"):
            getattr(app, NAVIGATION[name])()
            step(app)
            scene = top(app)
            for widget in scene.widgets.widgets:  # type: ignore[attr-defined]
                if widget.visible:
                    assert widget.rect.left >= 0 and widget.rect.right <= size[0], (name, widget)
            app.stack.pop()
        app.show_rules(None)
        step(app)
        app.stack.pop()
        step(app)


# --- the monkey ------------------------------------------------------------------------------------------

MONKEY_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_RETURN,
               pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE)


MONKEY_ROUNDS = 48
MONKEY_STEPS = 25


@pytest.mark.slow
def test_monkey_clicks_and_keys_on_every_screen(app: App) -> None:
    """A fixed number of frames of random input on every menu screen; any exception in a scene fails the test."""
    add_games(app, 8)
    for name in ("start", "restart", "resume", "replay", "review", "quit", "fullscreen"):
        capture(app, name)
    assert app.options.raise_errors  # App.step lets a scene's exception through instead of showing the error screen
    rng = random.Random(20250101)
    width, height = app.ctx.size
    screens = ("title", "new_game", "settings", "rules", "stats", "replays")
    events = 0
    for round_ in range(MONKEY_ROUNDS):
        app.show_title()
        opener = screens[round_ % len(screens)]
        if opener == "rules":
            app.show_rules(None)
        elif opener != "title":
            getattr(app, NAVIGATION[opener])()
        if round_ % 7 == 3:
            app.ctx.update_settings(language="ja" if app.ctx.settings.language == "en" else "en")
        for _ in range(MONKEY_STEPS):
            for _ in range(rng.randint(1, 4)):
                roll = rng.random()
                pos = (rng.randrange(width), rng.randrange(height))
                if roll < 0.45:
                    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
                    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
                elif roll < 0.55:
                    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)),
                                                         flipped=False))
                elif roll < 0.62:
                    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice("ab/.- 日本")))
                else:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(MONKEY_KEYS), mod=0,
                                                         unicode="", scancode=0))
                events += 1
            app.step(DT)
            assert not isinstance(top(app), ErrorScene), "the monkey reached the error screen"
            if isinstance(top(app), TableScene):
                app.show_title()
            app.running = True
    assert events > 2000


def test_the_monkey_fails_when_a_scene_raises(app: App) -> None:
    """The helpers' app lets a scene's exception out of App.step, so a monkey run cannot hide it."""
    def explode(intent: object) -> None:
        raise RuntimeError("a broken handler")

    title(app).handle = explode  # type: ignore[method-assign]
    with pytest.raises(RuntimeError, match="a broken handler"):
        key(app, pygame.K_DOWN)


# --- the bundled font has every character these screens show ----------------------------------




def test_title_shows_the_statistics_recovery_notice_once(tmp_path: Path) -> None:
    home = AppPaths.under(tmp_path / "home")
    home.data_dir.mkdir(parents=True)
    home.stats_db.write_bytes(b"not a database" * 100)
    app = App(AppOptions(headless=True, worker_mode="inline", paths=home, windowed_size=(1280, 720)))
    try:
        app.ctx.update_settings(language="en")
        app.show_title()
        step(app)
        notice = top(app)
        assert isinstance(notice, MessageDialog)
        (kept,) = home.data_dir.glob("stats.sqlite3.corrupt-*")
        assert kept.name in "".join(notice.lines).replace(" ", "") or kept.name in "".join(notice.lines)
        key(app, pygame.K_RETURN)
        assert top(app) is notice, "a key pressed as the notice came up is not taken as its answer"
        app.step(KEY_GRACE)
        key(app, pygame.K_RETURN)
        assert isinstance(top(app), TitleScene)
        app.show_title()
        step(app)
        assert isinstance(top(app), TitleScene)
    finally:
        app.close()

def test_the_title_sways_at_a_low_frame_rate_and_draws_at_once_after_input(app: App) -> None:
    from game.ui.scenes.title import SWAY_FPS

    step(app, 5)
    draws = app.draws
    for _ in range(120):  # two seconds
        app.step(DT, always_draw=False)
    assert abs((app.draws - draws) - 2 * SWAY_FPS) <= 2
    draws = app.draws
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    app.step(DT, always_draw=False)
    assert app.draws == draws + 1


def test_the_title_left_alone_comes_to_rest_and_draws_nothing_until_input(app: App) -> None:
    from game.ui.scenes.title import AWAKE_S, SETTLE_S, SWAY_FPS

    step(app, 5)
    title = top(app)
    assert isinstance(title, TitleScene) and title.frame_rate() == SWAY_FPS
    for _ in range(round((AWAKE_S + SETTLE_S + 0.5) * 60)):
        app.step(1 / 60, always_draw=False)
    assert title.frame_rate() == 0 and title.lively == 0
    draws = app.draws
    for _ in range(600):  # ten more seconds: not a frame drawn
        app.step(1 / 60, always_draw=False)
    assert app.draws == draws
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(1 / 60, always_draw=False)
    assert title.frame_rate() == SWAY_FPS and app.draws == draws + 1  # woken: it sways again


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_mode_descriptions_are_wrapped_in_full_inside_the_panel(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    step(app)
    for language in ("ja", "en"):
        app.ctx.update_settings(language=language)
        scene = open_new_game(app)
        for mode, lines in scene.card_lines.items():
            text = app.ctx.t(f"preset.{mode}.line") if mode != "custom" else app.ctx.t("screen.new.custom_line")
            assert "…" not in "".join(lines)
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), mode
            assert scene.left.contains(scene.cards[mode].rect), mode
        app.stack.pop()
        step(app)


def test_the_rules_of_a_three_player_game_list_only_its_classes(app: App) -> None:
    app.show_rules(preset_rules("standard", 3))
    step(app)
    scene = top(app)
    assert isinstance(scene, RulesScene)
    text = scene._points_text()
    assert "Rich +1" in text and "Poor -1" in text
    assert "Tycoon" not in text and "Beggar" not in text
