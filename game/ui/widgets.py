"""Buttons, toggles, selectors, sliders, text fields and the group that focuses them.

Widgets know their rectangle and how to draw themselves; a ``WidgetGroup``
routes intents to them: the pointer by hit-testing, ``up``/``down``/``tab`` move
the keyboard focus, ``confirm``/``toggle`` activate the focused widget and
``left``/``right`` change a focused selector or slider.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame

from . import theme
from .intents import Command, Intent, Pointer, TextInput

if TYPE_CHECKING:
    from .context import Context

Label = str | Callable[[], str]


def _text(label: Label) -> str:
    return label() if callable(label) else label


def rounded_panel(surface: pygame.Surface, rect: pygame.Rect, color: theme.Color, radius: int,
                  border: theme.Color | None = None, width: int = 0, *, solid: bool = False) -> None:
    """A filled rounded rectangle that may be translucent, with an optional border.

    ``solid`` (high contrast): nothing shows through it and it has a light outline; a translucent black
    shadow (without a border) is not drawn at all.
    """
    if rect.width <= 0 or rect.height <= 0:
        return
    if solid:
        if len(color) == 4 and color[3] < 255 and color[:3] == (0, 0, 0) and border is None:
            return
        color = theme.opaque(color)
        border = theme.HIGH_CONTRAST_OUTLINE if border is None or len(border) == 4 else border
        width = max(2, width)
    if len(color) == 4 and color[3] < 255:
        surface.blit(_translucent_rect(rect.size, color, radius, 0), rect)
    else:
        pygame.draw.rect(surface, color, rect, border_radius=radius)
    if border is not None and len(border) == 4 and border[3] < 255:
        surface.blit(_translucent_rect(rect.size, border, radius, max(1, width)), rect)
    elif border is not None:
        pygame.draw.rect(surface, border, rect, max(1, width), border_radius=radius)


def fit_label(ctx: Context, text: str, size: int, width: int, *, bold: bool = False, least: float = 0.7
              ) -> tuple[str, int]:
    """``text`` and a font size at most ``size`` at which it is at most ``width`` wide: smaller down to
    ``least`` of ``size``, then cut short with an ellipsis."""
    measure = ctx.text.size
    smallest = max(8, round(size * least))
    while size > smallest and measure(text, size, bold=bold)[0] > width:
        size -= 1
    if measure(text, size, bold=bold)[0] <= width:
        return text, size
    cut = len(text)
    while cut > 1 and measure(text[:cut].rstrip() + "…", size, bold=bold)[0] > width:
        cut -= 1
    return text[:cut].rstrip() + "…", size


@lru_cache(maxsize=256)
def _translucent_rect(size: tuple[int, int], color: theme.Color, radius: int, width: int) -> pygame.Surface:
    """A translucent rounded rectangle (filled when ``width`` is 0), drawn once per look (a pure memo)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, color, layer.get_rect(), width, border_radius=radius)
    return layer


class Widget:
    focusable = True

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = rect or pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.visible = True
        self.hover = False
        self.scale: float | None = None
        """The scale it is drawn at, when not the screen's (the table's own, at a large text size)."""

    def refresh(self) -> None:
        """Bring ``enabled`` up to date (a button that says when it may be pressed)."""

    def handle(self, intent: Intent) -> bool:
        """React to an intent aimed at this widget; True if it used it."""
        return False

    def activate(self) -> None:
        """The keyboard's confirm on the focused widget."""

    def step(self, direction: int) -> bool:
        """Left (-1) / right (+1) on the focused widget; True if it used it."""
        return False

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        pass


