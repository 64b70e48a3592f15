"""The replays screen: recent games, opened in the replay viewer or reviewed, exported to a file, or imported.

The list shows the latest games first, a page at a time (it scrolls within a
page).  A click selects a game, a double click (or Enter on the selected game) opens it.  Review
opens the Expert's review of the player's decisions in it.  Export
writes the selected game's record into the records folder and says where;
import reads a record file (the newest one in the records folder is offered),
checks it with the engine's checker and opens it, or shows the checker's
message.  Reading and checking run off the frame loop (a long match takes a
while to replay); the Import button says so meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.engine.rules import PRESETS, ScoreBy, Title
from game.kinds import CUSTOM, signature
from game.storage.records_io import ImportResult, export_name, export_record, import_record
from game.storage.stats import GameListItem, StatsError

from .. import theme
from ..rule_words import kind_name
from ..table.painter import TITLE_COLORS
from ..tasks import BackgroundTask
from ..theme import px
from ..widgets import Button, TextField
from .dialogs import MessageDialog
from .drawing import chip, fit_text, panel, tr, wrap_text
from .forms import SelectRow
from .menu_screen import MenuScreen

if TYPE_CHECKING:
    from ..context import Context

DOUBLE_CLICK_S = 0.5
PAGE = 50
"""Games per page."""
ROW_H = 46
FOOTER_H = 64
FOOTER_ONE_ROW = 1060
"""The footer's width (at scale 1) that holds its buttons and the import's path field in one row."""
COLUMNS = (0.0, 0.2, 0.45, 0.63, 0.73, 0.86)
"""Where the columns start, as fractions of the list's width: date, rules, players, place, class, points."""


def local_time(iso: str) -> str:
    """A stored UTC time as the player's local date and time."""
    try:
        return datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def newest_record(folder: Path) -> str:
    """The newest ``.json`` file in ``folder`` (the import's default), or ""."""
    try:
        files = [p for p in folder.glob("*.json") if p.is_file()]
    except OSError:
        return ""
    if not files:
        return ""
    try:
        return str(max(files, key=lambda p: p.stat().st_mtime))
    except OSError:
        return ""


