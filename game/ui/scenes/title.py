"""The title screen: the logo over a fan of swaying cards, and the main menu.

Play starts the last-used setup in one click (a sensible default the first
time), 二人大貧民 the 5-card two-player mode against Normal; 続きから appears at
the top when an autosaved match exists.  Notices about the game's files
(a damaged statistics file set aside...) are shown over it by the app.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine.rules import PresetId
from game.setups import SeatKind, SessionSetup, default_setup, duel_setup, fresh_seed, valid_setup

from .. import theme
from ..intents import Command, Intent, Pointer
from ..scene import Scene
from ..theme import px
from ..widgets import Button, WidgetGroup
from .dialogs import MessageDialog
from .drawing import Backdrop, fit_text, ornament, panel, tr

if TYPE_CHECKING:
    from ..context import Context

FAN_CARDS = (0, 45, 52, 48, 22)
"""♠3, ♥A, the joker, ♠2, ♦8: the cards of the logo's fan."""
FAN_SPREAD = 13.0
"""Degrees between two cards of the fan."""
GHOSTS = ((0, 0.10, 0.25, 150), (1, 0.88, 0.18, 190), (2, 0.06, 0.82, 170), (3, 0.93, 0.78, 140),
          (1, 0.52, 0.95, 120), (0, 0.60, 0.06, 110))
"""Faint suit symbols drifting over the felt: (suit, x, y as fractions of the window, size at scale 1)."""


def mode_line(ctx: Context, setup: SessionSetup) -> str:
    """"Common rules": the rules Play will start with (its button says the players and the level)."""
    t = ctx.t
    custom = setup.preset is PresetId.STANDARD and bool(setup.overrides)
    mode = t("preset.custom.name") if custom else t(f"preset.{setup.preset}.name")
    return t("screen.title.mode_line", mode=mode)


ANGLE_STEP = 0.2
"""The fan's sway is drawn at angles this many degrees apart (rotated images are kept)."""
LOGO_SIZE = (500, 520)
"""The room the fan, the logo and the subtitle take at scale 1."""
SWAY_FPS = 8.0
"""The sway turns a card at most 1.6° a second and a suit drifts 6 pixels a second: at 8 frames a second
each frame moves a card by one angle step and a suit by under a pixel, so drawing faster shows nothing more
(and each frame shown costs a few milliseconds on a real display)."""
AWAKE_S = 8.0
"""Seconds the fan sways and the suits drift after the title opens or the player's last input."""
SETTLE_S = 1.5
"""Seconds the motion takes to come to rest (or to start again on input)."""

