"""Asking what a joker stands for, when the readings of the selection differ."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine import Play
from game.engine.cards import format_symbols

from ..theme import px
from ..widgets import Button
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context


def reading_label(play: Play) -> str:
    """The cards as read, jokers replaced by what they stand for: ``♠5 ♠6 ♠7``."""
    read = play.read_cards
    text = format_symbols(read) if read else format_symbols(play.cards)
    if play.size > read.bit_count() and read:
        text += " +JOKER"
    return text


class JokerChoiceScene(Overlay):
    panel_size = (0.42, 0.5)

    def __init__(self, ctx: Context, readings: list[Play], choose: Callable[[Play], None]) -> None:
        super().__init__(ctx)
        self.readings = readings
        self.choose = choose
        for play in readings:
            self.widgets.add(Button(reading_label(play), partial(self._pick, play), style="primary"))
        self.widgets.add(Button(lambda: ctx.t("button.cancel"), self.close, style="secondary"))
        self.widgets.focus = 0

    def _pick(self, play: Play) -> None:
        self.close()
        self.choose(play)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        scale = self.ctx.scale
        count = len(self.widgets.widgets)
        height = px(46, scale)
        self.panel.height = px(110, scale) + count * (height + px(10, scale))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.stack_buttons(self.panel.top + px(80, scale), height, px(10, scale))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface, self.ctx.t("table.joker_choice"))
        self.widgets.draw(surface, self.ctx)
