"""The rules screen: how to play, then the rules of one game or of each preset.

Given a ``RuleSet`` (from the table's menu or the new game screen) it shows
that game's switches; given None, a selector in the header picks a preset.
For the rule set: its description, classes and points, how a match ends, and
every switch with its value and explanation.  The page scrolls (wheel, up/down,
the scroll bar); left/right change the preset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.engine.rules import PRESET_IDS, SWITCH_NAMES, RuleSet, ScoreBy, Title, preset_rules, switch_kind
from game.setups import valid_setup

from .. import theme
from ..intents import Command, Intent
from ..rule_words import rules_differences, rules_name, switch_value
from ..table.painter import TITLE_COLORS
from ..theme import px
from ..widgets import Selector
from .drawing import ROW_FILL, fit_text, tr, wrap_text
from .menu_screen import MenuScreen
from .scrolling import Content

if TYPE_CHECKING:
    from ..context import Context

OFF_CHIP = (60, 78, 70)


def is_on(name: str, value: Any) -> bool:
    kind = switch_kind(name)
    if kind is bool or isinstance(kind, tuple):
        return bool(value)
    return True


class RulesScene(MenuScreen):
    title_key = "rules.title"
    max_body_w = 1120

    def __init__(self, ctx: Context, rules: RuleSet | None = None) -> None:
        super().__init__(ctx)
        self.given = rules
        last = valid_setup(ctx.settings.last_setup)
        self.preset = rules.preset if rules is not None else (last.preset if last is not None else "standard")
        self.content = Content(ctx)
        self.widgets.add(self.back_button)
        self.selector: Selector | None = None
        if rules is None:
            self.selector = Selector([(p, tr(ctx, f"preset.{p}.name")) for p in PRESET_IDS],
                                     lambda: self.preset, self._set_preset)
            self.widgets.add(self.selector)
            self.widgets.focus = 1
        else:
            self.widgets.focus = 0

    @property
    def rules(self) -> RuleSet:
        return self.given if self.given is not None else preset_rules(self.preset)

    def _set_preset(self, preset: str) -> None:
        self.preset = preset
        self.scroller.scroll_to(0, instant=True)
        self.layout(self.ctx.size)

    # --- input ---------------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Command):
            scale = self.ctx.scale
            if intent.name in ("up", "down"):
                self.scroller.scroll_by(px(80 if intent.name == "down" else -80, scale))
                return
            if intent.name in ("left", "right") and self.selector is not None:
                self.selector.step(-1 if intent.name == "left" else 1)
                return
        super().handle(intent)

    # --- layout ----------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        scale = self.ctx.scale
        if self.selector is not None:
            self.selector.rect = pygame.Rect(0, 0, px(300, scale), px(42, scale))
            self.selector.rect.topright = (size[0] - px(20, scale), px(20, scale))
        pad = px(28, scale)
        view = self.body.inflate(-2 * pad, -2 * pad)
        view.width -= px(10, scale)
        self._build(view.width)
        self.scroller.reset(view, self.content.height)

    def _build(self, width: int) -> None:
        ctx, scale, t = self.ctx, self.ctx.scale, self.ctx.t
        rules = self.rules
        info = rules.info
        content = self.content
        content.clear()
        body = px(theme.FONT_BODY - 1, scale)
        small = px(theme.FONT_SMALL + 1, scale)
        gap = px(26, scale)
        # How to play.
        y = content.heading(t("rules.basics"), (0, 0), width, scale)
        y = content.lines(wrap_text(ctx, t("rules.basics.text"), body, width), (0, y), body, theme.CREAM) + gap
        # This preset: its description, players, match, classes and points.
        name = t(f"preset.{rules.preset}.name")
        changed = ""
        if self.given is not None:  # a custom game is named as one, with what it changes
            name = t("screen.rules.this_game", mode=rules_name(t, rules), n=rules.players)
            changed = rules_differences(t, rules)
        y = content.heading(name, (0, y), width, scale)
        if changed:
            y = content.lines(wrap_text(ctx, changed, body, width, bold=True), (0, y), body, theme.GOLD, bold=True)
        y = content.lines(wrap_text(ctx, t(f"preset.{rules.preset}.line"), body, width), (0, y), body, theme.CREAM)
        facts = [
            (t("new.players"), t("screen.new.players_n", n=rules.players) if self.given is not None else
             (t("screen.new.players_n", n=info.min_players) if info.min_players == info.max_players else
              t("screen.new.players_range", low=info.min_players, high=info.max_players))),
            (t("new.length"), self._match_text()),
            (t("result.points"), self._points_text()),
        ]
        label_w = max(ctx.text.size(label, body, bold=True)[0] for label, _ in facts) + px(24, scale)
        y += px(6, scale)
        for label, value in facts:
            content.text(label, (px(4, scale), y), body, theme.GOLD, bold=True)
            y = content.lines(wrap_text(ctx, value, body, width - label_w), (label_w, y), body, theme.CREAM)
        y += px(10, scale)
        y = self._classes(y, width) + gap
        # The switches, two columns where there is room.
        title = t("rules.switches") if self.given is not None else t("screen.rules.preset_switches")
        y = content.heading(title, (0, y), width, scale)
        columns = 2 if width >= px(760, scale) else 1
        col_gap = px(14, scale)
        col_w = (width - col_gap * (columns - 1)) // columns
        for start in range(0, len(SWITCH_NAMES), columns):
            names = SWITCH_NAMES[start:start + columns]
            blocks = [self._switch_lines(name, col_w) for name in names]
            height = max(px(46, scale) + round(small * 1.4) * len(lines) for lines in blocks)
            for column, (name, lines) in enumerate(zip(names, blocks, strict=True)):
                self._switch_block(name, lines, pygame.Rect(column * (col_w + col_gap), y, col_w, height))
            y += height + px(10, scale)
        content.height = y

    def _match_text(self) -> str:
        t = self.ctx.t
        end = self.rules.info.match_end
        if end.target is not None:
            return t("screen.new.until_points", n=end.target)
        if end.choosable:
            default = t("new.length_open") if end.games is None else t("screen.new.games_n", n=end.games)
            return t("screen.rules.match_choosable", default=default)
        if end.games is not None:
            return t("screen.new.fixed_games", n=end.games)
        return t("new.length_open")

    def _points_text(self) -> str:
        t = self.ctx.t
        info = self.rules.info
        if info.score_by is ScoreBy.WIN:
            return t("screen.rules.points_win")
        if info.score_by is ScoreBy.PLACE:
            return t("screen.rules.points_place", n=self.rules.players)
        signed = any(v < 0 for v in info.class_points.values())
        counts = [self.rules.players] if self.given is not None else range(info.min_players, info.max_players + 1)
        present = {title for count in counts for title in info.titles[count]}
        parts = []
        for title in (title for title in Title if title in present):  # only the classes these games have
            points = info.class_points.get(title, 0)
            shown = f"{points:+d}" if signed and points else str(points)
            parts.append(t("screen.rules.class_points", name=t(f"class.{title.value}"), points=shown))
        return t("screen.rules.points_class", list="・".join(parts) if self.ctx.settings.language == "ja"
                 else ", ".join(parts))

    def _classes(self, y: int, width: int) -> int:
        """Rows of class chips by player count (only this game's count for a given rule set)."""
        ctx, scale, t = self.ctx, self.ctx.scale, self.ctx.t
        content = self.content
        info = self.rules.info
        counts = [self.rules.players] if self.given is not None else list(
            range(info.min_players, info.max_players + 1))
        body = px(theme.FONT_BODY - 1, scale)
        small = px(theme.FONT_SMALL, scale)
        content.text(t("screen.rules.classes"), (px(4, scale), y), body, theme.GOLD, bold=True)
        y += round(body * 1.6)
        label_w = ctx.text.size(t("screen.new.players_n", n=7), body)[0] + px(30, scale)
        row_h = round(small * 2.0)
        for count in counts:
            titles = info.titles[count]
            content.panel(pygame.Rect(0, y - px(3, scale), width, row_h + px(6, scale)), ROW_FILL, px(8, scale))
            content.text(t("screen.new.players_n", n=count), (px(12, scale), y + row_h // 2), body, theme.CREAM,
                         anchor="midleft")
            x = label_w
            for place, title in enumerate(titles):
                text = f"{t(f'place.{place + 1}')} {t(f'class.{title.value}')}"
                rect = content.chip(text, (x, y + row_h // 2), TITLE_COLORS[title], size=small, anchor="midleft")
                x = rect.right + px(8, scale)
                if x > width - px(60, scale):
                    break
            y += row_h + px(10, scale)
        return y

    def _switch_lines(self, name: str, width: int) -> list[str]:
        small = px(theme.FONT_SMALL + 1, self.ctx.scale)
        return wrap_text(self.ctx, self.ctx.t(f"switch.{name}.help"), small, width - px(28, self.ctx.scale))

    def _switch_block(self, name: str, lines: list[str], rect: pygame.Rect) -> None:
        ctx, scale, t = self.ctx, self.ctx.scale, self.ctx.t
        content = self.content
        value = getattr(self.rules, name)
        on = is_on(name, value)
        content.panel(rect, (255, 255, 255, 16 if on else 8), px(10, scale),
                      (232, 190, 84, 90) if on else (255, 255, 255, 30), 1)
        pad = px(14, scale)
        body = px(theme.FONT_BODY, scale)
        small = px(theme.FONT_SMALL + 1, scale)
        chip_size = px(theme.FONT_SMALL, scale)
        chip_rect = content.chip(switch_value(t, name, value), (rect.right - pad, rect.top + px(10, scale)),
                                 theme.GOLD if on else OFF_CHIP, size=chip_size, anchor="topright",
                                 ink=theme.INK if on else theme.MUTED)
        label = t(f"switch.{name}.name")
        label = fit_text(ctx, label, body, chip_rect.left - rect.left - 2 * pad, bold=True)
        content.text(label, (rect.left + pad, rect.top + px(9, scale)), body, theme.CREAM if on else theme.MUTED,
                     bold=True)
        content.lines(lines, (rect.left + pad, rect.top + px(40, scale)), small, theme.CREAM if on else theme.MUTED,
                      line_h=round(small * 1.4))

    # --- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        scale = self.ctx.scale
        self.draw_frame(surface)
        with self.clipped(surface, self.scroller.view.inflate(px(8, scale), px(8, scale))):
            self.content.draw(surface, self.scroller)
        self.draw_widgets(surface)
        self.scroller.draw_bar(surface, scale)
