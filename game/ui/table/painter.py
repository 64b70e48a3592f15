"""Drawing the table: felt, seats, the trick, the hand, indicators, banners, the tracker.

Nothing here changes state; it reads the shown ``TableModel``, the hand view
and the director's flights and banners.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine import Play, Title
from game.engine.cards import (
    CLUBS,
    JOKER_IDS,
    JOKER_MASK,
    RANK_2,
    RANK_3,
    RANK_8,
    RANK_LABELS,
    SPADES,
    card_id,
    card_symbol,
    iter_ids,
)

from .. import theme
from ..card_art import card_height
from ..theme import px
from ..widgets import fit_label, rounded_panel
from .banners import Words
from .celebrate import draw_burst, draw_flash
from .director import Director
from .hand import HandView
from .layout import FAN_TILT, SeatSpot, TableLayout, fan_extent
from .log import PlayLog, joker_text, line_for
from .model import SeatState, TableModel

if TYPE_CHECKING:
    from ..context import Context

HINT = (90, 220, 255)
"""The outline of the cards the hint suggests."""
DIM = (140, 140, 140)
"""An unplayable card is drawn in grey at this brightness (of 255); darker in high contrast
(``theme.HIGH_CONTRAST_DIM``)."""
RECEIVED = (120, 226, 140)
"""The outline and tag of cards just handed to the player."""
TRACKER_OWN = (150, 205, 255)
"""The tracker's cells of the player's own cards."""
MIN_FIT = 0.62
"""Text shrinks to this part of its size to fit its slot before it is cut short."""
LOG_TONES = {"play": theme.CREAM, "pass": theme.MUTED, "rule": theme.GOLD, "clear": (150, 200, 170),
             "info": (190, 210, 200)}

TITLE_COLORS = {
    Title.DAIFUGO: (232, 190, 84),
    Title.FUGO: (200, 200, 210),
    Title.HEIMIN: (150, 180, 160),
    Title.HINMIN: (176, 120, 80),
    Title.DAIHINMIN: (120, 90, 80),
}


class TablePainter:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._fans: dict[tuple[int, int, int], pygame.Surface] = {}
        self._dims: dict[tuple[int, int, bool, tuple[int, int, int]], pygame.Surface] = {}

    def panel(self, surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, radius: int,
              border: theme.Color | None = None, width: int = 0) -> None:
        """A panel of the table: translucent over the felt, or solid with a light outline in high contrast."""
        rounded_panel(surface, rect, color, radius, border, width, solid=self.ctx.settings.high_contrast)

    # --- background ----------------------------------------------------------------

    def felt(self, size: tuple[int, int]) -> pygame.Surface:
        """The green cloth with a lighter centre, drawn once per window size for every screen."""
        cached = self.ctx.cache.get("felt")
        if cached is None or cached[0] != size:
            cached = (size, _felt_surface(size))
            self.ctx.cache["felt"] = cached
        surface: pygame.Surface = cached[1]
        return surface

    # --- seats -----------------------------------------------------------------------

    def fit(self, text: str, size: int, width: int, *, bold: bool = False, least: float = MIN_FIT
            ) -> tuple[str, int]:
        """``text`` and a font size no larger than ``size`` at which it is at most ``width`` wide.

        The size shrinks down to ``least`` of itself; text still too wide is cut with an ellipsis.
        """
        return fit_label(self.ctx, text, size, width, bold=bold, least=least)

    def _fan(self, shown: int, back_w: int, span: int) -> pygame.Surface:
        """``shown`` card backs fanned out, drawn once per count and size (the middle card's top ``back_w // 2``
        below the surface's top)."""
        key = (shown, back_w, span)
        fan = self._fans.get(key)
        if fan is None:
            back = self.ctx.art.back(back_w)
            back_h = card_height(back_w)
            fan = pygame.Surface((span + back_w * 2, back_h + back_w * 2), pygame.SRCALPHA)
            spread = span - back_w
            cx, top = fan.get_width() / 2, back_w // 2
            for i in range(shown):
                t = 0.5 if shown == 1 else i / (shown - 1)
                image = pygame.transform.rotate(back, -(t - 0.5) * 2 * FAN_TILT)
                x = cx - spread / 2 + t * spread
                y = top + abs(t - 0.5) * back_w * 0.25 + back_h / 2
                fan.blit(image, image.get_rect(center=(round(x), round(y))))
            if len(self._fans) > 64:
                self._fans.clear()
            self._fans[key] = fan
        return fan

    def seat(self, surface: pygame.Surface, layout: TableLayout, spot: SeatSpot, state: SeatState,
             name: str, level: str, turn: bool, stock_label: str | None = None) -> None:
        """An opponent: its fan of backs, its panel (name, count, level, class), a place label over the fan
        once it is out, its パス bubble."""
        ctx, scale = self.ctx, layout.scale
        plate = spot.plate
        if turn:
            self.panel(surface, spot.panel, (255, 220, 90, 70), px(16, scale), theme.GOLD, px(3, scale))
        count = state.count
        shown = min(count, 13)
        if shown:
            fan = self._fan(shown, layout.back_w, layout.fan_span)
            _, above, _ = fan_extent(layout.back_w, layout.fan_span)
            surface.blit(fan, fan.get_rect(midtop=(spot.fan.centerx, spot.fan.top + above - layout.back_w // 2)))
        self.panel(surface, plate, theme.PANEL, px(12, scale), (255, 255, 255, 40), 1)
        big, small = px(theme.FONT_BODY, scale), px(theme.FONT_SMALL, scale)
        pad = px(8, scale)
        count_text = ctx.t("table.cards", count=count)
        count_rect = ctx.text.draw(surface, count_text, (plate.right - pad, plate.top + pad), big, theme.WHITE,
                                   anchor="topright", bold=True)
        text, size = self.fit(name, big, count_rect.left - pad - plate.left - pad, bold=True)
        ctx.text.draw(surface, text, (plate.left + pad, plate.top + pad), size, theme.CREAM, anchor="topleft",
                      bold=True)
        right = plate.right - pad
        if state.title is not None:
            chip = self.badge_rect(ctx.t(f"class.{state.title.value}"), (0, 0), scale)
            chip.bottomright = (right, plate.bottom - pad + px(2, scale))
            self.badge(surface, ctx.t(f"class.{state.title.value}"), TITLE_COLORS[state.title], chip.center, scale)
            right = chip.left - px(4, scale)
        if stock_label:
            stock = ctx.text.draw(surface, stock_label, (right, plate.bottom - pad), small, theme.GOLD,
                                  anchor="bottomright")
            right = stock.left - px(6, scale)
        if level:
            text, size = self.fit(level, small, right - plate.left - pad)
            ctx.text.draw(surface, text, (plate.left + pad, plate.bottom - pad), size, theme.MUTED,
                          anchor="bottomleft")
        if state.out is not None:
            self.out_label(surface, state.out, spot.fan.center, scale, self.out_room(spot))
        elif state.passed:
            self.bubble(surface, ctx.t("table.passed"), spot.bubble, scale)

    def thinking(self, surface: pygame.Surface, rect: pygame.Rect, elapsed: float, scale: float) -> None:
        """The "thinking…" sign of a computer deciding: a bubble whose dots come and go."""
        dots = 1 + int(elapsed * 3) % 3
        text = self.ctx.t("table.thinking") + "." * dots + " " * (3 - dots)
        size = px(theme.FONT_SMALL, scale)
        label, size = self.fit(self.ctx.t("table.thinking") + "...", size, rect.width - px(16, scale), bold=True)
        if label.endswith("..."):
            label = text
        pill = rect.inflate(0, -px(4, scale))
        self.panel(surface, pill, (20, 44, 34, 235), pill.height // 2, theme.GOLD, px(2, scale))
        image = self.ctx.text.render(label, size, theme.GOLD, bold=True)
        surface.blit(image, image.get_rect(midleft=(pill.left + px(10, scale), pill.centery)))

    def pile(self, surface: pygame.Surface, rect: pygame.Rect, card_w: int, count: int, label: str,
             scale: float, *, chip: bool = False, beside: bool = False) -> None:
        """A face-down pile (the common pile, a stock): a few backs, offset, and its name and count below
        (on a chip over the top card with ``chip``, right of the pile with ``beside``; nowhere when ``label``
        is empty)."""
        if count <= 0:
            return
        back = self.ctx.art.back(card_w)
        back_h = card_height(card_w)
        layers = min(4, max(1, count // 6 + 1))
        step = max(1, px(2, scale))
        x = rect.centerx - card_w // 2 + (layers - 1) * step // 2
        if beside:
            x = rect.left + (layers - 1) * step
        for i in range(layers):
            surface.blit(back, (x - i * step, rect.top + (layers - 1 - i) * step))
        if not label:
            return
        if chip:
            text, size = self.fit(label, px(theme.FONT_SMALL, scale), card_w - px(8, scale), bold=True)
            image = self.ctx.text.render(text, size, theme.CREAM, bold=True)
            pill = image.get_rect().inflate(px(10, scale), px(4, scale))
            pill.center = (x + card_w // 2 - (layers - 1) * step, rect.top + back_h * 2 // 3)
            self.panel(surface, pill, (10, 20, 16, 220), pill.height // 2, theme.GOLD, 1)
            surface.blit(image, image.get_rect(center=pill.center))
            return
        if beside:
            left = x + card_w + px(8, scale)
            text, size = self.fit(label, px(theme.FONT_SMALL, scale), rect.right - left)
            self.ctx.text.draw(surface, text, (left, rect.centery), size, theme.GOLD, anchor="midleft", shadow=True)
            return
        text, size = self.fit(label, px(theme.FONT_SMALL, scale), rect.width)
        self.ctx.text.draw(surface, text, (rect.centerx, rect.top + back_h + (layers - 1) * step + px(4, scale)), size,
                           theme.CREAM, anchor="midtop", shadow=True)

    def open_fan(self, surface: pygame.Surface, layout: TableLayout, spot: SeatSpot, hand: int) -> None:
        """An opponent's cards face up (the replay viewer's all-hands view), over its fan."""
        ids = sorted(iter_ids(hand), key=lambda c: (c >> 2, c & 3))
        if not ids:
            return
        width = max(24, round(layout.back_w * 1.05))
        step = min(width * 0.42, (spot.block.width - width) / max(1, len(ids) - 1))
        total = width + step * (len(ids) - 1)
        left = spot.block.centerx - total / 2
        for i, cid in enumerate(ids):
            image = self.ctx.art.face(cid, width, four_color=self.ctx.settings.four_color)
            surface.blit(image, (round(left + i * step), spot.fan.top))

    def badge_rect(self, text: str, center: tuple[int, int], scale: float) -> pygame.Rect:
        width, height = self.ctx.text.size(text, px(theme.FONT_SMALL, scale), bold=True)
        rect = pygame.Rect(0, 0, width, height).inflate(px(16, scale), px(4, scale))
        rect.center = center
        return rect

    def badge(self, surface: pygame.Surface, text: str, color: tuple[int, int, int], center: tuple[int, int],
              scale: float) -> pygame.Rect:
        size = px(theme.FONT_SMALL, scale)
        image = self.ctx.text.render(text, size, theme.INK, bold=True)
        rect = self.badge_rect(text, center, scale)
        rounded_panel(surface, rect, color, rect.height // 2)
        surface.blit(image, image.get_rect(center=rect.center))
        return rect

    def bubble_shape(self, text: str, slot: pygame.Rect, scale: float) -> tuple[pygame.Rect, str, int]:
        """Where a bubble saying ``text`` is drawn in ``slot``, and its fitted text and size."""
        pad_x, pad_y = px(22, scale), px(8, scale)
        label, size = self.fit(text, px(theme.FONT_LABEL, scale), slot.width - pad_x, bold=True)
        width, height = self.ctx.text.size(label, size, bold=True)
        rect = pygame.Rect(0, 0, min(slot.width, width + pad_x), min(slot.height, height + pad_y))
        rect.center = slot.center
        return rect, label, size

    def bubble(self, surface: pygame.Surface, text: str, slot: pygame.Rect, scale: float) -> None:
        rect, label, size = self.bubble_shape(text, slot, scale)
        self.panel(surface, rect.move(0, px(2, scale)), (0, 0, 0, 80), rect.height // 2)
        rounded_panel(surface, rect, theme.PASS_BUBBLE, rect.height // 2)
        image = self.ctx.text.render(label, size, theme.INK, bold=True)
        surface.blit(image, image.get_rect(center=rect.center))

    @staticmethod
    def out_room(spot: SeatSpot) -> int:
        """How wide a seat's place label may be (centred on its fan, inside its block)."""
        block, x = spot.block, spot.fan.centerx
        return 2 * min(x - block.left, block.right - x)

    def out_text(self, out: str) -> tuple[str, tuple[int, int, int]]:
        t = self.ctx.t
        if out.isdigit():
            return t("table.out", place=t(f"place.{out}")), theme.GOLD
        if out == "miyako":
            return t("table.removed"), theme.RED
        return t("switch.forbidden_finish.name"), theme.RED

    def out_shape(self, out: str, center: tuple[int, int], scale: float, width: int) -> tuple[pygame.Rect, str, int]:
        text, _ = self.out_text(out)
        pad_x, pad_y = px(20, scale), px(10, scale)
        label, size = self.fit(text, px(theme.FONT_LABEL, scale), width - pad_x, bold=True)
        w, h = self.ctx.text.size(label, size, bold=True)
        rect = pygame.Rect(0, 0, w + pad_x, h + pad_y)
        rect.center = center
        return rect, label, size

    def out_label(self, surface: pygame.Surface, out: str, center: tuple[int, int], scale: float,
                  width: int = 10_000) -> None:
        _, color = self.out_text(out)
        rect, label, size = self.out_shape(out, center, scale, width)
        rounded_panel(surface, rect, color, px(10, scale))
        image = self.ctx.text.render(label, size, theme.INK, bold=True)
        surface.blit(image, image.get_rect(center=rect.center))

    # --- the trick and the hand ------------------------------------------------------

    def trick(self, surface: pygame.Surface, layout: TableLayout, model: TableModel) -> None:
        """The last plays of the trick, the newest in front; a chip on each joker says what it stands for."""
        art, four, scale = self.ctx.art, self.ctx.settings.four_color, layout.scale
        plays = model.trick[-4:]
        for layer, (_, play) in reversed(list(enumerate(reversed(plays)))):
            positions = layout.trick_positions(play.size, layer)
            for cid, pos in zip(iter_ids(play.cards), positions):
                image = art.face(cid, layout.trick_w, four_color=four)
                if layer:
                    image = image.copy()
                    image.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
                surface.blit(image, pos)
            if layer == 0 and play.cards & JOKER_MASK and not play.is_lone_joker:
                self._joker_chips(surface, layout, play, positions, scale)

    def _joker_chips(self, surface: pygame.Surface, layout: TableLayout, play: Play,
                     positions: list[tuple[int, int]], scale: float) -> None:
        stand = [card_symbol(c) for c in iter_ids(play.stand_ins)] or [RANK_LABELS[play.rank]]
        jokers = [pos for cid, pos in zip(iter_ids(play.cards), positions) if cid in JOKER_IDS]
        for (x, y), text in zip(jokers, stand + stand[-1:] * len(jokers)):
            size = px(theme.FONT_SMALL, scale)
            label, size = self.fit("= " + text, size, layout.trick_w - px(6, scale), bold=True)
            image = self.ctx.text.render(label, size, theme.INK, bold=True)
            chip = image.get_rect().inflate(px(8, scale), px(2, scale))
            chip.midbottom = (x + layout.trick_w // 2, y + layout.trick_h - px(4, scale))
            rounded_panel(surface, chip, theme.GOLD, chip.height // 2, theme.INK, 1)
            surface.blit(image, image.get_rect(center=chip.center))

    def trick_label(self, surface: pygame.Surface, layout: TableLayout, model: TableModel,
                    names: Callable[[int], str]) -> None:
        """Under the trick: who played the cards in front, and what a joker among them stands for."""
        trick = model.trick
        if not trick:
            return
        seat, play = trick[-1]
        t, scale, rect = self.ctx.t, layout.scale, layout.trick_label
        name = names(seat)
        text = t("table.played_by", name=name)
        stand = joker_text(play)
        if stand:
            text += "   " + t("table.joker_is", cards=stand)
        label, size = self.fit(text, px(theme.FONT_SMALL + 1, scale), rect.width, bold=True)
        image = self.ctx.text.render(label, size, theme.CREAM, bold=True)
        back = image.get_rect(center=rect.center).inflate(px(16, scale), px(4, scale)).clamp(rect)
        self.panel(surface, back, (10, 20, 16, 170), back.height // 2)
        surface.blit(image, image.get_rect(center=back.center))

    def hand(self, surface: pygame.Surface, layout: TableLayout, view: HandView, hidden: int, dim: int,
             active: bool, received: int = 0) -> None:
        """The player's cards: selected ones lifted in yellow, the hint's in blue, cards just handed to the player
        (``received``) in green with a tag, and the unplayable ones (``dim``) greyed."""
        art, four, scale = self.ctx.art, self.ctx.settings.four_color, layout.scale
        tags: list[pygame.Rect] = []
        for index, (cid, rect) in enumerate(view.rects(layout)):
            if hidden >> cid & 1:
                continue
            dimmed = dim >> cid & 1
            image = self._dimmed(cid, layout.card_w) if dimmed else art.face(cid, layout.card_w, four_color=four)
            surface.blit(image, rect)
            radius = max(4, layout.card_w // 10)
            frame = rect.inflate(px(4, scale), px(4, scale))
            if view.selected >> cid & 1:
                pygame.draw.rect(surface, theme.SELECT, frame, px(4, scale), border_radius=radius)
            elif view.hint >> cid & 1:
                pygame.draw.rect(surface, HINT, frame, px(4, scale), border_radius=radius)
            elif received >> cid & 1:
                pygame.draw.rect(surface, RECEIVED, frame, px(4, scale), border_radius=radius)
            if received >> cid & 1:
                tags.append(rect)
            if active and index == view.focus:
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(8, scale), px(8, scale)), px(2, scale),
                                 border_radius=radius + 2)
        for rect in tags:  # over the next card's edge: drawn last
            self._received_tag(surface, rect, scale)

    def _dimmed(self, cid: int, width: int) -> pygame.Surface:
        """An unplayable card: grey and dark, so it reads as out of play by its colour and its brightness."""
        four = self.ctx.settings.four_color
        dim = theme.HIGH_CONTRAST_DIM if self.ctx.settings.high_contrast else DIM
        key = (cid, width, four, dim)
        image = self._dims.get(key)
        if image is None:
            image = pygame.transform.grayscale(self.ctx.art.face(cid, width, four_color=four))
            image.fill(dim, special_flags=pygame.BLEND_RGB_MULT)
            if len(self._dims) > 120:
                self._dims.clear()
            self._dims[key] = image
        return image

    def _received_tag(self, surface: pygame.Surface, card: pygame.Rect, scale: float) -> None:
        text = self.ctx.t("table.received_tag")
        label, size = self.fit(text, px(theme.FONT_SMALL - 2, scale), card.width - px(6, scale), bold=True)
        image = self.ctx.text.render(label, size, theme.INK, bold=True)
        chip = image.get_rect().inflate(px(8, scale), px(2, scale))
        chip.midbottom = (card.centerx, card.top + px(3, scale))
        rounded_panel(surface, chip, RECEIVED, chip.height // 2, theme.INK, 1)
        surface.blit(image, image.get_rect(center=chip.center))

    def flights(self, surface: pygame.Surface, director: Director, *, under: bool = False) -> None:
        """Cards in the air; ``under``: only the old trick sweeping away (drawn before the trick), else the rest."""
        art, four = self.ctx.art, self.ctx.settings.four_color
        for flight in director.flights:
            if flight.under != under:
                continue
            if flight.tween.elapsed < flight.tween.delay and flight.fade is False and flight.tween.delay > 0:
                continue
            for card, pos in zip(flight.cards, flight.positions()):
                image = art.back(flight.width) if card is None else art.face(card, flight.width, four_color=four)
                if flight.fade:
                    image = image.copy()
                    image.set_alpha(round(255 * (1 - flight.tween.progress)))
                surface.blit(image, pos)

    # --- indicators, banners, toasts ----------------------------------------------------

    def indicator_chips(self, layout: TableLayout, model: TableModel
                        ) -> tuple[list[tuple[str, tuple[int, int, int], int, pygame.Rect]], int]:
        """The rule chips in force (revolution, J-back, lock, the direction): each chip's text, colour, suits
        and rect in the indicators slot, and the font size they share."""
        ctx, scale = self.ctx, layout.scale
        t = ctx.t
        chips: list[tuple[str, tuple[int, int, int], int]] = []
        if model.revolution:
            chips.append((t("table.revolution"), theme.REVOLUTION, 0))
        if model.j_back:
            chips.append((t("table.j_back"), theme.J_BACK, 0))
        if model.lock:
            chips.append((t("table.lock"), theme.LOCK, model.lock))
        if model.state.backwards:
            chips.append((t("table.direction_backwards"), theme.J_BACK, 0))
        slot = layout.indicators
        size = px(theme.FONT_BODY, scale)
        while True:
            widths = []
            for text, _, suits in chips:
                icon_w = (size + px(4, scale)) * bin(suits).count("1")
                widths.append(ctx.text.size(text, size, bold=True)[0] + icon_w + px(28, scale))
            total = sum(widths) + px(10, scale) * (len(widths) - 1)
            if total <= slot.width or size <= 8:
                break
            size -= 1
        left = slot.centerx - total // 2
        placed = []
        for (text, color, suits), width in zip(chips, widths):
            rect = pygame.Rect(left, 0, width, min(slot.height, px(32, scale)))
            rect.centery = slot.centery
            placed.append((text, color, suits, rect))
            left += width + px(10, scale)
        return placed, size

    def indicators(self, surface: pygame.Surface, layout: TableLayout, model: TableModel) -> None:
        ctx, scale = self.ctx, layout.scale
        chips, size = self.indicator_chips(layout, model)
        for text, color, suits, rect in chips:
            y = rect.centery
            rounded_panel(surface, rect, color, rect.height // 2, theme.WHITE, px(2, scale))
            label = ctx.text.draw(surface, text, (rect.left + px(14, scale), y), size, theme.WHITE,
                                  anchor="midleft", bold=True, shadow=True)
            ix = label.right + px(6, scale)
            for suit in range(4):
                if suits >> suit & 1:
                    icon = ctx.art.suit_icon(suit, size, four_color=ctx.settings.four_color)
                    back = pygame.Rect(ix, 0, size + px(2, scale), size + px(2, scale))
                    back.centery = y
                    pygame.draw.circle(surface, theme.WHITE, back.center, back.width // 2 + 1)
                    surface.blit(icon, icon.get_rect(center=back.center))
                    ix += size + px(4, scale)

    def banner_text(self, text: str, slot: pygame.Rect, scale: float, grow: float = 1.0) -> tuple[list[str], int]:
        """The banner's lines (one, or two when one would be cut short) and font size, fitted into its slot
        (at ``grow`` times the full size)."""
        size = max(8, min(round(px(theme.FONT_BANNER, scale) * grow), round(slot.height * 0.7 * grow)))
        width = slot.width - px(24, scale)
        label, fitted = self.fit(text, size, width, bold=True, least=0.4)
        if not label.endswith("…"):
            return [label], fitted
        fitted = max(8, min(size, round(slot.height * 0.42 * grow)))
        lines = self.ctx.text.wrap(text, fitted, width, bold=True)
        while len(lines) > 2 and fitted > 8:
            fitted -= 1
            lines = self.ctx.text.wrap(text, fitted, width, bold=True)
        return lines[:2], fitted

    def banners(self, surface: pygame.Surface, layout: TableLayout, director: Director) -> None:
        """The newest banner, in its slot between the top seats and the trick."""
        ctx, scale, slot = self.ctx, layout.scale, layout.banner
        for banner in director.banners[-1:]:
            p = banner.tween.progress
            alpha = round(255 * min(1.0, p * 6, (1 - p) * 3))
            lines, size = self.banner_text(banner.text, slot, scale, banner.grow)
            stripe = pygame.Surface(slot.size, pygame.SRCALPHA)
            pygame.draw.rect(stripe, (0, 0, 0, round(alpha * 0.55)), stripe.get_rect(),
                             border_radius=slot.height // 3)
            if banner.big:
                pygame.draw.rect(stripe, (*banner.color, alpha // 2), stripe.get_rect(), max(1, px(3, scale)),
                                 border_radius=slot.height // 3)
            surface.blit(stripe, slot)
            step = round(size * 1.15)
            y = slot.centery - step * (len(lines) - 1) // 2
            for line in lines:
                ctx.text.draw(surface, line, (slot.centerx, y), size, banner.color, bold=True, shadow=True,
                              alpha=alpha)
                y += step

    def celebrations(self, surface: pygame.Surface, director: Director) -> None:
        """Flashes under the bursts; both above everything on the table but the banner."""
        for flash in director.flashes:
            draw_flash(surface, flash)
        for item in director.bursts:
            draw_burst(surface, item)

    def message(self, surface: pygame.Surface, text: str, center: tuple[int, int], scale: float,
                color: tuple[int, int, int] = theme.CREAM, alpha: int = 255, width: int = 100_000) -> None:
        text, size = self.fit(text, px(theme.FONT_BODY, scale), width - px(28, scale), bold=True)
        image = self.ctx.text.render(text, size, color, bold=True)
        rect = image.get_rect(center=center).inflate(px(28, scale), px(12, scale))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        solid = self.ctx.settings.high_contrast
        pygame.draw.rect(layer, (10, 20, 16, 255 if solid else 200), layer.get_rect(), border_radius=rect.height // 2)
        if solid:
            pygame.draw.rect(layer, theme.HIGH_CONTRAST_OUTLINE, layer.get_rect(), px(2, scale),
                             border_radius=rect.height // 2)
        layer.blit(image, image.get_rect(center=layer.get_rect().center))
        if alpha < 255:
            layer.set_alpha(alpha)
        surface.blit(layer, rect)

    def messages(self, surface: pygame.Surface, layout: TableLayout,
                 lines: list[tuple[str, tuple[int, int, int], int]]) -> None:
        """Lines stacked bottom up in the messages slot, as many as fit (the first lines are kept)."""
        slot, scale = layout.messages, layout.scale
        step = self.message_step(scale)
        y = slot.bottom - step // 2
        for text, color, alpha in lines[: self.message_lines(layout)]:
            self.message(surface, text, (slot.centerx, y), scale, color, alpha, slot.width)
            y -= step

    @staticmethod
    def message_step(scale: float) -> int:
        return px(38, scale)

    def message_lines(self, layout: TableLayout) -> int:
        return max(1, layout.messages.height // self.message_step(layout.scale))

    # --- the play log ------------------------------------------------------------------------

    def log(self, surface: pygame.Surface, layout: TableLayout, log: PlayLog, words: Words) -> None:
        """The play log's panel: a title, then the newest lines (or older ones, scrolled).

        A line too long for the panel goes on over a second, indented row (a third would be cut short).
        """
        ctx, scale, rect = self.ctx, layout.scale, layout.log
        self.panel(surface, rect, (6, 20, 14, 190), px(10, scale), (255, 255, 255, 40), 1)
        pad = px(8, scale)
        title = px(theme.FONT_SMALL, scale)
        ctx.text.draw(surface, ctx.t("log.title"), (rect.left + pad, rect.top + pad), title, theme.GOLD,
                      anchor="topleft", bold=True)
        size = max(9, round(px(theme.FONT_SMALL, scale) * 0.9))
        step = round(size * 1.35)
        top = rect.top + pad + title + px(6, scale)
        room = max(1, (rect.bottom - pad - top) // step)
        if log.scroll:
            ctx.text.draw(surface, "▲▼", (rect.right - pad, rect.top + pad), title, theme.MUTED, anchor="topright")
        width, indent = rect.width - 2 * pad, px(10, scale)
        rows: list[tuple[str, int, str]] = []  # (text, indent, tone), oldest first
        for event in reversed(log.window(room)):
            text, tone = line_for(event, words)
            bold = tone == "rule"
            wrapped = self.log_rows(text, size, width, indent, bold)
            if len(rows) + len(wrapped) > room:
                if not rows:
                    rows = [(row, x, tone) for row, x in wrapped[:room]]
                break
            rows = [(row, x, tone) for row, x in wrapped] + rows
        y = rect.bottom - pad - step * len(rows)
        for text, x, tone in rows:
            ctx.text.draw(surface, text, (rect.left + pad + x, y), size, LOG_TONES[tone], anchor="topleft",
                          bold=tone == "rule")
            y += step

    def log_rows(self, text: str, size: int, width: int, indent: int, bold: bool) -> list[tuple[str, int]]:
        """A log line as (text, indent) rows no wider than ``width``: one row, or two with the second indented."""
        if self.ctx.text.size(text, size, bold=bold)[0] <= width:
            return [(text, 0)]
        first, *rest = self.ctx.text.wrap(text, size, width, bold=bold)
        if not rest:
            return [(first, 0)]
        more, _ = self.fit(" ".join(rest) if " " in text else "".join(rest), size, width - indent, bold=bold,
                           least=1.0)
        return [(first, 0), (more, indent)]

    # --- the played-card tracker ---------------------------------------------------------

    def tracker(self, surface: pygame.Surface, layout: TableLayout, played: int, jokers: int, own: int = 0) -> None:
        """The cards not played yet, bright in a 13 × 4 grid (3s, 8s and 2s stand out), and the jokers.

        The player's own cards (``own``) are blue (the key under the grid says so), so the bright white ones
        are those the others hold.
        """
        ctx, scale = self.ctx, layout.scale
        rect = layout.tracker
        self.panel(surface, rect, (6, 20, 14, 230), px(12, scale), theme.GOLD, px(2, scale))
        pad = px(8, scale)
        title = px(theme.FONT_SMALL, scale)
        small = max(9, round(title * 0.78))
        right = rect.right - pad
        if jokers:
            right = self._tracker_jokers(surface, rect, played, jokers, pad, small, scale, own) - px(6, scale)
        heading, fitted = self.fit(ctx.t("tracker.title"), title, right - rect.left - pad, bold=True)
        ctx.text.draw(surface, heading, (rect.left + pad, rect.top + pad), fitted, theme.GOLD, anchor="topleft",
                      bold=True)
        # The key (what blue means) has a row of its own under the grid, clear of the jokers and the heading.
        key_h = small + px(4, scale)
        key = pygame.Rect(rect.left + pad, 0, small, small)
        key.centery = rect.bottom - pad - key_h // 2
        pygame.draw.rect(surface, TRACKER_OWN, key, border_radius=max(1, px(3, scale)))
        label, size = self.fit(ctx.t("tracker.yours"), small, rect.right - pad - key.right - px(4, scale))
        ctx.text.draw(surface, label, (key.right + px(4, scale), key.centery), size, theme.CREAM, anchor="midleft")
        header_top = rect.top + pad + title + px(6, scale)
        grid_top = header_top + small + px(3, scale)
        grid_left = rect.left + pad + small + px(4, scale)
        cell_w = (rect.right - pad - grid_left) / 13
        cell_h = (rect.bottom - pad - key_h - px(2, scale) - grid_top) / 4
        four = ctx.settings.four_color
        for rank in range(13):
            x = grid_left + rank * cell_w
            special = rank in (RANK_3, RANK_8, RANK_2)
            ctx.text.draw(surface, RANK_LABELS[rank], (round(x + cell_w / 2), header_top), small,
                          theme.GOLD if special else theme.MUTED, anchor="midtop", bold=special)
            for suit in range(4):
                cell = pygame.Rect(round(x) + 1, round(grid_top + suit * cell_h) + 1, max(1, round(cell_w) - 2),
                                   max(1, round(cell_h) - 2))
                seen = played >> card_id(rank, suit) & 1
                fill = (40, 58, 50) if seen else TRACKER_OWN if own >> card_id(rank, suit) & 1 else (
                    (255, 240, 190) if special else (232, 236, 226))
                pygame.draw.rect(surface, fill, cell, border_radius=max(1, px(3, scale)))
                if not seen:
                    icon = ctx.art.suit_icon(suit, max(4, min(cell.width, cell.height) - px(4, scale)),
                                             four_color=four)
                    surface.blit(icon, icon.get_rect(center=cell.center))
        for suit in range(4):
            dark = suit in (SPADES, CLUBS) and not (four and suit == CLUBS)
            icon = ctx.art.suit_icon(suit, small, four_color=four, color=theme.CREAM if dark else None)
            center = (rect.left + pad + small // 2, round(grid_top + (suit + 0.5) * cell_h))
            surface.blit(icon, icon.get_rect(center=center))

    def _tracker_jokers(self, surface: pygame.Surface, rect: pygame.Rect, played: int, jokers: int, pad: int,
                        size: int, scale: float, own: int = 0) -> int:
        """The jokers not played yet, as chips at the top right; the left edge of the leftmost."""
        x = rect.right - pad
        for i in reversed(range(jokers)):
            seen = played >> JOKER_IDS[i] & 1
            mine = own >> JOKER_IDS[i] & 1
            image = self.ctx.text.render("JOKER", size, theme.MUTED if seen else theme.INK, bold=True)
            chip = image.get_rect(topright=(x, rect.top + pad)).inflate(px(10, scale), px(4, scale))
            chip.topright = (x, rect.top + pad - px(2, scale))
            fill = (40, 58, 50) if seen else TRACKER_OWN if mine else (255, 214, 90)
            pygame.draw.rect(surface, fill, chip, border_radius=px(5, scale))
            surface.blit(image, image.get_rect(center=chip.center))
            x = chip.left - px(6, scale)
        return x + px(6, scale)

def _felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """A radial gradient of felt green with a soft vignette and a faint weave."""
    width, height = size
    small = pygame.Surface((160, 90))
    cx, cy = 80, 42
    for y in range(90):
        for x in range(160):
            d = math.hypot((x - cx) / 80, (y - cy) / 52)
            t = min(1.0, d)
            r = theme.FELT_LIGHT[0] + (theme.FELT_DARK[0] - theme.FELT_LIGHT[0]) * t ** 1.6
            g = theme.FELT_LIGHT[1] + (theme.FELT_DARK[1] - theme.FELT_LIGHT[1]) * t ** 1.6
            b = theme.FELT_LIGHT[2] + (theme.FELT_DARK[2] - theme.FELT_LIGHT[2]) * t ** 1.6
            small.set_at((x, y), (round(r), round(g), round(b)))
    surface = pygame.transform.smoothscale(small, size)
    weave = pygame.Surface(size, pygame.SRCALPHA)
    step = max(3, height // 240)
    for y in range(0, height, step * 2):
        pygame.draw.line(weave, (255, 255, 255, 6), (0, y), (width, y))
    for x in range(0, width, step * 2):
        pygame.draw.line(weave, (0, 0, 0, 6), (x, 0), (x, height))
    surface.blit(weave, (0, 0))
    return surface.convert() if pygame.display.get_surface() is not None else surface

