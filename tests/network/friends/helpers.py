"""Helpers for the network-play tests: a server on 127.0.0.1, bots at a table, and the checks of what each client saw.

``Truth`` is the server's ``on_step`` hook: after every step of every table it
keeps, for each player, the view the engine gives (``view_of``) and every
card that player may know by then (the cards it has held this game, and the
cards played).  ``check_texts`` replays every text one client received and
fails on a view that is not the host's, or on any card the player may not
know.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from game.engine import RuleSet
from game.engine.cards import JOKER_MASK, card_codes
from game.engine.state import Gift
from game.network.friends.bots import BotResult, run_bot
from game.network.friends.client import Connection, Link, Status, url_of
from game.network.friends.messages import (
    SERVER,
    Create,
    GameRecord,
    Hello,
    MessageError,
    Snapshot,
    TableSettings,
    Update,
    Welcome,
    decode,
    view_json,
)
from game.network.friends.server import FriendsServer, Limits, ServerThread
from game.network.friends.table import Table
from game.network.friends.views import Mirror, view_of

LOOPBACK = "127.0.0.1"
FAST = Limits(rate=1000.0, burst=2000, tables_per_address=50, handshakes=1000.0, handshake_burst=2000)
"""Limits for bots that act as fast as the table answers (people need far less)."""
T = TypeVar("T")
CARD = re.compile(r"^(?:[3-9TJQKA2][SHDC]|JK)$")


@dataclass
class Known:
    """What one player of a table may know at one step."""

    view: dict[str, Any]
    cards: frozenset[str]
    jokers: int
    """Jokers it held or saw played this game."""


@dataclass
class Truth:
    """The host's truth after every step: ``steps[code][step][player]``."""

    steps: dict[str, dict[int, list[Known]]] = field(default_factory=dict)
    held: dict[tuple[str, int, int], int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __call__(self, table: Table) -> None:
        if table.runner is None:
            return
        match = table.match
        game = match.game
        index = len(match.games) - 1
        known: list[Known] = []
        for player in range(match.rules.players):
            seat = match.seat_of(player)
            key = (table.code, index, player)
            received = 0  # a card given to the seat may leave its hand within the same step (都落ち after a 7渡し)
            for entry in game.history:
                if isinstance(entry, Gift) and entry.receiver == seat:
                    received |= entry.cards
            held = self.held.get(key, game.deal.hands[seat]) | game.hands[seat] | received
            self.held[key] = held
            visible = held | game.played
            view = view_json(view_of(match, player))
            known.append(Known(view, frozenset(card_codes(visible & ~JOKER_MASK)), (visible & JOKER_MASK).bit_count()))
        with self.lock:
            self.steps.setdefault(table.code, {})[table.step] = known

    def of(self, code: str) -> dict[int, list[Known]]:
        with self.lock:
            return dict(self.steps.get(code, {}))


def _strings(value: Any) -> Iterator[str]:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())


def check_texts(texts: Sequence[str], steps: dict[int, list[Known]], player: int, rules: RuleSet) -> list[str]:
    """Every problem in what one client received: a view unlike the host's, a card it may not know."""
    problems: list[str] = []
    mirror = Mirror()
    views = 0
    for i, text in enumerate(texts):
        data = json.loads(text)
        try:
            message = decode(text, SERVER, rules)
        except MessageError as error:
            problems.append(f"message {i}: {error}")
            continue
        if isinstance(message, GameRecord):
            view = mirror.view
            if view is None or view.game != message.game or view.state.result is None:
                problems.append(f"message {i}: the record of game {message.game} before that game was over")
            continue
        if not isinstance(message, (Snapshot, Update)):
            continue
        truth = steps.get(message.step)
        if truth is None:
            problems.append(f"message {i}: step {message.step} the host never had")
            continue
        known = truth[player]
        codes = [s for s in _strings(data) if CARD.match(s)]
        jokers = sum(1 for s in _strings(data.get("view", {}).get("hand", [])) if s == "JK")
        leaked = sorted({c for c in codes if c != "JK" and c not in known.cards})
        if leaked:
            problems.append(f"message {i} (step {message.step}): player {player} was sent {leaked}")
        if "JK" in codes and known.jokers == 0 and jokers == 0:
            problems.append(f"message {i} (step {message.step}): player {player} was sent a joker it never saw")
        view = mirror.apply(message)
        views += 1
        mine = view_json(view)
        theirs = dict(known.view)
        mine.pop("deadline"), theirs.pop("deadline")
        if mine != theirs:
            diff = sorted(k for k in mine if mine[k] != theirs.get(k))
            problems.append(f"message {i} (step {message.step}): player {player}'s view differs from the host's in "
                            f"{diff}")
    if not views:
        problems.append(f"player {player} received no view")
    return problems


