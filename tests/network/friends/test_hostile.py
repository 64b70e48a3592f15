"""Hostile peers at a server on 127.0.0.1: garbage, oversized and binary frames, floods, code guessing,
out-of-turn and stale actions, hundreds of connections.  Each gets a clear refusal or is dropped; the others
play on, and the server keeps serving."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import threading
from collections.abc import Callable, Sequence
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidStatus

from game.network.friends import client as client_module
from game.network.friends.bots import run_bot
from game.network.friends.client import Connection, Link, Status
from game.network.friends.messages import (
    CLIENT_TYPES,
    Act,
    Create,
    Hello,
    Lobby,
    Reaction,
    Refusal,
    Rejected,
    SeatState,
    Start,
    TableSettings,
    Update,
    encode,
)
from game.network.friends.server import Limits
from game.network.friends.table import Table

from .helpers import running_server, wait_item, welcome_of

LIMITS = Limits(rate=60.0, burst=120, per_address=40, wrong_codes=5, hello_timeout=3.0, bad_messages=30,
                handshakes=1000.0, handshake_burst=2000)


async def raw_exchange(url: str, first: str | bytes, then: Sequence[str | bytes] = (),
                       timeout: float = 5.0, answered: bool = False) -> list[Any]:
    """Send raw frames and collect what the server answers until it closes (JSON decoded).

    With ``answered`` the frames after the first wait for the server's first answer (a frame the server
    refuses on arrival, such as an oversized one, would otherwise close the connection before it answers)."""
    got: list[Any] = []
    async with connect(url, proxy=None, open_timeout=timeout, compression=None) as ws:
        await ws.send(first)
        try:
            if answered:
                got.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
            for frame in then:
                await ws.send(frame)
            while True:
                text = await asyncio.wait_for(ws.recv(), timeout)
                got.append(json.loads(text))
        except (ConnectionClosed, asyncio.TimeoutError):
            pass
    return got


def start_table(url: str, people: int = 2, players: int = 4, before: Callable[[str], object] | None = None,
                drop_timeout: int = 60) -> tuple[str, list[Connection], list[Any], threading.Thread]:
    """A table with ``people`` bots that start and play it in the background (``before(code)`` runs first)."""
    host = Connection(url, Create("host", TableSettings(players=players, games=2, drop_timeout=drop_timeout))).start()
    code = welcome_of(host).code
    if before is not None:
        before(code)
        # the intruder's seat is free again before the friends come (else the host could start with it)
        lobbies = [m for m in host.poll(1.0) if isinstance(m, Lobby)]
        for _ in range(100):  # 10 s at most
            if [i for i, lobby in enumerate(lobbies) if sum(s.person for s in lobby.seats) > 1] and \
                    [s.state for s in lobbies[-1].seats if s.person] == [SeatState.CONNECTED]:
                break
            lobbies += [m for m in host.poll(0.1) if isinstance(m, Lobby)]
        else:
            raise AssertionError("the intruder's seat was not freed")
    conns = [host] + [Connection(url, Hello(f"friend {k}", code)).start() for k in range(1, people)]
    results: list[Any] = [None] * people

    def play() -> None:
        threads = [threading.Thread(target=lambda k=k: results.__setitem__(
            k, run_bot(conns[k], "beginner", seed=k, timeout=90, start_with=people if k == 0 else None)))
            for k in range(people)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(100)

    runner = threading.Thread(target=play, daemon=True)
    runner.start()
    return code, conns, results, runner


def finish(conns: list[Connection], results: list[Any], runner: threading.Thread) -> None:
    runner.join(100)
    for conn in conns:
        conn.close()
    assert all(r is not None and r.over is not None for r in results), [r and r.gone for r in results]


def fuzz_frames(rng: random.Random, count: int) -> list[str | bytes]:
    frames: list[str | bytes] = []
    for _ in range(count):
        kind = rng.randrange(7)
        if kind == 0:
            frames.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))))
        elif kind == 1:
            frames.append("".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(1, 60))))
        elif kind == 2:
            frames.append(json.dumps({"type": rng.choice(CLIENT_TYPES), "step": rng.randrange(-5, 10**6),
                                      "play": {"cards": ["3S", "JK", "ZZ"][: rng.randrange(4)],
                                               "kind": rng.randrange(5),
                                               "rank": rng.randrange(-3, 20), "size": rng.randrange(0, 9),
                                               "suits": rng.randrange(-1, 20)}}))
        elif kind == 3:
            frames.append(json.dumps({"type": "give", "step": rng.randrange(100), "cards": ["AS", "2S", "JK"]}))
        elif kind == 4:
            frames.append("[" * rng.randrange(1, 3000))
        elif kind == 5:
            frames.append(json.dumps({"type": "act", "step": 0, "play": None, "x": [1] * rng.randrange(50)}))
        else:
            frames.append(json.dumps({"type": "react", "stamp": rng.choice(["nice", "rude", 3, None])}))
    return frames


@pytest.mark.slow
def test_fuzzed_and_oversized_messages_from_a_seated_player_never_stop_the_others() -> None:
    with running_server(limits=LIMITS, computer_pause=0.01) as (thread, url):
        answers: list[Any] = []
        big: list[Any] = []

        def fuzz(code: str) -> None:  # seated players send garbage before the start, then their seats are free again
            frames = fuzz_frames(random.Random(5), 25)
            answers.extend(asyncio.run(raw_exchange(url, encode(Hello("fuzzer", code)), frames, timeout=2.0)))
            # an oversized frame closes that connection (the WebSocket's max_size), nothing else
            big.extend(asyncio.run(raw_exchange(url, encode(Hello("big", code)), ["x" * 100_000], timeout=2.0,
                                                  answered=True)))

        _, conns, results, runner = start_table(url, people=2, players=4, before=fuzz, drop_timeout=0)
        assert answers[0]["type"] == "welcome"
        refusals = [a for a in answers if a.get("type") in ("rejected", "refused")]
        assert refusals and all(a["reason"] in {r.value for r in Refusal} and a["message"] for a in refusals)
        assert big[0]["type"] == "welcome" and all(a.get("type") != "update" for a in big)
        finish(conns, results, runner)
        assert thread.tables() is not None  # still serving


@pytest.mark.slow
def test_a_flood_is_cut_off_and_the_table_plays_on() -> None:
    with running_server(limits=LIMITS, computer_pause=0.01) as (_, url):
        answers: list[Any] = []

        def flood(code: str) -> None:  # a seated player floods before the start (then its seat is free again)
            frames = [encode(Act(0, None))] * 400
            answers.extend(asyncio.run(raw_exchange(url, encode(Hello("flood", code)), frames, timeout=3.0)))

        _, conns, results, runner = start_table(url, before=flood, drop_timeout=0)
        assert answers[-1]["type"] == "refused" and answers[-1]["reason"] == Refusal.TOO_FAST.value
        finish(conns, results, runner)


def assert_a_table_plays_to_its_end(url: str) -> None:
    """A host and a friend (two bots) play a one-game table on the server to its end."""
    host = Connection(url, Create("host", TableSettings(players=3, games=1))).start()
    friend = Connection(url, Hello("friend", welcome_of(host).code)).start()
    wait_item(friend, Lobby)
    results: list[Any] = [None, None]
    threads = [threading.Thread(target=lambda: results.__setitem__(0, run_bot(host, seed=1, start_with=2))),
               threading.Thread(target=lambda: results.__setitem__(1, run_bot(friend, seed=2)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(100)
    host.close()
    friend.close()
    assert all(r is not None and r.over is not None for r in results)


def test_guessing_codes_is_refused_then_locked_out() -> None:
    with running_server(limits=LIMITS) as (_, url):
        host = Connection(url, Create("host", TableSettings(players=3))).start()
        code = welcome_of(host).code
        wrong = "".join("ABCDE" if code != "ABCDE" else "FGHJK")
        for _ in range(LIMITS.wrong_codes):
            answers = asyncio.run(raw_exchange(url, encode(Hello("guess", wrong))))
            assert answers[-1]["reason"] == Refusal.WRONG_CODE.value
        answers = asyncio.run(raw_exchange(url, encode(Hello("guess", code))))
        assert answers[-1]["reason"] == Refusal.TOO_MANY_GUESSES.value  # even the right code, for a while
        host.close()




def test_a_token_of_any_characters_is_refused_plainly() -> None:
    """A return with a token of characters no token has (not ASCII) is refused as a bad token, like any other
    (the comparison once failed on it and the connection was cut without a word)."""
    with running_server(limits=LIMITS) as (thread, url):
        host = Connection(url, Create("host", TableSettings(players=3))).start()
        code = welcome_of(host).code
        for token in ("\u00e9t\u00e9", "\u30c8\u30fc\u30af\u30f3", "\U0001f600" * 10):
            answers = asyncio.run(raw_exchange(url, encode(Hello("thief", code, token=token))))
            assert answers and answers[-1]["reason"] == Refusal.BAD_TOKEN.value, answers
        assert thread.server.refusals[Refusal.BAD_TOKEN] == 3
        host.close()


def test_a_dedicated_server_takes_no_saved_match_whose_seed_its_creator_chose() -> None:
    """A saved match carries the seed that deals its games: on a server anyone may create tables on, a ``create``
    resuming a match of a seed of one's own choosing would show its creator every hand of every game.  Only the
    host's own server (its key) hosts a saved match again."""
    table = Table("ABCDE", TableSettings(players=4), seed=12345)
    table.join("cheat", 0.0)
    table.start(0, 0.0)
    data = table.save_data()
    assert data is not None
    with running_server(limits=LIMITS) as (thread, url):
        answers = asyncio.run(raw_exchange(url, encode(Create("cheat", TableSettings(players=4), resume=data))))
        assert answers and answers[-1]["type"] == "refused", answers
        assert answers[-1]["reason"] == Refusal.NOT_ALLOWED.value and "saved" in answers[-1]["message"]
        assert not thread.tables()

