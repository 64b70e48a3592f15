"""The seat the table screen plays at a hosted table: batches of events in order, each with its own view."""

from __future__ import annotations

import random
from typing import Any

from ai.levels import make_player
from game.engine import observe
from game.network.friends.client import Connection, Incoming
from game.network.friends.messages import Act, Give, Hello, TableSettings, Update, Welcome
from game.network.friends.remote import RemoteSession
from game.network.friends.table import ALL, Table


class Pipe(Connection):
    """A connection whose messages are handed in by the test (nothing on the network)."""

    def __init__(self) -> None:
        super().__init__("ws://127.0.0.1:1/", Hello("x", "ABCDE"))
        self.incoming: list[Incoming] = []
        self.sent: list[Any] = []

    def poll(self, timeout: float = 0.0) -> list[Incoming]:
        items, self.incoming = self.incoming, []
        return items

    def send(self, message: Any) -> None:
        self.sent.append(message)


def test_updates_arriving_together_are_shown_one_by_one_each_with_its_own_view() -> None:
    table = Table("ABCDE", TableSettings(players=3), seed=5)
    slot, _ = table.join("me", 0.0)
    pipe = Pipe()
    remote = RemoteSession(pipe)
    out = table.start(0, 0.0)
    pipe.incoming = [Welcome("ABCDE", 0, slot.token, True, table.settings)]
    pipe.incoming += [m for p, m in out if p in (0, ALL)]
    remote.pump()
    assert remote.started
    opening = remote.opening_events()
    assert [type(e).__name__ for e in opening] == ["Dealt", "Started"], "the first deal is news, animated as at home"
    assert remote.deal_view()[0].counts == opening[0].state.counts  # type: ignore[union-attr]
    assert remote.opening_events() == [], "once"
    rng = random.Random(1)
    for _ in range(6):  # the computers move (and this player too when it is due), several updates at once
        runner = table.runner
        assert runner is not None
        decision = runner.decision()
        assert decision is not None
        player = runner.player_of(decision)
        obs = observe(runner.game, decision.seat)
        if player == 0:
            beginner = make_player("beginner")
            if decision.gift is not None:
                msg: Act | Give = Give(table.step, beginner.choose_gift(obs, rng))
            else:
                move = beginner.choose_move(obs, rng)
                msg = Act(table.step, move if move.__class__.__name__ == "Play" else None)  # type: ignore[arg-type]
            out = table.handle(0, msg, 0.0)
        else:
            job = table.computer_job(0.0)
            assert job is not None
            answer = job.player.choose_gift(job.obs, rng) if job.decision.gift else job.player.choose_move(job.obs, rng)
            out = table.computer_answer(job, answer, 0.0)
        pipe.incoming += [m for p, m in out if p in (0, ALL)]
    updates = [m for m in pipe.incoming if isinstance(m, Update)]
    assert len(updates) >= 2
    shown = []
    while (events := remote.poll()) is not None:
        shown.append((events, remote.state))
    assert [e for e, _ in shown] == [list(u.events) for u in updates]
    assert [s for _, s in shown] == [u.view.state for u in updates]
    assert remote.observation() == observe(table.match.game, table.match.seat_of(0))


def test_a_computer_seat_shows_its_level_and_a_friend_their_connection() -> None:
    """A seat the table gave a computer from the start is labelled with its level, as at home; "played by the
    computer" is only said of a friend's seat a computer took over."""
    table = Table("ABCDE", TableSettings(players=3), seed=5)
    slot, _ = table.join("me", 0.0)
    friend, _ = table.join("Aki", 0.0)
    pipe = Pipe()
    remote = RemoteSession(pipe)
    out = table.start(0, 0.0)
    pipe.incoming = [Welcome("ABCDE", 0, slot.token, True, table.settings)]
    pipe.incoming += [m for p, m in out if p in (0, ALL)]
    remote.pump()
    match = table.match
    assert remote.connection_at(match.seat_of(friend.player)) == "connected"
    computer = match.seat_of(2)
    assert remote.connection_at(computer) is None
    assert remote.level_at(computer) == table.settings.level.value
