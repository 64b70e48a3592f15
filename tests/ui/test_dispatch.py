"""Every event table files each handler under the event type it takes, and covers the events it must."""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from game.engine import events as engine_events
from game.ui.app import App
from game.ui.scenes.table import TableScene
from game.ui.scripted import headless_app, setup_for
from game.ui.table import banners, log
from game.ui.table.dispatch import EventTable

EVENT_TYPES = set(typing.get_args(engine_events.Event))


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app((960, 600), home=tmp_path, language="en")
    yield application
    application.close()


def tables(app: App) -> dict[str, EventTable[Any]]:
    app.start_match(setup_for("standard", 4, "beginner", seed=1))
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return {"banners": banners.BANNERS, "log lines": log.LINES, "log kept": log.KEPT,
            "director": scene.director._starts, "model": scene.model._appliers, "toasts": scene._toasts}


def takes(handler: Callable[..., Any]) -> set[type[Any]]:
    """The event types a handler's first parameter accepts."""
    hints = typing.get_type_hints(handler)
    hints.pop("return", None)
    first = next(iter(hints.values()))
    return set(typing.get_args(first)) or {first}


def test_each_handler_takes_the_event_type_it_is_filed_under(app: App) -> None:
    for name, table in tables(app).items():
        for kind, handler in table:
            assert kind in EVENT_TYPES, (name, kind)
            assert kind in takes(handler), f"{name}: {kind.__name__} is handled by {handler.__name__}"


def test_the_log_has_a_line_for_every_kind_of_event_but_the_deal_and_the_match_end() -> None:
    for kind in EVENT_TYPES:  # a kind the engine adds must be given its line (or left out here on purpose)
        assert (kind in log.LINES) != (kind in (engine_events.Dealt, engine_events.MatchOver)), kind.__name__
