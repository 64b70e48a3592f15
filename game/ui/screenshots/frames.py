"""Running a headless app's frames for a screenshot and saving what it shows."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame

from ..app import App

SETTLE = 90
"""Frames run before a screenshot so that animations have ended."""


def settle(app: App, frames: int = SETTLE) -> None:
    for _ in range(frames):
        app.step(1 / 30)


def save(app: App, folder: Path, name: str) -> Path:
    path = folder / f"{name}.png"
    pygame.image.save(app.screen, str(path))
    return path


def until(app: App, done: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Frames (letting the network threads run) until ``done()``, at most ``seconds``."""
    end = time.monotonic() + seconds
    pause = threading.Event()
    while time.monotonic() < end:
        if done():
            return True
        app.step(1 / 30)
        pause.wait(0.01)
    return done()


