"""Colours, geometry helpers and suit symbols shared by the card artwork.

Everything here is a constant or a pure function of its arguments, except
:func:`draw_suit`, which paints on a surface it is given:

* the inks and paper of the cards (``PAPER``, ``INK_RED``, ``GOLD``, the back colours, ...)
  and :func:`suit_color` for the normal and the four-colour deck;
* point lists for curves and figures: :func:`bezier`, :func:`quad`,
  :func:`ellipse_points`, :func:`star_points`, and :func:`lighter` / :func:`darker` tints;
* the suit symbols as vector outlines (:class:`SuitShape`, :func:`suit_shape`), never font
  glyphs, and :func:`draw_suit` to fill one in at any size.

Coordinates are pixels with y pointing down.  Drawing is not anti-aliased: callers draw on
a supersampled surface and smooth-scale it down.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Final

import pygame

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES

Point = tuple[float, float]
Color = tuple[int, int, int]

# -- colours ---------------------------------------------------------------------------

PAPER: Final[Color] = (253, 252, 248)
EDGE: Final[Color] = (168, 168, 160)
INK_BLACK: Final[Color] = (24, 24, 28)
INK_RED: Final[Color] = (204, 22, 42)
INK_GREEN: Final[Color] = (16, 130, 66)
# The four-colour deck: a hue per suit that people with any common colour-vision deficiency can
# tell apart, and a lightness per suit that stays apart in greyscale (in L*: black 8, blue 30, red 44,
# teal 60); every ink keeps a 3:1 contrast on the paper (tests/ui/test_card_colours.py).
FOUR_BLUE: Final[Color] = (28, 44, 200)
FOUR_TEAL: Final[Color] = (0, 165, 135)
GOLD: Final[Color] = (222, 172, 48)
GOLD_DARK: Final[Color] = (150, 108, 22)
CREAM: Final[Color] = (251, 245, 228)
SKIN: Final[Color] = (248, 218, 188)
OUTLINE: Final[Color] = (40, 32, 30)
WHITE: Final[Color] = (255, 255, 255)

SUIT_COLORS: Final[tuple[Color, ...]] = (INK_BLACK, INK_RED, INK_RED, INK_BLACK)
SUIT_COLORS_FOUR: Final[tuple[Color, ...]] = (INK_BLACK, INK_RED, FOUR_BLUE, FOUR_TEAL)

BACK_RED: Final[Color] = (138, 22, 36)
BACK_RED_LINE: Final[Color] = (180, 52, 62)
BACK_NAVY: Final[Color] = (22, 38, 88)
BACK_NAVY_LINE: Final[Color] = (56, 84, 150)


def suit_color(suit: int, *, four_color: bool = False) -> Color:
    """The ink colour of ``suit`` (0..3) in the normal or the four-colour deck."""
    return (SUIT_COLORS_FOUR if four_color else SUIT_COLORS)[suit]


def darker(c: Color, f: float = 0.7) -> Color:
    """``c`` with every channel scaled by ``f`` (towards black)."""
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def lighter(c: Color, f: float = 0.5) -> Color:
    """``c`` moved the fraction ``f`` of the way to white."""
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f), int(c[2] + (255 - c[2]) * f))


# -- geometry helpers (pure functions) -------------------------------------------------


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    """``n + 1`` points along the cubic Bézier curve from ``p0`` to ``p3``."""
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    """``n + 1`` points along the quadratic Bézier curve from ``p0`` to ``p2``."""
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def ellipse_points(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, n: int = 48) -> list[Point]:
    """``n`` points around an ellipse with radii ``rx``, ``ry`` turned by ``angle`` radians."""
    ca, sa = math.cos(angle), math.sin(angle)
    out: list[Point] = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return out


def star_points(
    cx: float, cy: float, r_out: float, r_in: float, points: int = 5, rot: float = -math.pi / 2
) -> list[Point]:
    """The outline of a star with ``points`` tips, the first at angle ``rot`` (default: up)."""
    out: list[Point] = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + math.pi * i / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


# -- suit symbols ----------------------------------------------------------------------


@dataclass(frozen=True)
class SuitShape:
    """A suit symbol in unit coordinates: height 1, centred on (0, 0), y pointing down."""

    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...] = ()
    width: float = 1.0


@functools.cache
def _heart_points() -> tuple[Point, ...]:
    raw: list[Point] = []
    n = 180
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    ys = [p[1] for p in raw]
    h = max(ys) - min(ys)
    cy = (max(ys) + min(ys)) / 2
    return tuple((x / h * 0.9, (y - cy) / h) for x, y in raw)


@functools.cache
def suit_shape(suit: int) -> SuitShape:
    """The vector outline of a suit symbol, as polygons and circles (drawn, never a font glyph)."""
    if suit == HEARTS:
        return SuitShape((_heart_points(),), width=0.99)
    if suit == DIAMONDS:
        w, h = 0.38, 0.5
        top, right, bottom, left = (0.0, -h), (w, 0.0), (0.0, h), (-w, 0.0)
        pts: list[Point] = []
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            mid = ((a[0] + b[0]) / 2 * 0.86, (a[1] + b[1]) / 2 * 0.86)  # slightly concave sides
            pts.extend(quad(a, mid, b)[:-1])
        return SuitShape((tuple(pts),), width=2 * w)
    if suit == SPADES:
        body = tuple((x * 1.04, -y * 0.80 - 0.10) for x, y in _heart_points())
        stem = (
            (-0.03, 0.05),
            *quad((-0.03, 0.12), (-0.04, 0.42), (-0.21, 0.5)),
            *quad((0.21, 0.5), (0.04, 0.42), (0.03, 0.12)),
            (0.03, 0.05),
        )
        return SuitShape((body, stem), width=1.03)
    if suit == CLUBS:
        r = 0.232
        stem = (
            (-0.035, 0.0),
            *quad((-0.035, 0.12), (-0.04, 0.42), (-0.2, 0.5)),
            *quad((0.2, 0.5), (0.04, 0.42), (0.035, 0.12)),
            (0.035, 0.0),
        )
        return SuitShape(
            polygons=(((0.0, -0.2), (-0.2, 0.09), (0.2, 0.09)), stem),
            circles=(((0.0, -0.268), r), ((-0.258, 0.072), r), ((0.258, 0.072), r)),
            width=2 * (0.258 + r),
        )
    raise ValueError(f"no suit {suit}")


def draw_suit(
    surface: pygame.Surface, suit: int, center: Point, height: float, color: Color, *, flip: bool = False
) -> None:
    """Draw suit ``suit`` centred on ``center``, ``height`` pixels tall.

    No anti-aliasing here: draw on a large surface and smooth-scale it down.
    ``flip`` turns the symbol upside down (the lower half of a card).
    """
    cx, cy = center
    s = -height if flip else height
    shape = suit_shape(suit)
    for pts in shape.polygons:
        pygame.draw.polygon(surface, color, [(cx + x * s, cy + y * s) for x, y in pts])
    for (ox, oy), r in shape.circles:
        pygame.draw.circle(surface, color, (cx + ox * s, cy + oy * s), r * height)