class ReplaysScene(MenuScreen):
    title_key = "title.replays"
    footer_h = FOOTER_H
    max_body_w = 1160

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.page = 0
        self.count = 0
        self.items: list[GameListItem] = []
        self.selected: int | None = None
        """The id of the selected game."""
        self.last_click: tuple[int | None, float] = (None, -1.0)
        self.error: str | None = None
        self.path = newest_record(ctx.paths.records_dir)
        self.list_rows: list[SelectRow] = []
        self.list_head = pygame.Rect(0, 0, 0, 0)
        self.import_label = ""
        self.two_rows = False
        """The import's row is under the other buttons (a large text size)."""
        self.open_button = Button(tr(ctx, "screen.replays.open"), self.open_selected,
                                  enabled=self._has_record, size=theme.FONT_BODY)
        self.review_button = Button(tr(ctx, "screen.replays.review"), self.review_selected, style="secondary",
                                    enabled=self._has_record, size=theme.FONT_BODY)
        self.export_button = Button(tr(ctx, "screen.replays.export"), self.export_selected, style="secondary",
                                    enabled=self._has_record, size=theme.FONT_BODY)
        self.prev_button = Button("‹", lambda: self.turn_page(-1), style="secondary",
                                  enabled=lambda: self.page > 0, size=theme.FONT_LABEL)
        self.next_button = Button("›", lambda: self.turn_page(1), style="secondary",
                                  enabled=lambda: (self.page + 1) * PAGE < self.count, size=theme.FONT_LABEL)
        self.path_field = TextField(lambda: self.path, self._set_path,
                                    placeholder=tr(ctx, "screen.replays.path_hint"))
        self.importing: BackgroundTask[ImportResult] | None = None
        """The import under way, read and checked on its own thread."""
        self.import_button = Button(
            lambda: ctx.t("screen.replays.importing" if self.importing is not None else "screen.replays.import"),
            self.import_file, style="secondary",
            enabled=lambda: bool(self.path.strip()) and self.importing is None, size=theme.FONT_BODY,
        )
        self.choose_button = Button(tr(ctx, "screen.replays.choose"), self.choose_file, style="secondary",
                                    enabled=lambda: self.importing is None, size=theme.FONT_BODY)
        self.load()

    # --- data --------------------------------------------------------------------------------

    def load(self) -> None:
        stats = self.ctx.stats
        self.error = None
        self.items = []
        if stats is None:
            self.count = 0
            self.error = self.ctx.t("screen.stats.unavailable")
        else:
            try:
                self.count = stats.count_games()
                self.page = max(0, min(self.page, (self.count - 1) // PAGE))
                self.items = stats.recent_games(PAGE, self.page * PAGE)
            except StatsError as error:
                self.error = self.ctx.t("screen.stats.read_error", detail=str(error))
        if self.selected not in {item.id for item in self.items}:
            self.selected = self.items[0].id if self.items else None
        self._build()

    def _build(self) -> None:
        self.list_rows = [SelectRow(self._painter(item), partial(self.select, item.id),
                                    selected=partial(self.is_selected, item.id), on_activate=self.open_selected,
                                    on_click=partial(self.click_row, item.id))
                          for item in self.items]
        self.widgets.clear()
        for widget in (self.back_button, *self.list_rows, self.open_button, self.review_button, self.export_button,
                       self.prev_button, self.next_button, self.path_field, self.import_button, self.choose_button):
            self.widgets.add(widget)
        self.prev_button.visible = self.next_button.visible = self.count > PAGE
        index = next((i for i, item in enumerate(self.items) if item.id == self.selected), None)
        self.widgets.focus = 1 + index if index is not None else len(self.widgets.widgets) - 1

    def _item(self) -> GameListItem | None:
        return next((item for item in self.items if item.id == self.selected), None)

    def _has_record(self) -> bool:
        item = self._item()
        return item is not None and item.has_record

    def _set_path(self, text: str) -> None:
        self.path = text

    # --- actions ---------------------------------------------------------------------------------

    def select(self, game_id: int) -> None:
        self.selected = game_id

    def is_selected(self, game_id: int) -> bool:
        return self.selected == game_id

    def click_row(self, game_id: int) -> None:
        """A click selects a game; a second click on it soon after opens it."""
        double = self.selected == game_id and self.clock - self.last_click[1] < DOUBLE_CLICK_S \
            and self.last_click[0] == game_id
        self.selected = game_id
        self.last_click = (game_id, self.clock)
        if double:
            self.last_click = (None, -1.0)
            self.open_selected()

    def turn_page(self, step: int) -> None:
        self.page = max(0, self.page + step)
        self.selected = None
        self.load()
        self.scroller.scroll_to(0, instant=True)
        self.layout(self.ctx.size)

    def _record(self) -> dict[str, object] | None:
        item, stats = self._item(), self.ctx.stats
        if item is None or stats is None:
            return None
        try:
            return stats.game_record(item.id)
        except StatsError as error:
            self._tell(self.ctx.t("screen.stats.read_error", detail=str(error)), error=True)
            return None

    def open_selected(self) -> None:
        record = self._record()
        if record is None:
            if self._item() is not None:
                self._tell(self.ctx.t("screen.replays.no_record"), error=True)
            return
        item, stats = self._item(), self.ctx.stats
        row = stats.game(item.id) if item is not None and stats is not None else None
        self.ctx.nav.show_replay(record, row.human_seat if row is not None else None)

    def review_selected(self) -> None:
        """The Expert's review of the player's decisions in the selected game."""
        record = self._record()
        item, stats = self._item(), self.ctx.stats
        row = stats.game(item.id) if item is not None and stats is not None and record is not None else None
        if record is None or row is None:
            if item is not None:
                self._tell(self.ctx.t("screen.replays.no_record"), error=True)
            return
        self.ctx.nav.show_review(record, row.human_seat)

    def export_selected(self) -> None:
        item = self._item()
        record = self._record()
        if item is None or record is None:
            return
        kind = f"{CUSTOM}-{signature(item.variant)}" if item.variant else item.preset
        target = self.ctx.paths.records_dir / export_name(item.played_at, kind)
        try:
            written = export_record(target, record)
        except (OSError, TypeError, ValueError) as error:
            self._tell(self.ctx.t("screen.replays.export_failed", detail=str(error)), error=True)
            return
        self.path = str(written)
        self._tell(self.ctx.t("screen.replays.exported", path=str(written)), title="screen.replays.export_title")

    def choose_file(self) -> None:
        """Offer the records folder's files; the one chosen is imported."""
        from .record_picker import RecordPickerScene

        self.ctx.stack.push(RecordPickerScene(self.ctx, self.ctx.paths.records_dir, self.import_path))

    def import_path(self, path: Path | str) -> None:
        """Import ``path`` (a file chosen or dropped onto the window)."""
        self.path = str(path)
        self.import_file()

    def import_file(self) -> None:
        """Start reading and checking the file; ``update`` opens it (or says why not) when that is done."""
        text = self.path.strip().strip('"')
        if not text or self.importing is not None:
            return
        path = Path(text).expanduser()
        self.importing = BackgroundTask(lambda: import_record(path), name="import-record")

    def update(self, dt: float) -> None:
        super().update(dt)
        task = self.importing
        if task is None or not task.done:
            return
        self.importing = None
        result = task.result()  # import_record never raises
        if result.parsed is None:
            self._tell(self.ctx.t("screen.replays.import_failed", detail=result.error or ""), error=True,
                       title="screen.replays.import_title")
            return
        self.ctx.nav.show_replay(result.parsed)

    def _tell(self, text: str, *, error: bool = False, title: str = "screen.replays.problem") -> None:
        self.ctx.stack.push(MessageDialog(self.ctx, tr(self.ctx, title), text, error=error))

    # --- layout ------------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        scale = self.ctx.scale
        # One row of buttons in the footer, or two (the import's below) when a large text size leaves the path
        # field too little room.
        self.two_rows = min(size[0] - px(72, scale), px(self.max_body_w, scale)) < px(FOOTER_ONE_ROW, scale)
        self.footer_h = FOOTER_H * 2 - 10 if self.two_rows else FOOTER_H
        self.frame(size)
        pad = px(22, scale)
        self.list_head = pygame.Rect(self.body.left + pad, self.body.top + px(14, scale),
                                     self.body.width - 2 * pad - px(14, scale), px(30, scale))
        pager_h = px(46, scale) if self.count > PAGE else 0
        view = pygame.Rect(self.list_head.left, self.list_head.bottom + px(6, scale), self.list_head.width,
                           self.body.bottom - pad - pager_h - self.list_head.bottom - px(6, scale))
        self.scroller.clear()
        row_h, gap = px(ROW_H, scale), px(5, scale)
        for index, row in enumerate(self.list_rows):
            self.scroller.place(row, pygame.Rect(0, index * (row_h + gap), view.width, row_h))
        self.scroller.reset(view, max(0, len(self.list_rows) * (row_h + gap) - gap))
        button_h = px(44, scale)
        self.prev_button.rect = pygame.Rect(0, 0, px(48, scale), px(36, scale))
        self.next_button.rect = self.prev_button.rect.copy()
        self.prev_button.rect.bottomright = (self.body.centerx - px(70, scale), self.body.bottom - px(10, scale))
        self.next_button.rect.bottomleft = (self.body.centerx + px(70, scale), self.body.bottom - px(10, scale))
        footer = self.footer
        top_row = footer.top + button_h // 2 if self.two_rows else footer.centery
        import_row = footer.bottom - button_h // 2 if self.two_rows else footer.centery
        self.open_button.rect = pygame.Rect(footer.left, 0, px(150, scale), button_h)
        self.review_button.rect = pygame.Rect(self.open_button.rect.right + px(12, scale), 0, px(140, scale),
                                              button_h)
        self.export_button.rect = pygame.Rect(self.review_button.rect.right + px(12, scale), 0, px(140, scale),
                                              button_h)
        self.choose_button.rect = pygame.Rect(0, 0, px(120, scale), button_h)
        self.choose_button.rect.right = footer.right
        self.import_button.rect = pygame.Rect(0, 0, px(130, scale), button_h)
        self.import_button.rect.right = self.choose_button.rect.left - px(8, scale)
        small = px(theme.FONT_SMALL, scale)
        self.import_label = fit_text(self.ctx, self.ctx.t("screen.replays.import_label"), small, px(220, scale))
        row_left = footer.left if self.two_rows else self.export_button.rect.right + px(24, scale)
        field_left = row_left + px(10, scale) + self.ctx.text.size(self.import_label, small)[0]
        self.path_field.rect = pygame.Rect(field_left, 0, max(px(60, scale), self.import_button.rect.left
                                                              - px(10, scale) - field_left), button_h - px(4, scale))
        for button in (self.open_button, self.review_button, self.export_button):
            button.rect.centery = top_row
        for widget in (self.import_button, self.choose_button, self.path_field):
            widget.rect.centery = import_row

    # --- drawing -------------------------------------------------------------------------------------

    def _columns(self, width: int) -> list[int]:
        return [round(width * c) for c in COLUMNS]

    def _painter(self, item: GameListItem) -> Callable[[pygame.Surface, pygame.Rect, bool, bool], None]:
        def paint(surface: pygame.Surface, rect: pygame.Rect, focused: bool, hover: bool) -> None:
            ctx, scale, t = self.ctx, self.ctx.scale, self.ctx.t
            selected = self.selected == item.id
            radius = px(10, scale)
            if selected:
                panel(ctx, surface, rect, (255, 214, 100, 46), radius, theme.GOLD, px(2, scale))
            else:
                panel(ctx, surface, rect, (255, 255, 255, 24 if hover else 12), radius)
            if focused:
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(4, scale), px(4, scale)), px(2, scale),
                                 border_radius=radius + 2)
            cols = self._columns(rect.width)
            size = px(theme.FONT_BODY - 2, scale)
            color = theme.CREAM if item.has_record else theme.MUTED
            cy = rect.centery
            x0 = rect.left + px(14, scale)

            def cell(index: int, text: str, *, bold: bool = False, tint: tuple[int, ...] = color) -> None:
                right = rect.left + (cols[index + 1] if index + 1 < len(cols) else rect.width) - px(8, scale)
                left = x0 + cols[index]
                ctx.text.draw(surface, fit_text(ctx, text, size, right - left, bold=bold), (left, cy), size, tint,
                              anchor="midleft", bold=bold)

            cell(0, local_time(item.played_at))
            cell(1, kind_name(t, item.preset, item.variant), bold=True, tint=theme.GOLD if selected else color)
            cell(2, f"{t('screen.new.players_n', n=item.players)} · {t(f'level.{item.strength}')}")
            win_loss = item.preset in PRESETS and PRESETS[item.preset].score_by is ScoreBy.WIN
            if win_loss:
                won = item.place == 0
                cell(3, t("result.win") if won else t("result.loss"), bold=True,
                     tint=theme.GOLD if won and item.has_record else color)
            else:
                cell(3, t(f"place.{item.place + 1}"), bold=True)
                try:
                    title = Title(item.title)
                    chip(ctx, surface, t(f"class.{title.value}"), (x0 + cols[4], cy), TITLE_COLORS[title],
                         size=px(theme.FONT_SMALL - 1, scale), anchor="midleft")
                except ValueError:
                    cell(4, item.title)
            signed = item.preset in PRESETS and any(v < 0 for v in PRESETS[item.preset].class_points.values())
            cell(5, f"{item.points:+d}" if signed else str(item.points))
            if not item.has_record:
                small = px(theme.FONT_SMALL - 2, scale)
                chip(ctx, surface, t("screen.replays.no_record_short"), (rect.right - px(10, scale), cy),
                     (60, 78, 70), size=small, anchor="midright", ink=theme.MUTED)

        return paint

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale, t = self.ctx, self.ctx.scale, self.ctx.t
        self.draw_frame(surface)
        if self.items:
            cols = self._columns(self.list_head.width)
            small = px(theme.FONT_SMALL, scale)
            heads = ["screen.replays.date", "new.mode", "new.players", "result.place", "result.class",
                     "result.points"]
            for index, key in enumerate(heads):
                ctx.text.draw(surface, t(key), (self.list_head.left + px(14, scale) + cols[index],
                                                self.list_head.centery), small, theme.MUTED, anchor="midleft")
            self.scroller.draw_bar(surface, scale)
        else:
            self._draw_empty(surface)
        if self.count > PAGE:
            pages = (self.count - 1) // PAGE + 1
            ctx.text.draw(surface, t("screen.replays.page", page=self.page + 1, pages=pages),
                          (self.body.centerx, self.prev_button.rect.centery), px(theme.FONT_BODY - 2, scale),
                          theme.CREAM)
        self.draw_widgets(surface)
        field = self.path_field.rect
        ctx.text.draw(surface, self.import_label, (field.left - px(10, scale), field.centery),
                      px(theme.FONT_SMALL, scale), theme.CREAM, anchor="midright", shadow=True)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        ctx, scale, t = self.ctx, self.ctx.scale, self.ctx.t
        y = self.body.centery - px(60, scale)
        ctx.text.draw(surface, t("screen.replays.empty_title") if self.error is None else t("screen.replays.problem"),
                      (self.body.centerx, y), px(theme.FONT_LABEL, scale), theme.GOLD, bold=True, shadow=True)
        size = px(theme.FONT_BODY - 1, scale)
        y += px(36, scale)
        text = self.error or t("screen.replays.empty_text")
        for line in wrap_text(ctx, text, size, min(self.body.width - px(80, scale), px(720, scale))):
            ctx.text.draw(surface, line, (self.body.centerx, y), size, theme.CREAM, anchor="midtop")
            y += round(size * 1.5)
