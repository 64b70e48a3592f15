"""Card faces, card backs and suit icons, drawn by the program with pygame.

Everything is vector drawing: the suit symbols are polygons and circles (never font
glyphs), the court cards and jokers are composed of shapes.  Artwork is drawn at two to
four times the requested size and smooth-scaled down, which gives anti-aliased edges;
the corner indices are then drawn at the final size so they stay crisp on small cards.

Surfaces are cached in a bounded LRU (window resizes ask for new sizes).  Nothing is
done at import time: the module may be imported before ``pygame.init``.

Card ids follow :mod:`game.engine.cards`: ``rank * 4 + suit`` with ranks 0..12 for
3 4 5 6 7 8 9 10 J Q K A 2 and suits 0..3 for ♠ ♥ ♦ ♣; 52 and 53 are the jokers.
"""

from __future__ import annotations

import functools
import math
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import pygame

from game.engine.cards import CLUBS, DIAMONDS, HEARTS, JOKER_IDS, RANK_LABELS, SPADES, rank_of, suit_of

if TYPE_CHECKING:
    from game.ui.assets import Assets

Point = tuple[float, float]
Color = tuple[int, int, int]

CARD_RATIO: Final = 88 / 63
"""Height over width of a poker-size card (63 × 88 mm)."""

MIN_WIDTH: Final = 8
MAX_WIDTH: Final = 1024

# -- colours ---------------------------------------------------------------------------

PAPER: Final[Color] = (253, 252, 248)
EDGE: Final[Color] = (168, 168, 160)
INK_BLACK: Final[Color] = (24, 24, 28)
INK_RED: Final[Color] = (204, 22, 42)
INK_BLUE: Final[Color] = (22, 88, 190)
INK_GREEN: Final[Color] = (16, 130, 66)
GOLD: Final[Color] = (222, 172, 48)
GOLD_DARK: Final[Color] = (150, 108, 22)
CREAM: Final[Color] = (251, 245, 228)
SKIN: Final[Color] = (248, 218, 188)
OUTLINE: Final[Color] = (40, 32, 30)
WHITE: Final[Color] = (255, 255, 255)

SUIT_COLORS: Final[tuple[Color, ...]] = (INK_BLACK, INK_RED, INK_RED, INK_BLACK)
SUIT_COLORS_FOUR: Final[tuple[Color, ...]] = (INK_BLACK, INK_RED, INK_BLUE, INK_GREEN)

BACK_RED: Final[Color] = (138, 22, 36)
BACK_RED_LINE: Final[Color] = (180, 52, 62)
BACK_NAVY: Final[Color] = (22, 38, 88)
BACK_NAVY_LINE: Final[Color] = (56, 84, 150)


def card_height(width: int) -> int:
    """The height of a card ``width`` pixels wide (the 63:88 poker ratio)."""
    return max(1, round(width * CARD_RATIO))


def suit_color(suit: int, *, four_color: bool = False) -> Color:
    """The ink colour of ``suit`` (0..3) in the normal or the four-colour deck."""
    return (SUIT_COLORS_FOUR if four_color else SUIT_COLORS)[suit]


# -- geometry helpers (pure functions) -------------------------------------------------


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, n: int = 16) -> list[Point]:
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]))
    return out


def _quad(p0: Point, p1: Point, p2: Point, n: int = 12) -> list[Point]:
    out: list[Point] = []
    for i in range(n + 1):
        t = i / n
        a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return out


def _ellipse_pts(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, n: int = 48) -> list[Point]:
    ca, sa = math.cos(angle), math.sin(angle)
    out: list[Point] = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cx + x * ca - y * sa, cy + x * sa + y * ca))
    return out


def _star_pts(
    cx: float, cy: float, r_out: float, r_in: float, points: int = 5, rot: float = -math.pi / 2
) -> list[Point]:
    out: list[Point] = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = rot + math.pi * i / points
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


@dataclass(frozen=True)
class SuitShape:
    """A suit symbol in unit coordinates: height 1, centred on (0, 0), y pointing down."""

    polygons: tuple[tuple[Point, ...], ...]
    circles: tuple[tuple[Point, float], ...] = ()
    width: float = 1.0


