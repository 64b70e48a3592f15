"""The review of a game: the Expert rates each of the player's decisions, then the chart and the costliest moves.

Opened from the result screen ("Review my game") and from Replays.  The game
record is read on a thread (``decision_points``), then each decision is
rated by ``ai.review.rate`` in the decision worker's processes, a few at a
time, while a progress bar fills (Cancel, Back or Esc stop it: the work under
way is told to stop and dropped).  Nothing waits in the frame loop.

When every decision is rated, the screen shows the result, how many
decisions were as good as the best found and the expected points given away;
a chart of the player's expected points after each decision (the move played,
and the best move beside it, on the same worlds) ending at the points taken;
and the three costliest moves with the better play, cards drawn (and the
rest of the line, when the better play went out by force).  Clicking
one (or Enter on it) opens the replay viewer at the moment of that decision.

A review is the same for the same game (``SEED``); a finished review is kept
for the session, so coming back to it is instant.
"""

from __future__ import annotations

import json
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Final

import pygame

from ai.review import WORLDS, DecisionPoint, Rating, Review, assemble, decision_points, rate_call
from game.engine import Pass, Play
from game.engine.cards import format_symbols
from game.engine.record import IllegalAction, RecordError, parse_record
from game.engine.runner import Answer
from game.worker import Ticket

from .. import theme
from ..card_shapes import star_points
from ..charts import Axis, Plot, nice_ticks
from ..tasks import BackgroundTask
from ..theme import px
from ..widgets import Button
from .drawing import chip, fit_text, panel, wrap_text
from .forms import SelectRow
from .menu_screen import MenuScreen

if TYPE_CHECKING:
    from ..context import Context

SEED: Final = 1
"""The review's random numbers: the same game is always reviewed the same."""
KEPT: Final = 8
"""Finished reviews kept for the session."""
PLAYED_COLOR = (250, 244, 226)
BEST_COLOR = (232, 190, 84)
COST_COLOR = (226, 92, 76)
RESULT_COLOR = (120, 196, 255)


def cached_reviews(ctx: Context) -> OrderedDict[tuple[object, ...], Review]:
    store: OrderedDict[tuple[object, ...], Review] = ctx.cache.setdefault("review.results", OrderedDict())
    return store


