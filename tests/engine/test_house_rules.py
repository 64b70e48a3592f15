"""The house rules that move the turn or cards after a play: 5スキップ, 9リバース, 7渡し, 10捨て, 砂嵐, 救急車."""

from __future__ import annotations

import json

import pytest

from game.engine import PASS, IllegalMove, Phase, Play, Reason, RuleError, observe, parse_cards, preset_rules
from game.engine.events import (
    Ambulance,
    ClearReason,
    FiveSkip,
    NineReverse,
    Sandstorm,
    SevenPass,
    TenDiscard,
    TrickCleared,
)
from game.engine.record import IllegalAction, parse_record, record_json, replay
from game.engine.state import GiftKind, PendingGift

from .helpers import act, game_of, names, run

OFF = {"lock": False, "eight_cut": False, "spade3_return": False, "miyako_ochi": False}


def test_a_five_skips_the_next_player() -> None:
    game = game_of("standard", ["5S 3C", "4H 6C", "7D 9C", "8D TC"], overrides={**OFF, "five_skip": True})
    events = act(game, "5S")
    assert names(events) == ["Played", "FiveSkip"]
    assert events[-1] == FiveSkip(0, (1,))
    assert game.turn == 2


def test_two_fives_skip_two_players() -> None:
    game = game_of("standard", ["5S 5H 3C", "4H 6C", "7D 9C", "8D TC"], overrides={**OFF, "five_skip": True})
    events = act(game, "5S 5H")
    assert events[-1] == FiveSkip(0, (1, 2)) and game.turn == 3


def test_a_skip_that_comes_round_clears_the_table_for_the_player() -> None:
    game = game_of("standard", ["5S 5H 3C", "4H 6C"], overrides={**OFF, "five_skip": True})
    events = act(game, "5S 5H")
    assert names(events) == ["Played", "FiveSkip", "TrickCleared"]
    assert events[-1] == TrickCleared(0, ClearReason.FIVE_SKIP) and game.turn == 0 and game.top is None


def test_a_skipped_player_gets_no_turn_in_that_round() -> None:
    """Once the turn comes back round to the player of the 5, the table clears as if everyone passed."""
    game = game_of("standard", ["5S 3C", "4H 6C", "7D 9C"], overrides={**OFF, "five_skip": True})
    events = run(game, "5S", "pass")  # seat 1 skipped, seat 2 passes
    assert events[-1] == TrickCleared(0, ClearReason.PASSES) and game.turn == 0


def test_after_a_skip_a_play_goes_on_as_usual() -> None:
    game = game_of("standard", ["5S 3C", "4H 6C", "7D 9C"], overrides={**OFF, "five_skip": True})
    run(game, "5S", "7D")
    assert game.turn == 0  # the skip was for one turn only: seat 0, then seat 1 may answer the 7
    run(game, "pass")
    assert game.turn == 1


def test_a_five_that_cuts_skips_nobody() -> None:
    game = game_of("standard", ["5S 6S 7S 8S 3C", "4H 6C", "7D 9C"], overrides={"five_skip": True, "lock": False})
    events = act(game, "5S 6S 7S 8S")
    assert "FiveSkip" not in names(events) and game.turn == 0 and game.top is None


def test_a_nine_turns_the_direction_round() -> None:
    game = game_of("standard", ["9S 3C", "4H 6C", "7D TC", "8D JC"], overrides={**OFF, "nine_reverse": True})
    events = act(game, "9S")
    assert names(events) == ["Played", "NineReverse"] and events[-1] == NineReverse(0, True)
    assert game.turn == 3 and game.backwards and game.public().backwards
    run(game, "JC", "pass", "pass")  # seat 3, then 2 and 1 pass (backwards)
    assert names(act(game, "pass"))[-1] == "TrickCleared" and game.turn == 3  # seat 0 passes: seat 3 leads


