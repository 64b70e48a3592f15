"""The result of a game and of the match so far, side by side, and what the house rules did.

Left, this game: places, classes and points; right, the match: every
player's total, best first (equal totals share a rank).  Under them, a
sentence for each rule that changed this game's order: a forbidden finish
(反則上がり), a hand of only 8s and jokers, 都落ち (miyako-ochi) and 下克上
(gekokujō).  The panel is as tall as what it shows; a match the player won
ends in confetti (unless the player asked for fewer effects).
"""

from __future__ import annotations

import random
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

import pygame

from game.engine import Title
from game.engine.rules import ScoreBy
from game.seat import TableSeat
from game.session import Session

from .. import theme
from ..intents import Command, Intent
from ..scene import ANIMATING
from ..table.celebrate import Burst, confetti, draw_burst
from ..table.painter import TITLE_COLORS
from ..theme import px
from ..widgets import Button, rounded_panel
from .drawing import draw_lines, fit_text, wrap_text
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context


CELEBRATION_TIME = 2.6
"""Seconds the confetti of a match won falls (each of its three throws)."""


@dataclass(frozen=True)
class Cell:
    """One cell of a result table: text, or a class badge (``badge`` is its colour)."""

    text: str
    color: tuple[int, int, int] = theme.CREAM
    bold: bool = False
    badge: tuple[int, int, int] | None = None
    room: float = 1.0
    """The part of the table's width the text may take (a longer name is cut short)."""


@dataclass(frozen=True)
class Board:
    """One of the two tables: its title, column headings (with their places, fractions of the width) and rows."""

    title: str
    columns: tuple[float, ...]
    heads: tuple[str, ...]
    rows: tuple[tuple[bool, tuple[Cell, ...]], ...]
    """(the player's own row, its cells)."""
    footer: tuple[str, ...] = ()
    """Small lines under the rows (how far the match has gone, how ties are listed)."""


if TYPE_CHECKING:  # a table is the local match's unless said otherwise (PEP 696 defaults, for the checker)
    from typing_extensions import TypeVar

    S = TypeVar("S", bound=TableSeat, default=Session)
else:
    S = typing.TypeVar("S")


