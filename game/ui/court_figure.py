"""The court figures (jack, queen, king): one half of a double-headed court card.

A figure is drawn in *figure coordinates* with a :class:`Pen`: x runs from -0.5 to 0.5
across the panel, y from 0 (the panel's top) to 1 (the card's centre line), in units of
``unit`` pixels; figures are a little narrower than they are tall (``squeeze``) and the
head is drawn larger (``Pen.zoom``, scaling about the base of the neck).  The card's
other half is this half turned by 180° (see ``CardArt._draw_court``).

:func:`draw_court_half` paints in layers, back to front, one short function each:
background rays, what stands behind the figure (the king's sword, the queen's hair),
the robe and its ornament by rank, attributes in front of the robe, neck and face,
headwear, and the suit mark in the corner.  Colours come from :func:`court_palette`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

import pygame

from game.engine.cards import DIAMONDS, HEARTS, SPADES
from game.ui.card_shapes import (
    GOLD,
    GOLD_DARK,
    INK_BLACK,
    INK_GREEN,
    INK_RED,
    OUTLINE,
    SKIN,
    WHITE,
    Color,
    Point,
    bezier,
    darker,
    draw_suit,
    ellipse_points,
    lighter,
    quad,
)

SQUEEZE: Final = 0.88
"""Figures are a little narrower than they are tall."""

HEAD_SCALE: Final = 1.12
"""Heads and headwear are drawn larger, about the base of the neck."""

NECK_Y: Final = 0.62
"""The figure y of the base of the neck, the fixed line of the head's zoom."""


class Pen:
    """Draws on ``surface`` in figure coordinates: ``origin + (x, y) * unit`` pixels.

    ``x`` is multiplied by ``squeeze``; while ``zoom`` is not 1 the drawing is scaled by
    it about the point (0, ``pivot_y``).  Filled shapes get an ``OUTLINE`` edge
    ``outline_width`` (figure units) thick unless asked not to.  The jokers' jester
    (:mod:`game.ui.joker_figure`) is drawn with a Pen too, in its own coordinates.
    """

    def __init__(
        self,
        surface: pygame.Surface,
        origin: Point,
        unit: float,
        *,
        outline_width: float,
        squeeze: float = 1.0,
        pivot_y: float = 0.0,
    ) -> None:
        self.surface = surface
        self.ox, self.oy = origin
        self.unit = unit
        self.squeeze = squeeze
        self.pivot_y = pivot_y
        self.zoom = 1.0
        self.thin = self.px(outline_width)

    def p(self, x: float, y: float) -> Point:
        """The pixel position of the figure point (``x``, ``y``)."""
        z = self.zoom
        return (
            self.ox + x * z * self.unit * self.squeeze,
            self.oy + (self.pivot_y + (y - self.pivot_y) * z) * self.unit,
        )

    def px(self, width: float) -> int:
        """A stroke ``width`` in figure units as whole pixels (at least 1, not zoomed)."""
        return max(1, round(self.unit * width))

    @contextmanager
    def zoomed(self, zoom: float) -> Iterator[None]:
        """Draw at ``zoom`` inside the ``with`` block."""
        previous, self.zoom = self.zoom, zoom
        try:
            yield
        finally:
            self.zoom = previous

    def poly(self, color: Color, pts: Sequence[Point], outline: bool = True) -> None:
        """A filled polygon."""
        q = [self.p(x, y) for x, y in pts]
        pygame.draw.polygon(self.surface, color, q)
        if outline:
            pygame.draw.polygon(self.surface, OUTLINE, q, self.thin)

    def circle(self, color: Color, c: Point, r: float, outline: bool = True) -> None:
        """A filled circle of radius ``r`` (figure units, zoomed)."""
        radius = r * self.unit * self.zoom
        pygame.draw.circle(self.surface, color, self.p(*c), radius)
        if outline:
            pygame.draw.circle(self.surface, OUTLINE, self.p(*c), radius, self.thin)

    def line(self, color: Color, a: Point, b: Point, width: float) -> None:
        """A straight line ``width`` figure units wide (zoomed)."""
        pygame.draw.line(self.surface, color, self.p(*a), self.p(*b), max(1, round(width * self.unit * self.zoom)))

    def lines(self, color: Color, pts: Sequence[Point], width: int) -> None:
        """An open polyline ``width`` pixels wide (see :meth:`px`)."""
        pygame.draw.lines(self.surface, color, False, [self.p(x, y) for x, y in pts], width)

    def outline(self, pts: Sequence[Point], width: int) -> None:
        """Only the ``OUTLINE`` edge of a polygon, ``width`` pixels wide."""
        pygame.draw.polygon(self.surface, OUTLINE, [self.p(x, y) for x, y in pts], width)


