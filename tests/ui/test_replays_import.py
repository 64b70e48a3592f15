"""Importing a record: picked from the records folder or dropped onto the window; the replay controls fit."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.record import record_json
from game.ui.app import KEY_GRACE, App
from game.ui.scenes.record_picker import RecordPickerScene
from game.ui.scenes.replay_viewer import AUTOPLAY, ReplayViewerScene
from game.ui.scenes.replays import ReplaysScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scripted import find_position, headless_app, setup_for

from .spying import texts_drawn


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app((1280, 720), home=tmp_path, language="en", raise_errors=True)
    yield application
    application.close()


def a_record(app: App, seed: int = 1) -> dict[str, object]:
    session = find_position(setup_for("standard", 4, seed=seed), lambda s: s.game.result is not None,
                            worker=app.ctx.worker)
    assert session is not None
    return record_json(session.rules, [session.game])


def write(folder: Path, name: str, record: object, when: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(json.dumps(record), encoding="utf-8")
    os.utime(path, (when, when))
    return path


def table_of(app: App) -> TableScene:
    top = app.stack.top
    assert isinstance(top, TableScene)
    return top


def settle(app: App, frames: int = 5) -> None:
    """Frames until an import under way has been read and opened."""
    for _ in range(frames):
        app.step(1 / 30)
        top = app.stack.top
        if isinstance(top, ReplaysScene) and top.importing is not None:
            top.importing.wait(10)


def test_choose_offers_the_records_folder_newest_first_and_imports_the_one_chosen(app: App) -> None:
    folder = app.paths.records_dir
    old = write(folder, "daifugo-old.json", a_record(app, 1), 1_000_000)
    new = write(folder, "daifugo-new.json", a_record(app, 2), 2_000_000)
    (folder / "notes.txt").write_text("not a record")
    app.show_title()
    app.show_replays()
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene)
    replays.choose_button.activate()
    picker = app.stack.top
    assert isinstance(picker, RecordPickerScene)
    assert picker.files == [new, old]
    app.step(1 / 30)
    picker.widgets.widgets[1].activate()  # the older one
    settle(app)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene) and not viewer.error and replays.path == str(old)


def test_a_file_dropped_on_the_title_opens_in_the_replays_and_not_during_play(app: App, tmp_path: Path) -> None:
    record = write(tmp_path / "elsewhere", "game.json", a_record(app), 1_000_000)
    app.show_title()
    app.step(KEY_GRACE)
    assert isinstance(app.stack.top, TitleScene)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(record)))
    settle(app)
    assert isinstance(app.stack.top, ReplayViewerScene)
    app.start_match(setup_for("standard", 4, "beginner", seed=3), confirmed=True)
    table = table_of(app)
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(record)))
    app.step(1 / 30)
    assert table_of(app) is table and table._message is not None
    assert table._message[0] == app.ctx.t("screen.replays.drop_in_play")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_autoplay_control_words_stay_between_its_arrows(app: App, language: str) -> None:
    app.ctx.update_settings(language=language)
    app.show_replay(a_record(app))
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    for interval in AUTOPLAY:
        viewer._set_autoplay(interval)
        texts = texts_drawn(app)
        selector = viewer.autoplay_selector
        side = selector.rect.height
        (rect,) = [r for text, r in texts if selector.rect.contains(r)]
        assert rect.left >= selector.rect.left + side and rect.right <= selector.rect.right - side
