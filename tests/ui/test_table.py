"""The table driven headless with real pygame events: select, play, pass, keys, toggles, exchange, menu."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.engine import PASS, Gift, Phase, Play, Turn
from game.engine.cards import format_symbols
from game.engine.events import Exchanged, Passed, Played
from game.session import GameSummary, Session
from game.ui.app import App
from game.ui.scenes.error import ErrorScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot, headless_app, play_until, setup_for
from game.ui.table.log import line_for


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app(home=tmp_path, language="en", raise_errors=True)
    yield application
    application.close()


def table(app: App) -> TableScene:
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


def frames(app: App, count: int = 1, dt: float = 1 / 20) -> None:
    for _ in range(count):
        app.step(dt)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    if button == 1:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(1 / 60)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(1 / 60)


def until_human_turn(app: App) -> TableScene:
    play_until(app, lambda a: table(a).director.idle and a.session is not None
               and a.session.game.phase is Phase.PLAY and a.session.human_to_act())
    return table(app)


def until_human_can_play(app: App) -> TableScene:
    """The human's turn with at least one legal play (passing on the way)."""
    for _ in range(200):
        scene = until_human_turn(app)
        if any(isinstance(m, Play) for m in scene.session.game.move_list()):
            return scene
        scene.pass_turn()
    raise AssertionError("the human never had a play")


def card_center(scene: TableScene, cid: int) -> tuple[int, int]:
    rect = dict(scene.hand.rects(scene.layout_now))[cid]
    return rect.left + 8, rect.top + 12


def start(app: App, preset: str = "standard", players: int = 4, seed: int = 3, **kw: object) -> TableScene:
    app.start_match(setup_for(preset, players, "beginner", seed=seed, **kw))  # type: ignore[arg-type]
    return table(app)


def last_human_action(app: App) -> object:
    session = app.session
    assert session is not None
    seat = session.human_seat
    return next(t.move for t in reversed(session.game.turns()) if t.seat == seat)


def test_click_cards_then_play_button(app: App) -> None:
    scene = start(app)
    scene = until_human_can_play(app)
    plays = [m for m in scene.session.game.move_list() if isinstance(m, Play) and m.size == 1]
    if not plays:
        pytest.skip("no single to play in this position")
    cid = plays[0].cards.bit_length() - 1
    click(app, card_center(scene, cid))
    assert scene.hand.selected == 1 << cid
    assert scene.play_button.enabled
    click(app, scene.play_button.rect.center)
    assert last_human_action(app) == plays[0]


def test_an_illegal_selection_shows_the_reason(app: App) -> None:
    scene = start(app, seed=5)
    scene = until_human_turn(app)
    hand = scene.session.game.hands[scene.session.human_seat]
    cards = sorted(c for c in range(52) if hand >> c & 1)
    first, last = cards[0], cards[-1]
    if first >> 2 == last >> 2:
        pytest.skip("one rank only")
    click(app, card_center(scene, first))
    click(app, card_center(scene, last))
    assert not scene.play_button.enabled
    key(app, pygame.K_RETURN)
    assert scene._message is not None and "single, a group or a sequence" in scene._message[0]


def test_right_click_plays_and_middle_click_passes(app: App) -> None:
    scene = start(app, seed=7)
    scene = until_human_can_play(app)
    game = scene.session.game
    play = next(m for m in game.move_list() if isinstance(m, Play))
    scene.hand.selected = play.cards
    click(app, (10, 300), button=3)
    assert last_human_action(app) == play
    scene = until_human_turn(app)
    if scene.session.game.top is None:
        return
    click(app, (10, 300), button=2)
    assert last_human_action(app) is PASS


def test_keyboard_focus_toggle_play_and_pass(app: App) -> None:
    scene = start(app, seed=11)
    scene = until_human_can_play(app)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.hand.focus == 1
    key(app, pygame.K_SPACE)
    assert scene.hand.selected == 1 << scene.hand.cards[1]
    key(app, pygame.K_SPACE)
    assert scene.hand.selected == 0
    play = next(m for m in scene.session.game.move_list() if isinstance(m, Play))
    scene.hand.selected = play.cards
    key(app, pygame.K_RETURN)
    assert last_human_action(app) == play
    scene = until_human_turn(app)
    if scene.session.game.top is not None:
        key(app, pygame.K_p)
        assert last_human_action(app) is PASS


def move_to(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)


