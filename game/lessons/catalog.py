"""Every lesson, in the order the lessons screen lists them, and the lesson of each mode of the new-game screen.

>>> [lesson.id for lesson in lessons()][:2]
['first_game', 'akita']
>>> lesson_for_mode("duel5").id, lesson_for_mode("standard").id
('duel5', 'first_game')
"""

from __future__ import annotations

from .first_game import first_game
from .presets import akita, classic, duel5, house_rules, tournament, uecda
from .script import Lesson

CUSTOM_MODE = "custom"
"""The new-game screen's mode of house rules (the standard preset with switches changed)."""


def lessons() -> tuple[Lesson, ...]:
    """Every lesson: the guided first game, then one per preset, then the house rules."""
    return (first_game(), akita(), tournament(), duel5(), classic(), uecda(), house_rules())


def lesson(lesson_id: str) -> Lesson:
    """The lesson named ``lesson_id`` (KeyError if there is none)."""
    found = {item.id: item for item in lessons()}
    return found[lesson_id]


def lesson_for_mode(mode: str) -> Lesson:
    """The lesson of a mode of the new-game screen: a preset's own, the house rules for Custom, the first game
    for the common rules."""
    if mode == CUSTOM_MODE:
        return house_rules()
    ids = {item.preset.value: item for item in lessons() if item.id != "house_rules"}
    return ids.get(mode) or first_game()


__all__ = ["CUSTOM_MODE", "lesson", "lesson_for_mode", "lessons"]
