"""Translations: both languages have every key, the same parameters, and glyphs for every character."""

from __future__ import annotations

import string

import pytest

from game.engine import IllegalMove, Reason
from game.engine.rules import SWITCH_NAMES
from game.i18n import LANGUAGES, Translator, reason_text, strings
from game.ui.fonts import bundled_font_paths, missing_glyphs


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_languages_have_the_same_keys_and_parameters() -> None:
    ja, en = strings("ja"), strings("en")
    assert set(ja) == set(en)
    for key in en:
        assert fields(ja[key]) == fields(en[key]), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_string_renders_with_the_bundled_font(lang: str) -> None:
    text = "".join(strings(lang).values())
    for path in bundled_font_paths():
        assert missing_glyphs(text, path) == set(), path


def test_every_rule_switch_and_reason_is_explained() -> None:
    en = strings("en")
    for name in SWITCH_NAMES:
        assert f"switch.{name}.name" in en and f"switch.{name}.help" in en
    t = Translator("ja")
    for reason in Reason:
        assert f"reason.{reason.value}" in en
    error = IllegalMove(Reason.WRONG_KIND, kind="sequence")
    assert reason_text(t, error) == "階段で出してください。"
    assert reason_text(Translator("en"), IllegalMove(Reason.LOCKED, suits="♥")) == "Locked to ♥."


def test_a_missing_key_falls_back_to_the_key(caplog: pytest.LogCaptureFixture) -> None:
    assert Translator("en")("no.such.key") == "no.such.key"
    assert "missing string 'no.such.key'" in caplog.text
    caplog.clear()  # the autouse check that no screen asks for a missing string
