"""The client's shadow game, fed the tables a server sends (no sockets).

Five shadows (one per player) follow a match with exchanges, so every class's
view of the exchange is replayed; then the official server's "extra turn"
and a table that disagrees with the shadow.
"""

from __future__ import annotations

import logging
import random
from dataclasses import replace

import pytest

from ai.levels import make_player
from ai.uecda.protocol import copy_table, decode_state, encode_state
from ai.uecda.seat import field_table, initial_table, turn_table
from ai.uecda.shadow import Shadow
from game.engine import Game, Match, Phase, observe, preset_rules
from game.engine.events import TrickCleared
from game.engine.record import check

RULES = preset_rules("uecda")


def feed_game(game: Game, seating: tuple[int, ...], shadows: list[Shadow], rng: random.Random,
              inject_extra_turn: bool = False, last_passer_leads: bool = False) -> list[int]:
    """Play ``game`` with Beginner moves, feeding every shadow what a server would send; seats of extra turns."""
    player = make_player("beginner")
    for shadow in shadows:
        seat = seating.index(shadow.me)
        st = shadow.start_game(initial_table(game, seat, seating))
        if st.gift_count:
            obs = shadow.gift_observation(st.gift_count)
            assert obs is not None, f"player {shadow.me} cannot see its exchange"
            gift = player.choose_gift(obs, rng)
            assert obs.hand == game.hands[seat]
            shadow.note_gift(gift)
            game.give(seat, gift)
    extra: list[int] = []
    while not game.over:
        actor = game.turn
        for shadow in shadows:
            seat = seating.index(shadow.me)
            shadow.on_turn_table(turn_table(game, seat, seating, my_turn=seat == actor))
            if seat == actor:
                assert observe(game, seat).hand == shadow.observation().hand
                assert shadow.observation().state.turn == seat
        events = game.play(player.choose_move(observe(game, actor), rng))
        for shadow in shadows:
            seat = seating.index(shadow.me)
            shadow.on_field(field_table(game, seat, seating, actor))
        cleared = next((e for e in events if isinstance(e, TrickCleared)), None)
        if (last_passer_leads and cleared is not None and cleared.reason == "passes" and not game.over
                and game.turn != game.last_player and game.turn != actor):
            # The C server: the player who passed last leads when the last to play has gone out.
            game.turn = actor
            extra.append(actor)
        if (inject_extra_turn and cleared is not None and cleared.reason == "passes" and not game.over
                and game.turn == game.last_player):
            # The official server: the last player acts again on its own cards before the table clears.
            leader = game.turn
            extra.append(leader)
            for shadow in shadows:
                seat = seating.index(shadow.me)
                table = turn_table(game, seat, seating, my_turn=seat == leader)
                table[5][4] = 0
                shadow.on_turn_table(table)
                assert shadow.extra_turn
                shadow.on_field(field_table(game, seat, seating, leader))  # unchanged: a pass
                assert not shadow.rebuilds
    return extra


@pytest.mark.parametrize("extra_turns", [False, True])
def test_five_shadows_follow_a_match_with_exchanges(extra_turns: bool) -> None:
    match = Match(RULES, seed=11, games=5)
    rng = random.Random(3)
    shadows = [Shadow(p) for p in range(5)]
    injected = 0
    while True:
        injected += len(feed_game(match.game, tuple(match.seating), shadows, rng, extra_turns))
        result = match.game.result
        assert result is not None
        for shadow in shadows:
            report = shadow.end_game(f"p{shadow.me}")
            assert not report.rebuilds
            seat = match.seating.index(shadow.me)
            assert report.place == result.places.index(seat)
            assert report.record is not None
            status, answer = check(report.record)
            assert status == 0 and answer["games"][0]["places"] == list(result.places)
            if match.index > 0 and seat != match.game.previous_places[2]:  # type: ignore[index]
                assert shadow.exchange_note is not None
        if match.record_result() is not None:
            break
        match.next_game()
    assert injected > 0 or not extra_turns


def test_the_server_may_give_the_lead_to_the_last_player_who_passed() -> None:
    match = Match(RULES, seed=21, games=6)
    rng = random.Random(5)
    shadows = [Shadow(p) for p in range(5)]
    changed = 0
    while True:
        fixes = feed_game(match.game, tuple(match.seating), shadows, rng, last_passer_leads=True)
        changed += len(fixes)
        for shadow in shadows:
            report = shadow.end_game()
            assert not report.rebuilds
            assert (report.record is None) == bool(fixes)
            assert len(report.log["leader_changes"]) == len(fixes)
        if match.record_result() is not None:
            break
        match.next_game()
    assert changed > 0


def test_a_table_that_disagrees_rebuilds_the_shadow(caplog: pytest.LogCaptureFixture) -> None:
    match = Match(RULES, seed=5, games=1)
    game = match.game
    seating = tuple(match.seating)
    shadow = Shadow(0)
    shadow.start_game(initial_table(game, 0, seating))
    rng = random.Random(1)
    player = make_player("beginner")
    for _ in range(3):
        shadow.on_turn_table(turn_table(game, 0, seating, my_turn=game.turn == 0))
        actor = game.turn
        game.play(player.choose_move(observe(game, actor), rng))
        shadow.on_field(field_table(game, 0, seating, actor))
    table = turn_table(game, 0, seating, my_turn=game.turn == 0)
    wrong = copy_table(table)
    state = decode_state(wrong)
    counts = list(state.counts)
    other = next(p for p in range(5) if p != 0 and counts[p] > 1)
    counts[other] -= 1
    with caplog.at_level(logging.WARNING):
        encode_state(replace(state, counts=tuple(counts)), wrong)
        shadow.on_turn_table(wrong)
    assert shadow.rebuilds and "cards left" in shadow.rebuilds[0]
    assert "out of step" in caplog.text
    obs = shadow.observation()
    assert obs.hand == game.hands[seating.index(0)]
    assert obs.state.counts[seating.index(other)] == counts[other]
    assert obs.state.phase is Phase.PLAY
    # The next consistent table brings it back in step (rebuilt again, no crash).
    shadow.on_turn_table(table)
    report = shadow.end_game()
    assert report.record is None and report.log["rebuilds"]

