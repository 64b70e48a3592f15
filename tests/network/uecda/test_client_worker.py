"""The client's Expert thinking in a decision worker's processes, as at the table."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from ai.expert import Expert, ExpertOptions
from ai.player import Player
from game.engine import Observation
from game.engine.record import check
from game.engine.runner import Answer
from game.network.uecda import client as client_module
from game.network.uecda.__main__ import build_parser
from game.worker import DecisionWorker, Mode, Ticket

from .helpers import run_match


class _CountingWorker(DecisionWorker):
    """A decision worker that counts the decisions submitted to it and the moves it returned."""

    def __init__(self, mode: Mode = "process", processes: int = 2) -> None:
        super().__init__(mode, processes)
        self.submitted = 0
        self.answered = 0

    def submit(self, player: Player, obs: Observation, seed: int, *, gift: bool = False,
               budget: float | None = None) -> Ticket:
        self.submitted += 1
        return super().submit(player, obs, seed, gift=gift, budget=budget)

    def wait(self, ticket: Ticket, timeout: float | None = None) -> Answer | None:
        found = super().wait(ticket, timeout)
        self.answered += found is not None
        return found


class _SilentWorker(DecisionWorker):
    """A decision worker whose decisions never come back."""

    def __init__(self) -> None:
        super().__init__("inline")
        self.cancelled = 0

    def wait(self, ticket: Ticket, timeout: float | None = None) -> Answer | None:
        return None

    def cancel(self, ticket: Ticket) -> None:
        self.cancelled += 1
        super().cancel(ticket)


def test_the_expert_thinks_in_the_workers_two_processes_and_every_move_is_legal(tmp_path: Path) -> None:
    """Every decision of the Expert's client with a worker goes through its two processes (the shares combined)
    and comes back in time; the match ends normally and each game's record checks."""
    worker = _CountingWorker()
    try:
        run = run_match(["expert", "normal", "normal", "normal", "normal"], 2, seed=5, records=tmp_path,
                        players={0: Expert(ExpertOptions(budget=0.05))}, workers={0: worker})
    finally:
        worker.close()
    assert run.server_error is None and run.client_errors == [None] * 5
    ours = run.clients[0]
    assert ours is not None and len(ours.games) == 2
    assert worker.submitted > 0 and worker.answered == worker.submitted
    records = sorted((tmp_path / "c0").glob("game-*[0-9].json"))
    assert len(records) == 2
    for path in records:
        assert check(json.loads(path.read_text(encoding="utf-8")))[0] == 0


def test_a_decision_the_worker_never_returns_is_given_up_and_the_match_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A worker that does not answer within the think time and the grace: the decision is cancelled and
    logged, the client passes or leads its weakest single, and the match still ends."""
    monkeypatch.setattr(client_module, "WORKER_GRACE", 0.0)
    worker = _SilentWorker()
    with caplog.at_level(logging.ERROR, logger=client_module.log.name):
        run = run_match(["expert", "normal", "normal", "normal", "normal"], 1, seed=6,
                        players={0: Expert(ExpertOptions(budget=0.05))}, workers={0: worker})
    worker.close()
    assert run.server_error is None and run.client_errors == [None] * 5
    assert run.clients[0] is not None and len(run.clients[0].games) == 1
    assert worker.cancelled > 0
    assert "our player failed to choose a move" in caplog.text and "TimeoutError" in caplog.text


def test_a_player_that_does_not_share_its_search_thinks_in_the_client() -> None:
    """Normal has no shares to combine: with a worker given, its decisions never go to it."""
    worker = _CountingWorker("inline", 1)
    run = run_match(["normal"] * 5, 1, seed=7, workers={0: worker})
    assert run.client_errors == [None] * 5 and worker.submitted == 0


@pytest.mark.parametrize("value", ["0", "-1", "two", "1.5", "65"])
def test_the_number_of_processes_is_a_whole_number_from_1(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser().parse_args(["client", "--processes", value])
    assert f"argument --processes: expected a whole number from 1 to 64, not '{value}'" in capsys.readouterr().err


def test_the_processes_option_is_read() -> None:
    assert build_parser().parse_args(["client", "--processes", "3"]).processes == 3
    assert build_parser().parse_args(["client"]).processes is None
