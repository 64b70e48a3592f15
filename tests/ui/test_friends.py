"""Play with friends through the real UI loop, headless: host from the new-game screen, a scripted friend joins
from another connection, one game is played; the host's leaving is told to the friend."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine.record import parse_record, replay
from game.network.friends.bots import BotResult, run_bot
from game.network.friends.client import Connection, Link, url_of
from game.network.friends.discovery import Finder
from game.network.friends.messages import Closing, Hello, Reaction, Stamp
from game.network.friends.remote import RemoteSession
from game.setups import default_setup
from game.storage.paths import AppPaths
from game.ui.app import App, AppOptions
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.scenes.friends import JoinScene, LobbyScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.replay_viewer import ReplayViewerScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scenes.title import TitleScene
from game.ui.scripted import Autopilot
from tests.network.friends.helpers import FAST, running_server, wait_item

DT = 1 / 30
LIMIT = 90.0


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(AppOptions(headless=True, worker_mode="inline", paths=AppPaths.under(tmp_path / "home"),
                                 windowed_size=(1280, 720), raise_errors=True))
    application.friends_bind, application.friends_port = "127.0.0.1", 0
    application.friends_announce, application.friends_pause = False, 0.0
    application.ctx.update_settings(language="en")
    application.show_title()
    application.step(DT)
    yield application
    application.close()


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)


def key(app: App, code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode=""))
    app.step(DT)


def run_until(app: App, done: object, autopilot: Autopilot | None = None, frames: int = 20_000) -> None:
    """Frames until ``done(app)``: at most ``frames`` of them and ``LIMIT`` seconds."""
    deadline = time.monotonic() + LIMIT
    for _ in range(frames):
        if done(app):  # type: ignore[operator]
            return
        assert time.monotonic() < deadline, "timed out"
        top = app.stack.top
        if autopilot is not None and isinstance(top, TableScene):
            autopilot.act(top)
        app.step(DT)
        threading.Event().wait(0.002)  # let the network threads run
    raise AssertionError("the expected screen did not come")


@pytest.mark.slow
def test_host_from_the_new_game_screen_a_friend_joins_and_a_game_is_played(app: App) -> None:
    app.show_new_game()
    app.step(DT)
    screen = app.stack.top
    assert isinstance(screen, NewGameScene)
    click(app, screen.host_button.rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda a: lobby.remote.welcome is not None and lobby.remote.lobby is not None)
    welcome = lobby.remote.welcome
    assert welcome is not None and welcome.owner
    assert app.hosting is not None
    friend = Connection(url_of("127.0.0.1", app.hosting.port), Hello("Aki", welcome.code)).start()
    result: list[BotResult] = []
    bot = threading.Thread(target=lambda: result.append(run_bot(friend, "beginner", seed=3, timeout=LIMIT)),
                           daemon=True)
    bot.start()
    run_until(app, lambda a: lobby.remote.lobby is not None
              and any(s.name == "Aki" for s in lobby.remote.lobby.seats))
    app.step(DT)
    click(app, lobby.start_button.rect.center)
    run_until(app, lambda a: isinstance(a.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene)
    names = [table.seat_name(seat) for seat in range(table.session.state.n)]
    assert "Aki" in names and "You" in names
    aki = names.index("Aki")
    assert table.seat_level(aki) == "connected"
    assert {table.seat_level(s) for s in range(len(names)) if names[s] not in ("Aki", "You")} == \
        {"Normal"}, "a computer's seat shows its level, as at home"
    run_until(app, lambda a: isinstance(a.stack.top, ResultScene), autopilot=Autopilot("beginner", seed=1))
    standings = table.session.standings()
    assert len(standings.results) == 1
    # the statistics keep it as a network game, with a record that replays with the places of the table
    app.writer.flush()
    assert app.ctx.stats is not None
    games = app.ctx.stats.recent_games()
    assert len(games) == 1 and games[0].strength == "network" and games[0].has_record
    record = app.ctx.stats.game_record(games[0].id)
    assert record is not None
    replayed = replay(parse_record(record))
    assert replayed.games[0].result == standings.results[0].result
    app.show_replay(record, table.session.human_seat)
    app.step(DT)
    assert isinstance(app.stack.top, ReplayViewerScene)
    app.stack.pop()
    # the host quits: the friend is told plainly, and the match is saved here to be hosted again
    app.show_title()
    bot.join(LIMIT)
    assert result and result[0].seat.status.link is Link.GONE
    assert result[0].seat.status.closing is Closing.HOST_LEFT
    saved = list((app.paths.data_dir / "hosted").glob("hosted-*.json"))
    assert len(saved) == 1
    friend.close()
    # and it can be hosted again from the new-game screen: the same match, where it was
    app.show_new_game()
    app.step(DT)
    screen = app.stack.top
    assert isinstance(screen, NewGameScene) and screen.host_saved_button.visible
    click(app, screen.host_saved_button.rect.center)
    again = app.stack.top
    assert isinstance(again, LobbyScene)
    run_until(app, lambda a: again.remote.lobby is not None)
    lobby_seats = again.remote.lobby
    assert lobby_seats is not None and lobby_seats.seats[0].name == "Host"
    assert not saved[0].exists()


def host_and_wait(app: App) -> LobbyScene:
    """Host a table from the new-game screen; its lobby once the host's own seat is in."""
    app.show_new_game()
    app.step(DT)
    screen = app.stack.top
    assert isinstance(screen, NewGameScene)
    click(app, screen.host_button.rect.center)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda a: lobby.remote.welcome is not None and lobby.remote.lobby is not None)
    return lobby


