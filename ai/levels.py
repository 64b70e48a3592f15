"""The four computer strengths by id, and a factory for them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.levels import LEVELS, Level

from .player import Player

if TYPE_CHECKING:
    from .expert import ExpertOptions


def make_player(level: Level | str, expert: ExpertOptions | None = None) -> Player:
    """A player of ``level``; ``expert``: the Expert's options (the defaults when None; the other
    levels have none)."""
    try:
        level = Level(level)
    except ValueError:
        raise ValueError(f"unknown computer level {level!r} (levels: {', '.join(LEVELS)})") from None
    if level is Level.BEGINNER:
        from .beginner import Beginner

        return Beginner()
    if level is Level.NORMAL:
        from .normal import Normal

        return Normal()
    if level is Level.STRONG:
        from .strong import Strong

        return Strong()
    from .expert import Expert, ExpertOptions

    return Expert(expert or ExpertOptions())