def test_a_player_comes_back_from_an_address_locked_out_for_guessing() -> None:
    """Friends behind one router (or a carrier's shared address) share an address: one guessing codes locks it out of
    joining, but a seated player's return with its token still comes in.  A token that is not the table's is
    refused as a guess, so the lock-out says nothing of which codes exist."""
    with running_server(limits=LIMITS) as (_, url):
        host = Connection(url, Create("host", TableSettings(players=3))).start()
        code = welcome_of(host).code
        wrong = "ABCDE" if code != "ABCDE" else "FGHJK"
        for _ in range(LIMITS.wrong_codes):
            asyncio.run(raw_exchange(url, encode(Hello("guess", wrong))))
        stolen = asyncio.run(raw_exchange(url, encode(Hello("thief", code, token="A" * 24))))
        assert stolen[-1]["reason"] == Refusal.TOO_MANY_GUESSES.value
        wait_item(host, Lobby)
        host.kill()  # the host's connection drops: it comes back with its token
        back = wait_item(host, Status, lambda s: s.link in (Link.ONLINE, Link.GONE))
        assert back.link is Link.ONLINE, back.message
        host.close()

@pytest.mark.slow
def test_no_hello_a_binary_hello_and_a_second_hello_are_refused() -> None:
    with running_server(limits=LIMITS) as (_, url):
        answers = asyncio.run(raw_exchange(url, b"\x00\x01"))
        assert answers[-1]["reason"] == Refusal.BAD_MESSAGE.value
        answers = asyncio.run(raw_exchange(url, '{"type":"start"}'))
        assert answers[-1]["reason"] == Refusal.BAD_MESSAGE.value and "hello" in answers[-1]["message"]

        async def silent() -> list[Any]:
            async with connect(url, proxy=None, compression=None) as ws:
                return [json.loads(await asyncio.wait_for(ws.recv(), 10))]

        assert asyncio.run(silent())[0]["reason"] == Refusal.BAD_MESSAGE.value  # no hello in time
        host = Connection(url, Create("host", TableSettings(players=3))).start()
        code = welcome_of(host).code
        answers = asyncio.run(raw_exchange(url, encode(Hello("twice", code)), [encode(Hello("twice", code))],
                                           timeout=3.0))
        assert any(a.get("type") == "rejected" and "only once" in a["message"] for a in answers)
        host.close()


