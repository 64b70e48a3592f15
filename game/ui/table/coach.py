"""Drawing the coach at the table: the glow on what to click, and the panel that says one thing.

The panel sits in the messages slot, between the trick and the hand, so it
hides neither the cards on the table nor the player's own.  The glow rings the
step's target (cards of the hand, a button, the trick, seats) and a small
arrow bobs above a target in the hand or on a button.  Nothing here changes
state: the lesson's scene says what to show.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..scenes.drawing import clipped
from ..theme import px
from ..widgets import fit_label, rounded_panel

if TYPE_CHECKING:
    from ..context import Context
    from .layout import TableLayout

PULSE_HZ = 1.1
"""How often the glow on the target swells, per second."""
PANEL_FILL = (12, 34, 26, 244)
PANEL_W = 760
"""The widest the coach's panel grows (at scale 1)."""
SMALLEST = 0.7
"""The step's words shrink to this part of their size in a short slot (then their lines may take the bottom
margin); only where even that does not show every line whole (a table clamped to a smaller size than the player
chose) do they get smaller still, down to ``LEAST``."""
LEAST = 8


@dataclass(frozen=True)
class CoachText:
    """What the panel says: a heading (the lesson and the step), the step's words, a line of keys or a hint."""

    heading: str
    text: str
    footer: str
    footer_alert: bool = False
    """The footer is a gentle hint after an input the step does not want (drawn brighter, with a nudge)."""


@dataclass(frozen=True)
class PanelShape:
    rect: pygame.Rect
    lines: list[str]
    size: int
    button: pygame.Rect
    """Where the Next button goes (at the right; only steps that explain have one)."""
    footer: bool
    """There is room for the line of keys (else a hint takes the heading's place)."""


