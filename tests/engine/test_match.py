"""Matches: reseating, carried-over classes, match ends, resuming from a record."""

from __future__ import annotations

import json
import random

import pytest

from game.engine import Match, preset_rules
from game.engine.record import match_record_json, parse_record, resume_match

from .randomized import give_random_gifts, random_step


def finish(match: Match, rng: random.Random) -> None:
    give_random_gifts(match.game, rng)
    while not match.game.over:
        random_step(match.game, rng)


def test_reseating_puts_places_in_seat_order() -> None:
    match = Match(preset_rules("akita", 4), seed=1)
    rng = random.Random(1)
    finish(match, rng)
    players_by_place = [match.seating[s] for s in match.game.result.places]  # type: ignore[union-attr]
    game = match.next_game()
    assert match.seating == players_by_place
    assert game.previous_places == (0, 1, 2, 3)


def test_uecda_reseats_every_three_games() -> None:
    match = Match(preset_rules("uecda"), seed=2, games=7)
    rng = random.Random(2)
    seatings = []
    for _ in range(6):
        finish(match, rng)
        match.next_game()
        seatings.append(list(match.seating))
    assert seatings[0] == seatings[1] == list(range(5))
    assert seatings[2] == seatings[3] == seatings[4]


def test_no_reseating_keeps_places_by_seat() -> None:
    match = Match(preset_rules("standard"), seed=3)
    rng = random.Random(3)
    finish(match, rng)
    places = match.game.result.places  # type: ignore[union-attr]
    game = match.next_game()
    assert match.seating == [0, 1, 2, 3] and game.previous_places == places


def test_tournament_is_a_set_of_three() -> None:
    match = Match(preset_rules("tournament"), seed=4)
    rng = random.Random(4)
    for index in range(3):
        finish(match, rng)
        outcome = match.record_result()
        if index < 2:
            assert outcome is None
            match.next_game()
    assert outcome is not None and sum(outcome.totals) == 3 * (3 + 2 + 1 + 0)
    with pytest.raises(ValueError, match="over"):
        match.next_game()


def test_akita_match_ends_at_five_points() -> None:
    match = Match(preset_rules("akita", 3), seed=5)
    rng = random.Random(5)
    while True:
        finish(match, rng)
        if match.record_result():
            break
        match.next_game()
    best = max(match.totals)
    assert best >= 5 and match.totals.count(best) == 1
    assert match.ranking()[0] == match.totals.index(best)


def test_duel5_first_leader_choice_and_the_loser_leads_next() -> None:
    match = Match(preset_rules("duel5"), seed=6, first_leader=1)
    assert match.game.turn == 1 and match.length is None
    rng = random.Random(6)
    finish(match, rng)
    loser = match.game.result.places[-1]  # type: ignore[union-attr]
    game = match.next_game()
    assert game.turn == loser


@pytest.mark.parametrize("preset", ["standard", "uecda", "duel5", "akita"])
def test_resume_from_a_record_continues_identically(preset: str) -> None:
    rules = preset_rules(preset, 2 if preset == "akita" else None)
    match = Match(rules, seed=9, games=4)
    rng = random.Random(9)
    finish(match, rng)
    match.next_game()
    give_random_gifts(match.game, rng)
    for _ in range(7):
        if not match.game.over:
            random_step(match.game, rng)
    saved = json.loads(json.dumps(match_record_json(match)))
    resumed = resume_match(parse_record(saved), seed=9, games=4)
    assert resumed.game.snapshot() == match.game.snapshot()
    assert resumed.totals == match.totals and resumed.seating == match.seating


def test_uecda_classes_reset_every_hundred_games_as_a_rule_of_the_match() -> None:
    """The tournament's class cycle: game 101 is dealt as a first game (no exchange), game 100 is not."""
    match = Match(preset_rules("uecda"), seed=4, games=102)
    rng = random.Random(4)
    firsts = []
    for _ in range(101):
        finish(match, rng)
        game = match.next_game()
        firsts.append(game.previous_places is None)
    assert firsts.index(True) == 99  # the game numbered 100 from 0, the 101st
    assert firsts.count(True) == 1


def test_a_class_cycle_can_be_shortened_and_other_presets_never_reset() -> None:
    short = Match(preset_rules("uecda"), seed=5, games=5, class_reset_every=2)
    plain = Match(preset_rules("standard"), seed=5, games=5)
    rng = random.Random(5)
    for match, expected in ((short, [False, True, False, True]), (plain, [False] * 4)):
        firsts = []
        for _ in range(4):
            finish(match, rng)
            firsts.append(match.next_game().previous_places is None)
        assert firsts == expected


@pytest.mark.parametrize("preset", ["uecda", "standard", "akita", "tournament", "classic"])
def test_the_lead_card_is_held_by_the_leader_of_every_game_after_the_exchange(preset: str) -> None:
    rules = preset_rules(preset)
    match = Match(rules, seed=8, games=6)
    rng = random.Random(8)
    leaders_hold_it = []
    for _ in range(5):
        finish(match, rng)
        if match.record_result() is not None:
            break  # the preset's match is over
        game = match.next_game()
        give_random_gifts(game, rng)
        lowest_class = game.previous_places[-1] if game.previous_places else None
        if rules.lead_card is None:
            assert game.leader == lowest_class
        else:
            leaders_hold_it.append(bool(game.hands[game.leader] >> rules.lead_card & 1))
    assert rules.lead_card is None or leaders_hold_it == [True] * 5
    assert game.previous_places is not None
    assert (rules.lead_card is not None) == (preset == "uecda")
