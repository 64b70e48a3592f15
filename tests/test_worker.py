"""The decision worker: inline, thread and process modes, cancelling, errors, I/O players."""

from __future__ import annotations

import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable, Sequence
from functools import partial

import pytest

from ai.expert import Expert, ExpertOptions, Tally, combine
from ai.levels import make_player
from ai.player import Player
from game.engine import PASS, Game, Move, Observation, Phase, observe, preset_rules
from game.worker import DECISION_NICENESS, DecisionWorker

WAIT = 60.0
"""A generous bound for a decision to come back (a liveness check, not a timing test)."""


class Failing(Player):

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        raise ValueError("no idea")


class InMainProcess(Player):
    """An I/O player: must run in a thread of the main process."""

    runs_in_process = False

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        if multiprocessing.current_process().name != "MainProcess":
            raise RuntimeError("ran in a worker process")
        return obs.move_list()[0]


class WhereAmI(Player):
    """Says which process it ran in, as an error (a move carries no more than the move)."""

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        raise LookupError(os.getpid())


class SharedSearch(Player):
    """Shares its search: each share reports the process it ran in and its first random number."""

    search_parts = True

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        raise AssertionError("a shared search runs in parts")

    def search_part(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool]
    ) -> object:
        return (os.getpid(), os.nice(0) if hasattr(os, "nice") else 0, rng.random())

    def combine(self, parts: Sequence[object]) -> Move:
        pids = {part[0] for part in parts if isinstance(part, tuple)}
        nice = [part[1] for part in parts if isinstance(part, tuple)]
        draws = [part[2] for part in parts if isinstance(part, tuple)]
        base = os.nice(0) if hasattr(os, "nice") else 0
        if len(pids) != 2 or len(set(draws)) != 2 or (hasattr(os, "nice") and not all(n > base for n in nice)):
            raise AssertionError(f"shares {parts!r}: each in its own process, below the game's priority")
        return self.answer

    answer: Move = PASS


class FailingShare(SharedSearch):
    """A shared search whose shares fail (they run at a lower priority than the game)."""

    def search_part(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool]
    ) -> object:
        if os.nice(0) > 0:
            raise ValueError("no idea")
        return "fine"


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
    with DecisionWorker(mode, processes=1) as worker:  # type: ignore[arg-type]
        for level in ("normal", "strong", "expert"):
            player = make_player(level, ExpertOptions(iterations=20))
            ticket = worker.submit(player, obs, seed=5)
            assert worker.wait(ticket, WAIT) == player.choose_move(obs, random.Random(5))
            assert worker.poll(ticket) == player.choose_move(obs, random.Random(5)), "polling again is stable"
            gift = worker.submit(player, gift_obs, seed=5, gift=True)
            assert worker.wait(gift, WAIT) == player.choose_gift(gift_obs, random.Random(5))


def test_a_shared_search_runs_in_two_processes_and_combines_their_shares() -> None:
    obs = first_obs()
    with DecisionWorker("process", processes=2) as worker:
        ticket = worker.submit(SharedSearch(), obs, seed=5)
        assert worker.wait(ticket, WAIT) == PASS, "the combine check passed in this process"
        expert = Expert(ExpertOptions(iterations=30))
        ticket = worker.submit(expert, obs, seed=5)
        parts = [expert.tally(obs, random.Random(5)), expert.tally(obs, random.Random("5/1"))]
        assert all(isinstance(part, Tally) for part in parts)
        assert worker.wait(ticket, WAIT) == combine(parts)
        gift = worker.submit(expert, exchange_obs(), seed=5, gift=True)
        assert worker.wait(gift, WAIT) == expert.choose_gift(exchange_obs(), random.Random(5)), "gifts are not shared"


def _niceness(cancelled: Callable[[], bool]) -> int:
    return os.nice(0)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
def test_the_processes_run_below_the_callers_priority_unless_told_not_to() -> None:
    base = os.nice(0)
    for niceness, expected in ((DECISION_NICENESS, min(base + DECISION_NICENESS, 19)), (0, base)):
        with DecisionWorker("process", processes=1, niceness=niceness) as worker:
            ticket = worker.submit_call(_niceness)
            assert worker.wait(ticket, WAIT) is not None
            assert worker.poll_call(ticket) == (expected,)


def test_two_decisions_at_once_go_to_the_two_processes() -> None:
    """A server decides for several tables at a time: a second decision does not queue behind the first."""
    obs = first_obs()
    with DecisionWorker("process", processes=2) as worker:
        pids = []
        for ticket in [worker.submit(WhereAmI(), obs, seed=1), worker.submit(WhereAmI(), obs, seed=2)]:
            with pytest.raises(LookupError) as error:
                worker.wait(ticket, WAIT)
            pids.append(error.value.args[0])
        assert len(set(pids)) == 2 and os.getpid() not in pids
        alone = worker.submit(WhereAmI(), obs, seed=3)
        with pytest.raises(LookupError) as error:
            worker.wait(alone, WAIT)
        assert error.value.args[0] == pids[0], "one decision at a time keeps to the first process"


