"""Hand-made positions for every rule and the interactions that trip implementations up."""

from __future__ import annotations

import pytest

from game.engine import PASS, IllegalMove, Phase, Reason, Title, parse_cards
from game.engine.cards import parse_place_id
from game.engine.events import (
    ClearReason,
    DrawSource,
    EightCut,
    Exchanged,
    Finished,
    GameOver,
    Gekokujo,
    JBack,
    LeadReason,
    Locked,
    MiyakoOchi,
    Revolution,
    Started,
    TrickCleared,
)

from .helpers import act, game_of, names, played, run

OFF = {"lock": False, "eight_cut": False, "spade3_return": False, "miyako_ochi": False}

# --- turns, passes, tricks ----------------------------------------------------


def test_everyone_passing_clears_and_last_player_leads() -> None:
    game = game_of("standard", ["9S 3C 4C", "4H 5C 6C", "5D 7C 9C"], overrides=OFF)
    events = run(game, "9S", "pass", "pass")
    assert events[-1] == TrickCleared(0, ClearReason.PASSES)
    assert game.turn == 0 and game.top is None


def test_a_pass_skips_only_this_turn_by_default() -> None:
    game = game_of("standard", ["5S 3C 4C", "4H 9H 6C", "7H 8C 9C"], overrides=OFF)
    run(game, "5S", "pass", "7H", "pass")
    assert game.turn == 1
    act(game, "9H")
    assert game.top is not None and game.top.rank == 6


def test_pass_until_clear_keeps_a_passed_player_out_of_the_trick() -> None:
    game = game_of("standard", ["5S 3C 4C", "4H 9H 6C", "7H 8C 9C"], overrides={**OFF, "pass_until_clear": True})
    events = run(game, "5S", "pass", "7H", "pass")
    assert events[-1] == TrickCleared(2, ClearReason.PASSES)
    assert game.turn == 2


def test_extra_turn_the_last_player_may_play_again_on_its_own_cards() -> None:
    """UECda (the official referee): the table clears only when the last player to play passes too."""
    game = game_of("uecda", ["5S 9S 3C", "4H 6C", "5D 7C", "6S 8C", "7S 9C"])
    run(game, "5S", "pass", "pass", "pass", "pass")
    assert game.turn == 0 and game.top is not None and game.passed == 0b11110
    assert game.legal_moves()[:] == [game.resolve(parse_cards("9S")), PASS]
    events = act(game, "9S")  # on its own 5 (locking spades): the others stay passed, so seat 0 acts again
    assert names(events) == ["Played", "Locked"] and game.turn == 0
    events = act(game, "pass")
    assert events[-1] == TrickCleared(0, ClearReason.PASSES) and game.turn == 0 and game.top is None


def test_without_extra_turn_the_table_clears_when_the_others_have_passed() -> None:
    game = game_of("uecda", ["5S 9S 3C", "4H 6C", "5D 7C", "6S 8C", "7S 9C"], overrides={"extra_turn": False})
    events = run(game, "5S", "pass", "pass", "pass", "pass")
    assert events[-1] == TrickCleared(0, ClearReason.PASSES) and game.top is None


def test_extra_turn_without_pass_until_clear_gives_the_others_another_chance() -> None:
    game = game_of("standard", ["5S 9S 3C", "4H TH", "5D 7C"], overrides={**OFF, "extra_turn": True})
    run(game, "5S", "pass", "pass", "9S")
    assert game.turn == 1  # a pass skipped only that turn: seat 1 may answer the new 9
    act(game, "TH")
    assert game.top is not None and game.last_player == 1


def test_when_the_last_player_went_out_the_next_holder_leads() -> None:
    game = game_of("standard", ["KS", "4H 5H", "5D 6D", "6S 7S"], overrides=OFF)
    events = run(game, "KS")
    assert Finished(0, 0) in events
    events = run(game, "pass", "pass", "pass")
    assert events[-1] == TrickCleared(1, ClearReason.PASSES)


def test_clear_on_pass_clears_at_once_and_the_opponent_leads() -> None:
    game = game_of("standard", ["5S 3C", "9H 4C"], overrides={**OFF, "clear_on_pass": True})
    events = run(game, "5S", "pass")
    assert events[-1] == TrickCleared(0, ClearReason.PASS)


