"""The error screen: a calm message, the log file's path, the error in one line, back to the title.

It depends on as little as possible: plain pygame drawing, the bundled font
with pygame's default font as a fallback, translations with English
fallbacks, and its own two buttons instead of the widget toolkit.  Every
string is made displayable first (a log path with a byte that is not UTF-8,
an error quoting one).  If going back to the title fails again, the game quits.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..intents import Command, Intent, Pointer
from ..scene import Scene
from ..text import displayable

if TYPE_CHECKING:
    from ..context import Context

log = logging.getLogger(__name__)

FALLBACK = {
    "error.title": "Something went wrong",
    "error.body": "The game hit an unexpected problem. Details were written to:",
    "error.continue": "Back to title",
    "title.quit": "Quit",
}
SUMMARY_CHARS = 240


def one_line(error: BaseException) -> str:
    """``Type: message`` on one line, shortened."""
    message = " ".join(str(error).split())
    text = f"{type(error).__name__}: {message}" if message else type(error).__name__
    return text if len(text) <= SUMMARY_CHARS else text[:SUMMARY_CHARS - 1] + "…"


class ErrorScene(Scene):
    def __init__(self, ctx: Context, error: BaseException, log_path: Path) -> None:
        super().__init__(ctx)
        self.summary = one_line(error)
        self.log_path = str(log_path)
        self.focus = 0
        self.hover = -1
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons = [pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)]
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}

    # --- robust helpers ------------------------------------------------------------------

    def _t(self, key: str) -> str:
        try:
            text = self.ctx.t(key)
        except Exception:
            return FALLBACK[key]
        return text if isinstance(text, str) and text != key else FALLBACK[key]

    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            try:
                font = self.ctx.assets.font(size, bold=bold)
            except Exception:
                if not pygame.font.get_init():
                    pygame.font.init()
                font = pygame.font.Font(None, size)
            self._fonts[key] = font
        return font

    def _wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        text = displayable(text)
        font = self._font(size, bold)
        lines: list[str] = []
        line = ""
        for char in text:
            candidate = line + char
            if line and font.size(candidate)[0] > width:
                cut = line.rfind(" ")
                if char != " " and cut > 0 and ord(char) < 0x2E80:
                    lines.append(line[:cut])
                    line = line[cut + 1:] + char
                else:
                    lines.append(line)
                    line = char.lstrip()
            else:
                line = candidate
        lines.append(line)
        return lines

    # --- actions ----------------------------------------------------------------------------

    def to_title(self) -> None:
        try:
            self.ctx.nav.show_title()
        except Exception:
            log.exception("going back to the title failed; quitting")
            self.quit()

    def quit(self) -> None:
        try:
            self.ctx.nav.quit()
        except Exception:
            log.exception("quit failed")

    def _press(self, index: int) -> None:
        if index == 0:
            self.to_title()
        else:
            self.quit()

    # --- layout and input ----------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        width, height = size
        scale = theme.ui_scale(size)
        self.panel = pygame.Rect(0, 0, min(width - theme.px(60, scale), theme.px(760, scale)),
                                 min(height - theme.px(60, scale), theme.px(460, scale)))
        self.panel.center = (width // 2, height // 2)
        button_w, button_h = theme.px(220, scale), theme.px(50, scale)
        y = self.panel.bottom - button_h - theme.px(28, scale)
        self.buttons = [
            pygame.Rect(self.panel.centerx - button_w - theme.px(10, scale), y, button_w, button_h),
            pygame.Rect(self.panel.centerx + theme.px(10, scale), y, button_w, button_h),
        ]

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Pointer):
            hit = next((i for i, rect in enumerate(self.buttons) if rect.collidepoint(intent.pos)), -1)
            if intent.kind == "move":
                self.hover = hit
            elif intent.kind == "down" and hit >= 0:
                self.focus = hit
                self._press(hit)
        elif isinstance(intent, Command):
            if intent.name in ("left", "right", "up", "down", "tab", "backtab"):
                self.focus = 1 - self.focus
            elif intent.name in ("confirm", "toggle"):
                self._press(self.focus)

    # --- drawing ---------------------------------------------------------------------------------

    def _text(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              color: tuple[int, int, int], *, bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
        image = self._font(size, bold).render(displayable(text), True, color)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        scale = theme.ui_scale((width, height))
        px = theme.px
        surface.fill(theme.FELT_DARK)
        panel = self.panel
        pygame.draw.rect(surface, (8, 30, 21), panel, border_radius=px(18, scale))
        pygame.draw.rect(surface, theme.GOLD, panel, max(1, px(2, scale)), border_radius=px(18, scale))
        pad = px(36, scale)
        inner = panel.width - 2 * pad
        y = panel.top + px(30, scale)
        self._text(surface, self._t("error.title"), (panel.centerx, y), px(theme.FONT_TITLE * 0.8, scale),
                   theme.GOLD, bold=True, anchor="midtop")
        y += px(60, scale)
        body = px(theme.FONT_BODY, scale)
        for line in self._wrap(self._t("error.body"), body, inner):
            self._text(surface, line, (panel.left + pad, y), body, theme.CREAM)
            y += round(body * 1.5)
        small = px(theme.FONT_SMALL + 1, scale)
        for line in self._wrap(self.log_path, small, inner)[:3]:
            self._text(surface, line, (panel.left + pad, y), small, theme.GOLD)
            y += round(small * 1.45)
        y += px(14, scale)
        limit = self.buttons[0].top - px(14, scale)
        for line in self._wrap(self.summary, small, inner):
            if y + small > limit:
                break
            self._text(surface, line, (panel.left + pad, y), small, theme.MUTED)
            y += round(small * 1.45)
        labels = (self._t("error.continue"), self._t("title.quit"))
        for index, (rect, label) in enumerate(zip(self.buttons, labels, strict=True)):
            primary = index == 0
            lit = index == self.hover or index == self.focus
            fill = (theme.BUTTON_HOVER if lit else theme.BUTTON) if primary else \
                (theme.BUTTON_SECONDARY_HOVER if lit else theme.BUTTON_SECONDARY)
            pygame.draw.rect(surface, fill, rect, border_radius=px(12, scale))
            if index == self.focus:
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(6, scale), px(6, scale)), max(1, px(2, scale)),
                                 border_radius=px(14, scale))
            self._text(surface, label, rect.center, px(theme.FONT_BODY, scale),
                       theme.BUTTON_TEXT if primary else theme.CREAM, bold=True, anchor="center")
