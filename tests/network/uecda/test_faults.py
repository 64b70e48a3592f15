"""Peers that break the protocol: garbage, short reads, wrong versions, disconnects, silence.

Every test finishes in bounded time: small timeouts, and every thread or
process is joined or killed with a timeout.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from game.engine import parse_cards
from game.network.uecda.client import ConnectError, UecdaClient
from game.network.uecda.protocol import (
    MalformedTable,
    PeerClosed,
    PeerTimeout,
    ProtocolError,
    TableState,
    encode_hand,
    encode_state,
    recv_table,
    send_int,
    send_table,
    table_bytes,
)
from game.network.uecda.server import MatchReport, ServerError, UecdaServer

from .helpers import FakeServer, connect_to, player_of, standin

# --- our client against broken servers -----------------------------------------------------------


def client_against(script: Callable[[socket.socket], None], *, read_timeout: float = 2.0) -> BaseException | None:
    """Run our client against a fake server that follows ``script`` once the client is connected."""
    fake = FakeServer()

    def serve() -> None:
        sock = fake.accept()
        try:
            recv_table(sock, 5, "the name table")
            script(sock)
        finally:
            sock.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    client = UecdaClient(player_of("beginner"), port=fake.port, read_timeout=read_timeout, connect_timeout=2)
    error: BaseException | None = None
    try:
        client.run()
    except ProtocolError as caught:
        error = caught
    thread.join(timeout=10)
    fake.close()
    assert not thread.is_alive()
    return error


def opening_hand() -> list[list[int]]:
    table = encode_hand(parse_cards("3S 4H 5D 6C 7S 8H 9D TC JS QH KD"))
    return encode_state(TableState(exchanging=True, counts=(11, 11, 11, 10, 10)), table)


def test_client_garbage_from_the_server() -> None:
    def script(sock: socket.socket) -> None:
        send_int(sock, 1)
        sock.sendall(os.urandom(100))

    error = client_against(script)
    assert isinstance(error, PeerClosed) and "100 of 480 bytes" in str(error)


def test_client_short_table_then_close() -> None:
    def script(sock: socket.socket) -> None:
        send_int(sock, 0)
        sock.sendall(table_bytes(opening_hand())[:300])

    error = client_against(script)
    assert isinstance(error, PeerClosed) and "the opening hand (300 of 480 bytes)" in str(error)


def test_client_server_goes_silent() -> None:
    def script(sock: socket.socket) -> None:
        send_int(sock, 0)
        sock.recv(1)  # waits until the client gives up and closes

    error = client_against(script, read_timeout=0.5)
    assert isinstance(error, PeerTimeout) and "opening hand" in str(error)


def test_client_server_disconnects_mid_game() -> None:
    def script(sock: socket.socket) -> None:
        send_int(sock, 0)
        send_table(sock, opening_hand())
        turn = encode_state(TableState(turn_player=2, cleared=True, counts=(11, 11, 11, 10, 10)),
                            encode_hand(parse_cards("3S 4H 5D 6C 7S 8H 9D TC JS QH KD")))
        send_table(sock, turn)

    error = client_against(script)
    assert isinstance(error, PeerClosed) and "the field" in str(error)


def test_client_malformed_state_and_bad_player_number() -> None:
    def bad_seating(sock: socket.socket) -> None:
        send_int(sock, 0)
        table = opening_hand()
        table[6][10:15] = [0, 0, 1, 2, 3]
        send_table(sock, table)

    error = client_against(bad_seating)
    assert isinstance(error, MalformedTable) and "seating" in str(error)

    error = client_against(lambda sock: send_int(sock, 7))
    assert isinstance(error, ProtocolError) and "player number 7" in str(error)


def test_client_cannot_connect() -> None:
    fake = FakeServer()
    port = fake.port
    fake.close()
    with pytest.raises(ConnectError, match="cannot connect"):
        UecdaClient(player_of("beginner"), port=port, connect_timeout=1).run()


# --- our server against broken clients -------------------------------------------------------------

# How long the server waits for a client here. The good clients share one process (and its lock)
# with the server, on a machine that may be running other tests: at 0.5 s a busy machine once let a
# good client's gift arrive late, and the server dropped it too.
PATIENCE = 3.0


def serve_in_thread(server: UecdaServer) -> tuple[threading.Thread, dict[str, object]]:
    out: dict[str, object] = {}

    def run() -> None:
        try:
            out["report"] = server.run()
        except BaseException as error:  # reported to the test
            out["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out


def good_clients(port: int, count: int) -> list[threading.Thread]:
    threads = []
    for i in range(count):
        client = UecdaClient(player_of("beginner"), name=f"good{i}", port=port, read_timeout=10, seed=i)

        def run(c: UecdaClient = client) -> None:
            with contextlib.suppress(ProtocolError):
                c.run()

        threads.append(threading.Thread(target=run, daemon=True))
    return threads


@pytest.mark.parametrize(
    ("mode", "message"),
    [("wrong-version", "version 20060"), ("silent", f"waited {PATIENCE:g} s for the name table"),
     ("short", "240 of 480 bytes"), ("garbage-hello", "protocol version"), ("port-scan", "closed")],
)
@pytest.mark.slow
def test_server_drops_a_bad_connection_before_the_match_and_fills_the_seats(
    mode: str, message: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Before: one such connection stopped the server (exit 1) and the five real clients after it were turned away."""
    server = UecdaServer(games=1, port=0, handshake_timeout=PATIENCE, accept_timeout=30, seed=3,
                         fallback_level="beginner")
    port = server.listen()
    thread, out = serve_in_thread(server)
    proc: subprocess.Popen[bytes] | None = None
    if mode == "port-scan":
        connect_to(port).close()
    else:
        proc = subprocess.Popen(standin("-p", str(port), "--mode", mode), stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
    clients = good_clients(port, 5)
    try:
        assert _wait_for(lambda: "was dropped" in caplog.text), "the bad connection came first and was dropped"
        for c in clients:
            c.start()
        thread.join(timeout=60)
        for c in clients:
            c.join(timeout=20)
        assert not thread.is_alive() and not any(c.is_alive() for c in clients)
    finally:
        if proc is not None:
            proc.kill()
            proc.wait()
    report = out.get("report")
    assert isinstance(report, MatchReport), out.get("error")
    assert sorted(p.name for p in report.players) == [f"good{i}" for i in range(5)]
    assert all(p.games == 1 and p.dropped is None for p in report.players)
    assert message in caplog.text


def test_server_gives_up_waiting_for_clients() -> None:
    server = UecdaServer(games=1, port=0, accept_timeout=0.3)
    with pytest.raises(ServerError, match="only 0 of 5 clients"):
        server.run()


@pytest.mark.parametrize(
    ("mode", "reason"),
    [("crash", "closed|connection lost"), ("hang", f"waited {PATIENCE:g} s for the play"), ("garbage-play", "holds 7")],
)
@pytest.mark.slow
def test_server_drops_a_broken_client_and_finishes_the_match(mode: str, reason: str, tmp_path: Path) -> None:
    server = UecdaServer(games=3, port=0, turn_timeout=PATIENCE, accept_timeout=20, seed=2, fallback_level="beginner")
    port = server.listen()
    thread, out = serve_in_thread(server)
    proc = subprocess.Popen(standin("-p", str(port), "--mode", mode, "--after", "6", "-n", "broken"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # The stand-in connects first (player 0), then our four clients.
    accepted = _wait_for_links(server, 1)
    clients = good_clients(port, 4)
    for c in clients:
        c.start()
    try:
        thread.join(timeout=60)
        for c in clients:
            c.join(timeout=20)
        assert not thread.is_alive() and not any(c.is_alive() for c in clients)
    finally:
        proc.kill()
        proc.wait()
    assert accepted
    report = out.get("report")
    assert isinstance(report, MatchReport), out.get("error")
    broken = next(p for p in report.players if p.name == "broken")
    assert broken.dropped is not None and re.search(reason, broken.dropped), broken.dropped
    assert all(p.games == 3 for p in report.players)
    assert all(p.dropped is None for p in report.players if p is not broken)


def _wait_for_links(server: UecdaServer, count: int) -> bool:
    return _wait_for(lambda: len(server.links) >= count)


def _wait_for(condition: Callable[[], bool], tries: int = 400) -> bool:
    event = threading.Event()
    for _ in range(tries):
        if condition():
            return True
        event.wait(0.05)
    return False
