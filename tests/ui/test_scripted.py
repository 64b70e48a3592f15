"""The scripted drivers of the app: positions are found by waiting on each decision, never by spinning."""

from __future__ import annotations

from game.engine.runner import Answer
from game.session import Session
from game.ui.scripted import find_position, setup_for
from game.worker import DecisionWorker, Ticket


class SlowWorker(DecisionWorker):
    """An inline worker whose answers are ready only once waited for, as a slow thinker's are."""

    def __init__(self) -> None:
        super().__init__("inline")
        self.waited: set[int] = set()
        self.polls = 0

    def wait(self, ticket: Ticket, timeout: float | None = None) -> Answer | None:
        self.waited.add(ticket.id)
        return super().wait(ticket, timeout)

    def poll(self, ticket: Ticket) -> Answer | None:
        self.polls += 1
        assert self.polls <= 10 * (len(self.waited) + 1), "polled in a loop"
        return super().poll(ticket) if ticket.id in self.waited else None


def test_find_position_waits_on_each_decision_instead_of_polling() -> None:
    worker = SlowWorker()

    def second_game(session: Session) -> bool:
        return session.match.index == 1

    session = find_position(setup_for("standard", 4, seed=3, games=3), second_game, worker=worker)
    assert session is not None and session.match.index == 1
    assert worker.polls == len(worker.waited) > 0, "each computer decision is polled once, after waiting for it"