def host_with_friend(app: App) -> tuple[TableScene, Connection]:
    """Host a table, a friend (Aki: a bare connection that never acts) joins, the host starts it: the card table and
    the friend's connection (to close)."""
    lobby = host_and_wait(app)
    welcome = lobby.remote.welcome
    assert welcome is not None and app.hosting is not None
    friend = Connection(url_of("127.0.0.1", app.hosting.port), Hello("Aki", welcome.code)).start()
    try:
        run_until(app, lambda a: lobby.remote.lobby is not None
                  and any(s.name == "Aki" for s in lobby.remote.lobby.seats))
        click(app, lobby.start_button.rect.center)
        run_until(app, lambda a: isinstance(a.stack.top, TableScene))
    except BaseException:
        friend.close()
        raise
    table = app.stack.top
    assert isinstance(table, TableScene)
    return table, friend


def test_leaving_a_hosted_table_asks_first(app: App) -> None:
    """The host's leaving closes the table for everyone: the lobby's Back, the menu's Quit and the window's close
    button ask first; No keeps the table, Yes closes it and saves the match."""
    lobby = host_and_wait(app)
    click(app, lobby.back_button.rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmDialog) and "Close the table" in question.title()  # type: ignore[operator]
    click(app, question.no_button.rect.center)
    assert app.stack.top is lobby and app.hosting is not None
    click(app, lobby.start_button.rect.center)
    run_until(app, lambda a: isinstance(a.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(30):  # keys pressed just as a new screen opens are dropped: the player sees it first
        app.step(DT)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.widgets.widgets[-1].rect.center)  # Quit
    question = app.stack.top
    assert isinstance(question, ConfirmDialog) and "saved" in question.text()  # type: ignore[operator]
    key(app, pygame.K_ESCAPE)  # no
    assert app.hosting is not None and not isinstance(app.stack.top, ConfirmDialog)
    if isinstance(app.stack.top, MenuScene):
        app.stack.pop()
    app.request_quit()  # the window's close button
    question = app.stack.top
    assert isinstance(question, ConfirmDialog) and question.quit_question
    app.stack.pop()
    assert app.stack.top is table and app.hosting is not None and app.running
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, menu.widgets.widgets[-1].rect.center)
    question = app.stack.top
    assert isinstance(question, ConfirmDialog)
    click(app, question.yes_button.rect.center)
    assert app.hosting is None and isinstance(app.stack.top, TitleScene)
    assert len(list((app.paths.data_dir / "hosted").glob("hosted-*.json"))) == 1


