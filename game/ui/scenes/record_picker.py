"""Choosing a record file to import: the records folder's files, newest first (or a file dropped on the window).

Exported records land in the records folder, so that is where a record to
import usually is.  Each file is a button (its name and when it was written);
choosing one imports it.  A file from elsewhere can be dropped onto the
window, or its path typed on the replays screen.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..theme import px
from ..widgets import Button
from .drawing import fit_text, wrap_text
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context

SHOWN = 8
"""The newest files offered."""


def record_files(folder: Path, limit: int = SHOWN) -> list[Path]:
    """The ``.json`` files of ``folder``, newest first (none when it cannot be read)."""
    try:
        found = [(p.stat().st_mtime, p) for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return []
    return [p for _, p in sorted(found, key=lambda item: (-item[0], item[1].name))[:limit]]


def file_label(path: Path) -> str:
    try:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        return path.name
    return f"{path.name}   {when}"


class RecordPickerScene(Overlay):
    panel_size = (0.62, 0.8)

    def __init__(self, ctx: Context, folder: Path, choose: Callable[[Path], None]) -> None:
        super().__init__(ctx)
        self.folder = folder
        self.choose = choose
        self.files = record_files(folder)
        for path in self.files:
            self.widgets.add(Button(file_label(path), partial(self._pick, path), style="secondary",
                                    size=theme.FONT_SMALL + 1))
        self.widgets.add(Button(lambda: ctx.t("button.cancel"), self.close, style="secondary"))
        self.widgets.focus = 0

    def _pick(self, path: Path) -> None:
        self.close()
        self.choose(path)

    def _note(self) -> list[str]:
        ctx, scale = self.ctx, self.ctx.scale
        key = "screen.replays.pick_note" if self.files else "screen.replays.pick_none"
        return wrap_text(ctx, ctx.t(key, folder=str(self.folder)), px(theme.FONT_SMALL, scale),
                         self.panel.width - px(60, scale))

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        scale = self.ctx.scale
        height, gap = px(40, scale), px(8, scale)
        note = len(self._note()) * round(px(theme.FONT_SMALL, scale) * 1.45)
        count = len(self.widgets.widgets)
        self.panel.height = min(round(size[1] * 0.9), px(96, scale) + note + px(16, scale) + count * (height + gap))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.stack_buttons(self.panel.top + px(80, scale) + note + px(12, scale), height, gap,
                           self.panel.width - px(60, scale))
        for button in self.widgets.widgets[:-1]:  # the names are cut to the button, never drawn past it
            if isinstance(button, Button) and isinstance(button.label, str):
                size_px = px(button.font_size, scale)
                button.label = fit_text(self.ctx, button.label, size_px, button.rect.width - px(24, scale), bold=True)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        self.draw_backdrop(surface, ctx.t("screen.replays.pick_title"))
        small = px(theme.FONT_SMALL, scale)
        y = self.panel.top + px(74, scale)
        for line in self._note():
            ctx.text.draw(surface, line, (self.panel.centerx, y), small, theme.CREAM, anchor="midtop")
            y += round(small * 1.45)
        self.widgets.draw(surface, ctx)
