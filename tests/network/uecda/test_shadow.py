"""The client's shadow game, fed the tables a server sends (no sockets).

Five shadows (one per player) follow a match with exchanges and the extra
turns of the ``uecda`` rules, so every class's view of the exchange is
replayed; then a table that disagrees with the shadow.
"""

from __future__ import annotations

import logging
import random
from dataclasses import replace

import pytest

from ai.levels import make_player
from game.engine import Game, Match, Phase, observe, preset_rules
from game.engine.record import check
from game.network.uecda.protocol import copy_table, decode_state, encode_state
from game.network.uecda.seat import field_play, field_table, initial_table, turn_table
from game.network.uecda.shadow import Shadow

RULES = preset_rules("uecda")


def feed_game(game: Game, seating: tuple[int, ...], shadows: list[Shadow], rng: random.Random) -> int:
    """Play ``game`` with Beginner moves, feeding every shadow what a server would send; the extra turns taken."""
    player = make_player("beginner")
    for shadow in shadows:
        seat = seating.index(shadow.me)
        st = shadow.start_game(initial_table(observe(game, seat), seating))
        if st.gift_count:
            obs = shadow.gift_observation(st.gift_count)
            assert obs is not None, f"player {shadow.me} cannot see its exchange"
            gift = player.choose_gift(obs, rng)
            assert obs.hand == game.hands[seat]
            shadow.note_gift(gift)
            game.give(seat, gift)
    extra = 0
    while not game.over:
        actor = game.turn
        extra += game.top is not None and game.last_player == actor
        for shadow in shadows:
            seat = seating.index(shadow.me)
            shadow.on_turn_table(turn_table(game, game.hands[seat], seating, my_turn=seat == actor))
            if seat == actor:
                assert observe(game, seat).hand == shadow.observation().hand
                assert shadow.observation().state.turn == seat
        game.play(player.choose_move(observe(game, actor), rng))
        field = field_table(game, field_play(game.history), seating, actor)
        for shadow in shadows:
            shadow.on_field(field)
    return extra


def test_five_shadows_follow_a_match_with_exchanges_and_extra_turns() -> None:
    match = Match(RULES, seed=11, games=5)
    rng = random.Random(3)
    shadows = [Shadow(p) for p in range(5)]
    extra = 0
    while True:
        extra += feed_game(match.game, tuple(match.seating), shadows, rng)
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
    assert extra > 0


def test_a_table_that_disagrees_rebuilds_the_shadow(caplog: pytest.LogCaptureFixture) -> None:
    match = Match(RULES, seed=5, games=1)
    game = match.game
    seating = tuple(match.seating)
    shadow = Shadow(0)
    shadow.start_game(initial_table(observe(game, 0), seating))
    rng = random.Random(1)
    player = make_player("beginner")
    for _ in range(3):
        shadow.on_turn_table(turn_table(game, game.hands[0], seating, my_turn=game.turn == 0))
        actor = game.turn
        game.play(player.choose_move(observe(game, actor), rng))
        shadow.on_field(field_table(game, field_play(game.history), seating, actor))
    table = turn_table(game, game.hands[0], seating, my_turn=game.turn == 0)
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

