"""Determinism by seed, legal exchange gifts, and what the Normal and Strong levels choose."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.hand_plan import Outlook
from ai.levels import make_player
from ai.player import gift_count
from ai.strong import DEFAULT_WEIGHTS, scored_moves, strong_policy
from game.engine import PASS, Game, observe, parse_cards, preset_rules
from game.engine.cards import deck_mask
from game.levels import LEVELS
from tests.engine.helpers import played

from .test_hidden_information import player_for, random_state


def position(preset: str, hands: list[str], leader: int = 0, players: int | None = None) -> Game:
    """Hands for the first seats; the other seats (if any) get one card each from the rest."""
    rules = preset_rules(preset, players or len(hands))
    masks = [parse_cards(h) for h in hands]
    held = 0
    for mask in masks:
        held |= mask
    rest = deck_mask(rules.jokers) & ~held
    while len(masks) < rules.players:
        low = rest & -rest
        masks.append(low)
        rest &= ~low
    return Game.from_hands(rules, masks, leader=leader)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.slow
def test_same_seed_same_decision(level: str) -> None:
    rng = random.Random(20 + LEVELS.index(level))
    for i in range(15):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        first = player_for(level).choose_move(obs, random.Random(i))
        again = player_for(level).choose_move(obs, random.Random(i))
        assert first == again


@pytest.mark.parametrize("level", LEVELS)
def test_gifts_are_legal(level: str) -> None:
    rng = random.Random(30 + LEVELS.index(level))
    player = player_for(level)
    for i in range(20):
        game = random_state(rng, exchange=True)
        seat = game.turn
        obs = observe(game, seat)
        gift = player.choose_gift(obs, random.Random(i))
        assert gift.bit_count() == gift_count(obs) > 0
        assert gift & ~obs.hand == 0
        game.give(seat, gift)


def test_strong_goes_out_when_it_can() -> None:
    # 2S is a sure trick (the joker is gone), then the last card: Strong plays the 2 first.
    game = position("standard", ["5H 2S", "3H 4D 6C JK"], players=4)
    game.played |= parse_cards("JK")
    game.hands[1] &= ~parse_cards("JK")
    game.counts[1] -= 1
    assert played(strong_policy(game)) == parse_cards("2S")
    game = position("standard", ["5H 5D", "3H 4D 6C"], players=4)
    assert played(strong_policy(game)) == parse_cards("5H 5D")


def test_strong_counts_the_lead_a_pass_gives_on_an_extra_turn() -> None:
    """UECda: once everyone passed our play, passing clears the table and we lead."""
    game = position("uecda", ["3S 6H 6D 9C KC", "4H", "4D", "4C", "5H"])
    for move in ("3S", "pass", "pass", "pass", "pass"):
        game.play(PASS if move == "pass" else game.resolve(parse_cards(move)))
    assert game.turn == 0 and game.last_player == 0 and game.top is not None
    scores = dict((move, score) for score, move in scored_moves(game, game.hands[0]))
    no_extra = Game.from_position(replace(game.public(), last_player=4, trick=((4, game.top),)), game.hands,
                                  history=game.history)
    plain = dict((move, score) for score, move in scored_moves(no_extra, no_extra.hands[0]))
    assert scores[PASS] == pytest.approx(plain[PASS] + DEFAULT_WEIGHTS.lead)


def test_strong_never_chooses_a_forbidden_finish_when_it_can_wait() -> None:
    game = position("akita", ["2S", "3H 4D 6C 7C"], leader=1, players=4)
    game.play(game.resolve(parse_cards("3H")))
    assert strong_policy(game) == PASS


def test_strong_gift_keeps_the_structure() -> None:
    rng = random.Random(5)
    for _ in range(30):
        game = random_state(rng, exchange=True)
        obs = observe(game, game.turn)
        if gift_count(obs) != 2:
            continue
        gift = make_player("strong").choose_gift(obs, rng)
        assert not gift & (1 << 52) and not gift & (1 << 53), "the joker is never given"


def test_plan_uses_sequences_and_groups() -> None:
    rules = preset_rules("standard", 4)
    hand = parse_cards("3S 4S 5S 7H 7D KC")
    outlook = Outlook(rules, deck_mask(1) & ~hand, False)
    plan = outlook.plan(hand)
    assert sorted(p.size for p in plan.plays) == [1, 2, 3]
    assert plan.weak == 3 and not plan.finishable()
    strong = parse_cards("2S 2H JK 3D")
    plan = Outlook(rules, deck_mask(1) & ~strong, False).plan(strong)
    assert plan.finishable()
