"""The lessons through the real app loop: pygame key and mouse events in, the lesson's state out.

Each step moves on only with its own input (anything else leaves the lesson
where it is and says why in the coach's panel), every lesson can be played to
its end with the keyboard alone, and leaving a lesson, finished or not, keeps
the saved match and the statistics exactly as they were.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.lessons.catalog import lessons
from game.lessons.script import Expect, Lesson, Step
from game.lessons.session import lesson_setup
from game.storage.settings import UI_SCALES
from game.ui.app import App
from game.ui.scenes.lesson_table import LessonTableScene
from game.ui.scenes.lessons import LessonsScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.title import TitleScene
from game.ui.scripted import Autopilot, play_until, setup_for
from game.ui.table.coach import CoachPainter
from game.ui.table.layout import table_layout
from game.ui.theme import px
from game.ui.zoom import table_zoom
from tests.ui.posting import click, english_app, frames, key


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    with english_app(tmp_path / "home") as application:
        yield application


def lesson_scene(app: App) -> LessonTableScene:
    scene = app.stack.top
    assert isinstance(scene, LessonTableScene), scene
    return scene


def next_step(app: App, scene: LessonTableScene, max_frames: int = 3000) -> Step | None:
    """Run frames until the coach shows a step (None: the lesson is over)."""
    for _ in range(max_frames):
        if scene.finished:
            return None
        if scene.step is not None:
            return scene.step
        frames(app)
    raise AssertionError("no step came")


def pick(app: App, scene: LessonTableScene, wanted: int) -> None:
    """Move the keyboard focus along the hand and press Space until exactly ``wanted`` is picked."""
    for _ in range(200):
        change = wanted ^ scene.hand.selected
        if not change:
            return
        target = next(i for i, cid in enumerate(scene.hand.cards) if change >> cid & 1)
        focus = scene.hand.focus
        key(app, pygame.K_RIGHT if focus < target else pygame.K_LEFT if focus > target else pygame.K_SPACE)
    raise AssertionError("the cards could not be picked")


def answer(app: App, scene: LessonTableScene, step: Step) -> None:
    """The step's own input, by the keyboard alone."""
    if step.expect is Expect.NEXT:
        key(app, pygame.K_RETURN)
    elif step.expect is Expect.PASS:
        key(app, pygame.K_p)
    else:
        pick(app, scene, step.card_set)
        if step.expect is not Expect.SELECT:
            key(app, pygame.K_RETURN)


def where(scene: LessonTableScene) -> tuple[int, int, int, int]:
    """Where the lesson is: the script's item, the moves made, the game and the cards picked."""
    session = scene.lesson_session
    return session.run.index, len(session.game.history), session.match.index, scene.hand.selected


def other_card(scene: LessonTableScene, step: Step) -> int:
    """A card of the hand the step does not name (-1 if there is none)."""
    return next((cid for cid in scene.hand.cards if not step.card_set >> cid & 1), -1)


def try_wrong_inputs(app: App, scene: LessonTableScene, step: Step) -> None:
    """Inputs the step does not wait for: the lesson stays where it is and the coach says what to do."""
    before = where(scene)
    layout = scene.layout_now
    rects = dict(scene.hand.rects(layout))
    wrong: list[tuple[str, object]] = []
    if step.expect is not Expect.PASS:
        wrong.append(("key", pygame.K_p))
    if step.expect in (Expect.NEXT, Expect.PASS):
        cid = other_card(scene, step)
        if cid >= 0:
            wrong.append(("click", rects[cid].center))
    if step.expect is Expect.PASS:
        wrong += [("key", pygame.K_RETURN), ("click", scene.play_button.rect.center)]
    if step.expect in (Expect.SELECT, Expect.PLAY, Expect.GIVE):
        cid = other_card(scene, step)
        if cid >= 0:
            wrong.append(("click", (rects[cid].left + 4, rects[cid].centery)))
        if step.expect is not Expect.SELECT and scene.hand.selected != step.card_set:
            wrong.append(("key", pygame.K_RETURN))  # the cards are not picked yet
    for kind, value in wrong:
        scene._hint = None
        if kind == "key":
            assert isinstance(value, int)
            key(app, value)
        else:
            assert isinstance(value, tuple)
            click(app, value)
        assert where(scene) == before, (step.text, kind, value)
        assert scene._hint is not None, (step.text, kind, value, "the coach says what to do")


def test_learn_to_play_opens_from_the_title_by_the_keyboard(app: App) -> None:
    title = app.stack.top
    assert isinstance(title, TitleScene)
    while title.keys[title.widgets.focus] != "learn":
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, LessonsScene)
    key(app, pygame.K_RETURN)  # the first lesson not played yet has the focus
    scene = lesson_scene(app)
    assert scene.lesson_session.lesson.id == "first_game"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, LessonsScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)


