"""JSON read from the game's files with its nesting bounded, whatever the depth of the caller's stack.

``json.loads`` recurses once per level: text nested a thousand levels deep
raises ``RecursionError`` where the stack is already deep (a frame of the
game), or loads where it is shallow and then cannot be written back
(``json.dumps`` recurses too).  ``loads_bounded`` turns both into
``TooDeep``, a ``ValueError`` like any other JSON that is not the game's.

>>> loads_bounded('{"a": [1, {"b": []}]}', 4)
{'a': [1, {'b': []}]}
>>> loads_bounded('[[[[[]]]]]', 4)
Traceback (most recent call last):
...
game.storage.jsontext.TooDeep: nested more than 4 levels deep
"""

from __future__ import annotations

import json
from typing import Any

__all__ = ["TooDeep", "depth_of", "loads_bounded"]


class TooDeep(ValueError):
    """JSON nested deeper than the file it is read from ever needs."""

    def __init__(self, limit: int) -> None:
        super().__init__(f"nested more than {limit} levels deep")


def depth_of(value: Any, limit: int) -> int:
    """How deeply ``value``'s lists and objects nest (a scalar: 0), counted up to ``limit + 1``; no recursion."""
    deepest = 0
    level: list[Any] = [value]
    while deepest <= limit:
        containers = [item for item in level if isinstance(item, (dict, list))]
        if not containers:
            break
        deepest += 1
        level = [child for item in containers for child in (item.values() if isinstance(item, dict) else item)]
    return deepest


def loads_bounded(text: str | bytes, limit: int) -> Any:
    """``json.loads(text)``, or ``TooDeep`` if lists and objects nest more than ``limit`` levels deep.

    Any other problem raises ``ValueError`` (``UnicodeDecodeError`` and
    ``json.JSONDecodeError`` are ones), as ``json.loads`` does.
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise TooDeep(limit) from None
    if depth_of(value, limit) > limit:
        raise TooDeep(limit)
    return value
