"""The lessons screen: the guided first game, then a short lesson for each preset and the house rules.

Each lesson is a card: its number (a tick once played to the end), its name,
what it shows, how many players and steps.  Click a card (or Enter on it)
to start the lesson at the table; Esc leaves a lesson and comes back here.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.lessons.catalog import lessons
from game.lessons.script import Lesson

from .. import theme
from ..theme import px
from .drawing import chip, draw_lines, fit_text, panel, wrap_text
from .forms import SelectRow
from .menu_screen import MenuScreen

if TYPE_CHECKING:
    from ..context import Context

CARD_H = 92
"""A lesson's card at scale 1."""
CARD_GAP = 10


class LessonsScene(MenuScreen):
    title_key = "lessons.title"
    max_body_w = 980

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.lessons: tuple[Lesson, ...] = lessons()
        self.cards = [SelectRow(partial(self._paint, lesson, index), partial(self.start, lesson.id))
                      for index, lesson in enumerate(self.lessons)]
        self.widgets.add(self.back_button)
        for card in self.cards:
            self.widgets.add(card)
        self.widgets.focus = 1 + self._first_not_done()
        self.intro: list[str] = []
        self.lines: dict[str, list[str]] = {}

    def _first_not_done(self) -> int:
        done = self.ctx.settings.lessons_done
        return next((i for i, lesson in enumerate(self.lessons) if lesson.id not in done), 0)

    def start(self, lesson_id: str) -> None:
        self.ctx.nav.start_lesson(lesson_id)

    # --- layout ----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        ctx, scale = self.ctx, self.ctx.scale
        pad = px(24, scale)
        size_small = px(theme.FONT_BODY - 1, scale)
        self.intro = wrap_text(ctx, ctx.t("lessons.intro"), size_small, self.body.width - 2 * pad)
        intro_h = round(size_small * 1.45) * len(self.intro) + px(16, scale)
        view = pygame.Rect(self.body.left + pad, self.body.top + pad + intro_h,
                           self.body.width - 2 * pad - px(12, scale), 0)
        view.height = self.body.bottom - pad - view.top
        line_size = px(theme.FONT_SMALL + 1, scale)
        text_w = view.width - px(CARD_H + 220, scale)
        self.lines = {lesson.id: wrap_text(ctx, ctx.t(lesson.line_key), line_size, text_w)[:2]
                      for lesson in self.lessons}
        self.scroller.clear()
        y = 0
        line_h = round(line_size * 1.3)
        for card, lesson in zip(self.cards, self.lessons, strict=True):
            words = px(12 + theme.FONT_LABEL + 8 + 14, scale) + line_h * len(self.lines[lesson.id])
            height = max(px(CARD_H, scale), words)
            self.scroller.place(card, pygame.Rect(0, y, view.width, height))
            y += height + px(CARD_GAP, scale)
        self.scroller.reset(view, max(0, y - px(CARD_GAP, scale)))

    # --- drawing ----------------------------------------------------------------------------

    def _paint(self, lesson: Lesson, index: int, surface: pygame.Surface, rect: pygame.Rect, focused: bool,
               hover: bool) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        t = ctx.t
        done = lesson.id in ctx.settings.lessons_done
        solid = ctx.settings.high_contrast
        radius = px(14, scale)
        lit = focused or hover
        fill = (255, 214, 100, 40) if lit else (255, 255, 255, 14)
        border = theme.GOLD if lit else (255, 255, 255, 50)
        panel(ctx, surface, rect, (24, 52, 40) if solid else fill, radius, theme.WHITE if solid else border,
              px(2, scale) if lit or solid else 1)
        if focused:
            pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(6, scale), px(6, scale)), px(2, scale),
                             border_radius=radius + 3)
        # The badge: the lesson's number, or a tick once done.
        badge_r = px(26, scale)
        center = (rect.left + px(20, scale) + badge_r, rect.centery)
        pygame.draw.circle(surface, (0, 0, 0), (center[0], center[1] + px(2, scale)), badge_r)
        pygame.draw.circle(surface, (70, 170, 100) if done else theme.GOLD, center, badge_r)
        pygame.draw.circle(surface, theme.CREAM, center, badge_r, max(1, px(2, scale)))
        mark = "✓" if done else str(index + 1)
        ctx.text.draw(surface, mark, center, px(theme.FONT_LABEL, scale), theme.WHITE if done else theme.INK,
                      bold=True)
        left = center[0] + badge_r + px(18, scale)
        right = rect.right - px(18, scale)
        # The action on the right: Start, or Play again.
        action = t("lessons.again") if done else t("lessons.start")
        size = px(theme.FONT_BODY, scale)
        action_rect = pygame.Rect(0, 0, ctx.text.size(action, size, bold=True)[0] + px(44, scale), px(38, scale))
        action_rect.topright = (right, rect.top + px(12, scale))
        panel(ctx, surface, action_rect, theme.BUTTON_HOVER if lit else theme.BUTTON if not done
              else theme.BUTTON_SECONDARY, action_rect.height // 2)
        ctx.text.draw(surface, action + "  ›", action_rect.center, size,
                      theme.BUTTON_TEXT if lit or not done else theme.CREAM, bold=True)
        # The name, what it shows, and how long it is.
        top = rect.top + px(12, scale)
        name_size = px(theme.FONT_LABEL - 2, scale)
        name_w = action_rect.left - px(16, scale) - left
        meta = t("lessons.players", count=lesson.players) + "  ·  " + t("lessons.steps", count=len(lesson.steps))
        meta_size = px(theme.FONT_SMALL - 1, scale)
        ctx.text.draw(surface, meta, (right, action_rect.bottom + px(8, scale)), meta_size, theme.MUTED,
                      anchor="topright")
        first = index == 0 and not done
        chip_w = ctx.text.size(t("lessons.first"), px(theme.FONT_SMALL - 1, scale), bold=True)[0] + px(40, scale)
        name = fit_text(ctx, t(lesson.title_key), name_size, name_w - (chip_w if first else 0), bold=True)
        title = ctx.text.draw(surface, name, (left, top), name_size, theme.GOLD if not done else theme.CREAM,
                              anchor="topleft", bold=True, shadow=True)
        if first:
            chip(ctx, surface, t("lessons.first"), (title.right + px(12, scale), title.centery), theme.SELECT,
                 size=px(theme.FONT_SMALL - 1, scale), anchor="midleft")
        line_size = px(theme.FONT_SMALL + 1, scale)
        draw_lines(ctx, surface, self.lines.get(lesson.id, []), (left, title.bottom + px(6, scale)), line_size,
                   theme.CREAM if lit else theme.MUTED, line_h=round(line_size * 1.3))

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        self.draw_frame(surface)
        pad = px(24, scale)
        size = px(theme.FONT_BODY - 1, scale)
        draw_lines(ctx, surface, self.intro, (self.body.left + pad, self.body.top + pad), size, theme.CREAM,
                   line_h=round(size * 1.45))
        self.draw_widgets(surface)
        self.scroller.draw_bar(surface, scale)


__all__ = ["LessonsScene"]
