"""Rule help: which rule each event shows at work, and a rule explained once a match unless muted."""

from __future__ import annotations

from game.engine.events import (
    ClearReason,
    DrawSource,
    Drew,
    Exchanged,
    JBack,
    Locked,
    Revolution,
    TrickCleared,
)
from game.engine.rules import preset_rules
from game.i18n import strings
from game.rule_help import RULE_HELP, RuleHelpBook, rules_shown, text_key, title_key


def test_every_rule_has_its_texts_in_both_languages() -> None:
    for lang in ("en", "ja"):
        table = strings(lang)
        for rule in RULE_HELP:
            assert title_key(rule) in table and text_key(rule) in table, (lang, rule)


def test_events_name_their_rules() -> None:
    standard, duel = preset_rules("standard"), preset_rules("duel5")
    assert rules_shown(Revolution(1, True), standard, 0) == ("revolution",)
    assert rules_shown(Revolution(1, False), standard, 0) == ("counter_revolution",)
    assert rules_shown(JBack(1, False), standard, 0) == ()
    assert rules_shown(Locked(2, 1), standard, 0) == ("lock",)
    assert rules_shown(Exchanged(3, 0, 0, False, 2), standard, 0) == ("exchange",)
    assert rules_shown(Drew(0, 0, DrawSource.STOCK, 1), duel, 0) == ("stock",)
    assert rules_shown(TrickCleared(1, ClearReason.PASS), duel, 0) == ("clear_on_pass",)
    assert rules_shown(TrickCleared(1, ClearReason.PASSES), standard, 0) == ()
    assert all(rule in RULE_HELP for rule in ("five_skip", "sandstorm", "hopeless_hand", "miyako_ochi"))


def test_a_rule_is_explained_once_a_match_and_never_when_muted_or_switched_off() -> None:
    book = RuleHelpBook(enabled=True, muted=("lock",))
    assert book.take("revolution") and not book.take("revolution")
    assert not book.take("lock")
    assert not RuleHelpBook(enabled=False, muted=()).take("revolution")
    assert RuleHelpBook(enabled=True, muted=()).take("revolution"), "a new match explains it again"

