"""The one place where pygame events become intents the scenes understand.

Scenes never look at raw pygame events: they receive ``Pointer`` (mouse),
``Command`` (a named action from the keyboard or a mouse button with a fixed
meaning), ``TextInput``, ``DropFile``, ``Resize`` and ``Quit``.  Right-click means "play",
middle-click "pass", as players of the classic two-player game expect.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Pointer:
    kind: str
    """``down``, ``up`` or ``move``."""
    pos: tuple[int, int]
    button: int = 0
    """1 left (only left presses arrive as ``down``/``up``), 0 for a move."""


@dataclass(frozen=True)
class Wheel:
    dy: int
    pos: tuple[int, int]


@dataclass(frozen=True)
class Command:
    name: str
    """``left right up down toggle confirm play pass hint menu back tab tracker fullscreen backspace``."""


@dataclass(frozen=True)
class TextInput:
    text: str


@dataclass(frozen=True)
class DropFile:
    """A file dropped onto the window."""

    path: str


@dataclass(frozen=True)
class Resize:
    size: tuple[int, int]


@dataclass(frozen=True)
class Quit:
    pass


Intent = Pointer | Wheel | Command | TextInput | DropFile | Resize | Quit

KEYS: dict[int, str] = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_SPACE: "toggle",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_p: "pass",
    pygame.K_h: "hint",
    pygame.K_ESCAPE: "menu",
    pygame.K_TAB: "tab",
    pygame.K_t: "tracker",
    pygame.K_F11: "fullscreen",
    pygame.K_1: "stamp1",
    pygame.K_2: "stamp2",
    pygame.K_3: "stamp3",
    pygame.K_4: "stamp4",
    pygame.K_5: "stamp5",
    pygame.K_BACKSPACE: "backspace",
}
TEXT_KEYS = {pygame.K_BACKSPACE: "backspace", pygame.K_RETURN: "confirm", pygame.K_ESCAPE: "menu",
             pygame.K_KP_ENTER: "confirm", pygame.K_TAB: "tab", pygame.K_LEFT: "left", pygame.K_RIGHT: "right",
             pygame.K_UP: "up", pygame.K_DOWN: "down"}


def to_intents(event: pygame.event.Event, *, text_mode: bool = False) -> list[Intent]:
    """The intents of one pygame event (often none).

    In ``text_mode`` (a text field has focus) letters arrive as ``TextInput``
    and only editing keys become commands.
    """
    kind = event.type
    if kind == pygame.QUIT:
        return [Quit()]
    if kind == pygame.DROPFILE:
        return [DropFile(str(event.file))]
    if kind in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED):
        size = getattr(event, "size", None) or (getattr(event, "x", 0), getattr(event, "y", 0))
        return [Resize((int(size[0]), int(size[1])))]
    if kind == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            return [Pointer("down", event.pos, 1)]
        if event.button == 2:
            return [Command("pass")]
        if event.button == 3:
            return [Command("play")]
        return []
    if kind == pygame.MOUSEBUTTONUP and event.button == 1:
        return [Pointer("up", event.pos, 1)]
    if kind == pygame.MOUSEMOTION:
        return [Pointer("move", event.pos)]
    if kind == pygame.MOUSEWHEEL:
        return [Wheel(int(event.y), pygame.mouse.get_pos())]
    if kind == pygame.TEXTINPUT and text_mode:
        return [TextInput(event.text)]
    if kind == pygame.KEYDOWN:
        table = TEXT_KEYS if text_mode else KEYS
        name = table.get(event.key)
        if name == "tab" and getattr(event, "mod", 0) & pygame.KMOD_SHIFT:
            name = "backtab"  # Shift+Tab: the control before
        return [Command(name)] if name else []
    return []
