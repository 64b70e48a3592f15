"""One way the table tells kinds of events apart: a table from event type to handler.

The engine's events are a closed union of final classes.  Each part of the
table that treats them differently (the director's animations, the shown
model, the banners, the play log, the table's news) keeps an ``EventTable``
and looks the event's own type up in it, instead of running down a chain of
``isinstance`` tests.  A test checks that every handler takes the event type
it is filed under.

>>> from game.engine.events import Passed, Played
>>> words = EventTable({Passed: lambda event: f"seat {event.seat} passes"}, default=lambda event: "")
>>> words(Passed(2)), Passed in words, Played in words
('seat 2 passes', True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Generic, TypeVar

R = TypeVar("R")


class EventTable(Generic[R]):
    """Handlers by event type; ``table(event, *more)`` calls ``handler(event, *more)`` (``default`` for the rest)."""

    __slots__ = ("default", "handlers")

    def __init__(self, handlers: Mapping[type[Any], Callable[..., R]], *, default: Callable[..., R]) -> None:
        self.handlers: dict[type[Any], Callable[..., R]] = dict(handlers)
        self.default = default

    def __call__(self, event: object, *more: Any) -> R:
        return self.handlers.get(type(event), self.default)(event, *more)

    def __contains__(self, kind: object) -> bool:
        return kind in self.handlers

    def __iter__(self) -> Iterator[tuple[type[Any], Callable[..., R]]]:
        return iter(self.handlers.items())


def nothing(event: object, *more: Any) -> None:
    """The handler of the events a table leaves alone."""
    return None