def test_out_of_turn_and_stale_actions_are_refused_with_reasons() -> None:
    with running_server(limits=LIMITS, computer_pause=30.0) as (_, url):
        host = Connection(url, Create("host", TableSettings(players=3))).start()
        code = welcome_of(host).code
        friend = Connection(url, Hello("friend", code)).start()
        welcome_of(friend)
        host.send(Start())
        snapshot = wait_item(friend, Update)  # a new match's deal comes with its events
        turn_player = snapshot.view.seating[snapshot.view.state.turn]
        idle = friend if turn_player != friend.welcome.player else host  # type: ignore[union-attr]
        idle.send(Act(snapshot.step, None))
        refusal = wait_item(idle, Rejected)
        assert refusal.reason in (Refusal.NOT_YOUR_TURN, Refusal.STALE)
        idle.send(Act(snapshot.step + 100, None))
        assert wait_item(idle, Rejected).reason is Refusal.STALE
        host.close()
        friend.close()


def test_hundreds_of_connections_are_refused_beyond_the_caps_and_the_server_goes_on() -> None:
    limits = Limits(rate=1000.0, burst=2000, per_address=30, connections=60, hello_timeout=3.0, handshakes=1000.0,
                    handshake_burst=2000)
    with running_server(limits=limits) as (_, url):

        async def crowd() -> tuple[int, int]:
            opened: list[Any] = []
            refused = 0
            for _ in range(300):
                try:
                    opened.append(await connect(url, proxy=None, open_timeout=5, compression=None))
                except InvalidStatus as error:
                    assert error.response.status_code == 503
                    refused += 1
            accepted = len(opened)
            for ws in opened:
                await ws.close()
            return accepted, refused

        accepted, refused = asyncio.run(crowd())
        assert accepted <= limits.per_address and refused == 300 - accepted
        # once they are gone, a table is played as usual
        assert_a_table_plays_to_its_end(url)



