"""The review of a game: from the result screen and from Replays, off the frame loop, cancellable, and the
costliest moves opening the replay at their moment."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from ai.review import decision_points, typical_games
from game.engine import Play, parse_cards
from game.engine.plays import SINGLE
from game.engine.record import parse_record, record_json
from game.session import Session
from game.storage.stats import GameRow
from game.ui.app import App
from game.ui.scenes import review as review_scene
from game.ui.scenes.replay_viewer import ReplayViewerScene
from game.ui.scenes.replays import ReplaysScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.review import ReviewScene
from game.ui.scripted import headless_app, setup_for

from .spying import texts_drawn
from .test_result import result_of

WORLDS = 4
"""Few worlds: these tests check the screen, not the Expert."""
DT = 1 / 60


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(review_scene, "WORLDS", WORLDS)
    application = headless_app((960, 600), home=tmp_path, language="en", raise_errors=True)
    application.show_title()
    application.step(DT)
    yield application
    application.close()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    app.step(DT)


def finish(app: App, scene: ReviewScene, frames: int = 2000) -> None:
    """Frames until the review is done (the inline worker rates one decision a frame)."""
    for _ in range(frames):
        if scene.done:
            app.step(DT)
            return
        app.step(DT)
    raise AssertionError("the review did not finish")


def result_screen(app: App) -> ResultScene:
    """The result screen of the second game of a match (with the exchange)."""
    return result_of(app, setup_for("standard", 4, seed=3, games=3), lambda s: len(s.match.games) == 2)


def test_review_my_game_from_the_result_screen_rates_every_decision_and_opens_the_replay_there(app: App) -> None:
    result = result_screen(app)
    session: Session = result.session
    click(app, result.review_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene)
    assert scene.record == record_json(session.rules, [session.game]) and scene.seat == session.human_seat
    finish(app, scene)
    review = scene.review
    assert review is not None and scene.error is None
    points = decision_points(parse_record(scene.record), scene.seat)
    assert [r.number for r in review.ratings] == [p.number for p in points]
    assert review.points == session.game.result.points[session.human_seat]  # type: ignore[union-attr]
    assert all(r.best_points >= r.played_points for r in review.ratings)
    assert len(scene.rows) == len(review.costliest()) <= 3
    if not scene.rows:
        pytest.skip("no costly move in this game")  # pragma: no cover - the seeded game has some
    # Enter on the focused costliest move opens the replay just before it, from the player's seat.
    assert scene.widgets.focus == 1
    key(app, pygame.K_RETURN)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayViewerScene)
    costliest = review.costliest()[0]
    frame = viewer.frame
    assert frame is not None and (frame.game_index, frame.action_index) == (0, max(-1, costliest.action - 1))
    assert viewer.seat == scene.seat
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is scene
    # A click on the second costliest move does the same for it.
    if len(scene.rows) > 1:
        click(app, scene.rows[1].rect.center)
        viewer = app.stack.top
        assert isinstance(viewer, ReplayViewerScene) and viewer.frame is not None
        assert viewer.frame.action_index == max(-1, review.costliest()[1].action - 1)
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    assert top(app) is result


def top(app: App) -> object:
    """The top scene, looked up anew (a key may have changed it)."""
    return app.stack.top


@pytest.mark.slow
def test_a_review_seen_again_is_not_worked_out_again(app: App) -> None:
    record, seat = typical_games(1, 3)[0]
    first = ReviewScene(app.ctx, record, seat)
    app.stack.push(first)
    finish(app, first)
    app.stack.pop()
    again = ReviewScene(app.ctx, record, seat)
    assert again.done and again.review == first.review
    other_seat = ReviewScene(app.ctx, record, (seat + 1) % 4)
    assert not other_seat.done


def test_review_from_replays_reviews_the_selected_game_for_the_players_seat(app: App) -> None:
    record, seat = typical_games(1, 5)[0]
    stats = app.ctx.stats
    assert stats is not None
    stats.add_game(GameRow(played_at="2025-03-01T12:00:00Z", preset="standard", rules={}, players=4,
                           opponents=[None if s == seat else "normal" for s in range(4)], human_seat=seat, place=0,
                           title="daifugo", points=2, duration_s=60.0, record=record))
    app.show_replays()
    app.step(DT)
    replays = app.stack.top
    assert isinstance(replays, ReplaysScene)
    click(app, replays.review_button.rect.center)
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.seat == seat and scene.record == record
    finish(app, scene)
    assert scene.review is not None and len(scene.review.ratings) == len(decision_points(parse_record(record), seat))


def test_the_review_runs_off_the_frame_loop_and_cancel_stops_it(tmp_path: Path) -> None:
    """With the worker in a thread, frames go on while the decisions are rated; Cancel stops the work."""
    app = headless_app((960, 600), home=tmp_path, language="ja", worker_mode="thread", raise_errors=True)
    try:
        app.show_title()
        record, seat = typical_games(1, 3)[0]
        scene = ReviewScene(app.ctx, record, seat, worlds=400)
        app.stack.push(scene)
        for _ in range(30):
            app.step(DT)
            if scene.running:
                break
        assert scene.running and not scene.done, "the frames go on while the Expert works"
        tickets = list(scene.running)
        click(app, scene.cancel_button.rect.center)
        assert app.stack.top is not scene and not scene.running
        assert all(app.ctx.worker.poll_call(ticket) is None for ticket in tickets)
        check = app.ctx.worker.submit_call(_answer)
        assert app.ctx.worker.wait(check, 60.0) == 42, "the cancelled work stopped: the worker is free again"
    finally:
        app.close()


def _answer(cancelled: object) -> int:
    return 42


def test_a_record_that_does_not_replay_says_why(app: App) -> None:
    record, seat = typical_games(1, 3)[0]
    broken = {**record, "games": [{**record["games"][-1], "actions": [{"seat": 9, "pass": True}]}]}
    scene = ReviewScene(app.ctx, broken, seat)
    app.stack.push(scene)
    finish(app, scene, frames=600)
    assert scene.error is not None and scene.review is None
    assert scene.error.startswith(app.ctx.t("review.failed", detail="")[:10])


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.slow
def test_the_review_fits_the_window(app: App, size: tuple[int, int], language: str) -> None:
    app.ctx.update_settings(language=language)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(DT)
    record, seat = typical_games(1, 3)[0]
    scene = ReviewScene(app.ctx, record, seat)
    app.stack.push(scene)
    finish(app, scene)
    window = pygame.Rect((0, 0), size)
    for widget in scene.widgets.widgets:
        if widget.visible:
            assert window.contains(widget.rect), widget
    for a, b in zip(scene.rows, scene.rows[1:]):
        assert not a.rect.colliderect(b.rect)
    assert all(scene.body.contains(row.rect) for row in scene.rows)
    assert scene.body.contains(scene.chart)


def test_a_missed_way_out_by_force_is_spelled_out_on_its_row(app: App) -> None:
    record, seat = typical_games(1, 3)[0]
    scene = ReviewScene(app.ctx, record, seat)
    app.stack.push(scene)
    finish(app, scene)
    assert scene.review is not None and scene.review.costliest()
    costliest = scene.review.costliest()[0]
    two, five = (Play(parse_cards(code), SINGLE, rank, 1, suit) for code, rank, suit in (("2S", 12, 1), ("5D", 2, 4)))
    missed = replace(costliest, best=two, sure_line=(two, five))
    scene.review = replace(scene.review, ratings=tuple(missed if r is costliest else r for r in scene.review.ratings))
    scene._build()
    texts = [text for text, _ in texts_drawn(app)]
    assert "A sure way out" in texts and "then ♦5" in texts