@dataclass(frozen=True)
class CourtPalette:
    """The colours of one suit's court figures (and of their panel's frame)."""

    robe: Color
    robe_dark: Color
    accent: Color
    trim: Color
    hair: Color


def court_palette(suit: int, four_color: bool) -> CourtPalette:
    """The court colours of ``suit`` in the normal or the four-colour deck."""
    navy, crimson, forest = (34, 56, 112), (176, 28, 44), (22, 96, 64)
    if suit == SPADES:
        return CourtPalette(navy, (20, 32, 70), crimson, GOLD, (70, 52, 40))
    if suit == HEARTS:
        return CourtPalette(crimson, (120, 16, 30), navy, GOLD, (96, 56, 30))
    if suit == DIAMONDS:
        if four_color:
            return CourtPalette((36, 56, 196), (20, 32, 128), (214, 120, 20), GOLD, (120, 78, 40))
        return CourtPalette((200, 72, 28), (140, 44, 16), (36, 72, 140), GOLD, (120, 78, 40))
    if four_color:
        return CourtPalette((0, 146, 120), (0, 90, 74), crimson, GOLD, (50, 40, 34))
    return CourtPalette(forest, (12, 60, 40), crimson, GOLD, (50, 40, 34))


def draw_court_half(surface: pygame.Surface, label: str, suit: int, ink: Color, pal: CourtPalette) -> None:
    """Draw the upper half of the court card ``label`` ("J", "Q" or "K") filling ``surface``.

    ``ink`` is the colour of the suit mark drawn in the corner.
    """
    pw, ph = surface.get_size()
    unit = min(float(ph), pw * 1.25)
    pen = Pen(surface, (pw / 2, ph - unit), unit, outline_width=0.009, squeeze=SQUEEZE, pivot_y=NECK_Y)
    _draw_rays(pen, pal)
    _draw_behind_figure(pen, label, pal)
    _draw_robe(pen, pal)
    _ROBE_ORNAMENTS[label](pen, pal)
    _draw_attribute_in_front(pen, label, pal)
    with pen.zoomed(HEAD_SCALE):
        _draw_neck_and_face(pen, label, pal)
        _HEADWEAR[label](pen, pal)
    _draw_suit_mark(pen, suit, ink)


def _mirrored(pts: Sequence[Point]) -> list[Point]:
    return [(-x, y) for x, y in pts]


# -- layers behind the figure ------------------------------------------------------------


def _draw_rays(pen: Pen, pal: CourtPalette) -> None:
    """Soft background rays in the suit's tint, fanning out from the centre line."""
    tint = lighter(pal.robe, 0.88)
    for i in range(-7, 8):
        x = i * 0.075
        ray = [(x * 0.3 - 0.01, 1.0), (x * 0.3 + 0.01, 1.0), (x * 2.4 + 0.025, -0.2), (x * 2.4 - 0.025, -0.2)]
        pen.poly(tint, ray, False)


def _draw_behind_figure(pen: Pen, label: str, pal: CourtPalette) -> None:
    """The king's sword blade and the queen's long hair, both behind the shoulders."""
    if label == "K":
        pen.poly((214, 218, 226), [(0.285, 0.2), (0.3, 0.1), (0.315, 0.2), (0.315, 1.0), (0.285, 1.0)])
        pen.line((150, 156, 170), (0.3, 0.16), (0.3, 1.0), 0.006)
    elif label == "Q":
        with pen.zoomed(HEAD_SCALE):
            hair = bezier((-0.14, 0.32), (-0.26, 0.45), (-0.2, 0.62), (-0.24, 0.7))
            hair += bezier((0.24, 0.7), (0.2, 0.62), (0.26, 0.45), (0.14, 0.32))
            pen.poly(pal.hair, hair)


