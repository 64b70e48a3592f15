"""Celebrations for the big moments: a flash over the table and bursts of sparks or confetti.

Each effect is a tween (advanced by the director's animator, never blocking)
and the positions of its particles are a function of the tween's elapsed
time, so a test steps the clock and drawing changes nothing.  The randomness
comes from the director's seeded generator.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from .. import theme
from ..tween import LINEAR, Tween

GRAVITY = 900.0
"""Pixels per second² at scale 1 (confetti falls, sparks arc)."""


@dataclass(frozen=True)
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    color: tuple[int, int, int]
    size: float
    spin: float
    """Turns per second (confetti flutters)."""


@dataclass
class Burst:
    """Particles thrown from one point: ``sparks`` (round, they fade) or ``confetti`` (paper strips)."""

    particles: list[Particle]
    tween: Tween
    style: str
    gravity: float

    def positions(self) -> list[tuple[float, float]]:
        t = max(0.0, self.tween.elapsed - self.tween.delay)
        drag = 1.0 - min(0.6, t * 0.35)
        return [(p.x + p.vx * t * drag, p.y + p.vy * t * drag + 0.5 * self.gravity * t * t) for p in self.particles]


@dataclass
class Flash:
    """The whole table lit in one colour for a moment."""

    color: tuple[int, int, int]
    peak: int
    tween: Tween

    @property
    def alpha(self) -> int:
        p = self.tween.progress
        return round(self.peak * (1 - p) ** 2)


def burst(rng: random.Random, origin: tuple[float, float], colors: list[tuple[int, int, int]], count: int,
          speed: float, seconds: float, scale: float, *, style: str = "sparks", upward: bool = False,
          delay: float = 0.0) -> Burst:
    """``count`` particles from ``origin`` in every direction (mostly upwards when ``upward``)."""
    particles = []
    for _ in range(count):
        angle = math.radians(rng.uniform(-160, -20)) if upward else rng.uniform(0, 2 * math.pi)
        v = speed * scale * rng.uniform(0.35, 1.0)
        particles.append(Particle(origin[0], origin[1], v * math.cos(angle), v * math.sin(angle),
                                  rng.choice(colors), rng.uniform(3.0, 7.0) * scale, rng.uniform(-3.0, 3.0)))
    gravity = GRAVITY * scale * (0.8 if style == "confetti" else 0.45)
    return Burst(particles, Tween(seconds, easing=LINEAR, delay=delay), style, gravity)


CONFETTI_COLORS = [theme.GOLD, theme.RED, theme.J_BACK, (90, 200, 120), theme.CREAM, theme.REVOLUTION]


def confetti(rng: random.Random, origin: tuple[float, float], seconds: float, scale: float, *, count: int = 90,
             delay: float = 0.0) -> Burst:
    """Paper strips thrown upwards from ``origin`` (going out 1st, winning the match)."""
    return burst(rng, origin, CONFETTI_COLORS, count, 760, seconds, scale, style="confetti", upward=True, delay=delay)


def draw_burst(surface: pygame.Surface, item: Burst) -> None:
    """Drawn straight onto the surface (no layers): sparks shrink away, confetti flutters as it falls."""
    if item.tween.elapsed < item.tween.delay:
        return
    p = item.tween.progress
    fade = min(1.0, (1 - p) * 2.5)
    if fade <= 0:
        return
    t = item.tween.elapsed - item.tween.delay
    for particle, (x, y) in zip(item.particles, item.positions()):
        size = particle.size * fade
        if size < 0.8:
            continue
        if item.style == "confetti":
            turn = math.cos(t * particle.spin * math.pi)
            half_w, half_h = size, max(0.6, size * 0.5 * abs(turn))
            lean = t * particle.spin
            c, s = math.cos(lean), math.sin(lean)
            corners = [(x + dx * c - dy * s, y + dx * s + dy * c)
                       for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h))]
            pygame.draw.polygon(surface, particle.color, corners)
        else:
            pygame.draw.circle(surface, particle.color, (round(x), round(y)), max(1, round(size)))
            if size > 2.5:
                pygame.draw.circle(surface, (255, 252, 235), (round(x), round(y)), max(1, round(size * 0.45)))


def draw_flash(surface: pygame.Surface, item: Flash) -> None:
    """Light the table additively (no layer is allocated)."""
    alpha = item.alpha
    if alpha <= 0:
        return
    surface.fill(tuple(c * alpha // 255 for c in item.color), special_flags=pygame.BLEND_RGB_ADD)
