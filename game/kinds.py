"""A game's kind: one of the presets as it is, or a custom game, told apart by the switches it changes.

A game is custom when its rules differ from its preset's (``RuleSet.overrides``,
the switches a record keeps).  Its ``variant`` is those overrides as
canonical JSON (sorted, no spaces): the same switches always give the same
text, so the statistics group custom games by it and never mix them with the
preset's own games or with custom games of other switches.  ``signature`` is a
short stable name of a variant for file names.

>>> variant({}), kind("standard", "")
('', 'standard')
>>> v = variant({"ten_discard": True, "five_skip": True})
>>> v, kind("standard", v), signature(v)
('{"five_skip":true,"ten_discard":true}', 'custom', '2ad3d724')
>>> from game.engine.rules import FirstLeader
>>> variant({"first_leader": "diamond3"}) == variant({"first_leader": FirstLeader.DIAMOND3})
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from enum import Enum
from typing import Any

from game.engine import RuleSet
from game.engine.rules import RuleError, coerce_switch

__all__ = ["CUSTOM", "kind", "kind_of", "overrides_of", "safe_variant", "signature", "variant", "variant_of"]

CUSTOM = "custom"
"""The kind of a game whose rules differ from its preset's."""


def variant(overrides: Mapping[str, Any]) -> str:
    """The canonical text of switch overrides ('' for none); ``RuleError`` for an unknown switch or bad value."""
    if not overrides:
        return ""
    canonical = {}
    for name, value in overrides.items():
        typed = coerce_switch(str(name), value)
        canonical[str(name)] = typed.value if isinstance(typed, Enum) else typed
    return json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def variant_of(rules: RuleSet) -> str:
    """The variant of a rule set: '' when it is its preset as it is."""
    return variant(rules.overrides())


def overrides_of(text: str) -> dict[str, Any]:
    """The overrides a variant names ({} for '' or a text that is not one)."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return dict(value) if isinstance(value, dict) else {}


def signature(text: str) -> str:
    """Eight hex digits naming a variant ('' for none), the same on every machine."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8] if text else ""


def kind(preset: str, text: str) -> str:
    """``custom`` for a game with overrides, else its preset."""
    return CUSTOM if text else preset


def kind_of(rules: RuleSet) -> str:
    return kind(rules.preset.value, variant_of(rules))


def safe_variant(overrides: Any) -> str | None:
    """The variant of overrides read from a file; None if they are not overrides this version knows."""
    if overrides is None:
        return ""
    if not isinstance(overrides, Mapping):
        return None
    try:
        return variant(overrides)
    except (RuleError, TypeError, ValueError):
        return None
