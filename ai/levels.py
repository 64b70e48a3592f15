"""The four computer strengths by id, and a factory for them."""

from __future__ import annotations

from typing import Any

from .player import Player

LEVELS = ("beginner", "normal", "strong", "expert")
"""From weakest to strongest (弱い, 普通, 強い, 最強)."""


def make_player(level: str, **options: Any) -> Player:
    """A player of ``level``; ``options`` go to its constructor (e.g. the Expert's budget)."""
    if level == "beginner":
        from .beginner import Beginner

        return Beginner(**options)
    if level == "normal":
        from .normal import Normal

        return Normal(**options)
    if level == "strong":
        from .strong import Strong

        return Strong(**options)
    if level == "expert":
        from .expert import Expert

        return Expert(**options)
    raise ValueError(f"unknown computer level {level!r} (levels: {', '.join(LEVELS)})")
