"""The server of network play: tables by code over WebSockets (asyncio, ``websockets``), peers never trusted.

``FriendsServer`` listens (on 127.0.0.1 unless told otherwise), hosts any
number of ``Table``s by their short code, and for each connection:

* reads the first message (``Hello`` or ``Create``) within ``hello_timeout``,
  refusing another protocol version, a wrong code (an address that guesses
  too many wrong codes is refused for a while), a full or closed table;
* then reads messages under a rate cap (a token bucket per connection),
  each decoded and checked by ``messages.decode`` (``max_size`` caps the
  frame before that): a bad message is answered with ``Rejected``, too many
  of them or too fast closes the connection; only the table decides;
* writes through a bounded queue per connection: a peer that does not read
  is dropped, never waited for.

Caps on connections in all and per address, on tables in all and per
address (``Limits``) and the WebSocket keepalive (ping every 10 s) keep one
peer from tiring the server.  Computer decisions run in a thread pool off
the loop; the clock the tables see is ``time.monotonic``.

``ServerThread`` runs a server in a background thread with its own loop:
the desktop game's host runs it and joins its own table over loopback like
everyone else, and ``stop(Closing.HOST_LEFT)`` saves each match in play
(``on_saved``) and tells every player why the table closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import http
import logging
import random
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game.engine.runner import Answer
from game.worker import Mode

from .decisions import Decisions
from .messages import (
    APP,
    CLIENT,
    MAX_CLIENT_BYTES,
    PROTOCOL,
    Act,
    Closed,
    Closing,
    Create,
    Give,
    Hello,
    Leave,
    MessageError,
    React,
    Ready,
    Refusal,
    Refused,
    Rejected,
    ServerMessage,
    Start,
    TableSettings,
    Welcome,
    decode,
    encode,
)
from .table import ALL, ComputerJob, Outgoing, Table, TableError, fallback_answer, new_code

log = logging.getLogger(__name__)

DEFAULT_PORT = 47652
PING_INTERVAL = 10.0
PING_TIMEOUT = 20.0


@dataclass(frozen=True)
class Limits:
    """What one peer may ask of the server."""

    connections: int = 500
    per_address: int = 16
    """Open connections from one address (friends behind one router share it)."""
    handshakes: float = 10.0
    """New connections one address may open a second on average (each return of a seat tells its whole table)..."""
    handshake_burst: int = 60
    """... and at once (a whole table coming back after a network failure)."""
    hello_timeout: float = 10.0
    rate: float = 20.0
    """Messages a second a connection may send on average..."""
    burst: int = 40
    """... and at once."""
    bad_messages: int = 20
    """Malformed messages a connection may send before it is closed."""
    wrong_codes: int = 10
    """Wrong table codes an address may try in ``guess_window`` seconds."""
    guess_window: float = 600.0
    tables: int = 200
    tables_per_address: int = 4
    send_queue: int = 512
    """Messages waiting for a peer that does not read before it is dropped."""
    idle_table: float = 6 * 3600.0
    """A table nobody is connected to is closed after this many seconds."""
    finished_keep: float = 120.0
    """A finished table is kept this long after everyone left (a player cut off at the end comes back to the
    result)."""


@dataclass
class _Bucket:
    """A token bucket: ``take`` is refused beyond ``rate`` a second on average and ``burst`` at once."""

    tokens: float
    refilled: float

    def take(self, rate: float, burst: int, now: float) -> bool:
        self.tokens = min(float(burst), self.tokens + (now - self.refilled) * rate)
        self.refilled = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def full(self, rate: float, burst: int, now: float) -> bool:
        return self.tokens + (now - self.refilled) * rate >= burst


@dataclass(eq=False)
class _Peer:
    ws: ServerConnection
    address: str
    bucket: _Bucket
    """Its messages' rate."""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue())
    table: Table | None = None
    player: int = -1
    bad: int = 0
    closing: bool = False


@dataclass
class _Hosted:
    table: Table
    owner_address: str
    peers: dict[int, _Peer] = field(default_factory=dict)
    wake: asyncio.TimerHandle | None = None
    job: ComputerJob | None = None
    last_action: float = 0.0
    empty_since: float | None = None
    seen_step: int = 0