def click_cards(app: App, scene: TableScene, cards: int) -> None:
    for cid in scene.hand.cards:
        if cards >> cid & 1:
            click(app, card_center(scene, cid))


def test_clicked_widgets_do_not_take_the_tables_keys(app: App) -> None:
    """After clicking the auto-pass box or Pass, Space still selects and Enter still plays the selection."""
    start(app, seed=11)
    scene = until_human_turn(app)
    while scene.session.game.top is None:  # a turn where Pass can be clicked
        scene = until_human_can_play(app)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_SPACE)
        key(app, pygame.K_RETURN)
        if scene.hand.selected:  # the focused card alone was not a legal play: pick one that is
            scene.hand.clear()
            play = next(m for m in scene.session.game.move_list() if isinstance(m, Play))
            click_cards(app, scene, play.cards)
            key(app, pygame.K_RETURN)
        scene = until_human_turn(app)
    click(app, scene.pass_button.rect.center)
    assert last_human_action(app) is PASS
    scene = until_human_can_play(app)
    auto_pass = app.ctx.settings.auto_pass
    click(app, scene.auto_pass_toggle.rect.center)
    click(app, scene.auto_pass_toggle.rect.center)
    assert app.ctx.settings.auto_pass == auto_pass
    key(app, pygame.K_SPACE)
    assert app.ctx.settings.auto_pass == auto_pass, "Space went to the check box"
    assert scene.hand.selected == 1 << scene.hand.cards[scene.hand.focus]
    scene.hand.clear()
    play = max((m for m in scene.session.game.move_list() if isinstance(m, Play)), key=lambda m: m.size)
    click_cards(app, scene, play.cards)
    assert scene.hand.selected == play.cards
    history = len(scene.session.game.turns())
    key(app, pygame.K_RETURN)
    assert scene.session.game.turns()[history].move == play, "Enter did not play the selection"


def test_a_refused_play_or_pass_says_why_on_click_key_and_hover(app: App) -> None:
    scene = start(app, seed=5)
    scene = until_human_turn(app)
    said: list[str] = []
    original = scene.painter.message

    def spy(surface: pygame.Surface, text: str, *args: object, **kwargs: object) -> None:
        said.append(text)
        original(surface, text, *args, **kwargs)  # type: ignore[arg-type]

    scene.painter.message = spy  # type: ignore[method-assign]
    assert not scene.play_button.enabled
    click(app, scene.play_button.rect.center)
    assert scene._message is not None and scene._message[0] == "Select the cards to play first."
    hand = scene.session.game.hands[scene.session.human_seat]
    cards = sorted(c for c in range(52) if hand >> c & 1)
    if cards[0] >> 2 == cards[-1] >> 2:
        pytest.skip("one rank only")
    click(app, card_center(scene, cards[0]))
    click(app, card_center(scene, cards[-1]))
    assert not scene.play_button.enabled
    scene._message = None
    click(app, scene.play_button.rect.center)
    assert scene._message is not None and "single, a group or a sequence" in scene._message[0]
    scene._message = None
    key(app, pygame.K_RETURN)
    assert scene._message is not None and "single, a group or a sequence" in scene._message[0]
    scene._message = None
    said.clear()
    move_to(app, scene.play_button.rect.center)
    assert scene.play_button.hover
    assert any("single, a group or a sequence" in text for text in said)
    if scene.session.game.top is None:
        said.clear()
        move_to(app, scene.pass_button.rect.center)
        assert "The table is empty: you lead and must play." in said
        scene._message = None
        click(app, scene.pass_button.rect.center)
        assert scene._message is not None and "you lead" in scene._message[0]


def test_pass_button_disabled_when_leading(app: App) -> None:
    start(app, seed=2)
    for _ in range(40):
        scene = until_human_turn(app)
        app.step(1 / 60)
        assert scene.pass_button.enabled == (scene.session.game.top is not None)
        if scene.session.game.top is None:
            return
        scene.pass_turn()


def test_hint_highlights_without_playing(app: App) -> None:
    scene = start(app, seed=13)
    scene = until_human_turn(app)
    history = len(scene.session.game.turns())
    key(app, pygame.K_h)
    assert scene._message is not None
    assert len(scene.session.game.turns()) == history
    move = scene.session.hint()
    if isinstance(move, Play):
        assert scene.hand.hint == move.cards


