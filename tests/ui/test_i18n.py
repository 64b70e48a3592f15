"""Translations: both languages have every key, the same parameters, and glyphs for every character."""

from __future__ import annotations

import string

import pytest

from game.engine import IllegalMove, Reason
from game.engine.rules import SWITCH_NAMES
from game.i18n import LANGUAGES, Translator, reason_text, strings
from game.ui.fonts import bundled_font_paths, missing_glyphs


def fields(text: str) -> set[str]:
    """The parameters of a string (``{count#card|cards}`` is a use of ``count``)."""
    return {name.split("#")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


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


def test_plurals_and_sentences_about_the_player_read_naturally() -> None:
    en, ja = Translator("en"), Translator("ja")
    assert en("table.choose_gift", count=1, name="CPU 2") == "Choose 1 card to give to CPU 2"
    assert en("table.choose_gift", count=2, name="CPU 2") == "Choose 2 cards to give to CPU 2"
    assert en("reason.gift_count", count=1) == "Choose exactly 1 card."
    assert ja("table.choose_gift", count=2, name="CPU 2") == "CPU 2に渡すカードを2枚選んでください"
    assert en("banner.finished", name=en("seat.you"), place=en("place.1")) == "You went out 1st"
    assert en.about("table.leader.random", True, name=en("seat.you")) == "You lead"
    assert en.about("table.leader.random", False, name="CPU 1") == "CPU 1 leads"
    assert en.about("table.leader.lowest_class", True, name=en("seat.you")) == "You are the lowest class and lead"
    for lang in LANGUAGES:
        for key, text in strings(lang).items():
            assert "(s)" not in text, key
            if key.startswith("table.leader.") and not key.endswith(".you"):
                assert f"{key}.you" in strings(lang), key


def test_a_missing_key_falls_back_to_the_key(caplog: pytest.LogCaptureFixture) -> None:
    assert Translator("en")("no.such.key") == "no.such.key"
    assert "missing string 'no.such.key'" in caplog.text
    caplog.clear()  # the autouse check that no screen asks for a missing string
