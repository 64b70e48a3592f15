"""Where everything sits on the table, computed from the window size and the seat count.

The human sits at the bottom; the other seats follow in play order around an
ellipse from the left, over the top, to the right.  Every element the table
draws has its own slot here (a rectangle), and the slots never overlap: the
seats and their speech bubbles around the edge; down the middle the banner,
the trick with the name of whoever played it, the pile and the messages; the
play log at the bottom left above the human's name, the played-card tracker
at the bottom right above the buttons.  ``TableLayout.slots`` lists them all
(a test checks them for every window size, seat count and language).  All
positions derive from the window size through a few proportions, so the
table works from 960×600 to 2560×1440 and any aspect ratio in between.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import pygame

from ..card_art import card_height
from ..theme import px, ui_scale

OPPONENT_ARC = (166.0, 374.0)
"""Degrees on the table ellipse (90 is the bottom, 270 the top) over which opponents sit."""
FAN_SPREAD = 3.2
"""The width of a fan of card backs, in back widths (from the first card's left to the last one's right)."""
FAN_TILT = 20.0
"""Degrees the outermost backs of a fan lean."""
FAN_TUCK = 0.3
"""The part of a back's height hidden behind the seat's panel."""
TRICK_LAYERS = 4
"""Plays of the trick shown (the newest in front, older ones peeking out behind)."""
TRICK_FIT = 5
"""Cards a play may have before its cards close up to stay in the trick's slot."""
LAYER_SHIFT = (-0.16, -0.05)
"""How far each older play of the trick sits, in card widths and heights."""
LOG_MAX_H = 300
"""The tallest the play log grows (at scale 1)."""
PLATE_GROWTH = 0.75
"""How much of the player's larger text size the width of a seat's plate takes (its height takes all)."""
BUBBLE_LEAST = 96
"""The narrowest a seat's bubble gets beside its panel (at scale 1) before it goes elsewhere."""


