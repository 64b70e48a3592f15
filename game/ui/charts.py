"""Charts drawn with pygame's own primitives: values over time as lines, dots and bars, with labelled axes.

A ``Plot`` is one chart of a given size in pixels: a vertical ``Axis`` (its
range, its labelled ticks, maybe upside down: 1st place on top), ``count``
evenly spaced positions from left to right, and labels under some of them.
Lines, dots and bars are drawn at ``SUPER`` times the size and smoothed down
(anti-aliased); labels are drawn after, sharp.  ``image()`` gives the chart.

    plot = Plot(ctx, (400, 160), Axis(-2, 2, [(-2, "-2"), (0, "0"), (2, "+2")]), count=len(values))
    plot.bars(values, GOLD)
    plot.line(rolling_mean(values, 20), CREAM, width=2.5)
    surface.blit(plot.image(), (x, y))

A plot of many more positions than pixels (10,000 games in 400 pixels)
draws one bar per pixel column, the mean of the values that fall in it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from . import theme
from .theme import px

if TYPE_CHECKING:
    from .context import Context

SUPER = 2
"""Shapes are drawn this many times larger, then smoothed down."""
GRID = (255, 255, 255, 34)
ZERO = (255, 255, 255, 90)

Color = tuple[int, int, int] | tuple[int, int, int, int]


@dataclass(frozen=True)
class Axis:
    """The vertical axis: from ``low`` to ``high``, with labelled ticks (``invert``: ``low`` on top)."""

    low: float
    high: float
    ticks: Sequence[tuple[float, str]] = ()
    invert: bool = False
    zero: float | None = None
    """A value whose grid line stands out (0 points)."""


@dataclass
class _Label:
    text: str
    pos: tuple[int, int]
    size: int
    color: tuple[int, ...]
    anchor: str
    bold: bool = False
    inside: pygame.Rect | None = None
    """Where the label must stay whole (None: the chart)."""


@dataclass
class Plot:
    """One chart (see the module docstring)."""

    ctx: Context
    size: tuple[int, int]
    axis: Axis
    count: int
    x_labels: Sequence[tuple[int, str]] = ()
    """Labels under some positions (position index, text), the most important first: a label that would
    touch one placed before it is left out."""
    font: int = 0
    """The labels' font size (0: the small font at the window's scale)."""
    inner: pygame.Rect = field(init=False)
    """Where the values are drawn (inside the axis labels), in the chart's pixels."""
    _big: pygame.Surface = field(init=False)
    _labels: list[_Label] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        scale = self.ctx.scale
        if not self.font:
            self.font = max(11, px(theme.FONT_SMALL - 3, scale))
        width, height = max(1, self.size[0]), max(1, self.size[1])
        tick_w = max((self.ctx.text.size(text, self.font)[0] for _, text in self.axis.ticks), default=0)
        left = tick_w + px(10, scale)
        bottom = round(self.font * 1.5) + px(4, scale) if self.x_labels else px(8, scale)
        top = max(px(8, scale), self.font // 2 + 2)
        right = px(10, scale)
        self.inner = pygame.Rect(left, top, max(1, width - left - right), max(1, height - top - bottom))
        self._big = pygame.Surface((width * SUPER, height * SUPER), pygame.SRCALPHA)
        self._grid()

    # --- coordinates (the chart's pixels) ---

    def x(self, index: float) -> float:
        """The x of position ``index`` (0 .. count-1): evenly spread, one position in the middle."""
        if self.count <= 1:
            return self.inner.centerx
        pad = min(self.inner.width / (2 * self.count), self.inner.width * 0.04)
        return self.inner.left + pad + (self.inner.width - 2 * pad) * index / (self.count - 1)

    def y(self, value: float) -> float:
        axis = self.axis
        span = (axis.high - axis.low) or 1.0
        share = (value - axis.low) / span
        if not axis.invert:
            share = 1.0 - share
        return self.inner.top + self.inner.height * min(1.0, max(0.0, share))

    # --- drawing ---

    def _grid(self) -> None:
        inner = self.inner
        for value, text in self.axis.ticks:
            y = round(self.y(value))
            color = ZERO if self.axis.zero is not None and value == self.axis.zero else GRID
            self._hline(y, color)
            self._labels.append(_Label(text, (inner.left - px(6, self.ctx.scale), y), self.font, theme.MUTED,
                                       "midright"))
        under = pygame.Rect(inner.left, inner.bottom, self.size[0] - inner.left, self.size[1] - inner.bottom)
        placed: list[pygame.Rect] = []
        room = px(8, self.ctx.scale)
        for index, text in self.x_labels:  # in order of importance: one that would touch another is left out
            pos = (round(self.x(index)), inner.bottom + px(5, self.ctx.scale))
            rect = pygame.Rect((0, 0), self.ctx.text.size(text, self.font))
            rect.midtop = pos
            rect = rect.clamp(under)
            if any(rect.inflate(room, 0).colliderect(other) for other in placed):
                continue
            placed.append(rect)
            self._labels.append(_Label(text, pos, self.font, theme.MUTED, "midtop", inside=under))

    def _hline(self, y: int, color: Color) -> None:
        k = SUPER
        pygame.draw.line(self._big, color, (self.inner.left * k, y * k), (self.inner.right * k, y * k), k)

    def bars(self, values: Sequence[float], color: Color, *, base: float | None = None,
             negative: Color | None = None, width: float = 0.6) -> None:
        """A bar from ``base`` (the axis's zero, else its low end) to each value, ``width`` of the room between
        two positions; more values than pixels: one bar per pixel column, the mean of its values."""
        if not values:
            return
        k = SUPER
        start = base if base is not None else (self.axis.zero if self.axis.zero is not None else self.axis.low)
        y0 = self.y(start) * k
        room = self.inner.width / max(1, self.count)
        columns: list[tuple[float, float, float]]
        if room >= 2:
            half = max(0.5, room * width / 2) * k
            columns = [(self.x(i) * k - half, self.x(i) * k + half, v) for i, v in enumerate(values)]
        else:
            columns = []
            for column, mean in _columns(values, self.inner.width):
                left = float((self.inner.left + column) * k)
                columns.append((left, left + k, mean))
        for left, right, value in columns:
            y = self.y(value) * k
            ink = negative if negative is not None and value < start else color
            top, bottom = min(y, y0), max(y, y0)
            rect = pygame.Rect(round(left), round(top), max(1, round(right - left)), max(1, round(bottom - top)))
            pygame.draw.rect(self._big, ink, rect)

    def line(self, values: Sequence[float], color: Color, *, width: float = 2.0, dashed: bool = False,
             start: int = 0) -> None:
        """A line through the values at positions ``start``, ``start + 1``, ...; many values: one point per
        pixel column (their mean)."""
        if not values:
            return
        k = SUPER
        if len(values) > self.inner.width:
            points = [((self.inner.left + c + 0.5) * k, self.y(mean) * k) for c, mean in _columns(values,
                                                                                             self.inner.width)]
        else:
            points = [(self.x(start + i) * k, self.y(v) * k) for i, v in enumerate(values)]
        thickness = max(1, round(width * self.ctx.scale * k))
        if len(points) == 1:
            pygame.draw.circle(self._big, color, points[0], thickness)
            return
        if dashed:
            for a, b in _dashes(points, 7 * self.ctx.scale * k):
                pygame.draw.line(self._big, color, a, b, thickness)
            return
        pygame.draw.lines(self._big, color, False, points, thickness)
        for point in points:  # round joints
            pygame.draw.circle(self._big, color, point, thickness / 2)

    def dots(self, values: Sequence[float | None], color: Color, *, radius: float = 3.5, ring: Color | None = None,
             start: int = 0) -> None:
        """A dot at each value (None: none there)."""
        k = SUPER
        r = radius * self.ctx.scale * k
        for i, value in enumerate(values):
            if value is None:
                continue
            center = (self.x(start + i) * k, self.y(value) * k)
            if ring is not None:
                pygame.draw.circle(self._big, ring, center, r + 1.5 * self.ctx.scale * k)
            pygame.draw.circle(self._big, color, center, r)

    def badge(self, index: float, value: float, text: str, color: Color, *, ink: tuple[int, ...] = theme.INK,
              radius: float = 9.0) -> pygame.Rect:
        """A round badge at a point with ``text`` in it; its rect in the chart's pixels."""
        k = SUPER
        r = radius * self.ctx.scale
        center = (self.x(index), self.y(value))
        pygame.draw.circle(self._big, (0, 0, 0, 120), (center[0] * k, (center[1] + 1.5) * k), (r + 1) * k)
        pygame.draw.circle(self._big, color, (center[0] * k, center[1] * k), r * k)
        self._labels.append(_Label(text, (round(center[0]), round(center[1])), max(8, round(r * 1.25)), ink,
                                   "center", bold=True))
        return pygame.Rect(round(center[0] - r), round(center[1] - r), round(2 * r), round(2 * r))

    def label(self, text: str, pos: tuple[int, int], *, color: tuple[int, ...] = theme.CREAM, anchor: str = "center",
              size: int = 0, bold: bool = False) -> None:
        """Text on the chart (drawn sharp, after the shapes)."""
        self._labels.append(_Label(text, pos, size or self.font, color, anchor, bold))

    def image(self) -> pygame.Surface:
        """The chart: the shapes smoothed to size, the labels on them."""
        out = pygame.transform.smoothscale(self._big, (max(1, self.size[0]), max(1, self.size[1])))
        bounds = out.get_rect()
        for label in self._labels:
            image = self.ctx.text.render(label.text, label.size, label.color, bold=label.bold)
            rect = image.get_rect(**{label.anchor: label.pos}).clamp(label.inside or bounds)  # kept whole
            out.blit(image, rect)
        return out


def _columns(values: Sequence[float], width: int) -> list[tuple[int, float]]:
    """The values shared among ``width`` pixel columns in order: (column, mean of its values)."""
    sums = [0.0] * width
    counts = [0] * width
    n = len(values)
    for i, value in enumerate(values):
        column = min(width - 1, i * width // n)
        sums[column] += value
        counts[column] += 1
    return [(c, sums[c] / counts[c]) for c in range(width) if counts[c]]


Point = tuple[float, float]


def _dashes(points: Sequence[Point], length: float) -> list[tuple[Point, Point]]:
    """The drawn pieces of a dashed line through ``points`` (dashes and gaps of ``length``)."""
    out = []
    draw = True
    left = length
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        segment = math.hypot(x1 - x0, y1 - y0)
        done = 0.0
        while done < segment:
            step = min(left, segment - done)
            a = (x0 + (x1 - x0) * done / segment, y0 + (y1 - y0) * done / segment)
            b = (x0 + (x1 - x0) * (done + step) / segment, y0 + (y1 - y0) * (done + step) / segment)
            if draw:
                out.append((a, b))
            done += step
            left -= step
            if left <= 0:
                draw, left = not draw, length
    return out


def nice_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values from ``low`` to ``high`` for an axis's grid lines (at most about ``most`` of them)."""
    span = high - low
    if span <= 0:
        return [low]
    raw = span / max(1, most - 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step - 1e-9) * step
    out = []
    value = first
    while value <= high + 1e-9:
        out.append(round(value, 10))
        value += step
    return out


__all__ = ["SUPER", "Axis", "Plot", "nice_ticks"]
