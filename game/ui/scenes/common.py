"""What the menu screens share: the felt backdrop, a header, a scrolling area, form rows and dialogs.

Every screen built on ``MenuScreen`` has the same frame: the felt, a title with a
gold ornament, a Back button at the top left (Esc does the same), a content
area that may scroll (wheel, keyboard focus, clicks on the scroll bar) and an
optional footer.  Widgets inside the scrolling area are placed in *content*
coordinates with ``Scroller.place``; the scroller moves them on screen.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..intents import Command, Intent, Pointer, Wheel
from ..scene import ANIMATING, Scene
from ..theme import px
from ..widgets import Button, Label, Widget, WidgetGroup, rounded_panel
from .overlay import Overlay

if TYPE_CHECKING:
    from ..context import Context


HEADER_H = 84
"""Height of a screen's title bar at scale 1."""
ROW_H = 44
ROW_GAP = 8
PANEL_FILL = (8, 30, 21, 185)
PANEL_BORDER = (232, 190, 84, 110)
ROW_FILL = (255, 255, 255, 14)
ERROR_TEXT = (255, 150, 130)
MEMO_SIZE = 400
"""Kept drawings (translucent panels, shades) in ``ctx.cache``."""


def tr(ctx: Context, key: str, **params: object) -> Callable[[], str]:
    """A label in the language of the moment (``ctx.t`` is replaced when the language changes)."""
    return lambda: ctx.t(key, **params)


def label_text(label: Label) -> str:
    return label() if callable(label) else label


# --- text ----------------------------------------------------------------------------------


def wrap_text(ctx: Context, text: str, size: int, width: int, *, bold: bool = False) -> list[str]:
    """Lines no wider than ``width`` (see ``TextRenderer.wrap``)."""
    return ctx.text.wrap(text, size, width, bold=bold)


def fit_text(ctx: Context, text: str, size: int, width: int, *, bold: bool = False) -> str:
    """``text`` cut with an ellipsis so that it is no wider than ``width``."""
    if ctx.text.size(text, size, bold=bold)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if ctx.text.size(text[:middle].rstrip() + "…", size, bold=bold)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def draw_lines(ctx: Context, surface: pygame.Surface, lines: Sequence[str], pos: tuple[int, int], size: int,
               color: tuple[int, ...], *, line_h: int | None = None, anchor: str = "topleft",
               bold: bool = False, shadow: bool = False) -> int:
    """Draw lines one under another from ``pos`` (their ``anchor`` x); returns the y under the last one."""
    step = line_h or round(size * 1.45)
    x, y = pos
    horizontal = {"topleft": "topleft", "midtop": "midtop", "topright": "topright"}[anchor]
    for line in lines:
        ctx.text.draw(surface, line, (x, y), size, color, anchor=horizontal, bold=bold, shadow=shadow)
        y += step
    return y


