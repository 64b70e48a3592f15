"""Where the computers of a hosted table think: in the decision worker's processes, never in the host's own."""

from __future__ import annotations

import logging
import multiprocessing
import queue
import random
import threading

import pytest

from ai.levels import make_player
from ai.player import Player
from game.engine import Game, Move, Observation, observe, preset_rules
from game.engine.runner import Decision
from game.levels import Level
from game.network.friends.bots import run_bot
from game.network.friends.decisions import Decisions
from game.network.friends.host import FriendsHost
from game.network.friends.messages import TableSettings
from game.network.friends.table import ComputerJob
from game.worker import Mode

from .helpers import LOOPBACK

LIMIT = 90.0


class OffTheLoop(Player):
    """A computer that refuses to think in the host's process (where the game draws its frames)."""

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        if multiprocessing.current_process().name == "MainProcess":
            raise RuntimeError("a computer thought in the host's process")
        return obs.move_list()[0]

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        if multiprocessing.current_process().name == "MainProcess":
            raise RuntimeError("a computer thought in the host's process")
        return super().choose_gift(obs, rng)


def off_the_loop(level: Level | str) -> Player:
    return OffTheLoop()


def test_the_computers_of_a_hosted_table_think_in_other_processes(monkeypatch: pytest.MonkeyPatch,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    """A game at a table this copy hosts, three computers and the host (played by a bot through its own
    connection): every computer decision comes from a decision process; none failed and fell back."""
    monkeypatch.setattr("game.network.friends.table.make_player", off_the_loop)
    caplog.set_level(logging.WARNING, logger="game.network.friends")
    settings = TableSettings(preset="standard", players=4, games=1)
    host = FriendsHost("Host", settings, bind=LOOPBACK, port=0, announce=False, computer_pause=0.0)
    assert host.server.decisions.mode == "process"
    conn = host.start()
    try:
        result = run_bot(conn, "beginner", seed=2, timeout=LIMIT, start_with=1)
    finally:
        host.stop()
    assert result.over is not None, result.gone or "timed out"
    failures = [r.getMessage() for r in caplog.records if "computer failed" in r.getMessage()]
    assert failures == []
    assert not [t for t in threading.enumerate() if t.name == "friends-decisions"], "the decisions thread stopped"


class Failing(Player):
    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        raise ValueError("no idea")


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_failed_decision_is_told_and_the_next_one_is_made(mode: Mode) -> None:
    game = Game.new(preset_rules("standard", 4), random.Random(1))
    runner_decision = Decision(game.turn)
    obs = observe(game, game.turn)
    answers: queue.Queue[tuple[bool, object]] = queue.Queue()
    decisions = Decisions(mode, processes=1)
    try:
        for player in (Failing(), make_player("normal")):
            job = ComputerJob(runner_decision, 1, player, obs, seed=3)
            decisions.submit(job, lambda ok, value: answers.put((ok, value)))
        failed, made = answers.get(timeout=LIMIT), answers.get(timeout=LIMIT)
    finally:
        decisions.close()
    assert not failed[0] and isinstance(failed[1], ValueError)
    assert made[0] and made[1] in obs.move_list()
    told: list[bool] = []
    decisions.submit(ComputerJob(runner_decision, 1, Failing(), obs, seed=3), lambda ok, value: told.append(ok))
    assert told == [False], "a closed one answers at once"
