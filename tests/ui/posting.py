"""Posting the player's input to a headless app: keys and clicks as pygame events, one frame each."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.scripted import headless_app

DT = 1 / 30
"""The length of a frame the tests run."""


@contextmanager
def english_app(home: Path) -> Iterator[App]:
    """A headless app in English keeping its files in ``home``, at the title, closed afterwards."""
    app = headless_app(home=home, language="en", raise_errors=True)
    app.show_title()
    app.step(DT)
    try:
        yield app
    finally:
        app.close()


def frames(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.step(DT)


def key(app: App, code: int, times: int = 1) -> None:
    """Press a key (``times`` over), a frame after each press."""
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
        app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the pointer to ``pos`` and click there, in one frame."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
