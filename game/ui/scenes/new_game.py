"""The new game screen: rules (six presets or Custom), players, computer strength, turn order, match length.

The left panel lists the modes, each with its one-line description; the right
panel holds the options of the chosen mode and, for Custom, every rule switch
with a "?" that explains it.  Whatever the choices, the rule set is built with
``preset_rules``; a combination the engine refuses disables Start and its
message is shown next to it.  For the UECda rules a seat may be an external
tournament program, started from the command line typed here; a command line
the player did not type in this visit of the screen (remembered from before)
is shown for confirmation before it runs (``App.start_match``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import replace
from enum import Enum
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.rules import (
    PRESET_IDS,
    PRESETS,
    SWITCH_NAMES,
    PresetId,
    RuleError,
    RuleSet,
    preset_rules,
    switch_kind,
)
from game.lessons.catalog import lesson_for_mode
from game.levels import LEVELS, Level
from game.setups import (
    MAX_COMMAND_CHARS,
    SeatKind,
    SeatSpec,
    SessionSetup,
    command_problem,
    external_seats_allowed,
    fresh_seed,
    valid_setup,
)

from .. import theme
from ..theme import px
from ..widgets import Button, Selector, TextField, Toggle, Widget
from .dialogs import MessageDialog
from .drawing import ERROR_TEXT, draw_lines, fit_text, panel, section_title, tr, wrap_text
from .forms import FormRow, HelpButton, SelectRow, draw_rows, layout_rows
from .menu_screen import MenuScreen

if TYPE_CHECKING:
    from ..context import Context

CUSTOM = "custom"
MODES = (*PRESET_IDS, CUSTOM)
CUSTOM_BASE = "standard"
"""Custom rules start from this preset."""
PER_SEAT = "per_seat"
EXTERNAL = SeatKind.EXTERNAL.value
"""The seat-level choice that makes a seat an external program."""
EXTERNAL_FALLBACK = Level.NORMAL
"""The level that replaces an external program that fails."""
MAX_COMMANDS = 8
"""External command lines remembered in the settings (the most recent last)."""
GAME_CHOICES: dict[str, tuple[int | None, ...]] = {
    "standard": (1, 3, 5, 10, 20),
    "classic": (1, 3, 5, 10, 20),
    "uecda": (1, 3, 5, 10, 20, 50, 100),
    "duel5": (None, 1, 3, 5, 7, 10),
    CUSTOM: (1, 3, 5, 10, 20),
}
"""Match lengths offered where the preset lets the player choose (None: until the player stops)."""
SWITCH_CHOICES: dict[str, tuple[int, ...]] = {
    "jokers": (0, 1, 2),
    "sequence_min": (3, 4, 5, 6),
    "revolution_sequence": (0, 4, 5, 6, 7, 8),
    "hand_size": (0, 3, 4, 5, 6, 7, 8, 9, 10),
}
"""The values offered for the whole-number switches (sensible parts of their ranges)."""
LEFT_W = 420
CONTROL_W = 270
CARD_H = 58


def rule_message(t: Callable[..., str], error: RuleError) -> str:
    """The engine's refusal of a rule combination in the player's language."""
    params = error.params
    if error.code == "pile_draw_players":
        return t("screen.new.err_pile_draw", n=params["most"])
    if error.code == "hand_size":
        return t("screen.new.err_hand_size", size=params["size"], players=params["players"])
    if error.code == "pile_and_hand":
        return t("screen.new.err_pile_hand")
    if error.code == "handoff_and_stock":
        return t("screen.new.err_handoff_stock")
    return t("screen.new.err_other", detail=str(error))


def games_label(t: Callable[..., str], games: int | None) -> str:
    if games is None:
        return t("new.length_open")
    return t("screen.new.games_1") if games == 1 else t("screen.new.games_n", n=games)


def players_label(t: Callable[..., str], low: int, high: int) -> str:
    if low == high:
        return t("screen.new.players_n", n=low)
    return t("screen.new.players_range", low=low, high=high)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


class NewGameScene(MenuScreen):
    title_key = "new.title"
    footer_h = 70
    max_body_w = 1200

    def __init__(self, ctx: Context, server: tuple[str, int, str] | None = None) -> None:
        super().__init__(ctx)
        self.server = server
        """(address, port, the player's name): the table is created on that server (a dedicated one), not played
        here or hosted by this copy."""
        self.mode = "standard"
        self.players = {mode: PRESETS[CUSTOM_BASE if mode == CUSTOM else mode].default_players for mode in MODES}
        self.games: dict[str, int | None] = {
            mode: PRESETS[CUSTOM_BASE if mode == CUSTOM else mode].match_end.games for mode in MODES}
        self.level = "normal"
        self.seat_levels = ["normal"] * 7
        self.commands = [""] * 7
        self.typed: set[int] = set()
        """Seats whose command line the player has typed on this visit of the screen."""
        self.first = 0
        self.custom: dict[str, Any] = preset_rules(CUSTOM_BASE).switches()
        self._restore(valid_setup(ctx.settings.last_setup))
        self.problem: str | None = None
        self.rows: list[FormRow] = []
        self.cards: dict[str, SelectRow] = {}
        self.card_lines: dict[str, list[str]] = {}
        self.card_text = (px(theme.FONT_SMALL, ctx.scale), round(px(theme.FONT_SMALL, ctx.scale) * 1.3))
        """The size and line height of the mode cards' descriptions."""
        self.keyed: dict[str, Widget] = {}
        self.glance: list[tuple[str, pygame.Rect, bool]] = []
        """The local rules' chips: (name, place in the content, in play)."""
        self.description: list[str] = []
        self.glance_top = 0
        self.glance_off_top = 0
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.rules_button = Button(lambda: ctx.t("screen.new.view_rules"), self.view_rules, style="secondary",
                                   enabled=lambda: self.rules() is not None, size=theme.FONT_BODY)
        self.start_button = Button(lambda: ctx.t("friends.create_table" if server else "button.start"),
                                   self.host if server else self.start, enabled=lambda: self.problem is None)
        self.lesson_button = Button(lambda: ctx.t("new.lesson_open"), self.lesson, style="secondary",
                                    size=theme.FONT_BODY)
        self.host_button = Button(lambda: ctx.t("friends.host"), self.host, style="secondary",
                                  enabled=lambda: self.problem is None, size=theme.FONT_BODY)
        self.host_button.visible = server is None
        self.host_saved_button = Button(lambda: ctx.t("friends.host_saved"), lambda: ctx.nav.host_saved_match(),
                                        style="secondary", size=theme.FONT_SMALL)
        self.host_saved_button.visible = server is None and ctx.nav.saved_hosted_match() is not None
        self._dirty = True
        self._rebuild(focus="mode:" + self.mode)

    # --- state -------------------------------------------------------------------------

    def _restore(self, setup: SessionSetup | None) -> None:
        """Start from the last setup the player used."""
        if setup is None:
            return
        custom = setup.preset == CUSTOM_BASE and bool(setup.overrides)
        mode = CUSTOM if custom else setup.preset
        if mode not in MODES:
            return
        self.mode = mode
        self.players[mode] = setup.players
        if custom:
            with contextlib.suppress(RuleError):
                self.custom = preset_rules(CUSTOM_BASE, setup.players, setup.overrides).switches()
        if PRESETS[setup.preset].match_end.choosable and setup.games in GAME_CHOICES.get(mode, ()):
            self.games[mode] = setup.games
        self.first = 1 if setup.first_leader == 1 else 0
        kinds = [EXTERNAL if s.kind == EXTERNAL else s.level for s in setup.seats[1:]]
        for index, seat in enumerate(setup.seats[1:], start=1):
            self.seat_levels[index] = EXTERNAL if seat.kind == EXTERNAL else seat.level
            self.commands[index] = seat.command
        if len(set(kinds)) == 1 and kinds[0] != EXTERNAL:
            self.level = kinds[0]
            self.seat_levels = [kinds[0]] * 7
        elif kinds:
            self.level = PER_SEAT

    @property
    def preset(self) -> str:
        return CUSTOM_BASE if self.mode == CUSTOM else self.mode

    @property
    def player_count(self) -> int:
        info = PRESETS[self.preset]
        return min(info.max_players, max(info.min_players, self.players[self.mode]))

    def overrides(self) -> dict[str, Any]:
        if self.mode != CUSTOM:
            return {}
        base = preset_rules(CUSTOM_BASE, self.player_count).switches()
        return {name: value for name, value in self.custom.items() if base.get(name) != value}

    def seat_spec(self, index: int) -> SeatSpec:
        if self.level != PER_SEAT:
            return SeatSpec(SeatKind.COMPUTER, Level(self.level))
        level = self.seat_level(index)
        if level == EXTERNAL:
            return SeatSpec(SeatKind.EXTERNAL, EXTERNAL_FALLBACK, self.commands[index].strip())
        return SeatSpec(SeatKind.COMPUTER, Level(level) if level in LEVELS else Level.NORMAL)

    def build(self) -> tuple[SessionSetup | None, str | None]:
        """The setup the choices describe, or None and the reason it cannot be played."""
        t = self.ctx.t
        players = self.player_count
        try:
            rules = preset_rules(self.preset, players, self.overrides())
        except RuleError as error:
            return None, rule_message(t, error)
        seats = (SeatSpec(SeatKind.HUMAN), *(self.seat_spec(i) for i in range(1, players)))
        for index, seat in enumerate(seats):
            if seat.kind == EXTERNAL and not seat.command:
                return None, t("screen.new.need_command", seat=t("seat.cpu", n=index))
        games = self.games[self.mode] if rules.info.match_end.choosable else None
        setup = SessionSetup(PresetId(self.preset), players, seats, self.overrides(), games,
                             self.first if players == 2 else None, seed=0)
        return setup, None

    def rules(self) -> RuleSet | None:
        try:
            return preset_rules(self.preset, self.player_count, self.overrides())
        except RuleError:
            return None

    # --- actions -----------------------------------------------------------------------

    def host(self) -> None:
        """Host a table for friends with these rules (the computers' level for the seats nobody takes), or create
        it on the chosen server."""
        setup, problem = self.build()
        if setup is None:
            self.problem = problem
            return
        level = self.level if self.level in LEVELS else Level.NORMAL.value
        if self.server is not None:
            address, port, name = self.server
            self.ctx.nav.create_table(address, port, name, setup, level)
        else:
            self.ctx.nav.host_table(setup, level)

    def start(self) -> None:
        setup, problem = self.build()
        if setup is None:
            self.problem = problem
            return
        used = [seat.command for seat in setup.seats if seat.kind == EXTERNAL]
        if used:
            commands = [c for c in self.ctx.settings.external_commands if c not in used] + used
            self.ctx.update_settings(external_commands=tuple(commands[-MAX_COMMANDS:]))
        self.ctx.chosen_programs.update(
            seat.command for index, seat in enumerate(setup.seats) if seat.kind == EXTERNAL and index in self.typed)
        try:
            self.ctx.nav.start_match(replace(setup, seed=fresh_seed()))
        except RuleError as error:
            self.problem = rule_message(self.ctx.t, error)

    def lesson(self) -> None:
        """The short lesson of the chosen mode (the house rules for Custom)."""
        self.ctx.nav.start_lesson(lesson_for_mode(self.mode).id)

    def view_rules(self) -> None:
        rules = self.rules()
        if rules is not None:
            self.ctx.nav.show_rules(rules)

    def is_mode(self, mode: str) -> bool:
        return self.mode == mode

    def select_mode(self, mode: str) -> None:
        if mode != self.mode:
            self.mode = mode
            self._dirty = True

    def _set_first(self, first: int) -> None:
        self.first = first

    def _set_players(self, count: int) -> None:
        self.players[self.mode] = count
        self._dirty = True

    def _set_level(self, level: str) -> None:
        if level == PER_SEAT and self.level != PER_SEAT:
            self.seat_levels = [self.level] * 7
        self.level = level
        self._dirty = True

    def _set_seat(self, index: int, level: str) -> None:
        self.seat_levels[index] = level
        if level == EXTERNAL and not self.commands[index]:
            remembered = [c for c in self.ctx.settings.external_commands if command_problem(c) is None]
            self.commands[index] = remembered[-1] if remembered else ""
            self.typed.discard(index)  # remembered, not typed: shown for confirmation before it runs
        self._dirty = True

    def seat_level(self, index: int) -> str:
        level = self.seat_levels[index]
        return EXTERNAL_FALLBACK if level == EXTERNAL and not external_seats_allowed(self.preset) else level

    def command(self, index: int) -> str:
        return self.commands[index]

    def _set_command(self, index: int, text: str) -> None:
        """What the player typed (at most ``MAX_COMMAND_CHARS``, no control or invisible characters)."""
        kept = "".join(ch for ch in text if command_problem(ch) is None)[:MAX_COMMAND_CHARS]
        self.commands[index] = kept
        self.typed.add(index)

    def _set_switch(self, name: str, value: Any) -> None:
        self.custom[name] = value

    def show_help(self, name: str, button: Widget) -> None:
        self.ctx.stack.push(MessageDialog(self.ctx, tr(self.ctx, f"switch.{name}.name"),
                                          tr(self.ctx, f"switch.{name}.help"), anchor=lambda: button.rect))

    # --- building the widgets ------------------------------------------------------------

    def _rebuild(self, focus: str | None = None) -> None:
        if focus is None:
            focused = self.widgets.widgets[self.widgets.focus] if 0 <= self.widgets.focus < len(
                self.widgets.widgets) else None
            focus = next((k for k, w in self.keyed.items() if w is focused), None)
        self.keyed = {"back": self.back_button}
        self.cards = {}
        for mode in MODES:
            card = SelectRow(self._card_painter(mode), partial(self.select_mode, mode),
                             selected=partial(self.is_mode, mode))
            self.cards[mode] = card
            self.keyed["mode:" + mode] = card
        self.rows = self._option_rows()
        for row in self.rows:
            if row.control is not None:
                self.keyed["row:" + row.key] = row.control
            if row.help is not None:
                self.keyed["help:" + row.key] = row.help
        self.keyed["rules"] = self.rules_button
        self.keyed["host_saved"] = self.host_saved_button
        self.keyed["host"] = self.host_button
        self.keyed["start"] = self.start_button
        self.widgets.clear()
        for widget in self.keyed.values():
            self.widgets.add(widget)
        self.widgets.focus = -1
        if focus in self.keyed:
            self.widgets.focus = self.widgets.widgets.index(self.keyed[focus])
        elif focus is not None and focus.startswith("row:"):
            self.widgets.focus = self.widgets.widgets.index(self.cards[self.mode])
        self._dirty = False
        self.validate()

    def _option_rows(self) -> list[FormRow]:
        info = PRESETS[self.preset]
        rows: list[FormRow] = []
        if self.server is None:  # a lesson is played alone, never at a table on a server
            rows.append(FormRow("lesson", tr(self.ctx, "new.lesson"), self.lesson_button))
        low, high = info.min_players, info.max_players
        if low == high:
            rows.append(FormRow("players", tr(self.ctx, "new.players"),
                                note=tr(self.ctx, "screen.new.players_n", n=low)))
        else:
            rows.append(FormRow("players", tr(self.ctx, "new.players"), Selector(
                [(n, tr(self.ctx, "screen.new.players_n", n=n)) for n in range(low, high + 1)],
                lambda: self.player_count, self._set_players)))
        strengths: list[tuple[Any, Any]] = [(lv, tr(self.ctx, f"level.{lv}")) for lv in LEVELS]
        strengths.append((PER_SEAT, tr(self.ctx, "new.per_seat")))
        rows.append(FormRow("strength", tr(self.ctx, "new.strength"), Selector(strengths, lambda: self.level,
                                                                              self._set_level)))
        if self.level == PER_SEAT:
            seat_options: list[tuple[Any, Any]] = [(lv, tr(self.ctx, f"level.{lv}")) for lv in LEVELS]
            if external_seats_allowed(self.preset):
                seat_options.append((EXTERNAL, tr(self.ctx, "level.external")))
            for index in range(1, self.player_count):
                rows.append(FormRow(f"seat{index}", tr(self.ctx, "seat.cpu", n=index), Selector(
                    seat_options, partial(self.seat_level, index), partial(self._set_seat, index)), indent=1))
                if self.seat_level(index) == EXTERNAL:
                    field = TextField(partial(self.command, index), partial(self._set_command, index),
                                      placeholder=tr(self.ctx, "screen.new.command_hint"))
                    rows.append(FormRow(f"command{index}", tr(self.ctx, "screen.new.command"), field, indent=2,
                                        control_w=CONTROL_W + 150))
        if self.player_count == 2:
            rows.append(FormRow("first", tr(self.ctx, "new.first_second"), Selector(
                [(0, tr(self.ctx, "menu.first")), (1, tr(self.ctx, "menu.second"))], lambda: self.first,
                self._set_first)))
        end = info.match_end
        if end.choosable:
            choices = list(GAME_CHOICES.get(self.mode, (end.games,)))
            if self.games[self.mode] not in choices:
                self.games[self.mode] = end.games
            rows.append(FormRow("games", tr(self.ctx, "new.length"), Selector(
                [(g, self._games_label(g)) for g in choices], lambda: self.games[self.mode],
                self._set_games)))
        elif end.target is not None:
            rows.append(FormRow("games", tr(self.ctx, "new.length"),
                                note=tr(self.ctx, "screen.new.until_points", n=end.target)))
        elif end.games is not None:
            rows.append(FormRow("games", tr(self.ctx, "new.length"), note=tr(self.ctx, "screen.new.fixed_games",
                                                                                   n=end.games)))
        if self.mode == CUSTOM:
            rows.append(FormRow("custom", tr(self.ctx, "new.custom_rules"), heading=True))
            for name in SWITCH_NAMES:
                control = self._switch_control(name)
                help_button = HelpButton(lambda: None)
                help_button.on_click = partial(self.show_help, name, help_button)
                rows.append(FormRow(name, tr(self.ctx, f"switch.{name}.name"), control, help=help_button))
        return rows

    def _games_label(self, games: int | None) -> Callable[[], str]:
        return lambda: games_label(self.ctx.t, games)

    def _set_games(self, games: int | None) -> None:
        self.games[self.mode] = games

    def _switch_control(self, name: str) -> Widget:
        kind = switch_kind(name)
        if kind is bool:
            return Toggle(lambda: self.ctx.t("common.on") if self.custom[name] else self.ctx.t("common.off"),
                          lambda: bool(self.custom[name]), lambda v: self._set_switch(name, v))
        if isinstance(kind, tuple):
            low, high = kind
            values = [v for v in SWITCH_CHOICES.get(name, tuple(range(low, high + 1))) if low <= v <= high]
            if self.custom[name] not in values:
                values = sorted({*values, self.custom[name]})

            def label(v: int) -> Callable[[], str]:
                return lambda: self.ctx.t("common.off") if v == 0 and name != "jokers" else str(v)

            return Selector([(v, label(v)) for v in values], lambda: self.custom[name],
                            lambda v: self._set_switch(name, v))
        assert isinstance(kind, type) and issubclass(kind, Enum)
        return Selector([(e.value, tr(self.ctx, f"switch.{name}.{e.value}")) for e in kind],
                        lambda: _plain(self.custom[name]), lambda v: self._set_switch(name, v))

    def validate(self) -> None:
        _, self.problem = self.build()

    def after_input(self) -> None:
        if self._dirty:
            self._rebuild()
            self.layout(self.ctx.size)
            self.reveal_focus()
        else:
            self.validate()

    # --- layout ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        ctx, scale = self.ctx, self.ctx.scale
        gap = px(20, scale)
        left_w = min(px(LEFT_W, scale), self.body.width * 2 // 5)
        self.left = pygame.Rect(self.body.left, self.body.top, left_w, self.body.height)
        self.right = pygame.Rect(self.left.right + gap, self.body.top, self.body.right - self.left.right - gap,
                                 self.body.height)
        # The mode cards, each description wrapped in full: the largest text size at which all of them fit.
        pad = px(14, scale)
        inner_w = self.left.width - 2 * pad
        top = self.left.top + px(52, scale)
        card_gap = px(6, scale)
        room = self.left.bottom - pad - top - card_gap * (len(MODES) - 1)
        texts = {mode: ctx.t(f"preset.{mode}.line") if mode != CUSTOM else ctx.t("screen.new.custom_line")
                 for mode in MODES}
        text_w = inner_w - px(24, scale)
        for text_size in range(px(theme.FONT_SMALL, scale), max(8, px(theme.FONT_SMALL - 4, scale)) - 1, -1):
            line_h = round(text_size * 1.3)
            self.card_lines = {mode: wrap_text(ctx, text, text_size, text_w) for mode, text in texts.items()}
            heights = {mode: px(CARD_H - 16, scale) + line_h * len(lines) for mode, lines in self.card_lines.items()}
            if sum(heights.values()) <= room:
                break
        else:  # a large text size: the cards give only the names (the chosen mode's description is on the right)
            self.card_lines = {mode: [] for mode in MODES}
            heights = {mode: min(px(CARD_H - 18, scale), max(px(theme.FONT_BODY + 14, scale), room // len(MODES)))
                       for mode in MODES}
        self.card_text = (text_size, line_h)
        y = top
        for mode in MODES:
            self.cards[mode].rect = pygame.Rect(self.left.left + pad, y, inner_w, heights[mode])
            y += heights[mode] + card_gap
        # The options.
        view = pygame.Rect(self.right.left + pad, self.right.top + px(52, scale),
                           self.right.width - 2 * pad - px(14, scale), self.right.height - px(52, scale) - pad)
        self.scroller.clear()
        text = ctx.t(f"preset.{self.mode}.line") if self.mode != CUSTOM else ctx.t("screen.new.custom_line")
        self.description = wrap_text(ctx, text, px(theme.FONT_SMALL + 1, scale), view.width - px(8, scale))
        top = round(px(theme.FONT_SMALL + 1, scale) * 1.4) * len(self.description) + px(16, scale)
        height = layout_rows(self.scroller, self.rows, view.width, scale, control_w=self.control_w(view.width),
                             top=top)
        height = self._layout_glance(height, view.width)
        self.scroller.reset(view, height)
        # The footer.
        button_h = px(52, scale)
        self.start_button.rect = pygame.Rect(0, 0, px(230, scale), button_h)
        self.start_button.rect.midright = (self.footer.right, self.footer.centery)
        self.rules_button.rect = pygame.Rect(0, 0, px(200, scale), px(44, scale))
        self.rules_button.rect.midleft = (self.footer.left, self.footer.centery)
        self.host_button.rect = pygame.Rect(0, 0, px(300, scale), px(44, scale))
        self.host_button.rect.midright = (self.start_button.rect.left - px(16, scale), self.footer.centery)
        self.host_saved_button.rect = pygame.Rect(0, 0, px(260, scale), px(40, scale))
        self.host_saved_button.rect.midright = (self.host_button.rect.left - px(12, scale), self.footer.centery)

    def control_w(self, width: int) -> int:
        """The options' controls: their own width, or less at a large text size so the names beside them show."""
        return min(px(CONTROL_W, self.ctx.scale), round(width * 0.52))

    def _layout_glance(self, top: int, width: int) -> int:
        """Chips naming the local rules in force, then those not in play (below the options of a preset); the new
        content height."""
        self.glance = []
        self.glance_top = top
        self.glance_off_top = top
        rules = self.rules()
        if self.mode == CUSTOM or rules is None:
            return top
        ctx, scale = self.ctx, self.ctx.scale
        size = px(theme.FONT_SMALL, scale)
        on: list[str] = []
        off: list[str] = []
        for name in SWITCH_NAMES:
            kind, value = switch_kind(name), getattr(rules, name)
            if kind is bool:
                (on if value else off).append(ctx.t(f"switch.{name}.name"))
            elif isinstance(kind, tuple) and value and name not in ("jokers", "sequence_min"):
                on.append(f"{ctx.t(f'switch.{name}.name')} {value}")
        chip_h = round(size * 1.9)
        gap = px(8, scale)

        def chips(texts: list[str], y: int, lit: bool) -> int:
            x = 0
            for text in texts:
                w = ctx.text.size(text, size, bold=lit)[0] + px(22, scale)
                if x and x + w > width:
                    x, y = 0, y + chip_h + gap
                self.glance.append((text, pygame.Rect(x, y, w, chip_h), lit))
                x += w + gap
            return y + chip_h

        bottom = chips(on, top + px(60, scale), True)
        if off:  # the house rules this preset leaves out: what tells it from the others
            self.glance_off_top = bottom + px(4, scale)
            bottom = chips(off, self.glance_off_top + px(60, scale), False)
        return bottom + px(6, scale)

    # --- drawing -------------------------------------------------------------------------------

    def _card_painter(self, mode: str) -> Callable[[pygame.Surface, pygame.Rect, bool, bool], None]:
        def paint(surface: pygame.Surface, rect: pygame.Rect, focused: bool, hover: bool) -> None:
            ctx, scale = self.ctx, self.ctx.scale
            t = ctx.t
            selected = self.mode == mode
            radius = px(12, scale)
            if selected:
                panel(ctx, surface, rect, (255, 214, 100, 46), radius, theme.GOLD, px(2, scale))
            else:
                panel(ctx, surface, rect, (255, 255, 255, 26 if hover else 12), radius, (255, 255, 255, 40), 1)
            if focused:
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(6, scale), px(6, scale)), px(2, scale),
                                 border_radius=radius + 3)
            pad = px(12, scale)
            name_size = px(theme.FONT_BODY, scale)
            info = PRESETS[CUSTOM_BASE if mode == CUSTOM else mode]
            badge = players_label(t, info.min_players, info.max_players)
            small = px(theme.FONT_SMALL, scale)
            badge_w = ctx.text.size(badge, small - px(1, scale), bold=True)[0] + px(16, scale)
            name = fit_text(ctx, t(f"preset.{mode}.name"), name_size, rect.width - 3 * pad - badge_w, bold=True)
            compact = not self.card_lines.get(mode)  # the name alone, in the middle of the card
            name_pos = (rect.left + pad, rect.centery if compact else rect.top + px(8, scale))
            ctx.text.draw(surface, name, name_pos, name_size, theme.GOLD if selected else theme.CREAM,
                          anchor="midleft" if compact else "topleft", bold=True, shadow=True)
            chip_rect = pygame.Rect(0, 0, badge_w, round(small * 1.35))
            chip_rect.topright = (rect.right - pad, rect.top + px(9, scale))
            if compact:
                chip_rect.centery = rect.centery
            panel(ctx, surface, chip_rect, (0, 0, 0, 90), chip_rect.height // 2)
            ctx.text.draw(surface, badge, chip_rect.center, small - px(1, scale), theme.MUTED, bold=True)
            size, line_h = self.card_text
            draw_lines(ctx, surface, self.card_lines.get(mode, []), (rect.left + pad, rect.top + px(34, scale)), size,
                       theme.CREAM if selected else theme.MUTED, line_h=line_h)

        return paint

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        t = ctx.t
        server = self.server
        self.draw_frame(surface, t("friends.create.title", server=f"{server[0]}:{server[1]}") if server else None,
                        with_panel=False)
        self.draw_panel(surface, self.left)
        self.draw_panel(surface, self.right)
        pad = px(16, scale)
        section_title(ctx, surface, t("new.mode"), (self.left.left + pad, self.left.top + px(12, scale)),
                      self.left.width - 2 * pad, scale)
        heading = t(f"preset.{self.mode}.name")
        section_title(ctx, surface, t("screen.new.options", mode=heading),
                      (self.right.left + pad, self.right.top + px(12, scale)), self.right.width - 2 * pad, scale)
        with self.clipped(surface, self.scroller.view.inflate(px(12, scale), px(4, scale))):
            size = px(theme.FONT_SMALL + 1, scale)
            top = (self.scroller.view.left + px(4, scale), self.scroller.y(px(5, scale)))
            draw_lines(ctx, surface, self.description, top, size, theme.CREAM, line_h=round(size * 1.4))
            draw_rows(ctx, surface, self.scroller, self.rows, scale, control_w=self.control_w(self.scroller.view.width))
            self._draw_glance(surface, scale)
        self.draw_widgets(surface)
        self.scroller.draw_bar(surface, scale)
        if self.problem:
            size = px(theme.FONT_SMALL + 1, scale)
            right = (self.host_button if self.host_button.visible else self.start_button).rect.left - px(18, scale)
            width = right - self.rules_button.rect.right - px(24, scale)
            lines = wrap_text(ctx, self.problem, size, width)[:3]
            line_h = round(size * 1.3)
            y = self.footer.centery - line_h * len(lines) // 2
            draw_lines(ctx, surface, lines, (right, y), size, ERROR_TEXT, line_h=line_h, anchor="topright",
                       shadow=True)

    def _draw_glance(self, surface: pygame.Surface, scale: float) -> None:
        if not self.glance:
            return
        ctx = self.ctx
        view = self.scroller.view
        headings = [(self.glance_top, "screen.new.glance")]
        if any(not lit for *_, lit in self.glance):
            headings.append((self.glance_off_top, "screen.new.glance_off"))
        for top, key in headings:
            section_title(ctx, surface, ctx.t(key), (view.left + px(4, scale), self.scroller.y(top + px(18, scale))),
                          view.width - px(8, scale), scale)
        size = px(theme.FONT_SMALL, scale)
        for text, rect, lit in self.glance:
            shown = self.scroller.to_screen(rect)
            if lit:
                panel(ctx, surface, shown, (232, 190, 84, 40), shown.height // 2, (232, 190, 84, 150), 1)
            else:
                panel(ctx, surface, shown, (0, 0, 0, 60), shown.height // 2, (255, 255, 255, 40), 1)
            ctx.text.draw(surface, text, shown.center, size, theme.CREAM if lit else theme.MUTED, bold=lit)