def chip(ctx: Context, surface: pygame.Surface, text: str, center_or_left: tuple[int, int], color: theme.Color,
         *, size: int, anchor: str = "center", ink: tuple[int, ...] = theme.INK) -> pygame.Rect:
    """A pill-shaped label (a class badge, a value); returns its rect.  Dark chips get light ink."""
    if ink == theme.INK and 0.299 * color[0] + 0.587 * color[1] + 0.114 * color[2] < 125:
        ink = theme.CREAM
    image = ctx.text.render(text, size, ink, bold=True)
    pad_x, pad_y = max(4, size * 2 // 3), max(2, size // 4)
    rect = image.get_rect().inflate(pad_x, pad_y * 2)
    setattr(rect, anchor, center_or_left)
    rounded_panel(surface, rect, color, rect.height // 2)
    surface.blit(image, image.get_rect(center=rect.center))
    return rect


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw only inside ``rect`` (and the clip already in force) for a while."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip))
    try:
        yield
    finally:
        surface.set_clip(clip)


# --- the backdrop and the header ---------------------------------------------------------------


class Backdrop:
    """The green felt of the table, shared by every screen (``TablePainter.felt``)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def prepare(self, size: tuple[int, int]) -> pygame.Surface:
        from ..table.painter import TablePainter

        return TablePainter(self.ctx).felt(size)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.prepare(surface.get_size()), (0, 0))


def _memo(ctx: Context, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
    """A drawing kept in ``ctx.cache`` (the few hundred most recent)."""
    store: OrderedDict[tuple[object, ...], pygame.Surface] = ctx.cache.setdefault("menus.surfaces", OrderedDict())
    image = store.get(key)
    if image is None:
        image = store[key] = make()
        while len(store) > MEMO_SIZE:
            store.popitem(last=False)
    else:
        store.move_to_end(key)
    return image


def panel(ctx: Context, surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, radius: int,
          border: theme.Color | None = None, width: int = 0) -> None:
    """``rounded_panel`` whose translucent layers are drawn once and kept."""
    if rect.width <= 0 or rect.height <= 0:
        return
    translucent = (len(color) == 4 and color[3] < 255) or (border is not None and len(border) == 4 and border[3] < 255)
    if not translucent:
        rounded_panel(surface, rect, color, radius, border, width)
        return

    def make() -> pygame.Surface:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        rounded_panel(layer, layer.get_rect(), color, radius, border, width)
        return layer

    surface.blit(_memo(ctx, ("panel", rect.size, tuple(color), radius, border and tuple(border), width), make),
                 rect)


def shade(ctx: Context, surface: pygame.Surface, alpha: int, rect: pygame.Rect | None = None) -> None:
    """Darken ``rect`` (the whole surface by default)."""
    area = rect or surface.get_rect()

    def make() -> pygame.Surface:
        layer = pygame.Surface(area.size, pygame.SRCALPHA)
        layer.fill((0, 0, 0, alpha))
        return layer

    surface.blit(_memo(ctx, ("shade", area.size, alpha), make), area)


def ornament(ctx: Context, surface: pygame.Surface, center: tuple[int, int], half_width: int, scale: float,
             color: tuple[int, int, int] = theme.GOLD) -> None:
    """A thin gold rule that fades towards its ends, with a small diamond in the middle."""
    cx, cy = center
    thickness = max(1, px(2, scale))

    def make() -> pygame.Surface:
        width = max(1, half_width * 2)
        line = pygame.Surface((width, thickness), pygame.SRCALPHA)
        for x in range(width):
            alpha = round(230 * (1 - abs(x - half_width) / max(1, half_width)) ** 0.8)
            pygame.draw.line(line, (*color, alpha), (x, 0), (x, thickness))
        return line

    line = _memo(ctx, ("ornament", half_width, thickness, color), make)
    surface.blit(line, (cx - half_width, cy - thickness // 2))
    d = px(6, scale)
    pygame.draw.polygon(surface, color, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
    pygame.draw.polygon(surface, theme.FELT_DARK, [(cx, cy - d // 2), (cx + d // 2, cy), (cx, cy + d // 2),
                                                   (cx - d // 2, cy)])


def section_title(ctx: Context, surface: pygame.Surface, text: str, pos: tuple[int, int], width: int,
                  scale: float) -> None:
    """A heading inside a panel: gold bold text over a faint line."""
    size = px(theme.FONT_LABEL - 2, scale)
    rect = ctx.text.draw(surface, text, pos, size, theme.GOLD, anchor="topleft", bold=True, shadow=True)
    y = rect.bottom + px(4, scale)
    line = pygame.Surface((max(1, width), max(1, px(1, scale))), pygame.SRCALPHA)
    line.fill((232, 190, 84, 90))
    surface.blit(line, (pos[0], y))


# --- small widgets -------------------------------------------------------------------------------


class HelpButton(Button):
    """A round "?" that opens a rule's explanation."""

    def __init__(self, on_click: Callable[[], object]) -> None:
        super().__init__("?", on_click, style="secondary", size=theme.FONT_BODY)

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        scale = ctx.scale
        center = self.rect.center
        radius = min(self.rect.width, self.rect.height) // 2
        fill = theme.GOLD if self.hover or focused else (40, 76, 58)
        pygame.draw.circle(surface, (0, 0, 0), (center[0], center[1] + px(2, scale)), radius)
        pygame.draw.circle(surface, fill, center, radius)
        pygame.draw.circle(surface, theme.GOLD, center, radius, max(1, px(2, scale)))
        if focused:
            pygame.draw.circle(surface, theme.WHITE, center, radius + px(4, scale), max(1, px(2, scale)))
        color = theme.INK if self.hover or focused else theme.GOLD
        ctx.text.draw(surface, "?", center, px(theme.FONT_BODY, scale), color, bold=True)


class SelectRow(Widget):
    """A row of a list (a game mode, a replay) drawn by ``paint``; a click selects it.

    ``paint(surface, rect, focused, hover)`` draws it; ``on_select`` runs when the
    keyboard focus confirms it, ``on_activate`` (if any) instead when it is already
    selected; a click calls ``on_click`` if given (a list that opens on a double
    click), else does the same as the keyboard.
    """

    def __init__(self, paint: Callable[[pygame.Surface, pygame.Rect, bool, bool], None],
                 on_select: Callable[[], object], *, selected: Callable[[], bool] | None = None,
                 on_activate: Callable[[], object] | None = None,
                 on_click: Callable[[], object] | None = None) -> None:
        super().__init__()
        self.paint = paint
        self.on_select = on_select
        self.selected = selected or (lambda: False)
        self.on_activate = on_activate
        self.on_click = on_click

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Pointer):
            inside = self.rect.collidepoint(intent.pos)
            if intent.kind == "move":
                self.hover = inside
            elif intent.kind == "down" and inside and self.enabled:
                if self.on_click is not None:
                    self.on_click()
                else:
                    self.activate()
                return True
        return False

    def activate(self) -> None:
        if self.selected() and self.on_activate is not None:
            self.on_activate()
        else:
            self.on_select()

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        self.paint(surface, self.rect, focused, self.hover)


# --- scrolling -------------------------------------------------------------------------------------


class Scroller:
    """A vertical scrolling viewport: content coordinates, smooth offset, a scroll bar."""

    def __init__(self) -> None:
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self.offset = 0.0
        self.target = 0.0
        self._placed: dict[int, tuple[Widget, pygame.Rect]] = {}

    # --- geometry ---

    def reset(self, view: pygame.Rect, content_h: int) -> None:
        self.view = view
        self.content_h = content_h
        self.target = min(max(0.0, self.target), self.max_offset)
        self.offset = min(max(0.0, self.offset), self.max_offset)
        self.apply()

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content_h - self.view.height))

    @property
    def scrollable(self) -> bool:
        return self.max_offset > 0

    def y(self, content_y: float) -> int:
        """The screen y of a content y."""
        return round(self.view.top + content_y - self.offset)

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        return rect.move(self.view.left, self.view.top - round(self.offset))

    def visible(self, top: float, bottom: float) -> bool:
        """Does the content span ``top..bottom`` show in the viewport?"""
        return bottom >= self.offset and top <= self.offset + self.view.height

    # --- widgets ---

    def clear(self) -> None:
        self._placed.clear()

    def place(self, widget: Widget, rect: pygame.Rect) -> None:
        """Put ``widget`` at ``rect`` in content coordinates (x from the viewport's left)."""
        self._placed[id(widget)] = (widget, rect)
        widget.rect = self.to_screen(rect)

    def holds(self, widget: Widget) -> bool:
        return id(widget) in self._placed

    def widgets(self) -> list[Widget]:
        return [w for w, _ in self._placed.values()]

    def apply(self) -> None:
        for widget, rect in self._placed.values():
            widget.rect = self.to_screen(rect)

    @contextmanager
    def hidden(self) -> Iterator[None]:
        """Hide the scrolled widgets for a while (a click outside the viewport must not reach them)."""
        shown = [w for w, _ in self._placed.values() if w.visible]
        for widget in shown:
            widget.visible = False
        try:
            yield
        finally:
            for widget in shown:
                widget.visible = True

    # --- moving ---

    def scroll_to(self, offset: float, *, instant: bool = False) -> None:
        self.target = min(max(0.0, offset), self.max_offset)
        if instant:
            self.offset = self.target
            self.apply()

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.target + dy)

    def ensure_visible(self, widget: Widget, margin: int = 0) -> None:
        entry = self._placed.get(id(widget))
        if entry is None:
            return
        rect = entry[1]
        if rect.top - margin < self.target:
            self.scroll_to(rect.top - margin)
        elif rect.bottom + margin > self.target + self.view.height:
            self.scroll_to(rect.bottom + margin - self.view.height)

    def update(self, dt: float) -> None:
        if abs(self.target - self.offset) < 0.5:
            if self.offset != self.target:
                self.offset = self.target
                self.apply()
            return
        self.offset += (self.target - self.offset) * min(1.0, dt * 16)
        self.apply()

    # --- the scroll bar ---

    def track(self, scale: float) -> pygame.Rect:
        width = px(8, scale)
        return pygame.Rect(self.view.right + px(6, scale), self.view.top, width, self.view.height)

    def thumb(self, scale: float) -> pygame.Rect:
        track = self.track(scale)
        if not self.scrollable:
            return track
        height = max(px(30, scale), round(track.height * self.view.height / max(1, self.content_h)))
        top = track.top + round((track.height - height) * self.offset / self.max_offset)
        return pygame.Rect(track.left, top, track.width, height)

    def click_bar(self, pos: tuple[int, int], scale: float) -> bool:
        """A click on the scroll bar: jump so that the thumb centres on it."""
        if not self.scrollable or not self.track(scale).inflate(px(12, scale), 0).collidepoint(pos):
            return False
        track = self.track(scale)
        fraction = (pos[1] - track.top) / max(1, track.height)
        self.scroll_to(fraction * self.content_h - self.view.height / 2)
        return True

    def draw_bar(self, surface: pygame.Surface, scale: float) -> None:
        if not self.scrollable:
            return
        track = self.track(scale)
        rounded_panel(surface, track, (0, 0, 0, 90), track.width // 2)
        rounded_panel(surface, self.thumb(scale), (232, 190, 84, 200), track.width // 2)


# --- recorded drawing ----------------------------------------------------------------------------


class Content:
    """Drawing recorded in content coordinates at layout time and replayed, scrolled and clipped, by ``draw``.

    Each operation knows its vertical span, so only what shows in the viewport is drawn.
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.ops: list[tuple[int, int, Callable[[pygame.Surface, int, int], None]]] = []
        self.height = 0

    def clear(self) -> None:
        self.ops.clear()
        self.height = 0

    def add(self, top: int, bottom: int, paint: Callable[[pygame.Surface, int, int], None]) -> None:
        """``paint(surface, dx, dy)`` draws with every content position moved by (dx, dy)."""
        self.ops.append((top, bottom, paint))
        self.height = max(self.height, bottom)

    def text(self, text: str, pos: tuple[int, int], size: int, color: tuple[int, ...], *, anchor: str = "topleft",
             bold: bool = False, shadow: bool = False) -> pygame.Rect:
        """A line of text; returns its rect in content coordinates."""
        rect = pygame.Rect((0, 0), self.ctx.text.size(text, size, bold=bold))
        setattr(rect, anchor, pos)
        x, y = rect.topleft

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            self.ctx.text.draw(surface, text, (x + dx, y + dy), size, color, anchor="topleft", bold=bold,
                               shadow=shadow)

        self.add(rect.top, rect.bottom, paint)
        return rect

    def lines(self, lines: Sequence[str], pos: tuple[int, int], size: int, color: tuple[int, ...], *,
              line_h: int | None = None, bold: bool = False) -> int:
        """Lines one under another from ``pos``; returns the y under the last one."""
        step = line_h or round(size * 1.5)
        x, y = pos
        for line in lines:
            self.text(line, (x, y), size, color, bold=bold)
            y += step
        return y

    def chip(self, text: str, pos: tuple[int, int], color: theme.Color, *, size: int,
             anchor: str = "topleft", ink: tuple[int, ...] = theme.INK) -> pygame.Rect:
        width, height = self.ctx.text.size(text, size, bold=True)
        rect = pygame.Rect(0, 0, width + max(4, size * 2 // 3) + size // 3, height + max(2, size // 4) * 2)
        setattr(rect, anchor, pos)
        shape = rect.copy()

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            chip(self.ctx, surface, text, shape.move(dx, dy).center, color, size=size, ink=ink)

        self.add(rect.top, rect.bottom, paint)
        return rect

    def panel(self, rect: pygame.Rect, color: theme.Color, radius: int, border: theme.Color | None = None,
              width: int = 0) -> None:
        shape = rect.copy()

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            panel(self.ctx, surface, shape.move(dx, dy), color, radius, border, width)

        self.add(rect.top, rect.bottom, paint)

    def heading(self, text: str, pos: tuple[int, int], width: int, scale: float) -> int:
        """A section title; returns the y under it."""
        x, y = pos

        def paint(surface: pygame.Surface, dx: int, dy: int) -> None:
            section_title(self.ctx, surface, text, (x + dx, y + dy), width, scale)

        height = round(px(theme.FONT_LABEL - 2, scale) * 1.5) + px(8, scale)
        self.add(y, y + height, paint)
        return y + height

    def draw(self, surface: pygame.Surface, scroller: Scroller) -> None:
        dx, dy = scroller.view.left, scroller.view.top - round(scroller.offset)
        for top, bottom, paint in self.ops:
            if scroller.visible(top, bottom):
                paint(surface, dx, dy)


# --- form rows ------------------------------------------------------------------------------------------


@dataclass
class FormRow:
    """One line of a form: a label on the left, a control on the right, maybe a "?" button."""

    key: str
    label: Label
    control: Widget | None = None
    help: HelpButton | None = None
    indent: int = 0
    """Indentation steps (a per-seat row under the strength row)."""
    note: Label | None = None
    """Text shown in place of a control (read-only information)."""
    heading: bool = False
    """A section title spanning the row."""
    height: int = ROW_H
    """At scale 1."""
    inset: int = 0
    """Horizontal inset of the control at scale 1 (a slider's knob needs room)."""
    control_w: int | None = None
    """Width of this row's control at scale 1 (None: the form's)."""
    top: int = 0
    """Content y of the row (set by ``layout_rows``)."""
    rect: pygame.Rect | None = None
    """The row's content rect (set by ``layout_rows``)."""


def layout_rows(scroller: Scroller, rows: Sequence[FormRow], width: int, scale: float, *,
                control_w: int, top: int = 0) -> int:
    """Place the rows' widgets in the scroller (content coordinates); returns the content height."""
    y = top
    gap = px(ROW_GAP, scale)
    help_w = px(36, scale)
    for row in rows:
        height = px(row.height, scale)
        if row.heading:
            y += px(10, scale) if y > top else 0
        row.top = y
        row.rect = pygame.Rect(0, y, width, height)
        right = width - px(8, scale)
        if row.help is not None:
            size = min(help_w, height - px(8, scale))
            row.help.rect = pygame.Rect(0, 0, size, size)
            scroller.place(row.help, pygame.Rect(right - size, y + (height - size) // 2, size, size))
            right -= size + px(10, scale)
        else:
            right -= help_w + px(10, scale)
        if row.control is not None:
            control_h = height - px(6, scale)
            inset = px(row.inset, scale) if row.inset else 0
            own_w = min(px(row.control_w, scale), right - px(80, scale)) if row.control_w else control_w
            scroller.place(row.control, pygame.Rect(right - own_w + inset, y + (height - control_h) // 2,
                                                    own_w - 2 * inset, control_h))
        y += height + gap
    return y - gap if rows else top


def draw_rows(ctx: Context, surface: pygame.Surface, scroller: Scroller, rows: Sequence[FormRow], scale: float,
              *, control_w: int) -> None:
    """The labels, notes and row backgrounds of a form (the widgets are drawn by the group)."""
    size = px(theme.FONT_BODY, scale)
    for row in rows:
        if row.rect is None or not scroller.visible(row.rect.top, row.rect.bottom):
            continue
        rect = scroller.to_screen(row.rect)
        if row.heading:
            section_title(ctx, surface, label_text(row.label), (rect.left + px(4, scale), rect.top + px(6, scale)),
                          rect.width - px(8, scale), scale)
            continue
        left = rect.left + px(14 + 26 * row.indent, scale)
        panel(ctx, surface, rect.inflate(0, px(2, scale)), ROW_FILL, px(10, scale))
        if row.indent:
            pygame.draw.circle(surface, theme.GOLD_DARK, (left - px(12, scale), rect.centery), px(3, scale))
        help_w = px(36, scale) + px(10, scale)
        own_w = min(px(row.control_w, scale), rect.width - px(88, scale)) if row.control_w else control_w
        label_w = rect.width - own_w - help_w - (left - rect.left) - px(24, scale)
        text = fit_text(ctx, label_text(row.label), size, label_w)
        ctx.text.draw(surface, text, (left, rect.centery), size, theme.CREAM, anchor="midleft", shadow=True)
        if row.note is not None and row.control is None:
            note_size = px(theme.FONT_SMALL + 1, scale)
            right = rect.right - help_w - px(8, scale)
            note = fit_text(ctx, label_text(row.note), note_size, control_w + px(40, scale))
            ctx.text.draw(surface, note, (right, rect.centery), note_size, theme.GOLD, anchor="midright")


# --- the menu screen frame ---------------------------------------------------------------------------------


class MenuScreen(Scene):
    """A full screen menu: felt, title, Back button, a (scrolling) body, an optional footer."""

    title_key = ""
    accepts_notices = True
    """The app shows notices about the game's files over it."""
    footer_h = 0
    """Height of the footer at scale 1 (0: none)."""
    max_body_w = 1120
    """The widest the body may be at scale 1."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.widgets = WidgetGroup()
        self.scroller = Scroller()
        self.backdrop = Backdrop(ctx)
        self.back_button = Button(lambda: "‹  " + ctx.t("button.back"), self.back, style="secondary",
                                  size=theme.FONT_BODY)
        self.header = pygame.Rect(0, 0, 0, 0)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.footer = pygame.Rect(0, 0, 0, 0)
        self.clock = 0.0
        """Seconds since the screen opened (for double clicks)."""

    # --- navigation ---

    def back(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()

    # --- layout ---

    def frame(self, size: tuple[int, int]) -> None:
        """The header, body and footer rects for a window of ``size``."""
        width, height = size
        scale = self.ctx.scale
        margin = px(36, scale)
        self.header = pygame.Rect(0, 0, width, px(HEADER_H, scale))
        body_w = min(width - 2 * margin, px(self.max_body_w, scale))
        footer_h = px(self.footer_h, scale) if self.footer_h else 0
        bottom = height - (footer_h + px(12, scale) if footer_h else margin // 2)
        self.body = pygame.Rect(0, self.header.bottom, body_w, bottom - self.header.bottom)
        self.body.centerx = width // 2
        self.footer = pygame.Rect(self.body.left, self.body.bottom + px(6, scale), body_w, footer_h)
        self.back_button.rect = pygame.Rect(px(20, scale), px(20, scale), px(120, scale), px(42, scale))
        self.backdrop.prepare(size)

    # --- input ---

    def handle(self, intent: Intent) -> None:
        scale = self.ctx.scale
        if isinstance(intent, Wheel):
            self.scroller.scroll_by(-intent.dy * px(70, scale))
            return
        if isinstance(intent, Pointer) and intent.kind == "down" and self.scroller.click_bar(intent.pos, scale):
            return
        if isinstance(intent, Pointer) and intent.kind != "up" and not self.scroller.view.collidepoint(intent.pos):
            with self.scroller.hidden():
                used = self.widgets.handle(intent)
        else:
            used = self.widgets.handle(intent)
        if used and isinstance(intent, Pointer) and intent.kind == "down":
            self.ctx.sound.play("click")
        if isinstance(intent, Command):
            if not used and intent.name in ("menu", "back"):
                self.back()
                return
            if not used and intent.name in ("up", "down") and self.scroller.scrollable:
                self.scroller.scroll_by(px(60 if intent.name == "down" else -60, scale))
            self.reveal_focus()
        self.after_input()

    def after_input(self) -> None:
        """Called after every intent (a screen rebuilds itself here when a choice changed its rows)."""

    def reveal_focus(self) -> None:
        group = self.widgets
        if 0 <= group.focus < len(group.widgets):
            self.scroller.ensure_visible(group.widgets[group.focus], px(ROW_GAP, self.ctx.scale))

    def update(self, dt: float) -> None:
        self.clock += dt
        self.scroller.update(dt)

    def frame_rate(self) -> float:
        return ANIMATING if self.scroller.offset != self.scroller.target else 0.0

    # --- drawing ---

    def draw_frame(self, surface: pygame.Surface, title: str | None = None, *, with_panel: bool = True) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        self.backdrop.draw(surface)
        shade(ctx, surface, 60, self.header)
        text = title if title is not None else ctx.t(self.title_key)
        cy = self.header.centery - px(4, scale)
        rect = ctx.text.draw(surface, text, (self.header.centerx, cy), px(theme.FONT_TITLE * 0.85, scale),
                             theme.GOLD, bold=True, shadow=True)
        ornament(ctx, surface, (self.header.centerx, rect.bottom + px(6, scale)), max(rect.width, px(160, scale)),
                 scale)
        if with_panel:
            self.draw_panel(surface, self.body)

    def draw_panel(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        scale = self.ctx.scale
        panel(self.ctx, surface, rect.move(0, px(5, scale)), (0, 0, 0, 70), px(18, scale))
        panel(self.ctx, surface, rect, PANEL_FILL, px(18, scale), PANEL_BORDER, px(2, scale))

    def draw_widgets(self, surface: pygame.Surface) -> None:
        """Widgets outside the scroller as they are, scrolled ones clipped to the viewport."""
        view = self.scroller.view
        clip = surface.get_clip()
        for index, widget in enumerate(self.widgets.widgets):
            if not widget.visible:
                continue
            focused = index == self.widgets.focus
            if self.scroller.holds(widget):
                if not widget.rect.colliderect(view):
                    continue
                surface.set_clip(view.inflate(px(10, self.ctx.scale), 0).clip(clip))
                widget.draw(surface, self.ctx, focused)
                surface.set_clip(clip)
            else:
                widget.draw(surface, self.ctx, focused)

    def clipped(self, surface: pygame.Surface, rect: pygame.Rect) -> AbstractContextManager[None]:
        return clipped(surface, rect)


# --- dialogs -------------------------------------------------------------------------------------------------


class MessageDialog(Overlay):
    """A short message with an OK button: a notice, a rule's help (as a bubble next to its "?")."""

    def __init__(self, ctx: Context, title: Label, text: Label, *, anchor: Callable[[], pygame.Rect] | None = None,
                 on_close: Callable[[], object] | None = None, error: bool = False) -> None:
        super().__init__(ctx)
        self.title = title
        self.text = text
        self.anchor = anchor
        self.on_close = on_close
        self.error = error
        self.ok = Button(lambda: ctx.t("button.ok"), self.close, size=theme.FONT_BODY)
        self.widgets.add(self.ok)
        self.widgets.focus = 0
        self.lines: list[str] = []
        self.pointer_side = 0
        """-1: the bubble points up to its anchor, 1: down, 0: no pointer."""

    def close(self) -> None:
        if self.ctx.stack.top is self:
            self.ctx.stack.pop()
            if self.on_close is not None:
                self.on_close()

    def layout(self, size: tuple[int, int]) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        width, height = size
        panel_w = min(width - px(40, scale), px(560 if self.anchor is None else 460, scale))
        body = px(theme.FONT_BODY - (2 if self.anchor else 0), scale)
        self.lines = wrap_text(ctx, label_text(self.text), body, panel_w - px(48, scale))
        title_h = px(54, scale)
        lines_h = round(body * 1.5) * len(self.lines)
        button_h = px(42, scale)
        panel_h = min(height - px(40, scale), title_h + lines_h + button_h + px(44, scale))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.pointer_side = 0
        anchor = self.anchor() if self.anchor is not None else None
        if anchor is not None and anchor.width > 0:
            self.panel.right = min(width - px(16, scale), anchor.centerx + px(60, scale))
            self.panel.left = max(px(16, scale), self.panel.left)
            gap = px(14, scale)
            if anchor.bottom + gap + panel_h <= height - px(10, scale):
                self.panel.top = anchor.bottom + gap
                self.pointer_side = -1
            else:
                self.panel.bottom = max(panel_h + px(10, scale), anchor.top - gap)
                self.pointer_side = 1
        else:
            self.panel.center = (width // 2, height // 2)
        self.ok.rect = pygame.Rect(0, 0, px(140, scale), button_h)
        self.ok.rect.midbottom = (self.panel.centerx, self.panel.bottom - px(16, scale))

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Pointer) and intent.kind == "down" and not self.panel.collidepoint(intent.pos):
            self.close()
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        shade(ctx, surface, 70 if self.anchor else 140)
        border = theme.RED if self.error else theme.GOLD
        radius = px(16, scale)
        panel(ctx, surface, self.panel.move(0, px(6, scale)), (0, 0, 0, 120), radius)
        fill = (16, 48, 34, 250)
        panel(ctx, surface, self.panel, fill, radius, border, px(2, scale))
        anchor = self.anchor() if self.anchor is not None else None
        if self.pointer_side and anchor is not None:
            x = min(max(anchor.centerx, self.panel.left + radius * 2), self.panel.right - radius * 2)
            d = px(12, scale)
            edge = self.panel.top if self.pointer_side < 0 else self.panel.bottom
            tip = edge - d * (1 if self.pointer_side < 0 else -1)
            points = [(x - d, edge), (x + d, edge), (x, tip)]
            pygame.draw.polygon(surface, fill[:3], points)
            pygame.draw.lines(surface, border, False, [(x - d, edge), (x, tip), (x + d, edge)], px(2, scale))
        title_size = px(theme.FONT_LABEL, scale)
        title_pos, anchor_name = (self.panel.left + px(24, scale), self.panel.top + px(18, scale)), "topleft"
        if self.anchor is None:
            title_pos, anchor_name = (self.panel.centerx, self.panel.top + px(18, scale)), "midtop"
        ctx.text.draw(surface, fit_text(ctx, label_text(self.title), title_size, self.panel.width - px(40, scale),
                                        bold=True),
                      title_pos, title_size, (255, 150, 130) if self.error else theme.GOLD, anchor=anchor_name,
                      bold=True, shadow=True)
        body = px(theme.FONT_BODY - (2 if self.anchor else 0), scale)
        top = self.panel.top + px(58, scale)
        with clipped(surface, self.panel.inflate(-px(8, scale), -px(8, scale))):
            draw_lines(ctx, surface, self.lines, (self.panel.left + px(24, scale), top), body, theme.CREAM)
        self.widgets.draw(surface, ctx)


class ConfirmDialog(Overlay):
    """A question with two buttons; ``on_yes`` runs after the dialog closes."""

    def __init__(self, ctx: Context, title: Label, text: Label, on_yes: Callable[[], object], *,
                 yes: Label | None = None, no: Label | None = None, danger: bool = False) -> None:
        super().__init__(ctx)
        self.title = title
        self.text = text
        self.on_yes = on_yes
        self.danger = danger
        self.no_button = Button(no or (lambda: ctx.t("button.cancel")), self.close, style="secondary",
                                size=theme.FONT_BODY)
        self.yes_button = Button(yes or (lambda: ctx.t("button.ok")), self.confirm, size=theme.FONT_BODY)
        self.widgets.add(self.no_button)
        self.widgets.add(self.yes_button)
        self.widgets.focus = 0
        self.lines: list[str] = []
        self.quit_question = False
        """This dialog asks whether to quit the program (closing the window again quits)."""

    def confirm(self) -> None:
        self.close()
        self.on_yes()

    def layout(self, size: tuple[int, int]) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        width, height = size
        panel_w = min(width - px(40, scale), px(600, scale))
        body = px(theme.FONT_BODY, scale)
        self.lines = wrap_text(ctx, label_text(self.text), body, panel_w - px(56, scale))
        button_h = px(46, scale)
        panel_h = min(height - px(40, scale), px(70, scale) + round(body * 1.5) * len(self.lines) + button_h
                      + px(52, scale))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (width // 2, height // 2)
        button_w = min(px(220, scale), (panel_w - px(72, scale)) // 2)
        y = self.panel.bottom - button_h - px(20, scale)
        self.no_button.rect = pygame.Rect(self.panel.centerx - px(12, scale) - button_w, y, button_w, button_h)
        self.yes_button.rect = pygame.Rect(self.panel.centerx + px(12, scale), y, button_w, button_h)

    def handle(self, intent: Intent) -> None:
        if isinstance(intent, Command) and intent.name in ("left", "right"):
            self.widgets.focus = 0 if intent.name == "left" else 1
            return
        super().handle(intent)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        shade(ctx, surface, 150)
        radius = px(18, scale)
        panel(ctx, surface, self.panel.move(0, px(6, scale)), (0, 0, 0, 120), radius)
        panel(ctx, surface, self.panel, (16, 48, 34, 250), radius, theme.RED if self.danger else theme.GOLD,
                      px(2, scale))
        ctx.text.draw(surface, label_text(self.title), (self.panel.centerx, self.panel.top + px(36, scale)),
                      px(theme.FONT_LABEL + 2, scale), theme.GOLD, bold=True, shadow=True)
        body = px(theme.FONT_BODY, scale)
        draw_lines(ctx, surface, self.lines, (self.panel.left + px(28, scale), self.panel.top + px(70, scale)), body,
                   theme.CREAM)
        self.widgets.draw(surface, ctx)


__all__ = [
    "Backdrop",
    "ConfirmDialog",
    "Content",
    "FormRow",
    "HelpButton",
    "MenuScreen",
    "MessageDialog",
    "Scroller",
    "SelectRow",
    "chip",
    "clipped",
    "draw_lines",
    "draw_rows",
    "fit_text",
    "layout_rows",
    "ornament",
    "panel",
    "section_title",
    "shade",
    "tr",
    "wrap_text",
]
