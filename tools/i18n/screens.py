"""Strings of the menu screens: title, new game, settings, rules, statistics, replays (English, 日本語)."""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {}