# -- the robe --------------------------------------------------------------------------


def _draw_robe(pen: Pen, pal: CourtPalette) -> None:
    """Shoulders and robe: brocade, darker sleeves with gold cuffs, a gilded hem."""
    left_shoulder = [(-0.43, 1.0), (-0.42, 0.8), *bezier((-0.42, 0.8), (-0.39, 0.66), (-0.27, 0.6), (-0.1, 0.6))]
    robe = left_shoulder + _mirrored(left_shoulder[::-1])
    pen.poly(pal.robe, robe)
    _draw_brocade(pen, pal)
    for sx in (-1, 1):
        sleeve = [(sx * 0.435, 1.0), (sx * 0.425, 0.8), (sx * 0.39, 0.7), (sx * 0.31, 0.72), (sx * 0.31, 1.0)]
        pen.poly(pal.robe_dark, sleeve)
        pen.line(pal.trim, (sx * 0.31, 0.73), (sx * 0.31, 1.0), 0.01)
    pen.lines(pal.trim, [(x, y + 0.012) for x, y in robe[2:-2]], pen.px(0.016))


def _draw_brocade(pen: Pen, pal: CourtPalette) -> None:
    """Small lozenges in staggered rows, inside the robe's shoulder line."""
    motif = lighter(pal.robe, 0.2)
    for row in range(7):
        y = 0.66 + row * 0.055
        for col in range(-7, 8):
            x = col * 0.06 + (0.03 if row % 2 else 0.0)
            edge_y = 0.6 + 0.45 * max(0.0, abs(x) - 0.1) ** 1.6 * 4
            if abs(x) < 0.4 and y > edge_y + 0.04 and y < 0.99:
                pen.poly(motif, [(x, y - 0.014), (x + 0.011, y), (x, y + 0.014), (x - 0.011, y)], False)


def _draw_king_robe(pen: Pen, pal: CourtPalette) -> None:
    """A front panel with jewelled buttons and an ermine stole."""
    pen.poly(pal.accent, [(-0.09, 0.66), (0.09, 0.66), (0.11, 1.0), (-0.11, 1.0)])
    for x in (-0.055, 0.055):
        pen.line(pal.trim, (x, 0.68), (x * 1.2, 1.0), 0.012)
    for y in (0.78, 0.9):
        pen.poly(pal.trim, [(0.0, y - 0.03), (0.025, y), (0.0, y + 0.03), (-0.025, y)])
    stole = bezier((-0.33, 0.64), (-0.2, 0.79), (0.2, 0.79), (0.33, 0.64))
    stole += bezier((0.22, 0.59), (0.12, 0.67), (-0.12, 0.67), (-0.22, 0.59))
    pen.poly(WHITE, stole)
    for x, y in ((-0.22, 0.675), (-0.08, 0.715), (0.08, 0.715), (0.22, 0.675)):
        pen.poly(INK_BLACK, [(x - 0.013, y - 0.012), (x + 0.013, y - 0.012), (x, y + 0.032)], False)


def _draw_queen_robe(pen: Pen, pal: CourtPalette) -> None:
    """A laced bodice and a pearl necklace."""
    pen.poly(lighter(pal.robe, 0.25), [(-0.12, 0.64), (0.12, 0.64), (0.09, 1.0), (-0.09, 1.0)])
    for i in range(4):
        y = 0.7 + i * 0.075
        pen.line(pal.trim, (-0.06, y), (0.06, y + 0.05), 0.01)
        pen.line(pal.trim, (0.06, y), (-0.06, y + 0.05), 0.01)
    neckline = bezier((-0.2, 0.6), (-0.12, 0.7), (0.12, 0.7), (0.2, 0.6))
    pen.poly(pal.trim, [*neckline, (0.14, 0.59), (-0.14, 0.59)])
    for i in range(7):
        x = -0.09 + i * 0.03
        pen.circle(WHITE, (x, 0.655 - 3.0 * x * x), 0.016)
    pen.circle(pal.accent, (0.0, 0.7), 0.022)