@pytest.mark.slow
def test_each_step_of_the_first_game_moves_on_only_with_its_own_input(app: App) -> None:
    app.start_lesson("first_game")
    scene = lesson_scene(app)
    lesson = scene.lesson_session.lesson
    seen: list[str] = []
    while (step := next_step(app, scene)) is not None:
        try_wrong_inputs(app, scene, step)
        seen.append(step.text)
        index = scene.lesson_session.run.index
        answer(app, scene, step)
        assert scene.lesson_session.run.index > index, step.text
    assert seen == [s.text for s in lesson.steps]
    assert "first_game" in app.ctx.settings.lessons_done
    assert scene.done_widgets.focus == 0
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)  # All lessons
    assert isinstance(app.stack.top, TitleScene | LessonsScene)


@pytest.mark.parametrize("item", lessons()[1:], ids=lambda item: item.id)
@pytest.mark.slow
def test_every_lesson_can_be_played_to_its_end_by_the_keyboard_alone(app: App, item: Lesson) -> None:
    app.start_lesson(item.id)
    scene = lesson_scene(app)
    steps = 0
    while (step := next_step(app, scene)) is not None:
        answer(app, scene, step)
        steps += 1
    assert steps == len(item.steps)
    assert item.id in app.ctx.settings.lessons_done
    key(app, pygame.K_RETURN)  # the next lesson
    if item.id != lessons()[-1].id:
        assert lesson_scene(app).lesson_session.lesson.id != item.id


def test_leaving_a_lesson_keeps_the_saved_match_and_the_statistics(app: App) -> None:
    app.start_match(setup_for("standard", 4, seed=5, games=3))
    play_until(app, lambda a: a.session is not None and len(a.session.game.history) >= 6,
               autopilot=Autopilot("normal", seed=1))
    app.show_title()
    app.writer.flush()
    saved = app.paths.autosave_file.read_bytes()
    stats = app.ctx.stats
    assert stats is not None
    games = stats.count_games()
    app.show_lessons()
    app.start_lesson("first_game")
    scene = lesson_scene(app)
    for _ in range(8):  # a few steps in, then away
        step = next_step(app, scene)
        assert step is not None
        answer(app, scene, step)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, LessonsScene)
    app.start_lesson("akita")  # and one played to its end
    scene = lesson_scene(app)
    while (step := next_step(app, scene)) is not None:
        answer(app, scene, step)
    key(app, pygame.K_ESCAPE)
    app.writer.flush()
    assert app.paths.autosave_file.read_bytes() == saved
    assert stats.count_games() == games
    assert app.session is None and app.has_autosave()
    assert app.ctx.settings.lessons_done == ("akita",)
    assert app.resume_match()


def test_a_lesson_over_a_match_at_the_table_saves_the_match_first(app: App) -> None:
    app.start_match(setup_for("standard", 4, seed=9))
    play_until(app, lambda a: a.session is not None and len(a.session.game.history) >= 3,
               autopilot=Autopilot("normal", seed=2))
    app.show_new_game()
    frames(app)
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    click(app, new_game.lesson_button.rect.center)
    scene = lesson_scene(app)
    assert scene.lesson_session.lesson.id == "first_game"
    assert app.session is None and app.has_autosave()
    assert [type(s) for s in app.stack.scenes] == [TitleScene, LessonsScene, LessonTableScene]


def test_the_new_game_screen_opens_the_lesson_of_its_mode(app: App) -> None:
    app.show_new_game()
    frames(app)
    screen = app.stack.top
    assert isinstance(screen, NewGameScene)
    for mode, lesson_id in (("akita", "akita"), ("duel5", "duel5"), ("custom", "house_rules")):
        click(app, screen.cards[mode].rect.center)
        click(app, screen.lesson_button.rect.center)
        assert lesson_scene(app).lesson_session.lesson.id == lesson_id
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is screen


def test_the_lessons_screen_marks_the_lessons_played(app: App) -> None:
    app.ctx.update_settings(lessons_done=("first_game",))
    app.show_lessons()
    frames(app)
    screen = app.stack.top
    assert isinstance(screen, LessonsScene)
    focused = screen.widgets.widgets[screen.widgets.focus]
    assert focused is screen.cards[1], "the first lesson not played yet has the focus"
    click(app, screen.cards[2].rect.center)
    assert lesson_scene(app).lesson_session.lesson.id == lessons()[2].id


def play_to(app: App, scene: LessonTableScene, name: str) -> Step:
    """Play the lesson by its own inputs up to the step whose text is ``lesson.<id>.<name>``."""
    while (step := next_step(app, scene)) is not None:
        if step.text.rsplit(".", 1)[-1] == name:
            return step
        answer(app, scene, step)
    raise AssertionError(f"no step {name}")


