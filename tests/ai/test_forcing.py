"""Going out by force: hand-made lines under each rule that shapes them, and a property check that a line
found holds whoever holds the unseen cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.forcing import _Search, forced_line, forced_out, forced_out_of, forced_place
from ai.playout import settle_handoff
from game.engine import PASS, Game, Phase, Play, RuleSet, observe, parse_cards, preset_rules
from game.engine.cards import deck_mask, format_cards, iter_ids

from .helpers import late_position

UECDA = preset_rules("uecda", 5)


def unseen_by(game: Game, me: int) -> int:
    out = 0
    for seat in range(game.n):
        if seat != me:
            out |= game.hands[seat]
    return out


def line_of(game: Game, me: int = 0) -> list[str]:
    return [format_cards(play.cards) for play in forced_line(game, me, unseen_by(game, me))]


def test_unbeatable_plays_first_and_the_weak_card_last() -> None:
    game = late_position(UECDA, ["2S 2H 5D", "AS KS", "AH 4C", "QD", "JC"])
    line = forced_line(game, 0, unseen_by(game, 0))
    assert [play.cards for play in line] == [parse_cards("2S 2H"), parse_cards("5D")]
    assert forced_out(game, 0, unseen_by(game, 0)) == line[0]


def test_no_line_while_some_cards_of_the_others_beat_a_play() -> None:
    # An ace pair among the others could answer the pair of kings; the lone 2 is beaten by the joker.
    assert line_of(late_position(UECDA, ["KS KH 5D", "AS 6C", "AH 4C", "QD", "JC"])) == []
    assert line_of(late_position(UECDA, ["2S 5D", "JK 6C", "AH 4C", "QD", "JC"])) == []


def test_the_unseen_cards_count_together() -> None:
    """Two aces in two hands are no pair at the table, but the line must hold whoever holds them."""
    assert line_of(late_position(UECDA, ["KS KH 5D", "AS 6C", "4C", "AH", "JC"])) == []


def test_an_eight_clears_the_table_and_the_joker_fears_the_spade_three() -> None:
    game = late_position(UECDA, ["8D 4C", "2S 2H", "AH AD", "JK", "3S"])
    assert line_of(game) == ["8D", "4C"]
    # Seat 4 leads the ♥A: the lone joker takes it unless the ♠3 is out there to return it.
    for spade_three_out, line in ((True, []), (False, ["JK", "5D 5C"])):
        answer = late_position(UECDA, ["JK 5C 5D", "2S 2H", "AD", "QD", "AH " + ("3S" if spade_three_out else "3H")], 4)
        answer.apply(answer.resolve(parse_cards("AH")))
        assert answer.turn == 0
        assert line_of(answer) == line


def test_a_forbidden_finish_is_no_way_out() -> None:
    free = preset_rules("standard", 4)
    forbidden = preset_rules("standard", 4, {"forbidden_finish": True})
    hands = ["2S 8D", "AS KS", "AH 4C", "QD"]
    assert line_of(late_position(free, hands)) != []
    assert line_of(late_position(forbidden, hands)) == []
    assert line_of(late_position(forbidden, ["2S 8D 4H", "AS KS", "AH 4C", "QD"])) != []


def test_a_revolution_turns_the_order_for_the_rest_of_the_line() -> None:
    # After the four 5s the 3 is the strongest natural rank: the ♦3 cannot be beaten by the 4 or the 6.
    game = late_position(UECDA, ["5S 5H 5D 5C 3D KC", "4H 6H", "4S", "6S", "JK"])
    assert line_of(game) == []  # the joker beats any single, and in the reversed order the king is weak
    game = late_position(UECDA, ["5S 5H 5D 5C 3D KC", "4H 6H", "4S", "6S", "7S"])
    assert line_of(game) == ["5S 5H 5D 5C", "3D", "KC"]


def test_an_answer_that_nobody_can_beat_starts_a_line() -> None:
    game = late_position(UECDA, ["2S 4D", "5C AH", "AS", "QD", "JC"], leader=1)
    game.apply(game.resolve(parse_cards("5C")))
    assert game.turn == 2
    game.apply(PASS)
    game.apply(PASS)
    game.apply(PASS)
    assert game.turn == 0
    move = forced_out(game, 0, unseen_by(game, 0))
    assert isinstance(move, Play) and move.cards == parse_cards("2S")


def test_the_observer_finds_it_without_the_others_hands() -> None:
    game = late_position(UECDA, ["2S 2H 5D", "AS KS", "AH 4C", "QD", "JC"])
    obs = observe(game, 0)
    move = forced_out_of(obs)
    assert isinstance(move, Play) and move.cards == parse_cards("2S 2H")
    assert forced_out_of(observe(game, 1)) is None  # not its turn


def test_in_a_world_the_line_settles_the_best_place_still_open() -> None:
    """A playout's world: the others' hands together are the unseen cards."""
    assert forced_place(late_position(UECDA, ["2S 2H 5D", "AS KS", "AH 4C", "QD", "JC"]), 0) == 0
    assert forced_place(late_position(UECDA, ["KS KH 5D", "AS 6C", "AH 4C", "QD", "JC"]), 0) is None
    game = late_position(UECDA, ["2S 2H 5D", "AS KS", "AH 4C", "QD", "JC"], leader=3)
    game.apply(game.resolve(parse_cards("QD")))  # seat 3 goes out 1st
    game.apply(PASS)
    assert game.turn == 0
    assert forced_place(game, 0) == 1  # the ♠2 over the queen, the ♥2, then the ♦5


@pytest.mark.parametrize("rules", [preset_rules("standard", 4, {"pile_draw": True}), preset_rules("duel5", 2)],
                         ids=["pile_draw", "duel5"])
def test_no_line_is_claimed_where_the_play_deals_cards(rules: RuleSet) -> None:
    """A card drawn from a pile or a stock is one the unseen cards do not cover: no certainty there."""
    rng = random.Random(3)
    game = Game.new(rules, rng)
    while not game.over:
        if game.phase is Phase.PLAY:
            obs = observe(game, game.turn)
            assert forced_out_of(obs) is None
            assert forced_line(game, game.turn, obs.unseen) == ()
            game.apply(rng.choice(game.move_list()))
        else:
            settle_handoff(game)


class _EveryPlay(_Search):
    """The search without its quick filter: every play tried."""

    def _plays(self, game: Game) -> list[Play]:
        return [move for move in game.move_list() if isinstance(move, Play)]


def strong_position(rng: random.Random, mine: int, rules: RuleSet = UECDA) -> tuple[Game, list[int]]:
    """A position of 5 hands where the seat to lead, 0, holds ``mine`` cards drawn from the top of the order
    more often than not; the other cards were played."""
    deck = list(iter_ids(deck_mask(UECDA.jokers)))
    rng.shuffle(deck)
    deck.sort(key=lambda card: -rng.random() * (card // 4 + 1))
    counts = [mine] + [rng.randint(1, 6) for _ in range(4)]
    hands, at = [], 0
    for count in counts:
        hands.append(sum(1 << card for card in deck[at:at + count]))
        at += count
    game = Game.from_hands(rules, hands, leader=0)
    game.played = deck_mask(rules.jokers) & ~sum(hands)
    return game, counts


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), mine=st.integers(1, 7), preset=st.sampled_from(["uecda", "akita"]))
def test_the_quick_filter_leaves_no_line_out(seed: int, mine: int, preset: str) -> None:
    """Under the Akita rules too: J-back, the lock, forbidden finishes."""
    game, _ = strong_position(random.Random(seed), mine, preset_rules(preset, 5))
    unseen = unseen_by(game, 0)
    assert bool(forced_line(game, 0, unseen)) == bool(_EveryPlay(0, unseen, 10**6).line(game))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), mine=st.integers(1, 7))
def test_a_line_found_holds_whoever_holds_the_unseen_cards(seed: int, mine: int) -> None:
    rng = random.Random(seed)
    game, counts = strong_position(rng, mine)
    hands = list(game.hands)
    unseen = unseen_by(game, 0)
    line = forced_line(game, 0, unseen)
    if not line:
        return
    for _ in range(5):  # the unseen cards dealt afresh among the others, the others trying every play
        cards = list(iter_ids(unseen))
        rng.shuffle(cards)
        dealt, at = [hands[0]], 0
        for count in counts[1:]:
            dealt.append(sum(1 << card for card in cards[at:at + count]))
            at += count
        world = Game.from_hands(UECDA, dealt, leader=0)
        world.played = game.played
        for play in line:
            assert world.turn == 0
            world.apply(play)
            while world.turn != 0 and world.active >> 0 & 1 and not world.over:
                assert world.move_list() == [PASS]
                world.apply(PASS)
            if world.top is not None and world.turn == 0 and world.active >> 0 & 1:
                world.apply(PASS)  # back to its own play: it passes and the table clears
                assert world.top is None and world.turn == 0
        assert world.place_of(0) == 0
