"""The result of a game (places, classes, points, match totals) and of the match."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.session import HUMAN, Session

from .. import theme
from ..table.painter import TITLE_COLORS
from ..theme import px
from ..widgets import Button, rounded_panel
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context


class ResultScene(Overlay):
    panel_size = (0.62, 0.78)
    accepts_notices = True

    def __init__(self, ctx: Context, session: Session, on_next: Callable[[], None]) -> None:
        super().__init__(ctx)
        self.session = session
        self.on_next = on_next
        def t(key: str, **params: object) -> str:  # looked up when drawn: the language may change
            return ctx.t(key, **params)

        if session.over:
            self.widgets.add(Button(lambda: t("button.new_match"), self.new_match))
        else:
            self.widgets.add(Button(lambda: t("button.next_game"), self.next_game))
        self.widgets.add(Button(lambda: t("button.to_title"), self.to_title, style="secondary"))
        self.widgets.focus = 0

    def next_game(self) -> None:
        self.close()
        self.on_next()

    def new_match(self) -> None:
        self.close()
        self.ctx.actions["restart"](self.session.setup)

    def to_title(self) -> None:
        self.ctx.actions["leave_match"]()  # asks first while the match goes on

    def handle(self, intent: object) -> None:
        from ..intents import Command

        if isinstance(intent, Command) and intent.name in ("menu", "back"):
            return  # the result must be acknowledged with a button
        super().handle(intent)  # type: ignore[arg-type]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        scale = self.ctx.scale
        height = px(48, scale)
        width = round(self.panel.width * 0.34)
        gap = px(16, scale)
        y = self.panel.bottom - height - px(22, scale)
        total = len(self.widgets.widgets) * width + gap * (len(self.widgets.widgets) - 1)
        x = self.panel.centerx - total // 2
        for widget in self.widgets.widgets:
            widget.rect = pygame.Rect(x, y, width, height)
            x += width + gap

    def _name(self, player: int) -> str:
        return self.ctx.t("seat.you") if player == HUMAN else self.ctx.t("seat.cpu", n=player)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, session = self.ctx, self.session
        t, scale = ctx.t, ctx.scale
        match = session.match
        last = match.results[-1]
        over = match.outcome
        title = t("result.match_title") if over else t("result.game_title", index=len(match.results))
        self.draw_backdrop(surface, title)
        body = px(theme.FONT_BODY, scale)
        columns = [0.08, 0.3, 0.52, 0.7, 0.86]
        top = self.panel.top + px(84, scale)
        left = self.panel.left + px(24, scale)
        width = self.panel.width - px(48, scale)
        headers = [t("result.place"), t("result.player"), t("result.class"), t("result.points"), t("result.total")]
        for x, text in zip(columns, headers):
            ctx.text.draw(surface, text, (left + round(width * x), top), px(theme.FONT_SMALL, scale), theme.MUTED,
                          anchor="midleft")
        row_h = min(px(44, scale), (self.panel.bottom - top - px(120, scale)) // max(1, len(last.result.places)))
        y = top + px(30, scale)
        order = list(over.ranking) if over else list(last.player_places)
        for place, player in enumerate(order):
            seat = last.seating.index(player)
            row = pygame.Rect(left, y, width, row_h - px(4, scale))
            if player == HUMAN:
                rounded_panel(surface, row, (255, 220, 90, 40), px(8, scale))
            cy = row.centery
            game_place = last.result.places.index(seat)
            place_label = t(f"place.{(place if over else game_place) + 1}")
            ctx.text.draw(surface, place_label, (left + round(width * columns[0]), cy), body, theme.CREAM,
                          anchor="midleft", bold=True)
            ctx.text.draw(surface, self._name(player), (left + round(width * columns[1]), cy), body, theme.CREAM,
                          anchor="midleft")
            title_ = last.result.titles[seat]
            label = t(f"class.{title_.value}")
            text = ctx.text.render(label, px(theme.FONT_SMALL, scale), theme.INK, bold=True)
            chip = text.get_rect(midleft=(left + round(width * columns[2]), cy)).inflate(px(14, scale), px(6, scale))
            rounded_panel(surface, chip, TITLE_COLORS[title_], chip.height // 2)
            surface.blit(text, text.get_rect(center=chip.center))
            points = last.result.points[seat]
            ctx.text.draw(surface, f"{points:+d}" if session.rules.info.score_by.value == "class" else str(points),
                          (left + round(width * columns[3]), cy), body, theme.CREAM, anchor="midleft")
            ctx.text.draw(surface, str(match.totals[player]), (left + round(width * columns[4]), cy), body,
                          theme.GOLD, anchor="midleft", bold=True)
            y += row_h
        if over:
            winner = over.ranking[0]
            text = t("result.you_win") if winner == HUMAN else t("result.winner", name=self._name(winner))
            ctx.text.draw(surface, text, (self.panel.centerx, y + px(24, scale)), px(theme.FONT_LABEL, scale),
                          theme.GOLD, bold=True, shadow=True)
        self.widgets.draw(surface, ctx)