def test_auto_pass_passes_when_nothing_can_be_played(app: App) -> None:
    scene = start(app, seed=17)
    click(app, scene.auto_pass_toggle.rect.center)
    assert app.ctx.settings.auto_pass
    pilot = Autopilot("beginner", seed=1)

    def stuck(a: App) -> bool:
        session = a.session
        return bool(session and table(a).director.idle and session.human_to_act()
                    and session.game.phase is Phase.PLAY and session.game.move_list() == [PASS])

    for _ in range(3000):
        if stuck(app):
            break
        scene = table(app)
        session = scene.session
        if session.human_to_act() and scene.director.idle and session.game.move_list() != [PASS]:
            pilot.act(scene)
        app.step(1 / 20)
        if isinstance(app.stack.top, ResultScene):
            pytest.skip("the game ended before a forced pass")
    history = len(app.session.game.turns())  # type: ignore[union-attr]
    frames(app, 30)
    assert any(s == app.session.human_seat and m is PASS  # type: ignore[union-attr]
               for s, m, *_ in app.session.game.turns()[history:])  # type: ignore[union-attr]


def test_slow_mode_makes_everything_slower(app: App) -> None:
    scene = start(app)
    before = app.ctx.speed()
    click(app, scene.slow_toggle.rect.center)
    assert app.ctx.settings.slow_mode and app.ctx.speed() > before
    from game.storage.settings import load_settings

    assert load_settings(app.paths.settings_file)[0].slow_mode


@pytest.mark.slow
def test_exchange_the_human_picks_cards_to_give(app: App) -> None:
    pilot = Autopilot("normal", seed=3)
    app.start_match(setup_for("standard", 4, "normal", seed=21))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=pilot)
    result = app.stack.top
    assert isinstance(result, ResultScene)
    click(app, result.widgets.widgets[0].rect.center)
    scene = table(app)
    session = scene.session
    play_until(app, lambda a: table(a).director.idle
               and (session.game.phase is not Phase.EXCHANGE or session.human_to_act()))
    if session.game.phase is not Phase.EXCHANGE:
        pytest.skip("the human is not an upper class in game 2")
    count = session.human_gift_count()
    for cid in scene.hand.cards[:count]:
        click(app, card_center(scene, cid))
    assert scene.play_button.enabled
    chosen = scene.hand.selected
    click(app, scene.play_button.rect.center)
    assert any(isinstance(e, Gift) and e.chosen and (e.giver, e.cards) == (session.human_seat, chosen)
               for e in session.game.history)


def test_menu_opens_with_escape_and_closes(app: App) -> None:
    start(app)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TableScene)
    click(app, table(app).menu_button.rect.center)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.widgets.widgets[0].rect.center)
    assert isinstance(app.stack.top, TableScene)


def test_menu_changes_the_computer_strength_for_the_next_game(app: App) -> None:
    scene = start(app)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    selector = menu.widgets.widgets[2]
    click(app, (selector.rect.right - 5, selector.rect.centery))
    assert scene.session.computer_level() == "normal"


@pytest.mark.slow
def test_window_title_counts_wins_and_games(app: App) -> None:
    app.start_match(setup_for("standard", 4, "beginner", seed=4))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("strong", seed=2))
    run = app.ctx.run
    assert run.games == 1
    caption = pygame.display.get_caption()[0]
    assert caption.endswith(f"{run.wins} {'win' if run.wins == 1 else 'wins'} in 1 game")


@pytest.mark.parametrize(
    ("preset", "players"),
    [("standard", 4), ("akita", 4), ("tournament", 4), ("classic", 5), ("duel5", 2), ("uecda", 5), ("akita", 2),
     ("standard", 7)],
)
@pytest.mark.slow
def test_a_complete_game_of_every_preset_through_the_ui(app: App, preset: str, players: int) -> None:
    app.start_match(setup_for(preset, players, "normal", seed=31))
    banners: list[str] = []
    seen: dict[int, object] = {}  # holds every banner seen, so that no id is reused

    def done(a: App) -> bool:
        top = a.stack.top
        if isinstance(top, TableScene):
            for banner in top.director.banners:
                if id(banner) not in seen:
                    seen[id(banner)] = banner
                    banners.append(banner.text)
        return isinstance(top, ResultScene)

    play_until(app, done, autopilot=Autopilot("normal", seed=5))
    session = app.session
    assert session is not None and session.game.result is not None
    assert sorted(session.game.result.places) == list(range(players))
    assert "Game over" in banners
    assert any(word in text for text in banners for word in (" went out ", "forbidden", "only 8s"))
    from game.storage.stats import StatsStore

    app.writer.flush()
    with StatsStore(app.paths.stats_db) as stats:
        assert stats.count_games() == 1


