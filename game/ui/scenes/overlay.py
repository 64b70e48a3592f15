"""A scene drawn over another: a dimmed backdrop and a centred panel with widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..intents import Command, Intent
from ..scene import Scene
from ..theme import px
from ..widgets import WidgetGroup, rounded_panel

if TYPE_CHECKING:
    from ..context import Context


class Overlay(Scene):
    opaque = False
    panel_size = (0.5, 0.6)
    """Panel width and height as fractions of the window."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.widgets = WidgetGroup()
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        self.panel = pygame.Rect(0, 0, round(width * self.panel_size[0]), round(height * self.panel_size[1]))
        self.panel.center = (width // 2, height // 2)

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def handle(self, intent: Intent) -> None:
        if self.widgets.handle(intent):
            return
        if isinstance(intent, Command) and intent.name in ("menu", "back"):
            self.close()

    def draw_backdrop(self, surface: pygame.Surface, title: str) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
        scale = self.ctx.scale
        solid = self.ctx.settings.high_contrast
        rounded_panel(surface, self.panel.move(0, px(6, scale)), (0, 0, 0, 120), px(20, scale), solid=solid)
        rounded_panel(surface, self.panel, (14, 44, 32, 245), px(20, scale), theme.GOLD, px(3 if solid else 2, scale),
                      solid=solid)
        self.ctx.text.draw(surface, title, (self.panel.centerx, self.panel.top + px(36, scale)),
                           px(theme.FONT_TITLE * 0.8, scale), theme.GOLD, bold=True, shadow=True)

    def stack_buttons(self, top: int, height: int, gap: int, width: int | None = None) -> None:
        """Place the widgets in a column under ``top`` inside the panel."""
        w = width or round(self.panel.width * 0.7)
        y = top
        for widget in self.widgets.widgets:
            widget.rect = pygame.Rect(0, y, w, height)
            widget.rect.centerx = self.panel.centerx
            y += height + gap
