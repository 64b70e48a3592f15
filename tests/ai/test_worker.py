"""The decision worker: inline, thread and process modes, cancelling, errors, I/O players."""

from __future__ import annotations

import multiprocessing
import random

import pytest

from ai.levels import make_player
from ai.player import Player
from ai.worker import DecisionWorker
from game.engine import Game, Move, Observation, Phase, observe, preset_rules

WAIT = 60.0
"""A generous bound for a decision to come back (a liveness check, not a timing test)."""


class Failing(Player):
    level = "failing"

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        raise ValueError("no idea")


class InMainProcess(Player):
    """An I/O player: must run in a thread of the main process."""

    level = "io"
    runs_in_process = False

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        if multiprocessing.current_process().name != "MainProcess":
            raise RuntimeError("ran in a worker process")
        return obs.move_list()[0]


def first_obs() -> Observation:
    game = Game.new(preset_rules("uecda"), random.Random(1))
    return observe(game, game.turn)


def exchange_obs() -> Observation:
    game = Game.new(preset_rules("uecda"), random.Random(1), previous_places=[0, 1, 2, 3, 4])
    assert game.phase is Phase.EXCHANGE
    return observe(game, game.turn)


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_decisions_match_a_direct_call(mode: str) -> None:
    obs = first_obs()
    gift_obs = exchange_obs()
    with DecisionWorker(mode) as worker:  # type: ignore[arg-type]
        for level, options in (("normal", {}), ("strong", {}), ("expert", {"iterations": 20})):
            player = make_player(level, **options)
            ticket = worker.submit(player, obs, seed=5)
            assert worker.wait(ticket, WAIT) == player.choose_move(obs, random.Random(5))
            assert worker.poll(ticket) == player.choose_move(obs, random.Random(5)), "polling again is stable"
            gift = worker.submit(player, gift_obs, seed=5, gift=True)
            assert worker.wait(gift, WAIT) == player.choose_gift(gift_obs, random.Random(5))


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_errors_come_back_from_poll(mode: str) -> None:
    with DecisionWorker(mode) as worker:  # type: ignore[arg-type]
        ticket = worker.submit(Failing(), first_obs(), seed=1)
        with pytest.raises(ValueError, match="no idea"):
            worker.wait(ticket, WAIT)
        with pytest.raises(ValueError):
            worker.poll(ticket)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_cancel_stops_a_long_decision(mode: str) -> None:
    obs = first_obs()
    with DecisionWorker(mode) as worker:  # type: ignore[arg-type]
        long = worker.submit(make_player("expert", budget=600.0), obs, seed=1)
        queued = worker.submit(make_player("expert", budget=600.0), obs, seed=2)
        worker.poll(long)
        worker.cancel(long)
        worker.cancel(queued)
        quick = worker.submit(make_player("normal"), obs, seed=3)
        assert worker.wait(quick, WAIT) is not None, "the cancelled searches stopped"
        assert worker.poll(long) is None and worker.poll(queued) is None


def test_budget_sets_the_deadline() -> None:
    obs = first_obs()
    with DecisionWorker("thread") as worker:
        ticket = worker.submit(make_player("expert", budget=600.0), obs, seed=1, budget=0.05)
        assert worker.wait(ticket, WAIT) in obs.move_list()


def test_io_players_run_in_a_thread() -> None:
    obs = first_obs()
    with DecisionWorker("process") as worker:
        ticket = worker.submit(InMainProcess(), obs, seed=1)
        assert worker.wait(ticket, WAIT) == obs.move_list()[0]


def test_closed_worker_refuses_work() -> None:
    worker = DecisionWorker("inline")
    worker.close()
    with pytest.raises(RuntimeError):
        worker.submit(make_player("normal"), first_obs(), seed=1)
    with pytest.raises(ValueError):
        DecisionWorker("fork")  # type: ignore[arg-type]