def test_a_storm_of_new_connections_from_one_address_is_held_to_a_rate() -> None:
    """One address opening connection after connection (a seat's token coming back again and again: each return
    sends the seat everything and tells the whole table) is answered 429 beyond a rate; the others at the table stay,
    and a player whose connection drops after the storm comes back."""
    limits = Limits(rate=1000.0, burst=2000, per_address=100, handshakes=2.0, handshake_burst=10)
    with running_server(limits=limits) as (thread, url):
        host = Connection(url, Create("host", TableSettings(players=3))).start()
        code = welcome_of(host).code

        async def storm() -> tuple[int, list[int]]:
            async with connect(url, proxy=None, open_timeout=5, compression=None) as first:
                await first.send(encode(Hello("storm", code)))
                token = json.loads(await asyncio.wait_for(first.recv(), 5))["token"]
                accepted, statuses = 0, []
                for _ in range(40):
                    try:
                        async with connect(url, proxy=None, open_timeout=5, compression=None) as ws:
                            accepted += 1
                            await ws.send(encode(Hello("storm", code, token=token)))
                            await asyncio.wait_for(ws.recv(), 5)
                    except InvalidStatus as error:
                        statuses.append(error.response.status_code)
                return accepted, statuses

        accepted, statuses = asyncio.run(storm())
        assert accepted < 20 and statuses and set(statuses) == {429}, (accepted, statuses)
        assert thread.server.refusals[Refusal.TOO_MANY_CONNECTIONS] == len(statuses)
        seen = host.poll(0.5)
        assert not [s for s in seen if isinstance(s, Status) and s.link in (Link.RECONNECTING, Link.GONE)], "it stayed"
        host.kill()
        back = wait_item(host, Status, lambda s: s.link in (Link.ONLINE, Link.GONE), timeout=20)
        assert back.link is Link.ONLINE, back.message
        host.close()

