"""The host's side of a table for friends: the server in this process, the announcement, the host's own seat.

``FriendsHost.start(...)`` runs a ``FriendsServer`` in a background thread
(listening on every interface, so friends on the local network reach it;
``bind`` says otherwise, the tests keep it on 127.0.0.1), announces the table
on the local network (a failing multicast is logged and ignored), and
connects the host's own seat to it over loopback with a ``Create`` only this
copy can make (a secret key).  ``stop()`` saves each match in play under
``save_dir`` (like the autosave: ``hosted-CODE.json``, written whole or not at
all), tells every player the host has left, and stops the server.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .client import Connection, url_of
from .discovery import Advertiser
from .messages import Closing, Create, TableSettings
from .server import DEFAULT_PORT, FriendsServer, Limits, ServerThread

log = logging.getLogger(__name__)

SAVED_PREFIX = "hosted-"


class FriendsHost:
    """This copy of the game hosting a table."""

    def __init__(self, name: str, settings: TableSettings, *, save_dir: Path | None = None, bind: str = "0.0.0.0",
                 port: int = DEFAULT_PORT, announce: bool = True, computer_pause: float = 0.8,
                 resume: Mapping[str, Any] | None = None, limits: Limits | None = None) -> None:
        self.name = name
        self.settings = settings
        self.save_dir = save_dir
        self.bind = bind
        self.port = port
        self.announce = announce
        self.resume = resume
        self.saved: list[Path] = []
        key = secrets.token_urlsafe(18)
        self._key = key
        self.server = FriendsServer(bind, port, create_key=key, computer_pause=computer_pause, on_saved=self._save,
                                    limits=limits)
        self.thread = ServerThread(self.server)
        self.advertiser: Advertiser | None = None
        self.conn: Connection | None = None

    def start(self) -> Connection:
        """Listen (the default port, or any free one if it is taken), announce, connect the host's seat."""
        try:
            self.port = self.thread.start()
        except OSError as error:
            log.warning("network play: port %d is not free (%s); another is used", self.port, error)
            self.server = FriendsServer(self.bind, 0, create_key=self._key, computer_pause=self.server.computer_pause,
                                        on_saved=self._save, limits=self.server.limits)
            self.thread = ServerThread(self.server)
            self.port = self.thread.start()
        if self.announce:
            self.advertiser = Advertiser(self.name, self.port, self.settings.preset, self.settings.players).start()
        self.conn = Connection(url_of("127.0.0.1", self.port),
                               Create(self.name, self.settings, key=self._key, resume=self.resume)).start()
        return self.conn

    def _save(self, code: str, data: dict[str, Any]) -> None:
        if self.save_dir is None:
            return
        self.save_dir.mkdir(parents=True, exist_ok=True)
        path = self.save_dir / f"{SAVED_PREFIX}{code}.json"
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
        temporary.replace(path)
        self.saved.append(path)
        log.info("network play: the match of table %s is saved in %s", code, path)

    def stop(self, reason: Closing = Closing.HOST_LEFT) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.advertiser is not None:
            self.advertiser.close()
        self.thread.stop(reason)


def saved_matches(folder: Path) -> list[Path]:
    """Matches saved when their host quit, newest first."""
    try:
        found = [p for p in folder.glob(f"{SAVED_PREFIX}*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


__all__ = ["SAVED_PREFIX", "FriendsHost", "saved_matches"]