@contextmanager
def running_server(**options: Any) -> Iterator[tuple[ServerThread, str]]:
    """A server on 127.0.0.1 (a free port) in a background thread, its computers thinking in a thread; its URL."""
    options.setdefault("computer_pause", 0.0)
    options.setdefault("between_games", 5.0)
    options.setdefault("limits", FAST)
    options.setdefault("decisions", "thread")  # the tests of the worker's processes ask for them
    thread = ServerThread(FriendsServer(LOOPBACK, 0, **options))
    port = thread.start()
    try:
        yield thread, url_of(LOOPBACK, port)
    finally:
        thread.stop()


def welcome_of(conn: Connection, timeout: float = 10.0) -> Welcome:
    """Wait for the connection's welcome (the items before it are kept for the bot)."""
    deadline = time.monotonic() + timeout
    while conn.welcome is None and time.monotonic() < deadline:
        threading.Event().wait(0.02)
    assert conn.welcome is not None, "no welcome from the server"
    return conn.welcome


def ended(conn: Connection, timeout: float = 10.0) -> Status:
    """Wait for the connection's end (a ``GONE`` status: why it ended)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for item in conn.poll(0.1):
            if isinstance(item, Status) and item.link is Link.GONE:
                return item
    raise AssertionError("the connection did not end")


def wait_item(conn: Connection, kind: type[T], check: Callable[[T], bool] = lambda _: True,
              timeout: float = 10.0) -> T:
    """Wait for an item of ``kind`` that passes ``check`` (the items before it are dropped)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for item in conn.poll(0.1):
            if isinstance(item, kind) and check(item):
                return item
    raise AssertionError(f"no {kind.__name__} came")


@dataclass
class TableRun:
    code: str
    settings: TableSettings
    connections: list[Connection]
    results: list[BotResult | None]


def play_table(url: str, settings: TableSettings, people: int, *, level: str = "beginner", timeout: float = 60.0,
               keep_texts: bool = True, during: Any = None) -> TableRun:
    """A table created by a bot (player 0) and joined by ``people - 1`` more, each in its own thread, played to the
    end of the match (or ``timeout``); ``during(run)`` runs on this thread meanwhile (the socket killer)."""
    host = Connection(url, Create("host", settings))
    host.keep_texts = keep_texts
    host.start()
    code = welcome_of(host).code
    connections = [host]
    for k in range(1, people):
        conn = Connection(url, Hello(f"friend {k}", code))
        conn.keep_texts = keep_texts
        connections.append(conn.start())
    run = TableRun(code, settings, connections, [None] * people)

    def play(k: int) -> None:
        run.results[k] = run_bot(connections[k], level, seed=k, timeout=timeout,
                                 start_with=people if k == 0 else None)

    threads = [threading.Thread(target=play, args=(k,), daemon=True) for k in range(people)]
    for thread in threads:
        thread.start()
    if during is not None:
        during(run)
    for thread in threads:
        thread.join(timeout + 10)
    for conn in connections:
        conn.close()
    return run


__all__ = ["FAST", "LOOPBACK", "Known", "TableRun", "Truth", "check_texts", "ended", "play_table", "running_server",
           "wait_item", "welcome_of"]
