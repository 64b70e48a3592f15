"""The frame of every full-screen menu (``MenuScreen``).

Every screen built on ``MenuScreen`` has the same frame: the felt, a title with a
gold ornament, a Back button at the top left (Esc does the same), a content
area that may scroll (wheel, keyboard focus, clicks on the scroll bar) and an
optional footer.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..intents import Command, Intent, Pointer, Wheel
from ..scene import ANIMATING, Scene
from ..theme import px
from ..widgets import Button, WidgetGroup
from .drawing import PANEL_BORDER, PANEL_FILL, Backdrop, clipped, ornament, panel, shade, wrap_text
from .forms import ROW_GAP
from .scrolling import Scroller

if TYPE_CHECKING:
    from ..context import Context


HEADER_H = 84
"""Height of a screen's title bar at scale 1."""


class MenuScreen(Scene):
    """A full screen menu: felt, title, Back button, a (scrolling) body, an optional footer."""

    title_key = ""
    accepts_notices = True
    """The app shows notices about the game's files over it."""
    footer_h = 0
    """Height of the footer at scale 1 (0: none)."""
    max_body_w = 1120
    """The widest the body may be at scale 1."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.widgets = WidgetGroup()
        self.scroller = Scroller()
        self.backdrop = Backdrop(ctx)
        self.back_button = Button(lambda: "‹  " + ctx.t("button.back"), self.back, style="secondary",
                                  size=theme.FONT_BODY)
        self.header = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.footer = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0
        """Seconds since the screen opened (for double clicks)."""

    # --- navigation ---

    def back(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    # --- layout ---

    def frame(self, size: tuple[int, int]) -> None:
        """The header, body and footer rects for a window of ``size``."""
        width, height = size
        scale = self.ctx.scale
        margin = px(36, scale)
        self.header = pygame.Rect(0, 0, width, px(HEADER_H, scale))
        body_w = min(width - 2 * margin, px(self.max_body_w, scale))
        footer_h = px(self.footer_h, scale) if self.footer_h else 0
        bottom = height - (footer_h + px(12, scale) if footer_h else margin // 2)
        self.body = pygame.Rect(0, self.header.bottom, body_w, bottom - self.header.bottom)
        self.body.centerx = width // 2
        self.footer = pygame.Rect(self.body.left, self.body.bottom + px(6, scale), body_w, footer_h)
        self.back_button.rect = pygame.Rect(px(20, scale), px(20, scale), px(120, scale), px(42, scale))
        self.backdrop.prepare(size)

    # --- input ---

    def handle(self, intent: Intent) -> None:
        scale = self.ctx.scale
        if isinstance(intent, Wheel):
            self.scroller.scroll_by(-intent.dy * px(70, scale))
            return
        if isinstance(intent, Pointer) and intent.kind == "down" and self.scroller.click_bar(intent.pos, scale):
            return
        if isinstance(intent, Pointer) and intent.kind != "up" and not self.scroller.view.collidepoint(intent.pos):
            with self.scroller.hidden():
                used = self.widgets.handle(intent)
        else:
            used = self.widgets.handle(intent)
        if used and isinstance(intent, Pointer) and intent.kind == "down":
            self.ctx.sound.play("click")
        if isinstance(intent, Command):
            if not used and intent.name in ("menu", "back"):
                self.back()
                return
            if not used and intent.name in ("up", "down") and self.scroller.scrollable:
                self.scroller.scroll_by(px(60 if intent.name == "down" else -60, scale))
            self.reveal_focus()
        self.after_input()

    def after_input(self) -> None:
        """Called after every intent (a screen rebuilds itself here when a choice changed its rows)."""

    def reveal_focus(self) -> None:
        group = self.widgets
        if 0 <= group.focus < len(group.widgets):
            self.scroller.ensure_visible(group.widgets[group.focus], px(ROW_GAP, self.ctx.scale))

    def update(self, dt: float) -> None:
        self.clock += dt
        self.scroller.update(dt)

    def frame_rate(self) -> float:
        return ANIMATING if self.scroller.offset != self.scroller.target else 0.0

    # --- drawing ---

    def draw_frame(self, surface: pygame.Surface, title: str | None = None, *, with_panel: bool = True) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        self.backdrop.draw(surface)
        shade(ctx, surface, 60, self.header)
        text = title if title is not None else ctx.t(self.title_key)
        cy = self.header.centery - px(4, scale)
        rect = ctx.text.draw(surface, text, (self.header.centerx, cy), px(theme.FONT_TITLE * 0.85, scale),
                             theme.GOLD, bold=True, shadow=True)
        ornament(ctx, surface, (self.header.centerx, rect.bottom + px(6, scale)), max(rect.width, px(160, scale)),
                 scale)
        if with_panel:
            self.draw_panel(surface, self.body)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = self.ctx.scale
        panel(self.ctx, surface, rect.move(0, px(5, scale)), (0, 0, 0, 70), px(18, scale))
        panel(self.ctx, surface, rect, PANEL_FILL, px(18, scale), PANEL_BORDER, px(2, scale))

    def draw_message(self, surface: pygame.Surface, title: str, text: str, top: int | None = None) -> None:
        """A title and a wrapped paragraph in the middle of the body (nothing to show yet, or a problem)."""
        ctx, scale = self.ctx, self.ctx.scale
        y = top if top is not None else self.body.top + px(60, scale)
        ctx.text.draw(surface, title, (self.body.centerx, y), px(theme.FONT_LABEL, scale), theme.GOLD,
                      anchor="midtop", bold=True, shadow=True)
        size = px(theme.FONT_BODY - 1, scale)
        y += px(44, scale)
        for line in wrap_text(ctx, text, size, min(self.body.width - px(80, scale), px(760, scale))):
            ctx.text.draw(surface, line, (self.body.centerx, y), size, theme.CREAM, anchor="midtop")
            y += round(size * 1.5)

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """Widgets outside the scroller as they are, scrolled ones clipped to the viewport."""
        view = self.scroller.view
        clip = surface.get_clip()
        for index, widget in enumerate(self.widgets.widgets):
            if not widget.visible:
                continue
            focused = index == self.widgets.focus
            if self.scroller.holds(widget):
                if not widget.rect.colliderect(view):
                    continue
                surface.set_clip(view.inflate(px(10, self.ctx.scale), 0).clip(clip))
                widget.draw(surface, self.ctx, focused)
                surface.set_clip(clip)
            else:
                widget.draw(surface, self.ctx, focused)

    def clipped(self, surface: pygame.Surface, rect: pygame.Rect) -> AbstractContextManager[None]:
        return clipped(surface, rect)


__all__ = ["HEADER_H", "MenuScreen"]
