"""The screens of play with friends: the table's lobby (its code, who has joined, Start) and Join a table.

``LobbyScene`` shows a hosted table before its match: the code to give the
friends (and, at the host, the addresses they type), each seat's player and
connection, and Start for the table's owner.  It follows the connection
every frame (``RemoteSession.pump``) and opens the card table when the
match begins.  ``JoinScene`` lists the tables announced on the local network
and takes an address, a port, the code and the player's name; or, for a
dedicated server, "Create a table here" opens the new-game screen to choose
the table's rules and seats (``NewGameScene(server=...)``).  Both are
keyboard-operable: Tab and the arrows move between fields and buttons, Enter
presses, Esc goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.network.friends.client import Link
from game.network.friends.discovery import Finder
from game.network.friends.messages import CODE_LENGTH, MAX_NAME, MessageError, SeatState, clean_name, table_code
from game.network.friends.remote import RemoteSession
from game.network.friends.server import DEFAULT_PORT

from .. import theme
from ..scene import ANIMATING
from ..theme import px
from ..widgets import Button, TextField
from .drawing import draw_lines, fit_text, wrap_text
from .menu_screen import MenuScreen

if TYPE_CHECKING:
    from ..context import Context


class LobbyScene(MenuScreen):
    title_key = "friends.lobby.title"
    footer_h = 70

    def __init__(self, ctx: Context, remote: RemoteSession, addresses: list[str] | None = None) -> None:
        super().__init__(ctx)
        self.remote = remote
        self.addresses = addresses or []
        """Where friends reach this table (shown at the host)."""
        self.start_button = Button(lambda: ctx.t("friends.start"), self.start, enabled=self._can_start)
        self.widgets.add(self.start_button)
        self.widgets.add(self.back_button)
        self.widgets.focus = 0
        self.sent = False
        """Start was sent on this connection (a drop loses it: it may be pressed again once the link is back)."""

    def _owner(self) -> bool:
        welcome = self.remote.welcome
        return welcome is not None and welcome.owner

    def _can_start(self) -> bool:
        return self._owner() and not self.sent and self.remote.lobby is not None \
            and self.remote.status.link is Link.ONLINE

    def start(self) -> None:
        from game.network.friends.messages import Start

        if self._can_start():
            self.remote.conn.send(Start())
            self.sent = True

    def back(self) -> None:
        self.ctx.nav.leave_friends()

    def update(self, dt: float) -> None:
        super().update(dt)
        remote = self.remote
        remote.pump()
        if remote.status.link is not Link.ONLINE:
            self.sent = False  # a Start not yet taken is lost with the connection
        self.start_button.visible = self._owner()
        if remote.closed is not None or remote.status.link is Link.GONE:
            self.ctx.nav.friends_ended(remote)
        elif remote.started:
            self.ctx.nav.open_remote_table(remote)

    def frame_rate(self) -> float:
        return ANIMATING / 6  # the lobby follows the connection a few times a second

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        scale = self.ctx.scale
        self.start_button.rect = pygame.Rect(0, 0, px(230, scale), px(52, scale))
        self.start_button.rect.midright = (self.footer.right, self.footer.centery)
        self.start_button.visible = self._owner()

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        t = ctx.t
        self.draw_frame(surface)
        x, y = self.body.left + px(30, scale), self.body.top + px(24, scale)
        welcome = self.remote.welcome
        if welcome is None:
            ctx.text.draw(surface, t("friends.connecting"), (x, y), px(theme.FONT_LABEL, scale), theme.CREAM,
                          anchor="topleft")
        else:
            ctx.text.draw(surface, t("friends.code"), (x, y), px(theme.FONT_BODY, scale), theme.MUTED, anchor="topleft")
            ctx.text.draw(surface, " ".join(welcome.code), (x, y + px(30, scale)), px(theme.FONT_TITLE, scale),
                          theme.GOLD, anchor="topleft", bold=True, shadow=True)
            y += px(110, scale)
            if self.addresses:
                ctx.text.draw(surface, t("friends.addresses", addresses=", ".join(self.addresses)), (x, y),
                              px(theme.FONT_SMALL, scale), theme.CREAM, anchor="topleft")
                y += px(34, scale)
            preset = t(f"preset.{welcome.table.preset}.name")
            line = t("friends.table_line", preset=preset, players=welcome.table.players,
                     level=t(f"level.{welcome.table.level.value}"))
            if welcome.table.turn_timer:
                line += t("friends.turn_timer_line", seconds=welcome.table.turn_timer)
            ctx.text.draw(surface, line,
                          (x, y), px(theme.FONT_SMALL, scale), theme.CREAM, anchor="topleft")
            y += px(40, scale)
        lobby = self.remote.lobby
        if lobby is not None:
            size = px(theme.FONT_BODY, scale)
            rows = []
            for seat in lobby.seats:
                me = welcome is not None and seat.player == welcome.player
                who = seat.name if seat.person else t("friends.open_seat")
                name = f"{seat.player + 1}.  {who}{'  ★' if me else ''}"
                rows.append((name, t(f"friends.link.{seat.state.value}"), seat.state, me))
            column = x + max(px(300, scale), max(ctx.text.size(row[0], size)[0] for row in rows) + px(40, scale))
            for name, state, link, me in rows:
                ctx.text.draw(surface, name, (x, y), size, theme.GOLD if me else theme.CREAM, anchor="topleft")
                color = theme.SELECT if link is SeatState.RECONNECTING else theme.MUTED
                ctx.text.draw(surface, state, (column, y), size, color, anchor="topleft")
                y += px(36, scale)
        if welcome is not None and not welcome.owner:
            ctx.text.draw(surface, t("friends.wait_host"), self.footer.center, px(theme.FONT_BODY, scale),
                          theme.CREAM)
        self.draw_widgets(surface)


class JoinScene(MenuScreen):
    title_key = "friends.join.title"
    footer_h = 70

    def __init__(self, ctx: Context, finder: Finder | None = None) -> None:
        super().__init__(ctx)
        self.finder = finder if finder is not None else Finder().start()
        self.address = ""
        self.port = str(DEFAULT_PORT)
        self.code = ""
        self.name = ctx.settings.player_name if hasattr(ctx.settings, "player_name") else ""
        self.problem = ""
        self.fields = [
            TextField(lambda: self.address, self._set("address"), lambda: ctx.t("friends.address")),
            TextField(lambda: self.port, self._set("port"), lambda: ctx.t("friends.port")),
            TextField(lambda: self.code, self._set("code"), lambda: ctx.t("friends.code")),
            TextField(lambda: self.name, self._set("name"), lambda: ctx.t("friends.name")),
        ]
        self.join_button = Button(lambda: ctx.t("friends.join"), self.join)
        self.create_button = Button(lambda: ctx.t("friends.create_here"), self.create, style="secondary",
                                    size=theme.FONT_BODY)
        self.found_buttons: list[Button] = []
        self._found: list[tuple[str, int]] = []
        self._rebuild()

    def _set(self, field: str) -> Callable[[str], None]:
        def set_(value: str) -> None:
            limit = {"address": 100, "port": 5, "code": CODE_LENGTH + 4, "name": MAX_NAME}[field]
            setattr(self, field, value[:limit])
            self.problem = ""
        return set_

    def _rebuild(self) -> None:
        focus = self.widgets.focus
        self.widgets.widgets = [*self.found_buttons, *self.fields, self.join_button, self.create_button,
                                self.back_button]
        self.widgets.focus = focus if 0 <= focus < len(self.widgets.widgets) else len(self.found_buttons)

    def pick(self, address: str, port: int) -> None:
        self.address, self.port = address, str(port)
        self.widgets.focus = len(self.found_buttons) + 2  # on to the code

    def update(self, dt: float) -> None:
        super().update(dt)
        found = [(t.address, t.port) for t in self.finder.tables() if t.compatible]
        if found != self._found:
            self._found = found
            self.found_buttons = []
            for table in [t for t in self.finder.tables() if t.compatible]:
                label = f"{table.name} — {self.ctx.t(f'preset.{table.preset}.name')} ({table.seated}/{table.players})"
                self.found_buttons.append(Button(label, partial(self.pick, table.address, table.port),
                                                 style="secondary", size=theme.FONT_BODY))
            self._rebuild()
            self.layout(self.ctx.size)

    def frame_rate(self) -> float:
        return ANIMATING / 6

    def _where(self) -> tuple[str, int, str] | None:
        """The address, port and name typed, or None with the problem said."""
        t = self.ctx.t
        try:
            port = int(self.port)
            if not 1 <= port <= 65535:
                raise ValueError
        except ValueError:
            self.problem = t("friends.bad_port")
            return None
        if not self.address.strip():
            self.problem = t("friends.need_address")
            return None
        try:
            name = clean_name(self.name)
        except MessageError:
            self.problem = t("friends.bad_name")
            return None
        return self.address.strip(), port, name

    def join(self) -> None:
        where = self._where()
        if where is None:
            return
        try:
            code = table_code(self.code)
        except MessageError:
            self.problem = self.ctx.t("friends.bad_code")
            return
        address, port, name = where
        self.ctx.nav.join_table(address, port, code, name)

    def create(self) -> None:
        """Open a table of one's own on the server at this address (a dedicated server): its rules and seats are
        chosen as for hosting, then its code is shown to share."""
        where = self._where()
        if where is not None:
            self.ctx.nav.choose_server_table(*where)

    def exit(self) -> None:
        self.finder.close()

    def layout(self, size: tuple[int, int]) -> None:
        self.frame(size)
        scale = self.ctx.scale
        x, y = self.body.left + px(30, scale), self.body.top + px(56, scale)
        width = min(self.body.width - px(60, scale), px(640, scale))
        for button in self.found_buttons:
            button.rect = pygame.Rect(x, y, width, px(40, scale))
            y += px(48, scale)
        y += px(44, scale)
        for field in self.fields:
            field.rect = pygame.Rect(x + px(200, scale), y, width - px(200, scale), px(40, scale))
            y += px(54, scale)
        self.join_button.rect = pygame.Rect(0, 0, px(230, scale), px(52, scale))
        self.join_button.rect.midright = (self.footer.right, self.footer.centery)
        self.create_button.rect = pygame.Rect(0, 0, px(260, scale), px(44, scale))
        self.create_button.rect.midright = (self.join_button.rect.left - px(16, scale), self.footer.centery)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, scale = self.ctx, self.ctx.scale
        t = ctx.t
        self.draw_frame(surface)
        x = self.body.left + px(30, scale)
        heading = t("friends.found") if self.found_buttons else (
            t("friends.none_found") if self.finder.error is None else t("friends.no_multicast"))
        ctx.text.draw(surface, heading, (x, self.body.top + px(20, scale)), px(theme.FONT_BODY, scale), theme.MUTED,
                      anchor="topleft")
        labels = [t("friends.address"), t("friends.port"), t("friends.code"), t("friends.name")]
        for field, label in zip(self.fields, labels, strict=True):
            ctx.text.draw(surface, label, (x, field.rect.centery), px(theme.FONT_BODY, scale), theme.CREAM,
                          anchor="midleft")
        note_left = self.fields[0].rect.right + px(40, scale)
        width = self.body.right - px(30, scale) - note_left
        if width > px(160, scale):
            size = px(theme.FONT_SMALL, scale)
            lines = wrap_text(ctx, t("friends.server_note"), size, width)
            draw_lines(ctx, surface, lines, (note_left, self.fields[0].rect.top), size, theme.MUTED,
                       line_h=round(size * 1.4))
        if self.problem:
            right = self.create_button.rect.left - px(16, scale)
            size = px(theme.FONT_SMALL, scale)
            text = fit_text(ctx, self.problem, size, right - self.footer.left)
            ctx.text.draw(surface, text, (right, self.footer.centery), size, theme.SELECT, anchor="midright")
        self.draw_widgets(surface)


__all__ = ["JoinScene", "LobbyScene"]
