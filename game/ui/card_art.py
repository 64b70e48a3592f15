"""Card faces, card backs and suit icons, drawn by the program with pygame, and cached.

Everything is vector drawing: the suit symbols are polygons and circles (never font
glyphs), the court cards and jokers are composed of shapes.  Artwork is drawn at two to
four times the requested size and smooth-scaled down, which gives anti-aliased edges;
the corner indices are then drawn at the final size so they stay crisp on small cards.

This module holds :class:`CardArt` (the card's layout, pips, aces, indices, backs and
suit icons, and how they are composed and cached) and :func:`card_height`.  The drawing
it builds on lives next to it:

* :mod:`game.ui.card_shapes`: colours, curve and star point lists, the suit symbols;
* :mod:`game.ui.court_figure`: the jack, queen and king figures (and the ``Pen`` they
  are drawn with);
* :mod:`game.ui.joker_figure`: the jester on the jokers.

Surfaces are cached in a bounded LRU (window resizes ask for new sizes).  Nothing is
done at import time: the module may be imported before ``pygame.init``.

Card ids follow :mod:`game.engine.cards`: ``rank * 4 + suit`` with ranks 0..12 for
3 4 5 6 7 8 9 10 J Q K A 2 and suits 0..3 for ♠ ♥ ♦ ♣; 52 and 53 are the jokers.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pygame

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER_IDS, RANK_LABELS, SPADES, rank_of, suit_of
from game.ui.card_shapes import (
    BACK_NAVY,
    BACK_NAVY_LINE,
    BACK_RED,
    BACK_RED_LINE,
    CREAM,
    EDGE,
    GOLD,
    GOLD_DARK,
    INK_BLACK,
    INK_RED,
    PAPER,
    Color,
    darker,
    draw_suit,
    lighter,
    star_points,
    suit_color,
)
from game.ui.court_figure import court_palette, draw_court_half
from game.ui.joker_figure import JokerPalette, draw_jester, joker_palette

if TYPE_CHECKING:
    from game.ui.assets import Assets

__all__ = ["CARD_RATIO", "MAX_WIDTH", "MIN_WIDTH", "CardArt", "card_height", "suit_color"]

CARD_RATIO: Final = 88 / 63
"""Height over width of a poker-size card (63 × 88 mm)."""

MIN_WIDTH: Final = 8
MAX_WIDTH: Final = 1024


def card_height(width: int) -> int:
    """The height of a card ``width`` pixels wide (the 63:88 poker ratio)."""
    return max(1, round(width * CARD_RATIO))


# -- layout ----------------------------------------------------------------------------

PIP_LAYOUTS: Final[dict[int, tuple[tuple[int, float], ...]]] = {
    # rank label value -> (column -1/0/1, row 0..1) of every pip; rows below the middle are upside down
    2: ((0, 0.0), (0, 1.0)),
    3: ((0, 0.0), (0, 0.5), (0, 1.0)),
    4: ((-1, 0.0), (1, 0.0), (-1, 1.0), (1, 1.0)),
    5: ((-1, 0.0), (1, 0.0), (0, 0.5), (-1, 1.0), (1, 1.0)),
    6: ((-1, 0.0), (1, 0.0), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    7: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1.0), (1, 1.0)),
    8: ((-1, 0.0), (1, 0.0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75), (-1, 1.0), (1, 1.0)),
    9: ((-1, 0.0), (1, 0.0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3), (1, 2 / 3), (-1, 1.0), (1, 1.0)),
    10: (
        (-1, 0.0), (1, 0.0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3),
        (-1, 2 / 3), (1, 2 / 3), (0, 5 / 6), (-1, 1.0), (1, 1.0),
    ),
}  # fmt: skip


@dataclass(frozen=True)
class _Layout:
    """Positions on a card of a given width, in final pixels."""

    width: int
    height: int
    radius: float
    cap: float  # height of the index rank characters
    index_left: float
    index_top: float
    index_w: float
    field_left: float  # the pip / picture field lies between the index columns

    @staticmethod
    def of(width: int) -> _Layout:
        w = float(width)
        h = card_height(width)
        # Indices are relatively larger on small cards so that a fanned hand stays readable.
        t = min(1.0, max(0.0, (w - 40.0) / (150.0 - 40.0)))
        cap = w * (0.2 + (0.118 - 0.2) * t)
        index_left = max(1.5, w * (0.035 + 0.01 * t))
        index_top = max(2.0, w * (0.05 + 0.005 * t))
        index_w = cap * 1.12
        field_left = index_left + index_w + w * (0.05 - 0.012 * t)
        return _Layout(
            width=width,
            height=h,
            radius=max(3.5, w * 0.055),
            cap=cap,
            index_left=index_left,
            index_top=index_top,
            index_w=index_w,
            field_left=field_left,
        )


def _supersample(width: int) -> int:
    if width <= 80:
        return 4
    if width <= 160:
        return 3
    return 2


# -- the bounded cache ---------------------------------------------------------------


class _SurfaceCache:
    """An LRU of surfaces bounded by entry count and by pixel memory."""

    def __init__(self, max_items: int, max_bytes: int) -> None:
        self.max_items = max_items
        self.max_bytes = max_bytes
        self._items: OrderedDict[tuple[object, ...], pygame.Surface] = OrderedDict()
        self._bytes = 0

    def get(self, key: tuple[object, ...]) -> pygame.Surface | None:
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: tuple[object, ...], surf: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self._bytes -= _surface_bytes(old)
        self._items[key] = surf
        self._bytes += _surface_bytes(surf)
        while self._items and (len(self._items) > self.max_items or self._bytes > self.max_bytes):
            if len(self._items) == 1:
                break
            _, dropped = self._items.popitem(last=False)
            self._bytes -= _surface_bytes(dropped)

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0

    def __len__(self) -> int:
        return len(self._items)

    @property
    def nbytes(self) -> int:
        return self._bytes


def _surface_bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4


# -- the artist ------------------------------------------------------------------------


class CardArt:
    """Draws and caches card faces, backs and suit icons.

    >>> # art = CardArt(Assets()); art.face(0, 120)  -> the 3 of spades, 120 × 168 px
    """

    def __init__(self, assets: Assets, *, max_items: int = 400, max_bytes: int = 80 * 1024 * 1024) -> None:
        self._assets = assets
        self._cache = _SurfaceCache(max_items, max_bytes)

    # -- public API ------------------------------------------------------------------

    def face(self, card_id: int, width: int, *, four_color: bool = False) -> pygame.Surface:
        """The face of ``card_id`` (0..53), ``width`` px wide and ``card_height(width)`` tall.

        Transparent outside the rounded corners.  The returned surface is shared: copy it
        before drawing on it.
        """
        if not 0 <= card_id <= JOKER_IDS[-1]:
            raise ValueError(f"no card id {card_id}")
        width = _clamp_width(width)
        four = bool(four_color) and card_id < 52
        key: tuple[object, ...] = ("face", card_id, width, four)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_face(card_id, width, four)
            self._cache.put(key, surf)
        return surf

    def warm(self, widths: Sequence[int], *, four_color: bool = False, budget: float = 0.002) -> bool:
        """Draw faces not yet cached at ``widths`` for at most ``budget`` seconds; True once all are.

        Called in spare frame time, so that a card first shown at a new size
        (after a resize, or flying to the table) does not cost a frame its budget.
        """
        deadline = time.perf_counter() + budget
        for width in widths:
            for card_id in range(JOKER_IDS[-1] + 1):
                four = bool(four_color) and card_id < 52
                if self._cache.get(("face", card_id, _clamp_width(width), four)) is None:
                    if time.perf_counter() > deadline:
                        return False
                    self.face(card_id, width, four_color=four_color)
        return True

    def back(self, width: int, *, color: str = "red") -> pygame.Surface:
        """The card back (``color`` "red" or "navy"), ``width`` px wide."""
        width = _clamp_width(width)
        key: tuple[object, ...] = ("back", width, color)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_back(width, color)
            self._cache.put(key, surf)
        return surf

    def suit_icon(
        self, suit: int, size: int, *, four_color: bool = False, color: Color | None = None
    ) -> pygame.Surface:
        """A ``size`` × ``size`` anti-aliased suit symbol on a transparent background."""
        if not 0 <= suit <= 3:
            raise ValueError(f"no suit {suit}")
        size = max(4, min(1024, int(size)))
        ink = color if color is not None else suit_color(suit, four_color=four_color)
        key: tuple[object, ...] = ("suit", suit, size, ink)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._draw_suit_icon(suit, size, ink)
            self._cache.put(key, surf)
        return surf

    def clear_cache(self) -> None:
        self._cache.clear()

    @property
    def cache_size(self) -> int:
        """Surfaces held in the cache."""
        return len(self._cache)

    @property
    def cache_bytes(self) -> int:
        """Pixel memory held in the cache."""
        return self._cache.nbytes

    # -- building blocks ---------------------------------------------------------------

    def _draw_suit_icon(self, suit: int, size: int, ink: Color) -> pygame.Surface:
        k = max(4, 96 // size) if size < 96 else 2
        big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
        big.fill((*ink, 0))
        draw_suit(big, suit, (size * k / 2, size * k / 2), size * k * 0.96, ink)
        return pygame.transform.smoothscale(big, (size, size))

    def _blank(self, width: int, k: int) -> tuple[pygame.Surface, _Layout]:
        """A supersampled blank card: paper with a thin border (opaque; the corners are
        made transparent by ``_finish``)."""
        lay = _Layout.of(width)
        w, h = width * k, lay.height * k
        surf = pygame.Surface((w, h), 0, 32)
        surf.fill(EDGE)
        r = round(lay.radius * k)
        bw = max(k, round(width * k / 200))
        pygame.draw.rect(surf, PAPER, (bw, bw, w - 2 * bw, h - 2 * bw), border_radius=max(1, r - bw))
        return surf, lay

    def _finish(self, big: pygame.Surface, width: int) -> pygame.Surface:
        """Scale the supersampled card down and cut the rounded corners (anti-aliased)."""
        height = card_height(width)
        scaled = pygame.transform.smoothscale(big, (width, height))
        card = pygame.Surface((width, height), pygame.SRCALPHA)
        card.blit(scaled, (0, 0))
        card.blit(self._corner_mask(width), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return card

    def _corner_mask(self, width: int) -> pygame.Surface:
        """White, opaque except the four rounded corners (exact coverage, 4 × 4 samples)."""
        key: tuple[object, ...] = ("mask", width)
        mask = self._cache.get(key)
        if mask is not None:
            return mask
        height = card_height(width)
        radius = _Layout.of(width).radius
        mask = pygame.Surface((width, height), pygame.SRCALPHA)
        mask.fill((255, 255, 255, 255))
        n = 4
        size = math.ceil(radius)
        for y in range(size):
            for x in range(size):
                inside = 0
                for j in range(n):
                    py = y + (j + 0.5) / n
                    for i in range(n):
                        px = x + (i + 0.5) / n
                        if px >= radius or py >= radius or (px - radius) ** 2 + (py - radius) ** 2 <= radius * radius:
                            inside += 1
                alpha = round(255 * inside / (n * n))
                if alpha == 255:
                    continue
                for cx, cy in ((x, y), (width - 1 - x, y), (x, height - 1 - y), (width - 1 - x, height - 1 - y)):
                    mask.set_at((cx, cy), (255, 255, 255, alpha))
        self._cache.put(key, mask)
        return mask

    def _text(self, text: str, cap_px: float, color: Color, *, bold: bool = True) -> pygame.Surface:
        """``text`` rendered so that its capital height is about ``cap_px``, cropped to the ink."""
        size = max(4, round(cap_px / 0.733))
        font = self._assets.font(size, bold=bold)
        ref = font.render("H", True, color).get_bounding_rect()
        surf = font.render(text, True, color)
        box = surf.get_bounding_rect()
        if box.width == 0:
            return pygame.Surface((1, 1), pygame.SRCALPHA)
        top = min(ref.top, box.top)
        bottom = max(ref.bottom, box.bottom)
        return surf.subsurface(pygame.Rect(box.left, top, box.width, bottom - top)).copy()

    def _rank_text(self, label: str, cap: float, color: Color, max_w: float) -> pygame.Surface:
        if label == "10":
            one = self._text("1", cap, color)
            zero = self._text("0", cap, color)
            gap = round(cap * 0.02)
            h = max(one.get_height(), zero.get_height())
            surf = pygame.Surface((one.get_width() + gap + zero.get_width(), h), pygame.SRCALPHA)
            surf.fill((*color, 0))
            surf.blit(one, (0, 0))
            surf.blit(zero, (one.get_width() + gap, 0))
        else:
            surf = self._text(label, cap, color)
        if surf.get_width() > max_w:
            surf = pygame.transform.smoothscale(surf, (max(1, round(max_w)), surf.get_height()))
        return surf

    def _index_block(self, card_id: int, lay: _Layout, four: bool) -> pygame.Surface:
        """The corner index (rank above suit), at final resolution."""
        cap = lay.cap
        col_w = max(1, math.ceil(lay.index_w))
        if card_id >= 52:
            return self._joker_index(card_id, lay)
        suit = suit_of(card_id)
        ink = suit_color(suit, four_color=four)
        rank = self._rank_text(RANK_LABELS[rank_of(card_id)], cap, ink, col_w)
        icon = self.suit_icon(suit, max(4, round(cap * 0.86)), four_color=four)
        gap = max(1, round(cap * 0.16))
        h = rank.get_height() + gap + icon.get_height()
        block = pygame.Surface((col_w, h), pygame.SRCALPHA)
        block.fill((*ink, 0))
        block.blit(rank, ((col_w - rank.get_width()) // 2, 0))
        block.blit(icon, ((col_w - icon.get_width()) // 2, rank.get_height() + gap))
        return block

    def _joker_index(self, card_id: int, lay: _Layout) -> pygame.Surface:
        ink = INK_RED if card_id == JOKER_IDS[0] else INK_BLACK
        col_w = max(1, math.ceil(lay.index_w))
        star_size = max(5, round(lay.cap * 1.0))
        star = self._star_icon(star_size, ink)
        letters = [self._text(ch, lay.cap * 0.6, ink) for ch in "JOKER"]
        parts = [*letters, star]
        gap = max(1, round(lay.cap * 0.12))
        h = sum(p.get_height() for p in parts) + gap * (len(parts) - 1)
        block = pygame.Surface((col_w, h), pygame.SRCALPHA)
        block.fill((*ink, 0))
        y = 0
        for p in parts:
            block.blit(p, ((col_w - p.get_width()) // 2, y))
            y += p.get_height() + gap
        return block

    def _star_icon(self, size: int, ink: Color) -> pygame.Surface:
        k = max(4, 96 // size) if size < 96 else 2
        big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
        big.fill((*ink, 0))
        c = size * k / 2
        pygame.draw.polygon(big, ink, star_points(c, c * 1.06, c * 0.98, c * 0.42))
        return pygame.transform.smoothscale(big, (size, size))

    def _place_indices(self, card: pygame.Surface, block: pygame.Surface, lay: _Layout) -> None:
        x = round(lay.index_left)
        y = round(lay.index_top)
        card.blit(block, (x, y))
        flipped = pygame.transform.rotate(block, 180)
        card.blit(flipped, (lay.width - x - block.get_width(), lay.height - y - block.get_height()))

    # -- faces -------------------------------------------------------------------------

    def _draw_face(self, card_id: int, width: int, four: bool) -> pygame.Surface:
        k = _supersample(width)
        big, lay = self._blank(width, k)
        if card_id >= 52:
            self._draw_joker_art(big, lay, k, card_id)
        else:
            rank, suit = rank_of(card_id), suit_of(card_id)
            label = RANK_LABELS[rank]
            if label in ("J", "Q", "K"):
                self._draw_court(big, lay, k, label, suit, four)
            elif label == "A":
                self._draw_ace(big, lay, k, suit, four)
            else:
                self._draw_pips(big, lay, k, int(label), suit, four)
        card = self._finish(big, width)
        self._place_indices(card, self._index_block(card_id, lay, four), lay)
        return card

    def _pip_geometry(self, lay: _Layout) -> tuple[float, float, float, float, float]:
        """(pip height, left column x, right column x, top row y, bottom row y) in final px."""
        w, h = float(lay.width), float(lay.height)
        field_w = w - 2 * lay.field_left
        top_y = h * 0.2
        bottom_y = h - top_y
        # pips must clear each other: side columns vs the centre column, and rows of the 9 and 10
        pip_h = min(w * 0.19, field_w / 3.1 / 0.96, (bottom_y - top_y) / 3 * 0.82)
        left_x = lay.field_left + pip_h * 0.48
        right_x = w - left_x
        return pip_h, left_x, right_x, top_y, bottom_y

    def _draw_pips(self, big: pygame.Surface, lay: _Layout, k: int, count: int, suit: int, four: bool) -> None:
        ink = suit_color(suit, four_color=four)
        pip_h, left_x, right_x, top_y, bottom_y = self._pip_geometry(lay)
        cx = lay.width / 2
        for col, row in PIP_LAYOUTS[count]:
            x = cx if col == 0 else (left_x if col < 0 else right_x)
            y = top_y + (bottom_y - top_y) * row
            draw_suit(big, suit, (x * k, y * k), pip_h * k, ink, flip=row > 0.5)

    def _draw_ace(self, big: pygame.Surface, lay: _Layout, k: int, suit: int, four: bool) -> None:
        ink = suit_color(suit, four_color=four)
        w, h = lay.width * k, lay.height * k
        cx, cy = w / 2, h / 2
        if suit == SPADES:
            # the ace of spades is traditionally ornate: a large spade in a double ring
            size = min(w * 0.5, (w - 2 * lay.field_left * k) * 0.95)
            ring = size * 0.78
            pygame.draw.circle(big, lighter(GOLD, 0.55), (cx, cy), ring)
            pygame.draw.circle(big, GOLD, (cx, cy), ring, max(1, round(size * 0.03)))
            pygame.draw.circle(big, GOLD_DARK, (cx, cy), ring * 0.9, max(1, round(size * 0.012)))
            for i in range(12):
                a = math.pi * 2 * i / 12
                pygame.draw.circle(big, GOLD, (cx + math.cos(a) * ring, cy + math.sin(a) * ring), size * 0.035)
            draw_suit(big, suit, (cx, cy), size, ink)
            pygame.draw.polygon(big, PAPER, star_points(cx, cy - size * 0.08, size * 0.09, size * 0.04))
        else:
            size = min(w * 0.48, (w - 2 * lay.field_left * k) * 0.95)
            draw_suit(big, suit, (cx, cy), size, ink)

    # -- court cards -------------------------------------------------------------------

    def _panel_rect(self, lay: _Layout, k: int) -> pygame.Rect:
        x0 = lay.field_left * k
        y0 = max(lay.index_top, lay.width * 0.055) * k
        w = lay.width * k - 2 * x0
        h = lay.height * k - 2 * y0
        h_even = int(h) - int(h) % 2
        return pygame.Rect(round(x0), round(y0), int(w), h_even)

    def _draw_court(self, big: pygame.Surface, lay: _Layout, k: int, label: str, suit: int, four: bool) -> None:
        rect = self._panel_rect(lay, k)
        pal = court_palette(suit, four)
        ink = suit_color(suit, four_color=four)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill(CREAM)
        half_h = rect.height // 2
        upper = panel.subsurface(pygame.Rect(0, 0, rect.width, half_h))
        draw_court_half(upper, label, suit, ink, pal)
        lower = pygame.transform.rotate(upper.copy(), 180)
        panel.blit(lower, (0, half_h))
        # frame: suit-coloured outer line, gold inner line, gold centre rule
        lw = max(1, round(rect.width * 0.018))
        pygame.draw.line(panel, pal.trim, (0, half_h), (rect.width, half_h), max(1, lw))
        pygame.draw.rect(panel, pal.robe_dark, panel.get_rect(), lw)
        pygame.draw.rect(panel, pal.trim, panel.get_rect().inflate(-3 * lw, -3 * lw), max(1, lw // 2 + 1))
        big.blit(panel, rect.topleft)

    # -- jokers ------------------------------------------------------------------------

    def _draw_joker_art(self, big: pygame.Surface, lay: _Layout, k: int, card_id: int) -> None:
        rect = self._panel_rect(lay, k)
        pal = joker_palette(colorful=card_id == JOKER_IDS[0])
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill(pal.background)
        draw_jester(panel, pal)
        self._draw_joker_word(panel, pal)
        lw = max(1, round(rect.width * 0.018))
        pygame.draw.rect(panel, pal.frame, panel.get_rect(), lw)
        pygame.draw.rect(panel, GOLD, panel.get_rect().inflate(-3 * lw, -3 * lw), max(1, lw // 2 + 1))
        big.blit(panel, rect.topleft)

    def _draw_joker_word(self, panel: pygame.Surface, pal: JokerPalette) -> None:
        """The word JOKER in a gentle arch below the jester, one colour per letter."""
        pw, ph = panel.get_size()
        word_y = ph * 0.83
        cap = min(ph * 0.1, pw / 5.2)
        letters = [self._text(ch, cap, pal.letters[i % len(pal.letters)]) for i, ch in enumerate("JOKER")]
        spacing = cap * 0.08
        total = sum(s.get_width() for s in letters) + spacing * 4
        x = (pw - total) / 2
        for i, s in enumerate(letters):
            yoff = math.sin(i / 4 * math.pi) * cap * -0.18
            panel.blit(s, (round(x), round(word_y - s.get_height() / 2 + yoff)))
            x += s.get_width() + spacing

    # -- back --------------------------------------------------------------------------

    def _draw_back(self, width: int, color: str) -> pygame.Surface:
        k = _supersample(width)
        big, lay = self._blank(width, k)
        w, h = big.get_size()
        fill, line_c = (BACK_NAVY, BACK_NAVY_LINE) if color == "navy" else (BACK_RED, BACK_RED_LINE)
        margin = round(max(2.0, width * 0.05) * k)
        inner = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        art = pygame.Surface(inner.size, pygame.SRCALPHA)
        art.fill(fill)
        iw, ih = inner.size
        # diagonal lattice
        step = max(3.0, width * 0.085 * k)
        lw = max(1, round(width * 0.012 * k))
        n = int((iw + ih) / step) + 2
        cx, cy = iw / 2, ih / 2
        for i in range(-n, n + 1):
            off = i * step
            pygame.draw.line(art, line_c, (cx + off - ih, cy - ih), (cx + off + ih, cy + ih), lw)
            pygame.draw.line(art, line_c, (cx + off + ih, cy - ih), (cx + off - ih, cy + ih), lw)
        dot = lighter(line_c, 0.55)
        if width >= 50:
            for i in range(-n, n + 1):
                for j in range(-n, n + 1):
                    x = cx + (i + j) * step / 2 * 1.0
                    y = cy + (j - i) * step / 2 * 1.0
                    if (i + j) % 2 == 0 and 0 <= x <= iw and 0 <= y <= ih:
                        pygame.draw.circle(art, dot, (x, y), lw * 1.3)
        # inner frame
        inset = max(2, round(width * 0.03 * k))
        frame_c = lighter(GOLD, 0.3)
        pygame.draw.rect(art, frame_c, art.get_rect().inflate(-2 * inset, -2 * inset), max(1, lw), border_radius=inset)
        # medallion
        mr = min(iw, ih) * 0.3
        pygame.draw.circle(art, darker(fill, 0.75), (cx, cy), mr)
        pygame.draw.circle(art, frame_c, (cx, cy), mr, max(1, lw))
        pygame.draw.circle(art, frame_c, (cx, cy), mr * 0.86, max(1, lw // 2))
        pip = mr * 0.42
        for suit, (dx, dy) in zip((SPADES, HEARTS, CLUBS, DIAMONDS), ((0, -1), (1, 0), (-1, 0), (0, 1)), strict=True):
            draw_suit(art, suit, (cx + dx * mr * 0.45, cy + dy * mr * 0.45), pip, CREAM)
        pygame.draw.polygon(art, frame_c, star_points(cx, cy, mr * 0.14, mr * 0.06, 4, 0.0))
        # round the corners of the art panel
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, round(lay.radius * k * 0.6)))
        art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(art, inner.topleft)
        return self._finish(big, width)


def _clamp_width(width: int) -> int:
    return max(MIN_WIDTH, min(MAX_WIDTH, int(width)))
