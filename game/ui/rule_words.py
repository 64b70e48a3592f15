"""How the screens name a kind of game: a preset by its name, a custom game as "Custom" with its differences.

>>> from game.i18n import Translator
>>> t = Translator("en")
>>> kind_name(t, "standard", ""), kind_name(t, "standard", '{"five_skip":true}')
('Common rules', 'Custom')
>>> differences(t, "standard", '{"five_skip":true,"eight_cut":false,"jokers":2}')
'Common rules with Jokers: 2 cards, 8-cut: Off, 5-skip'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.rules import PRESETS, SWITCH_NAMES, RuleSet, switch_kind
from game.kinds import overrides_of, variant_of


def switch_value(t: Callable[..., str], name: str, value: Any) -> str:
    """A switch's value as the player reads it: On/Off, a number of cards, an option's name."""
    kind = switch_kind(name)
    if kind is bool:
        return t("common.on") if value else t("common.off")
    if isinstance(kind, tuple):
        if value == 0 and name != "jokers":
            return t("common.off")
        return t("screen.rules.cards_1") if value == 1 else t("screen.rules.cards_n", n=value)
    plain = getattr(value, "value", value)
    return t(f"switch.{name}.{plain}")


def preset_name(t: Callable[..., str], preset: str) -> str:
    return t(f"preset.{preset}.name") if preset in PRESETS else preset


def kind_name(t: Callable[..., str], preset: str, variant: str) -> str:
    """``Custom`` for a custom game, else the preset's name."""
    return t("preset.custom.name") if variant else preset_name(t, preset)


def differences(t: Callable[..., str], preset: str, variant: str) -> str:
    """What a custom game changes, in the rules' order: "Common rules with 8-cut: Off, 5-skip" ('' for none).

    A house rule turned on is named alone; any other change with its value.
    """
    overrides = overrides_of(variant)
    parts = []
    for name in (n for n in SWITCH_NAMES if n in overrides):
        value = overrides[name]
        parts.append(t(f"switch.{name}.name") if value is True and switch_kind(name) is bool
                     else t("rules.difference", name=t(f"switch.{name}.name"), value=switch_value(t, name, value)))
    if not parts:
        return ""
    return t("rules.differences", preset=preset_name(t, preset), list=t("rules.list_sep").join(parts))


def rules_name(t: Callable[..., str], rules: RuleSet) -> str:
    """The name of the kind of game ``rules`` make."""
    return kind_name(t, rules.preset.value, variant_of(rules))


def rules_differences(t: Callable[..., str], rules: RuleSet) -> str:
    return differences(t, rules.preset.value, variant_of(rules))
