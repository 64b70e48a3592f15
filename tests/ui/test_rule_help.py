"""Rule help at the table through the real app loop: a bubble the first time a rule takes effect in a match,
once per rule, never again after "Don't show again", none when the settings turn it off; play goes on
under it, and it never hides the cards in play.

The games are the guided first game's fixed deal (an 8-cut, a lock, the ♠3 beating the joker, a revolution,
then more 8-cuts by the computers), played at the ordinary table: the same rule events every time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.events import EightCut, Event, Locked, Revolution
from game.lessons.catalog import lesson
from game.lessons.script import Expect
from game.lessons.session import LessonSession
from game.ui.app import App
from game.ui.scenes.drawing import label_text
from game.ui.scenes.table import TableScene
from game.ui.scripted import headless_app
from game.ui.table.layout import table_layout
from game.ui.table.rule_bubble import SHOW_TIME, RuleBubble, places
from game.ui.theme import px
from game.ui.zoom import table_configurations
from tests.ui.posting import DT, click, english_app, key


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    with english_app(tmp_path / "home") as application:
        yield application


class Table:
    """A match of the first lesson's deal at the ordinary table (its explanations skipped, its moves played
    with the keys), watching which bubbles show and which rule events happen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.session = LessonSession(lesson("first_game"), app.ctx.worker)
        self.scene = TableScene(app.ctx, self.session)
        app.stack.reset(self.scene)
        self.shown: list[str] = []
        """Each bubble as it appeared."""
        self.events: list[Event] = []
        shown_event = self.scene._event_shown

        def spy(event: Event) -> str | None:
            self.events.append(event)
            return shown_event(event)

        self.scene.director.on_toast = spy

    def frame(self) -> None:
        before = self.scene.rule_bubble.rule
        self.app.step(DT)
        rule = self.scene.rule_bubble.rule
        if rule is not None and rule != before:
            self.shown.append(rule)

    def play_step(self) -> bool:
        """Make the lesson's next move at the table with the keys; False once the game is over."""
        scene, run = self.scene, self.session.run
        for _ in range(2000):
            if self.session.game.result is not None:
                return False
            step = run.step
            if step is not None and not step.waits_for_table:
                run.advance()
                continue
            if step is not None and scene.director.idle and self.session.human_to_act():
                if step.expect is Expect.PASS:
                    key(self.app, pygame.K_p)
                else:
                    scene.hand.selected = step.card_set
                    key(self.app, pygame.K_RETURN)
                self.frame()
                return True
            self.frame()
        raise AssertionError("the table did not come to the player")

    def play_on(self) -> None:
        """Play to the end of the game, and let the bubbles still waiting show."""
        while self.play_step():
            pass
        bubble = self.scene.rule_bubble
        for _ in range(3000):
            if self.scene.director.idle and not bubble.visible and not bubble.queue:
                break
            self.frame()


@pytest.mark.slow
def test_a_bubble_shows_once_per_rule_in_a_match(app: App) -> None:
    table = Table(app)
    table.play_on()
    assert sum(isinstance(e, EightCut) for e in table.events) >= 2, "the deal has more than one 8-cut"
    assert "eight_cut" in table.shown and "lock" in table.shown and "revolution" in table.shown
    assert len(table.shown) == len(set(table.shown)), table.shown


@pytest.mark.slow
def test_dont_show_again_mutes_a_rule_for_good(app: App) -> None:
    table = Table(app)
    while table.scene.rule_bubble.rule != "eight_cut":
        assert table.play_step()
    bubble = table.scene.rule_bubble
    assert bubble.shape is not None
    click(app, bubble.mute.rect.center)
    assert bubble.rule != "eight_cut" and "eight_cut" in app.ctx.settings.rule_help_muted
    table.play_on()
    assert table.shown.count("eight_cut") == 1
    again = Table(app)  # a new match: the muted rule never shows, the others do
    again.play_on()
    assert "eight_cut" not in again.shown and "lock" in again.shown
    app.close()
    reopened = headless_app(home=app.paths.data_dir.parent, language="en", raise_errors=True)
    try:
        assert "eight_cut" in reopened.ctx.settings.rule_help_muted, "kept in the settings file"
    finally:
        reopened.close()


@pytest.mark.slow
def test_the_settings_switch_turns_every_bubble_off(app: App) -> None:
    app.ctx.update_settings(rule_help=False)
    table = Table(app)
    table.play_on()
    assert table.shown == []


def test_play_goes_on_while_a_bubble_shows_and_the_keys_reach_its_buttons(app: App) -> None:
    table = Table(app)
    while not table.scene.rule_bubble.visible:
        assert table.play_step()
    bubble = table.scene.rule_bubble
    played = len(table.session.game.history)
    assert table.play_step()  # Enter still plays the cards picked
    assert len(table.session.game.history) > played and bubble.visible
    key(app, pygame.K_TAB)
    assert bubble.widgets.focus == 0
    rule = bubble.rule
    key(app, pygame.K_RETURN)  # Got it
    assert bubble.rule != rule and rule not in app.ctx.settings.rule_help_muted