class FriendsServer:
    """Tables by code; every message checked, every peer capped."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        create_key: str | None = None,
        limits: Limits | None = None,
        computer_pause: float = 0.8,
        between_games: float = 20.0,
        on_saved: Callable[[str, dict[str, Any]], None] | None = None,
        on_step: Callable[[Table], None] | None = None,
        rng: random.Random | None = None,
        decisions: Mode = "process",
    ) -> None:
        self.host = host
        self.port = port
        self.create_key = create_key
        """When set, only a ``Create`` with this key may open a table (the host's own server)."""
        self.limits = limits or Limits()
        self.computer_pause = computer_pause
        """Seconds between a move and the computer's next one (people see each play)."""
        self.between_games = between_games
        self.on_saved = on_saved
        self.on_step = on_step
        """Called on the server's loop each time a table's step moves on, before anything else changes (tests)."""
        self._rng = rng
        self.tables: dict[str, _Hosted] = {}
        self._peers: set[_Peer] = set()
        self._per_address: dict[str, int] = {}
        self._guesses: dict[str, deque[float]] = {}
        self._handshakes: dict[str, _Bucket] = {}
        """The rate of new connections by address."""
        self._server: Server | None = None
        self.decisions = Decisions(decisions)
        """Where the computers think: the decision worker's processes unless told otherwise (``thread``: tests and
        the capacity benchmark)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped: asyncio.Event | None = None
        self._sweeper: asyncio.TimerHandle | None = None
        self.refusals: dict[Refusal, int] = {}
        """How often each refusal was given (for logs and tests)."""

    # --- running --------------------------------------------------------------------------------------

    async def start(self) -> int:
        """Listen; the port (useful with port 0)."""
        self._stopped = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._server = await serve(
            self._handler, self.host, self.port, max_size=MAX_CLIENT_BYTES, max_queue=4, compression=None,
            ping_interval=PING_INTERVAL, ping_timeout=PING_TIMEOUT, open_timeout=self.limits.hello_timeout,
            close_timeout=2, process_request=self._process_request, server_header=None,
        )
        sockets = list(self._server.sockets)
        self.port = sockets[0].getsockname()[1] if sockets else self.port
        self._sweep()
        self.decisions.start()
        log.info("network play: listening on %s:%d", self.host, self.port)
        return self.port

    async def serve_until_stopped(self) -> None:
        assert self._stopped is not None
        await self._stopped.wait()

    async def stop(self, reason: Closing = Closing.SHUTDOWN) -> None:
        """Close every table (saving the matches in play when the host leaves), tell the players, stop listening."""
        for code, hosted in list(self.tables.items()):
            saved = False
            if reason is Closing.HOST_LEFT and self.on_saved is not None:
                data = hosted.table.save_data()
                if data is not None:
                    try:
                        self.on_saved(code, data)
                        saved = True
                    except Exception:
                        log.exception("network play: the match of table %s could not be saved", code)
            self._dispatch(hosted, hosted.table.close(reason, saved))
            self._remove(code)
        await asyncio.sleep(0)  # let the writers send the closing messages
        for peer in list(self._peers):
            peer.queue.put_nowait(None)
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 3)
        if self._sweeper is not None:
            self._sweeper.cancel()
        await asyncio.get_running_loop().run_in_executor(None, self.decisions.close)
        if self._stopped is not None:
            self._stopped.set()

    # --- connections ------------------------------------------------------------------------------------

    def _process_request(self, connection: ServerConnection, request: Request) -> Response | None:
        """Refuse before the handshake when the server or this address has too many connections."""
        address = _address(connection)
        limits = self.limits
        if len(self._peers) >= limits.connections or self._per_address.get(address, 0) >= limits.per_address:
            return self._turn_away(http.HTTPStatus.SERVICE_UNAVAILABLE, b"too many connections\n")
        now = time.monotonic()
        bucket = self._handshakes.setdefault(address, _Bucket(float(limits.handshake_burst), now))
        if not bucket.take(limits.handshakes, limits.handshake_burst, now):
            return self._turn_away(http.HTTPStatus.TOO_MANY_REQUESTS, b"too many new connections: try again soon\n")
        return None

    def _turn_away(self, status: http.HTTPStatus, text: bytes) -> Response:
        self._count(Refusal.TOO_MANY_CONNECTIONS)
        return Response(status.value, status.phrase, Headers([("Content-Type", "text/plain")]), text)

    async def _handler(self, ws: ServerConnection) -> None:
        address = _address(ws)
        peer = _Peer(ws, address, _Bucket(float(self.limits.burst), time.monotonic()))
        self._peers.add(peer)
        self._per_address[address] = self._per_address.get(address, 0) + 1
        writer = asyncio.create_task(self._writer(peer))
        try:
            await self._converse(peer)
        except ConnectionClosed:
            pass
        except Exception:  # nothing a peer sends may stop the server
            log.exception("network play: a connection from %s failed", address)
        finally:
            self._forget(peer)
            peer.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 3)
            writer.cancel()

    def _forget(self, peer: _Peer) -> None:
        self._peers.discard(peer)
        left = self._per_address.get(peer.address, 1) - 1
        if left > 0:
            self._per_address[peer.address] = left
        else:
            self._per_address.pop(peer.address, None)
        table = peer.table
        if table is None:
            return
        hosted = self.tables.get(table.code)
        if hosted is not None and hosted.peers.get(peer.player) is peer:
            del hosted.peers[peer.player]
            self._dispatch(hosted, table.drop(peer.player, time.monotonic()))
            self._service(hosted)

    async def _writer(self, peer: _Peer) -> None:
        while True:
            text = await peer.queue.get()
            if text is None:
                break
            try:
                await peer.ws.send(text)
            except ConnectionClosed:
                break
        with contextlib.suppress(Exception):
            await peer.ws.close()

    def _send(self, peer: _Peer, message: ServerMessage | str) -> None:
        if peer.closing:
            return
        if peer.queue.qsize() >= self.limits.send_queue:
            log.warning("network play: %s does not read its messages; dropped", peer.address)
            peer.closing = True
            peer.queue.put_nowait(None)
            return
        peer.queue.put_nowait(message if isinstance(message, str) else encode(message))

    def _refuse(self, peer: _Peer, reason: Refusal, text: str) -> None:
        self._count(reason)
        self._send(peer, Refused(reason, text))
        peer.closing = True
        peer.queue.put_nowait(None)

    def _count(self, reason: Refusal) -> None:
        self.refusals[reason] = self.refusals.get(reason, 0) + 1

    async def _converse(self, peer: _Peer) -> None:
        try:
            first = await asyncio.wait_for(peer.ws.recv(), self.limits.hello_timeout)
        except asyncio.TimeoutError:
            self._refuse(peer, Refusal.BAD_MESSAGE, f"no hello within {self.limits.hello_timeout:g} s")
            return
        try:
            hello = decode(first, CLIENT)
        except MessageError as error:
            self._refuse(peer, Refusal.BAD_MESSAGE, str(error))
            return
        if not isinstance(hello, (Hello, Create)):
            self._refuse(peer, Refusal.BAD_MESSAGE, "the first message must be hello or create")
            return
        if hello.protocol != PROTOCOL or hello.app != APP:
            self._refuse(peer, Refusal.PROTOCOL,
                         f"this server speaks protocol {PROTOCOL} of {APP}; the other copy speaks {hello.protocol}: "
                         "use the same version of the game")
            return
        if not self._seat(peer, hello):
            return
        async for text in peer.ws:
            if peer.closing:
                return
            if not self._within_rate(peer):
                self._refuse(peer, Refusal.TOO_FAST, "more messages than the server allows: disconnected")
                return
            self._receive(peer, text)

    def _seat(self, peer: _Peer, hello: Hello | Create) -> bool:
        now = time.monotonic()
        try:
            if isinstance(hello, Create):
                hosted = self._create(peer, hello)
                slot, out = hosted.table.join(hello.name, now)
            else:
                found = self._find(peer, hello.code, hello.token)
                if found is None:
                    return False
                hosted = found
                if hello.token:
                    slot, out = hosted.table.come_back(hello.token, now, hello.records)
                else:
                    slot, out = hosted.table.join(hello.name, now)
        except TableError as error:
            self._refuse(peer, error.reason, str(error))
            return False
        table = hosted.table
        old = hosted.peers.get(slot.player)
        if old is not None and old is not peer:
            self._refuse(old, Refusal.REPLACED, "this seat connected again from elsewhere")
            old.table = None
        peer.table, peer.player = table, slot.player
        hosted.peers[slot.player] = peer
        hosted.empty_since = None
        self._send(peer, Welcome(table.code, slot.player, slot.token, slot.player == 0, table.settings))
        self._dispatch(hosted, out)
        self._service(hosted)
        return True

    def _create(self, peer: _Peer, create: Create) -> _Hosted:
        key = self.create_key
        if key is not None and not secrets.compare_digest(create.key.encode(), key.encode()):
            raise TableError(Refusal.NOT_ALLOWED, "this is a player's own table: join it with its code")
        owned = sum(1 for h in self.tables.values() if h.owner_address == peer.address and not h.table.over)
        if len(self.tables) >= self.limits.tables or owned >= self.limits.tables_per_address:
            raise TableError(Refusal.TOO_MANY_TABLES, "the server has as many tables as it takes")
        code = self._new_code()
        seed = self._seed()
        if create.resume is not None:
            if key is None:  # its seed deals every game: one chosen by a creator would show it every hand
                raise TableError(Refusal.NOT_ALLOWED, "a saved match is hosted again from its host's own copy")
            try:
                table = Table.resume(code, create.resume, between_games=self.between_games)
            except ValueError as error:
                raise TableError(Refusal.BAD_SETUP, str(error)[:200]) from None
        else:
            table = Table(code, create.table, seed, between_games=self.between_games)
        hosted = _Hosted(table, peer.address)
        self.tables[code] = hosted
        log.info("network play: table %s opened (%s, %d players)", code, table.settings.preset,
                 table.settings.players)
        return hosted

    def open_table(self, settings: TableSettings, address: str = "") -> str:
        """Open a table nobody owns yet (its first player starts it); its code."""
        code = self._new_code()
        table = Table(code, settings, self._seed(), between_games=self.between_games, owned=False)
        self.tables[code] = _Hosted(table, address, empty_since=time.monotonic())
        return code

    def _new_code(self) -> str:
        code = new_code(self._rng)
        while code in self.tables:
            code = new_code(self._rng)
        return code

    def _seed(self) -> int:
        return (self._rng or random.SystemRandom()).getrandbits(31)

    def _find(self, peer: _Peer, code: str, token: str = "") -> _Hosted | None:
        """The table of ``code``, or None with a refusal.  An address locked out for guessing may still bring a
        player back to its seat (friends behind one router share an address): with the right code and a token
        of that table; anything else is refused alike, so the lock-out tells nothing of which codes exist."""
        now = time.monotonic()
        guesses = self._guesses.setdefault(peer.address, deque())
        while guesses and now - guesses[0] > self.limits.guess_window:
            guesses.popleft()
        hosted = self.tables.get(code)
        if len(guesses) >= self.limits.wrong_codes:
            if token and hosted is not None and hosted.table.seat_of_token(token) is not None:
                return hosted
            self._refuse(peer, Refusal.TOO_MANY_GUESSES,
                         "too many wrong table codes from this address: "
                         f"wait {self.limits.guess_window / 60:g} minutes")
            return None
        if hosted is None or hosted.table.closed:
            guesses.append(now)
            self._refuse(peer, Refusal.WRONG_CODE, f"no table has the code {code}")
            return None
        return hosted

    def _within_rate(self, peer: _Peer) -> bool:
        return peer.bucket.take(self.limits.rate, self.limits.burst, time.monotonic())

    def _receive(self, peer: _Peer, text: str | bytes) -> None:
        table = peer.table
        if table is None:
            return
        hosted = self.tables.get(table.code)
        if hosted is None:
            return
        try:
            message = decode(text, CLIENT)
        except MessageError as error:
            peer.bad += 1
            if peer.bad > self.limits.bad_messages:
                self._refuse(peer, Refusal.BAD_MESSAGE, f"too many malformed messages; the last: {error}")
            else:
                self._count(Refusal.BAD_MESSAGE)
                self._send(peer, Rejected(Refusal.BAD_MESSAGE, str(error)[:300]))
            return
        now = time.monotonic()
        out: list[Outgoing]
        if isinstance(message, (Act, Give, React)):
            out = table.handle(peer.player, message, now)
            if isinstance(message, (Act, Give)) and not any(isinstance(m, Rejected) for _, m in out):
                hosted.last_action = now
        elif isinstance(message, Start):
            out = table.start(peer.player, now)
            hosted.last_action = now
        elif isinstance(message, Ready):
            out = table.ready(peer.player, now)
        elif isinstance(message, Leave):
            del hosted.peers[peer.player]
            out = table.leave(peer.player, now)
            peer.table = None
            peer.closing = True
            peer.queue.put_nowait(None)
        else:
            out = [(peer.player, Rejected(Refusal.BAD_MESSAGE, "hello and create come first, and only once"))]
        for _, m in out:
            if isinstance(m, Rejected):
                self._count(m.reason)
        self._dispatch(hosted, out)
        self._service(hosted)

    # --- tables ------------------------------------------------------------------------------------------

    def _dispatch(self, hosted: _Hosted, out: list[Outgoing]) -> None:
        table = hosted.table
        if self.on_step is not None and table.step != hosted.seen_step:
            hosted.seen_step = table.step
            self.on_step(table)
        for player, message in out:
            text = encode(message)
            if player == ALL:
                for peer in list(hosted.peers.values()):
                    self._send(peer, text)
            elif player in hosted.peers:
                self._send(hosted.peers[player], text)
            if isinstance(message, Closed):
                for peer in list(hosted.peers.values()):
                    peer.closing = True
                    peer.queue.put_nowait(None)

    def _service(self, hosted: _Hosted) -> None:
        """Run the table's timeouts, start the computer's next decision, and wake up when something is due."""
        table = hosted.table
        now = time.monotonic()
        if not table.closed:
            self._dispatch(hosted, table.tick(now))
        if table.closed:  # closed now or before (its owner gone before the start): no longer counted
            self._remove(table.code)
            return
        if hosted.wake is not None:
            hosted.wake.cancel()
            hosted.wake = None
        wake = table.next_wake(now)
        if hosted.job is None:
            job = table.computer_job(now)
            if job is not None:
                ready_at = hosted.last_action + self.computer_pause
                if ready_at > now:
                    wake = ready_at if wake is None else min(wake, ready_at)
                else:
                    hosted.job = job
                    self.decisions.submit(job, lambda ok, value: self._from_decisions(hosted, job, ok, value))
        if wake is not None:
            loop = asyncio.get_running_loop()
            hosted.wake = loop.call_at(loop.time() + max(0.0, wake - now) + 0.001, self._service, hosted)
        if not hosted.peers and hosted.empty_since is None:
            hosted.empty_since = now

    def _from_decisions(self, hosted: _Hosted, job: ComputerJob, ok: bool, value: Any) -> None:
        """A decision came back (on the decisions thread): the loop applies it."""
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server stopped meanwhile
                loop.call_soon_threadsafe(self._decided, hosted, job, ok, value)

    def _decided(self, hosted: _Hosted, job: ComputerJob, ok: bool, value: Any) -> None:
        hosted.job = None
        if hosted.table.code not in self.tables:
            return
        answer: Answer
        if ok:
            answer = value
        else:
            log.warning("network play: the computer failed (%s); it plays safe", value)
            runner = hosted.table.runner
            if runner is None:
                return
            answer = fallback_answer(runner, job.decision)
        now = time.monotonic()
        hosted.last_action = now
        self._dispatch(hosted, hosted.table.computer_answer(job, answer, now))
        self._service(hosted)

    def _remove(self, code: str) -> None:
        hosted = self.tables.pop(code, None)
        if hosted is not None and hosted.wake is not None:
            hosted.wake.cancel()

    def _sweep(self) -> None:
        """Close the tables nobody has been connected to for a long time, and finished tables left empty."""
        now = time.monotonic()
        for code, hosted in list(self.tables.items()):
            if hosted.table.closed:
                self._remove(code)
                continue
            empty = hosted.empty_since
            keep = self.limits.finished_keep if hosted.table.over else self.limits.idle_table
            if empty is not None and not hosted.peers and now - empty > keep:
                self._dispatch(hosted, hosted.table.close(Closing.IDLE))
                self._remove(code)
        for address, guesses in list(self._guesses.items()):
            if not guesses or now - guesses[-1] > self.limits.guess_window:
                del self._guesses[address]
        limits = self.limits
        for address, bucket in list(self._handshakes.items()):
            if bucket.full(limits.handshakes, limits.handshake_burst, now):
                del self._handshakes[address]
        self._sweeper = asyncio.get_running_loop().call_later(30.0, self._sweep)


def _address(connection: ServerConnection) -> str:
    remote = connection.remote_address
    return str(remote[0]) if remote else "?"


class ServerThread:
    """A ``FriendsServer`` in a background thread with its own event loop (the host's copy of the game, tests)."""

    def __init__(self, server: FriendsServer) -> None:
        self.server = server
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    def start(self, timeout: float = 10.0) -> int:
        """Start listening; the port.  ``OSError`` (the port is taken...) is raised here."""
        self._thread = threading.Thread(target=self._run, name="friends-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the network server did not start in time")
        if self._error is not None:
            raise self._error
        return self.server.port

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            try:
                loop.run_until_complete(self.server.start())
            except BaseException as error:
                self._error = error
                return
            finally:
                self._ready.set()
            loop.run_until_complete(self.server.serve_until_stopped())
        finally:
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def call(self, function: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Run ``function`` on the server's loop and return its result."""
        loop = self._loop
        if loop is None or loop.is_closed():
            raise RuntimeError("the server is not running")

        async def run() -> Any:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    def stop(self, reason: Closing = Closing.SHUTDOWN, timeout: float = 10.0) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed() and self._thread is not None and self._thread.is_alive():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self.server.stop(reason), loop).result(timeout)
        if self._thread is not None:
            self._thread.join(timeout)

    def tables(self) -> Mapping[str, Table]:
        """The tables now (read on the server's loop)."""
        result: Mapping[str, Table] = self.call(lambda: {code: h.table for code, h in self.server.tables.items()})
        return result


__all__ = ["DEFAULT_PORT", "FriendsServer", "Limits", "ServerThread"]
