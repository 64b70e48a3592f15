"""Where a screen can send the player: the app's navigation, as a typed interface.

Scenes reach it as ``ctx.nav`` and never import the app; the ``App``
implements it.  Tests replace a method on the app to see where a screen
would go.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from pathlib import Path

    from game.engine import RuleSet
    from game.engine.record import Games
    from game.network.friends.remote import RemoteSession
    from game.setups import SessionSetup


class Navigator(Protocol):
    def show_title(self) -> None: ...

    def show_new_game(self) -> None: ...

    def start_match(self, setup: SessionSetup, *, confirmed: bool = False) -> None:
        """A new match (asking first over one in progress)."""

    def restart_match(self, setup: SessionSetup) -> None:
        """A new match like the last one, dealt afresh."""

    def resume_match(self) -> bool:
        """Continue the saved match; False when there is none or it cannot be resumed."""

    def has_autosave(self) -> bool: ...

    def leave_match(self) -> None:
        """Back to the title (asking first while the match goes on)."""

    def show_rules(self, rules: RuleSet | None = None) -> None: ...

    def show_settings(self) -> None: ...

    def show_stats(self) -> None: ...

    def show_replays(self) -> None: ...

    def show_replay(self, record: dict[str, Any] | Games, human_seat: int | None = None,
                    at: tuple[int, int] | None = None) -> None:
        """The replay viewer, at the moment ``at`` (game, action; -1: the start of the game) if given."""

    def show_review(self, record: dict[str, Any], seat: int, game: int = -1) -> None:
        """The Expert's review of ``seat``'s decisions in game ``game`` of the record (-1: the last)."""

    def show_lessons(self) -> None:
        """The lessons screen."""

    def start_lesson(self, lesson_id: str) -> None:
        """A lesson at the table, over the screen it is started from (a match at the table is saved first)."""

    def toggle_fullscreen(self) -> None: ...

    def host_table(self, setup: SessionSetup, level: str) -> None:
        """Host a table for friends (its lobby: the code, who has joined, Start)."""

    def saved_hosted_match(self) -> Path | None:
        """The match saved when this copy's host quit, if any."""

    def host_saved_match(self) -> None: ...

    def choose_server_table(self, address: str, port: int, name: str) -> None:
        """The new-game screen choosing a table to create on the server at ``address:port``."""

    def create_table(self, address: str, port: int, name: str, setup: SessionSetup, level: str) -> None:
        """Create a table on a (dedicated) server and take its first seat (its lobby: the code, Start)."""

    def show_join(self) -> None: ...

    def join_table(self, address: str, port: int, code: str, name: str) -> None: ...

    def open_remote_table(self, remote: RemoteSession) -> None:
        """The card table of a match with friends, once it has begun."""

    def leave_friends(self) -> None: ...

    def friends_ended(self, remote: RemoteSession) -> None:
        """The table for friends closed (the host left...) or refused this seat: say why."""

    def quit(self) -> None: ...
