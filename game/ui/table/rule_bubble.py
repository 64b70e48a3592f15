"""Rule help at the table: a bubble that says what a rule just did and why, out of the way of play.

The first time in a match that a rule takes effect (a revolution, an 8-cut, a
lock...), ``RuleBubble`` shows a short explanation (``game.rule_help``): the
rule's name, one or two sentences, and two small buttons, Got it and Don't
show again (which mutes that rule for good, in the settings).  It never
blocks play: the table's keys keep their meaning, the bubble only takes a
click on its own buttons (or Tab, then Enter), and it goes by itself after a
while (not while the pointer rests on it; sooner when another rule waits).  It sits where it hides nothing
being played: above the prompt in the messages slot when there is room, else
in a free corner of the table, else over the play log or the tracker.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.engine import RuleSet
from game.engine.events import Event
from game.rule_help import RuleHelpBook, rules_shown, text_key, title_key

from .. import theme
from ..intents import Command, Intent, Pointer
from ..theme import px
from ..tween import Tween
from ..widgets import Button, WidgetGroup, rounded_panel

if TYPE_CHECKING:
    from ..context import Context
    from .layout import TableLayout

SHOW_TIME = 14.0
"""Seconds a bubble stays (real time: the game's speed does not hurry the reading)."""
GIVE_WAY = 5.0
"""Seconds a bubble stays at least when another rule waits to be explained (the newer news comes soon)."""
BUBBLE_W = 560
"""The widest a bubble grows, at scale 1."""
PROMPT_ROOM = 38
"""The height kept under a bubble in the messages slot for the prompt ("Your turn"), at scale 1."""
FILL = (14, 38, 28, 240)


@dataclass(frozen=True)
class BubbleShape:
    rect: pygame.Rect
    lines: list[str]
    size: int
    ok: pygame.Rect
    mute: pygame.Rect
    words_w: int
    """How wide the lines of words may be."""


def free_strip(x0: int, x1: int, y0: int, y1: int, obstacles: list[pygame.Rect]) -> pygame.Rect:
    """The tallest rectangle from ``x0`` to ``x1`` between ``y0`` and ``y1`` that meets none of ``obstacles``."""
    if x1 <= x0 or y1 <= y0:
        return pygame.Rect(x0, y0, 0, 0)
    cuts = sorted((o.top, o.bottom) for o in obstacles if o.right > x0 and o.left < x1 and o.bottom > y0
                  and o.top < y1)
    best = pygame.Rect(x0, y0, x1 - x0, 0)
    top = y0
    for start, end in [*cuts, (y1, y1)]:
        if start - top > best.height:
            best = pygame.Rect(x0, top, x1 - x0, min(start, y1) - top)
        top = max(top, end)
    return best


def places(layout: TableLayout) -> list[pygame.Rect]:
    """Where a bubble may go, in order of preference: above the prompt in the messages slot, the free corners
    above the play log and the tracker, the play log, the tracker."""
    scale, gap = layout.scale, px(6, layout.scale)
    width, _ = layout.size
    messages = layout.messages.copy()
    messages.height -= px(PROMPT_ROOM, scale)
    obstacles = [layout.top_bar, layout.banner, *(s.block for s in layout.spots.values()),
                 *(s.bubble for s in layout.spots.values())]
    if layout.pile is not None:
        obstacles.append(layout.pile)
    margin = layout.log.left
    left = free_strip(margin, layout.hand_area.left - gap, layout.top_bar.bottom + gap, layout.log.top - gap,
                      obstacles)
    right = free_strip(layout.hand_area.right + gap, width - margin, layout.top_bar.bottom + gap,
                       layout.tracker.top - gap, obstacles)
    return [messages, left, right, layout.log, layout.tracker]


class RuleBubble:
    """The rule help of one table (see the module's docstring)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.book = RuleHelpBook(enabled=True, muted=())
        self.queue: deque[str] = deque()
        self.rule: str | None = None
        """The rule explained now (None: no bubble)."""
        self.tween = Tween(SHOW_TIME)
        self.pointer: tuple[int, int] | None = None
        """Where the pointer was last seen moving, bubble or not."""
        self.ok = Button(lambda: ctx.t("help.ok"), self.dismiss, size=theme.FONT_SMALL)
        self.mute = Button(lambda: ctx.t("help.dont_show"), self.mute_rule, style="secondary", size=theme.FONT_SMALL)
        self.widgets = WidgetGroup([self.ok, self.mute])
        self.shape: BubbleShape | None = None
        self._placed: tuple[TableLayout, tuple[str, ...]] | None = None
        """The layout and the words ``shape`` was found for (the search wraps the words many times: once per
        bubble and layout, not every frame)."""

    @property
    def visible(self) -> bool:
        return self.rule is not None

    @property
    def hover(self) -> bool:
        """The pointer rests on the bubble shown now (it does not go meanwhile)."""
        return self.shape is not None and self.pointer is not None and self.shape.rect.collidepoint(self.pointer)

    # --- what to explain -----------------------------------------------------------------

    def notice(self, event: Event, rules: RuleSet, human: int) -> None:
        """An event is shown at the table: queue the rules it shows at work that want explaining."""
        settings = self.ctx.settings
        self.book.enabled = settings.rule_help
        self.book.muted = settings.rule_help_muted
        for rule in rules_shown(event, rules, human):
            if self.book.take(rule):
                self.queue.append(rule)
        if self.rule is None:
            self._next()

    def _next(self) -> None:
        muted = set(self.ctx.settings.rule_help_muted)
        while self.queue and self.queue[0] in muted:
            self.queue.popleft()
        self.rule = self.queue.popleft() if self.queue and self.ctx.settings.rule_help else None
        self.tween = Tween(SHOW_TIME)
        self.widgets.focus = -1
        self.shape = None

    def dismiss(self) -> None:
        self._next()

    def mute_rule(self) -> None:
        """Never explain this rule again (kept in the settings)."""
        rule = self.rule
        if rule is not None and rule not in self.ctx.settings.rule_help_muted:
            self.ctx.update_settings(rule_help_muted=(*self.ctx.settings.rule_help_muted, rule))
        self._next()

    def update(self, dt: float) -> None:
        if self.rule is None:
            return
        if not self.ctx.settings.rule_help:
            self.queue.clear()
            self._next()
            return
        if not self.hover and self.widgets.focus < 0:
            self.tween.update(dt)
        if self.tween.done or (self.queue and self.tween.elapsed >= GIVE_WAY and self.widgets.focus < 0):
            self._next()

    # --- input ---------------------------------------------------------------------------

    def _tab(self, direction: int) -> bool:
        """Tab reaches the bubble's buttons one after the other, then leaves the bubble (False: the table's other
        controls take the key)."""
        widgets = self.widgets
        order = widgets.focusable_order()
        if order and widgets.focus == (order[-1] if direction > 0 else order[0]):
            widgets.focus = -1
            return False
        widgets.move_focus(direction)
        return True

    def handle(self, intent: Intent) -> bool:
        """Take an intent meant for the bubble: a click on its buttons, Tab to reach them, Enter on them."""
        if isinstance(intent, Pointer) and intent.kind == "move":
            self.pointer = intent.pos
        if self.rule is None or self.shape is None:
            return False
        if isinstance(intent, Pointer):
            return self.widgets.handle(intent) and intent.kind == "down"
        if isinstance(intent, Command):
            if intent.name in ("tab", "backtab"):
                return self._tab(1 if intent.name == "tab" else -1)
            if self.widgets.focus >= 0 and intent.name in ("confirm", "toggle"):
                self.widgets.widgets[self.widgets.focus].activate()
                return True
            if self.widgets.focus >= 0 and intent.name in ("left", "right"):
                self.widgets.move_focus(-1 if intent.name == "left" else 1)
                return True
        return False

    # --- layout and drawing ----------------------------------------------------------------

    def place(self, layout: TableLayout) -> BubbleShape | None:
        """Where the bubble goes in ``layout`` (None: no bubble now): the first place where its words fit at
        their size, the buttons under them or, in a wide and short place, beside them; else the whole messages
        slot, the words as small as they go."""
        if self.rule is None:
            return None
        text, scale = self.ctx.t(text_key(self.rule)), layout.scale
        words = (text, self.ctx.t("help.ok"), self.ctx.t("help.dont_show"))
        if self.shape is not None and self._placed is not None and self._placed[0] is layout \
                and self._placed[1] == words:
            return self.shape
        rooms = [*places(layout), layout.messages]
        shape = next((found for squeeze in (False, True) for room in rooms for beside in (False, True)
                      if (found := self._shape(room, text, scale, beside=beside, squeeze=squeeze)) is not None),
                     None)
        if shape is None:  # nowhere fits: the roomiest place, its words clipped
            roomiest = max(rooms, key=lambda r: min(r.width, px(BUBBLE_W, scale)) * r.height)
            shape = self._shape(roomiest, text, scale, beside=False, squeeze=True, force=True)
        assert shape is not None
        self.shape, self._placed = shape, (layout, words)
        self.ok.rect, self.mute.rect = shape.ok, shape.mute
        self.ok.scale = self.mute.scale = scale  # the table's, as measured (a clamped table's is the menus' less)
        return shape

    def _shape(self, room: pygame.Rect, text: str, scale: float, *, beside: bool, squeeze: bool,
               force: bool = False) -> BubbleShape | None:
        """The bubble in ``room``, its buttons under the words or ``beside`` them; None if it does not fit there
        (with ``squeeze``, the words may get smaller; ``force``: it fits anyway, cut to the room)."""
        if (room.width < px(150, scale) or room.height <= 0) and not force:
            return None
        pad = px(12, scale)
        width = min(room.width, px(BUBBLE_W, scale))
        title = px(theme.FONT_SMALL + 1, scale)
        button_h, button_gap = px(28, scale), px(6, scale)
        small = px(theme.FONT_SMALL, scale)
        ok_w = self.ctx.text.size(self.ctx.t("help.ok"), small, bold=True)[0] + px(36, scale)
        mute_w = self.ctx.text.size(self.ctx.t("help.dont_show"), small, bold=True)[0] + px(30, scale)
        if beside:  # a column of buttons at the right, as tall as both
            column = max(ok_w, mute_w)
            words_w = width - 3 * pad - column
            buttons_h = 0
        else:  # under the words: side by side, or one under the other in a narrow place
            words_w = width - 2 * pad
            stacked = ok_w + button_gap + mute_w > words_w
            buttons_h = px(8, scale) + (2 * button_h + button_gap if stacked else button_h)
        if words_w < px(90, scale) and not force:
            return None
        full = px(theme.FONT_SMALL + 1, scale)
        least = max(8, round(full * 0.72)) if squeeze else full
        for size in range(full, least - 1, -1):
            lines = self.ctx.text.wrap(text, size, max(1, words_w))
            height = pad + title + px(6, scale) + round(size * 1.35) * len(lines) + buttons_h + pad
            if beside:
                height = max(height, 2 * pad + 2 * button_h + button_gap)
            if height <= room.height:
                break
        if height > room.height and not force:
            return None
        rect = pygame.Rect(0, 0, width, min(height, room.height))
        rect.midbottom = room.midbottom
        if beside:
            ok = pygame.Rect(0, 0, column, button_h)
            ok.bottomright = (rect.right - pad, rect.centery + button_h + button_gap // 2)
            mute = ok.move(0, -(button_h + button_gap))
        elif stacked:
            ok = pygame.Rect(rect.left + pad, rect.bottom - pad - button_h, words_w, button_h)
            mute = ok.move(0, -(button_h + button_gap))
        else:
            ok = pygame.Rect(0, 0, ok_w, button_h)
            ok.bottomright = (rect.right - pad, rect.bottom - pad)
            mute = pygame.Rect(0, 0, mute_w, button_h)
            mute.bottomright = (ok.left - button_gap, ok.bottom)
        return BubbleShape(rect, lines, size, ok, mute, words_w)

    def draw(self, surface: pygame.Surface, layout: TableLayout) -> None:
        shape = self.place(layout)
        if shape is None or self.rule is None:
            return
        ctx, scale = self.ctx, layout.scale
        solid = ctx.settings.high_contrast
        rect = shape.rect
        radius = px(12, scale)
        fade = min(1.0, (1 - self.tween.progress) * SHOW_TIME / 0.6)  # the last 0.6 s fade out
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        local = layer.get_rect()
        if not solid:
            rounded_panel(surface, rect.move(0, px(3, scale)), (0, 0, 0, round(100 * fade)), radius)
        rounded_panel(layer, local, FILL[:3] if solid else FILL, radius, theme.WHITE if solid else theme.GOLD,
                      px(3 if solid else 2, scale))
        accent = pygame.Rect(0, 0, px(6, scale), local.height - 2 * radius)
        accent.midleft = (px(2, scale), local.centery)
        pygame.draw.rect(layer, theme.GOLD, accent, border_radius=accent.width // 2)
        pad = px(12, scale)
        title_size = px(theme.FONT_SMALL + 1, scale)
        icon_r = title_size * 2 // 3
        icon = (pad + icon_r, pad + title_size // 2 + px(1, scale))
        pygame.draw.circle(layer, theme.GOLD, icon, icon_r)
        ctx.text.draw(layer, "?", icon, round(title_size * 0.9), theme.INK, bold=True)
        ctx.text.draw(layer, ctx.t(title_key(self.rule)), (icon[0] + icon_r + px(8, scale), pad), title_size,
                      theme.GOLD, anchor="topleft", bold=True)
        y = pad + title_size + px(6, scale)
        step = round(shape.size * 1.35)
        beside = shape.ok.left > rect.left + pad + shape.words_w
        words_end = local.bottom - pad if beside else min(shape.ok.top, shape.mute.top) - rect.top - px(4, scale)
        for line in shape.lines:
            if y + step > words_end:
                break
            ctx.text.draw(layer, line, (pad + px(4, scale), y), shape.size, theme.WHITE if solid else theme.CREAM,
                          anchor="topleft")
            y += step
        if not solid:  # how long the bubble stays: a thin line that shortens
            bar = pygame.Rect(radius, local.bottom - px(3, scale), round((local.width - 2 * radius)
                                                                          * (1 - self.tween.progress)), px(2, scale))
            pygame.draw.rect(layer, (232, 190, 84, 160), bar)
        if fade < 1:
            layer.set_alpha(round(255 * fade))
        surface.blit(layer, rect)
        self.widgets.draw(surface, ctx)


__all__ = ["BubbleShape", "RuleBubble", "free_strip", "places"]
