"""The server side of one seat: the tables it sends and how it judges what a client sends."""

from __future__ import annotations

import pytest

from game.engine import PASS, Game, Match, Play, observe, parse_cards, preset_rules
from game.engine.events import TrickCleared
from game.network.uecda.protocol import (
    ACCEPTED,
    OPENING_TURN,
    REJECTED,
    MalformedTable,
    decode_hand,
    decode_play,
    decode_state,
    encode_hand,
    encode_play,
    new_table,
)
from game.network.uecda.seat import (
    field_play,
    field_table,
    initial_table,
    judge_gift,
    judge_play,
    turn_table,
    weakest_gift,
    weakest_single,
)

RULES = preset_rules("uecda")
SEATING = (2, 0, 4, 1, 3)

HANDS = ["3D 5S 9H", "4S 6H JK", "7C 8D QS", "TS KH AC", "2S 3C 4D"]


def game_of(hands: list[str] = HANDS, leader: int = 0) -> Game:
    return Game.from_hands(RULES, [parse_cards(h) for h in hands], leader=leader)


def play_table(codes: str) -> list[list[int]]:
    table = new_table()
    decoded = encode_hand(parse_cards(codes))
    for r in range(4):
        table[r] = decoded[r]
    if "JK" in codes:
        table[0][14] = 2
    return table


def test_a_legal_play_is_accepted() -> None:
    game = game_of()
    judgement = judge_play(game, play_table("5S"))
    assert judgement.answer == ACCEPTED and isinstance(judgement.move, Play) and judgement.note is None


def test_a_pass_while_following_is_answered_8() -> None:
    game = game_of()
    game.play(game.resolve(parse_cards("3D")))
    judgement = judge_play(game, encode_play(PASS))
    assert judgement.move == PASS and judgement.answer == REJECTED and judgement.note is None


def test_the_leader_cannot_pass_its_weakest_single_is_played() -> None:
    game = game_of()
    judgement = judge_play(game, encode_play(PASS))
    assert judgement.answer == REJECTED
    assert isinstance(judgement.move, Play) and judgement.move.cards == parse_cards("3D")
    assert judgement.note is not None and "leader" in judgement.note


def test_an_illegal_play_is_a_pass_or_the_weakest_single_when_leading() -> None:
    game = game_of()
    lead = judge_play(game, play_table("KH"))  # not in seat 0's hand
    assert lead.answer == REJECTED and isinstance(lead.move, Play) and lead.move.cards == parse_cards("3D")
    game.play(game.resolve(parse_cards("9H")))
    follow = judge_play(game, play_table("4S"))  # weaker than 9
    assert follow.answer == REJECTED and follow.move == PASS and "illegal" in (follow.note or "")


def test_an_impossible_table_is_answered_8_and_a_malformed_one_raises() -> None:
    game = game_of()
    game.play(game.resolve(parse_cards("3D")))
    table = new_table()
    table[0][3] = table[1][3] = 2  # two jokers: the uecda rules have one
    assert judge_play(game, table).answer == REJECTED
    table[1][1] = 9
    with pytest.raises(MalformedTable):
        judge_play(game, table)


def test_weakest_single_follows_the_order() -> None:
    game = game_of(["3D 5S 2H JK", "4S", "6H", "7C", "8D"])
    assert weakest_single(game).cards == parse_cards("3D")
    game.revolution = True
    assert weakest_single(game).cards == parse_cards("2H")


def test_turn_and_field_tables() -> None:
    game = game_of()
    table = turn_table(game, game.hands[1], SEATING, my_turn=False)
    state = decode_state(table)
    assert decode_hand(table) == parse_cards(HANDS[1])
    assert state.turn_player == SEATING[0] and state.cleared and not state.my_turn
    assert state.counts[SEATING[1]] == 3 and state.seating == SEATING and set(state.classes) == {0}
    game.play(game.resolve(parse_cards("3D")))
    field = field_table(game, field_play(game.history), SEATING, 0)
    assert decode_play(field) == (parse_cards("3D"), [])
    state = decode_state(field)
    assert state.turn_player == SEATING[0] and not state.my_turn and not state.cleared  # [5][2] is 0 in every field


def test_the_field_after_a_cut_shows_the_cards_before_the_table_clears() -> None:
    """The official server sends the field before it clears the table: the cards, and [5][4] = 0."""
    game = game_of(["3D 8S 9H", "4S 6H JK", "7C 8D QS", "TS KH AC", "2S 3C 4D"])
    events = game.play(game.resolve(parse_cards("8S")))
    assert any(isinstance(e, TrickCleared) for e in events)
    field = field_table(game, field_play(game.history), SEATING, 0)
    assert decode_play(field) == (parse_cards("8S"), [])
    assert not decode_state(field).cleared
    assert decode_state(turn_table(game, game.hands[2], SEATING, my_turn=False)).cleared


def test_opening_hands_and_gifts_in_a_game_with_an_exchange() -> None:
    match = Match(RULES, seed=4, games=3)
    game = match.game
    while not game.over:
        game.play(game.move_list()[0])
    game = match.next_game()
    seating = tuple(match.seating)
    places = game.previous_places
    assert places is not None
    for place, seat in enumerate(places):
        table = initial_table(observe(game, seat), seating)
        assert table[5][3] == OPENING_TURN  # nobody acts yet: the official server writes 6
        state = decode_state(table, opening=True)
        assert state.exchanging and state.gift_count == (2, 1, 0, 0, 0)[place]
        assert state.classes[seating[seat]] == place
        hand = decode_hand(table)
        if place >= 2:
            assert hand == game.deal.hands[seat]  # lower classes: before the exchange
        else:
            assert hand == game.hands[seat]  # upper classes: after taking
        assert state.counts[seating[seat]] == game.deal.hands[seat].bit_count()  # as dealt
    daifugo = places[0]
    bad = encode_hand(parse_cards("3S"))
    cards, note = judge_gift(game.hands[daifugo], 2, bad)
    assert cards.bit_count() == 2 and note is not None
    two = weakest_gift(game.hands[daifugo], 2)
    assert judge_gift(game.hands[daifugo], 2, encode_hand(two)) == (two, None)