def _draw_jack_robe(pen: Pen, pal: CourtPalette) -> None:
    """A tunic with a studded diagonal sash and a ruff."""
    pen.poly(pal.accent, [(-0.36, 0.64), (-0.24, 0.6), (0.3, 1.0), (0.16, 1.0)])
    for t in (0.3, 0.55, 0.8):
        x = -0.3 + (0.23 + 0.3) * t
        y = 0.62 + 0.38 * t
        pen.circle(pal.trim, (x, y), 0.02)
    for i in range(7):
        x = -0.15 + i * 0.05
        pen.circle(WHITE, (x, 0.62 + abs(x) * 0.15), 0.036)


_ROBE_ORNAMENTS: Final[dict[str, Callable[[Pen, CourtPalette], None]]] = {
    "K": _draw_king_robe,
    "Q": _draw_queen_robe,
    "J": _draw_jack_robe,
}


def _draw_attribute_in_front(pen: Pen, label: str, pal: CourtPalette) -> None:
    """The queen's rose pinned to the gown, the hilt of the king's sword."""
    if label == "Q":
        pen.poly(INK_GREEN, ellipse_points(0.27, 0.81, 0.04, 0.016, -0.6), False)
        pen.poly(INK_GREEN, ellipse_points(0.17, 0.8, 0.04, 0.016, 0.6), False)
        for i in range(6):
            a = 2 * math.pi * i / 6
            pen.circle(lighter(INK_RED, 0.15), (0.22 + 0.032 * math.cos(a), 0.76 + 0.032 * math.sin(a)), 0.03)
        pen.circle(darker(INK_RED, 0.8), (0.22, 0.76), 0.024)
    elif label == "K":
        pen.poly((92, 56, 30), [(0.29, 0.57), (0.31, 0.57), (0.31, 0.64), (0.29, 0.64)])  # grip
        pen.poly(pal.trim, [(0.23, 0.545), (0.37, 0.545), (0.37, 0.572), (0.23, 0.572)])  # cross-guard
        pen.circle(pal.accent, (0.3, 0.558), 0.014, False)


# -- the head (drawn zoomed) ---------------------------------------------------------


def _draw_neck_and_face(pen: Pen, label: str, pal: CourtPalette) -> None:
    """Neck, face, eyes, brows, cheeks and nose; the king's beard, the others' mouth."""
    pen.poly(SKIN, [(-0.045, 0.5), (0.045, 0.5), (0.052, 0.61), (-0.052, 0.61)])
    if label == "K":
        for sx in (-1, 1):
            side_hair = [(sx * 0.11, 0.32), (sx * 0.155, 0.36), (sx * 0.14, 0.47), (sx * 0.1, 0.44)]
            pen.poly(lighter(pal.hair, 0.3), side_hair)
    pen.poly(SKIN, ellipse_points(0.0, 0.42, 0.118, 0.14))
    eye_y = 0.405
    for sx in (-1, 1):
        pen.poly(OUTLINE, ellipse_points(sx * 0.046, eye_y, 0.015, 0.011), False)
        pen.line(pal.hair, (sx * 0.075, eye_y - 0.032), (sx * 0.022, eye_y - 0.038), 0.012)
        pen.circle(lighter(INK_RED, 0.6), (sx * 0.068, 0.455), 0.02, False)
    pen.line(darker(SKIN, 0.72), (0.0, 0.405), (0.01, 0.45), 0.01)
    if label == "K":
        _draw_beard(pen, pal)
    else:
        pen.lines(INK_RED, quad((-0.03, 0.49), (0.0, 0.505), (0.03, 0.49)), pen.px(0.012))


