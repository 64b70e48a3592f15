"""Rule help at the table: which rule an event shows at work, and when to explain it.

Each rule a game can show at work has one entry in ``RULE_HELP``: its id (used
in the settings to mute it) and its texts (``help.<id>.title``,
``help.<id>.text``: what just happened and why).  ``rules_shown(event,
rules, human)`` names the rules an event shows; ``RuleHelpBook`` decides
whether to explain one now: the first time it happens in a match, unless the
player turned rule help off or asked not to see that rule again.

>>> from game.engine.events import EightCut
>>> from game.engine.rules import preset_rules
>>> rules_shown(EightCut(seat=2), preset_rules("standard"), human=0)
('eight_cut',)
>>> book = RuleHelpBook(enabled=True, muted=())
>>> book.take("eight_cut"), book.take("eight_cut")
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.engine.events import (
    Ambulance,
    ClearReason,
    DrawSource,
    Drew,
    EightCut,
    Event,
    Exchanged,
    FiveSkip,
    ForbiddenFinish,
    Gekokujo,
    HopelessHand,
    JBack,
    Locked,
    MiyakoOchi,
    NineReverse,
    Passed,
    Revolution,
    Sandstorm,
    SevenPass,
    Spade3Return,
    TenDiscard,
    TrickCleared,
)
from game.engine.rules import RuleSet

RULE_HELP: tuple[str, ...] = (
    "revolution", "counter_revolution", "eight_cut", "lock", "spade3_return", "j_back", "forbidden_finish",
    "miyako_ochi", "gekokujo", "exchange", "five_skip", "nine_reverse", "seven_pass", "ten_discard", "sandstorm",
    "ambulance", "hopeless_hand", "stock", "pile_draw", "clear_on_pass", "pass_until_clear", "extra_turn",
)
"""Every rule that gets an explanation at the table, in the order the settings list them."""


def title_key(rule: str) -> str:
    return f"help.{rule}.title"


def text_key(rule: str) -> str:
    return f"help.{rule}.text"


def rules_shown(event: Event, rules: RuleSet, human: int) -> tuple[str, ...]:
    """The rules ``event`` shows at work (most events show none)."""
    simple: dict[type, str] = {
        EightCut: "eight_cut", Locked: "lock", Spade3Return: "spade3_return", ForbiddenFinish: "forbidden_finish",
        MiyakoOchi: "miyako_ochi", Gekokujo: "gekokujo", FiveSkip: "five_skip", NineReverse: "nine_reverse",
        SevenPass: "seven_pass", TenDiscard: "ten_discard", Sandstorm: "sandstorm", Ambulance: "ambulance",
        HopelessHand: "hopeless_hand", Exchanged: "exchange",
    }
    rule = simple.get(type(event))
    if rule is not None:
        return (rule,)
    if isinstance(event, Revolution):
        return ("revolution" if event.active else "counter_revolution",)
    if isinstance(event, JBack) and event.active:
        return ("j_back",)
    if isinstance(event, Drew):
        return ("stock",) if event.source is DrawSource.STOCK else ("pile_draw",)
    if isinstance(event, TrickCleared) and rules.clear_on_pass and event.reason is ClearReason.PASS:
        return ("clear_on_pass",)
    if isinstance(event, Passed):
        state = event.state
        shown: list[str] = []
        if rules.pass_until_clear and event.seat == human:
            shown.append("pass_until_clear")
        if rules.extra_turn and state is not None and state.top is not None and state.turn == state.last_player:
            shown.append("extra_turn")
        return tuple(shown)
    return ()


@dataclass
class RuleHelpBook:
    """Which rules have been explained in this match, and which the player does not want explained."""

    enabled: bool
    muted: Iterable[str]
    told: set[str] = field(default_factory=set)

    def wanted(self, rule: str) -> bool:
        """Would an explanation of ``rule`` be shown now?"""
        return self.enabled and rule not in set(self.muted) and rule not in self.told

    def take(self, rule: str) -> bool:
        """Explain ``rule`` now?  True once per match for each rule the player wants explained."""
        if not self.wanted(rule):
            return False
        self.told.add(rule)
        return True


__all__ = ["RULE_HELP", "RuleHelpBook", "rules_shown", "text_key", "title_key"]