def test_a_second_nine_turns_it_back() -> None:
    hands = ["9S 3C 4C", "5H 6C 5D", "7D TC 8C", "JC 9D QD"]
    game = game_of("standard", hands, overrides={**OFF, "nine_reverse": True})
    run(game, "9S", "JC", "pass", "pass", "pass")  # backwards: 3 beats it, then 2, 1 and 0 pass
    assert game.turn == 3 and game.top is None
    events = act(game, "9D")
    assert events[-1] == NineReverse(3, False) and not game.backwards and game.turn == 0


def test_seven_pass_hands_cards_to_the_next_player() -> None:
    game = game_of("standard", ["7S 3C 4C", "4H 6C", "8D TC"], overrides={**OFF, "seven_pass": True})
    events = act(game, "7S")
    assert names(events) == ["Played"] and game.phase is Phase.HANDOFF and game.turn == 0
    assert game.pending == [PendingGift(0, 1, 1, GiftKind.SEVEN_PASS)]
    with pytest.raises(IllegalMove) as refused:
        game.play(PASS)
    assert refused.value.reason is Reason.HANDOFF_PENDING
    with pytest.raises(IllegalMove):
        game.give(0, parse_cards("3C 4C"))  # one 7: one card
    events = game.give(0, parse_cards("3C"))
    assert events == [SevenPass(0, 1, parse_cards("3C"), 1)]
    assert game.hands[1] & parse_cards("3C") and not game.phase.giving and game.turn == 1
    assert observe(game, 0).known[1] == parse_cards("3C")  # the giver knows where it went
    assert observe(game, 2).known[1] == 0


def test_handing_on_the_last_card_goes_out() -> None:
    game = game_of("standard", ["7S 7H 3C 4C", "4H 6C", "8D TC"], overrides={**OFF, "seven_pass": True})
    act(game, "7S 7H")
    assert game.pending[0].count == 2
    events = game.give(0, parse_cards("3C 4C"))
    assert names(events) == ["SevenPass", "Finished"] and game.finishers == [0]


def test_ten_discard_throws_cards_away_face_up() -> None:
    game = game_of("standard", ["TS 3C 4C", "4H 6C", "8D JC"], overrides={**OFF, "ten_discard": True})
    act(game, "TS")
    assert game.pending == [PendingGift(0, -1, 1, GiftKind.TEN_DISCARD)]
    events = game.give(0, parse_cards("4C"))
    assert events == [TenDiscard(0, parse_cards("4C"))]
    assert game.played & parse_cards("4C") and game.counts[0] == 1 and game.turn == 1


def test_a_sequence_with_a_seven_and_a_ten_hands_on_then_discards() -> None:
    game = game_of("standard", ["7S 8S 9S TS 3C 4C 5D", "4H 6C", "8D JC"],
                   overrides={**OFF, "seven_pass": True, "ten_discard": True})
    act(game, "7S 8S 9S TS")
    assert [g.kind for g in game.pending] == [GiftKind.SEVEN_PASS, GiftKind.TEN_DISCARD]
    game.give(0, parse_cards("3C"))
    assert game.phase is Phase.HANDOFF and game.pending[0].kind is GiftKind.TEN_DISCARD
    game.give(0, parse_cards("5D"))
    assert not game.phase.giving and game.hands[0] == parse_cards("4C")


def test_the_last_card_played_with_a_seven_hands_nothing_on() -> None:
    game = game_of("standard", ["7S", "4H 6C", "8D JC"], overrides={**OFF, "seven_pass": True})
    events = act(game, "7S")
    assert names(events) == ["Played", "Finished"] and game.phase is Phase.PLAY


def test_sandstorm_beats_any_three_and_clears() -> None:
    game = game_of("standard", ["KS KH KD 4C", "3S 3H 3D 6C", "8D JC"], overrides={**OFF, "sandstorm": True})
    act(game, "KS KH KD")
    sandstorm = game.resolve(parse_cards("3S 3H 3D"))
    assert sandstorm in game.legal_moves()
    events = game.play(sandstorm)
    assert names(events) == ["Played", "Sandstorm", "TrickCleared"] and events[1] == Sandstorm(1)
    assert game.turn == 1 and game.top is None


