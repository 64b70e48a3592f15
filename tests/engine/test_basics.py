"""Cards, plays, rule sets: the value types."""

from __future__ import annotations

import pytest

from game.engine import PRESETS, Card, RuleError, Title, format_cards, parse_cards, preset_rules
from game.engine.cards import JOKER_RANK, card_codes, format_symbols, strongest_cards
from game.engine.plays import GROUP, SEQUENCE, SINGLE, readings, single
from game.engine.rules import SWITCH_NAMES


def test_card_codes_round_trip_and_ten() -> None:
    assert parse_cards("10H") == parse_cards("TH")
    assert format_cards(parse_cards("2C JK 3S 10d")) == "3S TD 2C JK"
    assert Card.parse("AS").symbol == "♠A"
    assert format_symbols(parse_cards("TH JK")) == "♥10 JOKER"
    assert card_codes(parse_cards("JK JK")) == ["JK", "JK"]


@pytest.mark.parametrize("bad", ["1S", "XX", "3Z", "", "JKK"])
def test_unknown_codes_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        parse_cards(bad or "3")


def test_duplicate_card_refused() -> None:
    with pytest.raises(ValueError, match="twice"):
        parse_cards("3S 3S")


def test_strongest_cards_use_natural_order_and_suit_priority() -> None:
    hand = parse_cards("2H 2S 2C 5D AS")
    assert strongest_cards(hand, 2) == parse_cards("2S 2H")
    assert strongest_cards(hand | parse_cards("JK"), 1) == parse_cards("JK")


def test_lone_joker_reading() -> None:
    play = single(parse_cards("JK"))
    assert play.kind == SINGLE and play.rank == JOKER_RANK and play.suits == 0
    assert not play.has_rank(5)


def test_readings_of_ambiguous_jokers() -> None:
    found = readings(parse_cards("5S 6S JK"))
    assert [(p.kind, p.rank) for p in found] == [(SEQUENCE, 2), (SEQUENCE, 1)]
    pair = readings(parse_cards("7H JK"))
    assert {p.suits for p in pair} == {0b0011, 0b0110, 0b1010}
    assert all(p.kind == GROUP and p.rank == 4 for p in pair)


def test_sequences_do_not_wrap() -> None:
    assert readings(parse_cards("KS AS 2S"))[0].rank == 10
    assert readings(parse_cards("AS 2S 3S")) == []
    assert readings(parse_cards("2S 3S 4S")) == []
    assert readings(parse_cards("5S 6H 7S")) == []


def test_sequences_off_and_minimum() -> None:
    assert readings(parse_cards("5S 6S 7S"), sequences=False) == []
    assert readings(parse_cards("5S 6S 7S"), sequence_min=4) == []


def test_four_naturals_and_a_joker_is_a_group_of_five() -> None:
    (play,) = readings(parse_cards("9S 9H 9D 9C JK"))
    assert play.kind == GROUP and play.size == 5 and play.suits == 0xF


# --- rule sets ----------------------------------------------------------------

PRESET_TABLE = {
    # switch: standard, akita, tournament, classic, duel5, uecda  (RULES.md "Presets")
    "sequences": (True, True, False, True, True, True),
    "sequence_beats": ("top", "top", "top", "top", "top", "all"),
    "revolution": (True,) * 6,
    "revolution_joker": (True,) * 6,
    "revolution_sequence": (0, 0, 0, 0, 4, 5),
    "eight_cut": (True, True, True, False, True, True),
    "eight_cut_sequence": (True, False, False, False, True, True),
    "j_back": (False, True, True, False, True, False),
    "j_back_sequence": (False, False, False, False, True, False),
    "lock": (True, True, True, False, False, True),
    "lock_joker_starts": (False, False, False, False, False, True),
    "spade3_return": (True, True, True, False, True, True),
    "forbidden_finish": (False, True, True, False, True, False),
    "miyako_ochi": (True, True, True, False, False, False),
    "gekokujo": (False,) * 6,
    "exchange": (True, True, True, True, False, True),
    "first_leader": ("spade3", "diamond3", "diamond3", "random", "random", "diamond3"),
    "later_leader": ("lowest_class", "lowest_class", "lowest_class", "lowest_class", "loser", "first_leader"),
    "pass_until_clear": (False, False, False, False, False, True),
    "clear_on_pass": (False, False, False, False, True, False),
    "hand_size": (0, 0, 0, 0, 5, 0),
    "reseat": (False, True, False, True, False, True),
}
PRESET_ORDER = ("standard", "akita", "tournament", "classic", "duel5", "uecda")


