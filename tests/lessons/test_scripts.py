"""Every lesson plays through its script: each step's input is legal when it is asked for, every scripted
computer move is legal, and the lesson ends; the same every time."""

from __future__ import annotations

import pytest

from game.engine import PASS, IllegalMove, Play
from game.engine.events import Event, GameOver
from game.i18n import strings
from game.lessons.catalog import lesson, lesson_for_mode, lessons
from game.lessons.script import Expect, Lesson, NextGame, PlayOut, Step
from game.lessons.session import LessonSession, NotTheStep
from game.worker import DecisionWorker


def worker() -> DecisionWorker:
    return DecisionWorker(mode="inline")


def play_through(item: Lesson) -> tuple[LessonSession, list[Event], list[str]]:
    """Answer every step as it asks; the session, every event, and the steps in the order shown."""
    session = LessonSession(item, worker())
    events: list[Event] = list(session.opening_events())
    shown: list[str] = []
    for _ in range(2000):
        run = session.run
        if run.done:
            break
        if session.computer_to_act():
            polled = session.poll()
            assert polled is not None
            events += polled
            continue
        step = run.step
        if step is None:
            assert isinstance(run.item, NextGame), run.item
            events += session.next_game()
            continue
        shown.append(step.text)
        if step.expect is Expect.PLAY:
            events += session.human_play(session.game.resolve(step.card_set))
        elif step.expect is Expect.PASS:
            events += session.human_play(PASS)
        elif step.expect is Expect.GIVE:
            events += session.human_give(step.card_set)
        else:
            assert step.card_set & ~session.game.hands[session.human_seat] == 0, (step.text, "cards not in the hand")
            run.advance()
    assert session.run.done
    return session, events, shown


@pytest.mark.parametrize("item", lessons(), ids=lambda item: item.id)
def test_every_lesson_plays_through_and_says_every_step(item: Lesson) -> None:
    _, events, shown = play_through(item)
    assert shown == [step.text for step in item.steps]
    en, ja = strings("en"), strings("ja")
    for key in [*shown, item.title_key, item.line_key]:
        assert key in en and key in ja, key
    again = play_through(item)[1]
    assert [type(e) for e in again] == [type(e) for e in events], "a lesson plays the same every time"


def test_the_first_game_shows_every_rule_it_promises() -> None:
    _, events, _ = play_through(lesson("first_game"))
    names = {type(e).__name__ for e in events}
    assert {"EightCut", "Locked", "Spade3Return", "Revolution", "Finished", "GameOver", "Exchanged"} <= names
    over = next(e for e in events if isinstance(e, GameOver))
    assert over.places[0] == 0, "the player goes out first"
    assert any(isinstance(item, PlayOut) for item in lesson("first_game").script)


def test_the_player_can_only_make_the_move_the_step_asks_for() -> None:
    session = LessonSession(lesson("first_game"), worker())
    run = session.run
    while run.step is not None and not run.step.waits_for_table:
        run.advance()
    step = run.step
    assert isinstance(step, Step) and step.expect is Expect.PLAY
    other = next(m for m in session.game.move_list() if isinstance(m, Play) and m.cards != step.card_set)
    with pytest.raises(NotTheStep):
        session.human_play(other)
    with pytest.raises(IllegalMove):
        session.human_play(PASS)
    assert session.game.history == [], "nothing was played"
    assert session.hint() == session.game.resolve(step.card_set)


def test_the_computers_wait_for_the_player_while_a_step_is_shown() -> None:
    session = LessonSession(lesson("first_game"), worker())
    assert session.run.step is not None and not session.computer_to_act()
    assert session.poll() is None and session.thinking is False


def test_a_lesson_records_nothing() -> None:
    session, _, _ = play_through(lesson("first_game"))
    assert session.on_game_over is None and session.on_autosave is None


def test_each_mode_of_the_new_game_screen_has_a_lesson() -> None:
    assert lesson_for_mode("akita").id == "akita"
    assert lesson_for_mode("tournament").id == "tournament"
    assert lesson_for_mode("custom").id == "house_rules"
    assert lesson_for_mode("uecda").preset.value == "uecda"
    assert len({item.id for item in lessons()}) == len(lessons())
