"""The menu during play: back to the game, new game, strength, first/second, rules, settings, title."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.levels import LEVELS, Level
from game.session import Session

from ..theme import px
from ..widgets import Button, Selector
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context
    from .table import TableScene


class MenuScene(Overlay):
    panel_size = (0.4, 0.78)

    def __init__(self, ctx: Context, table: TableScene[Any]) -> None:
        super().__init__(ctx)
        self.table = table
        def t(key: str, **params: object) -> str:  # looked up when drawn: the language may change
            return ctx.t(key, **params)

        def strength(level: str) -> Callable[[], str]:
            return lambda: t("menu.strength") + ": " + t(f"level.{level}")

        session = table.session
        local = session if isinstance(session, Session) else None
        self.local = local
        """The match this copy runs (None at a table hosted elsewhere: its host decides levels and leaders)."""
        self.widgets.add(Button(lambda: t("menu.resume"), self.close))
        if local is not None:
            self.widgets.add(Button(lambda: t("menu.new_game"), lambda: ctx.nav.show_new_game(), style="secondary"))
            self.widgets.add(Selector([(level, strength(level)) for level in LEVELS], local.computer_level,
                                      self._set_level))
        if local is not None and session.rules.players == 2:
            self.widgets.add(Selector([(0, lambda: t("menu.first")), (1, lambda: t("menu.second"))],
                                      self._first, self._set_first))
        self.widgets.add(Button(lambda: t("menu.rules"), lambda: ctx.nav.show_rules(session.rules),
                                style="secondary"))
        self.widgets.add(Button(lambda: t("menu.settings"), lambda: ctx.nav.show_settings(), style="secondary"))
        self.widgets.add(Button(lambda: t("menu.quit"), lambda: ctx.nav.leave_match(), style="secondary"))
        self.widgets.focus = 0
        self.note = ""

    def _set_level(self, level: str) -> None:
        assert self.local is not None
        self.local.change_level(Level(level))
        self.note = self.ctx.t("menu.applies_next")

    def _first(self) -> int:
        leader = self.local.next_first_leader if self.local is not None else None
        return 0 if leader in (None, 0) else 1

    def _set_first(self, value: int) -> None:
        assert self.local is not None
        self.local.next_first_leader = value
        self.note = self.ctx.t("menu.applies_next")

    def layout(self, size: tuple[int, int]) -> None:
        """The panel as tall as its buttons (and the note under them), centred."""
        super().layout(size)
        scale = self.ctx.scale
        height, gap = px(46, scale), px(10, scale)
        count = len(self.widgets.widgets)
        self.panel.height = min(self.panel.height, px(82, scale) + count * (height + gap) + px(44, scale))
        self.panel.center = (size[0] // 2, size[1] // 2)
        self.stack_buttons(self.panel.top + px(82, scale), height, gap)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface, self.ctx.t("menu.title"))
        self.widgets.draw(surface, self.ctx)
        if self.note:
            scale = self.ctx.scale
            self.ctx.text.draw(surface, self.note, (self.panel.centerx, self.panel.bottom - px(22, scale)),
                               px(16, scale), (232, 190, 84))
