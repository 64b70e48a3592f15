"""Headless pygame for the UI tests: dummy video and audio drivers, shared assets."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pygame
import pytest

from game.ui.assets import Assets
from game.ui.card_art import CardArt

# SDL reads these when a subsystem starts (not when pygame is imported).
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"


@pytest.fixture(scope="session")
def headless_pygame() -> Iterator[None]:
    """pygame's display (dummy driver) and font modules, initialised once."""
    pygame.display.init()
    pygame.font.init()
    yield


@pytest.fixture(scope="session")
def assets(headless_pygame: None) -> Assets:
    return Assets()


@pytest.fixture(scope="session")
def card_art(assets: Assets) -> CardArt:
    return CardArt(assets)


@pytest.fixture
def no_mixer() -> Iterator[None]:
    """The mixer stopped before and after the test."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.fixture
def dummy_mixer() -> Iterator[None]:
    """The mixer running on SDL's dummy audio driver (skips when it cannot start)."""
    pygame.mixer.quit()
    try:
        pygame.mixer.init(44100, -16, 2, 512)
    except pygame.error as exc:  # pragma: no cover - SDL built without the dummy driver
        pytest.skip(f"no dummy audio: {exc}")
    yield
    pygame.mixer.quit()


@pytest.fixture(autouse=True)
def every_string_translated(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A screen that asks for a string no language has fails its test (the player would see a key)."""
    yield
    records = caplog.get_records("setup") + caplog.get_records("call")
    missing = [r.getMessage() for r in records if r.getMessage().startswith("missing string")]
    assert not missing, missing
