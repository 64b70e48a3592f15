"""Learn to play: the lessons screen, steps of the lessons, a lesson done, rule help at the table, high contrast and
larger sizes of text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.lessons.catalog import lesson
from game.lessons.script import Expect
from game.lessons.session import LessonSession

from ..app import App
from ..scenes.lesson_table import LessonTableScene
from ..scenes.settings import SettingsScene
from ..scenes.table import TableScene
from .frames import save, settle


def _answer(scene: TableScene[Any], session: LessonSession) -> None:
    """Make the lesson's current step happen at once (its explanation read, its cards picked, its move played)."""
    step = session.run.step
    if step is None:
        return
    if step.expect is Expect.NEXT:
        session.run.advance()
    elif step.expect is Expect.PASS:
        scene.pass_turn()
    else:
        scene.hand.selected = step.card_set
        if step.expect is Expect.SELECT:
            session.run.advance()
        else:
            scene.play_selected()


def _lesson_to(app: App, scene: LessonTableScene, text: str, max_frames: int = 4000) -> bool:
    """Play the lesson on until the step ``text`` (a key's last part) is shown."""
    session = scene.lesson_session
    for _ in range(max_frames):
        step = scene.step
        if step is not None and step.text.endswith("." + text):
            settle(app, 20)
            return True
        if scene.finished:
            return False
        if step is not None:
            _answer(scene, session)
        app.step(1 / 30)
    return False


LESSON_SHOTS = (("first_game", ("hand", "lead_select", "pair_select", "lock", "revolution", "classes", "give")),
                ("akita", ("jback",)), ("duel5", ("stock",)), ("house_rules", ("seven_give",)))
"""The lessons' steps the screenshots show (each lesson played from its start to them)."""


def coach_screens(app: App, out: Path, language: str) -> list[Path]:
    """Learn to play: the lessons screen, steps of the lessons, a lesson done, and rule help at the table."""
    written: list[Path] = []
    app.show_title()
    app.show_lessons()
    settle(app, 10)
    written.append(save(app, out, f"lessons-{language}"))
    for lesson_id, steps in LESSON_SHOTS:
        app.show_title()
        app.start_lesson(lesson_id)
        scene = app.stack.top
        assert isinstance(scene, LessonTableScene)
        for text in steps:
            if _lesson_to(app, scene, text):
                written.append(save(app, out, f"lesson-{lesson_id}-{text}-{language}"))
        if lesson_id == "first_game":
            _lesson_to(app, scene, "no step: to the end")
            settle(app, 10)
            written.append(save(app, out, f"lesson-done-{language}"))
    app.show_title()
    session = LessonSession(lesson("first_game"), app.ctx.worker)
    table = TableScene(app.ctx, session)
    app.stack.reset(table)
    for _ in range(4000):  # the deal's 8-cut, at an ordinary table: its rule explained
        if table.rule_bubble.rule == "eight_cut":
            settle(app, 24)
            written.append(save(app, out, f"rule-help-{language}"))
            break
        if table.director.idle and (session.human_to_act() or session.run.step is not None):
            _answer(table, session)
        app.step(1 / 30)
    app.ctx.update_settings(high_contrast=True)
    settle(app, 2)
    written.append(save(app, out, f"table-high-contrast-{language}"))
    app.ctx.update_settings(high_contrast=False)
    app.show_title()
    app.show_settings()
    settings = app.stack.top
    if isinstance(settings, SettingsScene):
        settings.scroller.scroll_to(settings.scroller.max_offset, instant=True)
        settle(app, 5)
        written.append(save(app, out, f"settings-more-{language}"))
    for percent in (125, 150):
        app.ctx.update_settings(ui_scale=percent)
        app.stack.relayout(app.ctx.size)
        app.show_title()
        settle(app, 10)
        written.append(save(app, out, f"title-{percent}-{language}"))
        app.show_new_game()
        settle(app, 10)
        written.append(save(app, out, f"new-game-{percent}-{language}"))
        app.show_title()
        app.start_lesson("first_game")
        scene = app.stack.top
        assert isinstance(scene, LessonTableScene)
        if _lesson_to(app, scene, "follow"):
            written.append(save(app, out, f"lesson-{percent}-{language}"))
    app.ctx.update_settings(ui_scale=100)
    app.show_title()
    return written
