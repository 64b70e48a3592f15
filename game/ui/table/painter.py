"""Drawing the table: felt, seats, the trick, the hand, indicators, banners, the tracker.

Nothing here changes state; it reads the shown ``TableModel``, the hand view
and the director's flights and banners.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.engine import Title
from game.engine.cards import CLUBS, JOKER_IDS, RANK_2, RANK_3, RANK_8, RANK_LABELS, SPADES, card_id, iter_ids

from .. import theme
from ..card_art import card_height
from ..theme import px
from ..widgets import rounded_panel
from .director import Director
from .hand import HandView
from .layout import SeatSpot, TableLayout
from .model import SeatState, TableModel

if TYPE_CHECKING:
    from ..context import Context

TRACKER_OWN = (150, 205, 255)
"""The tracker's cells of the player's own cards."""
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

    def _fan(self, shown: int, back_w: int, span: int) -> pygame.Surface:
        """``shown`` card backs fanned out, drawn once per count and size."""
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
                image = pygame.transform.rotate(back, -(t - 0.5) * 40)
                x = cx - spread / 2 + t * spread
                y = top + abs(t - 0.5) * back_w * 0.25 + back_h / 2
                fan.blit(image, image.get_rect(center=(round(x), round(y))))
            if len(self._fans) > 64:
                self._fans.clear()
            self._fans[key] = fan
        return fan

    def seat(self, surface: pygame.Surface, layout: TableLayout, spot: SeatSpot, state: SeatState,
             name: str, level: str, turn: bool, stock_label: str | None) -> None:
        ctx, scale = self.ctx, layout.scale
        if turn:
            glow = spot.panel.inflate(px(14, scale), px(14, scale))
            rounded_panel(surface, glow, (255, 220, 90, 70), px(16, scale), theme.GOLD, px(3, scale))
        count = state.count
        shown = min(count, 13)
        if shown:
            fan = self._fan(shown, layout.back_w, spot.fan.width)
            surface.blit(fan, fan.get_rect(midtop=(spot.fan.centerx, spot.fan.top - layout.back_w // 2)))
        rounded_panel(surface, spot.panel, theme.PANEL, px(12, scale), (255, 255, 255, 40), 1)
        big, small = px(theme.FONT_BODY, scale), px(theme.FONT_SMALL, scale)
        pad = px(10, scale)
        ctx.text.draw(surface, name, (spot.panel.left + pad, spot.panel.top + pad), big, theme.CREAM,
                      anchor="topleft", bold=True)
        ctx.text.draw(surface, level, (spot.panel.left + pad, spot.panel.bottom - pad), small, theme.MUTED,
                      anchor="bottomleft")
        count_text = ctx.t("table.cards", count=count)
        ctx.text.draw(surface, count_text, (spot.panel.right - pad, spot.panel.top + pad), big, theme.WHITE,
                      anchor="topright", bold=True)
        if stock_label:
            ctx.text.draw(surface, stock_label, (spot.panel.right - pad, spot.panel.bottom - pad), small,
                          theme.GOLD, anchor="bottomright")
        if state.title is not None:
            self.badge(surface, ctx.t(f"class.{state.title.value}"), TITLE_COLORS[state.title],
                       (spot.panel.centerx, spot.panel.top), scale)
        if state.out is not None:
            self.out_label(surface, state.out, spot.fan.center, scale)
        elif state.passed:
            self.bubble(surface, ctx.t("table.passed"), spot.bubble, scale)

    def open_fan(self, surface: pygame.Surface, layout: TableLayout, spot: SeatSpot, hand: int) -> None:
        """An opponent's cards face up (the replay viewer's all-hands view), over its fan."""
        ids = sorted(iter_ids(hand), key=lambda c: (c >> 2, c & 3))
        if not ids:
            return
        width = max(24, round(layout.back_w * 1.05))
        step = min(width * 0.42, (spot.panel.width * 1.25 - width) / max(1, len(ids) - 1))
        total = width + step * (len(ids) - 1)
        left = spot.fan.centerx - total / 2
        for i, cid in enumerate(ids):
            image = self.ctx.art.face(cid, width, four_color=self.ctx.settings.four_color)
            surface.blit(image, (round(left + i * step), spot.fan.top - layout.back_w // 3))

    def badge(self, surface: pygame.Surface, text: str, color: tuple[int, int, int], center: tuple[int, int],
              scale: float) -> None:
        size = px(theme.FONT_SMALL, scale)
        image = self.ctx.text.render(text, size, theme.INK, bold=True)
        rect = image.get_rect(center=center).inflate(px(16, scale), px(6, scale))
        rounded_panel(surface, rect, color, rect.height // 2)
        surface.blit(image, image.get_rect(center=rect.center))

    def bubble(self, surface: pygame.Surface, text: str, point: tuple[int, int], scale: float) -> None:
        size = px(theme.FONT_LABEL, scale)
        image = self.ctx.text.render(text, size, theme.INK, bold=True)
        rect = image.get_rect(center=point).inflate(px(22, scale), px(10, scale))
        rounded_panel(surface, rect.move(0, px(3, scale)), (0, 0, 0, 80), rect.height // 2)
        rounded_panel(surface, rect, theme.PASS_BUBBLE, rect.height // 2)
        surface.blit(image, image.get_rect(center=rect.center))

    def out_label(self, surface: pygame.Surface, out: str, center: tuple[int, int], scale: float) -> None:
        t = self.ctx.t
        if out.isdigit():
            text, color = t("table.out", place=t(f"place.{out}")), theme.GOLD
        elif out == "miyako":
            text, color = t("table.removed"), theme.RED
        else:
            text, color = t("switch.forbidden_finish.name"), theme.RED
        size = px(theme.FONT_LABEL, scale)
        image = self.ctx.text.render(text, size, theme.INK, bold=True)
        rect = image.get_rect(center=center).inflate(px(20, scale), px(10, scale))
        rounded_panel(surface, rect, color, px(10, scale))
        surface.blit(image, image.get_rect(center=rect.center))

    # --- the trick and the hand ------------------------------------------------------

    def trick(self, surface: pygame.Surface, layout: TableLayout, model: TableModel) -> None:
        art, four = self.ctx.art, self.ctx.settings.four_color
        plays = model.trick[-4:]
        for layer, (_, play) in reversed(list(enumerate(reversed(plays)))):
            positions = layout.trick_positions(play.size, layer)
            for cid, pos in zip(iter_ids(play.cards), positions):
                image = art.face(cid, layout.trick_w, four_color=four)
                if layer:
                    image = image.copy()
                    image.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
                surface.blit(image, pos)

    def hand(self, surface: pygame.Surface, layout: TableLayout, view: HandView, hidden: int, dim: int,
             active: bool) -> None:
        art, four, scale = self.ctx.art, self.ctx.settings.four_color, layout.scale
        for index, (cid, rect) in enumerate(view.rects(layout)):
            if hidden >> cid & 1:
                continue
            image = art.face(cid, layout.card_w, four_color=four)
            if dim >> cid & 1:
                image = image.copy()
                image.fill((120, 120, 120), special_flags=pygame.BLEND_RGB_MULT)
            surface.blit(image, rect)
            radius = max(4, layout.card_w // 10)
            if view.selected >> cid & 1:
                pygame.draw.rect(surface, theme.SELECT, rect.inflate(px(4, scale), px(4, scale)), px(4, scale),
                                 border_radius=radius)
            elif view.hint >> cid & 1:
                pygame.draw.rect(surface, (90, 220, 255), rect.inflate(px(4, scale), px(4, scale)), px(4, scale),
                                 border_radius=radius)
            if active and index == view.focus:
                pygame.draw.rect(surface, theme.WHITE, rect.inflate(px(8, scale), px(8, scale)), px(2, scale),
                                 border_radius=radius + 2)

    def flights(self, surface: pygame.Surface, director: Director) -> None:
        art, four = self.ctx.art, self.ctx.settings.four_color
        for flight in director.flights:
            if flight.tween.elapsed < flight.tween.delay and flight.fade is False and flight.tween.delay > 0:
                continue
            for card, pos in zip(flight.cards, flight.positions()):
                image = art.back(flight.width) if card is None else art.face(card, flight.width, four_color=four)
                if flight.fade:
                    image = image.copy()
                    image.set_alpha(round(255 * (1 - flight.tween.progress)))
                surface.blit(image, pos)

    # --- indicators, banners, toasts ----------------------------------------------------

    def indicators(self, surface: pygame.Surface, layout: TableLayout, model: TableModel) -> None:
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
        size = px(theme.FONT_BODY, scale)
        x = layout.size[0] // 2
        widths = []
        for text, _, suits in chips:
            icon_w = (size + px(4, scale)) * bin(suits).count("1")
            widths.append(ctx.text.size(text, size, bold=True)[0] + icon_w + px(28, scale))
        left = x - (sum(widths) + px(10, scale) * (len(widths) - 1)) // 2
        y = layout.top_bar.centery
        for (text, color, suits), width in zip(chips, widths):
            rect = pygame.Rect(left, 0, width, px(32, scale))
            rect.centery = y
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
            left += width + px(10, scale)

    def banners(self, surface: pygame.Surface, layout: TableLayout, director: Director) -> None:
        ctx, scale = self.ctx, layout.scale
        for banner in director.banners[-2:]:
            p = banner.tween.progress
            alpha = round(255 * min(1.0, p * 6, (1 - p) * 3))
            grow = 0.85 + 0.15 * min(1.0, p * 5)
            size = px(theme.FONT_BANNER * grow, scale)
            height = round(size * 1.7)
            cy = layout.trick_center[1] - round(layout.trick_h * 0.9)
            stripe = pygame.Surface((layout.size[0], height), pygame.SRCALPHA)
            stripe.fill((0, 0, 0, round(alpha * 0.55)))
            surface.blit(stripe, (0, cy - height // 2))
            ctx.text.draw(surface, banner.text, (layout.size[0] // 2, cy), size, banner.color, bold=True,
                          shadow=True, alpha=alpha)

    def message(self, surface: pygame.Surface, text: str, center: tuple[int, int], scale: float,
                color: tuple[int, int, int] = theme.CREAM, alpha: int = 255) -> None:
        size = px(theme.FONT_BODY, scale)
        image = self.ctx.text.render(text, size, color, bold=True)
        rect = image.get_rect(center=center).inflate(px(28, scale), px(12, scale))
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (10, 20, 16, 200), layer.get_rect(), border_radius=rect.height // 2)
        layer.blit(image, image.get_rect(center=layer.get_rect().center))
        if alpha < 255:
            layer.set_alpha(alpha)
        surface.blit(layer, rect)

    # --- the played-card tracker ---------------------------------------------------------

    def tracker(self, surface: pygame.Surface, layout: TableLayout, played: int, jokers: int, own: int = 0) -> None:
        """The cards not played yet, bright in a 13 × 4 grid (3s, 8s and 2s stand out), and the jokers.

        The player's own cards (``own``) are gold, so the bright white ones are those the others hold.
        """
        ctx, scale = self.ctx, layout.scale
        rect = layout.tracker
        rounded_panel(surface, rect, (6, 20, 14, 230), px(12, scale), theme.GOLD, px(2, scale))
        pad = px(8, scale)
        title = px(theme.FONT_SMALL, scale)
        small = max(9, round(title * 0.78))
        heading = ctx.text.draw(surface, ctx.t("tracker.title"), (rect.left + pad, rect.top + pad), title,
                                theme.GOLD, anchor="topleft", bold=True)
        key = pygame.Rect(heading.right + px(10, scale), 0, small, small)
        key.centery = heading.centery
        pygame.draw.rect(surface, TRACKER_OWN, key, border_radius=max(1, px(3, scale)))
        ctx.text.draw(surface, ctx.t("tracker.yours"), (key.right + px(4, scale), key.centery), small, theme.CREAM,
                      anchor="midleft")
        if jokers:
            self._tracker_jokers(surface, rect, played, jokers, pad, small, scale, own)
        header_top = rect.top + pad + title + px(6, scale)
        grid_top = header_top + small + px(3, scale)
        grid_left = rect.left + pad + small + px(4, scale)
        cell_w = (rect.right - pad - grid_left) / 13
        cell_h = (rect.bottom - pad - grid_top) / 4
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
                        size: int, scale: float, own: int = 0) -> None:
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

