"""Dialogs over any screen: a message with an OK button (or a bubble by a "?") and a yes/no question."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..intents import Command, Intent, Pointer
from ..theme import px
from ..widgets import Button, Label
from .drawing import ERROR_TEXT, clipped, draw_lines, fit_text, label_text, panel, shade, wrap_text
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context


class MessageDialog(Overlay):
    """A short message with an OK button: a notice, a rule's help (as a bubble next to its "?")."""

    def __init__(self, ctx: Context, title: Label, text: Label, *, anchor: Callable[[], pygame.Rect] | None = None,
                 on_close: Callable[[], object] | None = None, error: bool = False) -> None:
        super().__init__(ctx)
        self.title = title
        self.text = text
        self.anchor = anchor
        self.on_close = on_close
        self.error = error
        self.ok = Button(lambda: ctx.t("button.ok"), self.close, size=theme.FONT_BODY)
        self.widgets.add(self.ok)
        self.widgets.focus = 0
        self.lines: list[str] = []
        self.pointer_side = 0
        """-1: the bubble points up to its anchor, 1: down, 0: no pointer."""

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
            if self.on_close is not None:
                self.on_close()

    def layout(self, size: tuple[int, int]) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        width, height = size
        panel_w = min(width - px(40, scale), px(560 if self.anchor is None else 460, scale))
        body = px(theme.FONT_BODY - (2 if self.anchor else 0), scale)
        self.lines = wrap_text(ctx, label_text(self.text), body, panel_w - px(48, scale))
        title_h = px(54, scale)
        lines_h = round(body * 1.5) * len(self.lines)
        button_h = px(42, scale)
        panel_h = min(height - px(40, scale), title_h + lines_h + button_h + px(44, scale))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.pointer_side = 0
        anchor = self.anchor() if self.anchor is not None else None
        if anchor is not None and anchor.width > 0:
            self.panel.right = min(width - px(16, scale), anchor.centerx + px(60, scale))
            self.panel.left = max(px(16, scale), self.panel.left)
            gap = px(14, scale)
            if anchor.bottom + gap + panel_h <= height - px(10, scale):
                self.panel.top = anchor.bottom + gap
                self.pointer_side = -1
            else:
                self.panel.bottom = max(panel_h + px(10, scale), anchor.top - gap)
                self.pointer_side = 1
        else:
            self.panel.center = (width // 2, height // 2)
        self.ok.rect = pygame.Rect(0, 0, px(140, scale), button_h)
        self.ok.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(16, scale))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Pointer) and intent.kind == "down" and not self.panel.collidepoint(intent.pos):
            self.close()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        shade(ctx, surface, 70 if self.anchor else 140)
        border = theme.RED if self.error else theme.GOLD
        radius = px(16, scale)
        panel(ctx, surface, self.panel.move(0, px(6, scale)), (0, 0, 0, 120), radius)
        fill = (16, 48, 34, 250)
        panel(ctx, surface, self.panel, fill, radius, border, px(2, scale))
        anchor = self.anchor() if self.anchor is not None else None
        if self.pointer_side and anchor is not None:
            x = min(max(anchor.centerx, self.panel.left + radius * 2), self.panel.right - radius * 2)
            d = px(12, scale)
            edge = self.panel.top if self.pointer_side < 0 else self.panel.bottom
            tip = edge - d * (1 if self.pointer_side < 0 else -1)
            points = [(x - d, edge), (x + d, edge), (x, tip)]
            pygame.draw.polygon(surface, fill[:3], points)
            pygame.draw.lines(surface, border, False, [(x - d, edge), (x, tip), (x + d, edge)], px(2, scale))
        title_size = px(theme.FONT_LABEL, scale)
        title_pos, anchor_name = (self.panel.left + px(24, scale), self.panel.top + px(18, scale)), "topleft"
        if self.anchor is None:
            title_pos, anchor_name = (self.panel.centerx, self.panel.top + px(18, scale)), "midtop"
        ctx.text.draw(surface, fit_text(ctx, label_text(self.title), title_size, self.panel.width - px(40, scale),
                                        bold=True),
                      title_pos, title_size, ERROR_TEXT if self.error else theme.GOLD, anchor=anchor_name,
                      bold=True, shadow=True)
        body = px(theme.FONT_BODY - (2 if self.anchor else 0), scale)
        top = self.panel.top + px(58, scale)
        with clipped(surface, self.panel.inflate(-px(8, scale), -px(8, scale))):
            draw_lines(ctx, surface, self.lines, (self.panel.left + px(24, scale), top), body, theme.CREAM)
        self.widgets.draw(surface, ctx)


class ConfirmDialog(Overlay):
    """A question with two buttons; ``on_yes`` runs after the dialog closes."""

    def __init__(self, ctx: Context, title: Label, text: Label, on_yes: Callable[[], object], *,
                 yes: Label | None = None, no: Label | None = None, danger: bool = False) -> None:
        super().__init__(ctx)
        self.title = title
        self.text = text
        self.on_yes = on_yes
        self.danger = danger
        self.no_button = Button(no or (lambda: ctx.t("button.cancel")), self.close, style="secondary",
                                size=theme.FONT_BODY)
        self.yes_button = Button(yes or (lambda: ctx.t("button.ok")), self.confirm, size=theme.FONT_BODY)
        self.widgets.add(self.no_button)
        self.widgets.add(self.yes_button)
        self.widgets.focus = 0
        self.lines: list[str] = []
        self.quit_question = False
        """This dialog asks whether to quit the program (closing the window again quits)."""

    def confirm(self) -> None:
        self.close()
        self.on_yes()

    def layout(self, size: tuple[int, int]) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        width, height = size
        panel_w = min(width - px(40, scale), px(600, scale))
        body = px(theme.FONT_BODY, scale)
        self.lines = wrap_text(ctx, label_text(self.text), body, panel_w - px(56, scale))
        button_h = px(46, scale)
        panel_h = min(height - px(40, scale), px(70, scale) + round(body * 1.5) * len(self.lines) + button_h
                      + px(52, scale))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        button_w = min(px(220, scale), (panel_w - px(72, scale)) // 2)
        y = self.panel.bottom - button_h - px(20, scale)
        self.no_button.rect = pygame.Rect(self.panel.centerx - px(12, scale) - button_w, y, button_w, button_h)
        self.yes_button.rect = pygame.Rect(self.panel.centerx + px(12, scale), y, button_w, button_h)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Command) and intent.name in ("left", "right"):
            self.widgets.focus = 0 if intent.name == "left" else 1
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        shade(ctx, surface, 150)
        radius = px(18, scale)
        panel(ctx, surface, self.panel.move(0, px(6, scale)), (0, 0, 0, 120), radius)
        panel(ctx, surface, self.panel, (16, 48, 34, 250), radius, theme.RED if self.danger else theme.GOLD,
                      px(2, scale))
        ctx.text.draw(surface, label_text(self.title), (self.panel.centerx, self.panel.top + px(36, scale)),
                      px(theme.FONT_LABEL + 2, scale), theme.GOLD, bold=True, shadow=True)
        body = px(theme.FONT_BODY, scale)
        draw_lines(ctx, surface, self.lines, (self.panel.left + px(28, scale), self.panel.top + px(70, scale)), body,
                   theme.CREAM)
        self.widgets.draw(surface, ctx)


__all__ = ["ConfirmDialog", "MessageDialog"]
