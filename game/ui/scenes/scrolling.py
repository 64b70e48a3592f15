"""A scrolling area of the menu screens: the viewport (``Scroller``) and drawing recorded for it (``Content``).

Widgets inside the scrolling area are placed in *content* coordinates with
``Scroller.place``; the scroller moves them on screen.  ``Content`` records
drawing in content coordinates at layout time and replays what shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..theme import px
from ..widgets import Widget, rounded_panel
from .drawing import chip, panel, section_title

if TYPE_CHECKING:
    from ..context import Context


# --- scrolling -------------------------------------------------------------------------------------


class Scroller:
    """A vertical scrolling viewport: content coordinates, smooth offset, a scroll bar."""

    def __init__(self) -> None:
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self.offset = 0.0
        self.target = 0.0
        self._placed: dict[int, tuple[Widget, pygame.Rect]] = {}

    # --- geometry ---

    def reset(self, view: pygame.Rect, content_h: int) -> None:
        self.view = view
        self.content_h = content_h
        self.target = min(max(0.0, self.target), self.max_offset)
        self.offset = min(max(0.0, self.offset), self.max_offset)
        self.apply()

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content_h - self.view.height))

    @property
    def scrollable(self) -> bool:
        return self.max_offset > 0

    def y(self, content_y: float) -> int:
        """The screen y of a content y."""
        return round(self.view.top + content_y - self.offset)

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        return rect.move(self.view.left, self.view.top - round(self.offset))

    def visible(self, top: float, bottom: float) -> bool:
        """Does the content span ``top..bottom`` show in the viewport?"""
        return bottom >= self.offset and top <= self.offset + self.view.height

    # --- widgets ---

    def clear(self) -> None:
        self._placed.clear()

    def place(self, widget: Widget, rect: pygame.Rect) -> None:
        """Put ``widget`` at ``rect`` in content coordinates (x from the viewport's left)."""
        self._placed[id(widget)] = (widget, rect)
        widget.rect = self.to_screen(rect)

    def holds(self, widget: Widget) -> bool:
        return id(widget) in self._placed

    def widgets(self) -> list[Widget]:
        return [w for w, _ in self._placed.values()]

    def apply(self) -> None:
        for widget, rect in self._placed.values():
            widget.rect = self.to_screen(rect)

    @contextmanager
    def hidden(self) -> Iterator[None]:
        """Hide the scrolled widgets for a while (a click outside the viewport must not reach them)."""
        shown = [w for w, _ in self._placed.values() if w.visible]
        for widget in shown:
            widget.visible = False
        try:
            yield
        finally:
            for widget in shown:
                widget.visible = True

    # --- moving ---

    def scroll_to(self, offset: float, *, instant: bool = False) -> None:
        self.target = min(max(0.0, offset), self.max_offset)
        if instant:
            self.offset = self.target
            self.apply()

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.target + dy)

    def ensure_visible(self, widget: Widget, margin: int = 0) -> None:
        entry = self._placed.get(id(widget))
        if entry is None:
            return
        rect = entry[1]
        if rect.top - margin < self.target:
            self.scroll_to(rect.top - margin)
        elif rect.bottom + margin > self.target + self.view.height:
            self.scroll_to(rect.bottom + margin - self.view.height)

    def update(self, dt: float) -> None:
        if abs(self.target - self.offset) < 0.5:
            if self.offset != self.target:
                self.offset = self.target
                self.apply()
            return
        self.offset += (self.target - self.offset) * min(1.0, dt * 16)
        self.apply()

    # --- the scroll bar ---

    def track(self, scale: float) -> pygame.Rect:
        width = px(8, scale)
        return pygame.Rect(self.view.right + px(6, scale), self.view.top, width, self.view.height)

    def thumb(self, scale: float) -> pygame.Rect:
        track = self.track(scale)
        if not self.scrollable:
            return track
        height = max(px(30, scale), round(track.height * self.view.height / max(1, self.content_h)))
        top = track.top + round((track.height - height) * self.offset / self.max_offset)
        return pygame.Rect(track.left, top, track.width, height)

    def click_bar(self, pos: tuple[int, int], scale: float) -> bool:
        """A click on the scroll bar: jump so that the thumb centres on it."""
        if not self.scrollable or not self.track(scale).inflate(px(12, scale), 0).collidepoint(pos):
            return False
        track = self.track(scale)
        fraction = (pos[1] - track.top) / max(1, track.height)
        self.scroll_to(fraction * self.content_h - self.view.height / 2)
        return True

    def draw_bar(self, surface: pygame.Surface, scale: float) -> None:
        if not self.scrollable:
            return
        track = self.track(scale)
        rounded_panel(surface, track, (0, 0, 0, 90), track.width // 2)
        rounded_panel(surface, self.thumb(scale), (232, 190, 84, 200), track.width // 2)


# --- recorded drawing ----------------------------------------------------------------------------


class Content:
    """Drawing recorded in content coordinates at layout time and replayed, scrolled and clipped, by ``draw``.

    Each operation knows its vertical span, so only what shows in the viewport is drawn.
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.ops: list[tuple[int, int, Callable[[pygame.Surface, int, int], None]]] = []
        self.height = 0

    def clear(self) -> None:
        self.ops.clear()
        self.height = 0

    def add(self, top: int, bottom: int, paint: Callable[[pygame.Surface, int, int], None]) -> None:
        """``paint(surface, dx, dy)`` draws with every content position moved by (dx, dy)."""
        self.ops.append((top, bottom, paint))
        self.height = max(self.height, bottom)

    def text(self, text: str, pos: tuple[int, int], size: int, color: tuple[int, ...], *, anchor: str = "topleft",
             bold: bool = False, shadow: bool = False) -> pygame.Rect:
        """A line of text; returns its rect in content coordinates."""
        rect = pygame.Rect((0, 0), self.ctx.text.size(text, size, bold=bold))
        setattr(rect, anchor, pos)
        x, y = rect.topleft

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            self.ctx.text.draw(surface, text, (x + dx, y + dy), size, color, anchor="topleft", bold=bold,
                               shadow=shadow)

        self.add(rect.top, rect.bottom, paint)
        return rect

    def lines(self, lines: Sequence[str], pos: tuple[int, int], size: int, color: tuple[int, ...], *,
              line_h: int | None = None, bold: bool = False) -> int:
        """Lines one under another from ``pos``; returns the y under the last one."""
        step = line_h or round(size * 1.5)
        x, y = pos
        for line in lines:
            self.text(line, (x, y), size, color, bold=bold)
            y += step
        return y

    def chip(self, text: str, pos: tuple[int, int], color: theme.Color, *, size: int,
             anchor: str = "topleft", ink: tuple[int, ...] = theme.INK) -> pygame.Rect:
        width, height = self.ctx.text.size(text, size, bold=True)
        rect = pygame.Rect(0, 0, width + max(4, size * 2 // 3) + size // 3, height + max(2, size // 4) * 2)
        setattr(rect, anchor, pos)
        shape = rect.copy()

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            chip(self.ctx, surface, text, shape.move(dx, dy).center, color, size=size, ink=ink)

        self.add(rect.top, rect.bottom, paint)
        return rect

    def panel(self, rect: pygame.Rect, color: theme.Color, radius: int, border: theme.Color | None = None,
              width: int = 0) -> None:
        shape = rect.copy()

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            panel(self.ctx, surface, shape.move(dx, dy), color, radius, border, width)

        self.add(rect.top, rect.bottom, paint)

    def heading(self, text: str, pos: tuple[int, int], width: int, scale: float) -> int:
        """A section title; returns the y under it."""
        x, y = pos

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            section_title(self.ctx, surface, text, (x + dx, y + dy), width, scale)

        height = round(px(theme.FONT_LABEL - 2, scale) * 1.5) + px(8, scale)
        self.add(y, y + height, paint)
        return y + height

    def draw(self, surface: pygame.Surface, scroller: Scroller) -> None:
        dx, dy = scroller.view.left, scroller.view.top - round(scroller.offset)
        for top, bottom, paint in self.ops:
            if scroller.visible(top, bottom):
                paint(surface, dx, dy)


__all__ = ["Content", "Scroller"]
