"""The statistics screen's progress charts: drawn from an empty, a one-game and a 10,000-game database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.storage.stats import StatsStore
from game.ui.app import App
from game.ui.charts import Axis, Plot, nice_ticks
from game.ui.scenes.stats import StatsScene
from game.ui.scripted import headless_app
from tests.storage.helpers import fill_games, row

SIZES = ((960, 600), (1920, 1080))


@pytest.fixture(params=["en", "ja"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    application = headless_app((960, 600), home=tmp_path, language=request.param, raise_errors=True)
    application.show_title()
    application.step(1 / 60)
    yield application
    application.close()


def stats_path(app: App) -> Path:
    stats = app.ctx.stats
    assert isinstance(stats, StatsStore)
    return stats.path


def show_every_chart(app: App, size: tuple[int, int]) -> StatsScene:
    """Open the statistics at ``size`` and scroll through them all, every frame drawn."""
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.step(1 / 60)
    app.show_stats()
    app.step(1 / 60)
    scene = app.stack.top
    assert isinstance(scene, StatsScene)
    for _ in range(200):
        if scene.scroller.offset >= scene.scroller.max_offset:
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
        app.step(1 / 10)
    app.step(1 / 60)
    return scene


@pytest.mark.parametrize("size", SIZES)
def test_no_games_no_charts_and_no_error(app: App, size: tuple[int, int]) -> None:
    scene = show_every_chart(app, size)
    assert scene.total == 0 and scene.progress == {} and not scene._charts


@pytest.mark.parametrize("size", SIZES)
def test_one_game_draws_both_charts(app: App, size: tuple[int, int]) -> None:
    stats = app.ctx.stats
    assert stats is not None
    stats.add_game(row("2025-03-01T12:00:00Z", place=1))
    scene = show_every_chart(app, size)
    assert len(scene.progress) == 1
    kinds = {key[2] for key in scene._charts}
    assert kinds == {"points", "places"}
    for image in scene._charts.values():
        assert image.get_width() > 100 and image.get_height() > 50


@pytest.mark.slow
def test_ten_thousand_games_draw_every_chart_at_every_size(app: App) -> None:
    path = stats_path(app)
    fill_games(path, 10_000, groups=(("standard", 4, "normal"), ("standard", 4, "strong"), ("duel5", 2, "expert"),
                                     ("uecda", 5, "expert")))
    for size in SIZES:
        scene = show_every_chart(app, size)
        assert sum(len(p.games) for p in scene.progress.values()) == 10_000
        drawn = {key[:3] for key in scene._charts}
        assert drawn == {(p, s, kind) for p, s, _ in scene.progress for kind in ("points", "places")}
        app.stack.pop()


def test_a_plot_of_more_values_than_pixels_draws_one_bar_per_column(app: App) -> None:
    plot = Plot(app.ctx, (200, 100), Axis(-2, 2, [(-2, "-2"), (0, "0"), (2, "+2")], zero=0), count=10_000)
    values = [2.0 if i < 5000 else -2.0 for i in range(10_000)]
    plot.bars(values, (255, 0, 0), negative=(0, 0, 255))
    plot.line(values, (255, 255, 255))
    image = plot.image()
    inner = plot.inner
    left = image.get_at((inner.left + inner.width // 4, round(plot.y(1.0))))
    right = image.get_at((inner.left + 3 * inner.width // 4, round(plot.y(-1.0))))
    assert left.r > 200 and left.b < 60, "the first half's bars go up in the positive colour"
    assert right.b > 200 and right.r < 60, "the second half's go down in the negative colour"


def test_an_upside_down_axis_puts_its_low_end_on_top(app: App) -> None:
    plot = Plot(app.ctx, (200, 100), Axis(1, 4, invert=True), count=4)
    assert plot.y(1) == plot.inner.top and plot.y(4) == plot.inner.bottom
    assert plot.x(0) < plot.x(3) and Plot(app.ctx, (200, 100), Axis(0, 1), count=1).x(0) == plot.inner.centerx


def test_nice_ticks_are_round_and_span_the_range() -> None:
    assert nice_ticks(0, 10) == [0, 2.5, 5, 7.5, 10]
    assert nice_ticks(1, 5, most=5) == [1, 2, 3, 4, 5]
    assert nice_ticks(-2, 2) == [-2, -1, 0, 1, 2]
    assert nice_ticks(3, 3) == [3]
