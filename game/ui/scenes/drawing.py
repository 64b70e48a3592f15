"""Drawing the menu screens share: text helpers, the felt backdrop, translucent panels, shades and ornaments.

Translucent layers (panels, shades, ornaments) are drawn once and kept in
``ctx.cache`` (the few hundred most recent).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..theme import px
from ..widgets import Label, rounded_panel

if TYPE_CHECKING:
    from ..context import Context


PANEL_FILL = (8, 30, 21, 185)
PANEL_BORDER = (232, 190, 84, 110)
ROW_FILL = (255, 255, 255, 14)
ERROR_TEXT = (255, 150, 130)
MEMO_SIZE = 400
"""Kept drawings (translucent panels, shades) in ``ctx.cache``."""


def tr(ctx: Context, key: str, **params: object) -> Callable[[], str]:
    """A label in the language of the moment (``ctx.t`` is replaced when the language changes)."""
    return lambda: ctx.t(key, **params)


def label_text(label: Label) -> str:
    return label() if callable(label) else label


# --- text ----------------------------------------------------------------------------------


def wrap_text(ctx: Context, text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Lines no wider than ``width`` (see ``TextRenderer.wrap``)."""
    return ctx.text.wrap(text, size, width, bold=bold)


def fit_text(ctx: Context, text: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it is no wider than ``width``."""
    if ctx.text.size(text, size, bold=bold)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if ctx.text.size(text[:middle].rstrip() + "…", size, bold=bold)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def draw_lines(ctx: Context, surface: pygame.Surface, lines: Sequence[str], pos: tuple[int, int], size: int,
               color: tuple[int, ...], *, line_h: int | None = None, anchor: str = "topleft",
               bold: bool = False, shadow: bool = False) -> int:
    """Draw lines one under another from ``pos`` (their ``anchor`` x); returns the y under the last one."""
    step = line_h or round(size * 1.45)
    x, y = pos
    horizontal = {"topleft": "topleft", "midtop": "midtop", "topright": "topright"}[anchor]
    for line in lines:
        ctx.text.draw(surface, line, (x, y), size, color, anchor=horizontal, bold=bold, shadow=shadow)
        y += step
    return y


def chip(ctx: Context, surface: pygame.Surface, text: str, center_or_left: tuple[int, int], color: theme.Color,
         *, size: int, anchor: str = "center", ink: tuple[int, ...] = theme.INK) -> pygame.Rect:
    """A pill-shaped label (a class badge, a value); returns its rect.  Dark chips get light ink."""
    if ink == theme.INK and 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] < 125:
        ink = theme.CREAM
    image = ctx.text.render(text, size, ink, bold=True)
    pad_x, pad_y = max(4, size * 2 // 3), max(2, size // 4)
    rect = image.get_rect().inflate(pad_x, pad_y * 2)
    setattr(rect, anchor, center_or_left)
    rounded_panel(surface, rect, color, rect.height // 2, solid=ctx.settings.high_contrast)
    surface.blit(image, image.get_rect(center=rect.center))
    return rect


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw only inside ``rect`` (and the clip already in force) for a while."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    try:
        yield
    finally:
        surface.set_clip(clip)


# --- the backdrop and translucent layers ---------------------------------------------------------


class Backdrop:
    """The green felt of the table, shared by every screen (``TablePainter.felt``)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def prepare(self, size: tuple[int, int]) -> pygame.Surface:
        from ..table.painter import TablePainter

        return TablePainter(self.ctx).felt(size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.prepare(surface.get_size()), (0, 0))


def _memo(ctx: Context, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A drawing kept in ``ctx.cache`` (the few hundred most recent)."""
    store: OrderedDict[tuple[object, ...], pygame.Surface] = ctx.cache.setdefault("menus.surfaces", OrderedDict())
    image = store.get(key)
    if image is None:
        image = store[key] = make()
        while len(store) > MEMO_SIZE:
            store.popitem(last=False)
    else:
        store.move_to_end(key)
    return image


def panel(ctx: Context, surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, radius: int,
          border: theme.Color | None = None, width: int = 0) -> None:
    """``rounded_panel`` whose translucent layers are drawn once and kept (solid in high contrast)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    if ctx.settings.high_contrast:
        rounded_panel(surface, rect, color, radius, border, width, solid=True)
        return
    translucent = (len(color) == 4 and color[3] < 255) or (border is not None and len(border) == 4 and border[3] < 255)
    if not translucent:
        rounded_panel(surface, rect, color, radius, border, width)
        return

    def make() -> pygame.Surface:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        rounded_panel(layer, layer.get_rect(), color, radius, border, width)
        return layer

    surface.blit(_memo(ctx, ("panel", rect.size, tuple(color), radius, border and tuple(border), width), make),
                 rect)


def shade(ctx: Context, surface: pygame.Surface, alpha: int, rect: pygame.Rect | None = None) -> None:
    """Darken ``rect`` (the whole surface by default)."""
    area = rect or surface.get_rect()

    def make() -> pygame.Surface:
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        return layer

    surface.blit(_memo(ctx, ("shade", area.size, alpha), make), area)


def ornament(ctx: Context, surface: pygame.Surface, center: tuple[int, int], half_width: int, scale: float,
             color: tuple[int, int, int] = theme.GOLD) -> None:
    """A thin gold rule that fades towards its ends, with a small diamond in the middle."""
    cx, cy = center
    thickness = max(1, px(2, scale))

    def make() -> pygame.Surface:
        width = max(1, half_width * 2)
        line = pygame.Surface((width, thickness), pygame.SRCALPHA)
        for x in range(width):
            alpha = round(230 * (1 - abs(x - half_width) / max(1, half_width)) ** 0.8)
            pygame.draw.line(line, (*color, alpha), (x, 0), (x, thickness))
        return line

    line = _memo(ctx, ("ornament", half_width, thickness, color), make)
    surface.blit(line, (cx - half_width, cy - thickness // 2))
    d = px(6, scale)
    pygame.draw.polygon(surface, color, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
    pygame.draw.polygon(surface, theme.FELT_DARK, [(cx, cy - d // 2), (cx + d // 2, cy), (cx, cy + d // 2),
                                                   (cx - d // 2, cy)])


def section_title(ctx: Context, surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
                  scale: float) -> None:
    """A heading inside a panel: gold bold text over a faint line."""
    size = px(theme.FONT_LABEL - 2, scale)
    rect = ctx.text.draw(surface, text, pos, size, theme.GOLD, anchor="topleft", bold=True, shadow=True)
    y = rect.bottom + px(4, scale)
    line = pygame.Surface((max(1, width), max(1, px(1, scale))), pygame.SRCALPHA)
    line.fill((232, 190, 84, 90))
    surface.blit(line, (pos[0], y))


__all__ = [
    "ERROR_TEXT",
    "PANEL_BORDER",
    "PANEL_FILL",
    "ROW_FILL",
    "Backdrop",
    "chip",
    "clipped",
    "draw_lines",
    "fit_text",
    "label_text",
    "ornament",
    "panel",
    "section_title",
    "shade",
    "tr",
    "wrap_text",
]
