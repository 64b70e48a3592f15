"""Form pieces of the menu screens: rows of a label and a control, the "?" button, selectable list rows.

``layout_rows`` places a form's widgets in a ``Scroller`` (content coordinates);
``draw_rows`` draws the labels, notes and row backgrounds around them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from .. import theme
from ..intents import Intent, Pointer
from ..theme import px
from ..widgets import Button, Label, Widget
from .drawing import ROW_FILL, fit_text, label_text, panel, section_title
from .scrolling import Scroller

if TYPE_CHECKING:
    from ..context import Context


ROW_H = 44
"""Height of a form row at scale 1."""
ROW_GAP = 8
"""Space between two form rows at scale 1."""


# --- small widgets -------------------------------------------------------------------------------


class HelpButton(Button):
    """A round "?" that opens a rule's explanation."""

    def __init__(self, on_click: Callable[[], object]) -> None:
        super().__init__("?", on_click, style="secondary", size=theme.FONT_BODY)

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        scale = self.scale or ctx.scale
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


__all__ = ["ROW_GAP", "ROW_H", "FormRow", "HelpButton", "SelectRow", "draw_rows", "layout_rows"]