def test_sandstorm_ignores_a_lock_and_a_revolution_but_not_the_count() -> None:
    game = game_of("standard", ["KS KH 4C", "3S 3H 3D 6C", "8D JC"],
                   overrides={"sandstorm": True, "eight_cut": False})
    act(game, "KS KH")
    assert not any(isinstance(m, Play) and m.cards == parse_cards("3S 3H 3D") for m in game.legal_moves())
    with pytest.raises(IllegalMove):
        game.play(game.resolve(parse_cards("3S 3H")))  # a pair of 3s is just a pair


def test_ambulance_beats_any_pair_and_clears() -> None:
    game = game_of("standard", ["2S 2H 4C", "9S 9H 6C", "8D JC"], overrides={**OFF, "ambulance": True})
    act(game, "2S 2H")
    events = act(game, "9S 9H")
    assert names(events) == ["Played", "Ambulance", "TrickCleared"] and events[1] == Ambulance(1)
    assert game.turn == 1


def test_without_the_switches_nothing_happens() -> None:
    game = game_of("standard", ["5S 7S 9S TS 3C", "4H 6C", "8D JC"], overrides=OFF)
    events = act(game, "5S")
    assert names(events) == ["Played"] and game.turn == 1


def test_a_handoff_rule_and_a_stock_do_not_go_together() -> None:
    with pytest.raises(RuleError) as refused:
        preset_rules("duel5", overrides={"seven_pass": True})
    assert refused.value.code == "handoff_and_stock"


def test_a_record_writes_and_replays_the_handoffs() -> None:
    game = game_of("standard", ["7S 8S 9S TS 3C 4C 5D", "4H 6C", "8D JC"],
                   overrides={**OFF, "seven_pass": True, "ten_discard": True})
    act(game, "7S 8S 9S TS")
    game.give(0, parse_cards("3C"))
    game.give(0, parse_cards("5D"))
    run(game, "pass")
    data = json.loads(json.dumps(record_json(game.rules, [game])))
    actions = data["games"][0]["actions"]
    assert actions[:4] == [
        {"seat": 0, "play": ["7S", "8S", "9S", "TS"]},
        {"seat": 0, "give": ["3C"]},
        {"seat": 0, "discard": ["5D"]},
        {"seat": 1, "pass": True},
    ]
    again = replay(parse_record(data)).games[0]
    assert again.public() == game.public()
    data["games"][0]["actions"][1] = {"seat": 0, "discard": ["3C"]}
    with pytest.raises(IllegalAction, match="no cards to discard"):
        replay(parse_record(data))


def test_the_runner_says_which_answer_is_due() -> None:
    from game.engine.runner import answer, decisions

    game = game_of("standard", ["7S 3C 4C", "4H 6C", "8D TC"], overrides={**OFF, "seven_pass": True})
    (decision,) = decisions(game)
    with pytest.raises(IllegalMove) as refused:
        answer(game, decision, parse_cards("3C"))  # cards where a move is due
    assert refused.value.reason is Reason.NOT_EXCHANGING
    answer(game, decision, game.resolve(parse_cards("7S")))
    (decision,) = decisions(game)
    assert decision.gift is not None and decision.gift.kind is GiftKind.SEVEN_PASS
    with pytest.raises(IllegalMove) as refused:
        answer(game, decision, PASS)  # a move where cards are due
    assert refused.value.reason is Reason.HANDOFF_PENDING
    answer(game, decision, parse_cards("4C"))
    assert decisions(game)[0].seat == 1 and decisions(game)[0].gift is None


def test_a_seven_pass_goes_the_way_a_nine_in_the_same_play_turned_the_game() -> None:
    game = game_of("standard", ["7S 8S 9S 3C 4C", "4H 6C", "8D TC", "5D JC"],
                   overrides={**OFF, "seven_pass": True, "nine_reverse": True})
    act(game, "7S 8S 9S")
    assert game.backwards and game.pending == [PendingGift(0, 3, 1, GiftKind.SEVEN_PASS)]