@pytest.mark.slow
def test_monkey_clicks_and_keys_on_the_table(app: App) -> None:
    """2500 frames of random input on the table; an exception in any scene fails the test (``raise_errors``)."""
    assert app.options.raise_errors
    rng = random.Random(99)
    start(app, seed=41)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_p, pygame.K_h, pygame.K_t,
            pygame.K_ESCAPE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN]
    width, height = app.ctx.size
    for _ in range(2500):
        roll = rng.random()
        if roll < 0.55:
            pos = (rng.randrange(width), rng.randrange(height))
            button = rng.choice([1, 1, 1, 2, 3])
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif roll < 0.9:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=rng.choice(keys), mod=0, unicode=""))
        else:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(width), rng.randrange(height)),
                                                 rel=(0, 0), buttons=(0, 0, 0)))
        app.step(1 / 15)
        assert not isinstance(app.stack.top, ErrorScene)
    assert app.stack.top is not None


def test_resize_relayouts_the_table(app: App) -> None:
    scene = start(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    app.step(1 / 60)
    assert app.ctx.size == (1920, 1080) and scene.layout_now.size == (1920, 1080)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(400, 300), w=400, h=300))
    app.step(1 / 60)
    assert app.ctx.size == (960, 600)


def test_events_reach_the_screen_in_order(app: App) -> None:
    scene = start(app, seed=8)
    seen: list[object] = []
    original = scene.model.apply

    def spy(event: object) -> None:
        seen.append(event)
        original(event)  # type: ignore[arg-type]

    scene.model.apply = spy  # type: ignore[method-assign]
    until_human_turn(app)
    history = [turn.move for turn in scene.session.game.turns()]
    shown = [e.play if isinstance(e, Played) else PASS for e in seen if isinstance(e, (Played, Passed))]
    assert shown == history[: len(shown)] and len(shown) == len(history)


@pytest.mark.slow
def test_an_idle_result_screen_is_not_redrawn_until_input(app: App) -> None:
    from game.ui.app import FPS, IDLE_FPS

    app.start_match(setup_for("standard", 4, "beginner", seed=4))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("normal", seed=2))
    assert app.frame_rate() == FPS  # the game-over banner still fades
    for _ in range(300):
        app.step(1 / 60, always_draw=False)
    draws = app.draws
    for _ in range(120):
        app.step(1 / 60, always_draw=False)
    assert app.draws == draws and app.frame_rate() == IDLE_FPS
    result = app.stack.top
    assert isinstance(result, ResultScene)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=result.widgets.widgets[0].rect.center,
                                                 rel=(0, 0), buttons=(0, 0, 0))
    pygame.event.post(motion)
    app.step(1 / 60, always_draw=False)
    assert app.draws == draws + 1 and result.widgets.widgets[0].hover


def test_the_table_is_redrawn_every_frame_while_computers_play(app: App) -> None:
    from game.ui.app import FPS

    start(app, seed=3)
    frames(app, 2)
    assert not table(app)._human_playing() and app.frame_rate() == FPS
    draws = app.draws
    for _ in range(30):
        app.step(1 / 60, always_draw=False)
    assert app.draws == draws + 30