def test_the_leader_cannot_pass() -> None:
    game = game_of("standard", ["5S 3C", "9H 4C"], overrides=OFF)
    with pytest.raises(IllegalMove) as info:
        game.play(PASS)
    assert info.value.reason is Reason.MUST_LEAD
    assert PASS not in game.legal_moves()


def test_following_needs_same_kind_size_and_more_strength() -> None:
    game = game_of("standard", ["7S 7H 3C", "5D 5C 9D 9C TH JH QH", "KS"], overrides=OFF)
    act(game, "7S 7H")
    for codes, reason in [("9D", Reason.WRONG_SIZE), ("5D 5C", Reason.NOT_STRONGER), ("TH JH", Reason.NOT_A_PLAY)]:
        with pytest.raises(IllegalMove) as info:
            act(game, codes)
        assert info.value.reason is reason, codes
    act(game, "9D 9C")


def test_wrong_seat_and_cards_not_held() -> None:
    game = game_of("standard", ["5S 3C", "9H 4C"], overrides=OFF)
    with pytest.raises(IllegalMove) as info:
        game.verify(game.resolve(parse_cards("5S")), seat=1)
    assert info.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalMove) as info:
        act(game, "9H")
    assert info.value.reason is Reason.NOT_IN_HAND


# --- revolution ---------------------------------------------------------------


def test_revolution_and_counter_revolution_in_the_same_trick() -> None:
    game = game_of("standard", ["5S 5H 5D 5C 9S", "4S 4H 4D 4C 9H", "KS KH"], overrides=OFF)
    events = act(game, "5S 5H 5D 5C")
    assert Revolution(0, True) in events and game.reversed
    with pytest.raises(IllegalMove) as info:
        act(game, "9H")
    assert info.value.reason is Reason.WRONG_SIZE
    events = act(game, "4S 4H 4D 4C")
    assert Revolution(1, False) in events and not game.reversed


def test_revolution_lasts_past_the_trick_and_reverses_singles() -> None:
    game = game_of("standard", ["5S 5H 5D 5C 9S", "4H KH", "3D 6D"], overrides=OFF)
    run(game, "5S 5H 5D 5C", "pass", "pass")
    assert game.revolution and game.reversed and game.turn == 0
    act(game, "9S")
    with pytest.raises(IllegalMove) as info:
        act(game, "KH")
    assert info.value.reason is Reason.NOT_STRONGER_REVERSED
    act(game, "4H")


@pytest.mark.parametrize(("joker_counts", "revolts"), [(True, True), (False, False)])
def test_three_and_a_joker_revolt_only_with_revolution_joker(joker_counts: bool, revolts: bool) -> None:
    game = game_of("standard", ["3S 3H 3D JK 9S", "KH 4C"], overrides={**OFF, "revolution_joker": joker_counts})
    act(game, "3S 3H 3D JK")
    assert game.revolution is revolts


def test_sequence_revolution_needs_enough_cards() -> None:
    game = game_of("uecda", ["3S 4S 5S 6S 7S TC", "9H TH JH QH 4C", "3D", "4D", "5D"])
    act(game, "3S 4S 5S 6S 7S")
    assert game.revolution
    game = game_of("uecda", ["3S 4S 5S 6S TC", "9H TH JH QH 4C", "3D", "4D", "5D"])
    act(game, "3S 4S 5S 6S")
    assert not game.revolution
    duel = game_of("duel5", ["3S 4S 5S 6S TC", "9H TH JH QH 4C"], stocks=["", ""])
    act(duel, "3S 4S 5S 6S")
    assert duel.revolution


# --- 8-cut --------------------------------------------------------------------


def test_eight_cut_clears_and_the_player_leads_again() -> None:
    game = game_of("standard", ["8S 3C", "9H 4C", "TD 5C"])
    events = act(game, "8S")
    assert names(events) == ["Played", "EightCut", "TrickCleared"]
    assert events[-1] == TrickCleared(0, ClearReason.EIGHT_CUT) and game.turn == 0


