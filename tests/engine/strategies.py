"""Hypothesis strategies for the property tests: rule sets, hands and tables that shrink to simple ones.

A failing case shrinks towards the first preset with the fewest players and
switches, small hands and the first choices of ``st.randoms()``, and replays
from the printed blob (``print_blob`` in the profiles of ``tests/conftest.py``).
"""

from __future__ import annotations

import random
from enum import Enum
from typing import Any

from hypothesis import reject
from hypothesis import strategies as st

from game.engine import PRESET_IDS, PRESETS, RuleError, RuleSet, preset_rules
from game.engine.rules import SWITCH_NAMES, switch_kind

MAX_OVERRIDES = 6


@st.composite
def rule_sets(draw: st.DrawFn) -> RuleSet:
    """A preset, a player count it allows and up to ``MAX_OVERRIDES`` switches set (valid together)."""
    preset = draw(st.sampled_from(PRESET_IDS))
    info = PRESETS[preset]
    players = draw(st.integers(info.min_players, info.max_players))
    names = draw(st.lists(st.sampled_from(SWITCH_NAMES), max_size=MAX_OVERRIDES, unique=True))
    overrides: dict[str, Any] = {}
    for name in names:
        value = draw(switch_values(name))
        if value is not None:
            overrides[name] = value
    try:
        return preset_rules(preset, players, overrides)
    except RuleError:
        reject()


def switch_values(name: str) -> st.SearchStrategy[object]:
    """The values of the switch ``name`` (counts up to 6; None for a switch of another kind)."""
    kind = switch_kind(name)
    if kind is bool:
        return st.booleans()
    if isinstance(kind, tuple):
        low, high = kind
        return st.integers(low, min(high, 6))
    if isinstance(kind, type) and issubclass(kind, Enum):
        return st.sampled_from([member.value for member in kind])
    return st.none()


def choices() -> st.SearchStrategy[random.Random]:
    """The random choices of a game (deal, moves, gifts): drawn by Hypothesis, so they shrink and replay."""
    return st.randoms(use_true_random=False)