@pytest.mark.slow
def test_reaction_stamps_are_buttons_at_the_table_reached_by_mouse_and_keyboard(app: App) -> None:
    """Five stamp buttons at a table for friends: a click or Tab then Enter sends one to the table; after one the
    buttons wait a second, as the server would drop a faster one."""
    app.ctx.update_settings(rule_help=False)  # a rule's help bubble, shown when the game brings its rule, takes Tab
    table, friend = host_with_friend(app)
    try:
        for _ in range(30):
            app.step(DT)
        stamps = table.stamp_buttons
        assert [b.label() for b in stamps] == ["1  Nice!", "2  Sorry!", "3  Wow!", "4  Thanks!",  # type: ignore[operator]
                                               "5  Hurry up!"]
        screen = pygame.Rect((0, 0), app.ctx.size)
        assert all(b.visible and screen.contains(b.rect) for b in stamps)
        click(app, stamps[0].rect.center)
        reaction = wait_item(friend, Reaction)
        assert isinstance(table.session, RemoteSession)
        assert (reaction.player, reaction.stamp) == (table.session.me, Stamp.NICE)
        assert not stamps[1].enabled, "one a second"
        key(app, pygame.K_2)  # the key waits too
        for _ in range(40):  # more than a second of frames (and of the server's clock)
            app.step(DT)
            threading.Event().wait(DT)
        assert stamps[1].enabled
        key(app, pygame.K_TAB)
        key(app, pygame.K_TAB)
        assert table.widgets.widgets[table.widgets.focus] is stamps[1]
        key(app, pygame.K_RETURN)
        reaction = wait_item(friend, Reaction)
        assert reaction.stamp is Stamp.SORRY, "the key 2 pressed too soon was not sent"
        key(app, pygame.K_LEFT)  # a key of the hand leaves the stamps
        assert table.widgets.focus == -1
    finally:
        friend.close()


def test_a_table_is_created_on_a_dedicated_server_from_the_join_screen(app: App) -> None:
    """Join screen → address and port of a server → Create a table here → the rules and seats as for hosting →
    the lobby with the code to share; a friend joins with it, the match is played on the server.  Leaving it asks
    first, and the server plays on with a computer in the seat."""
    with running_server(limits=FAST) as (thread, url):
        port = int(url.rsplit(":", 1)[1].strip("/"))
        join = JoinScene(app.ctx, finder=Finder(interfaces=["127.0.0.1"]))  # never started: no multicast here
        app.stack.push(join)
        app.step(DT)
        join.address, join.port, join.name = "127.0.0.1", str(port), "Mio"
        click(app, join.create_button.rect.center)
        screen = app.stack.top
        assert isinstance(screen, NewGameScene) and screen.server == ("127.0.0.1", port, "Mio")
        assert not screen.host_button.visible and screen.start_button.label() == "Create the table"  # type: ignore[operator]
        screen.select_mode("classic")
        app.step(DT)
        click(app, screen.start_button.rect.center)
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda a: lobby.remote.welcome is not None and lobby.remote.lobby is not None)
        welcome = lobby.remote.welcome
        assert welcome is not None and welcome.owner and welcome.table.preset == "classic"
        assert lobby.addresses == [f"127.0.0.1:{port}"]
        assert list(thread.tables()) == [welcome.code] and app.hosting is None
        friend = Connection(url, Hello("Aki", welcome.code)).start()
        result: list[BotResult] = []
        bot = threading.Thread(target=lambda: result.append(run_bot(friend, "beginner", seed=3, timeout=LIMIT)),
                               daemon=True)
        bot.start()
        try:
            run_until(app, lambda a: lobby.remote.lobby is not None
                      and any(s.name == "Aki" for s in lobby.remote.lobby.seats))
            click(app, lobby.start_button.rect.center)
            run_until(app, lambda a: isinstance(a.stack.top, TableScene))
            table = app.stack.top
            assert isinstance(table, TableScene)
            assert "Aki" in [table.seat_name(seat) for seat in range(table.session.state.n)]
            for _ in range(30):
                app.step(DT)
            key(app, pygame.K_ESCAPE)
            menu = app.stack.top
            assert isinstance(menu, MenuScene)
            click(app, menu.widgets.widgets[-1].rect.center)  # Quit
            question = app.stack.top
            assert isinstance(question, ConfirmDialog) and "computer" in question.text()  # type: ignore[operator]
            click(app, question.yes_button.rect.center)
            assert isinstance(app.stack.top, TitleScene)
            bot.join(LIMIT)
            assert result and result[0].over is not None, "the friend played the match to its end"
        finally:
            friend.close()