class Button(Widget):
    def __init__(self, label: Label, on_click: Callable[[], Any], *, style: str = "primary",
                 enabled: Callable[[], bool] | None = None, size: int = theme.FONT_LABEL,
                 on_refused: Callable[[], Any] | None = None) -> None:
        """``on_refused`` runs when the button is pressed while disabled (to say why)."""
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.style = style
        self.is_enabled = enabled
        self.font_size = size
        self.on_refused = on_refused
        self._pressed = False
        self._pointed_while_disabled = False

    def refresh(self) -> None:
        if self.is_enabled is not None:
            self.enabled = self.is_enabled()
        if self.enabled:
            self._pointed_while_disabled = False

    @property
    def hover_refused(self) -> bool:
        """The pointer came onto the button while it was disabled (not: the button turned grey under it)."""
        return self.hover and not self.enabled and self._pointed_while_disabled

    def handle(self, intent: Intent) -> bool:
        self.refresh()
        if isinstance(intent, Pointer):
            inside = self.rect.collidepoint(intent.pos)
            if intent.kind == "move":
                if inside and not self.hover:
                    self._pointed_while_disabled = not self.enabled
                self.hover = inside
                return False
            if intent.kind == "down" and inside:
                self._pressed = self.enabled
                if not self.enabled and self.on_refused is not None:
                    self.on_refused()
                return True
            if intent.kind == "up":
                clicked = self._pressed and inside and self.enabled
                self._pressed = False
                if clicked:
                    self.on_click()
                return clicked
        return False

    def activate(self) -> None:
        self.refresh()
        if self.enabled:
            self.on_click()

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        self.refresh()
        scale = self.scale or ctx.scale
        radius = theme.px(12, scale)
        if not self.enabled:
            fill: theme.Color = theme.BUTTON_DISABLED
            color: tuple[int, ...] = theme.TEXT_DISABLED
        elif self.style == "primary":
            fill = theme.BUTTON_HOVER if self.hover or focused else theme.BUTTON
            color = theme.BUTTON_TEXT
        else:
            fill = theme.BUTTON_SECONDARY_HOVER if self.hover or focused else theme.BUTTON_SECONDARY
            color = theme.CREAM
        solid = ctx.settings.high_contrast
        shadow = self.rect.move(0, theme.px(3, scale))
        rounded_panel(surface, shadow, (0, 0, 0, 90), radius, solid=solid)
        rect = self.rect.move(0, theme.px(2, scale)) if self._pressed else self.rect
        rounded_panel(surface, rect, fill, radius, theme.HIGH_CONTRAST_OUTLINE if solid else None,
                      theme.px(2, scale) if solid else 0)
        if focused:
            pygame.draw.rect(surface, theme.SELECT if solid else theme.WHITE,
                             rect.inflate(theme.px(6, scale), theme.px(6, scale)),
                             theme.px(4 if solid else 2, scale), border_radius=radius + 3)
        ctx.text.draw(surface, _text(self.label), rect.center, theme.px(self.font_size, scale), color, bold=True)