class CoachPainter:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._shapes: dict[tuple[object, ...], PanelShape] = {}

    # --- the glow -------------------------------------------------------------------------

    def glow(self, surface: pygame.Surface, rects: list[pygame.Rect], clock: float, scale: float, *,
             arrow: bool = False) -> None:
        """A pulsing gold ring around each rect (and an arrow above them)."""
        if not rects:
            return
        solid = self.ctx.settings.high_contrast
        pulse = 0.5 + 0.5 * math.sin(clock * PULSE_HZ * 2 * math.pi)
        radius = px(12, scale)
        for rect in rects:
            outer = rect.inflate(px(10 + 6 * pulse, scale), px(10 + 6 * pulse, scale))
            if not solid:
                halo_rect = outer.inflate(px(14, scale), px(14, scale))
                halo = pygame.Surface(halo_rect.size, pygame.SRCALPHA)
                pygame.draw.rect(halo, (255, 214, 64, round(45 + 55 * pulse)), halo.get_rect(), px(8, scale),
                                 border_radius=radius + px(7, scale))
                surface.blit(halo, halo_rect)
            pygame.draw.rect(surface, theme.WHITE if solid else theme.SELECT, outer, px(4 if solid else 3, scale),
                             border_radius=radius)
        if arrow:
            union = rects[0].unionall(rects[1:])
            bob = px(4, scale) * math.sin(clock * 2 * math.pi * 0.9)
            tip = (union.centerx, round(union.top - px(8, scale) + bob))
            w, h = px(12, scale), px(14, scale)
            points = [(tip[0] - w, tip[1] - h), (tip[0] + w, tip[1] - h), tip]
            pygame.draw.polygon(surface, (0, 0, 0), [(x + px(2, scale), y + px(3, scale)) for x, y in points])
            pygame.draw.polygon(surface, theme.SELECT, points)
            pygame.draw.polygon(surface, theme.INK, points, max(1, px(2, scale)))

    # --- the panel ------------------------------------------------------------------------

    def shape(self, layout: TableLayout, text: str, *, with_button: bool) -> PanelShape:
        """The panel for ``text``: between the play log and the tracker, as wide as the seats allow, at the
        bottom of the messages slot; the words wrapped (in smaller type when the slot is short: ``SMALLEST``)
        left of the Next button (``with_button``)."""
        key = (layout.size, layout.scale, layout.n, layout.messages.topleft, text, with_button, self.ctx.t.lang,
               self.ctx.settings.high_contrast)
        shape = self._shapes.get(key)
        if shape is None:
            if len(self._shapes) > 64:
                self._shapes.clear()
            shape = self._shapes[key] = self._shape(layout, text, with_button)
        return shape

    def _shape(self, layout: TableLayout, text: str, with_button: bool) -> PanelShape:
        """The messages slot as wide as the seats allow, or taller over the trick's label (narrower where the
        seats' bubbles come in): whichever shows the words larger."""
        scale = layout.scale
        taller = layout.trick_label.top + px(2, scale)
        shapes = [self._shape_in(layout, top, text, with_button) for top in (layout.messages.top, taller)]
        return max(shapes, key=lambda shape: (shape.size, shape.footer, -shape.rect.height))

    def _shape_in(self, layout: TableLayout, top: int, text: str, with_button: bool) -> PanelShape:
        scale = layout.scale
        area = room(layout, top)
        width = min(area.width, px(PANEL_W, scale))
        button = pygame.Rect(0, 0, px(136, scale), px(42, scale))
        pad = px(20, scale)
        text_w = width - 2 * pad - (button.width + pad if with_button else 0)
        full = px(theme.FONT_BODY, scale)
        bold = self.ctx.settings.high_contrast  # the words are drawn bold (wider) in high contrast
        smallest = max(8, round(full * SMALLEST))
        for size in range(full, LEAST - 1, -1):  # in a short slot the line of keys goes before the words shrink
            lines = self.ctx.text.wrap(text, size, max(1, text_w), bold=bold)
            for footer in (True, False):
                height = self._chrome(scale, footer) + round(size * 1.4) * len(lines)
                if height <= area.height:
                    break
            if height <= area.height or (size <= smallest and self.words_bottom(scale, size, lines) <= area.height):
                break
        rect = pygame.Rect(0, 0, width, min(area.height, max(height, button.height + px(24, scale))))
        rect.midbottom = (area.centerx, layout.messages.bottom)
        button.midright = (rect.right - pad, rect.centery)
        return PanelShape(rect, lines, size, button, footer)

    def words_bottom(self, scale: float, size: int, lines: list[str]) -> int:
        """How far below the panel's top the last line of the words ends (without the line of keys), with a hair
        of margin above the border."""
        last = self.ctx.text.size(lines[-1], size, bold=self.ctx.settings.high_contrast)[1] if lines else 0
        return px(12, scale) + px(theme.FONT_SMALL, scale) + px(6, scale) + round(size * 1.4) * (len(lines) - 1) \
            + last + px(3, scale)

    @staticmethod
    def _chrome(scale: float, footer: bool) -> int:
        """The panel's height without the step's words: the heading, the line of keys, the margins."""
        small = px(theme.FONT_SMALL, scale)
        keys = px(6, scale) + small if footer else 0
        return px(12, scale) + small + px(6, scale) + keys + px(12, scale)

    def panel(self, surface: pygame.Surface, layout: TableLayout, words: CoachText, *, with_button: bool,
              clock: float, nudge: float) -> None:
        """The coach's panel.  ``nudge`` (0 to 1): how much the footer still shakes after a refused input."""
        ctx, scale = self.ctx, layout.scale
        shape = self.shape(layout, words.text, with_button=with_button)
        rect = shape.rect
        solid = ctx.settings.high_contrast
        radius = px(14, scale)
        if not solid:
            rounded_panel(surface, rect.move(0, px(4, scale)), (0, 0, 0, 110), radius)
        rounded_panel(surface, rect, PANEL_FILL[:3] if solid else PANEL_FILL, radius,
                      theme.WHITE if solid else theme.GOLD, px(3 if solid else 2, scale))
        pad = px(20, scale)
        small = px(theme.FONT_SMALL, scale)
        y = rect.top + px(12, scale)
        shake = round(px(5, scale) * math.sin(clock * 40) * nudge)
        right = shape.button.left - pad if with_button else rect.right - pad
        if shape.footer or not words.footer_alert:
            ctx.text.draw(surface, words.heading, (rect.left + pad, y), small, theme.GOLD, anchor="topleft",
                          bold=True)
        else:  # no room for the line of keys: a hint takes the heading's place
            hint, size = fit_label(ctx, words.footer, small, right - rect.left - pad, bold=True, least=0)
            ctx.text.draw(surface, hint, (rect.left + pad + shake, y), size, theme.SELECT, anchor="topleft", bold=True)
        y += small + px(6, scale)
        line_h = round(shape.size * 1.4)
        with clipped(surface, rect):
            for line in shape.lines:
                ctx.text.draw(surface, line, (rect.left + pad, y), shape.size, theme.WHITE if solid else theme.CREAM,
                              anchor="topleft", bold=solid)
                y += line_h
        if not shape.footer:
            return
        color = theme.SELECT if words.footer_alert else (theme.CREAM if solid else theme.MUTED)
        footer, size = fit_label(ctx, words.footer, small, right - rect.left - pad, bold=words.footer_alert, least=0)
        ctx.text.draw(surface, footer, (rect.left + pad + shake, rect.bottom - px(12, scale)), size, color,
                      anchor="bottomleft", bold=words.footer_alert)


def room(layout: TableLayout, top: int) -> pygame.Rect:
    """Where the coach's panel may go: from ``top`` to the bottom of the messages slot, from the play log to the
    tracker, narrowed (around the middle) until it meets no seat."""
    slot, gap = layout.messages, px(6, layout.scale)
    area = pygame.Rect(layout.log.right + gap, top, layout.tracker.left - gap - layout.log.right - gap,
                       slot.bottom - top)
    center = slot.centerx
    for spot in layout.spots.values():
        for other in (spot.block, spot.bubble):
            if other.colliderect(area):
                half = min(center - area.left, area.right - center)
                half = min(half, center - other.right - gap) if other.centerx < center else \
                    min(half, other.left - gap - center)
                area = pygame.Rect(center - max(0, half), area.top, 2 * max(0, half), area.height)
    return area if area.width >= slot.width else pygame.Rect(slot.left, top, slot.width, slot.bottom - top)


__all__ = ["CoachPainter", "CoachText", "PanelShape", "room"]
