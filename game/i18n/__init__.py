"""Translations: Japanese and English strings by key, and the lookup.

The strings live in ``ja.json`` and ``en.json`` next to this module (read
through importlib.resources, so they are found inside a frozen app too).
Keys are dotted: ``button.play``, ``switch.lock.help``, ``reason.locked``...
A string may hold ``{name}`` parameters, and ``{count#card|cards}`` picks a
word by a number (English plurals; Japanese needs none).  A sentence whose
subject may be the player has a ``.you`` variant (``Translator.about``).

>>> Translator("en")("table.choose_gift", count=1, name="CPU 1")
'Choose 1 card to give to CPU 1'
>>> Translator("en")("table.choose_gift", count=2, name="CPU 1")
'Choose 2 cards to give to CPU 1'
>>> Translator("en").about("table.leader.random", True, name="You")
'You lead'

"""

from __future__ import annotations

import json
import logging
import re
from functools import cache
from importlib import resources
from typing import Any

from game.engine.cards import format_symbols, parse_cards
from game.engine.errors import IllegalMove

log = logging.getLogger(__name__)

LANGUAGES = ("ja", "en")
"""Supported languages, the first is the default."""
PLURAL = re.compile(r"\{(\w+)#([^|{}]*)\|([^{}]*)\}")
"""``{count#card|cards}``: the first word when the parameter ``count`` is 1, else the second."""


@cache
def strings(lang: str) -> dict[str, str]:
    """All strings of one language (read once)."""
    text = resources.files(__name__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    data: dict[str, str] = json.loads(text)
    return data


class Translator:
    """Looks up strings of one language (English where a key is missing)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self._strings = strings(self.lang)
        self._fallback = strings("en")

    def __call__(self, key: str, **params: Any) -> str:
        text = self._strings.get(key)
        if text is None:
            text = self._fallback.get(key)
            if text is None:
                log.warning("missing string %r", key)
                return key
        if not params:
            return text
        text = PLURAL.sub(lambda m: m.group(2) if params.get(m.group(1)) == 1 else m.group(3), text)
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            log.warning("string %r does not take parameters %s", key, sorted(params))
            return text

    def has(self, key: str) -> bool:
        return key in self._strings

    def about(self, key: str, you: bool, **params: Any) -> str:
        """A sentence about a player: the ``key.you`` wording when it is about the player at the screen."""
        return self(f"{key}.you" if you else key, **params)


def reason_text(t: Translator, error: IllegalMove) -> str:
    """An illegal move's reason in the player's language."""
    params = dict(error.params)
    if "kind" in params:
        params["kind"] = t(f"kind.{params['kind']}")
    if "card" in params:
        params["card"] = " ".join(_symbol(code) for code in str(params["card"]).replace(",", " ").split())
    return t(f"reason.{error.reason.value}", **params)


def _symbol(code: str) -> str:
    try:
        return format_symbols(parse_cards(code))
    except ValueError:
        return code