@pytest.mark.parametrize("switch", sorted(PRESET_TABLE))
def test_presets_match_the_rules_table(switch: str) -> None:
    got = tuple(preset_rules(p).switches()[switch] for p in PRESET_ORDER)
    assert got == PRESET_TABLE[switch]


def test_player_ranges_and_defaults() -> None:
    ranges = {p: (PRESETS[p].min_players, PRESETS[p].max_players, PRESETS[p].default_players) for p in PRESET_ORDER}
    assert ranges == {
        "standard": (2, 7, 4), "akita": (2, 6, 4), "tournament": (4, 4, 4),
        "classic": (3, 7, 5), "duel5": (2, 2, 2), "uecda": (5, 5, 5),
    }
    assert preset_rules("akita", 2).pile_draw
    assert not preset_rules("akita", 3).pile_draw


def test_class_tables() -> None:
    d, f, h, p, dp = Title
    assert preset_rules("standard", 3).titles == (f, h, p)
    assert preset_rules("standard", 6).titles == (d, f, h, h, p, dp)
    assert preset_rules("classic", 4).titles == (f, h, h, p)
    assert preset_rules("classic", 7).titles == (d, f, f, h, p, p, dp)
    assert preset_rules("standard", 7).titles == (d, f, h, h, h, p, dp)


def test_points_tables() -> None:
    std = preset_rules("standard", 5)
    assert [std.points_for(i, t) for i, t in enumerate(std.titles)] == [2, 1, 0, -1, -2]
    akita = preset_rules("akita", 4)
    assert [akita.points_for(i, t) for i, t in enumerate(akita.titles)] == [2, 1, 0, 0]
    tour = preset_rules("tournament")
    assert [tour.points_for(i, t) for i, t in enumerate(tour.titles)] == [3, 2, 1, 0]
    uec = preset_rules("uecda")
    assert [uec.points_for(i, t) for i, t in enumerate(uec.titles)] == [5, 4, 3, 2, 1]
    duel = preset_rules("duel5")
    assert [duel.points_for(i, t) for i, t in enumerate(duel.titles)] == [1, 0]


def test_overrides_by_name() -> None:
    rules = preset_rules("standard").with_overrides({"j_back": True, "sequence_beats": "all"})
    assert rules.j_back and rules.sequence_beats.value == "all"
    assert rules.overrides() == {"j_back": True, "sequence_beats": "all"}
    assert set(rules.switches()) == set(SWITCH_NAMES)


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"jback": True}, "unknown rule switch 'jback'"),
        ({"lock": "yes"}, "bad value 'yes' for 'lock': expected true or false"),
        ({"first_leader": "club3"}, "bad value 'club3' for 'first_leader'"),
        ({"jokers": 3}, "expected a whole number 0..2"),
        ({"revolution_sequence": True}, "revolution_sequence"),
    ],
)
def test_bad_overrides_are_named(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RuleError, match=message):
        preset_rules("standard", overrides=overrides)


def test_bad_presets_and_player_counts() -> None:
    with pytest.raises(RuleError, match="unknown preset"):
        preset_rules("chess")
    with pytest.raises(RuleError, match="take 4 players, not 5"):
        preset_rules("tournament", 5)
    with pytest.raises(RuleError, match="2-7"):
        preset_rules("standard", 8)
    with pytest.raises(RuleError, match="pile_draw"):
        preset_rules("standard", 5, {"pile_draw": True})


@pytest.mark.parametrize(
    ("preset", "players", "overrides", "code", "params"),
    [
        ("standard", 5, {"pile_draw": True}, "pile_draw_players", {"most": 4}),
        ("standard", 7, {"hand_size": 9}, "hand_size", {"size": 9, "players": 7}),
        ("standard", 2, {"hand_size": 5, "pile_draw": True}, "pile_and_hand", {}),
        ("tournament", 5, {}, "players", {"low": 4, "high": 4}),
        ("standard", 4, {"nope": True}, "unknown_switch", {"name": "nope"}),
    ],
)
def test_rule_errors_carry_a_code_for_translation(
    preset: str, players: int, overrides: dict[str, object], code: str, params: dict[str, object]
) -> None:
    with pytest.raises(RuleError) as info:
        preset_rules(preset, players, overrides)
    assert info.value.code == code and info.value.params == params