@pytest.mark.slow
def test_the_screenshots_show_play_with_friends(tmp_path: Path) -> None:
    """``--screenshot`` draws the lobby (host and friend), the card table of a hosted match, the Join screen and a
    table to create on a server (all on 127.0.0.1)."""
    from game.ui.screenshots.friends import friends_screens
    from game.ui.scripted import headless_app

    app = headless_app((960, 600), home=tmp_path / "home", language="ja")
    (tmp_path / "shots").mkdir()
    try:
        written = friends_screens(app, tmp_path / "shots", "ja")
    finally:
        app.close()
    assert [p.name for p in written] == ["lobby-host-ja.png", "network-table-ja.png", "lobby-guest-ja.png",
                                         "join-ja.png", "create-on-server-ja.png"]
    assert all(pygame.image.load(str(p)).get_size() == (960, 600) for p in written)


def test_a_hosted_table_opens_on_its_deal_and_draws_a_change_that_has_no_animation(app: App) -> None:
    """The match's first deal is animated as at a local table (the table once opened on a frame with no cards
    when the host led, and the waiting loop never drew it again); a change shown with no animation is drawn."""
    lobby = host_and_wait(app)
    click(app, lobby.start_button.rect.center)
    run_until(app, lambda a: isinstance(a.stack.top, TableScene))
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert [type(e).__name__ for e in table.session.past_events()[:2]] == ["Dealt", "Started"]
    run_until(app, lambda a: table._human_playing() and table.frame_rate() == 0)
    table.model.hand = 0  # as before a whole view arrives
    table.update(0.0)
    assert table.model.hand and table.frame_rate() > 0, "drawn at the next frame"
    table.draw(app.screen)
    assert table.frame_rate() == 0


def test_start_lost_with_a_dropped_connection_can_be_pressed_again(app: App) -> None:
    """The owner of a table on a server presses Start just as the connection drops: the Start is lost with it, and
    once the connection is back the button works again (it once stayed grey for good)."""
    with running_server(limits=FAST) as (_, url):
        port = int(url.rsplit(":", 1)[1].strip("/"))
        app.create_table("127.0.0.1", port, "Mio", default_setup(), "beginner")
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        run_until(app, lambda a: lobby.remote.welcome is not None and lobby.remote.lobby is not None)
        app.step(DT)
        lobby.remote.conn.kill()  # the socket is cut...
        click(app, lobby.start_button.rect.center)  # ...as the owner presses Start
        run_until(app, lambda a: lobby.remote.status.link is Link.RECONNECTING)
        run_until(app, lambda a: lobby.remote.status.link is Link.ONLINE and lobby.remote.lobby is not None)
        for _ in range(10):
            app.step(DT)
        if isinstance(app.stack.top, LobbyScene):  # the Start was lost (it is, unless the socket was slower)
            lobby.start_button.refresh()
            assert lobby.start_button.enabled, "Start can be pressed again once the connection is back"
            click(app, lobby.start_button.rect.center)
        run_until(app, lambda a: isinstance(a.stack.top, TableScene))


def test_a_friends_connection_state_is_drawn_when_it_changes_at_an_idle_table(app: App) -> None:
    """The table waits (nothing moves, no frames are drawn) and a friend's connection drops: the seat's new state
    is drawn at once, not when the player next touches a key or the mouse."""
    table, friend = host_with_friend(app)
    try:
        remote = table.session
        assert isinstance(remote, RemoteSession)
        aki = next(s for s in range(remote.state.n) if table.seat_name(s) == "Aki")

        def idle(a: App) -> bool:
            a.step(DT, always_draw=False)
            return table.frame_rate() == 0 and a.frame_rate() < 30  # waits for a person: nothing is drawn

        run_until(app, idle)
        assert table.seat_level(aki) == "connected"
        friend.close()  # dropped, not left: its seat waits for it
        deadline = time.monotonic() + LIMIT
        while table.seat_level(aki) == "connected":
            assert time.monotonic() < deadline, "the drop was not told"
            app.step(DT, always_draw=False)
            threading.Event().wait(0.01)
        draws = app.draws
        for _ in range(3):
            app.step(DT, always_draw=False)
        assert app.draws > draws, "the seat's new state is drawn without input"
    finally:
        friend.close()
