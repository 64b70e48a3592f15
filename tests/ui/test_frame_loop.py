"""The real frame loop draws whatever changes what is on screen, with or without input.

No pygame event is posted here: the human's moves are made through the
table's own handlers (as the autopilot does), so nothing but the loop's own
rules decides when a frame is drawn.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import DECISION_WAIT, Autopilot, headless_app, setup_for


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app((960, 600), home=tmp_path, language="en", raise_errors=True)
    yield application
    application.close()


def shown_is_fresh(app: App) -> bool:
    """The last frame the loop drew equals a full draw of the screens as they are now."""
    fresh = app.screen.copy()
    fresh.fill((255, 0, 255))
    app.stack.draw(fresh)
    return pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(app.screen, "RGB")


@pytest.mark.slow
def test_every_animation_ends_on_a_drawn_frame_without_any_input(app: App) -> None:
    """Through a whole game: whenever nothing moves any more (the loop would wait for input), the screen
    shows the true state: the computers' last play applied, the player's turn and live buttons."""
    pygame.event.clear()
    app.start_match(setup_for("standard", 4, "beginner", seed=3))
    pilot = Autopilot("normal", seed=1)
    rests = stale = 0
    for _ in range(20_000):
        assert not pygame.event.peek(), "this test runs without input events"
        if app.session is not None:
            app.session.wait_for_decision(DECISION_WAIT)
        app.step(1 / 60, always_draw=False)
        if app.stack.frame_rate() == 0:  # at rest: the loop draws nothing more until input
            rests += 1
            stale += not shown_is_fresh(app)
            top = app.stack.top
            if isinstance(top, ResultScene):
                break
            if isinstance(top, TableScene):
                pilot.act(top)
    assert isinstance(app.stack.top, ResultScene)
    assert rests >= 5
    assert stale == 0, f"{stale} of {rests} resting screens were not drawn"
