"""The statistics screen: games, 1st places, places, classes, points and streaks per preset and strength.

Filters (rules, computer strength) come from the values present in the
database.  A summary of every game shown sits on top, then one card per
preset and strength with a small bar chart of the classes earned (wins and
losses for the two-player 5-card mode) and, under it, the player's progress:
the points of every game with their rolling average, and the average place
per month (or per 50 games while the games span few months).  Reset asks
first and keeps a backup of the database in the backups folder, whose path
it shows.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.rules import PRESETS, Title, preset_rules
from game.storage.progress import ROLLING, ProgressRow, place_buckets, rolling_mean
from game.storage.stats import FilterChoices, MatchSummaryRow, StatsError, SummaryRow

from .. import theme
from ..charts import Axis, Plot, nice_ticks
from ..rule_words import differences, kind_name
from ..table.painter import TITLE_COLORS
from ..theme import px
from ..widgets import Button, Selector
from .dialogs import ConfirmDialog, MessageDialog
from .drawing import fit_text, panel, tr, wrap_text
from .menu_screen import MenuScreen
from .scrolling import Content

if TYPE_CHECKING:
    from ..context import Context

WIN_COLOR = (232, 190, 84)
LOSS_COLOR = (150, 96, 80)
CARD_H = 176
PROGRESS_H = 186
"""The height of a card's progress charts at scale 1."""
FILTER_H = 62
POINTS_COLOR = (232, 190, 84, 110)
LOST_COLOR = (214, 96, 80, 110)
TREND_COLOR = (250, 244, 226)
PLACE_COLOR = (120, 196, 255)


def local_date(iso: str) -> str:
    """A stored UTC time as the player's local date."""
    try:
        return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone().strftime("%Y-%m-%d")
    except ValueError:
        return iso[:10]


def percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "–"


def local_month(iso: str) -> str:
    """The player's local month of a stored UTC time: ``2025-03``."""
    try:
        return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone().strftime("%Y-%m")
    except ValueError:
        return iso[:7]


def points_range(preset: str, players: set[int], seen: list[int]) -> tuple[int, int]:
    """The fewest and most points a game of the group can bring (the points seen, 0 and the preset's)."""
    values = {0, *seen}
    if preset in PRESETS:
        for n in players:
            try:
                rules = preset_rules(preset, n)
            except ValueError:
                continue
            values.update(rules.points_for(place, rules.titles[place]) for place in range(n))
    return min(values), max(values)


