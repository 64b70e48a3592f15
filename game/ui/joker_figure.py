"""The jester on the joker cards: a harlequin figure with a three-pointed hat.

The figure is drawn with the court cards' :class:`~game.ui.court_figure.Pen` in its own
coordinates: the origin is the panel's centre line at 36 % of its height, ``unit`` is the
panel's width (or three quarters of its height if that is less), y points down, there
is no squeeze and no zoom.  :func:`draw_jester` paints the background layers and the
figure, back to front; the word JOKER and the frame are added by ``CardArt``, which has
the fonts.  The red joker is colourful, the black one greyscale (:func:`joker_palette`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui.card_shapes import (
    GOLD,
    GOLD_DARK,
    INK_RED,
    OUTLINE,
    SKIN,
    Color,
    bezier,
    darker,
    ellipse_points,
    lighter,
    star_points,
)
from game.ui.court_figure import Pen


@dataclass(frozen=True)
class JokerPalette:
    """The colours of one joker card."""

    background: Color
    hat: tuple[Color, Color, Color]
    """Left lobe, middle lobe (and eye paint), right lobe."""
    ruff: tuple[Color, ...]
    """The ruff collar, the border diamonds and the tunic's ground (``ruff[1]``)."""
    tunic_tiles: tuple[Color, ...]
    """The diamonds on the tunic, in turn."""
    star: Color
    smile: Color
    letters: tuple[Color, ...]
    """The letters of the word JOKER, in turn."""
    frame: Color


def joker_palette(colorful: bool) -> JokerPalette:
    """The colourful (red) joker's colours, or the greyscale (black) joker's."""
    if colorful:
        red, blue, yellow, green = (206, 28, 50), (30, 96, 190), (236, 170, 20), (20, 140, 80)
        return JokerPalette(
            background=(255, 248, 226),
            hat=(red, blue, yellow),
            ruff=(red, blue, yellow, green),
            tunic_tiles=(red, yellow, green),
            star=yellow,
            smile=INK_RED,
            letters=(red, (236, 150, 10), green, blue, (150, 40, 170)),
            frame=red,
        )
    black, grey = (30, 30, 36), (170, 176, 190)
    return JokerPalette(
        background=(236, 238, 244),
        hat=(black, (110, 116, 130), black),
        ruff=(black, grey, black, grey),
        tunic_tiles=(black,),
        star=(120, 126, 140),
        smile=(60, 60, 70),
        letters=(black,) * 5,
        frame=black,
    )


def draw_jester(panel: pygame.Surface, pal: JokerPalette) -> None:
    """Draw the border diamonds, the stars and the jester on ``panel`` (already filled)."""
    pw, ph = panel.get_size()
    pen = Pen(panel, (pw / 2, ph * 0.36), min(pw, ph * 0.75), outline_width=0.008)
    _draw_harlequin_borders(panel, pal)
    _draw_stars(pen, pal)
    _draw_tunic(pen, pal)
    _draw_ruff(pen, pal)
    _draw_face(pen, pal)
    _draw_hat(pen, pal)


def _draw_harlequin_borders(panel: pygame.Surface, pal: JokerPalette) -> None:
    """A row of pale diamonds along the top and the bottom of the panel."""
    pw, ph = panel.get_size()
    tile = pw / 8
    for row_y, alt in ((tile * 0.6, 0), (ph - tile * 0.6, 1)):
        for i in range(9):
            x = i * tile
            c = pal.ruff[(i + alt) % len(pal.ruff)]
            pygame.draw.polygon(
                panel,
                lighter(c, 0.35),
                [(x, row_y - tile * 0.6), (x + tile / 2, row_y), (x, row_y + tile * 0.6), (x - tile / 2, row_y)],
            )


def _draw_stars(pen: Pen, pal: JokerPalette) -> None:
    """Four stars scattered around the figure."""
    for sx, sy, r in ((-0.36, -0.36, 0.055), (0.38, -0.3, 0.045), (-0.4, 0.52, 0.05), (0.4, 0.6, 0.06)):
        pygame.draw.polygon(pen.surface, pal.star, star_points(*pen.p(sx, sy), r * pen.unit, r * pen.unit * 0.42))


