"""Colours and proportions: the look of the game in one place.

Sizes are given for a 1280×720 window and multiplied by ``ui_scale`` so that
everything is readable at 1280×720 and crisp at 2560×1440; the player's size
setting (100% to 200%, ``zoom.py``) multiplies them again.
"""

from __future__ import annotations

Color = tuple[int, int, int] | tuple[int, int, int, int]

FELT = (22, 92, 60)
FELT_LIGHT = (34, 122, 80)
FELT_DARK = (12, 58, 38)
TABLE_RIM = (74, 44, 24)
GOLD = (232, 190, 84)
GOLD_DARK = (168, 128, 40)
CREAM = (250, 244, 226)
WHITE = (255, 255, 255)
INK = (24, 28, 34)
MUTED = (170, 190, 178)
RED = (214, 64, 64)
BLUE = (70, 130, 220)
SELECT = (255, 214, 40)
PANEL = (8, 28, 20, 190)
PANEL_LIGHT = (255, 255, 255, 28)
SHADOW = (0, 0, 0, 110)
BUTTON = (244, 200, 92)
BUTTON_HOVER = (255, 222, 128)
BUTTON_TEXT = (40, 28, 8)
BUTTON_SECONDARY = (46, 84, 64)
BUTTON_SECONDARY_HOVER = (64, 112, 86)
BUTTON_DISABLED = (70, 86, 78)
TEXT_DISABLED = (130, 146, 138)
REVOLUTION = (200, 60, 160)
J_BACK = (80, 150, 240)
LOCK = (240, 150, 60)
PASS_BUBBLE = (240, 240, 240)

HIGH_CONTRAST_OUTLINE = (238, 238, 226)
"""Every panel's outline in high contrast."""
HIGH_CONTRAST_DIM = (70, 70, 70)
"""The brightness (of 255) of an unplayable card in high contrast: half of the usual (``painter.DIM``)."""

BASE_SIZE = (1280, 720)
MIN_SIZE = (960, 600)

# Font sizes at scale 1.
FONT_SMALL = 16
FONT_BODY = 20
FONT_LABEL = 24
FONT_TITLE = 40
FONT_BANNER = 64
FONT_LOGO = 96


def ui_scale(size: tuple[int, int], zoom: float = 1.0) -> float:
    """How much bigger than in a 1280×720 window everything is drawn, times the player's ``zoom``."""
    width, height = size
    return max(0.75, min(width / BASE_SIZE[0], height / BASE_SIZE[1], 3.0)) * zoom


def px(value: float, scale: float) -> int:
    """A length at scale 1 in pixels at ``scale`` (never below 1)."""
    return max(1, round(value * scale))


def opaque(color: Color, under: tuple[int, int, int] = FELT_DARK) -> tuple[int, int, int]:
    """``color`` as it looks over ``under``, with nothing showing through (high contrast's panels).

    >>> opaque((255, 255, 255, 128), (0, 0, 0))
    (128, 128, 128)
    """
    if len(color) < 4 or color[3] >= 255:
        return color[0], color[1], color[2]
    alpha = color[3] / 255
    return (round(color[0] * alpha + under[0] * (1 - alpha)), round(color[1] * alpha + under[1] * (1 - alpha)),
            round(color[2] * alpha + under[2] * (1 - alpha)))