@pytest.mark.slow
def test_computers_pass_without_a_pause_and_play_briskly_at_the_default_speed(app: App) -> None:
    """Seconds of game time from a computer's turn to the next turn (each frame 1/60 s)."""
    assert app.ctx.settings.animation_speed == "fast"
    app.start_match(setup_for("standard", 7, "beginner", seed=12))
    dt = 1 / 60
    took: dict[str, list[float]] = {"pass": [], "play": []}
    watch: dict[str, float] = {"clock": 0.0, "start": -1.0, "history": 0}

    def done(a: App) -> bool:
        top = a.stack.top
        if not isinstance(top, TableScene):
            return True
        session = top.session
        watch["clock"] += dt
        count = len(session.game.turns())
        if watch["start"] < 0:
            if top.director.idle and session.game.phase is Phase.PLAY and session.computer_to_act():
                watch["start"], watch["history"] = watch["clock"], count
        elif count > watch["history"] and top.director.idle:
            move = session.game.turns()[int(watch["history"])].move
            took["pass" if move is PASS else "play"].append(watch["clock"] - watch["start"])
            watch["start"] = -1.0
        return len(took["pass"]) >= 15 and len(took["play"]) >= 15

    play_until(app, done, autopilot=Autopilot("normal", seed=4), dt=dt)
    passes, plays = sorted(took["pass"]), sorted(took["play"])
    assert passes[len(passes) // 2] <= 0.25, passes
    assert plays[len(plays) // 2] <= 0.6, plays


@pytest.mark.slow
def test_skip_to_the_result_once_the_player_is_out(app: App) -> None:
    app.start_match(setup_for("standard", 6, "beginner", seed=9))
    pilot = Autopilot("strong", seed=1)

    def out(a: App) -> bool:
        top = a.stack.top
        if isinstance(top, ResultScene):
            return True
        return isinstance(top, TableScene) and top.director.idle and top.skip_button.visible

    play_until(app, out, autopilot=pilot)
    if isinstance(app.stack.top, ResultScene):
        pytest.skip("the player went out last")
    scene = table(app)
    assert not scene.play_button.visible and not scene.pass_button.visible
    click(app, scene.skip_button.rect.center)
    assert scene.skipping
    frames_run = play_until(app, lambda a: isinstance(a.stack.top, ResultScene), dt=1 / 60)
    assert frames_run < 150  # the rest of the game in under 2.5 s of frames: no pauses, no flights
    app.stack.top.widgets.widgets[0].activate()  # type: ignore[union-attr]
    assert not table(app).skipping and not table(app).skip_button.visible


def test_the_tracker_shows_the_cards_not_played_yet_and_marks_the_players_own(app: App) -> None:
    scene = start(app, seed=6)
    scene = until_human_can_play(app)
    drawn: list[tuple[int, int]] = []
    original = scene.painter.tracker

    def spy(surface: pygame.Surface, layout: object, played: int, jokers: int, own: int = 0) -> None:
        drawn.append((played, own))
        original(surface, layout, played, jokers, own)  # type: ignore[arg-type]

    scene.painter.tracker = spy  # type: ignore[method-assign]
    key(app, pygame.K_t)
    assert app.ctx.settings.show_tracker and drawn
    played, own = drawn[-1]
    assert own == scene.model.hand and own & played == 0
    assert app.ctx.t("tracker.title") == "Cards not played yet"


def test_after_a_play_the_grey_button_under_the_pointer_gives_no_reason_until_pointed_at_anew(app: App) -> None:
    scene = start(app, seed=11)
    scene = until_human_can_play(app)
    play = next(m for m in scene.session.game.move_list() if isinstance(m, Play))
    scene.hand.selected = play.cards
    move_to(app, scene.play_button.rect.center)
    assert scene.play_button.enabled and scene._hover_refusal() is None
    click(app, scene.play_button.rect.center)  # the pointer stays on Play, which turns grey
    assert last_human_action(app) == play
    frames(app, 3)
    assert not scene.play_button.enabled
    assert scene._hover_refusal() is None, "a correct play is not answered by a refusal"
    move_to(app, (scene.play_button.rect.left - 40, scene.play_button.rect.top - 40))
    move_to(app, scene.play_button.rect.center)  # pointed at anew: now it says why
    assert scene._hover_refusal() == scene.play_refusal() is not None


def test_hint_then_enter_plays_the_hint(app: App) -> None:
    scene = start(app, seed=13)
    for _ in range(40):
        scene = until_human_can_play(app)
        hint = scene.session.hint()
        if isinstance(hint, Play):
            break
        scene.pass_turn()
    assert isinstance(hint, Play)
    history = len(scene.session.game.history)
    key(app, pygame.K_h)
    assert scene.hand.hint == hint.cards and scene.hand.selected == hint.cards
    key(app, pygame.K_RETURN)
    played = scene.session.game.history[history]
    assert isinstance(played, Turn) and played.move == hint


@pytest.mark.slow
def test_enter_pressed_as_the_result_opens_does_not_choose_next_game(app: App) -> None:
    """The player skips to the result; the result opens at once; an Enter pressed a moment later (meant for
    the table) does not deal the next game: the result stays until a key after it was shown."""
    app.start_match(setup_for("standard", 6, "beginner", seed=9))
    pilot = Autopilot("strong", seed=1)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene) or (
        isinstance(a.stack.top, TableScene) and table(a).director.idle and table(a).skip_button.visible),
        autopilot=pilot)
    if isinstance(app.stack.top, ResultScene):
        pytest.skip("the player went out last")
    key(app, pygame.K_RETURN)  # skip to the result
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), dt=1 / 60)
    result = app.stack.top
    games = len(table_scene_session(app).match.games)
    key(app, pygame.K_RETURN)  # pressed again, for the table
    frames(app, 3, dt=1 / 60)
    key(app, pygame.K_RETURN)
    assert app.stack.top is result and len(table_scene_session(app).match.games) == games
    frames(app, 30, dt=1 / 60)
    key(app, pygame.K_RETURN)  # now the result has been seen: Enter deals the next game
    assert isinstance(app.stack.top, TableScene) and len(table_scene_session(app).match.games) == games + 1


