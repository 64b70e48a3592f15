"""The four computer strengths by id, and a factory for them."""

from __future__ import annotations

from typing import Any

from game.levels import LEVELS, Level

from .player import Player


def make_player(level: Level | str, **options: Any) -> Player:
    """A player of ``level``; ``options`` go to its constructor (e.g. the Expert's budget)."""
    try:
        level = Level(level)
    except ValueError:
        raise ValueError(f"unknown computer level {level!r} (levels: {', '.join(LEVELS)})") from None
    if level is Level.BEGINNER:
        from .beginner import Beginner

        return Beginner(**options)
    if level is Level.NORMAL:
        from .normal import Normal

        return Normal(**options)
    if level is Level.STRONG:
        from .strong import Strong

        return Strong(**options)
    from .expert import Expert

    return Expert(**options)
