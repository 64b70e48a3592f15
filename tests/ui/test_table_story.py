"""The table tells the story, driven headless with real pygame events: who played, what a joker stands
for, the play log and its scrolling, the thinking sign, the stock the refills come from, the 8-cut's
celebration and its clear."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import Phase, Play
from game.engine.cards import RANK_8, parse_cards
from game.engine.events import (
    DrawSource,
    Drew,
    EightCut,
    Event,
    Finished,
    LeadReason,
    Played,
    Revolution,
    SevenPass,
    Started,
    TenDiscard,
    TrickCleared,
)
from game.engine.plays import readings
from game.engine.rules import FirstLeader
from game.i18n import Translator
from game.session import Session
from game.ui.app import App
from game.ui.card_art import card_height
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot, find_position, headless_app, play_until, setup_for
from game.ui.table import banners
from game.ui.table.banners import LEAD_CARDS, Words
from game.ui.table.log import FOLLOW_AFTER, joker_text, line_for

from .spying import texts_drawn

DT = 1 / 30


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = headless_app((960, 600), home=tmp_path, language="en")
    yield application
    application.close()


def table(app: App) -> TableScene:
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    return scene


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def wheel(app: App, pos: tuple[int, int], dy: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                                         precise_y=float(dy)))
    app.step(1 / 60)


def open_at(app: App, session: Session | None) -> TableScene:
    assert session is not None
    app.session = session
    app.stack.reset(TableScene(app.ctx, session))
    return table(app)


def play_by_clicks(app: App, scene: TableScene, play: Play) -> None:
    """Select ``play``'s cards and press Play, as a player does."""
    for cid, rect in scene.hand.rects(scene.layout_now):
        if play.cards >> cid & 1:
            click(app, (rect.left + 6, rect.top + 10))
    assert scene.hand.selected == play.cards
    click(app, scene.play_button.rect.center)


def felt_differs(app: App, rect: pygame.Rect) -> bool:
    """Is something drawn over the felt inside ``rect``?"""
    felt = table(app).painter.felt(app.screen.get_size())
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB") != pygame.image.tobytes(
        felt.subsurface(rect), "RGB")


def test_who_played_and_what_a_joker_stands_for() -> None:
    play = next(p for p in readings(parse_cards("5S 6S JK"), sequence_min=3) if p.rank == 2)  # 5♠ 6♠ 7♠
    assert joker_text(play) == "♠7"
    assert joker_text(next(iter(readings(parse_cards("JK"))))) == ""  # a lone joker is just the joker
    text, tone = line_for(Played(1, play), Words(Translator("en"), lambda s: f"P{s}"))
    assert text == "P1: ♠5 ♠6 JOKER (JOKER = ♠7)" and tone == "play"


def thinking(app: App) -> bool:
    """Is the table showing that a computer is deciding?"""
    think = table(app)._think
    return think is not None and not think.done


def test_the_thinking_sign_shows_on_the_deciding_seat_and_the_log_follows_the_game(app: App) -> None:
    app.start_match(setup_for("standard", 4, "beginner", seed=5))
    scene = table(app)
    pilot = Autopilot("beginner", seed=1)
    play_until(app, thinking, autopilot=pilot)
    seat = scene.session.game.turn
    app.step(DT)
    assert felt_differs(app, scene.layout_now.spots[seat].bubble)  # the "Thinking…" sign
    others = [s for s in scene.layout_now.spots if s != seat and not scene.model.seats[s].passed]
    assert all(not felt_differs(app, scene.layout_now.spots[s].bubble) for s in others)
    # Play on until the log holds more lines than it shows; every play of the game is in it, in order.
    play_until(app, lambda a: len(table(a).director.log.events) > table(a).director.log.visible + 4
               and table(a).director.idle and a.session is not None and a.session.human_to_act(), autopilot=pilot)
    logged = [(e.seat, e.play) for e in scene.director.log.events if isinstance(e, Played)]
    plays = [(t.seat, t.move) for t in scene.session.game.turns() if isinstance(t.move, Play)]
    assert logged == plays
    log = scene.director.log
    assert log.scroll == 0
    wheel(app, scene.layout_now.log.center, 1)  # wheel up over the log: older lines
    assert log.scroll == 2
    shown = log.window(log.visible)
    assert shown[-1] is not log.events[-1]
    wheel(app, scene.layout_now.log.center, -5)
    assert log.scroll == 0
    wheel(app, scene.layout_now.hand_area.center, 1)  # elsewhere the wheel leaves the log alone
    assert log.scroll == 0


