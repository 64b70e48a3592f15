"""Animations driven by elapsed time: tweens, timers and sequences of them.

A ``Tween`` moves a value from ``start`` to ``end`` over ``duration`` seconds
with an easing function from pytweening; a ``Timer`` just waits.  Everything
advances in ``update(dt)``: nothing sleeps, and a test steps the clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytweening

Easing = Callable[[float], float]

EASE_OUT: Easing = pytweening.easeOutCubic
EASE_IN_OUT: Easing = pytweening.easeInOutCubic
EASE_OUT_BACK: Easing = pytweening.easeOutBack
LINEAR: Easing = pytweening.linear


@dataclass
class Tween:
    """A value moving from ``start`` to ``end``; ``value`` is read while drawing."""

    duration: float
    start: float = 0.0
    end: float = 1.0
    easing: Easing = EASE_OUT
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = 0.0
    done: bool = False

    @property
    def progress(self) -> float:
        """0..1, before easing."""
        if self.duration <= 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.easing(self.progress)

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done is not None:
                self.on_done()


def Timer(duration: float, on_done: Callable[[], None] | None = None) -> Tween:
    """A tween whose only purpose is to call ``on_done`` after ``duration`` seconds."""
    return Tween(duration, easing=LINEAR, on_done=on_done)


@dataclass
class Animator:
    """Runs tweens; ``busy`` while any blocking one is unfinished."""

    tweens: list[tuple[Tween, bool]] = field(default_factory=list)

    def add(self, tween: Tween, *, blocking: bool = True) -> Tween:
        self.tweens.append((tween, blocking))
        return tween

    def update(self, dt: float) -> None:
        # Callbacks may add tweens: iterate over a snapshot, then drop finished ones.
        for tween, _ in list(self.tweens):
            tween.update(dt)
        self.tweens = [(t, b) for t, b in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        return any(blocking for _, blocking in self.tweens)

    def clear(self) -> None:
        self.tweens.clear()