def test_eight_cut_by_a_joker_standing_for_an_8_but_not_by_a_lone_joker() -> None:
    game = game_of("standard", ["8S JK 3C", "9H 4C", "TD 5C"])
    assert EightCut(0) in act(game, "8S JK")
    game = game_of("standard", ["JK 3C", "9H 4C", "TD 5C"])
    assert EightCut(0) not in act(game, "JK")


@pytest.mark.parametrize(("preset", "cuts"), [("standard", True), ("akita", False)])
def test_eight_cut_in_a_sequence_follows_the_switch(preset: str, cuts: bool) -> None:
    game = game_of(preset, ["6S 7S 8S 3C", "9H 4C", "TD 5C"])
    assert (EightCut(0) in act(game, "6S 7S 8S")) is cuts


def test_eight_cut_on_the_finishing_play_passes_the_lead_on() -> None:
    game = game_of("standard", ["8S", "9H 4C", "TD 5C"])
    events = act(game, "8S")
    assert names(events) == ["Played", "EightCut", "Finished", "TrickCleared"]
    assert events[-1] == TrickCleared(1, ClearReason.EIGHT_CUT)


# --- J-back -------------------------------------------------------------------


def test_j_back_reverses_until_the_table_clears() -> None:
    game = game_of("akita", ["JS 4C 5C", "9H KH 6C", "TD 7C"], overrides={"lock": False})
    assert JBack(0, True) in act(game, "JS")
    with pytest.raises(IllegalMove) as info:
        act(game, "KH")
    assert info.value.reason is Reason.NOT_STRONGER_REVERSED
    run(game, "9H", "pass", "pass")
    assert not game.j_back and not game.reversed


def test_j_back_not_from_a_sequence_unless_switched_on() -> None:
    game = game_of("akita", ["9S TS JS 4C", "9H 5C", "TD 7C"])
    assert not any(isinstance(e, JBack) for e in act(game, "9S TS JS"))
    game = game_of("duel5", ["9S TS JS 4C 5C", "9H 5D 6D 7D 8D"], stocks=["", ""])
    assert JBack(0, True) in act(game, "9S TS JS")


def test_j_back_toggles_again_and_revolution_during_j_back() -> None:
    game = game_of(
        "akita",
        ["JS JH JD JC 3C", "KS KH KD KC 4C", "5S 5H 5D 5C 6C"],
        overrides={"lock": False, "eight_cut": False},
    )
    act(game, "JS JH JD JC")
    assert game.revolution and game.j_back and not game.reversed
    act(game, "KS KH KD KC")
    assert not game.revolution and game.j_back and game.reversed
    act(game, "5S 5H 5D 5C")
    assert game.revolution and not game.reversed
    run(game, "pass", "pass")
    assert game.revolution and not game.j_back and game.reversed


def test_a_second_j_play_in_a_trick_toggles_j_back_off() -> None:
    game = game_of("duel5", ["9S TS JS 4C 5C", "TH JH QH 6D 7D"], stocks=["", ""], overrides={"revolution": False})
    game.revolution = True  # a revolution from an earlier trick
    act(game, "9S TS JS")
    assert game.j_back and not game.reversed
    events = act(game, "TH JH QH")
    assert JBack(1, False) in events and game.reversed


# --- lock ---------------------------------------------------------------------


def test_lock_on_two_singles_of_one_suit() -> None:
    game = game_of("standard", ["5H 3C 4C", "7H 6C 7C", "9S 9H 8C"], overrides={"eight_cut": False})
    assert Locked(1, 0b0010) in run(game, "5H", "7H")
    with pytest.raises(IllegalMove) as info:
        act(game, "9S")
    assert info.value.reason is Reason.LOCKED
    act(game, "9H")


def test_lock_on_groups_needs_the_same_suit_set() -> None:
    game = game_of("uecda", ["7H 7S 3C", "9H 9C 9S 4C", "JH JS 5C", "QD", "KD"])
    run(game, "7H 7S", "9H 9C")
    assert game.lock == 0
    game = game_of("uecda", ["7H 7S 3C", "9H 9C 9S 4C", "JH JD JS 5C", "QD", "KD"])
    run(game, "7H 7S", "9H 9S")
    assert game.lock == 0b0011
    with pytest.raises(IllegalMove):
        act(game, "JH JD")
    act(game, "JH JS")