class ResultScene(Overlay, Generic[S]):
    panel_size = (0.74, 0.86)
    accepts_notices = True

    def __init__(self, ctx: Context, session: S, on_next: Callable[[], None],
                 hopeless: frozenset[int] = frozenset()) -> None:
        """``hopeless``: seats that lost this game holding only 8s and jokers (the table saw it happen)."""
        super().__init__(ctx)
        self.session = session
        self.on_next = on_next
        self.hopeless = hopeless
        self.bursts: list[Burst] = []
        """The confetti of a match the player won."""
        self._celebrated = False

        def t(key: str, **params: object) -> str:  # looked up when drawn: the language may change
            return ctx.t(key, **params)

        if session.over:
            if session.setup is not None:
                self.widgets.add(Button(lambda: t("button.new_match"), self.new_match))
        else:
            self.widgets.add(Button(lambda: t("button.next_game"), self.next_game))
        self.review_button = self.widgets.add(Button(lambda: t("review.open"), self.review, style="secondary"))
        self.widgets.add(Button(lambda: t("button.to_title"), self.to_title, style="secondary"))
        self.widgets.focus = 0

    def review(self) -> None:
        """The Expert's review of the player's decisions in this game (this screen stays under it)."""
        session = self.session
        record = session.game_record()
        if record is not None:
            self.ctx.nav.show_review(record, session.human_seat)

    def next_game(self) -> None:
        self.close()
        self.on_next()

    def new_match(self) -> None:
        self.close()
        if self.session.setup is not None:
            self.ctx.nav.restart_match(self.session.setup)

    def to_title(self) -> None:
        self.ctx.nav.leave_match()  # asks first while the match goes on

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Command) and intent.name in ("menu", "back"):
            return  # the result must be acknowledged with a button
        super().handle(intent)

    # --- the match won -------------------------------------------------------------------

    def won_the_match(self) -> bool:
        outcome = self.session.standings().outcome
        return outcome is not None and outcome.ranking[0] == self.session.me

    def enter(self) -> None:
        super().enter()
        if self._celebrated or not self.won_the_match() or self.ctx.settings.reduce_effects:
            return
        self._celebrated = True
        rng = random.Random(self.session.seed)
        scale, panel = self.ctx.scale, self.panel
        for i, x in enumerate((panel.left + panel.width // 4, panel.centerx, panel.right - panel.width // 4)):
            self.bursts.append(confetti(rng, (x, panel.bottom), CELEBRATION_TIME, scale, count=70, delay=i * 0.35))

    def update(self, dt: float) -> None:
        for item in self.bursts:
            item.tween.update(dt)
        self.bursts = [b for b in self.bursts if not b.tween.done]

    def frame_rate(self) -> float:
        return ANIMATING if self.bursts else 0.0

    # --- what is shown -------------------------------------------------------------------

    def _name(self, player: int) -> str:
        if player == self.session.me:
            return self.ctx.t("seat.you")
        return self.session.name_of(player) or self.ctx.t("seat.cpu", n=player)

    def notes(self) -> list[str]:
        """A sentence for each house rule that decided places in this game."""
        t, session = self.ctx.t, self.session
        game = session.public()
        last = session.standings().results[-1]
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
        last = self.session.standings().results[-1]
        result = last.result
        return [(place, last.seating[seat], result.titles[seat], result.points[seat])
                for place, seat in enumerate(result.places)]

    def match_rows(self) -> list[tuple[int, int, int]]:
        """The match so far, best first: (rank, player, total points).

        Equal totals share a rank (the better place in the latest game is listed first).
        """
        match = self.session.standings()
        ranking = match.outcome.ranking if match.outcome else match.ranking()
        totals = [match.totals[player] for player in ranking]
        return [(totals.index(total), player, total) for player, total in zip(ranking, totals)]

    def _name_of_seat(self, seating: tuple[int, ...]) -> Callable[[int], str]:
        return lambda seat: self._name(seating[seat])

    def boards(self) -> tuple[Board, Board]:
        """This game and the match, as the two tables drawn side by side."""
        t, session = self.ctx.t, self.session
        over = session.standings().outcome is not None
        by_class = session.rules.info.score_by is ScoreBy.CLASS
        game = Board(
            t("result.this_game"), (0.0, 0.2, 0.52, 0.82),
            (t("result.place"), t("result.player"), t("result.class"), t("result.points")),
            tuple((player == self.session.me, (
                Cell(t(f"place.{place + 1}"), bold=True), Cell(self._name(player), room=0.3),
                Cell(t(f"class.{title.value}"), badge=TITLE_COLORS[title]),
                Cell(f"{points:+d}" if by_class else str(points)),
            )) for place, player, title, points in self.game_rows()))
        rows = self.match_rows()
        footer = [self._progress()] if self._progress() else []
        if len({total for *_, total in rows}) < len(rows):
            footer.append(t("result.tied"))
        match = Board(
            t("result.match"), (0.0, 0.28, 0.72), (t("result.rank"), t("result.player"), t("result.total")),
            tuple((player == self.session.me, (
                Cell(t(f"place.{rank + 1}"), theme.GOLD if over else theme.CREAM, bold=True),
                Cell(self._name(player), room=0.42), Cell(str(total), theme.GOLD, bold=True),
            )) for rank, player, total in rows), tuple(footer))
        return game, match

    # --- layout and drawing ----------------------------------------------------------------

    def _metrics(self) -> tuple[int, int, int]:
        """(top of the tables, row height, height of a footer line) for the panel as it is."""
        scale = self.ctx.scale
        over = self.session.standings().outcome is not None
        return self.panel.top + px(100 if over else 76, scale), px(44, scale), round(px(theme.FONT_SMALL, scale) * 1.5)

    def _note_lines(self) -> list[str]:
        ctx, scale = self.ctx, self.ctx.scale
        small = px(theme.FONT_SMALL, scale)
        width = self.panel.width - 2 * px(24, scale) - px(16, scale)
        return [line for note in self.notes() for line in wrap_text(ctx, note, small, width)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        scale = self.ctx.scale
        top, row_h, foot_h = self._metrics()
        rows = len(self.session.standings().results[-1].result.places)
        footer = max(len(self._footer(board, box)) for board, box in zip(self.boards(), self._boxes(top)))
        notes = self._note_lines()
        small = px(theme.FONT_SMALL, scale)
        note_h = round(small * 1.4) * len(notes) + (px(16, scale) if notes else 0)
        height = 48  # the buttons
        wanted = (top - self.panel.top) + px(60, scale) + rows * row_h + footer * foot_h + px(14, scale) + note_h \
            + px(height + 22 + 12, scale)
        if wanted < self.panel.height:  # as tall as what it shows, no empty middle
            center = self.panel.center
            self.panel.height = wanted
            self.panel.center = center
        button_h = px(height, scale)
        gap = px(16, scale)
        count = len(self.widgets.widgets)
        width = min(round(self.panel.width * 0.3), (self.panel.width - px(48, scale) - gap * (count - 1)) // count)
        y = self.panel.bottom - button_h - px(22, scale)
        total = count * width + gap * (count - 1)
        x = self.panel.centerx - total // 2
        for widget in self.widgets.widgets:
            widget.rect = pygame.Rect(x, y, width, button_h)
            x += width + gap

    def draw(self, surface: pygame.Surface) -> None:
        ctx, session = self.ctx, self.session
        t, scale = ctx.t, ctx.scale
        match = session.standings()
        over = match.outcome
        title = t("result.match_title") if over else t("result.game_title", index=len(match.results))
        self.draw_backdrop(surface, title)
        small = px(theme.FONT_SMALL, scale)
        pad = px(24, scale)
        top, row_h, foot_h = self._metrics()
        inner = self.panel.inflate(-2 * pad, 0)
        bottom = top
        for box, board in zip(self._boxes(top), self.boards()):
            bottom = max(bottom, self._draw_board(surface, box, board, row_h, foot_h))
        note_lines = self._note_lines()
        if note_lines:
            note_h = round(small * 1.4) * len(note_lines) + px(10, scale)
            box = pygame.Rect(inner.left, bottom + px(8, scale), inner.width, note_h)
            rounded_panel(surface, box, (0, 0, 0, 70), px(8, scale), (232, 190, 84, 90), 1)
            draw_lines(ctx, surface, note_lines, (box.left + px(8, scale), box.top + px(6, scale)), small,
                       theme.CREAM, line_h=round(small * 1.4))
        if over:
            winner = over.ranking[0]
            text = t("result.you_win") if winner == session.me else t("result.winner", name=self._name(winner))
            ctx.text.draw(surface, text, (self.panel.centerx, self.panel.top + px(72, scale)),
                          px(theme.FONT_LABEL, scale), theme.GOLD, bold=True, shadow=True)
        self.widgets.draw(surface, ctx)
        for item in self.bursts:
            draw_burst(surface, item)

    def _boxes(self, top: int) -> tuple[pygame.Rect, pygame.Rect]:
        """Where this game's table and the match's go (their tops at ``top``)."""
        scale = self.ctx.scale
        inner = self.panel.inflate(-2 * px(24, scale), 0)
        game_w = round(inner.width * 0.6)
        return (pygame.Rect(inner.left, top, game_w - px(8, scale), 0),
                pygame.Rect(inner.left + game_w + px(8, scale), top, inner.width - game_w - px(8, scale), 0))

    def _footer(self, board: Board, box: pygame.Rect) -> list[str]:
        scale = self.ctx.scale
        width = box.width - px(10, scale)
        return [row for line in board.footer for row in wrap_text(self.ctx, line, px(theme.FONT_SMALL, scale), width)]

    def _draw_board(self, surface: pygame.Surface, box: pygame.Rect, board: Board, row_h: int, foot_h: int) -> int:
        """One table: title, headings, a row per player (the player's own highlighted), footer; the y under it."""
        ctx, scale = self.ctx, self.ctx.scale
        body, small = px(theme.FONT_BODY, scale), px(theme.FONT_SMALL, scale)
        self._section(surface, box, board.title, scale)
        x0 = box.left + px(10, scale)
        xs = [x0 + round(box.width * x) for x in board.columns]
        header_y = box.top + px(46, scale)
        for x, text in zip(xs, board.heads):
            ctx.text.draw(surface, text, (x, header_y), small, theme.MUTED, anchor="midleft")
        y = header_y + px(14, scale)
        for own, cells in board.rows:
            row = pygame.Rect(box.left, y, box.width, row_h - px(4, scale))
            if own:
                rounded_panel(surface, row, (255, 220, 90, 40), px(8, scale))
            for x, cell in zip(xs, cells):
                if cell.badge is not None:
                    badge = ctx.text.render(cell.text, small, theme.INK, bold=True)
                    chip = badge.get_rect(midleft=(x, row.centery)).inflate(px(14, scale), px(6, scale))
                    rounded_panel(surface, chip, cell.badge, chip.height // 2)
                    surface.blit(badge, badge.get_rect(center=chip.center))
                    continue
                text = fit_text(ctx, cell.text, body, round(box.width * cell.room), bold=cell.bold)
                ctx.text.draw(surface, text, (x, row.centery), body, cell.color, anchor="midleft", bold=cell.bold)
            y += row_h
        y += px(6, scale)
        for line in self._footer(board, box):
            ctx.text.draw(surface, line, (x0, y), small, theme.MUTED, anchor="topleft")
            y += foot_h
        return y

    def _progress(self) -> str:
        """How far the match has gone: "Game 2 of 5", "first to 5 points"."""
        t, match = self.ctx.t, self.session.standings()
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
