"""Play with friends, shown on 127.0.0.1 only: a table this copy hosts (its lobby with a friend connected and one
reconnecting, then the card table with their names and states and the turn timer's countdown), the lobby of a friend
at a table created on a server, the Join screen and the new-game screen of a table to create on a server."""

from __future__ import annotations

import threading
from pathlib import Path

from game.network.friends.bots import run_bot
from game.network.friends.client import Connection, url_of
from game.network.friends.discovery import Finder, FoundTable
from game.network.friends.messages import PROTOCOL, Create, Hello, Lobby, SeatState, TableSettings
from game.network.friends.server import FriendsServer, ServerThread

from ..app import App
from ..scenes.table import TableScene
from ..scripted import setup_for
from .frames import save, settle, until


class _ShownFinder(Finder):
    """Tables "found" on the network for the Join screen's picture (nothing is sent)."""

    def tables(self) -> list[FoundTable]:
        return [FoundTable("Aki", "192.168.1.20", 47652, "standard", 4, 2, PROTOCOL),
                FoundTable("Ken", "192.168.1.31", 47652, "uecda", 5, 1, PROTOCOL)]


def friends_screens(app: App, out: Path, language: str) -> list[Path]:
    """The lobby of a hosted table and its card table (names, connection states, the countdown), a friend's lobby
    at a table on a server, the Join screen and the new-game screen of a table to create on a server."""
    from ..scenes.friends import JoinScene, LobbyScene
    from ..scenes.new_game import NewGameScene

    written: list[Path] = []
    app.show_title()
    app.friends_bind, app.friends_port, app.friends_announce, app.friends_pause = "127.0.0.1", 0, False, 0.8
    app.ctx.update_settings(turn_timer=30, drop_timeout=120)
    app.host_table(setup_for("standard", 4, seed=11), "normal")
    lobby = app.stack.top
    host = app.hosting
    if not isinstance(lobby, LobbyScene) or host is None:
        return written
    friends: list[Connection] = []
    try:
        if not until(app, lambda: lobby.remote.welcome is not None and lobby.remote.lobby is not None):
            return written
        welcome = lobby.remote.welcome
        assert welcome is not None
        url = url_of("127.0.0.1", host.port)
        aki = Connection(url, Hello("Aki", welcome.code)).start()
        mio = Connection(url, Hello("Mio", welcome.code)).start()
        friends += [aki, mio]
        until(app, lambda: lobby.remote.lobby is not None and sum(s.person for s in lobby.remote.lobby.seats) == 3)
        token = mio.welcome.token if mio.welcome is not None else ""
        mio.close()  # cut off: "reconnecting" until the drop timeout
        until(app, lambda: _reconnecting(lobby.remote.lobby))
        lobby.addresses = ["192.168.1.20:47652"]  # where friends would reach it (this run listens on 127.0.0.1)
        settle(app, 5)
        written.append(save(app, out, f"lobby-host-{language}"))
        mio = Connection(url, Hello("Mio", welcome.code, token=token)).start()  # back, and both play
        friends.append(mio)
        for seed, conn in enumerate((aki, mio)):
            threading.Thread(target=run_bot, args=(conn,), kwargs={"seed": seed, "timeout": 60.0}, daemon=True).start()
        until(app, lambda: not _reconnecting(lobby.remote.lobby))
        lobby.start()

        def countdown() -> bool:
            top = app.stack.top
            return isinstance(top, TableScene) and top._human_playing() and 0 < top.session.deadline() < 28

        if until(app, countdown, 60.0):
            top = app.stack.top
            assert isinstance(top, TableScene)
            top.react(1)
            settle(app, 36)  # the stamps wait a second after one is sent
            mio.kill()  # a moment of "reconnecting" (it comes back by itself)
            until(app, lambda: _reconnecting(top.session.lobby), 3.0)
            settle(app, 2)
            written.append(save(app, out, f"network-table-{language}"))
    finally:
        app.show_title()
        for conn in friends:
            conn.close()
    app.ctx.update_settings(turn_timer=0, drop_timeout=60)
    written += server_screens(app, out, language)
    join = JoinScene(app.ctx, finder=_ShownFinder())
    join.address, join.port, join.code, join.name = "192.168.1.20", "47652", "K7QPD", "Mio"
    app.stack.push(join)
    settle(app, 5)
    written.append(save(app, out, f"join-{language}"))
    app.stack.push(NewGameScene(app.ctx, server=("play.example.org", 47652, "Mio")))
    settle(app, 5)
    written.append(save(app, out, f"create-on-server-{language}"))
    app.show_title()
    return written


def _reconnecting(lobby: Lobby | None) -> bool:
    return lobby is not None and any(seat.state is SeatState.RECONNECTING for seat in lobby.seats)


def server_screens(app: App, out: Path, language: str) -> list[Path]:
    """A friend's lobby at a table that another player created on a server (on 127.0.0.1)."""
    from ..scenes.friends import LobbyScene

    thread = ServerThread(FriendsServer("127.0.0.1", 0, decisions="thread"))
    written: list[Path] = []
    port = thread.start()
    owner = Connection(url_of("127.0.0.1", port), Create("Ken", TableSettings(players=5, preset="uecda"))).start()
    try:
        for _ in range(300):
            if owner.welcome is not None:
                break
            threading.Event().wait(0.02)
        if owner.welcome is None:
            return written
        app.join_table("127.0.0.1", port, owner.welcome.code, "Mio")
        lobby = app.stack.top
        if isinstance(lobby, LobbyScene) and until(
                app, lambda: lobby.remote.lobby is not None and sum(s.person for s in lobby.remote.lobby.seats) == 2):
            settle(app, 5)
            written.append(save(app, out, f"lobby-guest-{language}"))
    finally:
        app.show_title()
        owner.close()
        thread.stop()
    return written
