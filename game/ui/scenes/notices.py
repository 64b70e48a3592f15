"""Telling the player about the game's files: a notice as a dialog, and the screen of a second copy.

A ``Notice`` (``game.storage.notices``) becomes a ``MessageDialog`` whose
title and text are the translations ``notice.<kind>.title`` and
``notice.<kind>`` with the file's path and the system's reason.

A second copy of the game on a data folder already in use shows
``OtherCopyScene``: the felt and one message saying so; closing it quits.
The same scene says so when the data folder's lock file is not the game's.
That copy has read the settings (for its language) and nothing else, and
writes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.storage.lock import LockRefused
from game.storage.notices import Notice

from ..intents import Intent
from ..scene import Scene
from .dialogs import MessageDialog
from .drawing import Backdrop, tr

if TYPE_CHECKING:
    from ..context import Context


def notice_dialog(ctx: Context, notice: Notice) -> MessageDialog:
    key = f"notice.{notice.kind.value}"
    detail = notice.detail or "—"
    return MessageDialog(ctx, tr(ctx, f"{key}.title"), tr(ctx, key, path=notice.path, detail=detail),
                         error=notice.kind.value not in ("results_saved",))


class OtherCopyScene(Scene):
    """Another copy of the game holds the data folder (or its lock file is not the game's): say so, then quit."""

    def __init__(self, ctx: Context, folder: Path, process: str, refused: LockRefused | None = None) -> None:
        super().__init__(ctx)
        self.backdrop = Backdrop(ctx)
        if refused is None:
            title, text = tr(ctx, "notice.other_copy.title"), tr(ctx, "notice.other_copy", path=str(folder),
                                                                 process=process)
        else:
            title, text = tr(ctx, "notice.lock_refused.title"), tr(ctx, "notice.lock_refused", path=str(refused.path),
                                                                   detail=refused.reason)
        self.dialog = MessageDialog(ctx, title, text, on_close=lambda: ctx.nav.quit(), error=True)
        self._shown = False

    def layout(self, size: tuple[int, int]) -> None:
        self.backdrop.prepare(size)

    def handle(self, intent: Intent) -> None:
        pass

    def update(self, dt: float) -> None:
        if not self._shown and self.ctx.stack.top is self:
            self._shown = True
            self.ctx.stack.push(self.dialog)

    def draw(self, surface: pygame.Surface) -> None:
        self.backdrop.draw(surface)