@dataclass(frozen=True)
class SeatSpot:
    """Where one opponent is drawn."""

    seat: int
    center: tuple[int, int]
    """The middle of the seat's block (fan and panel)."""
    panel: pygame.Rect
    """Name, level, card count and class badge (drawn inside, the turn glow around it)."""
    fan: pygame.Rect
    """The fanned card backs, as far as they reach (the panel covers their lower edge)."""
    bubble: pygame.Rect
    """Its パス bubble, "thinking" sign or place label."""
    toward: tuple[int, int]
    """Where cards it plays leave from (towards the centre)."""
    top: bool
    """Along the top edge (its bubble hangs below) rather than on a side (bubble on the inner side)."""
    stock: pygame.Rect | None = None
    """Its face-down stock (the 5-card mode): a small stack left of the fan, inside the block."""

    @property
    def block(self) -> pygame.Rect:
        """Everything of the seat but its bubble."""
        block = self.fan.union(self.panel)
        return block.union(self.stock) if self.stock is not None else block

    @property
    def plate(self) -> pygame.Rect:
        """The panel as drawn (the slot less the room of the turn glow)."""
        glow = max(2, (self.panel.height - round(self.panel.height / 1.2)) // 2)
        return self.panel.inflate(-2 * glow, -2 * glow)


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    scale: float
    n: int
    human: int
    card_w: int
    card_h: int
    trick_w: int
    trick_h: int
    back_w: int
    fan_span: int
    """The width the backs of a fan spread over (their centres' span plus one back)."""
    hand_area: pygame.Rect
    hand_y: int
    """The top of an unselected card in the hand."""
    lift: int
    trick_center: tuple[int, int]
    """The middle of the newest play of the trick."""
    trick: pygame.Rect
    """Every card of the trick stays inside (older plays included)."""
    trick_label: pygame.Rect
    """Who played the top cards, and what a joker among them stands for."""
    spots: dict[int, SeatSpot]
    buttons: pygame.Rect
    """The area of the Play / Pass / Hint buttons."""
    toggles: pygame.Rect
    top_bar: pygame.Rect
    menu_button: pygame.Rect
    status: pygame.Rect
    """The rule preset and the game number, in the top bar."""
    indicators: pygame.Rect
    """Revolution, J-back and lock chips, in the middle of the top bar."""
    tracker_button: pygame.Rect
    human_info: pygame.Rect
    """The human's name and class badge, left of the hand."""
    human_bubble: pygame.Rect
    """The human's パス bubble, over the left end of the hand."""
    messages: pygame.Rect
    """The prompt, a refused move's reason, the hint and news, stacked above the hand."""
    banner: pygame.Rect
    """Big words for a rule event (revolution, 8-cut...), between the top seats and the trick."""
    log: pygame.Rect
    """The play log, at the bottom left."""
    tracker: pygame.Rect
    """The played-card tracker, at the bottom right."""
    deck_point: tuple[int, int]
    """Where dealt cards come from."""
    pile: pygame.Rect | None = None
    """The common draw pile left of the trick (the Akita two-player rule); its count is a chip on it."""
    human_stock: pygame.Rect | None = None
    """The human's face-down stock (the 5-card mode), at the left end of the hand's row."""
    stamps: pygame.Rect | None = None
    """The quick reaction stamps (a table for friends), two rows right above the Play / Pass buttons."""

    def seat_point(self, seat: int) -> tuple[int, int]:
        """Where cards of ``seat`` come from or go to."""
        if seat == self.human:
            return (self.size[0] // 2, self.hand_y + self.card_h // 2)
        return self.spots[seat].toward

    def stock_point(self, seat: int) -> tuple[int, int]:
        """The middle of ``seat``'s face-down stock (its seat when it has none)."""
        rect = self.human_stock if seat == self.human else self.spots[seat].stock
        if rect is None:
            return self.seat_point(seat)
        return (rect.centerx, rect.top + card_height(self.back_w) // 2)

    def pile_point(self) -> tuple[int, int]:
        """The middle of the common pile's top card (the deck when there is none)."""
        if self.pile is None:
            return self.deck_point
        return (self.pile.left + self.trick_w // 2, self.pile.top + self.trick_h // 2)

    def hand_positions(self, count: int) -> list[tuple[int, int]]:
        """Top-left corners of ``count`` cards in the hand, left to right (unselected)."""
        if count <= 0:
            return []
        area = self.hand_area
        step = min(self.card_w * 0.62, (area.width - self.card_w) / max(1, count - 1))
        total = self.card_w + step * (count - 1)
        left = area.centerx - total / 2
        return [(round(left + i * step), self.hand_y) for i in range(count)]

    def trick_positions(self, size: int, layer: int) -> list[tuple[int, int]]:
        """Top-left corners for a play of ``size`` cards; older plays (``layer`` > 0) peek out up and left."""
        cx, cy = self.trick_center
        w, h = self.trick_w, self.trick_h
        room = self.trick.right - cx - w / 2  # right of the middle card's right edge
        step = w * 0.55 if size <= 1 else min(w * 0.55, 2 * room / (size - 1))
        total = w + step * (size - 1)
        dx, dy = LAYER_SHIFT
        left = cx - total / 2 + layer * w * dx
        top = cy - h / 2 + layer * h * dy
        return [(round(left + i * step), round(top)) for i in range(size)]

    def slots(self) -> dict[str, pygame.Rect]:
        """Every element's rectangle by name (none may overlap another, each lies on the screen)."""
        out = {
            "menu_button": self.menu_button, "status": self.status, "indicators": self.indicators,
            "tracker_button": self.tracker_button, "banner": self.banner, "trick": self.trick,
            "trick_label": self.trick_label, "messages": self.messages, "hand": self.hand_area,
            "human_bubble": self.human_bubble, "human_info": self.human_info, "toggles": self.toggles,
            "buttons": self.buttons, "log": self.log, "tracker": self.tracker,
        }
        if self.pile is not None:
            out["pile"] = self.pile
        if self.human_stock is not None:
            out["human_stock"] = self.human_stock
        if self.stamps is not None:
            out["stamps"] = self.stamps
        for seat, spot in self.spots.items():
            out[f"seat{seat}"] = spot.block
            out[f"bubble{seat}"] = spot.bubble
        return out


@functools.lru_cache(maxsize=64)
def fan_extent(back_w: int, span: int) -> tuple[int, int, int]:
    """(width, reach above, reach below) of a fan of backs around its reference line.

    The reference line is the top of the middle card; the outer cards lean by
    ``FAN_TILT`` degrees and sit a little lower (see ``TablePainter._fan``).
    """
    back_h = card_height(back_w)
    spread = span - back_w
    left = right = 0.0
    above = below = 0.0
    for i in range(13):
        t = i / 12
        theta = math.radians((t - 0.5) * 2 * FAN_TILT)
        hx = (back_w * abs(math.cos(theta)) + back_h * abs(math.sin(theta))) / 2
        hy = (back_w * abs(math.sin(theta)) + back_h * abs(math.cos(theta))) / 2
        x = -spread / 2 + t * spread
        y = abs(t - 0.5) * back_w * 0.25 + back_h / 2
        left, right = min(left, x - hx), max(right, x + hx)
        above, below = max(above, hy - y), max(below, y + hy)
    return math.ceil(right - left), math.ceil(above), math.ceil(below)


def _clear_of(rect: pygame.Rect, obstacles: list[pygame.Rect], center: int, gap: int) -> pygame.Rect:
    """``rect`` narrowed (both sides alike, around ``center``) until it meets none of ``obstacles``."""
    out = rect.copy()
    for _ in range(len(obstacles) + 1):
        hit = [o for o in obstacles if o.colliderect(out)]
        if not hit:
            break
        half = out.width // 2
        for o in hit:
            half = min(half, center - o.right - gap) if o.centerx < center else min(half, o.left - gap - center)
        half = max(0, half)
        out = pygame.Rect(center - half, out.top, 2 * half, out.height)
    return out


@dataclass(frozen=True)
class _Cards:
    """The sizes of the cards for one window: the hand's, the trick's and the opponents' backs."""

    card_w: int
    card_h: int
    lift: int
    trick_w: int
    trick_h: int
    back_w: int
    back_h: int
    fan_span: int
    fan_w: int
    fan_above: int
    fan_below: int


@dataclass(frozen=True)
class _Bottom:
    """The bottom row: the hand, the buttons at the right, the toggles and the human's name at the left."""

    hand_area: pygame.Rect
    hand_y: int
    buttons: pygame.Rect
    toggles: pygame.Rect
    human_info: pygame.Rect
    human_bubble: pygame.Rect
    human_stock: pygame.Rect | None


@dataclass(frozen=True)
class _Middle:
    """Down the middle: the banner, the trick and its label, the messages, the pile."""

    banner: pygame.Rect
    trick: pygame.Rect
    trick_label: pygame.Rect
    trick_cy: int
    messages: pygame.Rect
    pile: pygame.Rect | None


def _cards(size: tuple[int, int], n: int) -> _Cards:
    width, height = size
    card_w = round(min(height * 0.125, width * 0.072))
    card_h = card_height(card_w)
    trick_w = round(card_w * 0.9)
    back_w = max(18, round(card_w * (0.42 if n <= 5 else 0.38)))
    fan_span = round(back_w * FAN_SPREAD)
    fan_w, fan_above, fan_below = fan_extent(back_w, fan_span)
    return _Cards(card_w, card_h, round(card_h * 0.2), trick_w, card_height(trick_w), back_w, card_height(back_w),
                  fan_span, fan_w, fan_above, fan_below)


def _top_bar(width: int, scale: float, gap: int) -> dict[str, pygame.Rect]:
    """Menu, the status text, the rule chips in the middle, the tracker button."""
    top_bar = pygame.Rect(0, 0, width, px(44, scale))
    button_h = top_bar.height - px(10, scale)
    menu_button = pygame.Rect(px(10, scale), top_bar.top + px(6, scale), px(110, scale), button_h)
    tracker_button = pygame.Rect(0, menu_button.top, px(130, scale), button_h)
    tracker_button.right = width - px(10, scale)
    indicators = pygame.Rect(0, top_bar.top + px(2, scale), round(width * 0.4), top_bar.height - px(4, scale))
    indicators.centerx = width // 2
    status = pygame.Rect(menu_button.right + px(12, scale), top_bar.top + px(2, scale), 0,
                         top_bar.height - px(4, scale))
    status.width = indicators.left - gap - status.left
    return {"top_bar": top_bar, "menu_button": menu_button, "tracker_button": tracker_button,
            "indicators": indicators, "status": status}


def _bottom(size: tuple[int, int], scale: float, cards: _Cards, gap: int, margin: int, stock: bool) -> _Bottom:
    """The hand in the middle (a stock at its left in the 5-card mode), toggles and name left, buttons right."""
    width, height = size
    card_h, lift = cards.card_h, cards.lift
    hand_y = height - card_h - margin - px(6, scale)
    hand_area = pygame.Rect(round(width * 0.2), hand_y - lift, round(width * 0.6), card_h + lift)
    buttons = pygame.Rect(0, 0, round(width * 0.17), round(card_h * 1.05))
    buttons.bottomright = (width - margin, height - margin)
    toggles = pygame.Rect(margin, 0, round(width * 0.17), round(card_h * 0.55))
    toggles.bottomleft = (margin, height - margin)
    human_info = pygame.Rect(margin, 0, round(width * 0.17), round(card_h * 0.42))
    human_info.bottomleft = (margin, toggles.top - gap)
    human_bubble = pygame.Rect(hand_area.left, 0, px(124, scale), px(34, scale))
    human_bubble.bottom = hand_area.top - gap
    human_stock = None
    if stock:  # a small stack with its count below, at the left end of the hand's row
        human_stock = pygame.Rect(hand_area.left, 0, max(cards.back_w + px(12, scale), px(80, scale)),
                                  cards.back_h + px(30, scale))
        human_stock.bottom = hand_area.bottom
        hand_area = pygame.Rect(human_stock.right + gap, hand_area.top, hand_area.right - human_stock.right - gap,
                                hand_area.height)
    return _Bottom(hand_area, hand_y, buttons, toggles, human_info, human_bubble, human_stock)


def _seat_blocks(size: tuple[int, int], n: int, human: int, scale: float, cards: _Cards, area: pygame.Rect,
                 stock: bool, gap: int) -> list[tuple[int, pygame.Rect, pygame.Rect, pygame.Rect]]:
    """(seat, block, fan, panel) of each opponent, in play order around the ellipse, inside ``area``."""
    width, height = size
    cx, cy = width // 2, round(height * 0.43)
    rx, ry = width * 0.39, height * 0.36
    opponents = [(human + k) % n for k in range(1, n)]
    start, end = OPPONENT_ARC
    glow = px(7, scale)
    # The name, the count and the class on the plate grow with the player's size of text: its height as much,
    # its width less (there is room to spare beside the words).
    zoom = scale / ui_scale(size)
    panel_w = round(width * 0.135 * (1 + (zoom - 1) * PLATE_GROWTH)) + 2 * glow
    panel_h = round(height * 0.09 * zoom) + 2 * glow
    fan_h = cards.fan_above + cards.fan_below
    block_h = fan_h - round(cards.back_h * FAN_TUCK) + panel_h
    block_w = max(panel_w, cards.fan_w + 2 * (cards.back_w + px(6, scale) + gap) if stock else cards.fan_w)
    placed = []
    for k, seat in enumerate(opponents):
        angle = 270.0 if len(opponents) == 1 else start + k * (end - start) / (len(opponents) - 1)
        rad = math.radians(angle)
        block = pygame.Rect(0, 0, block_w, block_h)
        block.center = (round(cx + rx * math.cos(rad)), round(cy + ry * math.sin(rad)))
        block.clamp_ip(area)
        fan = pygame.Rect(0, block.top, cards.fan_w, fan_h)
        fan.centerx = block.centerx
        panel = pygame.Rect(0, 0, panel_w, panel_h)
        panel.midbottom = block.midbottom
        placed.append((seat, block, fan, panel))
    return placed


def _bubble(panel: pygame.Rect, block: pygame.Rect, top: bool, inner: int, bubble_size: tuple[int, int], gap: int,
            area: pygame.Rect, taken: list[pygame.Rect], least: int) -> pygame.Rect:
    """A seat's bubble: beside its block on the inner side (a top seat: either side), narrower (down to ``least``)
    where the full width would touch a neighbour, else below its panel, straight or shifted towards the middle
    (a crowded table at a large text size)."""
    width, height = bubble_size
    choices = []
    for side in ((inner, -inner) if top else (inner,)):
        for w in (width, least):
            rect = pygame.Rect(0, 0, w, height)
            rect.centery = panel.centery
            if side > 0:
                rect.left = block.right + gap
            else:
                rect.right = block.left - gap
            choices.append(rect)
    below = pygame.Rect((0, 0), bubble_size)
    below.midtop = (panel.centerx, panel.bottom + gap)
    inward = below.copy()
    if inner > 0:
        inward.left = panel.right - gap
    else:
        inward.right = panel.left + gap
    choices += [below, inward]
    fitting = next((r for r in choices if area.contains(r) and r.collidelist(taken) < 0), None)
    if fitting is None:
        return below if top else choices[0]
    if fitting.width < width:  # as wide as the room beside allows
        right = fitting.left >= block.right
        room = [(o.left - gap - fitting.left) if right else (fitting.right - o.right - gap) for o in taken
                if o.top < fitting.bottom and o.bottom > fitting.top
                and (o.left >= fitting.right if right else o.right <= fitting.left)]
        edge = area.right - fitting.left if right else fitting.right - area.left
        grown = max(fitting.width, min([width, edge, *room]))
        if right:
            fitting.width = grown
        else:
            fitting.left, fitting.width = fitting.right - grown, grown
    return fitting


def _seat_spots(size: tuple[int, int], n: int, human: int, scale: float, cards: _Cards, area: pygame.Rect,
                stock: bool, gap: int) -> dict[int, SeatSpot]:
    """Every opponent's spot: its block (fan and panel), its bubble, its stock, where its cards leave from."""
    width, height = size
    cx, cy = width // 2, round(height * 0.43)
    ry = height * 0.36
    placed = _seat_blocks(size, n, human, scale, cards, area, stock, gap)
    spots: dict[int, SeatSpot] = {}
    taken = [block for _, block, _, _ in placed]
    for seat, block, fan, panel in placed:
        top = block.centery < cy - ry * 0.45
        bubble = _bubble(panel, block, top, 1 if block.centerx < cx else -1, (px(124, scale), px(34, scale)), gap,
                         area, taken, px(BUBBLE_LEAST, scale))
        taken.append(bubble)
        seat_stock = None
        if stock:  # a small face-down stack beside the fan, on the outer side (the left for a top seat)
            seat_stock = pygame.Rect(block.left, fan.top + cards.fan_above, cards.back_w + px(6, scale),
                                     cards.back_h + px(6, scale))
            if not top and block.centerx > cx:
                seat_stock.right = block.right
        toward = (round(block.centerx + (cx - block.centerx) * 0.25),
                  round(block.centery + (cy - block.centery) * 0.25))
        spots[seat] = SeatSpot(seat, block.center, panel, fan, bubble, toward, top, seat_stock)
    return spots


def _banner_row(width: int, ceiling: int, floor: int, banner_h: int, below: int, obstacles: list[pygame.Rect],
                scale: float, gap: int) -> pygame.Rect:
    """The banner's first guess: where it is widest, below a seat that is in the way if the trick, its label
    and the messages (``below`` high) still fit under it above ``floor``."""
    cx = width // 2
    left, right = round(width * 0.2), round(width * 0.8)
    tops = {ceiling} | {o.bottom + gap for o in obstacles if o.right > left and o.left < right and o.bottom > ceiling}
    best: pygame.Rect | None = None
    for y in sorted(tops):
        if y + banner_h + gap + below > floor and best is not None:
            break
        rect = _clear_of(pygame.Rect(left, y, right - left, banner_h), obstacles, cx, gap)
        if best is None or rect.width > best.width + px(40, scale):
            best = rect
    assert best is not None
    return best


def _middle(size: tuple[int, int], scale: float, cards: _Cards, spots: dict[int, SeatSpot], bottom: _Bottom,
            top_bar: pygame.Rect, gap: int, pile: bool) -> _Middle:
    """The banner, the trick at 43% of the height when there is room, its label, the messages above the hand."""
    width, height = size
    cx = width // 2
    trick_w, trick_h = cards.trick_w, cards.trick_h
    blocks = [s.block for s in spots.values()]
    bubbles = [s.bubble for s in spots.values()]
    obstacles = blocks + bubbles
    label_h = px(26, scale)
    dx, dy = LAYER_SHIFT
    trick_total_h = trick_h + round(-dy * trick_h * (TRICK_LAYERS - 1))
    ceiling = max([top_bar.bottom] + [b.bottom for b in bubbles if b.centerx > width * 0.3 and b.centerx < width * 0.7]
                  + [b.bottom for b in blocks if b.left < cx < b.right]) + gap
    messages_h = px(80, scale)
    floor = bottom.hand_area.top - gap
    best = _banner_row(width, ceiling, floor, max(px(56, scale), round(height * 0.085)),
                       trick_total_h + gap + label_h + gap + messages_h, obstacles, scale, gap)
    trick_bottom_max = floor - messages_h - gap - label_h - gap
    trick_cy = max(round(height * 0.43), best.bottom + gap + trick_total_h - trick_h // 2)
    trick_cy = min(trick_cy, trick_bottom_max - trick_h // 2)
    fit_half = round(trick_w * (1 + 0.55 * (TRICK_FIT - 1)) / 2)
    trick_left = cx - fit_half + round(dx * trick_w * (TRICK_LAYERS - 1))
    trick = pygame.Rect(trick_left, trick_cy - trick_h // 2 - (trick_total_h - trick_h), cx + fit_half - trick_left,
                        trick_total_h)
    trick_label = pygame.Rect(trick.left, trick.bottom + gap, trick.width, label_h)
    left, right = round(width * 0.2), round(width * 0.8)
    banner_top = max(best.top, trick.top - gap - px(96, scale))
    banner = _clear_of(pygame.Rect(left, banner_top, right - left, max(1, trick.top - gap - banner_top)), obstacles,
                       cx, gap)
    messages = pygame.Rect(0, trick_label.bottom + gap, right - left - 2 * (bottom.human_bubble.width + gap), 0)
    messages.height = max(1, floor - messages.top)
    messages.centerx = cx
    messages = _clear_of(messages, [*obstacles, bottom.human_bubble], cx, gap)
    pile_rect = None
    if pile:
        pile_rect = pygame.Rect(0, 0, trick_w + px(10, scale), trick_h + px(8, scale))
        pile_rect.bottomright = (trick.left - 3 * gap, trick.bottom)
    return _Middle(banner, trick, trick_label, trick_cy, messages, pile_rect)


def _column(left: int, right: int, bottom: int, limit: int, top: int, others: list[pygame.Rect],
            gap: int) -> pygame.Rect:
    """A panel from ``left`` to ``right`` up to ``limit`` high above ``bottom``, below ``top`` and clear of
    ``others`` above it (the play log, the tracker)."""
    rect = pygame.Rect(left, 0, right - left, 0)
    for other in others:
        if other.right > left and other.left < right and other.top < bottom:
            top = max(top, other.bottom + gap)
    rect.top = max(top, bottom - limit)
    rect.height = max(1, bottom - rect.top)
    return rect


STAMP_ROW = 26
"""The height of a row of reaction stamps (at scale 1)."""


def table_layout(size: tuple[int, int], n: int, human: int, *, stock: bool = False, pile: bool = False,
                 stamps: bool = False, zoom: float = 1.0) -> TableLayout:
    """The layout of a table with ``n`` seats, the human at ``human``, in a window of ``size``.

    ``stock``: every seat has a face-down stock (the 5-card mode); ``pile``: a
    common draw pile lies by the trick; ``stamps``: the reaction stamps of a
    table for friends sit above the buttons; ``zoom``: the player's size of
    text and of the table's elements (the cards keep theirs).  Built in steps:
    the cards' sizes, the top bar, the bottom row, the seats around the
    ellipse, the middle, and the play log and tracker in the bottom corners.
    """
    width = size[0]
    scale = ui_scale(size, zoom)
    gap, margin = px(6, scale), px(14, scale)
    cards = _cards(size, n)
    bar = _top_bar(width, scale, gap)
    top_bar = bar["top_bar"]
    bottom = _bottom(size, scale, cards, gap, margin, stock)
    area = pygame.Rect(margin, top_bar.bottom + gap, width - 2 * margin,
                       bottom.hand_area.top - top_bar.bottom - 2 * gap)
    spots = _seat_spots(size, n, human, scale, cards, area, stock, gap)
    middle = _middle(size, scale, cards, spots, bottom, top_bar, gap, pile)
    others = [s.block for s in spots.values()] + [s.bubble for s in spots.values()]
    left, right = round(width * 0.2), round(width * 0.8)
    log = _column(margin, left - 2 * gap, bottom.human_info.top - gap, px(LOG_MAX_H, scale), top_bar.bottom + gap,
                  others, gap)
    stamp_rect = None
    floor = bottom.buttons.top - gap
    if stamps:
        height = 2 * px(STAMP_ROW, scale) + gap
        stamp_rect = pygame.Rect(bottom.buttons.left, floor - height, bottom.buttons.width, height)
        floor = stamp_rect.top - gap
    tracker = _column(right + 2 * gap, width - margin, floor, px(LOG_MAX_H * 0.6, scale),
                      top_bar.bottom + gap, others, gap)
    cx = width // 2
    return TableLayout(
        size=size, scale=scale, n=n, human=human, card_w=cards.card_w, card_h=cards.card_h, trick_w=cards.trick_w,
        trick_h=cards.trick_h, back_w=cards.back_w, fan_span=cards.fan_span, hand_area=bottom.hand_area,
        hand_y=bottom.hand_y, lift=cards.lift, trick_center=(cx, middle.trick_cy), trick=middle.trick,
        trick_label=middle.trick_label, spots=spots, buttons=bottom.buttons, toggles=bottom.toggles,
        top_bar=top_bar, menu_button=bar["menu_button"], status=bar["status"], indicators=bar["indicators"],
        tracker_button=bar["tracker_button"], human_info=bottom.human_info, human_bubble=bottom.human_bubble,
        messages=middle.messages, banner=middle.banner, log=log, tracker=tracker, deck_point=(cx, middle.trick_cy),
        pile=middle.pile, human_stock=bottom.human_stock, stamps=stamp_rect,
    )