async def create_flood(url: str, source: str, count: int, settings: TableSettings) -> tuple[list[Any], list[str]]:
    """``count`` connections from ``source`` (an address of 127.0.0.0/8), each asking to create a table: the ones
    welcomed (kept open, so their tables stay) and the reasons of the refused."""
    kept: list[Any] = []
    refused: list[str] = []
    for _ in range(count):
        ws = await connect(url, proxy=None, open_timeout=5, compression=None, local_addr=(source, 0))
        await ws.send(encode(Create("flood", settings)))
        first = json.loads(await asyncio.wait_for(ws.recv(), 5))
        if first["type"] == "welcome":
            kept.append(ws)
        else:
            refused.append(first["reason"])
            await ws.close()
    return kept, refused


def test_a_flood_of_creates_is_held_to_the_table_caps_and_the_server_goes_on() -> None:
    """Creates from one address stop at its cap, creates from several at the server's; the tables of owners who
    went before the start close, and a real table is then created and played."""
    limits = Limits(rate=1000.0, burst=2000, per_address=100, connections=300, tables=6, tables_per_address=3,
                    handshakes=1000.0, handshake_burst=2000)
    settings = TableSettings(players=3, games=1, drop_timeout=0)
    with running_server(limits=limits) as (thread, url):

        async def flood() -> tuple[list[list[str]], list[Any]]:
            reasons: list[list[str]] = []
            kept: list[Any] = []
            for source in ("127.0.0.1", "127.0.0.2", "127.0.0.3"):
                welcomed, refused = await create_flood(url, source, 30, settings)
                kept += welcomed
                reasons.append(refused)
            assert len(thread.tables()) == limits.tables
            for ws in kept:
                await ws.close()
            return reasons, kept

        reasons, kept = asyncio.run(flood())
        assert [len(r) for r in reasons] == [27, 27, 30]
        assert {reason for r in reasons for reason in r} == {Refusal.TOO_MANY_TABLES.value}
        assert len(kept) == limits.tables
        for _ in range(100):  # the owners went before the start: their tables close
            if not thread.tables():
                break
            threading.Event().wait(0.05)
        assert thread.tables() == {}
        assert_a_table_plays_to_its_end(url)


def test_a_server_that_sends_more_than_the_game_reads_is_left_with_what_waits_capped(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A flooding server (here: reactions, as fast as it can): the client keeps at most its cap of unread
    messages, leaves the table saying why and does not come back."""
    monkeypatch.setattr(client_module, "INBOX_MESSAGES", 50)
    flood = json.dumps({"type": "reaction", "player": 1, "stamp": "nice"})
    ready = threading.Event()
    found: dict[str, Any] = {}

    async def flooder(ws: ServerConnection) -> None:
        await ws.recv()  # the hello
        with contextlib.suppress(ConnectionClosed):
            for _ in range(500):
                await ws.send(flood)
            await ws.wait_closed()

    async def serving() -> None:
        async with serve(flooder, "127.0.0.1", 0) as server:
            found["port"] = server.sockets[0].getsockname()[1]
            found["stop"] = stop = asyncio.Event()
            found["loop"] = asyncio.get_running_loop()
            ready.set()
            await stop.wait()

    thread = threading.Thread(target=asyncio.run, args=(serving(),), daemon=True)
    thread.start()
    assert ready.wait(5)
    conn = Connection(f"ws://127.0.0.1:{found['port']}", Hello(name="Ann", code="ABCDE")).start()
    try:
        conn._thread.join(10)  # type: ignore[union-attr]  # the connection ends by itself; nothing is read meanwhile
        assert not conn.alive
        items = conn.poll()
    finally:
        conn.close()
        found["loop"].call_soon_threadsafe(found["stop"].set)
        thread.join(5)
    reactions = [item for item in items if isinstance(item, Reaction)]
    assert len(reactions) == 50, "the cap, and no more, waited unread"
    last = items[-1]
    assert isinstance(last, Status) and last.link is Link.GONE
    assert last.message == "the table sent more than the game could read"
    assert not any(isinstance(item, Status) and item.link is Link.RECONNECTING for item in items)
