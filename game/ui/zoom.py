"""The player's size of text and of the table (Settings → Size), as far as the window takes it.

Everything on screen is drawn at ``theme.ui_scale(size)`` (the window's size
against 1280×720) times the player's zoom, 100% to 200%.  A zoom the window
cannot take is brought down to the largest that it can, and the screen says
so: the menus need a window of at least ``MIN_CANVAS`` at the zoom
(``effective_zoom``; they scroll below their header, and the settings screen
names the size in force), and a table must give every element its own place
for its number of seats (``table_zoom``; the table says so when it opens).
"""

from __future__ import annotations

import functools
import itertools

import pygame

from game.storage.settings import UI_SCALES

from .table.layout import table_layout
from .theme import px, ui_scale

MIN_CANVAS = (840, 470)
"""The smallest window, at scale 1, that every menu screen and dialog is laid out for."""
SEAT_COUNTS = range(2, 8)


MESSAGE_LINE = 38
"""The height of a line in the messages slot at scale 1 (``TablePainter.message_step``): it needs two (and the
play log three under its title)."""
TRACKER_LEAST = (150, 84)
"""The smallest the card tracker's grid is drawn, at scale 1."""


def layout_problems(size: tuple[int, int], n: int, human: int, zoom: float, *, stock: bool = False,
                    pile: bool = False, stamps: bool = False) -> list[str]:
    """What is wrong with the table's layout: slots off the screen, empty, or over one another, and the slots
    whose lines would not fit (two lines of messages; three lines of the play log, two at a larger text size;
    the tracker's grid)."""
    layout = table_layout(size, n, human, stock=stock, pile=pile, stamps=stamps, zoom=zoom)
    scale = layout.scale
    screen = pygame.Rect((0, 0), size)
    slots = layout.slots()
    problems = [f"{name} {rect} is off the screen or empty" for name, rect in slots.items()
                if rect.width <= 0 or rect.height <= 0 or not screen.contains(rect)]
    problems += [f"{a} {ra} overlaps {b} {rb}" for (a, ra), (b, rb) in itertools.combinations(slots.items(), 2)
                 if ra.colliderect(rb)]
    if layout.messages.height // px(MESSAGE_LINE, scale) < 2:
        problems.append(f"messages {layout.messages} hold less than two lines")
    least = 3 if zoom <= 1 else 2  # a larger text size leaves the play log fewer lines
    if (layout.log.height - px(40, scale)) // round(px(16, scale) * 0.9 * 1.35) < least:
        problems.append(f"log {layout.log} holds less than {least} lines")
    if layout.tracker.width < px(TRACKER_LEAST[0], scale) or layout.tracker.height < px(TRACKER_LEAST[1], scale):
        problems.append(f"tracker {layout.tracker} is too small for its grid")
    return problems


def table_configurations() -> list[tuple[int, int, bool, bool]]:
    """(seats, the human's seat, stock, pile) of every table the game can show."""
    out = []
    for n in SEAT_COUNTS:
        for human in (0, n - 1):
            out.append((n, human, False, False))
            out.append((n, human, True, False))
            if n <= 3:
                out.append((n, human, False, True))
    return out


def canvas_fits(size: tuple[int, int], percent: int) -> bool:
    """The window, seen at the zoom, is at least ``MIN_CANVAS`` (the menus are laid out for that)."""
    scale = ui_scale(size, percent / 100)
    return size[0] / scale >= MIN_CANVAS[0] and size[1] / scale >= MIN_CANVAS[1]


@functools.lru_cache(maxsize=64)
def largest_zoom(size: tuple[int, int]) -> int:
    """The largest zoom (percent, one of ``UI_SCALES``) the menus of a window of ``size`` take."""
    best = UI_SCALES[0]
    for percent in UI_SCALES[1:]:  # a larger zoom counts only when every one below it fits too
        if not canvas_fits(size, percent):
            break
        best = percent
    return best


def effective_zoom(size: tuple[int, int], wanted: int) -> int:
    """The zoom of the menus: the player's, or the largest the window takes if that is smaller."""
    return min(wanted, largest_zoom(size))


@functools.lru_cache(maxsize=256)
def table_zoom(size: tuple[int, int], n: int, stock: bool, pile: bool, wanted: int, stamps: bool = False) -> int:
    """The zoom of a table of ``n`` seats (with a stock, a pile, reaction stamps): the menus', or the largest below
    it at which every element of the table has its own place (wherever the player sits)."""
    best = UI_SCALES[0]
    for percent in UI_SCALES[1:]:
        if percent > effective_zoom(size, wanted) or any(
                layout_problems(size, n, human, percent / 100, stock=stock, pile=pile, stamps=stamps)
                for human in (0, n - 1)):
            break
        best = percent
    return best


__all__ = ["MIN_CANVAS", "canvas_fits", "effective_zoom", "largest_zoom", "layout_problems", "table_configurations",
           "table_zoom"]