def test_a_lock_is_continued_by_a_joker_standing_for_the_locked_suit() -> None:
    game = game_of("standard", ["7H 7S 3C", "9H 9S 4C", "JH JK 5C", "QD 6C"], overrides={"eight_cut": False})
    run(game, "7H 7S", "9H 9S")
    events = act(game, "JH JK")
    assert game.top is not None and game.top.suits == 0b0011 and game.lock == 0b0011
    assert not any(isinstance(e, Locked) for e in events)


def test_a_lone_joker_may_be_played_under_a_lock_and_ends_it() -> None:
    """As the official UECda referee does: nothing but the ♠3 can follow the joker, and it ignores suits."""
    game = game_of("standard", ["5H 3C", "7H 4C", "JK 5C", "3S 6C"], overrides={"eight_cut": False})
    run(game, "5H", "7H", "JK")
    assert game.lock == 0
    assert game.legal_moves()[:] == [game.resolve(parse_cards("3S")), PASS]


@pytest.mark.parametrize(("preset", "locks"), [("standard", False), ("uecda", True)])
def test_a_joker_starts_a_lock_only_with_lock_joker_starts(preset: str, locks: bool) -> None:
    hands = ["5H 5S 3C", "7H JK 4C", "QD", "KD", "AD"]
    game = game_of(preset, hands if preset == "uecda" else hands[:3])
    act(game, "5H 5S")
    act(game, "7H JK")
    assert (game.lock == 0b0011) is locks


def test_joker_as_chooses_a_reading_that_does_not_lock() -> None:
    game = game_of("uecda", ["5H 5S 3C", "7H JK 4C", "QD", "KD", "AD"])
    run(game, "5H 5S", "7H JK=7D")
    assert game.lock == 0 and game.top is not None and game.top.suits == 0b0110


# --- spade-3 return -------------------------------------------------------------


def test_spade3_returns_a_lone_joker_and_leads() -> None:
    game = game_of("standard", ["JK 4C", "3S 5C", "9D 6C"])
    events = run(game, "JK", "3S")
    assert names(events)[-2:] == ["Spade3Return", "TrickCleared"]
    assert events[-1] == TrickCleared(1, ClearReason.SPADE3_RETURN)


def test_spade3_return_works_under_a_lock_and_any_order() -> None:
    game = game_of("standard", ["5H JK 4C", "7H 3S 5C", "9D 6C"], overrides={"eight_cut": False})
    run(game, "5H", "7H")
    assert game.lock == 0b0010
    run(game, "pass", "JK")
    game.revolution = True
    assert game.can(game.resolve(parse_cards("3S")))
    assert names(act(game, "3S"))[-1] == "TrickCleared"


def test_no_spade3_return_in_classic() -> None:
    game = game_of("classic", ["JK 4C", "3S 5C", "9D 6C"])
    act(game, "JK")
    with pytest.raises(IllegalMove) as info:
        act(game, "3S")
    assert info.value.reason is Reason.JOKER_ON_TABLE


def test_spade3_does_not_return_a_joker_inside_a_group() -> None:
    game = game_of("standard", ["5D JK 4C", "3S 3H 5C", "9D 6C"])
    act(game, "5D JK")
    with pytest.raises(IllegalMove) as info:
        act(game, "3S 3H")
    assert info.value.reason is Reason.NOT_STRONGER


# --- sequences ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("beats", "reversed_", "table", "ok", "not_ok"),
    [
        ("top", False, "5S 6S 7S", "6H 7H 8H", "5H 6H 7H"),
        ("top", True, "5S 6S 7S", "4H 5H 6H", "6H 7H 8H"),
        ("all", False, "5S 6S 7S", "8H 9H TH", "6H 7H 8H"),
        ("all", True, "8S 9S TS", "5H 6H 7H", "6H 7H 8H"),
    ],
)
def test_sequences_under_both_beats_and_both_orders(
    beats: str, reversed_: bool, table: str, ok: str, not_ok: str
) -> None:
    hand = " ".join(sorted(set(ok.split()) | set(not_ok.split())))
    overrides = {**OFF, "sequence_beats": beats}
    game = game_of("standard", [f"{table} 3C", f"{hand} 4C", "KD"], overrides=overrides)
    game.revolution = reversed_
    act(game, table)
    assert game.can(game.resolve(parse_cards(ok)))
    with pytest.raises(IllegalMove):
        act(game, not_ok)
    act(game, ok)