def test_tallies_add_up() -> None:
    play, other = first_obs().move_list()[:2]
    a = Tally((play, other, PASS), (3, 2, 0), (0.3, 0.9, 0.0))
    b = Tally((play, other, PASS), (3, 1, 3), (0.3, 0.1, 2.9))
    assert a.best() == other and b.best() == PASS
    assert combine([a, b]) == PASS, "2.9/3 beats 1.0/3 and 0.6/6"
    assert Tally((play, other), (10, 4), (1.0, 4.0)).best() == play, "4 tries of 10: left behind, whatever its mean"
    assert combine([a, other, b]) == other, "a move found outright wins"
    assert combine([Tally((play, other), (2, 2), (1.0, 1.0))]) == play, "ties go to the earlier candidate"
    with pytest.raises(ValueError):
        combine([])


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
@pytest.mark.parametrize("failing", [Failing(), FailingShare()], ids=["whole", "share"])
@pytest.mark.slow
def test_errors_come_back_from_poll(mode: str, failing: Player) -> None:
    if isinstance(failing, FailingShare) and (mode != "process" or not hasattr(os, "nice")):
        pytest.skip("only a process worker shares a search; its shares run at a lower priority")
    with DecisionWorker(mode, processes=2) as worker:  # type: ignore[arg-type]
        ticket = worker.submit(failing, first_obs(), seed=1)
        with pytest.raises(ValueError, match="no idea"):
            worker.wait(ticket, WAIT)
        with pytest.raises(ValueError):
            worker.poll(ticket)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_cancel_stops_a_long_decision(mode: str) -> None:
    obs = first_obs()
    with DecisionWorker(mode, processes=2) as worker:  # type: ignore[arg-type]
        long = worker.submit(make_player("expert", ExpertOptions(budget=600.0)), obs, seed=1)
        queued = worker.submit(make_player("expert", ExpertOptions(budget=600.0)), obs, seed=2)
        worker.poll(long)
        worker.cancel(long)
        worker.cancel(queued)
        quick = worker.submit(make_player("normal"), obs, seed=3)
        assert worker.wait(quick, WAIT) is not None, "the cancelled searches stopped"
        assert worker.poll(long) is None and worker.poll(queued) is None


def test_budget_sets_the_deadline() -> None:
    obs = first_obs()
    with DecisionWorker("thread") as worker:
        ticket = worker.submit(make_player("expert", ExpertOptions(budget=600.0)), obs, seed=1, budget=0.05)
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


# --- other work: calls -------------------------------------------------------------------------


def where(cancelled: Callable[[], bool], tag: int = 0) -> tuple[str, int, int]:
    """The process a call ran in (a module-level function: picklable)."""
    return multiprocessing.current_process().name, os.getpid(), tag


def until_cancelled(cancelled: Callable[[], bool]) -> str:
    """Work that goes on until it is told to stop (at most a minute)."""
    end = time.monotonic() + WAIT
    pause = threading.Event()
    while time.monotonic() < end:
        if cancelled():
            return "stopped"
        pause.wait(0.01)
    return "never told"


def fails(cancelled: Callable[[], bool]) -> None:
    raise ValueError("no idea")


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_calls_run_off_the_frame_loop_and_come_back(mode: str) -> None:
    with DecisionWorker(mode, processes=2) as worker:  # type: ignore[arg-type]
        first = worker.submit_call(partial(where, tag=1))
        second = worker.submit_call(partial(where, tag=2))
        assert worker.wait(first, WAIT) is not None and worker.wait(second, WAIT) is not None
        one, two = worker.poll_call(first), worker.poll_call(second)
        assert one is not None and two is not None
        assert (one[0][2], two[0][2]) == (1, 2)
        in_main = {one[0][0], two[0][0]} == {"MainProcess"}
        assert in_main == (mode != "process")
        if mode == "process":
            assert one[0][1] != two[0][1], "two calls at once go to the two processes"
        failing = worker.submit_call(fails)
        with pytest.raises(ValueError, match="no idea"):
            worker.wait(failing, WAIT)
        with pytest.raises(ValueError):
            worker.poll_call(failing)


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_a_cancelled_call_is_told_to_stop_and_its_result_dropped(mode: str) -> None:
    with DecisionWorker(mode, processes=1) as worker:  # type: ignore[arg-type]
        long = worker.submit_call(until_cancelled)
        queued = worker.submit_call(until_cancelled)
        assert worker.poll_call(long) is None
        worker.cancel(long)
        worker.cancel(queued)
        quick = worker.submit_call(where)
        assert worker.wait(quick, WAIT) is not None, "the cancelled call stopped and the queued one was dropped"
        assert worker.poll_call(long) is None and worker.poll_call(queued) is None