class Toggle(Widget):
    """A check box with a label; ``get``/``set`` connect it to a setting."""

    def __init__(self, label: Label, get: Callable[[], bool], set_: Callable[[bool], None],
                 *, size: int = theme.FONT_BODY) -> None:
        super().__init__()
        self.label = label
        self.get = get
        self.set = set_
        self.font_size = size

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Pointer):
            inside = self.rect.collidepoint(intent.pos)
            if intent.kind == "move":
                self.hover = inside
            elif intent.kind == "down" and inside and self.enabled:
                self.set(not self.get())
                return True
        return False

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.get())

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        scale = self.scale or ctx.scale
        box = pygame.Rect(0, 0, self.rect.height - theme.px(8, scale), self.rect.height - theme.px(8, scale))
        box.midleft = (self.rect.left + theme.px(4, scale), self.rect.centery)
        rounded_panel(surface, box, theme.CREAM if self.enabled else theme.BUTTON_DISABLED, theme.px(5, scale),
                      theme.INK if ctx.settings.high_contrast else None, theme.px(2, scale))
        if self.get():
            inner = box.inflate(-box.width // 2, -box.height // 2)
            points = [(inner.left, inner.centery), (inner.centerx - inner.width // 8, inner.bottom),
                      (inner.right, inner.top)]
            pygame.draw.lines(surface, (30, 120, 60), False, points, theme.px(4, scale))
        if focused or self.hover:
            pygame.draw.rect(surface, theme.GOLD, box.inflate(4, 4), theme.px(2, scale),
                             border_radius=theme.px(6, scale))
        color = theme.CREAM if self.enabled else theme.TEXT_DISABLED
        ctx.text.draw(surface, _text(self.label), (box.right + theme.px(10, scale), self.rect.centery),
                      theme.px(self.font_size, scale), color, anchor="midleft", shadow=True)


class Selector(Widget):
    """◀ value ▶: one of several options, changed by clicking the arrows or left/right."""

    def __init__(self, options: Sequence[tuple[Any, Label]], get: Callable[[], Any], set_: Callable[[Any], None],
                 *, size: int = theme.FONT_BODY) -> None:
        super().__init__()
        self.options = list(options)
        self.get = get
        self.set = set_
        self.font_size = size

    def _index(self) -> int:
        value = self.get()
        for i, (option, _) in enumerate(self.options):
            if option == value:
                return i
        return 0

    def step(self, direction: int) -> bool:
        if not self.enabled or not self.options:
            return False
        index = (self._index() + direction) % len(self.options)
        self.set(self.options[index][0])
        return True

    def activate(self) -> None:
        self.step(1)

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        side = self.rect.height
        left = pygame.Rect(self.rect.left, self.rect.top, side, side)
        right = pygame.Rect(self.rect.right - side, self.rect.top, side, side)
        return left, right

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Pointer):
            inside = self.rect.collidepoint(intent.pos)
            if intent.kind == "move":
                self.hover = inside
            elif intent.kind == "down" and inside and self.enabled:
                left, _ = self._arrows()
                self.step(-1 if intent.pos[0] < left.right or intent.pos[0] < self.rect.centerx else 1)
                return True
        return False

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        scale = self.scale or ctx.scale
        radius = theme.px(10, scale)
        rounded_panel(surface, self.rect, (0, 0, 0, 110), radius,
                      theme.GOLD if focused or self.hover else (255, 255, 255, 60), theme.px(2, scale),
                      solid=ctx.settings.high_contrast)
        left, right = self._arrows()
        color = theme.CREAM if self.enabled else theme.TEXT_DISABLED
        for rect, direction in ((left, -1), (right, 1)):
            c = rect.center
            w = rect.height // 5
            points = [(c[0] - w * direction, c[1] - w), (c[0] + w * direction, c[1]), (c[0] - w * direction, c[1] + w)]
            pygame.draw.polygon(surface, theme.GOLD if self.enabled else theme.TEXT_DISABLED, points)
        label = _text(self.options[self._index()][1]) if self.options else ""
        room = right.left - left.right - theme.px(4, scale)  # between the arrows, never over them
        label, size = fit_label(ctx, label, theme.px(self.font_size, scale), room, bold=True)
        ctx.text.draw(surface, label, self.rect.center, size, color, bold=True)


class Slider(Widget):
    """A value from 0 to 1."""

    def __init__(self, get: Callable[[], float], set_: Callable[[float], None]) -> None:
        super().__init__()
        self.get = get
        self.set = set_
        self._dragging = False

    def _value_at(self, x: int) -> float:
        return min(1.0, max(0.0, (x - self.rect.left) / max(1, self.rect.width)))

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Pointer):
            if intent.kind == "down" and self.rect.inflate(0, 16).collidepoint(intent.pos):
                self._dragging = True
                self.set(self._value_at(intent.pos[0]))
                return True
            if intent.kind == "move":
                self.hover = self.rect.collidepoint(intent.pos)
                if self._dragging:
                    self.set(self._value_at(intent.pos[0]))
                    return True
            if intent.kind == "up" and self._dragging:
                self._dragging = False
                return True
        return False

    def step(self, direction: int) -> bool:
        self.set(min(1.0, max(0.0, round(self.get() + 0.1 * direction, 2))))
        return True

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        scale = self.scale or ctx.scale
        track = pygame.Rect(self.rect.left, 0, self.rect.width, theme.px(8, scale))
        track.centery = self.rect.centery
        rounded_panel(surface, track, (0, 0, 0, 120), track.height // 2, solid=ctx.settings.high_contrast)
        filled = track.copy()
        filled.width = round(track.width * self.get())
        rounded_panel(surface, filled, theme.GOLD, track.height // 2)
        knob = (track.left + filled.width, track.centery)
        pygame.draw.circle(surface, theme.CREAM, knob, theme.px(11, scale))
        if focused or self.hover:
            pygame.draw.circle(surface, theme.GOLD, knob, theme.px(13, scale), theme.px(2, scale))


class TextField(Widget):
    """One line of text (a command line); focused when clicked."""

    def __init__(self, get: Callable[[], str], set_: Callable[[str], None], placeholder: Label = "") -> None:
        super().__init__()
        self.get = get
        self.set = set_
        self.placeholder = placeholder
        self.editing = False

    def handle(self, intent: Intent) -> bool:
        if isinstance(intent, Pointer) and intent.kind == "down":
            self.editing = self.rect.collidepoint(intent.pos)
            return self.editing
        if not self.editing:
            return False
        if isinstance(intent, TextInput):
            self.set(self.get() + intent.text)
            return True
        if isinstance(intent, Command):
            if intent.name == "backspace":
                self.set(self.get()[:-1])
                return True
            if intent.name in ("confirm", "menu", "tab", "backtab"):
                self.editing = False
                return intent.name not in ("tab", "backtab")
        return False

    def activate(self) -> None:
        self.editing = True

    def draw(self, surface: pygame.Surface, ctx: Context, focused: bool) -> None:
        scale = self.scale or ctx.scale
        rounded_panel(surface, self.rect, (0, 0, 0, 140), theme.px(8, scale),
                      theme.GOLD if self.editing or focused else (255, 255, 255, 70), theme.px(2, scale),
                      solid=ctx.settings.high_contrast)
        text = self.get()
        size = theme.px(theme.FONT_SMALL + 2, scale)
        pad = theme.px(10, scale)
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-pad, 0))
        if text:
            shown = ctx.text.render(text + ("|" if self.editing else ""), size, theme.CREAM)
            x = min(self.rect.left + pad, self.rect.right - pad - shown.get_width())
            surface.blit(shown, shown.get_rect(midleft=(x, self.rect.centery)))
        else:
            ctx.text.draw(surface, _text(self.placeholder) + ("|" if self.editing else ""),
                          (self.rect.left + pad, self.rect.centery), size, theme.MUTED, anchor="midleft")
        surface.set_clip(clip)


