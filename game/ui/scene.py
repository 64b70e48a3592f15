"""Scenes on a stack: the title, the table, a menu over the table...

Only the top scene receives intents; every scene from the topmost opaque one
upwards is drawn, so a menu can sit over the table.  ``draw`` never changes
state: all change happens in ``handle`` and ``update``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .intents import Intent

if TYPE_CHECKING:
    from .context import Context


class Scene:
    """One screen of the game."""

    opaque = True
    """False for overlays that let the scene below show through."""
    text_mode = False
    """True while a text field has focus (letters arrive as text, not commands)."""
    accepts_notices = False
    """True for screens the app may show notices over (never the table during play)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def enter(self) -> None:
        """Pushed on the stack (also called after a window resize re-layout is needed)."""
        self.layout(self.ctx.size)

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""
        self.layout(self.ctx.size)

    def layout(self, size: tuple[int, int]) -> None:
        """Compute positions for a window of ``size``."""

    def handle(self, intent: Intent) -> None:
        """React to one intent."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (must not change state)."""

    def frame_rate(self) -> float:
        """How often the scene must be redrawn while no input arrives, in frames per second.

        0 (the default): only after input or a change of screen; ``ANIMATING``
        while something moves; a low rate for a slow idle animation.
        """
        return 0.0


ANIMATING = 60.0
"""``Scene.frame_rate`` of a scene in motion: every frame."""


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Replace the top scene."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def relayout(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.layout(size)

    def update(self, dt: float) -> None:
        # Scenes below an overlay keep animating (the table behind the menu).
        for scene in list(self.scenes):
            scene.update(dt)

    def _drawn(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._drawn():
            scene.draw(surface)

    def frame_rate(self) -> float:
        """The highest redraw rate the drawn scenes ask for (0: only after input)."""
        return max((scene.frame_rate() for scene in self._drawn()), default=0.0)

    def signature(self) -> tuple[int, ...]:
        """Which scenes are on the stack (a change of screen needs a redraw)."""
        return tuple(id(scene) for scene in self.scenes)