def test_the_strongest_reading_of_a_joker_in_a_sequence() -> None:
    game = game_of("standard", ["5S 6S JK 3C", "9H"], overrides=OFF)
    assert game.resolve(parse_cards("5S 6S JK")).rank == 2  # 5-6-7
    game.revolution = True
    assert game.resolve(parse_cards("5S 6S JK")).rank == 1  # 4-5-6 is stronger reversed
    game = game_of("standard", ["6S 7S JK 3C", "9H"])
    assert EightCut(0) in act(game, "6S 7S JK")  # 6-7-8


def test_uecda_a_joker_may_end_a_sequence_below_the_3_or_above_the_2() -> None:
    """The official server accepts JK-3♣-4♣ (the joker in column 0) and K-A-2-JK (column 14)."""
    game = game_of("uecda", ["3C 4C JK 9S", "5H 6H 7H", "QS", "KS AH 2H", "AS"])
    low = game.resolve(parse_cards("3C 4C JK"), [parse_place_id("<3C")])
    assert (low.rank, low.top, low.joker_as()) == (-1, 1, ["<3C"])
    assert low.describe() == "3C 4C JK (JK=<3C)"
    assert low in game.legal_moves()
    act(game, "3C 4C JK=<3C")
    act(game, "5H 6H 7H")  # 5 beats the table's 4 (``sequence_beats`` all)
    game = game_of("uecda", ["AD 2D JK 9S", "5H 6H 7H", "QS", "KS", "AS"])
    high = game.resolve(parse_cards("AD 2D JK"))
    assert (high.rank, high.top) == (11, 13) and high.joker_as() == [">2D"]  # the strongest reading: A-2-beyond
    game.revolution = True
    assert game.resolve(parse_cards("AD 2D JK")).rank == 10  # K-A-2 is stronger reversed


def test_a_joker_beyond_the_ends_is_not_a_play_elsewhere() -> None:
    game = game_of("standard", ["3C 4C JK 9S", "5H"], overrides=OFF)
    assert game.resolve(parse_cards("3C 4C JK")).joker_as() == ["5C"]
    with pytest.raises(IllegalMove) as info:
        game.resolve(parse_cards("3C 4C JK"), [parse_place_id("<3C")])
    assert info.value.reason is Reason.BAD_JOKER_AS


def test_no_sequence_beats_one_that_ends_beyond_the_2() -> None:
    game = game_of("uecda", ["AD 2D JK 3S", "QS KS AS", "4H", "5H", "6H"])
    act(game, "AD 2D JK=>2D")
    assert game.legal_moves()[:] == [PASS]


# --- forbidden finish, 都落ち, 下克上 ----------------------------------------------


@pytest.mark.parametrize("last", ["2S", "8S", "JK", "3S"])
def test_forbidden_finishes(last: str) -> None:
    game = game_of("akita", [last, "4H 5H", "5D 6D"], overrides={"spade3_return": False, "lock": False})
    events = act(game, last)
    assert "ForbiddenFinish" in names(events)
    assert game.forbidden == [0]


@pytest.mark.parametrize(("preset", "forbidden"), [("akita", True), ("tournament", False)])
def test_akita_forbids_going_out_with_any_play_holding_the_spade_3(preset: str, forbidden: bool) -> None:
    """秋田杉の3: 「これを含むカードの組み合わせで上がることはできません」; elsewhere only the lone ♠3 is forbidden."""
    game = game_of(preset, ["3S 3H", "4H 5H", "5D 6D", "9C TC"], overrides={"lock": False, "exchange": False})
    events = act(game, "3S 3H")
    assert ("ForbiddenFinish" in names(events)) is forbidden


def test_a_forbidden_8_does_not_cut_in_the_tournament_rules() -> None:
    """The tournament rulebook: 「出されたカードは流れない」 after a forbidden finish."""
    hands = ["8S", "9H 5H", "5D 6D", "9C TC"]
    game = game_of("tournament", hands, overrides={"exchange": False})
    events = act(game, "8S")
    assert "ForbiddenFinish" in names(events) and "EightCut" not in names(events)
    assert game.top is not None and game.turn == 1  # the 8 stays: seat 1 must beat it
    act(game, "9H")
    game = game_of("akita", hands, overrides={"lock": False})
    events = act(game, "8S")
    assert names(events)[-2:] == ["ForbiddenFinish", "TrickCleared"]  # elsewhere the 8 still cuts


