"""Watching what a screen draws: the texts of one frame and where they went."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.app import App


def texts_drawn(app: App, draw: Callable[[], object] | None = None) -> list[tuple[str, pygame.Rect]]:
    """Each text drawn (and its rectangle) by ``draw`` (default: one frame of the app)."""
    texts: list[tuple[str, pygame.Rect]] = []
    original = app.ctx.text.draw

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> pygame.Rect:
        rect = original(surface, text, *args, **kwargs)  # type: ignore[arg-type]
        texts.append((text, rect))
        return rect

    app.ctx.text.draw = spy  # type: ignore[method-assign]
    try:
        if draw is None:
            app.step(1 / 60)
        else:
            draw()
    finally:
        app.ctx.text.draw = original  # type: ignore[method-assign]
    return texts