def table_scene_session(app: App) -> Session:
    assert app.session is not None
    return app.session


def test_the_window_title_counts_a_second_place_as_no_loss(app: App) -> None:
    summaries: list[GameSummary] = []
    original = app.recorder.game_over

    def keep(summary: GameSummary) -> None:
        summaries.append(summary)
        original(summary)

    app.recorder.game_over = keep  # type: ignore[method-assign]
    app.start_match(setup_for("standard", 4, "beginner", seed=4))
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("strong", seed=2))
    app.ctx.run.wins = app.ctx.run.games = 0
    for place in (1, 2, 1):  # 2nd, 3rd and 2nd
        app._game_over(replace(summaries[0], place=place))
    frames(app)
    caption = pygame.display.get_caption()[0]
    assert "lost" not in caption and caption.endswith("0 wins in 3 games"), caption
    app.ctx.update_settings(language="ja")
    frames(app)
    assert pygame.display.get_caption()[0].endswith("3戦0勝")


@pytest.mark.slow
def test_the_cards_handed_to_the_player_are_marked_and_logged_by_name(app: App) -> None:
    """Game 2: the cards the player received are marked in the hand until it plays, and every exchange line the
    player may read names its cards (the strongest cards a poor player hands over included)."""
    app.start_match(setup_for("standard", 4, "normal", seed=21))
    pilot = Autopilot("normal", seed=3)
    play_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=pilot)
    app.stack.top.widgets.widgets[0].activate()  # type: ignore[union-attr]
    scene = table(app)
    session = scene.session
    human = session.human_seat
    drawn: list[int] = []
    original = scene.painter.hand

    def spy(surface: pygame.Surface, layout: object, view: object, hidden: int, dim: int, active: bool,
            received: int = 0) -> None:
        drawn.append(received)
        original(surface, layout, view, hidden, dim, active, received)  # type: ignore[arg-type]

    scene.painter.hand = spy  # type: ignore[method-assign]
    play_until(app, lambda a: table(a).director.idle and session.game.phase is Phase.PLAY and session.human_to_act(),
               autopilot=pilot)
    gifts = [(e.giver, e.receiver, e.cards) for e in session.game.history
             if isinstance(e, Gift) and e.receiver >= 0 and human in (e.giver, e.receiver)]
    if not gifts:
        pytest.skip("the player took no part in the exchange")
    received = 0
    for _, receiver, cards in gifts:
        if receiver == human:
            received |= cards
    received &= session.game.hands[human]
    app.step(1 / 60)
    assert scene.model.received == received and drawn[-1] == received
    lines = [line_for(e, scene.words())[0] for e in scene.director.log.events if isinstance(e, Exchanged)]
    for *_, cards in gifts:
        assert any(format_symbols(cards) in line for line in lines), (lines, format_symbols(cards))
    if received:
        play = next((m for m in session.game.move_list() if isinstance(m, Play)), None)
        if play is not None:
            scene.hand.selected = play.cards
            scene.play_selected()
            play_until(app, lambda a: table(a).director.idle)
            assert scene.model.received == 0


def test_a_refusal_said_while_waiting_goes_when_the_players_turn_comes(app: App) -> None:
    """P pressed while the computers play says "Wait for your turn."; it does not stay on into the turn."""
    start(app, seed=3)
    scene = until_human_can_play(app)
    scene.submit_play(next(m for m in scene.session.game.move_list() if isinstance(m, Play)))
    frames(app, 1, dt=1 / 60)
    if scene._human_playing():
        pytest.skip("the turn came back at once")
    key(app, pygame.K_p)
    assert scene._message is not None and scene._message[0] == "Wait for your turn."
    scene = until_human_turn(app)
    app.step(1 / 60)
    assert scene._message is None
