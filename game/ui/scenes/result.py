"""The result of a game and of the match so far, side by side, and what the house rules did.

Left, this game: places, classes and points; right, the match: every
player's total, best first.  Under them, a sentence for each rule that
changed this game's order: a forbidden finish (反則上がり), a hand of only 8s
and jokers, 都落ち (miyako-ochi) and 下克上 (gekokujō).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import Title
from game.engine.record import record_json
from game.engine.rules import ScoreBy
from game.session import HUMAN, Session

from .. import theme
from ..intents import Command, Intent
from ..table.painter import TITLE_COLORS
from ..theme import px
from ..widgets import Button, rounded_panel
from .drawing import draw_lines, fit_text, wrap_text
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context


class ResultScene(Overlay):
    panel_size = (0.74, 0.86)
    accepts_notices = True

    def __init__(self, ctx: Context, session: Session, on_next: Callable[[], None],
                 hopeless: frozenset[int] = frozenset()) -> None:
        """``hopeless``: seats that lost this game holding only 8s and jokers (the table saw it happen)."""
        super().__init__(ctx)
        self.session = session
        self.on_next = on_next
        self.hopeless = hopeless
        def t(key: str, **params: object) -> str:  # looked up when drawn: the language may change
            return ctx.t(key, **params)

        if session.over:
            self.widgets.add(Button(lambda: t("button.new_match"), self.new_match))
        else:
            self.widgets.add(Button(lambda: t("button.next_game"), self.next_game))
        self.review_button = self.widgets.add(Button(lambda: t("review.open"), self.review, style="secondary"))
        self.widgets.add(Button(lambda: t("button.to_title"), self.to_title, style="secondary"))
        self.widgets.focus = 0

    def review(self) -> None:
        """The Expert's review of the player's decisions in this game (this screen stays under it)."""
        session = self.session
        self.ctx.nav.show_review(record_json(session.rules, [session.game]), session.human_seat)

    def next_game(self) -> None:
        self.close()
        self.on_next()

    def new_match(self) -> None:
        self.close()
        self.ctx.nav.restart_match(self.session.setup)

    def to_title(self) -> None:
        self.ctx.nav.leave_match()  # asks first while the match goes on

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Command) and intent.name in ("menu", "back"):
            return  # the result must be acknowledged with a button
        super().handle(intent)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        scale = self.ctx.scale
        height = px(48, scale)
        gap = px(16, scale)
        count = len(self.widgets.widgets)
        width = min(round(self.panel.width * 0.3), (self.panel.width - px(48, scale) - gap * (count - 1)) // count)
        y = self.panel.bottom - height - px(22, scale)
        total = count * width + gap * (count - 1)
        x = self.panel.centerx - total // 2
        for widget in self.widgets.widgets:
            widget.rect = pygame.Rect(x, y, width, height)
            x += width + gap

    def _name(self, player: int) -> str:
        return self.ctx.t("seat.you") if player == HUMAN else self.ctx.t("seat.cpu", n=player)

    def notes(self) -> list[str]:
        """A sentence for each house rule that decided places in this game."""
        t, session = self.ctx.t, self.session
        game = session.game
        last = session.match.results[-1]
        name = self._name_of_seat(last.seating)
        out = []
        forbidden = [s for s in game.forbidden if s not in self.hopeless]
        if forbidden:
            out.append(t("result.note.forbidden", names=", ".join(name(s) for s in forbidden),
                         rule=t("switch.forbidden_finish.help")))
        hopeless = [s for s in game.forbidden if s in self.hopeless]
        if hopeless:
            out.append(t("result.note.hopeless", names=", ".join(name(s) for s in hopeless)))
        if game.miyako >= 0:
            place = t(f"place.{last.result.places.index(game.miyako) + 1}")
            out.append(t("result.note.miyako", name=name(game.miyako), winner=name(game.finishers[0]), place=place))
        if game.gekokujo >= 0:
            out.append(t("result.note.gekokujo", name=name(game.gekokujo)))
        return out

    def game_rows(self) -> list[tuple[int, int, Title, int]]:
        """This game, 1st place first: (place, player, class, points)."""
        last = self.session.match.results[-1]
        result = last.result
        return [(place, last.seating[seat], result.titles[seat], result.points[seat])
                for place, seat in enumerate(result.places)]

    def match_rows(self) -> list[tuple[int, int, int]]:
        """The match so far, best first: (rank, player, total points)."""
        match = self.session.match
        ranking = match.outcome.ranking if match.outcome else match.ranking()
        return [(rank, player, match.totals[player]) for rank, player in enumerate(ranking)]

    def _name_of_seat(self, seating: tuple[int, ...]) -> Callable[[int], str]:
        return lambda seat: self._name(seating[seat])

    def draw(self, surface: pygame.Surface) -> None:
        ctx, session = self.ctx, self.session
        t, scale = ctx.t, ctx.scale
        match = session.match
        last = match.results[-1]
        over = match.outcome
        title = t("result.match_title") if over else t("result.game_title", index=len(match.results))
        self.draw_backdrop(surface, title)
        body = px(theme.FONT_BODY, scale)
        small = px(theme.FONT_SMALL, scale)
        pad = px(24, scale)
        top = self.panel.top + px(100 if over else 76, scale)
        inner = self.panel.inflate(-2 * pad, 0)
        game_w = round(inner.width * 0.6)
        game_box = pygame.Rect(inner.left, top, game_w - px(8, scale), 0)
        match_box = pygame.Rect(inner.left + game_w + px(8, scale), top, inner.width - game_w - px(8, scale), 0)
        notes = self.notes()
        note_lines = [line for note in notes for line in wrap_text(ctx, note, small, inner.width - px(16, scale))]
        note_h = round(small * 1.4) * len(note_lines) + (px(16, scale) if note_lines else 0)
        buttons_top = min(w.rect.top for w in self.widgets.widgets) if self.widgets.widgets else self.panel.bottom
        n = len(last.result.places)
        rows_bottom = buttons_top - px(12, scale) - note_h
        row_h = min(px(40, scale), (rows_bottom - top - px(72, scale)) // max(1, n))
        # This game: place, player, class, points.
        self._section(surface, game_box, t("result.this_game"), scale)
        columns = [0.0, 0.2, 0.52, 0.82]
        header_y = top + px(46, scale)
        for x, text in zip(columns, [t("result.place"), t("result.player"), t("result.class"), t("result.points")]):
            ctx.text.draw(surface, text, (game_box.left + px(10, scale) + round(game_box.width * x), header_y), small,
                          theme.MUTED, anchor="midleft")
        y = header_y + px(14, scale)
        by_class = session.rules.info.score_by is ScoreBy.CLASS
        for place, player, title_, points in self.game_rows():
            row = pygame.Rect(game_box.left, y, game_box.width, row_h - px(4, scale))
            if player == HUMAN:
                rounded_panel(surface, row, (255, 220, 90, 40), px(8, scale))
            cy, x0 = row.centery, game_box.left + px(10, scale)
            ctx.text.draw(surface, t(f"place.{place + 1}"), (x0, cy), body, theme.CREAM, anchor="midleft", bold=True)
            ctx.text.draw(surface, fit_text(ctx, self._name(player), body, round(game_box.width * 0.3)),
                          (x0 + round(game_box.width * columns[1]), cy), body, theme.CREAM, anchor="midleft")
            badge = ctx.text.render(t(f"class.{title_.value}"), small, theme.INK, bold=True)
            chip = badge.get_rect(midleft=(x0 + round(game_box.width * columns[2]), cy)).inflate(px(14, scale),
                                                                                                 px(6, scale))
            rounded_panel(surface, chip, TITLE_COLORS[title_], chip.height // 2)
            surface.blit(badge, badge.get_rect(center=chip.center))
            ctx.text.draw(surface, f"{points:+d}" if by_class else str(points),
                          (x0 + round(game_box.width * columns[3]), cy), body, theme.CREAM, anchor="midleft")
            y += row_h
        # The match: every player's total, best first.
        self._section(surface, match_box, t("result.match"), scale)
        columns = [0.0, 0.28, 0.72]
        heads = [t("result.rank"), t("result.player"), t("result.total")]
        for x, text in zip(columns, heads):
            ctx.text.draw(surface, text, (match_box.left + px(10, scale) + round(match_box.width * x), header_y),
                          small, theme.MUTED, anchor="midleft")
        y = header_y + px(14, scale)
        for rank, player, total in self.match_rows():
            row = pygame.Rect(match_box.left, y, match_box.width, row_h - px(4, scale))
            if player == HUMAN:
                rounded_panel(surface, row, (255, 220, 90, 40), px(8, scale))
            cy, x0 = row.centery, match_box.left + px(10, scale)
            ctx.text.draw(surface, t(f"place.{rank + 1}"), (x0, cy), body, theme.GOLD if over else theme.CREAM,
                          anchor="midleft", bold=True)
            ctx.text.draw(surface, fit_text(ctx, self._name(player), body, round(match_box.width * 0.42)),
                          (x0 + round(match_box.width * columns[1]), cy), body, theme.CREAM, anchor="midleft")
            ctx.text.draw(surface, str(total), (x0 + round(match_box.width * columns[2]), cy), body,
                          theme.GOLD, anchor="midleft", bold=True)
            y += row_h
        progress = self._progress()
        if progress:
            ctx.text.draw(surface, fit_text(ctx, progress, small, match_box.width), (match_box.left + px(10, scale),
                          y + px(6, scale)), small, theme.MUTED, anchor="topleft")
        if note_lines:
            box = pygame.Rect(inner.left, rows_bottom, inner.width, note_h - px(6, scale))
            rounded_panel(surface, box, (0, 0, 0, 70), px(8, scale), (232, 190, 84, 90), 1)
            draw_lines(ctx, surface, note_lines, (box.left + px(8, scale), box.top + px(6, scale)), small,
                       theme.CREAM, line_h=round(small * 1.4))
        if over:
            winner = over.ranking[0]
            text = t("result.you_win") if winner == HUMAN else t("result.winner", name=self._name(winner))
            ctx.text.draw(surface, text, (self.panel.centerx, self.panel.top + px(72, scale)),
                          px(theme.FONT_LABEL, scale), theme.GOLD, bold=True, shadow=True)
        self.widgets.draw(surface, ctx)

    def _progress(self) -> str:
        """How far the match has gone: "Game 2 of 5", "first to 5 points"."""
        t, match = self.ctx.t, self.session.match
        if match.outcome is not None:
            return ""
        if match.length:
            return t("result.games_left", count=match.length - len(match.results))
        if match.target:
            return t("table.target", points=match.target)
        return ""

    def _section(self, surface: pygame.Surface, box: pygame.Rect, title: str, scale: float) -> None:
        ctx = self.ctx
        ctx.text.draw(surface, title, (box.left + px(4, scale), box.top), px(theme.FONT_LABEL - 2, scale), theme.GOLD,
                      anchor="topleft", bold=True, shadow=True)
        line = pygame.Rect(box.left, box.top + px(32, scale), box.width, max(1, px(1, scale)))
        pygame.draw.rect(surface, theme.GOLD_DARK, line)
