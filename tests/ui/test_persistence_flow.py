"""Autosave and resume from a real played match; statistics and replays of real games, through the UI."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import Turn
from game.ui.app import App
from game.ui.scenes.replay_viewer import ReplayViewerScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot, headless_app, play_until, setup_for

SETUP = setup_for("standard", 4, "normal", seed=77, games=3)


def history(app: App) -> list[Turn]:
    assert app.session is not None
    return app.session.game.turns()


@pytest.mark.slow
def test_quit_and_resume_continues_exactly(tmp_path: Path) -> None:
    pilot = Autopilot("normal", seed=4)
    # The reference: one app plays game 1 to its end without stopping.
    reference = headless_app(home=tmp_path / "a", raise_errors=True)
    reference.start_match(SETUP)
    play_until(reference, lambda a: isinstance(a.stack.top, ResultScene), autopilot=pilot)
    expected = history(reference)
    reference.close()
    # The same match, quit to the title after 12 actions, resumed in a new app.
    first = headless_app(home=tmp_path / "b", raise_errors=True)
    first.start_match(SETUP)
    play_until(first, lambda a: len(history(a)) >= 12, autopilot=pilot)
    first.show_title()
    first.close()
    second = headless_app(home=tmp_path / "b", raise_errors=True)
    assert second.has_autosave()
    assert second.resume_match()
    assert isinstance(second.stack.top, TableScene)
    assert history(second)[:12] == expected[:12]
    play_until(second, lambda a: isinstance(a.stack.top, ResultScene), autopilot=pilot)
    assert history(second) == expected
    second.close()


def test_a_corrupt_autosave_is_set_aside_and_the_title_still_works(tmp_path: Path) -> None:
    app = headless_app(home=tmp_path, raise_errors=True)
    app.paths.autosave_file.write_text("{ not json", encoding="utf-8")
    assert not app.has_autosave()
    app.show_title()
    app.step(1 / 30)
    assert not app.resume_match()
    app.close()


@pytest.mark.slow
def test_a_finished_game_is_in_the_statistics_and_opens_in_the_replay_viewer(tmp_path: Path) -> None:
    app = headless_app(home=tmp_path, language="en", raise_errors=True)
    app.start_match(SETUP)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=1))
    session = app.session
    assert session is not None and session.game.result is not None
    stats = app.ctx.stats
    assert stats is not None
    app.writer.flush()
    (game,) = stats.recent_games()
    assert game.place == session.game.result.places.index(session.human_seat)
    record = stats.game_record(game.id)
    assert record is not None
    app.show_replay(record)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene) and not viewer.error
    assert viewer.frames[-1].game.result == session.game.result
    for _ in range(5):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    app.step(1 / 30)
    assert viewer.index == 5
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode=""))
    app.step(1 / 30)
    assert viewer.index == 4
    viewer.all_toggle.activate()
    app.step(1 / 30)
    assert viewer.show_all
    app.close()


@pytest.mark.slow
def test_the_replay_names_seats_as_the_table_did_and_plays_on_by_itself(tmp_path: Path) -> None:
    app = headless_app(home=tmp_path, language="en", raise_errors=True)
    app.start_match(SETUP)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=1))
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene)
    names = [table.seat_name(seat) for seat in range(table.session.game.n)]
    app.writer.flush()
    stats = app.ctx.stats
    assert stats is not None
    (game,) = stats.recent_games()
    record = stats.game_record(game.id)
    assert record is not None
    app.show_replay(record, table.session.human_seat)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    assert [viewer.seat_name(seat) for seat in range(len(names))] == names
    selector = viewer.autoplay_selector
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(selector.rect.right - 4, selector.rect.centery),
                                         button=1))
    app.step(1 / 30)
    assert viewer.autoplay == 1.6  # off → slow
    for _ in range(50):  # 1.67 s
        app.step(1 / 30)
    assert viewer.index == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    app.step(1 / 30)
    assert viewer.autoplay == 0.0  # Space pauses
    for _ in range(60):
        app.step(1 / 30)
    assert viewer.index == 1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=""))
    for _ in range(61):  # 2 s at 0.9 s a move
        app.step(1 / 30)
    assert viewer.index == 3
    app.close()


@pytest.mark.slow
def test_the_log_file_receives_what_happened(tmp_path: Path) -> None:
    app = headless_app(home=tmp_path, language="en", raise_errors=True)
    app.start_match(SETUP)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=1))
    app.close()
    text = Path(app.log_file).read_text(encoding="utf-8")
    assert "starting: Python" in text and "new match:" in text and "game over:" in text and "closing" in text


def play_to_the_end_of_the_match(app: App, pilot: Autopilot) -> None:
    while True:
        play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=pilot, max_frames=20_000)
        if app.session is None or app.session.over:
            return
        result = app.stack.top
        assert isinstance(result, ResultScene)
        result.widgets.widgets[0].activate()  # the next game


@pytest.mark.slow
def test_a_restored_copy_of_a_recorded_match_is_recorded_as_a_new_match(tmp_path: Path) -> None:
    """Before: every game played from the restored copy, and its match, were skipped as recorded before."""
    pilot = Autopilot("normal", seed=4)
    setup = setup_for("standard", 4, "normal", seed=21, games=2)
    app = headless_app(home=tmp_path, raise_errors=True)
    app.start_match(setup)
    play_until(app, lambda a: len(history(a)) >= 6, autopilot=pilot)
    app.show_title()
    app.writer.flush()
    backup = app.paths.autosave_file.read_bytes()  # the player copies the saved match away
    assert app.resume_match()
    play_to_the_end_of_the_match(app, pilot)
    app.show_title()
    app.writer.flush()
    stats = app.ctx.stats
    assert stats is not None and stats.count_games() == 2 and len(stats.recent_matches()) == 1
    app.paths.autosave_file.write_bytes(backup)  # ... and puts the copy back
    assert app.resume_match()
    play_to_the_end_of_the_match(app, pilot)
    app.writer.flush()
    matches = stats.recent_matches()
    assert len(matches) == 2 and stats.count_games() == 4
    assert [len(stats.match_games(m.id)) for m in matches] == [2, 2]
    app.close()
