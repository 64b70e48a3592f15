"""Our client against our server: full short matches of mixed levels, in threads and as programs."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from ai.normal import Normal
from ai.opponents import unexplained_moves
from ai.player import Player
from game.engine import Event, Move, Observation
from game.engine.record import check
from game.network.uecda.__main__ import build_parser
from game.network.uecda.protocol import PROTOCOL_VERSION
from game.network.uecda.server import UecdaServer

from .helpers import run_match

DATA = Path(__file__).with_name("data")

PYTHON = sys.executable


@pytest.mark.parametrize(
    ("levels", "games"),
    [
        (["beginner"] * 5, 6),
        (["expert", "strong", "normal", "beginner", "normal"], 4),
    ],
)
@pytest.mark.slow
def test_full_match_of_our_clients(levels: list[str], games: int, tmp_path: Path) -> None:
    run = run_match(levels, games, records=tmp_path, seed=games)
    assert run.server_error is None and run.client_errors == [None] * 5
    report = run.report
    assert report is not None and report.games == games
    assert sum(p.points for p in report.players) == games * 15  # 5+4+3+2+1 per game
    by_name = {p.name: p for p in report.players}
    for summary in report.players:
        assert summary.games == games and summary.dropped is None
        assert sum(summary.classes) == games and abs(sum(summary.shares()) - 1) < 1e-9
    for i, client in enumerate(run.clients):
        assert client is not None and len(client.games) == games
        assert client.points == by_name[client.name].points  # the client saw the same places
        assert all(not g.rebuilds for g in client.games)
        records = sorted((tmp_path / f"c{i}").glob("game-*[0-9].json"))
        assert len(records) == games
        for path in records:
            data = json.loads(path.read_text(encoding="utf-8"))
            assert data["uecda"]["protocol"] == PROTOCOL_VERSION
            assert check(data)[0] == 0


def test_classes_reset_like_the_official_server(tmp_path: Path) -> None:
    """Every ``class_reset_every`` games the next game has no exchange (the official server: every 100)."""
    run = run_match(["beginner"] * 5, 5, records=tmp_path, class_reset_every=2)
    assert run.server_error is None and run.client_errors == [None] * 5
    for client in run.clients:
        assert client is not None and len(client.games) == 5 and not any(g.rebuilds for g in client.games)
    logs = [json.loads((tmp_path / "c0" / f"game-{k:04d}.log.json").read_text(encoding="utf-8")) for k in range(1, 6)]
    assert [log["classes"] is None for log in logs] == [True, False, True, False, True]


def test_the_programs_from_the_command_line(tmp_path: Path) -> None:
    server = subprocess.Popen(
        [PYTHON, "-m", "game.network.uecda", "server", "--port", "0", "--games", "3", "--seed", "9", "--json",
         "--turn-timeout", "10", "--wait", "30"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    clients: list[subprocess.Popen[str]] = []
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        assert line.startswith("listening on 127.0.0.1:"), line
        port = line.strip().rsplit(":", 1)[1]
        for i in range(5):
            args = [PYTHON, "-m", "game.network.uecda", "client", "--port", port, "--level", "beginner",
                    "--name", f"cli{i}", "--json", "--timeout", "20"]
            if i == 0:
                args += ["--records", str(tmp_path), "--trace", str(tmp_path / "trace.jsonl")]
            clients.append(subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        outputs = [c.communicate(timeout=60) for c in clients]
        out, err = server.communicate(timeout=60)
    finally:
        for proc in [server, *clients]:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert server.returncode == 0, err
    assert [c.returncode for c in clients] == [0] * 5, [o[1] for o in outputs]
    summary = json.loads(out)
    assert summary["games"] == 3 and {p["name"] for p in summary["players"]} == {f"cli{i}" for i in range(5)}
    for p in summary["players"]:
        assert abs(sum(p["class_shares"].values()) - 1) < 1e-3
    reports = [json.loads(o[0]) for o in outputs]
    points = {p["name"]: p["points"] for p in summary["players"]}
    assert all(r["games"] == 3 and r["points"] == points[r["name"]] for r in reports)
    assert len(list(tmp_path.glob("game-*[0-9].json"))) == 3
    trace = [json.loads(line) for line in (tmp_path / "trace.jsonl").read_text(encoding="utf-8").splitlines()]
    assert trace[0]["send"] == "the name table" and trace[0]["table"][0][0] == PROTOCOL_VERSION
    assert trace[1] == {"recv": "the player number", "int": reports[0]["player"]}
    assert sum(m.get("recv") == "the opening hand" for m in trace) == 3
    assert trace[-1] == {"recv": "the game-over flag", "int": 2}


@pytest.mark.slow
def test_command_line_errors() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([PYTHON, "-m", "game.network.uecda", *args], capture_output=True, text=True, timeout=30)

    no_level = run("client", "--level", "grandmaster", "--port", "1")
    assert no_level.returncode == 2 and "grandmaster" in no_level.stderr
    four = run("server", "--players", "4", "--port", "0")
    assert four.returncode == 2 and "5 players" in four.stderr
    bad_option = run("client", "--level", "expert", "--option", "others=oracle", "--port", "1")
    assert bad_option.returncode == 2 and "others" in bad_option.stderr
    unknown_option = run("client", "--level", "normal", "--option", "budget=1", "--port", "1")
    assert unknown_option.returncode == 2 and "budget" in unknown_option.stderr
    not_an_option = run("client", "--level", "expert", "--option", "budget", "--port", "1")
    assert not_an_option.returncode == 2 and "NAME=VALUE" in not_an_option.stderr
    optioned = run("client", "--level", "expert", "--option", "place_values=[9, 7, 4, 1, 0]", "--port", "1",
                   "--connect-timeout", "2")
    assert optioned.returncode == 1 and "cannot connect" in optioned.stderr
    closed = run("client", "--level", "beginner", "--port", "1", "--connect-timeout", "2")
    assert closed.returncode == 1 and "cannot connect" in closed.stderr
    helped = run("client", "--help")
    assert helped.returncode == 0 and "--records" in helped.stdout and "--trace" in helped.stdout
    server_help = run("server", "--help")
    assert "default 120" in " ".join(server_help.stdout.split())  # the official server waits forever
    assert UecdaServer(port=0).turn_timeout == 120
    log = run("log", str(DATA / "official-server.log"))
    assert log.returncode == 0 and "4 games, 4 replayed with the server's places" in log.stdout
    assert "1 play(s) the server refused" in log.stdout
    missing = run("log", str(DATA / "no-such.log"))
    assert missing.returncode == 2 and "no-such.log" in missing.stderr


@pytest.mark.parametrize(("command", "option"), [
    (c, o) for c, options in (("server", ("--turn-timeout", "--handshake-timeout", "--wait")),
                              ("client", ("--timeout", "--connect-timeout", "--think")))
    for o in options
])
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e300", "0", "-1", "ten"])
def test_seconds_that_are_not_a_real_wait_are_argument_errors(
    command: str, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: nan, inf or 1e300 gave a traceback (a socket refusing the timeout), --think inf never ended."""
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args([command, f"{option}={value}"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert f"argument {option}: expected a number of seconds above 0 and at most 86400, not '{value}'" in error
    assert "Traceback" not in error


class _Watcher(Player):
    """Normal's moves, keeping what the client tells it: the seating of each game and each finished game.
    (It holds a Normal rather than being one: a compiled class cannot be subclassed.)"""

    def __init__(self) -> None:
        self.normal = Normal()
        self.seatings: list[tuple[int, ...]] = []
        self.finished: list[Observation] = []

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return self.normal.choose_move(obs, rng, deadline)

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        return self.normal.choose_gift(obs, rng)

    def seated(self, seating: Sequence[int]) -> None:
        self.seatings.append(tuple(seating))

    def notify(self, obs: Observation, events: Sequence[Event]) -> None:
        if obs.state.over:
            self.finished.append(obs)


def test_the_client_tells_its_player_who_sits_where_and_shows_it_each_finished_game() -> None:
    """Every game: the seating by player number, then the game over; from it, with every hand told at the
    end, the default client explains every move of the four others (they are the default client)."""
    watcher = _Watcher()
    run = run_match(["normal"] * 5, 4, seed=3, players={0: watcher})
    assert run.server_error is None and run.client_errors == [None] * 5
    client = run.clients[0]
    assert client is not None and len(client.games) == 4
    assert len(watcher.seatings) == 4 and all(sorted(s) == [0, 1, 2, 3, 4] for s in watcher.seatings)
    assert len(watcher.finished) == 4
    for seating, obs in zip(watcher.seatings, watcher.finished, strict=True):
        assert seating[obs.seat] == client.player
        assert unexplained_moves(obs) == dict.fromkeys((s for s in range(5) if s != obs.seat), 0)
