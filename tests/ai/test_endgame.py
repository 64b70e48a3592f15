"""The exact two-player endgame solver: hand-made positions and a cross-check by brute force."""

from __future__ import annotations

import random

import pytest

from ai.endgame import solve, two_player_world, wins
from ai.expert import Expert, ExpertOptions
from game.engine import PASS, Game, Move, RuleSet, observe, parse_cards, preset_rules
from game.engine.cards import deck_mask, iter_ids
from tests.engine.helpers import played

from .helpers import late_position

RULE_MIXES = [
    preset_rules("standard", 2),
    preset_rules("standard", 2, {"sequence_beats": "all", "pass_until_clear": True, "lock_joker_starts": True,
                                 "revolution_sequence": 5}),
    preset_rules("standard", 2, {"j_back": True, "forbidden_finish": True, "sequences": False}),
    preset_rules("standard", 2, {"eight_cut": False, "lock": False, "spade3_return": False, "j_back": True,
                                 "j_back_sequence": True, "revolution_sequence": 4}),
]


def naive_wins(game: Game, me: int, other: int) -> bool:
    """Plain minimax without any table: does ``me`` end above ``other``?"""
    if game.over:
        assert game.result is not None
        places = game.result.places
        return places.index(me) < places.index(other)
    mine = game.turn == me
    for move in game.move_list():
        child = game.clone()
        child.apply(move)
        if naive_wins(child, me, other) == mine:
            return mine
    return not mine


def is_winning(game: Game, me: int, move: Move) -> bool:
    child = game.clone()
    child.apply(move)
    return naive_wins(child, me, 1 - me)


def random_position(rng: random.Random, rules: RuleSet, total: int) -> Game:
    deck = list(iter_ids(deck_mask(rules.jokers)))
    rng.shuffle(deck)
    first = rng.randint(1, total - 1)
    hands = [sum(1 << c for c in deck[:first]), sum(1 << c for c in deck[first:total])]
    return Game.from_hands(rules, hands, leader=rng.randrange(2))


def test_cut_then_control_then_out() -> None:
    # 3H first loses (6H beats it... and the other goes out eventually); 8H or 2D first wins.
    game = late_position(preset_rules("standard", 2), ["3H 8H 2D", "6H 6D 9S KH"])
    solution = solve(game, 0)
    assert solution.proven and solution.move is not None
    assert played(solution.move) in (parse_cards("8H"), parse_cards("2D"))
    assert not is_winning(game, 0, game.resolve(parse_cards("3H")))


def test_the_triple_must_be_split_right() -> None:
    # Only a pair of queens (QS QD: the other has no pair above it... and no triple) or the triple wins.
    game = late_position(preset_rules("standard", 2), ["9H QS QH QD", "9D TH KD AS 2H"])
    solution = solve(game, 0)
    assert solution.proven and solution.move is not None
    assert played(solution.move) in (parse_cards("QS QD"), parse_cards("QS QH QD"))
    winning = {played(m) for m in game.move_list() if is_winning(game, 0, m)}
    assert winning == {parse_cards("QS QD"), parse_cards("QS QH QD")}


def test_lost_position_is_proven_lost() -> None:
    # The other player holds the joker and a single: whatever I lead, the joker wins and it goes out.
    game = late_position(preset_rules("standard", 2, {"spade3_return": False}), ["4S 6H", "JK 5D"])
    solution = solve(game, 0)
    assert solution.proven and solution.move is None


def test_a_forbidden_finish_is_no_way_out() -> None:
    hands = ["8H 2D", "6H 9S"]
    free = late_position(preset_rules("standard", 2), hands)
    assert solve(free, 0).move == free.resolve(parse_cards("8H"))
    strict = late_position(preset_rules("standard", 2, {"forbidden_finish": True}), hands)
    solution = solve(strict, 0)
    assert solution.proven and solution.move is None


@pytest.mark.parametrize("rules", RULE_MIXES, ids=lambda r: f"{r.preset}-{len(r.overrides())}")
def test_solver_agrees_with_brute_force(rules: RuleSet) -> None:
    rng = random.Random(rules.players * 7 + len(rules.overrides()))
    for _ in range(40):
        game = random_position(rng, rules, rng.randint(3, 7))
        me = game.turn
        solution = solve(game, me)
        assert solution.proven
        any_win = any(is_winning(game, me, m) for m in game.move_list())
        assert (solution.move is not None) == any_win
        if solution.move is not None:
            assert is_winning(game, me, solution.move)


def test_twelve_cards_are_always_solved() -> None:
    rng = random.Random(3)
    for rules in RULE_MIXES[:3]:
        for _ in range(8):
            game = random_position(rng, rules, 12)
            solution = solve(game, game.turn)
            assert solution.proven, "12 cards stay well inside the node limit"
            if solution.move is not None:
                child = game.clone()
                child.apply(solution.move)
                assert wins(child, game.turn)


def test_world_is_known_only_when_every_card_is_accounted_for() -> None:
    game = late_position(preset_rules("standard", 2), ["3H 8H 2D", "6H 6D 9S KH"])
    world = two_player_world(observe(game, 0))
    assert world is not None and world.hands[1] == parse_cards("6H 6D 9S KH")
    fresh = Game.from_hands(preset_rules("standard", 2), [parse_cards("3H 8H"), parse_cards("6H")], leader=0)
    assert two_player_world(observe(fresh, 0)) is None


def test_expert_plays_the_forced_win() -> None:
    game = late_position(preset_rules("standard", 2), ["3H 8H 2D", "6H 6D 9S KH"])
    move = Expert(ExpertOptions(iterations=1)).choose_move(observe(game, 0), random.Random(1))
    assert is_winning(game, 0, move)


def test_expert_still_moves_in_a_lost_late_position() -> None:
    game = late_position(preset_rules("standard", 2, {"spade3_return": False}), ["4S 6H", "JK 5D"])
    obs = observe(game, 0)
    move = Expert(ExpertOptions(iterations=4)).choose_move(obs, random.Random(1))
    assert move in obs.move_list() and move != PASS