def test_a_3_is_forbidden_only_while_reversed() -> None:
    game = game_of("akita", ["3H", "4H 5H", "5D 6D"])
    assert "Finished" in names(act(game, "3H"))
    game = game_of("akita", ["3H", "4H 5H", "5D 6D"])
    game.revolution = True
    assert "ForbiddenFinish" in names(act(game, "3H"))


def test_several_forbidden_finishers_fill_the_bottom_first_one_last() -> None:
    game = game_of("akita", ["2S", "2H", "5D 6D", "9C TC"], overrides={"lock": False})
    run(game, "2S", "pass", "pass", "pass")  # seat 0 out forbidden; the trick clears to seat 1
    run(game, "2H", "pass", "pass")  # seat 1 out forbidden; the trick clears to seat 2
    run(game, "6D", "9C", "pass", "TC")  # seat 3 out first: seat 2 is the last holder
    assert game.result is not None and game.result.places == (3, 2, 1, 0)


def test_the_trick_after_a_forbidden_finish() -> None:
    game = game_of("tournament", ["2S", "4H 5H", "5D 6D", "9C TC"], overrides={"exchange": False})
    run(game, "2S", "pass", "pass")
    events = act(game, "pass")
    assert events[-1] == TrickCleared(1, ClearReason.PASSES)


def test_miyako_ochi_removes_the_reigning_daifugo() -> None:
    game = game_of("standard", ["9S TS", "3H", "5D 6D", "7C 8C"], previous=[0, 1, 2, 3], leader=1,
                   overrides={"exchange": False})
    events = act(game, "3H")
    assert MiyakoOchi(0) in events and game.counts[0] == 0 and game.hands[0] == 0
    assert game.removed == parse_cards("9S TS")


def test_no_miyako_ochi_when_the_daifugo_wins() -> None:
    game = game_of("standard", ["3S", "9H TH", "5D 6D", "7C 8C"], previous=[0, 1, 2, 3], overrides={"exchange": False})
    assert not any(isinstance(e, MiyakoOchi) for e in act(game, "3S"))


@pytest.mark.parametrize(("preset", "places"), [("akita", (1, 3, 0, 2)), ("tournament", (1, 0, 3, 2))])
def test_miyako_ochi_with_a_forbidden_finish_ordering(preset: str, places: tuple[int, ...]) -> None:
    game = game_of(preset, ["9S TS", "3H", "2D", "5C 6C"], previous=[0, 1, 2, 3], leader=1,
                   overrides={"exchange": False, "lock": False})
    events = run(game, "3H")  # seat 1 takes 1st: 都落ち of seat 0; seat 2 leads next
    assert MiyakoOchi(0) in events and game.turn == 2
    events = run(game, "2D")  # forbidden finish; only seat 3 remains
    assert isinstance(events[-1], GameOver)
    assert events[-1].places == places


def test_miyako_ochi_player_is_placed_above_forbidden_finishers() -> None:
    game = game_of("akita", ["9S TS", "3H", "2D", "5C 6C 7C"], previous=[0, 1, 2, 3], leader=2,
                   overrides={"exchange": False, "lock": False})
    run(game, "2D", "pass", "pass", "pass")  # forbidden finish; the trick clears to seat 3
    run(game, "5C", "pass", "pass", "6C", "pass", "pass")
    events = act(game, "7C")  # seat 3 takes 1st: 都落ち of seat 0 leaves seat 1 alone
    assert MiyakoOchi(0) in events
    assert game.result is not None and game.result.places == (3, 1, 0, 2)


def test_gekokujo_ends_the_game_and_reverses_classes() -> None:
    game = game_of("standard", ["9S TS", "JH QH", "5D 6D", "3C"], previous=[0, 1, 2, 3], leader=3,
                   overrides={"exchange": False, "gekokujo": True})
    events = act(game, "3C")
    assert Gekokujo(3) in events
    result = events[-1]
    assert isinstance(result, GameOver)
    assert result.places == (3, 2, 1, 0)
    assert result.titles == (Title.DAIHINMIN, Title.HINMIN, Title.FUGO, Title.DAIFUGO)


