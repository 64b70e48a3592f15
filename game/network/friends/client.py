"""The client of network play: a connection in a background thread, and the table as one seat knows it.

``Connection`` runs the WebSocket (``websockets``, keepalive on, ``max_size``
capped, no proxy) in a thread with its own asyncio loop.  The frame loop
never waits: ``poll()`` returns at once with the messages and status changes
that arrived (``send`` only queues).  A connection that drops after the
welcome comes back by itself with the seat's token (backing off, for
``retry_for`` seconds); a refusal or a closing table ends it with a
``Status`` that says why.  Every message from the server is decoded and
checked like the server checks the clients' (a bad one is logged and
skipped), and what waits unread is capped (``INBOX_MESSAGES``,
``INBOX_TEXT``): a server that sends more than the game reads is left.

``SeatTable`` is what one seat knows of its table, kept from those messages:
the welcome, the seats and their connection states, its ``View`` (through a
``views.Mirror``), the records of finished games, the reactions.  It answers
what the seat owes (``due``) and makes the messages for its actions.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus, WebSocketException

from game.engine import Move, Observation, Play, RuleSet
from game.engine.runner import Decision

from .messages import (
    MAX_SERVER_BYTES,
    SERVER,
    Act,
    ClientMessage,
    Closed,
    Closing,
    Create,
    GameRecord,
    Give,
    Hello,
    Leave,
    Lobby,
    MessageError,
    Reaction,
    Refusal,
    Refused,
    Rejected,
    ServerMessage,
    Snapshot,
    Update,
    View,
    Welcome,
    decode,
    encode,
    observation_of,
)
from .views import Mirror

log = logging.getLogger(__name__)

OPEN_TIMEOUT = 5.0
RETRY_FOR = 120.0
"""Seconds a dropped connection keeps trying to come back."""
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 3.0)
INBOX_MESSAGES = 4000
"""Messages from the server waiting unread at most (a return brings at most a match's records and a snapshot)."""
INBOX_TEXT = 32 << 20
"""The length of their texts at most (characters)."""


class Link(str, Enum):
    CONNECTING = "connecting"
    ONLINE = "online"
    RECONNECTING = "reconnecting"
    GONE = "gone"


@dataclass(frozen=True)
class Status:
    """A change of the connection: ``GONE`` says why (``refusal`` or ``closing`` when the server said)."""

    link: Link
    message: str = ""
    refusal: Refusal | None = None
    closing: Closing | None = None
    saved: bool = False


Incoming = ServerMessage | Status


def url_of(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address and not address.startswith("[") else address
    return f"ws://{host}:{port}/"


class Connection:
    """One WebSocket to a table, in a background thread; poll it every frame."""

    def __init__(self, url: str, first: Hello | Create, *, reconnect: bool = True, open_timeout: float = OPEN_TIMEOUT,
                 retry_for: float = RETRY_FOR) -> None:
        self.url = url
        self.first = first
        self.reconnect = reconnect
        self.open_timeout = open_timeout
        self.retry_for = retry_for
        self.welcome: Welcome | None = None
        self.rules: RuleSet | None = None
        self._inbox: queue.Queue[tuple[int, Incoming]] = queue.Queue()
        """What arrived, each with the bytes of its text (0 for a status)."""
        self._unread = [0, 0]
        """Messages from the server waiting in the inbox, and the length of their texts (under ``_unread_lock``)."""
        self._unread_lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[str | None] | None = None
        self._ws: ClientConnection | None = None
        self._thread: threading.Thread | None = None
        self._closing = False
        self._online = False
        self._stop: asyncio.Event | None = None
        self._started = threading.Event()
        self.received: list[str] = []
        """Every text received, when ``keep_texts`` is set (tests read it)."""
        self.keep_texts = False
        self.records = 0
        """Records of games 0.. received (a return asks for the rest)."""

    def start(self) -> Connection:
        self._thread = threading.Thread(target=self._run, name="friends-client", daemon=True)
        self._thread.start()
        self._started.wait(5)
        return self

    # --- the frame loop's side ---------------------------------------------------------------------

    def poll(self, timeout: float = 0.0) -> list[Incoming]:
        """What arrived (waits up to ``timeout`` for the first item: 0 in the frame loop)."""
        got: list[tuple[int, Incoming]] = []
        try:
            got.append(self._inbox.get(timeout=timeout) if timeout > 0 else self._inbox.get_nowait())
            while True:
                got.append(self._inbox.get_nowait())
        except queue.Empty:
            pass
        read = [size for size, item in got if not isinstance(item, Status)]
        with self._unread_lock:
            self._unread[0] -= len(read)
            self._unread[1] -= sum(read)
        return [item for _, item in got]

    def _deliver(self, item: Incoming, size: int = 0) -> bool:
        """Put ``item`` in the inbox; False (and nothing put) when a server message would pass the caps."""
        if not isinstance(item, Status):
            with self._unread_lock:
                count, held = self._unread
                if count >= INBOX_MESSAGES or held + size > INBOX_TEXT:
                    return False
                self._unread[0] += 1
                self._unread[1] += size
        self._inbox.put((size, item))
        return True

    def send(self, message: ClientMessage) -> None:
        """Queue ``message`` for the server (dropped while the connection is down: the seat is sent everything
        again when it comes back)."""
        self._post(encode(message))

    def send_text(self, text: str) -> None:
        """Send any text (tests of hostile clients)."""
        self._post(text)

    def _post(self, text: str | None) -> None:
        if text is None and self._loop is not None and self._stop is not None:
            with contextlib.suppress(RuntimeError):
                self._loop.call_soon_threadsafe(self._stop.set)
        loop, outbox = self._loop, self._outbox
        if loop is not None and outbox is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(outbox.put_nowait, text)

    def close(self, leave: bool = False, timeout: float = 3.0) -> None:
        """Close the connection (``leave``: tell the table the player is gone for good)."""
        if leave:
            self.send(Leave())
        self._closing = True
        self._post(None)
        if self._thread is not None:
            self._thread.join(timeout)

    def kill(self) -> None:
        """Cut the socket at once, as a network failure would (tests): the connection comes back by itself."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_abort, ws)

    @property
    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    # --- the thread's side --------------------------------------------------------------------------

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except Exception as error:  # never into the frame loop's thread
            log.exception("network play: the connection failed")
            self._deliver(Status(Link.GONE, f"the connection failed: {error}"))
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    async def _main(self) -> None:
        self._outbox = asyncio.Queue()
        self._stop = asyncio.Event()
        self._started.set()
        self._deliver(Status(Link.CONNECTING))
        dropped_at: float | None = None
        attempt = 0
        while not self._closing:
            try:
                ended = await self._session()
            except (OSError, asyncio.TimeoutError, WebSocketException) as error:
                ended = None
                why = _why(error)
            else:
                why = "the connection was lost"
            if ended is not None:
                self._deliver(ended)
                return
            if self._closing:
                break
            if self.welcome is None or not self.reconnect:
                self._deliver(Status(Link.GONE, why))
                return
            now = time.monotonic()
            if self._online:  # it was online: a new drop
                self._online = False
                dropped_at, attempt = now, 0
                self._deliver(Status(Link.RECONNECTING, why))
            elif dropped_at is None:
                dropped_at = now
            if now - dropped_at > self.retry_for:
                self._deliver(Status(Link.GONE, f"{why}; the table could not be reached again"))
                return
            delay = RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)]
            attempt += 1
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)
        self._deliver(Status(Link.GONE, "closed"))

    def _hello(self) -> str:
        welcome = self.welcome
        if welcome is None:
            return encode(self.first)
        return encode(Hello(name=self.first.name, code=welcome.code, token=welcome.token, records=self.records))

    async def _session(self) -> Status | None:
        """One connection: a final ``Status`` when the server ended it (a refusal, a closed table), else None."""
        self._online = False
        async with connect(self.url, open_timeout=self.open_timeout, max_size=MAX_SERVER_BYTES, compression=None,
                           ping_interval=10, ping_timeout=20, close_timeout=2, proxy=None,
                           user_agent_header=None) as ws:
            self._ws = ws
            assert self._outbox is not None
            while not self._outbox.empty():  # what was queued while down is stale now
                if self._outbox.get_nowait() is None:
                    return Status(Link.GONE, "closed")
            await ws.send(self._hello())
            writer = asyncio.create_task(self._writer(ws))
            try:
                async for text in ws:
                    ended = self._read(text)
                    if ended is not None:
                        return ended
            except ConnectionClosed:
                pass
            finally:
                writer.cancel()
                self._ws = None
        return Status(Link.GONE, "closed") if self._closing else None

    async def _writer(self, ws: ClientConnection) -> None:
        assert self._outbox is not None
        while True:
            text = await self._outbox.get()
            if text is None:
                self._closing = True
                await ws.close()
                return
            await ws.send(text)

    def _read(self, text: str | bytes) -> Status | None:
        if self.keep_texts:
            self.received.append(text if isinstance(text, str) else "<binary>")
        try:
            message = decode(text, SERVER, self.rules)
        except MessageError as error:
            log.warning("network play: a message from the server was not understood: %s", error)
            return None
        if isinstance(message, GameRecord) and message.game == self.records:
            self.records += 1
        if isinstance(message, Welcome):
            self.welcome = message
            self.rules = message.table.rules()
            self._online = True
            self._deliver(Status(Link.ONLINE))
        # A client's message from the server is not understood; more than the game reads ends the connection.
        if isinstance(message, ServerMessage) and not self._deliver(message, len(text)):
            log.warning("network play: the server sent more than the game could read; leaving the table")
            return Status(Link.GONE, "the table sent more than the game could read")
        if isinstance(message, Refused):
            return Status(Link.GONE, message.message, refusal=message.reason)
        if isinstance(message, Closed):
            return Status(Link.GONE, message.reason.value, closing=message.reason, saved=message.saved)
        return None


def _abort(ws: ClientConnection) -> None:
    transport = ws.transport
    if transport is not None:
        transport.abort()


def _why(error: BaseException) -> str:
    if isinstance(error, InvalidStatus):
        return f"the server refused the connection ({error.response.status_code})"
    if isinstance(error, asyncio.TimeoutError):
        return "the table did not answer in time"
    if isinstance(error, ConnectionRefusedError):
        return "nothing answers at that address and port"
    return str(error) or type(error).__name__


@dataclass
class SeatTable:
    """One seat's knowledge of its table, kept from the server's messages."""

    welcome: Welcome | None = None
    lobby: Lobby | None = None
    mirror: Mirror = field(default_factory=Mirror)
    records: dict[int, dict[str, Any]] = field(default_factory=dict)
    reactions: list[Reaction] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    status: Status = field(default_factory=lambda: Status(Link.CONNECTING))
    events: list[Any] = field(default_factory=list)
    """Events not yet taken by the screen (``take_events``)."""

    def absorb(self, items: list[Incoming]) -> None:
        for item in items:
            if isinstance(item, Status):
                self.status = item
            elif isinstance(item, Welcome):
                self.welcome = item
            elif isinstance(item, Lobby):
                self.lobby = item
            elif isinstance(item, (Snapshot, Update)):
                self.mirror.apply(item)
                if isinstance(item, Update):
                    self.events.extend(item.events)
            elif isinstance(item, GameRecord):
                self.records[item.game] = dict(item.record)
            elif isinstance(item, Reaction):
                self.reactions.append(item)
            elif isinstance(item, Rejected):
                self.rejected.append(item)

    @property
    def view(self) -> View | None:
        return self.mirror.view

    @property
    def step(self) -> int:
        return self.mirror.step

    def observation(self) -> Observation | None:
        view = self.mirror.view
        return None if view is None else observation_of(view)

    def due(self) -> Decision | None:
        """What the table waits for from this seat now (None: nothing)."""
        view = self.mirror.view
        if view is None or view.state.result is not None or view.over is not None:
            return None
        state = view.state
        if state.phase.giving:
            gifts = [g for g in state.pending if g.giver == view.seat]
            if state.phase.value == "handoff":
                gifts = gifts[:1] if state.pending and state.pending[0].giver == view.seat else []
            return Decision(view.seat, gifts[0]) if gifts else None
        return Decision(view.seat) if state.turn == view.seat else None

    def act(self, move: Move) -> Act:
        return Act(self.step, move if isinstance(move, Play) else None)

    def give(self, cards: int) -> Give:
        return Give(self.step, cards)

    def take_events(self) -> Iterator[Any]:
        events, self.events = self.events, []
        yield from events


__all__ = ["Connection", "Incoming", "Link", "SeatTable", "Status", "url_of"]
