"""The settings screen: language, sound, music, animation speed, card colours, play aids, fullscreen.

Every change is applied at once and saved through ``ctx.update_settings``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.storage.settings import ANIMATION_SPEEDS, DROP_TIMEOUTS, TURN_TIMERS, UI_SCALES

from .. import theme
from ..theme import px
from ..widgets import Button, Selector, Slider, Toggle, Widget
from .drawing import tr
from .forms import FormRow, draw_rows, layout_rows
from .menu_screen import MenuScreen

if TYPE_CHECKING:
    from ..context import Context

LANGUAGE_NAMES = (("ja", "日本語"), ("en", "English"))
"""Each language by its own name."""
CONTROL_W = 300


class SettingsScene(MenuScreen):
    title_key = "settings.title"
    max_body_w = 780

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.rows: list[FormRow] = [
            FormRow("language", tr(ctx, "settings.language"),
                    Selector(LANGUAGE_NAMES, lambda: ctx.settings.language, self._set_language)),
            FormRow("sound", tr(ctx, "settings.sound"), self._toggle("sound")),
            FormRow("music", tr(ctx, "settings.music"), self._toggle("music")),
            FormRow("volume", lambda: ctx.t("settings.volume") + f"  {round(ctx.settings.volume * 100)}%",
                    Slider(lambda: ctx.settings.volume, self._set_volume), inset=16),
            FormRow("animation", tr(ctx, "settings.animation"),
                    Selector([(speed, tr(ctx, f"settings.animation.{speed}")) for speed in ANIMATION_SPEEDS],
                             lambda: ctx.settings.animation_speed,
                             lambda v: ctx.update_settings(animation_speed=v))),
            FormRow("four_color", tr(ctx, "settings.card_colours"),
                    Selector([(False, tr(ctx, "settings.card_colours.classic")),
                              (True, tr(ctx, "settings.card_colours.four"))],
                             lambda: ctx.settings.four_color, lambda v: ctx.update_settings(four_color=v))),
            FormRow("dim", tr(ctx, "settings.dim"), self._toggle("dim_unplayable")),
            FormRow("reduce_effects", tr(ctx, "settings.reduce_effects"), self._toggle("reduce_effects")),
            FormRow("auto_pass", tr(ctx, "settings.auto_pass"), self._toggle("auto_pass")),
            FormRow("slow_mode", tr(ctx, "settings.slow_mode"), self._toggle("slow_mode")),
            FormRow("ui_scale", self._scale_label,
                    Selector([(percent, f"{percent}%") for percent in UI_SCALES], lambda: ctx.settings.ui_scale,
                             self._set_scale)),
            FormRow("high_contrast", tr(ctx, "settings.high_contrast"), self._toggle("high_contrast")),
            FormRow("rule_help", tr(ctx, "settings.rule_help"), self._toggle("rule_help")),
            FormRow("rule_help_muted", self._muted_label,
                    Button(tr(ctx, "settings.rule_help_reset.button"), lambda: ctx.update_settings(rule_help_muted=()),
                           style="secondary", enabled=lambda: bool(ctx.settings.rule_help_muted),
                           size=theme.FONT_BODY)),
            FormRow("turn_timer", tr(ctx, "settings.turn_timer"),
                    Selector([(v, self._seconds(v)) for v in TURN_TIMERS], lambda: ctx.settings.turn_timer,
                             lambda v: ctx.update_settings(turn_timer=v))),
            FormRow("drop_timeout", tr(ctx, "settings.drop_timeout"),
                    Selector([(v, self._seconds(v)) for v in DROP_TIMEOUTS], lambda: ctx.settings.drop_timeout,
                             lambda v: ctx.update_settings(drop_timeout=v))),
            FormRow("fullscreen", tr(ctx, "settings.fullscreen"),
                    Toggle(self._on_off(lambda: ctx.settings.fullscreen), lambda: ctx.settings.fullscreen,
                           lambda _: ctx.nav.toggle_fullscreen())),
        ]
        self.widgets.add(self.back_button)
        for row in self.rows:
            if row.control is not None:
                self.widgets.add(row.control)
        self.widgets.focus = 1

    def _seconds(self, value: int) -> Callable[[], str]:
        ctx = self.ctx
        return lambda: ctx.t("settings.off") if value == 0 else ctx.t("settings.seconds", n=value)

    def _on_off(self, get: Callable[[], bool]) -> Callable[[], str]:
        ctx = self.ctx
        return lambda: ctx.t("settings.on") if get() else ctx.t("settings.off")

    def _toggle(self, name: str) -> Toggle:
        ctx = self.ctx

        def get() -> bool:
            return bool(getattr(ctx.settings, name))

        def set_(value: bool) -> None:
            ctx.update_settings(**{name: value})

        return Toggle(self._on_off(get), get, set_)

    def _set_language(self, language: str) -> None:
        self.ctx.update_settings(language=language)
        self.layout(self.ctx.size)

    def _muted_label(self) -> str:
        return self.ctx.t("settings.rule_help_reset", count=len(self.ctx.settings.rule_help_muted))

    def _scale_label(self) -> str:
        """The row's name, and the size in force when the window cannot take the one chosen."""
        ctx = self.ctx
        wanted = ctx.settings.ui_scale
        used = round(ctx.zoom * 100)
        if used == wanted:
            return ctx.t("settings.ui_scale")
        return ctx.t("settings.ui_scale") + "  —  " + ctx.t("settings.ui_scale.clamped", wanted=wanted, used=used)

    def _set_scale(self, percent: int) -> None:
        """Everything is laid out again at the new size (this screen first)."""
        self.ctx.update_settings(ui_scale=percent)
        self.ctx.stack.relayout(self.ctx.size)

    def _set_volume(self, volume: float) -> None:
        self.ctx.update_settings(volume=round(volume, 2))

    def control(self, key: str) -> Widget:
        """The control of one row (for tests)."""
        row = next(r for r in self.rows if r.key == key)
        assert row.control is not None
        return row.control

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        scale = self.ctx.scale
        pad = px(28, scale)
        view = self.body.inflate(-2 * pad, -2 * pad)
        view.height -= px(26, scale)
        self.scroller.clear()
        height = layout_rows(self.scroller, self.rows, view.width, scale, control_w=px(CONTROL_W, scale))
        note_h = px(26, scale)
        wanted = height + 2 * pad + note_h
        if wanted < self.body.height:
            self.body.height = wanted
            view.height = height
        self.scroller.reset(view, height)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        self.draw_frame(surface)
        with self.clipped(surface, self.scroller.view.inflate(px(10, scale), px(10, scale))):
            draw_rows(ctx, surface, self.scroller, self.rows, scale, control_w=px(CONTROL_W, scale))
            self._draw_suits(surface, scale)
        self.draw_widgets(surface)
        self.scroller.draw_bar(surface, scale)
        ctx.text.draw(surface, ctx.t("screen.settings.saved"),
                      (self.body.centerx, self.body.bottom - px(22, scale)), px(theme.FONT_SMALL, scale),
                      theme.MUTED)

    def _draw_suits(self, surface: pygame.Surface, scale: float) -> None:
        """A preview of the suit colours left of the card colours' choice."""
        control = self.control("four_color")
        size = px(22, scale)
        x = control.rect.left - px(14, scale) - size * 4 - px(10, scale) * 3 - px(6, scale)
        for suit in range(4):
            icon = self.ctx.art.suit_icon(suit, size, four_color=self.ctx.settings.four_color)
            back = pygame.Rect(x, 0, size + px(6, scale), size + px(6, scale))
            back.centery = control.rect.centery
            pygame.draw.rect(surface, theme.CREAM, back, border_radius=px(5, scale))
            surface.blit(icon, icon.get_rect(center=back.center))
            x += size + px(10, scale)
