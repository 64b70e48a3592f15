"""Tweens, timers, the animator and the table's director, stepped on a fake clock (nothing sleeps)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise

import pytest

from game.engine import PASS, Game, parse_cards, preset_rules
from game.engine.events import Event, Passed, Played, TrickCleared
from game.i18n import Translator
from game.ui.table.banners import Words
from game.ui.table.director import CLEAR_PAUSE, CLEAR_SWEEP, PASS_PAUSE, PLAY_FLIGHT, Director
from game.ui.table.hand import HandView, hand_order
from game.ui.table.layout import table_layout
from game.ui.table.model import TableModel
from game.ui.tween import EASE_OUT, LINEAR, Animator, Timer, Tween

TICK = 1 / 64
"""A frame of the fake clock (exact in binary, so sums of ticks are exact)."""


def test_a_tween_moves_by_its_easing_and_finishes_once() -> None:
    finished: list[str] = []
    tween = Tween(1.0, start=10.0, end=30.0, easing=LINEAR, on_done=lambda: finished.append("done"))
    assert tween.value == 10.0 and tween.progress == 0.0
    tween.update(0.25)
    assert tween.progress == 0.25 and tween.value == 15.0 and not tween.done
    tween.update(0.5)
    assert tween.value == 25.0 and finished == []
    tween.update(0.25)
    assert tween.done and tween.value == 30.0 and finished == ["done"]
    tween.update(1.0)
    assert tween.value == 30.0 and finished == ["done"], "a finished tween stays put and calls back once"


def test_an_eased_tween_leaves_fast_and_arrives_slowly() -> None:
    tween = Tween(1.0, start=0.0, end=1.0, easing=EASE_OUT)
    tween.update(0.25)
    first = tween.value
    tween.update(0.5)
    assert first > 0.25 and tween.value - first < 0.5 and 0.0 < first < tween.value < 1.0


def test_a_delayed_tween_waits_then_moves() -> None:
    tween = Tween(0.5, start=0.0, end=1.0, easing=LINEAR, delay=0.25)
    tween.update(0.125)
    assert tween.value == 0.0 and tween.progress == 0.0
    tween.update(0.125 + 0.25)
    assert tween.value == 0.5 and not tween.done
    tween.update(0.25)
    assert tween.done and tween.value == 1.0


def test_a_timer_fires_once_after_its_duration() -> None:
    fired: list[float] = []
    clock = 0.0
    timer = Timer(0.5, on_done=lambda: fired.append(clock))
    while clock < 2.0:
        clock += TICK
        timer.update(TICK)
    assert fired == [0.5]
    instant = Timer(0.0, on_done=lambda: fired.append(-1.0))
    instant.update(0.0)
    assert instant.done and fired == [0.5, -1.0]


def test_the_animator_is_busy_only_while_a_blocking_tween_runs() -> None:
    animator = Animator()
    assert not animator.busy
    animator.add(Tween(1.0), blocking=False)
    assert not animator.busy, "a non-blocking tween (a banner fading) keeps nobody waiting"
    blocking = animator.add(Timer(0.5))
    assert animator.busy
    animator.update(0.5)
    assert blocking.done and not animator.busy and len(animator.tweens) == 1, "finished tweens are dropped"
    animator.update(0.5)
    assert animator.tweens == []
    animator.add(Timer(9.0))
    animator.clear()
    assert not animator.busy


def test_a_tween_started_by_another_one_runs_after_it() -> None:
    animator = Animator()
    order: list[tuple[str, float]] = []
    clock = 0.0

    def second() -> None:
        order.append(("first done", clock))
        animator.add(Timer(0.25, on_done=lambda: order.append(("second done", clock))))

    animator.add(Timer(0.5, on_done=second))
    animator.add(Timer(0.125, on_done=lambda: order.append(("short done", clock))))
    while animator.busy:
        clock += TICK
        animator.update(TICK)
    # The second timer is added as the first finishes and counts from the next frame on: no time is lost or gained.
    assert order == [("short done", 0.125), ("first done", 0.5), ("second done", 0.75)]


# --- the director -------------------------------------------------------------------------------------


def director_for(game: Game, speed: float = 1.0) -> tuple[Director, list[str]]:
    sounds: list[str] = []
    layout = table_layout((1280, 720), game.n, 0)

    def sound(name: str) -> None:
        sounds.append(name)

    words = Words(Translator("en"), lambda seat: f"P{seat}", human=0)
    director = Director(model=TableModel.of(game, 0), hand=HandView(), layout=lambda: layout,
                        speed=lambda: speed, sound=sound, words=lambda: words)
    director.hand.set_hand(game.hands[0])
    return director, sounds


def a_trick() -> tuple[Game, list[Event]]:
    """Seat 0 leads the 3♠, seat 1 beats it with the 5♥, both others pass: the trick clears."""
    rules = preset_rules("standard", 3, {"lock": False, "eight_cut": False, "spade3_return": False})
    game = Game.from_hands(rules, [parse_cards(h) for h in ("3S 4S KC", "5H 6H", "7D 9D")], leader=0)
    events = game.play(game.resolve(parse_cards("3S")))
    events += game.play(game.resolve(parse_cards("5H")))
    events += game.play(PASS)
    events += game.play(PASS)
    return game, events


def run(director: Director, until: Callable[[], bool], limit: float = 30.0) -> float:
    """Step the clock frame by frame until ``until()``; the time it took."""
    clock = 0.0
    while not until():
        assert clock < limit, "the director never got there"
        clock += TICK
        director.update(TICK)
    return clock


def test_the_director_plays_events_one_after_another_on_the_clock() -> None:
    game, events = a_trick()
    director, sounds = director_for(game)
    assert [type(e) for e in events] == [Played, Played, Passed, Passed, TrickCleared]
    director.feed(events)
    started: list[tuple[Event | None, float]] = []
    clock = 0.0
    while not director.idle:
        director.update(TICK)
        clock += TICK
        if not started or started[-1][0] is not director.current:
            started.append((director.current, clock))
    assert [event for event, _ in started] == [*events, None], "each event in turn, none skipped or repeated"
    times = [at for _, at in started]
    durations = [b - a for a, b in pairwise(times)]
    assert durations == pytest.approx([PLAY_FLIGHT, PLAY_FLIGHT, PASS_PAUSE, PASS_PAUSE, CLEAR_PAUSE + CLEAR_SWEEP],
                                      abs=2 * TICK)
    assert sounds == ["play", "play", "pass", "pass", "clear"]
    model = director.model
    assert not model.trick and [seat.count for seat in model.seats] == [2, 1, 2]
    assert model.hand == game.hands[0] and director.hand.cards == hand_order(game.hands[0])


def test_a_play_lands_on_the_table_when_its_flight_ends() -> None:
    game, events = a_trick()
    director, _ = director_for(game)
    director.feed(events[:1])
    director.update(TICK)
    (flight,) = director.flights
    start, end = flight.starts[0], flight.ends[0]
    assert not director.model.trick, "the play is shown once it lands"
    assert director.hidden == parse_cards("3S"), "the card leaves the hand as it flies"
    run(director, lambda: flight.tween.progress >= 0.5)
    (x, y), = flight.positions()
    assert min(start[0], end[0]) < x < max(start[0], end[0]) or min(start[1], end[1]) < y < max(start[1], end[1])
    taken = run(director, lambda: director.idle)
    assert taken == pytest.approx(PLAY_FLIGHT / 2, abs=2 * TICK)
    assert director.flights == [] and director.hidden == 0
    assert [play.cards for _, play in director.model.trick] == [parse_cards("3S")]
    assert parse_cards("3S") not in director.hand.cards and len(director.hand.cards) == 2


def test_a_slower_game_speed_stretches_every_animation() -> None:
    game, events = a_trick()
    fast, _ = director_for(game, speed=1.0)
    slow, _ = director_for(game, speed=2.0)
    fast.feed(list(events))
    slow.feed(list(events))
    fast_time = run(fast, lambda: fast.idle)
    slow_time = run(slow, lambda: slow.idle)
    assert slow_time == pytest.approx(2 * fast_time, abs=6 * TICK)
