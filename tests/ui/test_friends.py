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
from game.network.friends.messages import Closing, Hello
from game.storage.paths import AppPaths
from game.ui.app import App, AppOptions
from game.ui.scenes.friends import LobbyScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.replay_viewer import ReplayViewerScene
from game.ui.scenes.result import ResultScene
from game.ui.scenes.table import TableScene
from game.ui.scripted import Autopilot

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
        {"played by the computer"}
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