@functools.cache
def _heart_points() -> tuple[Point, ...]:
    raw: list[Point] = []
    n = 180
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    ys = [p[1] for p in raw]
    h = max(ys) - min(ys)
    cy = (max(ys) + min(ys)) / 2
    return tuple((x / h * 0.9, (y - cy) / h) for x, y in raw)


@functools.cache
def suit_shape(suit: int) -> SuitShape:
    """The vector outline of a suit symbol, as polygons and circles (drawn, never a font glyph)."""
    if suit == HEARTS:
        return SuitShape((_heart_points(),), width=0.99)
    if suit == DIAMONDS:
        w, h = 0.38, 0.5
        top, right, bottom, left = (0.0, -h), (w, 0.0), (0.0, h), (-w, 0.0)
        pts: list[Point] = []
        for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
            mid = ((a[0] + b[0]) / 2 * 0.86, (a[1] + b[1]) / 2 * 0.86)  # slightly concave sides
            pts.extend(_quad(a, mid, b)[:-1])
        return SuitShape((tuple(pts),), width=2 * w)
    if suit == SPADES:
        body = tuple((x * 1.04, -y * 0.80 - 0.10) for x, y in _heart_points())
        stem = (
            (-0.03, 0.05),
            *_quad((-0.03, 0.12), (-0.04, 0.42), (-0.21, 0.5)),
            *_quad((0.21, 0.5), (0.04, 0.42), (0.03, 0.12)),
            (0.03, 0.05),
        )
        return SuitShape((body, stem), width=1.03)
    if suit == CLUBS:
        r = 0.232
        stem = (
            (-0.035, 0.0),
            *_quad((-0.035, 0.12), (-0.04, 0.42), (-0.2, 0.5)),
            *_quad((0.2, 0.5), (0.04, 0.42), (0.035, 0.12)),
            (0.035, 0.0),
        )
        return SuitShape(
            polygons=(((0.0, -0.2), (-0.2, 0.09), (0.2, 0.09)), stem),
            circles=(((0.0, -0.268), r), ((-0.258, 0.072), r), ((0.258, 0.072), r)),
            width=2 * (0.258 + r),
        )
    raise ValueError(f"no suit {suit}")


def draw_suit(
    surface: pygame.Surface, suit: int, center: Point, height: float, color: Color, *, flip: bool = False
) -> None:
    """Draw suit ``suit`` centred on ``center``, ``height`` pixels tall.

    No anti-aliasing here: draw on a large surface and smooth-scale it down.
    ``flip`` turns the symbol upside down (the lower half of a card).
    """
    cx, cy = center
    s = -height if flip else height
    shape = suit_shape(suit)
    for pts in shape.polygons:
        pygame.draw.polygon(surface, color, [(cx + x * s, cy + y * s) for x, y in pts])
    for (ox, oy), r in shape.circles:
        pygame.draw.circle(surface, color, (cx + ox * s, cy + oy * s), r * height)


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


@dataclass(frozen=True)
class _CourtPalette:
    robe: Color
    robe_dark: Color
    accent: Color
    trim: Color
    hair: Color


def _court_palette(suit: int, four_color: bool) -> _CourtPalette:
    navy, crimson, forest = (34, 56, 112), (176, 28, 44), (22, 96, 64)
    if suit == SPADES:
        return _CourtPalette(navy, (20, 32, 70), crimson, GOLD, (70, 52, 40))
    if suit == HEARTS:
        return _CourtPalette(crimson, (120, 16, 30), navy, GOLD, (96, 56, 30))
    if suit == DIAMONDS:
        if four_color:
            return _CourtPalette((30, 96, 190), (18, 58, 126), (214, 120, 20), GOLD, (120, 78, 40))
        return _CourtPalette((200, 72, 28), (140, 44, 16), (36, 72, 140), GOLD, (120, 78, 40))
    if four_color:
        return _CourtPalette((20, 128, 72), (12, 80, 44), crimson, GOLD, (50, 40, 34))
    return _CourtPalette(forest, (12, 60, 40), crimson, GOLD, (50, 40, 34))