def _draw_beard(pen: Pen, pal: CourtPalette) -> None:
    """Beard and moustache around the mouth."""
    beard = [(-0.115, 0.42), (-0.1, 0.52), (-0.05, 0.59), (0.0, 0.62), (0.05, 0.59), (0.1, 0.52), (0.115, 0.42)]
    beard += [(0.07, 0.47), (0.03, 0.478), (0.0, 0.49), (-0.03, 0.478), (-0.07, 0.47)]
    pen.poly(lighter(pal.hair, 0.3), beard)
    pen.poly(lighter(pal.hair, 0.2), [(-0.075, 0.47), (0.0, 0.452), (0.075, 0.47), (0.0, 0.482)])
    pen.line(darker(INK_RED, 0.8), (-0.02, 0.507), (0.02, 0.507), 0.01)


def _draw_crown(pen: Pen, pal: CourtPalette) -> None:
    """The king's crown: three points tipped with pearls on a jewelled band."""
    base_y, top_y = 0.31, 0.12
    crown = [(-0.135, base_y), (-0.155, top_y + 0.025), (-0.08, 0.22), (0.0, top_y), (0.08, 0.22)]
    crown += [(0.155, top_y + 0.025), (0.135, base_y)]
    pen.poly(pal.trim, crown)
    band = [(-0.14, base_y + 0.005), (0.14, base_y + 0.005), (0.14, base_y - 0.04), (-0.14, base_y - 0.04)]
    pen.poly(GOLD_DARK, band)
    for x, c in ((-0.075, pal.accent), (0.0, INK_RED), (0.075, pal.accent)):
        pen.circle(c, (x, base_y - 0.018), 0.015, False)
    for x, y in ((-0.155, top_y + 0.025), (0.0, top_y), (0.155, top_y + 0.025)):
        pen.circle(WHITE, (x, y), 0.02)


def _draw_tiara(pen: Pen, pal: CourtPalette) -> None:
    """The queen's fringe, tiara and earrings."""
    fringe = bezier((-0.125, 0.42), (-0.14, 0.26), (0.14, 0.26), (0.125, 0.42))
    pen.poly(pal.hair, [*fringe, (0.1, 0.34), (0.0, 0.32), (-0.1, 0.34)])
    base_y = 0.3
    tiara = [(-0.12, base_y), (-0.105, 0.235), (-0.05, 0.265), (0.0, 0.19), (0.05, 0.265), (0.105, 0.235)]
    pen.poly(pal.trim, [*tiara, (0.12, base_y)])
    for x, y in ((-0.105, 0.23), (0.0, 0.185), (0.105, 0.23)):
        pen.circle(WHITE, (x, y), 0.017)
    pen.circle(pal.accent, (0.0, 0.268), 0.02)
    for sx in (-1, 1):
        pen.circle(pal.trim, (sx * 0.122, 0.47), 0.014)


def _draw_feathered_cap(pen: Pen, pal: CourtPalette) -> None:
    """The jack's hair at the temples and a cap with a feather."""
    for sx in (-1, 1):
        pen.poly(pal.hair, [(sx * 0.118, 0.35), (sx * 0.125, 0.46), (sx * 0.1, 0.44), (sx * 0.095, 0.35)], False)
    feather = bezier((0.06, 0.29), (0.18, 0.24), (0.27, 0.17), (0.36, 0.1))
    feather += bezier((0.36, 0.1), (0.34, 0.2), (0.24, 0.29), (0.08, 0.33))
    pen.poly(lighter(pal.accent, 0.35), feather)
    pen.poly(pal.accent, ellipse_points(0.01, 0.295, 0.165, 0.06, -0.06))
    pen.poly(pal.robe_dark, [(-0.125, 0.335), (0.135, 0.315), (0.135, 0.352), (-0.125, 0.372)])
    pen.circle(pal.trim, (0.09, 0.33), 0.018)


_HEADWEAR: Final[dict[str, Callable[[Pen, CourtPalette], None]]] = {
    "K": _draw_crown,
    "Q": _draw_tiara,
    "J": _draw_feathered_cap,
}


def _draw_suit_mark(pen: Pen, suit: int, ink: Color) -> None:
    """The suit in the upper corner of the panel, opposite the sword / feather."""
    size = pen.unit * 0.13
    margin = pen.surface.get_width() * 0.07
    draw_suit(pen.surface, suit, (margin + size * 0.5, margin + size * 0.55), size, ink)
