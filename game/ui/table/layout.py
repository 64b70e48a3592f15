"""Where everything sits on the table, computed from the window size and the seat count.

The human sits at the bottom; the other seats follow in play order around an
ellipse from the left, over the top, to the right.  All positions derive from
the window size through a few proportions, so the table works from 960×600 to
2560×1440 and any aspect ratio in between.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..card_art import card_height
from ..theme import px, ui_scale

OPPONENT_ARC = (160.0, 380.0)
"""Degrees on the table ellipse (90 is the bottom, 270 the top) over which opponents sit."""


@dataclass(frozen=True)
class SeatSpot:
    """Where one opponent is drawn."""

    seat: int
    center: tuple[int, int]
    """The middle of the seat's panel."""
    panel: pygame.Rect
    """Name, level, card count and class badge."""
    fan: pygame.Rect
    """The fanned card backs."""
    bubble: tuple[int, int]
    """Where its パス bubble points from."""
    toward: tuple[int, int]
    """Where cards it plays leave from (towards the centre)."""


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    n: int
    human: int
    card_w: int
    card_h: int
    trick_w: int
    trick_h: int
    back_w: int
    hand_area: pygame.Rect
    hand_y: int
    """The top of an unselected card in the hand."""
    lift: int
    trick_center: tuple[int, int]
    spots: dict[int, SeatSpot]
    buttons: pygame.Rect
    """The area of the Play / Pass / Hint buttons."""
    toggles: pygame.Rect
    top_bar: pygame.Rect
    human_info: pygame.Rect
    """The human's name, class badge and stock count, left of the hand."""
    tracker: pygame.Rect
    deck_point: tuple[int, int]
    """Where dealt cards come from."""

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where cards of ``seat`` come from or go to."""
        if seat == self.human:
            return (self.size[0] // 2, self.hand_y + self.card_h // 2)
        return self.spots[seat].toward

    def hand_positions(self, count: int) -> list[tuple[int, int]]:
        """Top-left corners of ``count`` cards in the hand, left to right (unselected)."""
        if count <= 0:
            return []
        area = self.hand_area
        step = min(self.card_w * 0.62, (area.width - self.card_w) / max(1, count - 1))
        total = self.card_w + step * (count - 1)
        left = area.centerx - total / 2
        return [(round(left + i * step), self.hand_y) for i in range(count)]

    def trick_positions(self, size: int, layer: int) -> list[tuple[int, int]]:
        """Top-left corners for a play of ``size`` cards; older plays (``layer`` > 0) sit higher."""
        cx, cy = self.trick_center
        step = self.trick_w * 0.55
        total = self.trick_w + step * (size - 1)
        left = cx - total / 2
        top = cy - self.trick_h / 2 - layer * self.trick_h * 0.16
        return [(round(left + i * step + layer * self.trick_w * 0.12), round(top)) for i in range(size)]


def table_layout(size: tuple[int, int], n: int, human: int) -> TableLayout:
    """The layout of a table with ``n`` seats, the human at ``human``, in a window of ``size``."""
    width, height = size
    scale = ui_scale(size)
    card_w = round(min(height * 0.125, width * 0.072))
    card_h = card_height(card_w)
    lift = round(card_h * 0.2)
    margin = px(14, scale)
    hand_y = height - card_h - margin - px(10, scale)
    hand_area = pygame.Rect(round(width * 0.2), hand_y - lift, round(width * 0.6), card_h + lift)
    trick_w = round(card_w * 0.92)
    trick_h = card_height(trick_w)
    back_w = max(18, round(card_w * 0.42))
    cx, cy = width // 2, round(height * 0.43)
    rx, ry = width * 0.39, height * 0.36
    opponents = [(human + k) % n for k in range(1, n)]
    start, end = OPPONENT_ARC
    panel_w, panel_h = round(width * 0.135), round(height * 0.1)
    spots: dict[int, SeatSpot] = {}
    for k, seat in enumerate(opponents):
        angle = 270.0 if len(opponents) == 1 else start + k * (end - start) / (len(opponents) - 1)
        rad = math.radians(angle)
        x = cx + rx * math.cos(rad)
        y = cy + ry * math.sin(rad)
        fan = pygame.Rect(0, 0, round(back_w * 3.2), card_height(back_w))
        panel = pygame.Rect(0, 0, panel_w, panel_h)
        block = pygame.Rect(0, 0, panel_w, fan.height + panel_h - px(8, scale))
        block.center = (round(x), round(y))
        block.clamp_ip(pygame.Rect(margin, px(48, scale), width - 2 * margin, hand_y - lift - px(56, scale)))
        fan.midtop = block.midtop
        panel.midbottom = block.midbottom
        toward_x = round(block.centerx + (cx - block.centerx) * 0.25)
        toward_y = round(block.centery + (cy - block.centery) * 0.25)
        if block.centery < cy - ry * 0.45:  # along the top: the bubble hangs below the panel
            bubble = (panel.centerx, panel.bottom + px(24, scale))
        else:  # on a side: the bubble sits on the inner side of the panel
            side = 1 if block.centerx < cx else -1
            bubble = (panel.centerx + side * (panel_w // 2 + px(44, scale)), panel.centery)
        spots[seat] = SeatSpot(seat, block.center, panel, fan, bubble, (toward_x, toward_y))
    buttons = pygame.Rect(0, 0, round(width * 0.17), round(card_h * 1.05))
    buttons.bottomright = (width - margin, height - margin)
    toggles = pygame.Rect(margin, 0, round(width * 0.17), round(card_h * 0.55))
    toggles.bottomleft = (margin, height - margin)
    human_info = pygame.Rect(margin, 0, round(width * 0.17), round(card_h * 0.45))
    human_info.bottomleft = (margin, toggles.top - px(6, scale))
    top_bar = pygame.Rect(0, 0, width, px(44, scale))
    # The played-card tracker fills the free space right of the trick, up to the first seat in the way.
    tracker = pygame.Rect(cx + round(trick_w * 1.55), round(height * 0.235), 0, round(height * 0.215))
    tracker.width = width - margin - tracker.left
    for spot in spots.values():
        block = spot.fan.union(spot.panel)
        if block.colliderect(tracker) and block.left > tracker.left:
            tracker.width = block.left - px(10, scale) - tracker.left
    return TableLayout(
        size=size, scale=scale, n=n, human=human, card_w=card_w, card_h=card_h, trick_w=trick_w, trick_h=trick_h,
        back_w=back_w, hand_area=hand_area, hand_y=hand_y, lift=lift, trick_center=(cx, cy), spots=spots,
        buttons=buttons, toggles=toggles, top_bar=top_bar, human_info=human_info, tracker=tracker,
        deck_point=(cx, cy),
    )
