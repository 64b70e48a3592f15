"""Move generation: equal to brute force over every subset, and pinned counts."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import PASS, Game, Play, RuleSet, preset_rules
from game.engine.cards import JOKER_MASK, deck_mask, iter_ids
from game.engine.match import game_rng
from game.engine.movegen import canonical, follow_error, legal_plays, play_readings
from tests.properties import examples

from .randomized import random_rules
from .strategies import rule_sets


def brute_force(hand: int, top: Play | None, reversed_: bool, lock: int, rules: object) -> set[Play]:
    """Every subset of the hand, every reading, filtered by the following rule."""
    assert hasattr(rules, "sequence_min")
    ids = list(iter_ids(hand))
    found: set[Play] = set()
    jokers_held = [c for c in ids if c >= 52]
    for size in range(1, len(ids) + 1):
        for combo in combinations(ids, size):
            used = [c for c in combo if c >= 52]
            if used != jokers_held[: len(used)]:
                continue  # jokers are interchangeable: the generator uses the first ones held
            cards = 0
            for cid in combo:
                cards |= 1 << cid
            for reading in play_readings(cards, rules):  # type: ignore[arg-type]
                reading = canonical(reading, lock, rules)  # type: ignore[arg-type]
                if follow_error(reading, top, reversed_, lock, rules) is None:  # type: ignore[arg-type]
                    found.add(reading)
    return found


Position = tuple[int, Play | None, bool, int, RuleSet]
"""A hand, the table's play, whether the order is reversed, the lock, the rules."""


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A hand of 1 to 11 cards and, mostly, a play of other cards on the table (sometimes locked)."""
    rules = draw(rule_sets())
    deck = list(iter_ids(deck_mask(rules.jokers)))
    held = draw(st.lists(st.sampled_from(deck), min_size=1, max_size=11, unique=True))
    hand = sum(1 << cid for cid in held)
    top: Play | None = None
    lock = 0
    others = [cid for cid in deck if not hand >> cid & 1]
    if draw(st.integers(0, 3)):  # three times in four, a table to beat
        rest = sum(1 << cid for cid in draw(st.lists(st.sampled_from(others), max_size=19, unique=True)))
        table = legal_plays(rest, None, False, 0, rules)
        if table:
            top = draw(st.sampled_from(table))
            if rules.lock and top.rank < 13 and draw(st.booleans()):
                lock = top.suits
    return hand, top, draw(st.booleans()), lock, rules


@settings(max_examples=examples(2))
@given(positions())
def test_generation_equals_brute_force(position: Position) -> None:
    hand, top, reversed_, lock, rules = position
    generated = legal_plays(hand, top, reversed_, lock, rules)
    assert len(generated) == len(set(generated)), "duplicate moves"
    assert set(generated) == brute_force(hand, top, reversed_, lock, rules)


def test_generation_with_two_jokers_equals_brute_force() -> None:
    rules = preset_rules("uecda", overrides={"jokers": 2})
    rng = random.Random(4)
    for _ in range(60):
        deck = list(iter_ids(deck_mask(2) & ~JOKER_MASK))
        rng.shuffle(deck)
        hand = JOKER_MASK
        for cid in deck[:7]:
            hand |= 1 << cid
        for top in [None, *legal_plays(deck_mask(2) & ~hand & ~JOKER_MASK, None, False, 0, rules)[:: 40]]:
            generated = legal_plays(hand, top, False, 0, rules)
            assert set(generated) == brute_force(hand, top, False, 0, rules)


def test_every_generated_move_is_accepted_and_legal_moves_in_agrees() -> None:
    rng = random.Random(11)
    for _ in range(40):
        rules = random_rules(rng)
        game = Game.new(rules, rng)
        while game.phase.value == "exchange":
            gift = game.pending[0]
            game.give(gift.giver, sum(1 << c for c in list(iter_ids(game.hands[gift.giver]))[: gift.count]))
        while not game.over:
            moves = game.legal_moves()
            for move in moves:
                assert game.can(move) and move in moves
            game.play(rng.choice(list(moves)))


def perft(game: Game, depth: int) -> int:
    """Leaf count of the move tree to ``depth`` plies (like chess perft)."""
    if depth == 0 or game.over:
        return 1
    total = 0
    for move in game.legal_moves():
        child = game.clone()
        child.apply(move)
        total += perft(child, depth - 1)
    return total


PINNED = {
    # (preset, seed): (moves at the start, leaves at depth 2, leaves at depth 3)
    ("uecda", 1): (12, 78, 372),
    ("standard", 2): (20, 151, 638),
    ("duel5", 3): (7, 12, 55),
    ("akita", 4): (17, 107, 792),
    ("classic", 5): (14, 80, 333),
    ("tournament", 6): (43, 193, 962),
}


def test_pinned_move_counts() -> None:
    got = {}
    for (preset, seed) in PINNED:
        game = Game.new(preset_rules(preset), game_rng(seed, 0))
        got[(preset, seed)] = (len(game.legal_moves()), perft(game, 2), perft(game, 3))
    assert got == PINNED


def test_pass_is_last_and_only_when_following() -> None:
    game = Game.new(preset_rules("standard"), game_rng(1, 0))
    assert PASS not in list(game.legal_moves())
    game.apply(game.legal_moves()[0])
    if game.top is not None:
        assert list(game.legal_moves())[-1] is PASS