def test_once_the_player_is_out_the_coach_s_next_is_the_only_way_on(app: App) -> None:
    """The lesson plays the rest of the game by itself after the coach's Next: the table's own Skip to the
    result is not offered beside it (it would be a second gold button the step does not wait for)."""
    app.start_lesson("first_game")
    scene = lesson_scene(app)
    play_to(app, scene, "out")
    frames(app, 3)
    assert scene.next_button.visible
    assert not scene.skip_button.visible
    click(app, scene.layout_now.buttons.center)  # where Skip to the result would be: nothing happens
    assert scene.step is not None and scene.step.text.endswith(".out") and not scene.skipping


def test_nothing_of_the_trick_s_label_shows_through_or_around_the_coach_s_panel(app: App,
                                                                               monkeypatch: pytest.MonkeyPatch
                                                                               ) -> None:
    """Where the coach's panel lies over the label under the trick (a long step in a short messages slot), the
    label is not drawn at all: its words would show through the panel, or above it cut in half."""
    app.start_lesson("first_game")
    scene = lesson_scene(app)
    covered = 0
    while (step := next_step(app, scene)) is not None:
        layout = scene.layout_now
        panel = scene.coach.shape(layout, app.ctx.t(step.text, **step.params),
                                  with_button=step.expect is Expect.NEXT).rect
        if scene.model.trick and panel.colliderect(layout.trick_label):
            covered += 1
            drawn = pygame.Surface(layout.size)
            scene.draw(drawn)
            with monkeypatch.context() as patch:
                patch.setattr(scene.painter, "trick_label", lambda *args: None)
                unlabelled = pygame.Surface(layout.size)
                scene.draw(unlabelled)
            assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(unlabelled, "RGB"), step.text
        answer(app, scene, step)
    assert covered, "a step whose panel lies over the trick's label"


def test_the_classes_a_lesson_s_game_gave_show_on_the_seats_until_the_next_deal(app: App) -> None:
    """A lesson has no result screen: the plates show the classes the game just gave (the previous game's until
    then), the player's by its name."""
    app.start_lesson("first_game")
    scene = lesson_scene(app)
    assert all(scene._seat_shown(seat).title is None for seat in range(4))
    play_to(app, scene, "classes")
    result = scene.lesson_session.game.result
    assert result is not None
    assert [scene._seat_shown(seat).title for seat in range(4)] == list(result.titles)
    play_to(app, scene, "exchange")
    assert [scene._seat_shown(seat).title for seat in range(4)] == list(result.titles)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_coach_s_words_fit_its_panel_at_every_size_of_text(app: App, size: tuple[int, int]) -> None:
    """Every step of every lesson, in both languages, at every size of text the player may choose: the panel
    holds all the step's lines (a table clamped to a smaller size than chosen once cut the last line off)."""
    coach = CoachPainter(app.ctx)
    cut: list[tuple[str, str, int]] = []
    for language in ("en", "ja"):
        app.ctx.update_settings(language=language)
        for item in lessons():
            rules = lesson_setup(item).rules()
            stock, pile = bool(rules.hand_size), rules.pile_draw
            for wanted in UI_SCALES:
                zoom = table_zoom(size, item.players, stock, pile, wanted)
                layout = table_layout(size, item.players, 0, stock=stock, pile=pile, zoom=zoom / 100)
                for step in item.steps:
                    shape = coach.shape(layout, app.ctx.t(step.text, **step.params),
                                        with_button=step.expect is Expect.NEXT)
                    keys = coach._chrome(layout.scale, True) - coach._chrome(layout.scale, False)
                    words = coach.words_bottom(layout.scale, shape.size, shape.lines) + (keys if shape.footer else 0)
                    if words > shape.rect.height:
                        cut.append((language, step.text, wanted))
    assert not cut


def test_in_high_contrast_the_coach_s_bold_words_stay_left_of_its_next_button(app: App) -> None:
    """High contrast draws the step's words bold, which are wider: they are wrapped as drawn, so that no line
    runs under the Next button or out of the panel."""
    app.ctx.update_settings(high_contrast=True)
    coach = CoachPainter(app.ctx)
    over: list[tuple[str, str]] = []
    for language in ("en", "ja"):
        app.ctx.update_settings(language=language)
        for size in ((960, 600), (1280, 720), (1920, 1080)):
            for item in lessons():
                layout = table_layout(size, item.players, 0, stock=bool(lesson_setup(item).rules().hand_size))
                pad = px(20, layout.scale)
                for step in item.steps:
                    button = step.expect is Expect.NEXT
                    shape = coach.shape(layout, app.ctx.t(step.text, **step.params), with_button=button)
                    right = shape.button.left - pad if button else shape.rect.right - pad
                    over += [(step.text, line) for line in shape.lines
                             if shape.rect.left + pad + app.ctx.text.size(line, shape.size, bold=True)[0] > right]
    assert not over