def _darker(c: Color, f: float = 0.7) -> Color:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def _lighter(c: Color, f: float = 0.5) -> Color:
    return (int(c[0] + (255 - c[0]) * f), int(c[1] + (255 - c[1]) * f), int(c[2] + (255 - c[2]) * f))


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
        pygame.draw.polygon(big, ink, _star_pts(c, c * 1.06, c * 0.98, c * 0.42))
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
            pygame.draw.circle(big, _lighter(GOLD, 0.55), (cx, cy), ring)
            pygame.draw.circle(big, GOLD, (cx, cy), ring, max(1, round(size * 0.03)))
            pygame.draw.circle(big, GOLD_DARK, (cx, cy), ring * 0.9, max(1, round(size * 0.012)))
            for i in range(12):
                a = math.pi * 2 * i / 12
                pygame.draw.circle(big, GOLD, (cx + math.cos(a) * ring, cy + math.sin(a) * ring), size * 0.035)
            draw_suit(big, suit, (cx, cy), size, ink)
            pygame.draw.polygon(big, PAPER, _star_pts(cx, cy - size * 0.08, size * 0.09, size * 0.04))
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
        pal = _court_palette(suit, four)
        ink = suit_color(suit, four_color=four)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill(CREAM)
        half_h = rect.height // 2
        upper = panel.subsurface(pygame.Rect(0, 0, rect.width, half_h))
        self._draw_court_half(upper, label, suit, ink, pal)
        lower = pygame.transform.rotate(upper.copy(), 180)
        panel.blit(lower, (0, half_h))
        # frame: suit-coloured outer line, gold inner line, gold centre rule
        lw = max(1, round(rect.width * 0.018))
        pygame.draw.line(panel, pal.trim, (0, half_h), (rect.width, half_h), max(1, lw))
        pygame.draw.rect(panel, pal.robe_dark, panel.get_rect(), lw)
        pygame.draw.rect(panel, pal.trim, panel.get_rect().inflate(-3 * lw, -3 * lw), max(1, lw // 2 + 1))
        big.blit(panel, rect.topleft)

    def _draw_court_half(self, surf: pygame.Surface, label: str, suit: int, ink: Color, pal: _CourtPalette) -> None:
        """One half of a double-headed court figure.

        Coordinates: x from -0.5 to 0.5 across the panel, y from 0 (panel top) to 1 (the
        card's centre line), in units of ``unit`` pixels.
        """
        pw, ph = surf.get_size()
        unit = min(float(ph), pw * 1.25)
        ox = pw / 2
        oy = ph - unit
        thin = max(1, round(unit * 0.009))
        squeeze = 0.88  # figures are a little narrower than they are tall
        head_scale = 1.12  # heads and headwear are drawn larger, about the base of the neck
        zoom = [1.0]

        def p(x: float, y: float) -> Point:
            z = zoom[0]
            return (ox + x * z * unit * squeeze, oy + (0.62 + (y - 0.62) * z) * unit)

        def poly(color: Color, pts: Sequence[Point], outline: bool = True) -> None:
            q = [p(x, y) for x, y in pts]
            pygame.draw.polygon(surf, color, q)
            if outline:
                pygame.draw.polygon(surf, OUTLINE, q, thin)

        def circle(color: Color, c: Point, r: float, outline: bool = True) -> None:
            radius = r * unit * zoom[0]
            pygame.draw.circle(surf, color, p(*c), radius)
            if outline:
                pygame.draw.circle(surf, OUTLINE, p(*c), radius, thin)

        def line(color: Color, a: Point, b: Point, width: float) -> None:
            pygame.draw.line(surf, color, p(*a), p(*b), max(1, round(width * unit * zoom[0])))

        def mirrored(pts: Sequence[Point]) -> list[Point]:
            return [(-x, y) for x, y in pts]

        # soft background rays in the suit's tint
        tint = _lighter(pal.robe, 0.88)
        for i in range(-7, 8):
            x = i * 0.075
            ray = [(x * 0.3 - 0.01, 1.0), (x * 0.3 + 0.01, 1.0), (x * 2.4 + 0.025, -0.2), (x * 2.4 - 0.025, -0.2)]
            poly(tint, ray, False)

        # the attribute's shaft, behind the figure
        if label == "K":
            poly((214, 218, 226), [(0.285, 0.2), (0.3, 0.1), (0.315, 0.2), (0.315, 1.0), (0.285, 1.0)])
            line((150, 156, 170), (0.3, 0.16), (0.3, 1.0), 0.006)
        # long hair behind the queen's shoulders
        if label == "Q":
            zoom[0] = head_scale
            hair = _bezier((-0.14, 0.32), (-0.26, 0.45), (-0.2, 0.62), (-0.24, 0.7))
            hair += _bezier((0.24, 0.7), (0.2, 0.62), (0.26, 0.45), (0.14, 0.32))
            poly(pal.hair, hair)
            zoom[0] = 1.0

        # robe and shoulders
        left_shoulder = [(-0.43, 1.0), (-0.42, 0.8), *_bezier((-0.42, 0.8), (-0.39, 0.66), (-0.27, 0.6), (-0.1, 0.6))]
        robe = left_shoulder + mirrored(left_shoulder[::-1])
        poly(pal.robe, robe)
        # brocade: small lozenges on the robe, a gilded hem, darker sleeves with gold cuffs
        motif = _lighter(pal.robe, 0.2)
        for row in range(7):
            y = 0.66 + row * 0.055
            for col in range(-7, 8):
                x = col * 0.06 + (0.03 if row % 2 else 0.0)
                edge_y = 0.6 + 0.45 * max(0.0, abs(x) - 0.1) ** 1.6 * 4
                if abs(x) < 0.4 and y > edge_y + 0.04 and y < 0.99:
                    poly(motif, [(x, y - 0.014), (x + 0.011, y), (x, y + 0.014), (x - 0.011, y)], False)
        for sx in (-1, 1):
            sleeve = [(sx * 0.435, 1.0), (sx * 0.425, 0.8), (sx * 0.39, 0.7), (sx * 0.31, 0.72), (sx * 0.31, 1.0)]
            poly(pal.robe_dark, sleeve)
            line(pal.trim, (sx * 0.31, 0.73), (sx * 0.31, 1.0), 0.01)
        pygame.draw.lines(surf, pal.trim, False, [p(x, y + 0.012) for x, y in robe[2:-2]], max(1, round(unit * 0.016)))
        robe_hi = _lighter(pal.robe, 0.25)
        if label == "K":
            # front panel with jewelled buttons, ermine stole
            poly(pal.accent, [(-0.09, 0.66), (0.09, 0.66), (0.11, 1.0), (-0.11, 1.0)])
            for x in (-0.055, 0.055):
                line(pal.trim, (x, 0.68), (x * 1.2, 1.0), 0.012)
            for y in (0.78, 0.9):
                poly(pal.trim, [(0.0, y - 0.03), (0.025, y), (0.0, y + 0.03), (-0.025, y)])
            stole = _bezier((-0.33, 0.64), (-0.2, 0.79), (0.2, 0.79), (0.33, 0.64))
            stole += _bezier((0.22, 0.59), (0.12, 0.67), (-0.12, 0.67), (-0.22, 0.59))
            poly(WHITE, stole)
            for x, y in ((-0.22, 0.675), (-0.08, 0.715), (0.08, 0.715), (0.22, 0.675)):
                poly(INK_BLACK, [(x - 0.013, y - 0.012), (x + 0.013, y - 0.012), (x, y + 0.032)], False)
        elif label == "Q":
            # laced bodice and a pearl necklace
            bodice = [(-0.12, 0.64), (0.12, 0.64), (0.09, 1.0), (-0.09, 1.0)]
            poly(robe_hi, bodice)
            for i in range(4):
                y = 0.7 + i * 0.075
                line(pal.trim, (-0.06, y), (0.06, y + 0.05), 0.01)
                line(pal.trim, (0.06, y), (-0.06, y + 0.05), 0.01)
            neckline = _bezier((-0.2, 0.6), (-0.12, 0.7), (0.12, 0.7), (0.2, 0.6))
            poly(pal.trim, [*neckline, (0.14, 0.59), (-0.14, 0.59)])
            for i in range(7):
                x = -0.09 + i * 0.03
                circle(WHITE, (x, 0.655 - 3.0 * x * x), 0.016)
            circle(pal.accent, (0.0, 0.7), 0.022)
        else:
            # tunic with a diagonal sash and a ruff
            sash = [(-0.36, 0.64), (-0.24, 0.6), (0.3, 1.0), (0.16, 1.0)]
            poly(pal.accent, sash)
            for t in (0.3, 0.55, 0.8):
                x = -0.3 + (0.23 + 0.3) * t
                y = 0.62 + 0.38 * t
                circle(pal.trim, (x, y), 0.02)
            for i in range(7):
                x = -0.15 + i * 0.05
                circle(WHITE, (x, 0.62 + abs(x) * 0.15), 0.036)

        # attributes in front of the robe
        if label == "Q":
            # a rose pinned to the gown
            poly(INK_GREEN, _ellipse_pts(0.27, 0.81, 0.04, 0.016, -0.6), False)
            poly(INK_GREEN, _ellipse_pts(0.17, 0.8, 0.04, 0.016, 0.6), False)
            for i in range(6):
                a = 2 * math.pi * i / 6
                circle(_lighter(INK_RED, 0.15), (0.22 + 0.032 * math.cos(a), 0.76 + 0.032 * math.sin(a)), 0.03)
            circle(_darker(INK_RED, 0.8), (0.22, 0.76), 0.024)
        elif label == "K":
            poly((92, 56, 30), [(0.29, 0.57), (0.31, 0.57), (0.31, 0.64), (0.29, 0.64)])  # grip
            poly(pal.trim, [(0.23, 0.545), (0.37, 0.545), (0.37, 0.572), (0.23, 0.572)])  # cross-guard
            circle(pal.accent, (0.3, 0.558), 0.014, False)

        # neck and head (drawn larger)
        zoom[0] = head_scale
        poly(SKIN, [(-0.045, 0.5), (0.045, 0.5), (0.052, 0.61), (-0.052, 0.61)])
        if label == "K":
            for sx in (-1, 1):
                side_hair = [(sx * 0.11, 0.32), (sx * 0.155, 0.36), (sx * 0.14, 0.47), (sx * 0.1, 0.44)]
                poly(_lighter(pal.hair, 0.3), side_hair)
        poly(SKIN, _ellipse_pts(0.0, 0.42, 0.118, 0.14))
        eye_y = 0.405
        for sx in (-1, 1):
            poly(OUTLINE, _ellipse_pts(sx * 0.046, eye_y, 0.015, 0.011), False)
            line(pal.hair, (sx * 0.075, eye_y - 0.032), (sx * 0.022, eye_y - 0.038), 0.012)
            circle(_lighter(INK_RED, 0.6), (sx * 0.068, 0.455), 0.02, False)
        line(_darker(SKIN, 0.72), (0.0, 0.405), (0.01, 0.45), 0.01)

        if label == "K":
            beard = [(-0.115, 0.42), (-0.1, 0.52), (-0.05, 0.59), (0.0, 0.62), (0.05, 0.59), (0.1, 0.52), (0.115, 0.42)]
            beard += [(0.07, 0.47), (0.03, 0.478), (0.0, 0.49), (-0.03, 0.478), (-0.07, 0.47)]
            poly(_lighter(pal.hair, 0.3), beard)
            poly(_lighter(pal.hair, 0.2), [(-0.075, 0.47), (0.0, 0.452), (0.075, 0.47), (0.0, 0.482)])
            line(_darker(INK_RED, 0.8), (-0.02, 0.507), (0.02, 0.507), 0.01)
        else:
            mouth = _quad((-0.03, 0.49), (0.0, 0.505), (0.03, 0.49))
            pygame.draw.lines(surf, INK_RED, False, [p(*q) for q in mouth], max(1, round(unit * 0.012)))

        # headwear
        if label == "K":
            base_y, top_y = 0.31, 0.12
            crown = [(-0.135, base_y), (-0.155, top_y + 0.025), (-0.08, 0.22), (0.0, top_y), (0.08, 0.22)]
            crown += [(0.155, top_y + 0.025), (0.135, base_y)]
            poly(pal.trim, crown)
            band = [(-0.14, base_y + 0.005), (0.14, base_y + 0.005), (0.14, base_y - 0.04), (-0.14, base_y - 0.04)]
            poly(GOLD_DARK, band)
            for x, c in ((-0.075, pal.accent), (0.0, INK_RED), (0.075, pal.accent)):
                circle(c, (x, base_y - 0.018), 0.015, False)
            for x, y in ((-0.155, top_y + 0.025), (0.0, top_y), (0.155, top_y + 0.025)):
                circle(WHITE, (x, y), 0.02)
        elif label == "Q":
            fringe = _bezier((-0.125, 0.42), (-0.14, 0.26), (0.14, 0.26), (0.125, 0.42))
            poly(pal.hair, [*fringe, (0.1, 0.34), (0.0, 0.32), (-0.1, 0.34)])
            base_y = 0.3
            tiara = [(-0.12, base_y), (-0.105, 0.235), (-0.05, 0.265), (0.0, 0.19), (0.05, 0.265), (0.105, 0.235)]
            poly(pal.trim, [*tiara, (0.12, base_y)])
            for x, y in ((-0.105, 0.23), (0.0, 0.185), (0.105, 0.23)):
                circle(WHITE, (x, y), 0.017)
            circle(pal.accent, (0.0, 0.268), 0.02)
            for sx in (-1, 1):
                circle(pal.trim, (sx * 0.122, 0.47), 0.014)
        else:
            for sx in (-1, 1):
                poly(pal.hair, [(sx * 0.118, 0.35), (sx * 0.125, 0.46), (sx * 0.1, 0.44), (sx * 0.095, 0.35)], False)
            feather = _bezier((0.06, 0.29), (0.18, 0.24), (0.27, 0.17), (0.36, 0.1))
            feather += _bezier((0.36, 0.1), (0.34, 0.2), (0.24, 0.29), (0.08, 0.33))
            poly(_lighter(pal.accent, 0.35), feather)
            poly(pal.accent, _ellipse_pts(0.01, 0.295, 0.165, 0.06, -0.06))
            poly(pal.robe_dark, [(-0.125, 0.335), (0.135, 0.315), (0.135, 0.352), (-0.125, 0.372)])
            circle(pal.trim, (0.09, 0.33), 0.018)

        zoom[0] = 1.0
        # the suit in the upper corner of the panel, opposite the sword / feather
        size = unit * 0.13
        margin = pw * 0.07
        draw_suit(surf, suit, (margin + size * 0.5, margin + size * 0.55), size, ink)

    # -- jokers ------------------------------------------------------------------------

    def _draw_joker_art(self, big: pygame.Surface, lay: _Layout, k: int, card_id: int) -> None:
        rect = self._panel_rect(lay, k)
        colorful = card_id == JOKER_IDS[0]
        if colorful:
            bg, hat = (255, 248, 226), ((206, 28, 50), (30, 96, 190), (236, 170, 20))
            ruff = ((206, 28, 50), (30, 96, 190), (236, 170, 20), (20, 140, 80))
            text_colors = ((206, 28, 50), (236, 150, 10), (20, 140, 80), (30, 96, 190), (150, 40, 170))
            frame = (206, 28, 50)
        else:
            bg, hat = (236, 238, 244), ((30, 30, 36), (110, 116, 130), (30, 30, 36))
            ruff = ((30, 30, 36), (170, 176, 190), (30, 30, 36), (170, 176, 190))
            text_colors = ((30, 30, 36),) * 5
            frame = (30, 30, 36)
        panel = pygame.Surface(rect.size, pygame.SRCALPHA)
        panel.fill(bg)
        pw, ph = rect.size
        unit = min(pw, ph * 0.75)
        ox, oy = pw / 2, ph * 0.36

        def p(x: float, y: float) -> Point:
            return (ox + x * unit, oy + y * unit)

        def poly(color: Color, pts: Sequence[Point], outline: bool = True) -> None:
            q = [p(x, y) for x, y in pts]
            pygame.draw.polygon(panel, color, q)
            if outline:
                pygame.draw.polygon(panel, OUTLINE, q, max(1, round(unit * 0.008)))

        def circle(color: Color, c: Point, r: float, outline: bool = True) -> None:
            pygame.draw.circle(panel, color, p(*c), r * unit)
            if outline:
                pygame.draw.circle(panel, OUTLINE, p(*c), r * unit, max(1, round(unit * 0.008)))

        # harlequin diamonds along the top and bottom of the panel
        tile = pw / 8
        for row_y, alt in ((tile * 0.6, 0), (ph - tile * 0.6, 1)):
            for i in range(9):
                x = i * tile
                c = ruff[(i + alt) % len(ruff)]
                pygame.draw.polygon(
                    panel,
                    _lighter(c, 0.35),
                    [(x, row_y - tile * 0.6), (x + tile / 2, row_y), (x, row_y + tile * 0.6), (x - tile / 2, row_y)],
                )
        # scattered stars
        for sx, sy, r in ((-0.36, -0.36, 0.055), (0.38, -0.3, 0.045), (-0.4, 0.52, 0.05), (0.4, 0.6, 0.06)):
            star_c = hat[2] if colorful else (120, 126, 140)
            pygame.draw.polygon(panel, star_c, _star_pts(*p(sx, sy), r * unit, r * unit * 0.42))

        # harlequin tunic: a trapezoid of diamonds in alternating colours
        top_y, bottom_y, top_w, bottom_w = 0.36, 0.7, 0.2, 0.32
        poly(ruff[1], [(-top_w, top_y), (top_w, top_y), (bottom_w, bottom_y), (-bottom_w, bottom_y)])
        rows = 4
        dh = (bottom_y - top_y) / rows
        for r in range(rows):
            y0 = top_y + r * dh
            half = top_w + (bottom_w - top_w) * (r + 0.5) / rows
            cols = 4
            dw = 2 * half / cols
            for col in range(cols):
                if (r + col) % 2:
                    continue
                x0 = -half + col * dw
                diamond = [(x0 + dw / 2, y0), (x0 + dw, y0 + dh / 2), (x0 + dw / 2, y0 + dh), (x0, y0 + dh / 2)]
                tile_colors = (ruff[0], ruff[2], ruff[3]) if colorful else (ruff[0],)
                poly(tile_colors[(r + col // 2) % len(tile_colors)], diamond, False)
        pygame.draw.polygon(
            panel, OUTLINE, [p(-top_w, top_y), p(top_w, top_y), p(bottom_w, bottom_y), p(-bottom_w, bottom_y)],
            max(1, round(unit * 0.01)),
        )  # fmt: skip
        for sx in (-1, 1):
            circle(GOLD, (sx * (bottom_w - 0.02), bottom_y + 0.02), 0.035)
        # ruff collar
        for i in range(9):
            a = math.pi * (0.15 + 0.7 * i / 8)
            circle(ruff[i % len(ruff)], (0.3 * math.cos(a), 0.34 + 0.08 * math.sin(a)), 0.075)
        # face
        poly(SKIN, _ellipse_pts(0.0, 0.12, 0.17, 0.19))
        for sx in (-1, 1):
            poly(OUTLINE, _ellipse_pts(sx * 0.065, 0.09, 0.02, 0.028), False)
            circle(_lighter(INK_RED, 0.45), (sx * 0.1, 0.17), 0.03, False)
            # diamond eye paint
            poly(hat[1], [(sx * 0.065, 0.02), (sx * 0.085, 0.05), (sx * 0.065, 0.06), (sx * 0.045, 0.05)], False)
        circle(INK_RED, (0.0, 0.14), 0.028)
        smile = _bezier((-0.09, 0.19), (-0.05, 0.26), (0.05, 0.26), (0.09, 0.19))
        smile += _bezier((0.09, 0.19), (0.04, 0.23), (-0.04, 0.23), (-0.09, 0.19))
        poly(INK_RED if colorful else (60, 60, 70), smile)
        # the three-pointed hat with bells
        hat_base = [(-0.19, 0.0), (0.19, 0.0)]
        lobes = (
            (hat[0], [(-0.19, 0.0), (-0.32, -0.12), (-0.46, -0.06), (-0.3, -0.3), (-0.05, -0.08)], (-0.46, -0.06)),
            (hat[2], [(0.19, 0.0), (0.32, -0.12), (0.46, -0.06), (0.3, -0.3), (0.05, -0.08)], (0.46, -0.06)),
            (hat[1], [(-0.12, -0.03), (-0.1, -0.22), (0.0, -0.42), (0.1, -0.22), (0.12, -0.03)], (0.0, -0.42)),
        )
        for color, pts, _ in lobes:
            poly(color, pts)
        poly(_darker(hat[1], 0.8), [hat_base[0], (-0.2, -0.05), (0.2, -0.05), hat_base[1]])
        for _, _, tip in lobes:
            circle(GOLD, tip, 0.045)
            circle(GOLD_DARK, (tip[0], tip[1] + 0.02), 0.012, False)
        # the word JOKER
        word_y = ph * 0.83
        cap = min(ph * 0.1, pw / 5.2)
        letters = [self._text(ch, cap, text_colors[i % len(text_colors)]) for i, ch in enumerate("JOKER")]
        spacing = cap * 0.08
        total = sum(s.get_width() for s in letters) + spacing * 4
        x = (pw - total) / 2
        for i, s in enumerate(letters):
            yoff = math.sin(i / 4 * math.pi) * cap * -0.18  # a gentle arch
            panel.blit(s, (round(x), round(word_y - s.get_height() / 2 + yoff)))
            x += s.get_width() + spacing
        lw = max(1, round(pw * 0.018))
        pygame.draw.rect(panel, frame, panel.get_rect(), lw)
        pygame.draw.rect(panel, GOLD, panel.get_rect().inflate(-3 * lw, -3 * lw), max(1, lw // 2 + 1))
        big.blit(panel, rect.topleft)

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
        dot = _lighter(line_c, 0.55)
        if width >= 50:
            for i in range(-n, n + 1):
                for j in range(-n, n + 1):
                    x = cx + (i + j) * step / 2 * 1.0
                    y = cy + (j - i) * step / 2 * 1.0
                    if (i + j) % 2 == 0 and 0 <= x <= iw and 0 <= y <= ih:
                        pygame.draw.circle(art, dot, (x, y), lw * 1.3)
        # inner frame
        inset = max(2, round(width * 0.03 * k))
        frame_c = _lighter(GOLD, 0.3)
        pygame.draw.rect(art, frame_c, art.get_rect().inflate(-2 * inset, -2 * inset), max(1, lw), border_radius=inset)
        # medallion
        mr = min(iw, ih) * 0.3
        pygame.draw.circle(art, _darker(fill, 0.75), (cx, cy), mr)
        pygame.draw.circle(art, frame_c, (cx, cy), mr, max(1, lw))
        pygame.draw.circle(art, frame_c, (cx, cy), mr * 0.86, max(1, lw // 2))
        pip = mr * 0.42
        for suit, (dx, dy) in zip((SPADES, HEARTS, CLUBS, DIAMONDS), ((0, -1), (1, 0), (-1, 0), (0, 1)), strict=True):
            draw_suit(art, suit, (cx + dx * mr * 0.45, cy + dy * mr * 0.45), pip, CREAM)
        pygame.draw.polygon(art, frame_c, _star_pts(cx, cy, mr * 0.14, mr * 0.06, 4, 0.0))
        # round the corners of the art panel
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        mask.fill((255, 255, 255, 0))
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(1, round(lay.radius * k * 0.6)))
        art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        big.blit(art, inner.topleft)
        return self._finish(big, width)


def _clamp_width(width: int) -> int:
    return max(MIN_WIDTH, min(MAX_WIDTH, int(width)))

