"""The computer players' strengths, by the ids settings, autosaves and statistics use.

A vocabulary shared by the players (``ai``), the setups, the statistics and
the screens, so that none of them needs another to name a level.

>>> Level("expert") is Level.EXPERT, f"level.{Level.NORMAL}"
(True, 'level.normal')
"""

from __future__ import annotations

from enum import Enum


class Level(str, Enum):
    """A computer strength, from weakest to strongest."""

    BEGINNER = "beginner"
    """弱い: plays at random, leaning to small plays."""
    NORMAL = "normal"
    """普通: the UECda tournament's default client."""
    STRONG = "strong"
    """強い: plans its hand into the fewest plays and times its trumps."""
    EXPERT = "expert"
    """最強: searches over dealt worlds within a time budget."""

    def __str__(self) -> str:
        return self.value


LEVELS: tuple[Level, ...] = tuple(Level)
"""From weakest to strongest."""

__all__ = ["LEVELS", "Level"]