def test_refills_come_from_the_players_own_stock(app: App) -> None:
    app.start_match(setup_for("duel5", 2, "beginner", seed=3, first_leader=0))
    scene = table(app)
    play_until(app, lambda a: table(a).director.idle and a.session is not None and a.session.human_to_act()
               and a.session.game.phase is Phase.PLAY)
    play = next(m for m in scene.session.game.move_list() if isinstance(m, Play))
    play_by_clicks(app, scene, play)
    human = scene.session.human_seat
    play_until(app, lambda a: isinstance(table(a).director.current, Drew), dt=1 / 60)
    event = scene.director.current
    assert isinstance(event, Drew) and event.seat == human and event.source is DrawSource.STOCK
    layout = scene.layout_now
    assert layout.human_stock is not None
    x, y = layout.stock_point(human)
    flight = scene.director.flights[-1]
    start = flight.starts[0]
    center = (start[0] + flight.width / 2, start[1] + card_height(flight.width) / 2)
    assert abs(center[0] - x) < 2 and abs(center[1] - y) < 2 and layout.human_stock.collidepoint(center)
    assert not layout.trick.collidepoint(center)  # not from the middle of the table any more
    app.step(DT)
    assert felt_differs(app, layout.human_stock)  # the stock is drawn as a face-down pile


def test_an_eight_cut_celebrates_and_sweeps_the_old_trick_under_the_new_one(app: App) -> None:
    def eight_to_play(s: Session) -> bool:
        game = s.game
        return game.phase is Phase.PLAY and game.turn == s.human_seat and game.top is not None and any(
            isinstance(m, Play) and m.rank == RANK_8 and m.kind == 1 for m in game.move_list())

    session = next(filter(None, (find_position(setup_for("standard", 4, seed=seed), eight_to_play,
                                               worker=app.ctx.worker) for seed in range(1, 40))))
    scene = open_at(app, session)
    app.step(DT)
    eight = next(m for m in session.game.move_list() if isinstance(m, Play) and m.rank == RANK_8 and m.kind == 1)
    play_by_clicks(app, scene, eight)
    director = scene.director
    play_until(app, lambda a: isinstance(director.current, EightCut), dt=1 / 60)
    assert director.flashes and director.bursts and director.banners[-1].big
    app.step(DT)
    assert director.banners[-1].grow > 0.45  # springs in
    play_until(app, lambda a: isinstance(director.current, TrickCleared), dt=1 / 60)
    sweep = [f for f in director.flights if f.fade]
    assert sweep and all(f.under for f in sweep)
    for x, y in (pos for f in sweep for pos in f.ends):  # the old cards stay in the middle of the table
        assert scene.layout_now.messages.top > y and scene.layout_now.log.right < x
    seen_new_play_during_sweep = False
    for _ in range(200):
        app.step(1 / 60)
        if any(f.fade for f in director.flights) and (scene.model.trick or any(not f.fade for f in director.flights)):
            seen_new_play_during_sweep = True
        if not director.bursts and not director.flashes and not any(f.fade for f in director.flights):
            break
    assert not seen_new_play_during_sweep
    assert not director.bursts and not director.flashes  # the celebration ended by itself


def test_the_big_moments_are_the_ones_celebrated() -> None:
    words = Words(Translator("en"), lambda s: f"P{s}", human=0)

    def moment(event: Event) -> tuple[str | None, int] | None:
        spec = banners.banner_for(event, words)
        return None if spec is None else (spec.celebration, spec.seat)

    assert moment(Revolution(0, True)) == ("revolution", 0)
    assert moment(EightCut(2)) == ("eight_cut", 2)
    assert moment(Finished(1, 0)) == ("first", 1)
    assert moment(Finished(1, 1)) == (None, 1)


def test_the_leader_line_names_the_rules_card_and_speaks_to_the_player() -> None:
    names = ["You", "CPU 1", "CPU 2", "CPU 3"].__getitem__
    spade = Words(Translator("en"), names, human=0, lead_card=LEAD_CARDS[FirstLeader.SPADE3])
    assert line_for(Started(0, LeadReason.SPADE3), spade)[0] == "You hold the ♠3 and lead"
    assert line_for(Started(2, LeadReason.SPADE3), spade)[0] == "CPU 2 holds the ♠3 and leads"
    assert line_for(Started(1, LeadReason.FIRST_LEADER), spade)[0] == "CPU 1 holds the ♠3 and leads"
    diamond = Words(Translator("en"), names, human=0, lead_card=LEAD_CARDS[FirstLeader.DIAMOND3])
    assert line_for(Started(0, LeadReason.FIRST_LEADER), diamond)[0] == "You hold the ♦3 and lead"
    assert line_for(Drew(0, 0, DrawSource.PILE, 1), diamond)[0] == "You draw 1 from the pile"