class TitleScene(Scene):
    accepts_notices = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._turned: dict[tuple[object, ...], pygame.Surface] = {}
        self.backdrop = Backdrop(ctx)
        self.widgets = WidgetGroup()
        self.time = 0.0
        """The motion's own clock: it slows and stops when the title is left alone."""
        self.awake = 0.0
        """Seconds since the title opened or the player's last input."""
        self.lively = 1.0
        """How much the fan sways and the suits drift now, 0 (at rest) to 1."""
        self.has_autosave = False
        self.buttons: list[Button] = []
        self.keys: list[str] = []
        self.gaps: list[int] = []
        self.logo: pygame.Surface | None = None
        self.card_shadow = pygame.Surface((1, 1), pygame.SRCALPHA)
        self.latin: pygame.Surface | None = None
        self.fan_pivot = (0, 0)
        self.fan_radius = 0
        self.card_w = 0
        self.logo_center = (0, 0)
        self.ghosts: list[pygame.Surface] = []
        self.caption_pos = (0, 0)
        self.menu_panel = pygame.Rect(0, 0, 0, 0)
        self.logo_scale = 1.0
        """The scale the logo is drawn at: the text's, or less when the menu leaves it less room."""

    # --- actions ---------------------------------------------------------------------

    def resume_game(self) -> None:
        if not self.ctx.nav.resume_match():
            self.has_autosave = False
            self._build()
            self.layout(self.ctx.size)
            if not len(self.ctx.notices):  # the app's notice names the file kept, when there is one
                self.ctx.stack.push(MessageDialog(self.ctx, lambda: self.ctx.t("title.resume"),
                                                  lambda: self.ctx.t("screen.title.resume_failed")))

    def last_setup(self) -> SessionSetup:
        return valid_setup(self.ctx.settings.last_setup) or default_setup()

    def play(self) -> None:
        self.ctx.nav.start_match(replace(self.last_setup(), seed=fresh_seed()))

    def duel(self) -> None:
        self.ctx.nav.start_match(replace(duel_setup(), seed=fresh_seed()))

    # --- layout ------------------------------------------------------------------------

    def _build(self) -> None:
        nav = self.ctx.nav
        keep = self.keys[self.widgets.focus] if 0 <= self.widgets.focus < len(self.keys) else "play"
        play_style = "secondary" if self.has_autosave else "primary"
        resume = Button(tr(self.ctx, "title.resume"), self.resume_game)
        resume.visible = self.has_autosave
        entries: list[tuple[str, Button, int]] = [
            ("resume", resume, 0),
            ("play", Button(self.play_label, self.play, style=play_style), 1),
            ("duel", Button(tr(self.ctx, "title.duel"), self.duel, style="secondary"), 0),
            ("new_game", Button(tr(self.ctx, "title.new_game"), lambda: nav.show_new_game(), style="secondary"), 0),
            ("join", Button(tr(self.ctx, "title.join"), lambda: nav.show_join(), style="secondary"), 2),
            ("learn", Button(tr(self.ctx, "title.learn"), lambda: nav.show_lessons(), style="secondary"), 2),
            ("stats", Button(tr(self.ctx, "title.stats"), lambda: nav.show_stats(), style="secondary"), 0),
            ("replays", Button(tr(self.ctx, "title.replays"), lambda: nav.show_replays(), style="secondary"), 0),
            ("rules", Button(tr(self.ctx, "title.rules"), lambda: nav.show_rules(None), style="secondary"), 0),
            ("settings", Button(tr(self.ctx, "title.settings"), lambda: nav.show_settings(), style="secondary"), 2),
            ("quit", Button(tr(self.ctx, "title.quit"), lambda: nav.quit(), style="secondary"), 0),
        ]
        self.keys = [k for k, _, _ in entries]
        self.buttons = [b for _, b, _ in entries]
        self.gaps = [g for _, _, g in entries]
        self.widgets = WidgetGroup(self.buttons)
        if self.has_autosave and keep == "play":
            keep = "resume"
        if not self.has_autosave and keep == "resume":
            keep = "play"
        self.widgets.focus = self.keys.index(keep) if keep in self.keys else 1

    def play_label(self) -> str:
        """"Play: 4 players, Normal": what Play starts."""
        t, setup = self.ctx.t, self.last_setup()
        kinds = {s.level if s.kind is SeatKind.COMPUTER else "external" for s in setup.seats[1:]}
        level = t(f"level.{next(iter(kinds))}") if len(kinds) == 1 else t("level.mixed")
        return t("title.play_setup", players=setup.players, level=level)

    def layout(self, size: tuple[int, int]) -> None:
        has = self.ctx.nav.has_autosave()
        if has != self.has_autosave or not self.buttons:
            self.has_autosave = has
            self._build()
        ctx, scale = self.ctx, self.ctx.scale
        width, height = size
        # The menu: a column on the right.  The Continue slot is kept when there is nothing to continue,
        # so that no button moves when it appears.  At a large text size the buttons and the gaps between them
        # close up (down to the height of their words) so that the column fits the window.
        button_w = px(330, scale)
        caption_h = px(24, scale)
        count = len(self.buttons)
        groups = sum(1 for g in self.gaps if g == 2)
        room = height - 2 * px(28, scale) - px(64, scale)  # the panel's margins, the line of keys below it
        loose = count * px(46, scale) + (count - 1) * px(9, scale) + groups * px(14, scale) + caption_h
        close = min(1.0, (room - caption_h) / max(1, loose - caption_h))
        button_h = max(px(theme.FONT_LABEL * 0.8 + 10, scale), round(px(46, scale) * close))
        gap, group_gap = round(px(9, scale) * close), round(px(14, scale) * close)
        label = min(theme.FONT_LABEL, int(button_h / scale) - 10)
        for button in self.buttons:
            button.font_size = label
        panel_pad = px(28, scale)
        menu_x = min(round(width * 0.73), width - panel_pad - px(12, scale) - button_w // 2)
        total = count * button_h + (count - 1) * gap + groups * group_gap + caption_h
        y = (height - px(24, scale) - total) // 2 + px(10, scale) * close
        for button, kind in zip(self.buttons, self.gaps, strict=True):
            button.rect = pygame.Rect(0, round(y), button_w, button_h)
            button.rect.centerx = menu_x
            y += button_h + gap
            if kind == 1:
                self.caption_pos = (menu_x, round(y - gap // 2 + px(2, scale)))
                y += caption_h
            elif kind == 2:
                y += group_gap
        shown = [b for b in self.buttons if b.visible]
        first, last = shown[0].rect, shown[-1].rect
        self.menu_panel = pygame.Rect(0, 0, button_w + 2 * panel_pad, last.bottom - first.top + 2 * panel_pad)
        self.menu_panel.center = (menu_x, (first.top + last.bottom) // 2)
        # The logo: a fan of cards with 大富豪 over its foot, in the room left of the menu (smaller when the
        # text size leaves it less).
        left_room = self.menu_panel.left - px(24, scale)
        self.logo_scale = logo = min(scale, left_room / LOGO_SIZE[0], height / LOGO_SIZE[1])
        logo_x = min(round(width * 0.34), left_room - round(LOGO_SIZE[0] * logo / 2))
        self.card_w = px(118, logo)
        self.fan_radius = px(300, logo)
        self.fan_pivot = (logo_x, round(height * 0.54) - px(86, logo) + self.fan_radius)
        self.logo_center = (logo_x, round(height * 0.54))
        face = ctx.art.face(FAN_CARDS[0], self.card_w)
        self.card_shadow = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(self.card_shadow, (0, 0, 0, 80), self.card_shadow.get_rect(),
                         border_radius=max(4, self.card_w // 10))
        self.backdrop.prepare(size)
        self.logo = self._logo_surface(px(theme.FONT_LOGO * 1.22, logo))
        self.latin = self._latin_surface(px(30, logo))
        self.ghosts = []
        for suit, _, _, size_ in GHOSTS:
            icon = ctx.art.suit_icon(suit, px(size_, scale), color=(255, 255, 255)).copy()
            icon.set_alpha(11)
            self.ghosts.append(icon)

    def _logo_surface(self, size: int) -> pygame.Surface:
        """大富豪 in gold with a dark outline and a metallic gradient."""
        text = "大富豪"
        white = self.ctx.text.render(text, size, (255, 255, 255), bold=True)
        w, h = white.get_size()
        gradient = pygame.Surface((w, h))
        for y in range(h):
            f = y / max(1, h - 1)
            top, mid, bottom = (255, 236, 160), (236, 190, 80), (176, 120, 36)
            a, b, k = (top, mid, f / 0.55) if f < 0.55 else (mid, bottom, (f - 0.55) / 0.45)
            color = tuple(round(a[i] + (b[i] - a[i]) * k) for i in range(3))
            pygame.draw.line(gradient, color, (0, y), (w, y))
        gold = white.copy()
        gold.blit(gradient, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        outline = self.ctx.text.render(text, size, (40, 22, 6), bold=True)
        pad = max(2, size // 24)
        out = pygame.Surface((w + pad * 4, h + pad * 4), pygame.SRCALPHA)
        shadow = self.ctx.text.render(text, size, (0, 0, 0), bold=True).copy()
        shadow.set_alpha(120)
        out.blit(shadow, (pad * 2 + pad, pad * 2 + pad * 2))
        for dx in range(-pad, pad + 1):
            for dy in range(-pad, pad + 1):
                if dx * dx + dy * dy <= pad * pad:
                    out.blit(outline, (pad * 2 + dx, pad * 2 + dy))
        out.blit(gold, (pad * 2, pad * 2))
        return out

    def _latin_surface(self, size: int) -> pygame.Surface:
        """DAIFUGŌ, letter-spaced, with the macron drawn (the bundled font has no Ō)."""
        letters = "DAIFUGO"
        spacing = size // 3
        images = [self.ctx.text.render(ch, size, theme.CREAM, bold=True) for ch in letters]
        width = sum(i.get_width() for i in images) + spacing * (len(images) - 1)
        height = images[0].get_height()
        bar = max(2, size // 10)
        out = pygame.Surface((width, height + bar * 2), pygame.SRCALPHA)
        x = 0
        for image in images:
            out.blit(image, (x, bar * 2))
            x += image.get_width() + spacing
        last = images[-1]
        left = width - last.get_width()
        font = self.ctx.assets.font(size, bold=True)
        metrics = font.metrics("O")[0]
        cap_top = font.get_ascent() - (metrics[3] if metrics else round(size * 0.72))
        top = max(0, bar * 2 + cap_top - bar * 2)
        pygame.draw.rect(out, theme.CREAM, (left + last.get_width() // 5, top, last.get_width() * 3 // 5, bar),
                         border_radius=bar // 2)
        return out

    # --- input and time ------------------------------------------------------------------

    def handle(self, intent: Intent) -> None:
        self.awake = 0.0
        if isinstance(intent, Command) and intent.name in ("menu", "back"):
            return
        if self.widgets.handle(intent) and isinstance(intent, Pointer) and intent.kind == "down":
            self.ctx.sound.play("click")

    def resume(self) -> None:
        super().resume()
        self.awake = 0.0

    def frame_rate(self) -> float:
        """The sway's rate while it moves; nothing once it has come to rest (an idle title costs nothing)."""
        return SWAY_FPS if self.lively > 0 or self.awake < AWAKE_S else 0.0

    def update(self, dt: float) -> None:
        self.awake += dt
        target = 1.0 if self.awake < AWAKE_S else 0.0
        step = dt / SETTLE_S
        self.lively = min(1.0, max(0.0, self.lively + max(-step, min(step, target - self.lively))))
        self.time += dt * self.lively

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        width, height = surface.get_size()
        self.backdrop.draw(surface)
        self._draw_ghosts(surface, width, height, scale)
        self._draw_fan(surface, self.logo_scale)
        self._draw_logo(surface, self.logo_scale)
        panel(ctx, surface, self.menu_panel, (6, 24, 16, 120), px(22, scale), (232, 190, 84, 70), px(2, scale))
        self.widgets.draw(surface, ctx)
        small = px(theme.FONT_SMALL - 1, scale)
        caption = fit_text(ctx, mode_line(ctx, self.last_setup()), small, self.menu_panel.width - px(20, scale))
        ctx.text.draw(surface, caption, self.caption_pos, small, theme.MUTED, anchor="midtop")
        ctx.text.draw(surface, ctx.t("screen.title.keys"), (width // 2, height - px(16, scale)),
                      px(theme.FONT_SMALL - 2, scale), theme.MUTED, anchor="midbottom")

    def _draw_ghosts(self, surface: pygame.Surface, width: int, height: int, scale: float) -> None:
        for icon, (_, fx, fy, _) in zip(self.ghosts, GHOSTS, strict=True):
            drift = (self.time * 6 * scale + fy * height) % (height + icon.get_height())
            y = height - drift
            x = fx * width + math.sin(self.time * 0.3 + fx * 7) * px(20, scale)
            surface.blit(icon, icon.get_rect(center=(round(x), round(y + icon.get_height() / 2))))

    def _draw_fan(self, surface: pygame.Surface, scale: float) -> None:
        art, four = self.ctx.art, self.ctx.settings.four_color
        px0, py0 = self.fan_pivot
        count = len(FAN_CARDS)
        for index, card in enumerate(FAN_CARDS):
            phase = self.time * 0.9 + index * 0.8
            angle = (index - (count - 1) / 2) * FAN_SPREAD + 1.8 * math.sin(phase) * self.lively
            radius = self.fan_radius + px(4, scale) * math.sin(self.time * 1.3 + index) * self.lively
            if card == 52:
                radius += px(14, scale)
            rad = math.radians(angle)
            cx = px0 + radius * math.sin(rad)
            cy = py0 - radius * math.cos(rad)
            step = round(angle / ANGLE_STEP)
            shadow = self._rotated(("shadow", step), self.card_shadow, step)
            surface.blit(shadow, shadow.get_rect(center=(round(cx) + px(6, scale), round(cy) + px(8, scale))))
            image = self._rotated((card, four, step), art.face(card, self.card_w, four_color=four), step)
            surface.blit(image, image.get_rect(center=(round(cx), round(cy))))

    def _rotated(self, key: tuple[object, ...], image: pygame.Surface, step: int) -> pygame.Surface:
        """``image`` turned by ``step`` angle steps, kept: the sway only visits a few angles."""
        key = (*key, image.get_size())
        turned = self._turned.get(key)
        if turned is None:
            if len(self._turned) > 400:
                self._turned.clear()
            turned = self._turned[key] = pygame.transform.rotozoom(image, -step * ANGLE_STEP, 1.0)
        return turned

    def _draw_logo(self, surface: pygame.Surface, scale: float) -> None:
        ctx = self.ctx
        if self.logo is None or self.latin is None:
            return
        x, y = self.logo_center
        logo_rect = self.logo.get_rect(center=(x, y))
        surface.blit(self.logo, logo_rect)
        latin_rect = self.latin.get_rect(midtop=(x, logo_rect.bottom - px(8, scale)))
        surface.blit(self.latin, latin_rect)
        line_y = latin_rect.bottom + px(16, scale)
        ornament(ctx, surface, (x, line_y), px(200, scale), scale)
        size = px(theme.FONT_BODY, ctx.scale)
        subtitle = fit_text(ctx, ctx.t("title.subtitle"), size, max(1, 2 * min(x, self.menu_panel.left - x)
                                                                     - px(16, ctx.scale)))
        ctx.text.draw(surface, subtitle, (x, line_y + px(16, scale)), size, theme.CREAM, anchor="midtop", shadow=True)