class WidgetGroup:
    """The widgets of a screen, with keyboard focus."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus = -1

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()
        self.focus = -1

    def focusable_order(self) -> list[int]:
        """The indices of the widgets Tab reaches, in order."""
        for widget in self.widgets:
            widget.refresh()
        return [i for i, w in enumerate(self.widgets) if w.visible and w.focusable and w.enabled]

    @property
    def editing(self) -> bool:
        return any(isinstance(w, TextField) and w.editing for w in self.widgets)

    def move_focus(self, direction: int) -> None:
        order = self.focusable_order()
        if not order:
            self.focus = -1
            return
        if self.focus not in order:
            self.focus = order[0] if direction > 0 else order[-1]
            return
        self.focus = order[(order.index(self.focus) + direction) % len(order)]

    def handle(self, intent: Intent) -> bool:
        for widget in self.widgets:
            if widget.visible and isinstance(widget, TextField) and widget.editing and widget.handle(intent):
                return True
        if isinstance(intent, Pointer):
            used = False
            for index, widget in enumerate(self.widgets):
                if widget.visible and widget.handle(intent):
                    used = True
                    if intent.kind == "down":
                        self.focus = index if widget.focusable else self.focus
            return used
        if isinstance(intent, Command):
            focused = self.widgets[self.focus] if 0 <= self.focus < len(self.widgets) else None
            if intent.name in ("down", "tab"):
                self.move_focus(1)
                return True
            if intent.name in ("up", "backtab"):
                self.move_focus(-1)
                return True
            if focused is not None and focused.visible:
                if intent.name in ("left", "right"):
                    return focused.step(-1 if intent.name == "left" else 1)
                if intent.name in ("confirm", "toggle"):
                    focused.activate()
                    return True
        return False

    def draw(self, surface: pygame.Surface, ctx: Context) -> None:
        for index, widget in enumerate(self.widgets):
            if widget.visible:
                widget.draw(surface, ctx, index == self.focus)