def test_the_first_log_line_of_a_spade3_game_is_about_the_spade3(app: App) -> None:
    app.start_match(setup_for("standard", 4, "beginner", seed=3))  # the common rules: the ♠3 leads
    scene = table(app)
    play_until(app, lambda a: any(isinstance(e, Started) for e in table(a).director.log.events))
    started = next(e for e in scene.director.log.events if isinstance(e, Started))
    text, _ = line_for(started, scene.words())
    assert "♠3" in text and "♦3" not in text and "You holds" not in text
    app.ctx.update_settings(language="ja")
    assert "♠3" in line_for(started, scene.words())[0]


def test_the_log_follows_the_game_again_after_the_reader_scrolled(app: App) -> None:
    app.start_match(setup_for("standard", 4, "beginner", seed=5))
    scene = table(app)
    pilot = Autopilot("beginner", seed=1)
    play_until(app, lambda a: len(table(a).director.log.events) > table(a).director.log.visible + 4, autopilot=pilot)
    log = scene.director.log
    wheel(app, scene.layout_now.log.center, 1)
    assert log.scroll > 0
    count = len(log.events)
    play_until(app, lambda a: len(log.events) > count + 2, autopilot=pilot)
    assert log.scroll > 0  # the reader's lines stay in view a while
    waited = 0.0
    while waited < FOLLOW_AFTER + 1:
        scene.session.wait_for_decision(30)
        pilot.act(scene)
        app.step(DT)
        waited += DT
        if isinstance(app.stack.top, ResultScene):
            break
    assert log.scroll == 0 and log.window(log.visible)[-1] is log.events[-1]  # following the game again


def test_a_ten_discard_says_which_cards_and_a_long_line_stays_in_the_panel(app: App) -> None:
    words = Words(Translator("en"), ["You", "CPU 1", "CPU 2", "CPU 3"].__getitem__, human=0)
    text, _ = line_for(TenDiscard(2, parse_cards("4S 9H")), words)
    assert text == "CPU 2: 10-discard ♠4 ♥9"
    app.start_match(setup_for("standard", 4, "beginner", seed=5))
    scene = table(app)
    layout = scene.layout_now
    painter, size = scene.painter, 12
    pad = 8
    width = layout.log.width - 2 * pad
    long = line_for(SevenPass(1, 2, 0, 2), words)[0] + " " + line_for(TenDiscard(3, parse_cards("4S 9H 2C")), words)[0]
    rows = painter.log_rows(long, size, width, 10, True)
    assert len(rows) == 2 and rows[1][1] == 10
    assert all(app.ctx.text.size(text, size, bold=True)[0] + indent <= width for text, indent in rows)


def test_the_players_own_moments_are_the_big_ones_and_effects_can_be_reduced(app: App) -> None:
    app.start_match(setup_for("standard", 4, "beginner", seed=5))
    scene = table(app)
    play_until(app, lambda a: table(a).director.idle)
    director, human = scene.director, scene.session.human_seat
    computer = (human + 1) % 4

    def shown(event: Event) -> tuple[int, int, bool]:
        play_until(app, lambda a: director.idle, dt=1 / 60)
        director.flashes.clear()
        director.bursts.clear()
        director.feed([event])
        app.step(1 / 60)
        assert director.current is event
        particles = sum(len(b.particles) for b in director.bursts)
        return len(director.flashes), particles, bool(director.banners) and director.banners[-1].big

    for event in (EightCut(computer), Revolution(computer, True), Finished(computer, 0)):
        flashes, particles, big = shown(event)
        assert flashes == 0 and 0 < particles <= 20 and not big, event  # a computer's moment: a small burst
        assert all(b.style == "sparks" for b in director.bursts)
    for event in (EightCut(human), Revolution(human, True), Finished(human, 0)):
        flashes, particles, big = shown(event)
        assert flashes == 1 and particles >= 40 and big, event
    assert director.bursts[-1].style == "confetti"  # going out 1st
    app.ctx.update_settings(reduce_effects=True)
    for event in (EightCut(human), Revolution(human, True), Finished(human, 0)):
        assert shown(event) == (0, 0, False), event


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_trackers_words_stay_inside_its_panel_clear_of_the_jokers(app: App, size: tuple[int, int],
                                                                      language: str) -> None:
    app.ctx.update_settings(language=language)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
    app.start_match(setup_for("standard", 4, "beginner", seed=5))
    scene = table(app)
    app.step(DT)
    layout = scene.layout_now
    surface = app.screen.copy()
    texts = texts_drawn(app, lambda: scene.painter.tracker(surface, layout, 0, 2, scene.model.hand))
    panel = layout.tracker
    assert all(panel.contains(rect) for _, rect in texts), [(t, r) for t, r in texts if not panel.contains(r)]
    key = next(rect for text, rect in texts if text.startswith(app.ctx.t("tracker.yours")[:2]))
    heading = next(rect for text, rect in texts if text.startswith(app.ctx.t("tracker.title")[:2]))
    assert key.top > heading.bottom  # on a row of its own, not beside the jokers of the top row