def test_tab_goes_through_a_bubble_s_buttons_and_then_leaves_it(app: App) -> None:
    """Tab reaches the bubble's buttons in turn and then leaves the bubble (the table's other controls, such as a
    table for friends' reaction stamps, come next); Shift+Tab comes back to its last button."""
    table = Table(app)
    while not table.scene.rule_bubble.visible:
        assert table.play_step()
    bubble = table.scene.rule_bubble
    order = bubble.widgets.focusable_order()
    assert len(order) == 2
    visited = []
    for _ in order:
        key(app, pygame.K_TAB)
        visited.append(bubble.widgets.focus)
    assert visited == order
    key(app, pygame.K_TAB)
    assert bubble.visible and bubble.widgets.focus == -1, "the bubble lets the key go after its last button"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                         scancode=0))
    app.step(DT)
    assert bubble.widgets.focus == order[-1]

@pytest.mark.slow
def test_a_bubble_never_covers_the_cards_in_play_or_the_buttons(app: App) -> None:
    bubble = RuleBubble(app.ctx)
    for size in ((960, 600), (1280, 720), (1920, 1080)):
        for zoom in (1.0, 1.25, 1.5):
            for n, human, stock, pile in table_configurations():
                layout = table_layout(size, n, human, stock=stock, pile=pile, zoom=zoom)
                assert places(layout)
                for rule in ("revolution", "extra_turn", "forbidden_finish"):
                    bubble.rule = rule
                    shape = bubble.place(layout)
                    assert shape is not None
                    screen = pygame.Rect((0, 0), size)
                    assert screen.contains(shape.rect), (size, zoom, n, rule)
                    for name in ("trick", "hand", "buttons", "human_info", "toggles", "menu_button"):
                        assert not shape.rect.colliderect(layout.slots()[name]), (size, zoom, n, rule, name)
                    for spot in layout.spots.values():
                        assert not shape.rect.colliderect(spot.block), (size, zoom, n, rule)
                    assert shape.rect.contains(shape.ok) and shape.rect.contains(shape.mute)


def move_pointer(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(DT)


def wait(app: App, seconds: float) -> None:
    for _ in range(round(seconds / 0.25)):
        app.step(0.25)


def test_a_bubble_goes_by_itself_unless_the_pointer_rests_on_it_now(app: App) -> None:
    """The pointer once rested on a bubble, then went away while no bubble showed: the next bubble, somewhere
    the pointer is not, still goes by itself (it waited for the mouse to move over it and off again)."""
    table = Table(app)
    scene, bubble = table.scene, table.scene.rule_bubble
    rules, human = table.session.rules, table.session.human_seat
    bubble.notice(EightCut(seat=2), rules, human)
    table.frame()
    assert bubble.shape is not None
    move_pointer(app, bubble.shape.rect.center)
    assert bubble.hover
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)  # Got it
    assert not bubble.visible
    move_pointer(app, (2, scene.layout_now.size[1] - 2))  # off to a corner
    bubble.notice(Locked(seat=1, suits=1), rules, human)
    table.frame()
    assert bubble.rule == "lock" and bubble.shape is not None
    assert not bubble.shape.rect.collidepoint((2, scene.layout_now.size[1] - 2))
    wait(app, SHOW_TIME + 1)
    assert not bubble.visible
    bubble.notice(Revolution(seat=1, active=True), rules, human)  # and one under the pointer stays
    table.frame()
    assert bubble.shape is not None
    move_pointer(app, bubble.shape.rect.center)
    wait(app, SHOW_TIME + 1)
    assert bubble.rule == "revolution"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_bubble_s_buttons_are_drawn_at_the_table_s_size(tmp_path: Path, language: str) -> None:
    """At a text size the table cannot take (it is drawn smaller than the menus), the bubble's buttons are drawn
    at the table's size, as the bubble measured them: at the menus' their words ran out of the buttons."""
    app = headless_app((1920, 1080), home=tmp_path / "home", language=language, raise_errors=True)
    try:
        app.ctx.update_settings(ui_scale=200)
        app.show_title()
        app.step(DT)
        table = Table(app)
        scene, bubble = table.scene, table.scene.rule_bubble
        assert scene.zoom / 100 < app.ctx.zoom, "the table is drawn smaller than the menus"
        bubble.notice(EightCut(seat=2), table.session.rules, table.session.human_seat)
        table.frame()
        for button in (bubble.ok, bubble.mute):
            drawn = button.scale or app.ctx.scale  # as Button.draw sizes its words
            words = app.ctx.text.size(label_text(button.label), px(button.font_size, drawn), bold=True)[0]
            assert words < button.rect.width
    finally:
        app.close()