# --- exchange and leaders ---------------------------------------------------------


def test_exchange_strongest_cards_up_then_chosen_cards_down() -> None:
    hands = ["3S 4S 5S", "3H 4H 5H", "3D 4D KD", "2H 2S 2C 5D"]
    game = game_of("standard", hands, previous=[0, 1, 2, 3], leader=None)
    auto = [e for e in game.setup_events if isinstance(e, Exchanged)]
    assert auto == [
        Exchanged(3, 0, parse_cards("2S 2H"), False, 2),
        Exchanged(2, 1, parse_cards("KD"), False, 1),
    ]
    assert game.phase is Phase.EXCHANGE
    with pytest.raises(IllegalMove) as info:
        game.give(0, parse_cards("3S"))
    assert info.value.reason is Reason.GIFT_COUNT
    with pytest.raises(IllegalMove):
        act(game, "2S")
    game.give(0, parse_cards("3S 2S"))
    events = game.give(1, parse_cards("3H"))
    assert not game.phase.giving
    assert events[-1] == Started(3, LeadReason.LOWEST_CLASS)
    assert game.hands[3] == parse_cards("2C 5D 3S 2S")
    assert game.hands[2] == parse_cards("3D 4D 3H")


@pytest.mark.parametrize(
    ("preset", "pairs"),
    [("classic", [(6, 0, 2), (5, 1, 1), (4, 2, 1)]), ("standard", [(6, 0, 2), (5, 1, 1)])],
)
def test_seven_player_exchange_pairs(preset: str, pairs: list[tuple[int, int, int]]) -> None:
    hands = [f"{r}S {r}H {r}D" for r in "3456789"]
    game = game_of(preset, hands, previous=list(range(7)), leader=None)
    got = [(e.giver, e.receiver, e.cards.bit_count()) for e in game.setup_events if isinstance(e, Exchanged)]
    assert got == pairs


def test_no_exchange_with_two_players() -> None:
    game = game_of("standard", ["3S 4S", "5S 6S"], previous=[0, 1], leader=None)
    assert game.phase is Phase.PLAY and game.turn == 1


@pytest.mark.parametrize(
    ("preset", "leader"),
    [("standard", 1), ("akita", 2), ("uecda", 2)],
)
def test_first_leader_by_card(preset: str, leader: int) -> None:
    hands = ["4S 5S", "3S 6S", "3D 7S", "8S", "9S"]
    game = game_of(preset, hands if preset == "uecda" else hands[:4], leader=None)
    assert game.turn == leader


def test_first_leader_when_the_card_was_not_dealt() -> None:
    game = game_of("standard", ["4S 5S", "4H 6S", "3D 7S"], leader=None)
    assert game.turn == 2  # no ♠3: the lowest card, ♠ first within the rank (3♦)
    game = game_of("akita", ["4S 5S", "4D 6S", "3C 7S"], leader=None)
    assert game.turn == 2


def test_uecda_every_game_starts_with_the_diamond3_after_the_exchange() -> None:
    hands = ["3S 4S", "5S 6S", "7S 8S", "9S TS", "3D JS"]
    game = game_of("uecda", hands, previous=[0, 1, 2, 3, 4], leader=None)
    assert game.phase is Phase.EXCHANGE and game.hands[0] & parse_cards("3D")  # the 大貧民's two strongest
    game.give(0, parse_cards("3D 3S"))
    game.give(1, parse_cards("5S"))
    assert game.turn == 4


# --- the 5-card mode ----------------------------------------------------------------


def test_duel5_refills_from_the_stock_and_wins_when_both_are_empty() -> None:
    game = game_of("duel5", ["3S 4S 5H 6H 7H", "9D TD JD QD KD"], stocks=["3H 4H", "3C"], overrides={"j_back": False})
    events = act(game, "3S")
    assert "Drew" in names(events) and game.hands[0] == parse_cards("4S 5H 6H 7H 3H")
    assert game.stock_count(0) == 1
    act(game, "pass")  # clears at once; seat 0 leads again
    assert game.turn == 0 and game.top is None
    act(game, "4S")
    assert game.stock_count(0) == 0 and game.hands[0].bit_count() == 5


