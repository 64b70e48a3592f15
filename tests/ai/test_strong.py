"""Strong sees every play that clears the table as the engine makes it: one case per house rule."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.hand import unseen
from ai.hand_plan import Outlook
from ai.strong import _win_chance, scored_moves
from game.engine import Game, Play, parse_cards, preset_rules
from game.engine.cards import deck_mask, iter_ids
from game.engine.effects import effects
from game.engine.events import ClearReason, TrickCleared

from ..engine.helpers import game_of, run


def win_chance(game: Game, cards: str) -> float:
    """Strong's chance that the seat to act wins the trick with ``cards`` (as ``scored_moves`` asks it)."""
    seat = game.turn
    hand = game.hands[seat]
    others = game.active & ~(1 << seat)
    if game.rules.pass_until_clear:
        others &= ~game.passed
    opponents = tuple(game.counts[s] for s in range(game.n) if others >> s & 1)
    outlook = Outlook(game.rules, unseen(game, hand), game.revolution, opponents)
    return _win_chance(game, game.resolve(parse_cards(cards)), outlook, others, True)


CUTS: list[tuple[str, dict[str, Any], list[str], list[str], str, ClearReason]] = [
    # (case, overrides, hands, moves before, the play, why it clears)
    ("砂嵐", {"sandstorm": True},
     ["3S 3H 3D 5C 6C", "4S 4H 9C TC JC", "QS QH QD KC", "7S 7H 7D AS AH 2S"], ["7S 7H 7D"],
     "3S 3H 3D", ClearReason.SANDSTORM),
    ("救急車", {"ambulance": True},
     ["9S 9H 5C 6C", "4S 4H TC JC", "QS QH QD KC", "KS KH AS AH 2S"], ["KS KH"],
     "9S 9H", ClearReason.AMBULANCE),
    ("8切り", {}, ["8S 5C 6C", "4S 4H TC JC", "QS QH QD KC", "5D KH AS AH 2S"], ["5D"],
     "8S", ClearReason.EIGHT_CUT),
    ("スペ3返し", {}, ["3S 5C 6C", "4S 4H TC JC", "QS QH QD KC", "KS KH AS JK"], ["JK"],
     "3S", ClearReason.SPADE3_RETURN),
    ("5スキップ", {"five_skip": True}, ["5S 5H 5D 9C", "4S 4H TC JC", "QS QH QD KC", "3D 3C 3H AS AH 2S"],
     ["3D 3C 3H"], "5S 5H 5D", ClearReason.FIVE_SKIP),
]


@pytest.mark.parametrize(("case", "overrides", "hands", "before", "play", "reason"), CUTS, ids=[c[0] for c in CUTS])
def test_strong_sees_every_play_that_clears_the_table(
    case: str, overrides: dict[str, Any], hands: list[str], before: list[str], play: str, reason: ClearReason
) -> None:
    game = game_of("standard", hands, overrides={"lock": False, **overrides}, leader=3)
    run(game, *before)
    assert game.turn == 0 and game.top is not None
    assert win_chance(game, play) == 1.0, f"Strong misses the {case}"
    cut = effects(game.resolve(parse_cards(play)), game).cut
    events = run(game, play)
    cleared = [e for e in events if isinstance(e, TrickCleared)]
    assert cleared and cleared[0].reason is reason and cleared[0].leader == 0, "the engine clears the table too"
    assert cut in (reason, None) and (cut is reason or reason is ClearReason.FIVE_SKIP)


def test_a_sandstorm_over_a_triple_is_as_sure_as_an_eight_cut() -> None:
    """Standard rules with 砂嵐, seat 0 holding 3♠3♥3♦ over a triple of 7s: the table clears with either."""
    for triple in ("3S 3H 3D", "8S 8H 8D"):
        game = game_of("standard", ["3S 3H 3D 8S 8H 8D 5C", "4S 4H 9C TC JC", "QS QH QD KC", "7S 7H 7D AS AH 2S"],
                       overrides={"sandstorm": True}, leader=3)
        run(game, "7S 7H 7D")
        assert game.turn == 0
        assert effects(game.resolve(parse_cards(triple)), game).cut is not None
        assert win_chance(game, triple) == 1.0
        assert parse_cards(triple) in {m.cards for _, m in scored_moves(game, game.hands[0]) if isinstance(m, Play)}


@settings(max_examples=300, deadline=None)
@given(
    preset=st.sampled_from(["uecda", "standard", "tournament", "akita", "classic", "duel5"]),
    seed=st.integers(0, 10**6),
    size=st.integers(0, 17),
    reversed_=st.booleans(),
    counted=st.booleans(),
)
def test_a_judgement_is_the_plans_numbers(preset: str, seed: int, size: int, reversed_: bool, counted: bool) -> None:
    """``Outlook.judge`` (the fast path for hands of groups and singles) adds up exactly as ``plan``."""
    rules = preset_rules(preset)
    rng = random.Random(seed)
    deck = list(iter_ids(deck_mask(rules.jokers)))
    rng.shuffle(deck)
    hand = sum(1 << cid for cid in deck[:size])
    unseen_cards = sum(1 << cid for cid in deck[size:size + rng.randint(0, len(deck) - size)])
    opponents = tuple(rng.randint(1, 11) for _ in range(rng.randint(1, 4))) if counted else None
    plan = Outlook(rules, unseen_cards, reversed_, opponents).plan(hand)
    judged = Outlook(rules, unseen_cards, reversed_, opponents).judge(hand)
    assert (judged.value, judged.weak, judged.controls, judged.can_end) == (
        plan.value, plan.weak, plan.controls, plan.can_end
    )
    assert judged.finishable() == plan.finishable()
