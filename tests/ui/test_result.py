"""The result screen: this game and the match apart, and the house rules that decided places explained."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.session import HUMAN, Session, SessionSetup
from game.ui.app import App
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import find_position, headless_app, play_until, setup_for


@pytest.fixture(params=["en", "ja"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    application = headless_app((960, 600), home=tmp_path, language=request.param)
    yield application
    application.close()


def result_of(app: App, setup: SessionSetup, want: Callable[[Session], bool]) -> ResultScene:
    """The result screen of the first game of ``setup`` that ends as ``want`` says (played without frames)."""
    session = find_position(setup, lambda s: s.game.result is not None and want(s), worker=app.ctx.worker)
    assert session is not None
    app.session = session
    app.stack.reset(TableScene(app.ctx, session))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene))
    scene = app.stack.top
    assert isinstance(scene, ResultScene)
    return scene


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def test_this_game_and_the_match_are_apart_and_forbidden_finish_and_miyako_ochi_explained(app: App) -> None:
    scene = result_of(app, setup_for("tournament", 4, seed=2), lambda s: bool(s.game.forbidden) and s.game.miyako >= 0)
    session, t = scene.session, app.ctx.t
    game, match = session.game, session.match
    result = game.result
    assert result is not None
    assert [seat for seat in result.places] == [match.seat_of(p) for _, p, _, _ in scene.game_rows()]
    assert [points for *_, points in scene.game_rows()] == [result.points[s] for s in result.places]
    totals = [total for _, _, total in scene.match_rows()]
    assert totals == sorted(match.totals, reverse=True) and len(match.results) > 1
    notes = scene.notes()
    forbidden = t("seat.cpu", n=match.player_at(game.forbidden[0])) if match.player_at(game.forbidden[0]) \
        else t("seat.you")
    assert any(t("switch.forbidden_finish.help") in note and forbidden in note for note in notes)
    assert any("都落ち" in note for note in notes)
    app.step(1 / 60)  # drawn with its notes
    games, over = len(match.games), session.over
    click(app, scene.widgets.widgets[0].rect.center)  # Next game, or a new match after the last game
    assert isinstance(app.stack.top, TableScene)
    assert app.session is not session if over else len(session.match.games) == games + 1


def test_gekokujo_is_explained(app: App) -> None:
    setup = replace(setup_for("standard", 4, seed=5), overrides={"gekokujo": True})
    scene = result_of(app, setup, lambda s: s.game.gekokujo >= 0)
    notes = scene.notes()
    assert len(notes) == 1 and app.ctx.t("switch.gekokujo.name") in notes[0]
    app.step(1 / 60)


def test_a_quiet_game_has_no_notes(app: App) -> None:
    scene = result_of(app, setup_for("classic", 3, seed=1), lambda s: True)
    assert scene.notes() == []
    assert [place for place, *_ in scene.game_rows()] == [0, 1, 2]


def test_equal_totals_share_a_rank_in_the_standings(app: App) -> None:
    scene = result_of(app, setup_for("standard", 4, seed=3), lambda s: True)
    match = scene.session.match
    first, second, third, fourth = match.ranking()
    match.totals[first], match.totals[second], match.totals[third], match.totals[fourth] = 7, 5, 5, 1
    assert [(rank, total) for rank, _, total in scene.match_rows()] == [(0, 7), (1, 5), (1, 5), (3, 1)]
    _, standings = scene.boards()
    assert [cells[0].text for _, cells in standings.rows] == [app.ctx.t(f"place.{n}") for n in (1, 2, 2, 4)]
    assert app.ctx.t("result.tied") in standings.footer
    app.step(1 / 60)


def test_a_match_the_player_won_ends_in_confetti_unless_effects_are_reduced(app: App) -> None:
    setup = replace(setup_for("standard", 4, "beginner", seed=1), games=1)

    def won(session: Session) -> bool:
        return session.over and session.match.outcome is not None and session.match.outcome.ranking[0] == HUMAN

    for seed in range(1, 30):
        session = find_position(replace(setup, seed=seed), lambda s: s.game.result is not None and won(s),
                                worker=app.ctx.worker)
        if session is not None:
            break
    assert session is not None
    scene = ResultScene(app.ctx, session, on_next=lambda: None)
    app.stack.push(scene)
    assert scene.won_the_match() and scene.bursts and scene.frame_rate() > 0
    for _ in range(400):
        app.step(1 / 30)
    assert not scene.bursts and scene.frame_rate() == 0  # the confetti falls, then the screen rests
    app.stack.pop()
    app.ctx.update_settings(reduce_effects=True)
    quiet = ResultScene(app.ctx, session, on_next=lambda: None)
    app.stack.push(quiet)
    assert not quiet.bursts