def _draw_tunic(pen: Pen, pal: JokerPalette) -> None:
    """A trapezoid of diamonds in alternating colours, with gold bells at the hem."""
    top_y, bottom_y, top_w, bottom_w = 0.36, 0.7, 0.2, 0.32
    outline = [(-top_w, top_y), (top_w, top_y), (bottom_w, bottom_y), (-bottom_w, bottom_y)]
    pen.poly(pal.ruff[1], outline)
    rows = cols = 4
    dh = (bottom_y - top_y) / rows
    for r in range(rows):
        y0 = top_y + r * dh
        half = top_w + (bottom_w - top_w) * (r + 0.5) / rows
        dw = 2 * half / cols
        for col in range(cols):
            if (r + col) % 2:
                continue
            x0 = -half + col * dw
            diamond = [(x0 + dw / 2, y0), (x0 + dw, y0 + dh / 2), (x0 + dw / 2, y0 + dh), (x0, y0 + dh / 2)]
            pen.poly(pal.tunic_tiles[(r + col // 2) % len(pal.tunic_tiles)], diamond, False)
    pen.outline(outline, pen.px(0.01))
    for sx in (-1, 1):
        pen.circle(GOLD, (sx * (bottom_w - 0.02), bottom_y + 0.02), 0.035)


def _draw_ruff(pen: Pen, pal: JokerPalette) -> None:
    """The ruff collar: a fan of coloured discs below the chin."""
    for i in range(9):
        a = math.pi * (0.15 + 0.7 * i / 8)
        pen.circle(pal.ruff[i % len(pal.ruff)], (0.3 * math.cos(a), 0.34 + 0.08 * math.sin(a)), 0.075)


def _draw_face(pen: Pen, pal: JokerPalette) -> None:
    """Face, eyes with diamond paint, rosy cheeks, a round nose and a wide smile."""
    pen.poly(SKIN, ellipse_points(0.0, 0.12, 0.17, 0.19))
    for sx in (-1, 1):
        pen.poly(OUTLINE, ellipse_points(sx * 0.065, 0.09, 0.02, 0.028), False)
        pen.circle(lighter(INK_RED, 0.45), (sx * 0.1, 0.17), 0.03, False)
        pen.poly(pal.hat[1], [(sx * 0.065, 0.02), (sx * 0.085, 0.05), (sx * 0.065, 0.06), (sx * 0.045, 0.05)], False)
    pen.circle(INK_RED, (0.0, 0.14), 0.028)
    smile = bezier((-0.09, 0.19), (-0.05, 0.26), (0.05, 0.26), (0.09, 0.19))
    smile += bezier((0.09, 0.19), (0.04, 0.23), (-0.04, 0.23), (-0.09, 0.19))
    pen.poly(pal.smile, smile)


def _draw_hat(pen: Pen, pal: JokerPalette) -> None:
    """The three-pointed hat with a bell on every tip."""
    hat = pal.hat
    lobes = (
        (hat[0], [(-0.19, 0.0), (-0.32, -0.12), (-0.46, -0.06), (-0.3, -0.3), (-0.05, -0.08)], (-0.46, -0.06)),
        (hat[2], [(0.19, 0.0), (0.32, -0.12), (0.46, -0.06), (0.3, -0.3), (0.05, -0.08)], (0.46, -0.06)),
        (hat[1], [(-0.12, -0.03), (-0.1, -0.22), (0.0, -0.42), (0.1, -0.22), (0.12, -0.03)], (0.0, -0.42)),
    )
    for color, pts, _ in lobes:
        pen.poly(color, pts)
    pen.poly(darker(hat[1], 0.8), [(-0.19, 0.0), (-0.2, -0.05), (0.2, -0.05), (0.19, 0.0)])  # the brim
    for _, _, tip in lobes:
        pen.circle(GOLD, tip, 0.045)
        pen.circle(GOLD_DARK, (tip[0], tip[1] + 0.02), 0.012, False)