class ReviewScene(MenuScreen):
    title_key = "review.title"
    footer_h = 64
    max_body_w = 1180

    def __init__(self, ctx: Context, record: dict[str, Any], seat: int, game: int = -1,
                 worlds: int | None = None) -> None:
        super().__init__(ctx)
        self.record = record
        self.seat = seat
        self.game = game
        self.worlds = worlds or WORLDS
        self.key = (json.dumps(record, sort_keys=True, default=str), seat, game, self.worlds, SEED)
        self.points: list[DecisionPoint] = []
        self.ratings: list[Rating] = []
        self.review: Review | None = cached_reviews(ctx).get(self.key)
        self.error: str | None = None
        self.preparing: BackgroundTask[list[DecisionPoint]] | None = None
        self.waiting: list[DecisionPoint] = []
        self.running: dict[Ticket, DecisionPoint] = {}
        self.started = time.monotonic()
        self.rows: list[SelectRow] = []
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.chart_image: pygame.Surface | None = None
        self.moves_area = pygame.Rect(0, 0, 0, 0)
        self.tiles: list[pygame.Rect] = []
        self.progress_bar = pygame.Rect(0, 0, 0, 0)
        self.cancel_button = Button(lambda: ctx.t("button.cancel"), self.back, style="secondary", size=theme.FONT_BODY)
        self.watch_button = Button(lambda: ctx.t("review.watch"), lambda: self.open_replay(None), style="secondary",
                                   size=theme.FONT_BODY)
        if self.review is None:
            self.preparing = BackgroundTask(partial(self._decisions, record, seat, game), name="review-prepare")
        else:
            self.points = self._decisions(record, seat, game)
        self._build()

    @staticmethod
    def _decisions(record: dict[str, Any], seat: int, game: int) -> list[DecisionPoint]:
        return decision_points(parse_record(record), seat, game)

    # --- the work ----------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        return self.review is not None or self.error is not None

    @property
    def count(self) -> int:
        return len(self.points)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done:
            return
        if self.preparing is not None:
            if not self.preparing.done:
                return
            task, self.preparing = self.preparing, None
            try:
                self.points = task.result()
            except (RecordError, IllegalAction, ValueError) as error:
                self.error = self.ctx.t("review.failed", detail=str(getattr(error, "reason", error)))
                self._build()
                return
            self.waiting = list(self.points)
            self.started = time.monotonic()
        self._pump()

    def _pump(self) -> None:
        """Collect the ratings that are ready and start the next decisions (as many as the worker's processes)."""
        worker = self.ctx.worker
        try:
            for ticket in list(self.running):
                found = worker.poll_call(ticket)
                if found is not None:
                    del self.running[ticket]
                    self.ratings.append(found[0])
            while self.waiting and len(self.running) < max(1, worker.processes):
                point = self.waiting.pop(0)
                self.running[worker.submit_call(partial(rate_call, point, SEED, self.worlds))] = point
                if worker.mode == "inline":
                    break  # rated at once: one a frame
        except Exception as error:  # a rating that failed: say so, keep the rest of the game as it is
            self._stop()
            self.error = self.ctx.t("review.failed", detail=f"{type(error).__name__}: {error}")
            self._build()
            return
        if not self.waiting and not self.running:
            review = assemble(parse_record(self.record), self.seat, SEED, self.worlds, self.ratings, self.game)
            store = cached_reviews(self.ctx)
            store[self.key] = review
            while len(store) > KEPT:
                store.popitem(last=False)
            self.review = review
            self._build()

    def _stop(self) -> None:
        for ticket in self.running:
            self.ctx.worker.cancel(ticket)
        self.running.clear()
        self.waiting.clear()

    def exit(self) -> None:
        self._stop()

    def back(self) -> None:
        self._stop()
        super().back()

    def frame_rate(self) -> float:
        return 30.0 if not self.done else super().frame_rate()

    # --- navigation -----------------------------------------------------------------------------

    def open_replay(self, rating: Rating | None) -> None:
        """The replay viewer at the moment of ``rating``'s decision (before it), or at the start."""
        if rating is None:
            self.ctx.nav.show_replay(self.record, self.seat)
            return
        self.ctx.nav.show_replay(self.record, self.seat, at=(rating.game, max(-1, rating.action - 1)))

    # --- layout -------------------------------------------------------------------------------------

    def _build(self) -> None:
        review = self.review
        self.rows = []
        if review is not None:
            self.rows = [SelectRow(self._row_painter(r, rank), partial(self.open_replay, r))
                         for rank, r in enumerate(review.costliest())]
        self.widgets.clear()
        for widget in (self.back_button, *self.rows, self.cancel_button, self.watch_button):
            self.widgets.add(widget)
        self.cancel_button.visible = not self.done
        self.watch_button.visible = review is not None
        self.widgets.focus = 1 if self.rows else self.widgets.widgets.index(
            self.watch_button if review is not None else self.cancel_button if not self.done else self.back_button)
        self.chart_image = None
        if self.ctx.size:
            self.layout(self.ctx.size)

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        scale = self.ctx.scale
        pad = px(22, scale)
        body = self.body
        button_h = px(46, scale)
        self.cancel_button.rect = pygame.Rect(0, 0, px(200, scale), button_h)
        self.cancel_button.rect.midtop = (body.centerx, body.centery + px(70, scale))
        self.progress_bar = pygame.Rect(0, 0, min(body.width - 2 * pad, px(620, scale)), px(22, scale))
        self.progress_bar.center = (body.centerx, body.centery + px(14, scale))
        self.watch_button.rect = pygame.Rect(0, 0, px(260, scale), button_h)
        self.watch_button.rect.center = self.footer.center
        self.watch_button.rect.right = self.footer.right
        inner = body.inflate(-2 * pad, -2 * pad)
        tile_h = px(74, scale)
        gap = px(12, scale)
        tile_w = (inner.width - 3 * gap) // 4
        self.tiles = [pygame.Rect(inner.left + i * (tile_w + gap), inner.top, tile_w, tile_h) for i in range(4)]
        top = inner.top + tile_h + px(16, scale)
        chart_w = round(inner.width * 0.47)
        self.chart = pygame.Rect(inner.left, top, chart_w, inner.bottom - top)
        self.moves_area = pygame.Rect(self.chart.right + px(18, scale), top, inner.right - self.chart.right
                                      - px(18, scale), inner.bottom - top)
        heading = round(px(theme.FONT_LABEL - 2, scale) * 1.5) + px(10, scale)
        row_gap = px(10, scale)
        count = max(1, len(self.rows))
        row_h = min(px(150, scale), (self.moves_area.height - heading - row_gap * (count - 1)) // 3)
        for index, row in enumerate(self.rows):
            row.rect = pygame.Rect(self.moves_area.left, self.moves_area.top + heading + index * (row_h + row_gap),
                                   self.moves_area.width, row_h)
        self.chart_image = None

    # --- drawing --------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        if self.error is not None:
            self.draw_message(surface, self.ctx.t("review.title"), self.error, self._message_top())
        elif self.review is None:
            self._draw_progress(surface)
        elif not self.review.ratings:
            self.draw_message(surface, self.ctx.t("review.title"), self.ctx.t("review.no_decisions"),
                              self._message_top())
        else:
            self._draw_review(surface, self.review)
        self.draw_widgets(surface)

    def _message_top(self) -> int:
        return self.body.top + px(90, self.ctx.scale)

    def _draw_progress(self, surface: pygame.Surface) -> None:
        ctx, t, scale = self.ctx, self.ctx.t, self.ctx.scale
        body, bar = self.body, self.progress_bar
        self._draw_hand(surface, (body.centerx, bar.top - px(190, scale)))
        ctx.text.draw(surface, t("review.working") if self.points else t("review.preparing"),
                      (body.centerx, bar.top - px(96, scale)), px(theme.FONT_LABEL, scale), theme.GOLD, bold=True,
                      shadow=True)
        if self.points:
            small = px(theme.FONT_SMALL, scale)
            lines = wrap_text(ctx, t("review.working_detail", count=self.count, worlds=self.worlds), small,
                              bar.width + px(80, scale))
            y = bar.top - px(62, scale)
            for line in lines[:2]:
                ctx.text.draw(surface, line, (body.centerx, y), small, theme.MUTED)
                y += round(small * 1.4)
        done = len(self.ratings)
        share = done / self.count if self.count else 0.0
        radius = bar.height // 2
        panel(ctx, surface, bar.inflate(px(6, scale), px(6, scale)), (0, 0, 0, 120), radius + px(3, scale),
              (232, 190, 84, 120), 1)
        filled = bar.copy()
        filled.width = max(bar.height, round(bar.width * share)) if self.points else bar.height
        if not self.points:  # reading the record: a pulse that runs along the bar
            filled.x = bar.left + round((bar.width - filled.width) * (0.5 + 0.5 * _wave(self.clock)))
        pygame.draw.rect(surface, theme.GOLD, filled, border_radius=radius)
        shine = filled.inflate(-px(6, scale), -bar.height // 2)
        shine.top = filled.top + px(3, scale)
        pygame.draw.rect(surface, (255, 232, 160), shine, border_radius=max(1, shine.height // 2))
        if self.points:
            status = t("review.progress", done=min(self.count, done + 1), count=self.count)
            if done >= 2 and done < self.count:
                elapsed = time.monotonic() - self.started
                status += "  ·  " + t("review.left", seconds=max(1, round(elapsed / done * (self.count - done))))
            ctx.text.draw(surface, status, (body.centerx, bar.bottom + px(18, scale)), px(theme.FONT_BODY - 2, scale),
                          theme.CREAM)

    def _draw_hand(self, surface: pygame.Surface, center: tuple[int, int]) -> None:
        """The player's hand of the first decision, fanned (a picture while the work goes on)."""
        if not self.points:
            return
        cards = list(_ids(self.points[0].obs.hand))[:15]
        if not cards:
            return
        width = px(54, self.ctx.scale)
        step = round(width * 0.42)
        left = center[0] - (step * (len(cards) - 1) + width) // 2
        for index, cid in enumerate(cards):
            image = self.ctx.art.face(cid, width, four_color=self.ctx.settings.four_color)
            angle = (index - (len(cards) - 1) / 2) * 3.0
            turned = pygame.transform.rotozoom(image, -angle, 1.0)
            lift = round(abs(index - (len(cards) - 1) / 2) ** 1.6 * 0.9 * self.ctx.scale)
            surface.blit(turned, turned.get_rect(center=(left + index * step + width // 2, center[1] + lift)))

    def _draw_review(self, surface: pygame.Surface, review: Review) -> None:
        ctx, t, scale = self.ctx, self.ctx.t, self.ctx.scale
        signed = review.low < 0
        matched = sum(1 for r in review.ratings if r not in review.mistakes())
        result = "–" if review.points is None else _points(review.points, signed)
        tiles = [
            (result if review.points is not None else t("review.unfinished"), t("review.result")),
            (str(len(review.ratings)), t("review.decisions")),
            (t("review.matched_value", count=matched, total=len(review.ratings)), t("review.matched")),
            (f"{review.total_loss:.2f}", t("review.lost")),
        ]
        for rect, (value, label) in zip(self.tiles, tiles):
            panel(ctx, surface, rect, (232, 190, 84, 30), px(12, scale), (232, 190, 84, 120), 1)
            big = px(theme.FONT_TITLE * 0.7, scale)
            ctx.text.draw(surface, fit_text(ctx, value, big, rect.width - px(12, scale), bold=True),
                          (rect.centerx, rect.top + px(6, scale)), big, theme.GOLD, anchor="midtop", bold=True,
                          shadow=True)
            small = px(theme.FONT_SMALL, scale)
            ctx.text.draw(surface, fit_text(ctx, label, small, rect.width - px(12, scale)),
                          (rect.centerx, rect.bottom - px(7, scale)), small, theme.CREAM, anchor="midbottom")
        self._draw_chart(surface, review, signed)
        heading = px(theme.FONT_LABEL - 2, scale)
        area = self.moves_area
        ctx.text.draw(surface, t("review.costliest"), (area.left + px(4, scale), area.top), heading, theme.GOLD,
                      anchor="topleft", bold=True, shadow=True)
        line = pygame.Rect(area.left, area.top + round(heading * 1.35), area.width, max(1, px(1, scale)))
        panel(ctx, surface, line, (232, 190, 84, 90), 0)
        if self.rows:
            below = self.rows[-1].rect.bottom + px(12, scale)
            if below + px(theme.FONT_SMALL, scale) < area.bottom:
                ctx.text.draw(surface, t("review.click_hint"), (area.centerx, below), px(theme.FONT_SMALL - 1, scale),
                              theme.MUTED, anchor="midtop")
        else:
            self._draw_no_mistakes(surface, pygame.Rect(area.left, line.bottom + px(12, scale), area.width,
                                                        area.bottom - line.bottom - px(12, scale)))

    def _draw_no_mistakes(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """No costly move: a gold star and a word of praise, in the middle of the list's place."""
        ctx, t, scale = self.ctx, self.ctx.t, self.ctx.scale
        size = px(theme.FONT_SMALL, scale)
        lines = wrap_text(ctx, t("review.none"), size, area.width - px(60, scale))
        height = px(150, scale) + round(size * 1.5) * len(lines)
        box = pygame.Rect(area.left, 0, area.width, min(area.height, height))
        box.centery = area.centery - px(20, scale)
        panel(ctx, surface, box, (255, 255, 255, 16), px(14, scale), (232, 190, 84, 90), 1)
        center = (box.centerx, box.top + px(48, scale))
        radius = px(30, scale)
        pygame.draw.polygon(surface, theme.GOLD_DARK, star_points(center[0], center[1] + px(2, scale), radius,
                                                                  radius * 0.45))
        pygame.draw.polygon(surface, theme.GOLD, star_points(center[0], center[1], radius, radius * 0.45))
        y = center[1] + radius + px(14, scale)
        ctx.text.draw(surface, t("review.none_title"), (box.centerx, y), px(theme.FONT_LABEL - 2, scale), theme.GOLD,
                      anchor="midtop", bold=True, shadow=True)
        y += px(38, scale)
        for text in lines:
            ctx.text.draw(surface, text, (box.centerx, y), size, theme.CREAM, anchor="midtop")
            y += round(size * 1.5)

    def _draw_chart(self, surface: pygame.Surface, review: Review, signed: bool) -> None:
        ctx, t, scale = self.ctx, self.ctx.t, self.ctx.scale
        rect = self.chart
        panel(ctx, surface, rect, (0, 0, 0, 70), px(12, scale), (255, 255, 255, 30), 1)
        label = px(theme.FONT_SMALL, scale)
        ctx.text.draw(surface, fit_text(ctx, t("review.chart"), label, rect.width - px(24, scale), bold=True),
                      (rect.left + px(12, scale), rect.top + px(10, scale)), label, theme.CREAM, anchor="topleft",
                      bold=True)
        legend_y = rect.top + px(22, scale) + round(label * 1.6)
        x = rect.left + px(14, scale)
        small = px(theme.FONT_SMALL - 2, scale)
        for color, text, dashed in ((PLAYED_COLOR, t("review.legend.played"), False),
                                    (BEST_COLOR, t("review.legend.best"), True)):
            length = px(22, scale)
            for start in range(0, length, px(7, scale) if dashed else length):
                end = min(length, start + (px(4, scale) if dashed else length))
                pygame.draw.line(surface, color, (x + start, legend_y), (x + end, legend_y), max(1, px(2, scale)))
            x = ctx.text.draw(surface, text, (x + length + px(6, scale), legend_y), small, theme.MUTED,
                              anchor="midleft").right + px(18, scale)
        area = pygame.Rect(rect.left + px(4, scale), legend_y + px(12, scale), rect.width - px(8, scale), 0)
        area.height = rect.bottom - px(6, scale) - area.top
        if self.chart_image is None or self.chart_image.get_size() != area.size:
            self.chart_image = self._plot(review, area.size, signed)
        surface.blit(self.chart_image, area)

    def _plot(self, review: Review, size: tuple[int, int], signed: bool) -> pygame.Surface:
        t = self.ctx.t
        low, high = _range(review)
        ticks = [round(v) for v in nice_ticks(low, high)] if high - low > 5 else list(range(int(low), int(high) + 1))
        axis = Axis(low, high, [(v, _points(v, signed)) for v in ticks], zero=0 if signed else None)
        ratings = review.ratings
        count = len(ratings) + (review.points is not None)
        labels = [(len(ratings), t("review.axis.result"))] if review.points is not None else []
        labels += [(0, "1"), (len(ratings) - 1, str(len(ratings)))]
        labels += [(n - 1, str(n)) for n in range(5, len(ratings), 5)]
        plot = Plot(self.ctx, size, axis, count, labels)
        best = [r.best_points for r in ratings]
        played = [r.played_points for r in ratings]
        plot.line(best, BEST_COLOR, width=1.6, dashed=True)
        plot.line(played, PLAYED_COLOR, width=2.4)
        plot.dots(played, PLAYED_COLOR, radius=2.8, ring=theme.INK)
        if review.points is not None:
            plot.line([played[-1], review.points], RESULT_COLOR, width=1.4, dashed=True, start=len(ratings) - 1)
            plot.dots([review.points], RESULT_COLOR, radius=5.0, ring=theme.INK, start=len(ratings))
        for rank, rating in enumerate(review.costliest()):
            plot.badge(rating.number, rating.played_points, str(rank + 1), COST_COLOR, ink=theme.WHITE)
        return plot.image()

    def _row_painter(self, rating: Rating, rank: int) -> Callable[[pygame.Surface, pygame.Rect, bool, bool], None]:
        def paint(surface: pygame.Surface, rect: pygame.Rect, focused: bool, hover: bool) -> None:
            self._draw_row(surface, rect, rating, rank, focused, hover)

        return paint

    def _draw_row(self, surface: pygame.Surface, rect: pygame.Rect, rating: Rating, rank: int, focused: bool,
                  hover: bool) -> None:
        ctx, t, scale = self.ctx, self.ctx.t, self.ctx.scale
        review = self.review
        assert review is not None
        signed = review.low < 0
        radius = px(12, scale)
        if focused or hover:
            panel(ctx, surface, rect, (255, 214, 100, 40), radius, theme.GOLD, px(2, scale))
        else:
            panel(ctx, surface, rect, (255, 255, 255, 16), radius, (255, 255, 255, 40), 1)
        if focused:
            pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(4, scale), px(4, scale)), px(2, scale),
                             border_radius=radius + 2)
        pad = px(12, scale)
        body = px(theme.FONT_BODY - 2, scale)
        small = px(theme.FONT_SMALL - 1, scale)
        badge_r = px(13, scale)
        center = (rect.left + pad + badge_r, rect.top + pad + badge_r)
        pygame.draw.circle(surface, COST_COLOR, center, badge_r)
        ctx.text.draw(surface, str(rank + 1), center, px(theme.FONT_BODY - 3, scale), theme.WHITE, bold=True)
        cost = chip(ctx, surface, t("review.cost", value=f"−{rating.loss:.2f}"), (rect.right - pad, center[1]),
                    COST_COLOR, size=small, anchor="midright", ink=theme.WHITE)
        title = f"{t('review.move', n=rating.number + 1)}  ·  {self._situation(rating)}"
        text_left = center[0] + badge_r + px(10, scale)
        ctx.text.draw(surface, fit_text(ctx, title, body, cost.left - text_left - px(8, scale), bold=True),
                      (text_left, center[1]), body, theme.CREAM, anchor="midleft", bold=True)
        top = center[1] + badge_r + px(8, scale)
        room = rect.bottom - pad - top
        half = (rect.width - 2 * pad - px(16, scale)) // 2
        gift = rating.gift
        better = t("review.sure_way_out" if rating.sure_line else "review.better")
        sides = ((t("review.you_gave" if gift else "review.you_played"), rating.played, rating.played_points,
                  theme.CREAM), (better, rating.best, rating.best_points, BEST_COLOR))
        ctx.text.draw(surface, "→", (rect.left + pad + half + px(8, scale), top + room // 2 + px(6, scale)),
                      px(theme.FONT_BODY, scale), theme.GOLD, bold=True)
        for index, (label, answer, value, color) in enumerate(sides):
            left = rect.left + pad + index * (half + px(16, scale))
            box = pygame.Rect(left, top, half, room)
            ctx.text.draw(surface, fit_text(ctx, label, small, half - px(60, scale)), (box.left, box.top), small,
                          theme.MUTED, anchor="topleft")
            ctx.text.draw(surface, _points(value, signed, decimals=2), (box.right, box.top), small, color,
                          anchor="topright", bold=True)
            cards_top = box.top + round(small * 1.45)
            cards = pygame.Rect(box.left, cards_top, box.width, box.bottom - cards_top)
            if index == 1 and len(rating.sure_line) > 1:  # the rest of the line beside its first play
                cards.width = box.width // 2
                rest = " → ".join(format_symbols(play.cards) for play in rating.sure_line[1:])
                then = fit_text(ctx, t("review.then", plays=rest), small, box.right - cards.right - px(8, scale))
                ctx.text.draw(surface, then, (cards.right + px(8, scale), cards.centery), small, BEST_COLOR,
                              anchor="midleft", bold=True)
            self._draw_answer(surface, answer, cards)
        if hover or focused:
            ctx.text.draw(surface, t("review.open_replay"), (rect.right - pad, rect.bottom - px(4, scale)),
                          px(theme.FONT_SMALL - 3, scale), theme.GOLD, anchor="bottomright")

    def _draw_answer(self, surface: pygame.Surface, answer: Answer, box: pygame.Rect) -> None:
        """The cards of a move or a gift, overlapping to fit ``box`` (a chip for a pass)."""
        ctx, scale = self.ctx, self.ctx.scale
        if isinstance(answer, Pass) or not answer:
            chip(ctx, surface, ctx.t("button.pass"), (box.left, box.top + min(box.height, px(40, scale)) // 2),
                 (60, 78, 70), size=px(theme.FONT_SMALL, scale), anchor="midleft", ink=theme.CREAM)
            return
        cards = list(_ids(answer.cards if isinstance(answer, Play) else answer))
        height = max(px(24, scale), box.height)
        width = max(16, min(round(height / 1.4), px(64, scale)))
        step = min(width + px(3, scale), (box.width - width) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for index, cid in enumerate(cards):
            image = ctx.art.face(cid, width, four_color=ctx.settings.four_color)
            surface.blit(image, (box.left + index * step, box.top))

    def _situation(self, rating: Rating) -> str:
        """Where the decision was made: the exchange, cards to give after a play, a lead, or the table to beat."""
        t = self.ctx.t
        point = next((p for p in self.points if p.number == rating.number), None)
        if rating.gift:
            return t("review.in_exchange" if rating.action < 0 else "review.handing_on")
        top = point.obs.state.top if point is not None else None
        if top is None:
            return t("review.led")
        return t("review.on_table", cards=format_symbols(top.cards))


def _ids(mask: int) -> list[int]:
    return [cid for cid in range(mask.bit_length()) if mask >> cid & 1]


def _points(value: float, signed: bool, decimals: int = 0) -> str:
    if decimals:
        return f"{value:+.{decimals}f}" if signed else f"{value:.{decimals}f}"
    number = round(value)
    return f"{number:+d}" if signed and number else str(number)


def _range(review: Review) -> tuple[float, float]:
    """The chart's range: the rules' points range (every value seen lies in it)."""
    return float(review.low), float(review.high)


def _wave(clock: float) -> float:
    """A smooth back-and-forth from -1 to 1 (a pulse along the progress bar while the record is read)."""
    return math.sin(clock * 2.4)


__all__ = ["SEED", "ReviewScene"]
