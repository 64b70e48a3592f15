"""Stepping forwards and backwards through a recorded game on the real table.

The states of the record are computed when shown (``ReplayFrames``: one
action per step forward, a few hundred at most from a kept position for a
step back), so a long match opens at once and costs a bounded amount of
memory.  The table is drawn from the chosen frame, from any seat's point of
view, with the other hands hidden or face up.  A record that breaks the
rules (one not checked) shows its frames up to the problem, then says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import Gift, Play
from game.engine.cards import format_symbols
from game.engine.record import Frame, Games, IllegalAction, Record, RecordError, RecordText, ReplayFrames, parse_record

from .. import theme
from ..intents import Command, Intent, Pointer
from ..scene import Scene
from ..table.hand import HandView
from ..table.layout import TableLayout, table_layout
from ..table.model import TableModel
from ..table.painter import TablePainter
from ..theme import px
from ..widgets import Button, Selector, Toggle, WidgetGroup
from ..zoom import table_zoom

if TYPE_CHECKING:
    from ..context import Context

AUTOPLAY = (0.0, 1.6, 0.9, 0.4)
"""Auto-play: off, then seconds per move (slow, normal, fast)."""
AUTOPLAY_NAMES = ("off", "slow", "normal", "fast")


class ReplayViewerScene(Scene):
    def __init__(self, ctx: Context, record: dict[str, Any] | Games, human_seat: int | None = None,
                 at: tuple[int, int] | None = None) -> None:
        """``record``: decoded JSON, or already parsed (a long import is parsed off the frame loop).

        ``human_seat``: the player's own seat in that game (named "You"), the first view; ``at``: the
        moment shown first, (game, action) as in ``Frame`` (-1: the start of that game).
        """
        super().__init__(ctx)
        self.error = ""
        self.frames: ReplayFrames | list[Frame] = []
        try:
            self.frames = ReplayFrames(record if isinstance(record, (Record, RecordText)) else parse_record(record))
        except RecordError as error:
            self.error = str(error)
        self.limit = len(self.frames)
        """Frames that can be shown: all, or those before one that breaks the rules."""
        self.index = 0
        self._current: Frame | None = self._frame_at(0)
        if at is not None and isinstance(self.frames, ReplayFrames) and 0 <= at[0] < len(self.frames.starts):
            self.go(self.frames.starts[at[0]] + at[1] + 1)
        self.human_seat = human_seat
        self.seat = human_seat or 0
        self.show_all = False
        self.painter = TablePainter(ctx)
        self.hand = HandView()
        self._layout: TableLayout | None = None
        def t(key: str, **params: object) -> str:  # looked up when drawn: the language may change
            return ctx.t(key, **params)

        def view_from(seat: int) -> Callable[[], str]:
            return lambda: t("replay.view_from", seat=self.seat_name(seat))

        def autoplay_speed(name: str) -> Callable[[], str]:
            return lambda: t("replay.autoplay", speed=t(f"replay.autoplay.{name}"))

        self.widgets = WidgetGroup()
        self.back_button = self.widgets.add(Button(lambda: t("button.back"), self.close, style="secondary",
                                                   size=theme.FONT_BODY))
        self.prev_button = self.widgets.add(Button("◀", lambda: self.step(-1), enabled=lambda: self.index > 0))
        self.next_button = self.widgets.add(Button("▶", lambda: self.step(1),
                                                   enabled=lambda: self.index < self.limit - 1))
        self.all_toggle = self.widgets.add(Toggle(lambda: t("replay.all_hands"), lambda: self.show_all,
                                                  self._set_all))
        players = self._current.game.n if self._current else 1
        self.seat_selector = self.widgets.add(Selector(
            [(s, view_from(s)) for s in range(players)], lambda: self.seat,
            self._set_seat))
        self.autoplay_selector = self.widgets.add(Selector(
            [(interval, autoplay_speed(name)) for interval, name in zip(AUTOPLAY, AUTOPLAY_NAMES)],
            lambda: self.autoplay, self._set_autoplay))
        self.autoplay = 0.0
        """Seconds between two moves while playing on by itself (0: stepping by hand)."""
        self._since_move = 0.0
        self.widgets.focus = -1

    def _set_autoplay(self, interval: float) -> None:
        self.autoplay = interval
        self._since_move = 0.0
        if interval and self.index >= self.limit - 1:
            self.go(0)  # playing on from the end starts again

    def update(self, dt: float) -> None:
        if not self.autoplay:
            return
        self._since_move += dt
        if self._since_move >= self.autoplay:
            self._since_move = 0.0
            self.step(1)
            if self.index >= self.limit - 1:
                self.autoplay = 0.0

    def frame_rate(self) -> float:
        return 10.0 if self.autoplay else 0.0

    def _set_all(self, value: bool) -> None:
        self.show_all = value

    def _set_seat(self, seat: int) -> None:
        self.seat = seat
        self._layout = None

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    def step(self, direction: int) -> None:
        self.go(self.index + direction)

    def go(self, index: int) -> None:
        """Show frame ``index`` (kept within the frames that can be shown)."""
        index = max(0, min(self.limit - 1, index))
        frame = self._frame_at(index)
        if frame is not None:
            self.index, self._current = index, frame
        elif index > 0:
            self.go(index - 1)  # the frame just found to break the rules: show the one before

    def _frame_at(self, index: int) -> Frame | None:
        """Frame ``index``, or None after noting that the record breaks the rules there."""
        if not 0 <= index < self.limit:
            return None
        try:
            return self.frames[index]
        except (RecordError, IllegalAction) as error:
            self.error = str(error.reason if isinstance(error, IllegalAction) else error)
            self.limit = index
            self.autoplay = 0.0
            return None

    @property
    def frame(self) -> Frame | None:
        """The frame shown (its game is the frames' own: read it, never change it)."""
        return self._current

    def layout(self, size: tuple[int, int]) -> None:
        frame = self.frame
        n = frame.game.n if frame else 4
        rules = frame.game.rules if frame else None
        stock, pile = bool(rules and rules.hand_size), bool(rules and rules.pile_draw)
        zoom = table_zoom(size, n, stock, pile, self.ctx.settings.ui_scale)
        self._layout = layout = table_layout(size, n, self.seat, stock=stock, pile=pile, zoom=zoom / 100)
        scale = layout.scale
        for widget in self.widgets.widgets:
            widget.scale = scale
        bar = layout.top_bar
        self.back_button.rect = pygame.Rect(px(10, scale), bar.top + px(6, scale), px(110, scale),
                                            bar.height - px(10, scale))
        area = layout.buttons
        half = (area.height - px(8, scale)) // 2
        self.prev_button.rect = pygame.Rect(area.left, area.top, area.width // 2 - px(4, scale), half)
        self.next_button.rect = pygame.Rect(area.centerx + px(4, scale), area.top, area.width // 2 - px(4, scale), half)
        self.seat_selector.rect = pygame.Rect(area.left, area.top + half + px(8, scale), area.width, half)
        toggles = layout.toggles
        self.all_toggle.rect = pygame.Rect(toggles.left, toggles.top, toggles.width, toggles.height // 2)
        self.autoplay_selector.rect = pygame.Rect(toggles.left, toggles.top + toggles.height // 2, toggles.width,
                                                  toggles.height // 2 - px(2, scale))

    def handle(self, intent: Intent) -> None:
        """Clicks reach the controls; the keys step (← →), play or pause (Space) and leave (Esc); Tab reaches the
        controls by the keyboard."""
        if isinstance(intent, Pointer):
            self.widgets.handle(intent)
            self.widgets.focus = -1
            return
        if isinstance(intent, Command):
            if self._focused_control(intent):
                return
            if intent.name == "left":
                self.autoplay = 0.0
                self.step(-1)
            elif intent.name == "right":
                self.autoplay = 0.0
                self.step(1)
            elif intent.name in ("toggle", "confirm"):
                self._set_autoplay(0.0 if self.autoplay else AUTOPLAY[2])
            elif intent.name in ("menu", "back"):
                self.close()

    def _focused_control(self, intent: Command) -> bool:
        """Tab reaches the controls one after another; Enter (or Space) uses the one reached, ← → change a
        selector reached.  Until Tab is pressed, the keys step and play the replay."""
        group = self.widgets
        if intent.name in ("tab", "backtab"):
            group.move_focus(1 if intent.name == "tab" else -1)
            return True
        if not 0 <= group.focus < len(group.widgets):
            return False
        focused = group.widgets[group.focus]
        if intent.name in ("confirm", "toggle"):
            focused.activate()
            return True
        if intent.name in ("left", "right") and isinstance(focused, Selector):
            return focused.step(-1 if intent.name == "left" else 1)
        return False

    def seat_name(self, seat: int) -> str:
        """The names the table used: "You", and the computers numbered from the player's left."""
        if self.human_seat is None:
            return self.ctx.t("replay.seat", n=seat + 1)  # an imported record: whose it was is unknown
        if seat == self.human_seat:
            return self.ctx.t("seat.you")
        n = self._current.game.n if self._current else 1
        return self.ctx.t("seat.cpu", n=(seat - self.human_seat) % n)

    def _describe(self, frame: Frame) -> str:
        t = self.ctx.t
        if frame.action_index < 0:
            return t("table.game_no", index=frame.game_index + 1)
        entry = frame.game.history[-1]
        if isinstance(entry, Gift):  # cards handed on (7渡し) or discarded (10捨て)
            return f"{self.seat_name(entry.giver)}: {format_symbols(entry.cards)}"
        what = format_symbols(entry.move.cards) if isinstance(entry.move, Play) else t("button.pass")
        return f"{self.seat_name(entry.seat)}: {what}"

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        if self._layout is None or self._layout.size != ctx.size:
            self.layout(ctx.size)
        layout = self._layout
        assert layout is not None
        scale = layout.scale
        surface.blit(self.painter.felt(layout.size), (0, 0))
        frame = self.frame
        if frame is None:
            self.painter.message(surface, self.error, (layout.size[0] // 2, layout.size[1] // 2), scale, theme.RED)
            self.widgets.draw(surface, ctx)
            return
        game = frame.game
        model = TableModel.of(game, self.seat)
        self.hand.set_hand(model.hand)
        for seat, spot in layout.spots.items():
            state = model.seats[seat]
            stock = ctx.t("table.stock", count=state.stock) if game.rules.hand_size else None
            name = self.seat_name(seat)
            self.painter.seat(surface, layout, spot, state, name, "", seat == game.turn and not game.over, stock)
            if self.show_all:
                self.painter.open_fan(surface, layout, spot, game.hands[seat])
        self.painter.trick(surface, layout, model)
        self.painter.trick_label(surface, layout, model, self.seat_name)
        self.painter.indicators(surface, layout, model)
        self.painter.hand(surface, layout, self.hand, 0, 0, False)
        lines = [(self._describe(frame), theme.GOLD, 255)]
        if self.error and self.index == self.limit - 1:
            lines.append((self.error, theme.RED, 255))
        counter = f"{self.index + 1} / {self.limit}"
        ctx.text.draw(surface, counter, (self.back_button.rect.right + px(14, scale), layout.top_bar.centery),
                      px(theme.FONT_SMALL + 1, scale), theme.CREAM, anchor="midleft", shadow=True)
        if game.result is not None:
            places = ", ".join(
                ctx.t(f"place.{i + 1}") + " " + self.seat_name(s) for i, s in enumerate(game.result.places)
            )
            lines.append((places, theme.CREAM, 255))
        self.painter.messages(surface, layout, lines)
        self.widgets.draw(surface, ctx)