class StatsScene(MenuScreen):
    title_key = "title.stats"
    max_body_w = 1120

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.preset: str | None = None
        self.strength: str | None = None
        self.choices = FilterChoices()
        self.rows: list[SummaryRow] = []
        self.overall: SummaryRow | None = None
        self.matches: dict[tuple[str, str, str], MatchSummaryRow] = {}
        self.progress: dict[tuple[str, str, str], ProgressRow] = {}
        self._charts: dict[tuple[object, ...], pygame.Surface] = {}
        """Progress charts drawn, by group, kind, size and language (drawn when first shown)."""
        self.total = 0
        self.error: str | None = None
        self.content = Content(ctx)
        self.filter_bar = pygame.Rect(0, 0, 0, 0)
        self.preset_selector = Selector([(None, tr(self.ctx, "screen.stats.all_rules"))], lambda: self.preset,
                                        self._set_preset, size=theme.FONT_SMALL + 1)
        self.strength_selector = Selector([(None, tr(self.ctx, "screen.stats.all_levels"))], lambda: self.strength,
                                          self._set_strength, size=theme.FONT_SMALL + 1)
        self.reset_button = Button(tr(self.ctx, "screen.stats.reset"), self.ask_reset, style="secondary",
                                   enabled=lambda: self.ctx.stats is not None and self.total > 0,
                                   size=theme.FONT_BODY - 2)
        self.new_game_button = Button(tr(self.ctx, "title.new_game"), lambda: ctx.nav.show_new_game(),
                                      size=theme.FONT_BODY)
        for widget in (self.back_button, self.preset_selector, self.strength_selector, self.reset_button,
                       self.new_game_button):
            self.widgets.add(widget)
        self.load()
        self.widgets.focus = 1 if self.total else 4

    # --- data -----------------------------------------------------------------------------

    def load(self) -> None:
        """Read the statistics for the current filters (never raises)."""
        stats = self.ctx.stats
        self.error = None
        self.rows, self.overall, self.matches, self.total = [], None, {}, 0
        self.progress = {}
        self._charts.clear()
        if stats is None:
            self.error = self.ctx.t("screen.stats.unavailable")
            self._refresh_widgets()
            return
        try:
            self.total = stats.count_games()
            self.choices = stats.filter_choices()
            if self.preset not in (None, *self.choices.presets):
                self.preset = None
            if self.strength not in (None, *self.choices.strengths):
                self.strength = None
            self.rows = stats.summary(self.preset, self.strength)
            overall = stats.summary(self.preset, self.strength, group_by=())
            self.overall = overall[0] if overall else None
            self.matches = {(m.preset, m.strength, m.variant): m
                            for m in stats.match_summary(self.preset, self.strength)}
            self.progress = {(p.preset, p.strength, p.variant): p
                             for p in stats.progress(self.preset, self.strength)}
        except StatsError as error:
            self.error = self.ctx.t("screen.stats.read_error", detail=str(error))
        self._refresh_widgets()

    def _refresh_widgets(self) -> None:
        self.preset_selector.options = [(None, tr(self.ctx, "screen.stats.all_rules"))] + [
            (p, tr(self.ctx, f"preset.{p}.name")) for p in self.choices.presets]  # "custom": every custom game
        self.strength_selector.options = [(None, tr(self.ctx, "screen.stats.all_levels"))] + [
            (s, tr(self.ctx, f"level.{s}")) for s in self.choices.strengths]
        empty = self.total == 0
        self.preset_selector.visible = self.strength_selector.visible = self.reset_button.visible = not empty
        self.new_game_button.visible = empty and self.ctx.stats is not None and self.error is None

    def _set_preset(self, preset: str | None) -> None:
        self.preset = preset
        self.load()
        self.scroller.scroll_to(0, instant=True)
        self.layout(self.ctx.size)

    def _set_strength(self, strength: str | None) -> None:
        self.strength = strength
        self.load()
        self.scroller.scroll_to(0, instant=True)
        self.layout(self.ctx.size)

    # --- reset ---------------------------------------------------------------------------------

    def ask_reset(self) -> None:
        folder = str(self.ctx.paths.backups_dir)
        self.ctx.stack.push(ConfirmDialog(self.ctx, tr(self.ctx, "screen.stats.reset_title"),
                                          tr(self.ctx, "screen.stats.reset_text", folder=folder), self.reset,
                                          yes=tr(self.ctx, "screen.stats.reset_yes"), danger=True))

    def reset(self) -> None:
        stats = self.ctx.stats
        if stats is None:
            return
        try:
            backup = stats.reset(self.ctx.paths.backups_dir)
        except StatsError as error:
            detail = str(error)
            self.ctx.stack.push(MessageDialog(self.ctx, tr(self.ctx, "screen.stats.reset_title"),
                                              tr(self.ctx, "screen.stats.reset_failed", detail=detail), error=True))
            return
        self.preset = self.strength = None
        self.load()
        self.layout(self.ctx.size)
        self.widgets.focus = self.widgets.widgets.index(self.back_button)
        path = str(backup)
        self.ctx.stack.push(MessageDialog(self.ctx, tr(self.ctx, "screen.stats.reset_title"),
                                          tr(self.ctx, "screen.stats.reset_done", path=path)))

    # --- layout ----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        scale = self.ctx.scale
        pad = px(24, scale)
        self.filter_bar = pygame.Rect(self.body.left + pad, self.body.top + px(14, scale), self.body.width - 2 * pad,
                                      px(FILTER_H - 18, scale))
        bar = self.filter_bar
        selector_w = min(px(280, scale), bar.width // 3)
        self.preset_selector.rect = pygame.Rect(bar.left, bar.top, selector_w, bar.height)
        self.strength_selector.rect = pygame.Rect(self.preset_selector.rect.right + px(14, scale), bar.top,
                                                  selector_w, bar.height)
        reset_w = min(px(230, scale), bar.right - self.strength_selector.rect.right - px(14, scale))
        self.reset_button.rect = pygame.Rect(bar.right - reset_w, bar.top, reset_w, bar.height)
        top = bar.bottom + px(16, scale) if self.total else self.body.top + pad
        view = pygame.Rect(self.body.left + pad, top, self.body.width - 2 * pad - px(12, scale),
                           self.body.bottom - pad - top)
        self.new_game_button.rect = pygame.Rect(0, 0, px(260, scale), px(50, scale))
        self.new_game_button.rect.midtop = (self.body.centerx, self.body.centery + px(90, scale))
        self._build(view.width)
        self.scroller.reset(view, self.content.height)

    def _build(self, width: int) -> None:
        scale = self.ctx.scale
        self.content.clear()
        if self.error is not None or not self.total:
            return
        y = 0
        if self.overall is not None:
            y = self._summary_tiles(self.overall, width) + px(16, scale)
        if not self.rows:
            self.content.text(self.ctx.t("screen.stats.no_match"), (width // 2, y + px(30, scale)),
                              px(theme.FONT_BODY, scale), theme.MUTED, anchor="midtop")
            return
        for row in self.rows:
            y = self._card(row, pygame.Rect(0, y, width, px(CARD_H, scale))) + px(12, scale)

    def _summary_tiles(self, row: SummaryRow, width: int) -> int:
        """Four big numbers: games, 1st places, 1st-place rate, average place."""
        t, scale, content = self.ctx.t, self.ctx.scale, self.content
        tiles = [
            (t("screen.stats.games"), str(row.games)),
            (t("screen.stats.firsts"), str(row.firsts)),
            (t("screen.stats.first_rate"), percent(row.firsts, row.games)),
            (t("screen.stats.avg_place"), t("screen.stats.place_value", value=f"{row.average_place:.2f}")),
        ]
        gap = px(12, scale)
        tile_w = (width - gap * (len(tiles) - 1)) // len(tiles)
        tile_h = px(84, scale)
        for index, (label, value) in enumerate(tiles):
            rect = pygame.Rect(index * (tile_w + gap), 0, tile_w, tile_h)
            content.panel(rect, (232, 190, 84, 30), px(12, scale), (232, 190, 84, 120), 1)
            content.text(value, (rect.centerx, rect.top + px(8, scale)), px(theme.FONT_TITLE * 0.85, scale),
                         theme.GOLD, anchor="midtop", bold=True, shadow=True)
            small = px(theme.FONT_SMALL, scale)
            content.text(fit_text(self.ctx, label, small, tile_w - px(12, scale)),
                         (rect.centerx, rect.bottom - px(8, scale)), small, theme.CREAM, anchor="midbottom")
        return tile_h

    def _card(self, row: SummaryRow, rect: pygame.Rect) -> int:
        ctx, t, scale, content = self.ctx, self.ctx.t, self.ctx.scale, self.content
        pad = px(18, scale)
        preset = row.preset or ""
        strength = row.strength or ""
        title = f"{kind_name(t, preset, row.variant)}  ·  {t(f'level.{strength}')}"
        chart_w = min(px(440, scale), rect.width * 2 // 5)
        text_w = rect.width - chart_w - 3 * pad
        content.text(fit_text(ctx, title, px(theme.FONT_LABEL - 2, scale), text_w, bold=True),
                     (rect.left + pad, rect.top + px(12, scale)), px(theme.FONT_LABEL - 2, scale), theme.GOLD,
                     bold=True)
        top = rect.top + px(52, scale)
        changed = differences(t, preset, row.variant)  # a custom game: what it changes, on a line of its own
        small = px(theme.FONT_SMALL, scale)
        for row_text in wrap_text(ctx, changed, small, text_w)[:2] if changed else []:
            content.text(row_text, (rect.left + pad, top - px(8, scale)), small, theme.CREAM)
            top += round(small * 1.4)
        signed = preset in PRESETS and any(v < 0 for v in PRESETS[preset].class_points.values())
        points = f"{row.total_points:+d}" if signed else str(row.total_points)
        mean = f"{row.mean_points:+.2f}" if signed else f"{row.mean_points:.2f}"
        facts: list[tuple[str, str]] = [
            (t("screen.stats.games"), str(row.games)),
            (t("screen.stats.firsts"), f"{row.firsts}  ({percent(row.firsts, row.games)})"),
            (t("screen.stats.avg_place"), t("screen.stats.place_value", value=f"{row.average_place:.2f}")),
        ]
        if row.wins is not None and row.losses is not None:
            facts.append((t("screen.stats.record"), t("screen.stats.wins_losses", wins=row.wins, losses=row.losses)))
        else:
            facts.append((t("result.points"), t("screen.stats.points_value", total=points, mean=mean)))
        facts.append((t("screen.stats.streak"), t("screen.stats.streak_value", current=row.current_streak,
                                                  best=row.best_streak)))
        match = self.matches.get((preset, strength, row.variant))
        if match is not None:
            facts.append((t("screen.stats.matches"), t("screen.stats.matches_value", matches=match.matches,
                                                       wins=match.firsts)))
        body = px(theme.FONT_BODY - 2, scale)
        line_h = round(body * 1.5)
        columns = 2
        per_column = (len(facts) + 1) // columns
        rect = rect.copy()
        rect.height = max(rect.height, top + per_column * line_h + pad + px(24, scale) - rect.top)
        progress = self.progress.get((preset, strength, row.variant))
        if progress is None or not progress.games:
            content.panel(rect, (255, 255, 255, 14), px(14, scale), (255, 255, 255, 40), 1)
        col_w = text_w // columns
        label_w = max(ctx.text.size(label, body)[0] for label, _ in facts) + px(14, scale)
        for index, (label, value) in enumerate(facts):
            column, line = divmod(index, per_column)
            x = rect.left + pad + column * col_w
            y = top + line * line_h
            content.text(fit_text(ctx, label, body, label_w), (x, y), body, theme.MUTED)
            content.text(fit_text(ctx, value, body, col_w - label_w - px(10, scale), bold=True), (x + label_w, y),
                         body, theme.CREAM, bold=True)
        small = px(theme.FONT_SMALL - 1, scale)
        content.text(t("screen.stats.last_played", date=local_date(row.last_played)),
                     (rect.left + pad, rect.bottom - px(10, scale)), small, theme.MUTED, anchor="bottomleft")
        chart = pygame.Rect(rect.right - pad - chart_w, rect.top + px(14, scale), chart_w,
                            rect.height - px(28, scale))
        self._chart(row, chart)
        if progress is None or not progress.games:
            return rect.bottom
        area = pygame.Rect(rect.left, rect.bottom - px(2, scale), rect.width, px(PROGRESS_H, scale))
        content.panel(pygame.Rect(rect.left, rect.top, rect.width, area.bottom - rect.top), (255, 255, 255, 14),
                      px(14, scale), (255, 255, 255, 40), 1)
        gap = px(14, scale)
        half = (area.width - 2 * pad - gap) // 2
        left = pygame.Rect(area.left + pad, area.top, half, area.height - pad)
        right = pygame.Rect(left.right + gap, area.top, area.width - 2 * pad - gap - half, area.height - pad)
        self._progress_chart(progress, "points", left)
        self._progress_chart(progress, "places", right)
        return area.bottom

    def _chart(self, row: SummaryRow, rect: pygame.Rect) -> None:
        """Bars of the classes earned (or wins and losses), with their counts."""
        t, scale = self.ctx.t, self.ctx.scale
        bars: list[tuple[str, int, Any]]
        if row.wins is not None and row.losses is not None:
            bars = [(t("result.win"), row.wins, WIN_COLOR), (t("result.loss"), row.losses, LOSS_COLOR)]
        else:
            bars = [(t(f"class.{title.value}"), row.classes.get(title.value, 0), TITLE_COLORS[title])
                    for title in Title]
        content = self.content
        content.panel(rect, (0, 0, 0, 70), px(10, scale))
        small = px(theme.FONT_SMALL - 2, scale)
        label_h = round(small * 1.6)
        top = rect.top + px(10, scale) + label_h
        base = rect.bottom - label_h - px(8, scale)
        slot = (rect.width - px(16, scale)) // len(bars)
        bar_w = min(px(44, scale), slot * 3 // 5)
        most = max(1, max(count for _, count, _ in bars))
        total = max(1, sum(count for _, count, _ in bars))
        line = pygame.Rect(rect.left + px(8, scale), base, rect.width - px(16, scale), max(1, px(1, scale)))
        content.panel(line, (255, 255, 255, 60), 0)
        for index, (label, count, color) in enumerate(bars):
            cx = rect.left + px(8, scale) + slot * index + slot // 2
            height = round((base - top) * count / most)
            bar = pygame.Rect(0, 0, bar_w, max(0, height))
            bar.midbottom = (cx, base)
            if height:
                content.panel(bar, color, px(4, scale))
            value = f"{count}" if count == 0 else f"{count} ({percent(count, total)})"
            content.text(fit_text(self.ctx, value, small, slot), (cx, bar.top - px(3, scale)), small, theme.CREAM,
                         anchor="midbottom")
            content.text(fit_text(self.ctx, label, small, slot), (cx, base + px(5, scale)), small, theme.MUTED,
                         anchor="midtop")

    def _progress_chart(self, progress: ProgressRow, kind: str, rect: pygame.Rect) -> None:
        """One progress chart in a panel: its title and latest value on top, the chart drawn when first shown."""
        ctx, t, scale, content = self.ctx, self.ctx.t, self.ctx.scale, self.content
        content.panel(rect, (0, 0, 0, 70), px(10, scale))
        label = px(theme.FONT_SMALL - 1, scale)
        inset = px(10, scale)
        if kind == "points":
            points = progress.points
            window = min(ROLLING, len(points))
            trend = rolling_mean(points, window)
            signed = min(points_range(progress.preset, {g.players for g in progress.games}, points)) < 0
            title = t("screen.stats.points_chart")
            latest = t("screen.stats.points_latest", count=window,
                       value=f"{trend[-1]:+.2f}" if signed else f"{trend[-1]:.2f}")
        else:
            by, buckets = place_buckets(progress.games, local_month)
            title = t("screen.stats.place_by_month" if by == "month" else "screen.stats.place_by_games")
            latest = t("screen.stats.place_latest", value=f"{buckets[-1].average_place:.2f}")
        latest_w = ctx.text.size(latest, label, bold=True)[0]
        content.text(fit_text(ctx, title, label, rect.width - 3 * inset - latest_w), (rect.left + inset,
                     rect.top + px(7, scale)), label, theme.CREAM)
        content.text(latest, (rect.right - inset, rect.top + px(7, scale)), label, theme.GOLD, anchor="topright",
                     bold=True)
        area = pygame.Rect(rect.left + px(4, scale), rect.top + round(label * 1.6) + px(8, scale),
                           rect.width - px(8, scale), 0)
        area.height = rect.bottom - px(6, scale) - area.top
        key = (progress.preset, progress.strength, kind, area.size, ctx.settings.language, len(progress.games),
               progress.variant)

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            image = self._charts.get(key)
            if image is None:
                image = self._charts[key] = self._draw_progress(progress, kind, area.size)
            surface.blit(image, area.move(dx, dy))

        content.add(area.top, area.bottom, paint)

    def _draw_progress(self, progress: ProgressRow, kind: str, size: tuple[int, int]) -> pygame.Surface:
        """The chart itself: points per game and their rolling average, or the average place per month or run."""
        t = self.ctx.t
        if kind == "points":
            points = progress.points
            low, high = points_range(progress.preset, {g.players for g in progress.games}, points)
            signed = low < 0
            ticks = range(low, high + 1) if high - low <= 5 else [round(v) for v in nice_ticks(low, high)]
            axis = Axis(low, high, [(v, f"{v:+d}" if signed and v else str(v)) for v in ticks], zero=0)
            count = len(points)
            labels = [(0, "1")] + ([(count - 1, str(count))] if count > 1 else [])
            plot = Plot(self.ctx, size, axis, count, labels)
            plot.bars(points, POINTS_COLOR, negative=LOST_COLOR)
            trend = rolling_mean(points, min(ROLLING, count))
            plot.line(trend, (0, 0, 0, 120), width=4.2)  # a dark edge: the trend reads over the bars
            plot.line(trend, TREND_COLOR, width=2.2)
            return plot.image()
        by, buckets = place_buckets(progress.games, local_month)
        worst = max(2, max(g.players for g in progress.games))
        step = 1 if worst <= 5 else 2
        place_ticks = [(float(p), t(f"place.{p}")) for p in range(1, worst + 1, step)]
        count = len(buckets)
        wanted = [0, count // 2, count - 1] if count > 2 else list(range(count))
        labels = [(i, self._bucket_label(buckets[i].label, by)) for i in sorted(set(wanted))]
        plot = Plot(self.ctx, size, Axis(1, worst, place_ticks, invert=True), count, labels)
        averages = [b.average_place for b in buckets]
        plot.line(averages, PLACE_COLOR, width=2.0)
        plot.dots(averages, PLACE_COLOR, radius=3.2 if count < 40 else 1.6, ring=theme.INK if count < 40 else None)
        return plot.image()

    def _bucket_label(self, label: str, by: str) -> str:
        """A month as the language writes it (``2025-03``: "Mar 2025", "2025年3月"), or a run of games."""
        if by != "month":
            return label
        try:
            moment = datetime.strptime(label, "%Y-%m")
        except ValueError:
            return label
        return self.ctx.t("screen.stats.month", year=moment.year, name=self.ctx.t(f"month.{moment.month}"))

    # --- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        self.draw_frame(surface)
        if self.error is not None:
            self.draw_message(surface, ctx.t("screen.stats.problem_title"), self.error)
        elif not self.total:
            self._draw_empty(surface)
        else:
            line_y = self.filter_bar.bottom + px(8, scale)
            panel(ctx, surface, pygame.Rect(self.filter_bar.left, line_y, self.filter_bar.width,
                                               max(1, px(1, scale))), (232, 190, 84, 70), 0)
            with self.clipped(surface, self.scroller.view.inflate(px(8, scale), px(6, scale))):
                self.content.draw(surface, self.scroller)
            self.scroller.draw_bar(surface, scale)
        self.draw_widgets(surface)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        """No games yet: a fan of card backs and a friendly word."""
        ctx, scale = self.ctx, self.ctx.scale
        center = (self.body.centerx, self.body.centery - px(70, scale))
        back = ctx.art.back(px(70, scale))
        for index in range(3):
            angle = (index - 1) * 14
            image = pygame.transform.rotozoom(back, -angle, 1.0)
            surface.blit(image, image.get_rect(center=(center[0] + (index - 1) * px(34, scale),
                                                       center[1] - px(40, scale) + abs(index - 1) * px(6, scale))))
        self.draw_message(surface, ctx.t("screen.stats.empty_title"), ctx.t("screen.stats.empty_text"),
                          top=center[1] + px(34, scale))