def test_duel5_only_8s_and_jokers_left_loses() -> None:
    game = game_of("duel5", ["3S 8S 8H JK 4D", "9D TD JD QD KD"], stocks=["", ""])
    events = act(game, "3S")
    assert "HopelessHand" not in names(events)
    act(game, "pass")
    events = act(game, "4D")
    assert "HopelessHand" in names(events)
    result = events[-1]
    assert isinstance(result, GameOver) and result.places == (1, 0)


def test_duel5_a_lone_2_left_is_not_lost_yet() -> None:
    game = game_of("duel5", ["3S 2S", "9D TD JD QD KD"], stocks=["", ""])
    assert "HopelessHand" not in names(act(game, "3S"))


# --- the Akita 2-player pile ------------------------------------------------------------


def test_pile_draw_and_play_the_drawn_card_at_once() -> None:
    game = game_of("akita", ["9S 3C 4C", "5H 6H 7H"], pile="KS 4D")
    act(game, "9S")
    events = act(game, "pass")
    assert names(events) == ["Passed", "Drew"] and game.turn == 1 and game.drawn == parse_cards("KS").bit_length() - 1
    assert played(next(iter(game.legal_moves()))) == parse_cards("KS")
    with pytest.raises(IllegalMove):
        act(game, "5H")  # not stronger; and the drawn card is required anyway
    act(game, "KS")
    assert game.top is not None and game.last_player == 1


def test_pile_draw_declining_the_drawn_card_is_a_pass() -> None:
    game = game_of("akita", ["9S 3C 4C", "5H 6H 7H"], pile="KS 4D")
    run(game, "9S", "pass")
    events = act(game, "pass")
    assert events[-1] == TrickCleared(0, ClearReason.PASSES)


def test_pile_draw_of_an_unplayable_card_just_passes() -> None:
    game = game_of("akita", ["9S 3C 4C", "5H 6H 7H"], pile="4D KS")
    events = run(game, "9S", "pass")
    assert names(events)[-2:] == ["Drew", "TrickCleared"] and game.hands[1] & parse_cards("4D")


# --- checked and unchecked paths agree ------------------------------------------------------


def test_apply_matches_play() -> None:
    game = game_of("standard", ["5S 5H 5D 5C 9S", "4S 4H 4D 4C 9H", "KS KH"], overrides=OFF)
    twin = game.clone()
    for move in ["5S 5H 5D 5C", "4S 4H 4D 4C", "pass", "pass"]:
        if move == "pass":
            game.play(PASS)
            twin.apply(PASS)
        else:
            play = game.resolve(parse_cards(move))
            game.play(play)
            twin.apply(play)
        assert game.snapshot() == twin.snapshot()


def test_events_hide_other_players_cards() -> None:
    from game.engine.events import Drew, visible_to

    game = game_of("standard", ["3S 4S 5S", "3H 4H 5H", "3D 4D KD", "2H 2S 2C 5D"], previous=[0, 1, 2, 3], leader=None)
    gift = next(e for e in game.setup_events if isinstance(e, Exchanged))
    hidden_gift = visible_to(gift, 1)
    assert visible_to(gift, 3) == gift and isinstance(hidden_gift, Exchanged) and hidden_gift.cards == 0
    drew = Drew(0, parse_cards("3C"), DrawSource.STOCK, 1)
    assert visible_to(drew, 0) == drew
    hidden = visible_to(drew, 1)
    assert isinstance(hidden, Drew) and hidden.cards == 0 and hidden.count == 1


def test_a_gift_given_back_is_no_longer_known_to_be_with_the_receiver() -> None:
    from game.engine import observe

    game = game_of("standard", ["3S 4S 5S", "3H 4H 5H", "3D 4D KD", "2H 2S 2C 5D"], previous=[0, 1, 2, 3], leader=None)
    assert observe(game, 3).known[0] == parse_cards("2S 2H")
    game.give(0, parse_cards("2S 3S"))
    game.give(1, parse_cards("3H"))
    assert observe(game, 3).known[0] == parse_cards("2H")
    assert observe(game, 2).known[1] == parse_cards("KD")
