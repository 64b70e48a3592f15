"""The external-program seat: a tournament program (a stand-in written for the tests) at our table.

The engine's match runner plays a uecda match: decisions run in a worker
thread (as the desktop session does), ``notify`` is called for every player
after every action (and with the setup events of games 2+).
"""

from __future__ import annotations

import json
import random
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from ai.player import Player
from game.engine import Game, Match, observe, preset_rules
from game.engine.events import Event, visible_to
from game.engine.record import check
from game.engine.runner import Answer, Decision, MatchRunner
from game.network.uecda.external import ExternalPlayer, ExternalPlayerError, build_command

from .helpers import PYTHON, player_of, standin

RULES = preset_rules("uecda")


def play_match(external: ExternalPlayer, player: int, games: int, seed: int = 3) -> Match:
    """A uecda match with ``external`` as ``player`` and Beginners elsewhere (raises ExternalPlayerError)."""
    players: list[Player] = [player_of("beginner") for _ in range(5)]
    players[player] = external
    runner = MatchRunner(Match(RULES, seed=seed, games=games))
    match = runner.match
    rng = random.Random(seed)

    def notify(events: list[Event]) -> None:
        for p, who in enumerate(players):
            seat = match.seat_of(p)
            who.notify(observe(match.game, seat), [visible_to(e, seat) for e in events])

    def dealt(game: Game) -> None:
        if match.index:
            notify(list(game.setup_events))

    with ThreadPoolExecutor(max_workers=1) as worker:

        def decide(decision: Decision) -> Answer:
            who = players[runner.player_of(decision)]
            obs = observe(match.game, decision.seat)
            if decision.gift is not None:
                return worker.submit(who.choose_gift, obs, rng).result(timeout=30)
            return worker.submit(who.choose_move, obs, rng, None).result(timeout=30)

        runner.play(decide, lambda decision, events: notify(events), on_game=dealt)
    return match


@pytest.mark.parametrize("player", [0, 3])
def test_a_program_plays_a_match_and_exits_cleanly(player: int) -> None:
    external = ExternalPlayer(standin("--mode", "play", "-n", "stand"), player_number=player, read_timeout=5)
    try:
        assert external.name == "stand" and external.runs_in_process is False
        match = play_match(external, player, games=4, seed=player + 1)
        assert len(match.results) == 4
    finally:
        external.close()
    assert external.returncode == 0  # it received "all games over" (2) after the last game
    assert external.failure is None


def test_our_own_client_as_the_external_program_sees_every_table_right(tmp_path: Path) -> None:
    """Our client checks every table against its shadow: a record per game means it never lost step."""
    command = [PYTHON, "-m", "game.network.uecda", "client", "--port", "{port}", "--host", "{host}",
               "--level", "beginner", "--records", str(tmp_path), "--name", "mirror"]
    external = ExternalPlayer(command, player_number=1, read_timeout=10)
    try:
        match = play_match(external, 1, games=4, seed=8)
    finally:
        external.close()
    assert external.returncode == 0
    records = sorted(tmp_path.glob("game-*[0-9].json"))
    assert len(records) == 4
    for index, path in enumerate(records):
        data = json.loads(path.read_text(encoding="utf-8"))
        status, answer = check(data)
        assert status == 0
        seat_places = answer["games"][0]["places"]
        assert seat_places == list(match.results[index].result.places)


def test_a_program_that_crashes_mid_game() -> None:
    external = ExternalPlayer(standin("--mode", "crash", "--after", "9"), read_timeout=5)
    try:
        with pytest.raises(ExternalPlayerError, match=r"status 3|closed|connection lost"):
            play_match(external, 0, games=3)
    finally:
        external.close()
    assert external.failure is not None and external.returncode == 3


def test_a_program_that_sends_a_garbage_play() -> None:
    external = ExternalPlayer(standin("--mode", "garbage-play"), read_timeout=5)
    try:
        with pytest.raises(ExternalPlayerError, match="malformed play table"):
            play_match(external, 0, games=2)
    finally:
        external.close()


def test_a_program_that_stops_answering() -> None:
    failures: list[ExternalPlayerError] = []
    external = ExternalPlayer(standin("--mode", "hang", "--after", "8"), read_timeout=2,
                              on_failure=failures.append)
    try:
        with pytest.raises(ExternalPlayerError, match=r"waited 2 s for the play"):
            play_match(external, 0, games=2)
    finally:
        external.close()
    assert failures and failures[0] is external.failure


def test_closing_while_the_program_is_thinking_does_not_wait_for_it() -> None:
    external = ExternalPlayer(standin("--mode", "hang", "--after", "1"), read_timeout=30)
    game = Match(RULES, seed=1, games=1).game
    seat = game.turn
    with ThreadPoolExecutor(max_workers=1) as worker:
        pending = worker.submit(external.choose_move, observe(game, seat), random.Random(1), None)
        done = threading.Event()
        pending.add_done_callback(lambda _: done.set())
        assert not done.wait(0.3)  # the program is "thinking"
        external.close()
        assert done.wait(10)
        with pytest.raises(ExternalPlayerError, match="closed"):
            pending.result()
    assert external.returncode is not None


def test_a_cancelled_decision_stops_waiting_and_fails_the_seat() -> None:
    external = ExternalPlayer(standin("--mode", "hang", "--after", "1"), read_timeout=30)
    game = Match(RULES, seed=1, games=1).game
    stop = threading.Event()
    try:
        with ThreadPoolExecutor(max_workers=1) as worker:
            pending = worker.submit(external.choose_move_cancellable, observe(game, game.turn), random.Random(1),
                                    None, stop.is_set)
            stop.set()
            with pytest.raises(ExternalPlayerError, match="cancelled"):
                pending.result(timeout=10)
        assert external.failure is not None
    finally:
        external.close()


@pytest.mark.parametrize(
    ("mode", "message"),
    [("garbage-hello", "protocol version"), ("wrong-version", "version 20060"),
     ("short", "240 of 480 bytes"), ("silent", "name table")],
)
def test_a_program_that_fails_the_handshake(mode: str, message: str) -> None:
    with pytest.raises(ExternalPlayerError, match=message):
        ExternalPlayer(standin("--mode", mode), connect_timeout=3.0)


def test_a_program_that_cannot_start_or_never_connects() -> None:
    with pytest.raises(ExternalPlayerError, match="cannot start"):
        ExternalPlayer(["/nonexistent/uecda-client"])
    with pytest.raises(ExternalPlayerError, match=r"exited with status 4 before connecting .*bye"):
        ExternalPlayer([PYTHON, "-c", "import sys; print('bye'); sys.exit(4)"], connect_timeout=5)
    with pytest.raises(ExternalPlayerError, match=r"did not connect within 0\.5 s"):
        ExternalPlayer([PYTHON, "-c", "import select; select.select([], [], [], 20)", "{port}"],
                       connect_timeout=0.5)
    with pytest.raises(ExternalPlayerError, match="empty"):
        ExternalPlayer("   ")


def test_build_command() -> None:
    assert build_command(["prog", "-n", "x"], "127.0.0.1", 5000) == ["prog", "-n", "x", "-h", "127.0.0.1",
                                                                     "-p", "5000"]
    assert build_command("prog --port {port} --host {host}", "127.0.0.1", 5001) == [
        "prog", "--port", "5001", "--host", "127.0.0.1"]
    if sys.platform != "win32":
        assert build_command("'my prog' -v", "127.0.0.1", 1)[:2] == ["my prog", "-v"]
