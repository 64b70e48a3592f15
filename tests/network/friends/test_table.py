"""A hosted table without sockets: seats, steps, refusals with reasons, drops and returns, timers, saving."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from ai.levels import make_player
from ai.normal import normal_move
from ai.player import Player
from game.engine import PASS, Event, Move, Observation, Play, RuleSet, Turn, observe
from game.engine.game import Game
from game.network.friends.messages import (
    Act,
    Closed,
    Closing,
    GameRecord,
    Give,
    Lobby,
    React,
    Reaction,
    Refusal,
    Rejected,
    SeatState,
    ServerMessage,
    Snapshot,
    Stamp,
    TableSettings,
    Update,
)
from game.network.friends.table import ALL, Outgoing, Table, TableError
from game.network.friends.views import Mirror, view_of


def to(out: list[Outgoing], player: int) -> list[ServerMessage]:
    return [m for p, m in out if p in (player, ALL)]


def rejected(out: list[Outgoing]) -> Rejected:
    found = [m for _, m in out if isinstance(m, Rejected)]
    assert len(found) == 1, out
    return found[0]


def table_of(players: int = 4, people: int = 2, **settings: object) -> Table:
    table = Table("ABCDE", TableSettings(players=players, **settings), seed=7, between_games=5)  # type: ignore[arg-type]
    for k in range(people):
        table.join(f"p{k}", 0.0)
    table.start(0, 0.0)
    return table


def play_computers(table: Table, now: float) -> list[Outgoing]:
    """Let the computer make every decision that is its own now."""
    out: list[Outgoing] = []
    for _ in range(500):
        job = table.computer_job(now)
        if job is None:
            break
        rng = random.Random(job.seed)
        answer = job.player.choose_gift(job.obs, rng) if job.decision.gift else job.player.choose_move(job.obs, rng)
        out += table.computer_answer(job, answer, now)
    return out


def person_to_act(table: Table) -> int:
    decision = table.runner.decision() if table.runner else None
    assert decision is not None
    return table.match.player_at(decision.seat)


def move_for(table: Table, player: int) -> Act:
    seat = table.match.seat_of(player)
    move = make_player("beginner").choose_move(observe(table.match.game, seat), random.Random(1))
    return Act(table.step, move if isinstance(move, Play) else None)


def until_person(table: Table, now: float = 0.0) -> int:
    """Run the computers until a person (player 0 or 1) must move; that player."""
    for _ in range(50):
        play_computers(table, now)
        runner = table.runner
        assert runner is not None
        decision = runner.decision()
        assert decision is not None
        player = runner.player_of(decision)
        if decision.gift is None:
            return player
        cards = make_player("beginner").choose_gift(observe(runner.game, decision.seat), random.Random(1))
        table.handle(player, Give(table.step, cards), now)
    raise AssertionError("no person's move came")


def test_join_fills_the_seats_in_turn_and_refuses_the_rest() -> None:
    table = Table("ABCDE", TableSettings(players=2), seed=1)
    first, _ = table.join("Aki", 0.0)
    second, out = table.join("Aki", 0.0)
    assert (first.player, second.player) == (0, 1)
    assert second.name == "Aki 2"  # two people of one name are told apart
    assert isinstance(out[0][1], Lobby)
    with pytest.raises(TableError) as full:
        table.join("Late", 0.0)
    assert full.value.reason is Refusal.TABLE_FULL


def test_only_the_owner_starts_and_empty_seats_become_computers() -> None:
    table = Table("ABCDE", TableSettings(players=4), seed=1)
    table.join("host", 0.0)
    table.join("friend", 0.0)
    assert rejected(table.start(1, 0.0)).reason is Refusal.NOT_ALLOWED
    out = table.start(0, 0.0)
    lobby = next(m for _, m in out if isinstance(m, Lobby))
    assert [s.state for s in lobby.seats] == [SeatState.CONNECTED] * 2 + [SeatState.COMPUTER] * 2
    deals = {p: m for p, m in out if isinstance(m, Update)}  # the first deal is news: its events, as later deals
    assert set(deals) == {0, 1}
    assert all([type(e).__name__ for e in u.events] == ["Dealt", "Started"] for u in deals.values())
    with pytest.raises(TableError) as late:
        table.join("late", 0.0)
    assert late.value.reason is Refusal.STARTED


def test_stale_doubled_out_of_turn_and_illegal_actions_are_refused_with_a_reason() -> None:
    table = table_of()
    player = until_person(table)
    other = 1 - player
    act = move_for(table, player)
    assert rejected(table.handle(other, move_for(table, player), 0.0)).reason is Refusal.NOT_YOUR_TURN
    assert rejected(table.handle(player, Act(table.step - 1, act.play), 0.0)).reason is Refusal.STALE
    assert rejected(table.handle(player, Act(table.step + 5, act.play), 0.0)).reason is Refusal.STALE
    assert rejected(table.handle(player, Give(table.step, 1), 0.0)).reason is Refusal.ILLEGAL
    seat = table.match.seat_of(player)
    not_held = next(c for c in range(52) if not table.match.game.hands[seat] >> c & 1)
    forged = Act(table.step, Play(1 << not_held, 1, not_held >> 2, 1, 1 << (not_held & 3)))  # type: ignore[arg-type]
    refusal = rejected(table.handle(player, forged, 0.0))
    assert refusal.reason is Refusal.ILLEGAL and "not in the hand" in refusal.message
    step = table.step
    out = table.handle(player, act, 0.0)
    assert not [m for _, m in out if isinstance(m, Rejected)]
    assert table.step == step + 1
    doubled = rejected(table.handle(player, act, 0.0))  # the same action again
    assert doubled.reason in (Refusal.STALE, Refusal.NOT_YOUR_TURN)
    assert table.step == step + 1


def test_a_dropped_player_keeps_the_seat_then_the_computer_plays_it_until_it_returns() -> None:
    table = table_of(drop_timeout=30)
    player = until_person(table)
    token = table.seats[player].token
    out = table.drop(player, 100.0)
    lobby = next(m for _, m in out if isinstance(m, Lobby))
    assert lobby.seats[player].state is SeatState.RECONNECTING
    assert table.computer_job(110.0) is None  # the game waits for the player
    out = table.tick(131.0)
    lobby = next(m for _, m in out if isinstance(m, Lobby))
    assert lobby.seats[player].state is SeatState.COMPUTER
    job = table.computer_job(131.0)
    assert job is not None and table.match.player_at(job.decision.seat) == player
    table.computer_answer(job, job.player.choose_move(job.obs, random.Random(1)), 131.0)
    slot, out = table.come_back(token, 140.0)
    assert slot.player == player
    snapshot = next(m for p, m in out if p == player and isinstance(m, Snapshot))
    assert snapshot.view.hand == table.match.game.hands[table.match.seat_of(player)]
    assert snapshot.step == table.step
    lobby = next(m for _, m in out if isinstance(m, Lobby))
    assert lobby.seats[player].state is SeatState.CONNECTED
    with pytest.raises(TableError) as bad:
        table.come_back("not-a-token", 140.0)
    assert bad.value.reason is Refusal.BAD_TOKEN


def test_the_first_deal_carries_the_turn_timer_of_the_first_decision() -> None:
    table = Table("ABCDE", TableSettings(players=2, turn_timer=30), seed=3)
    table.join("a", 0.0)
    table.join("b", 0.0)
    out = table.start(0, 5.0)
    snapshots = [m for _, m in out if isinstance(m, Update)]
    turn = snapshots[0].view.state.turn
    due = [s for s in snapshots if s.view.seat == turn]
    assert due and due[0].view.deadline == 30.0


def test_the_turn_timer_lets_the_computer_decide_for_a_slow_player_once() -> None:
    table = table_of(turn_timer=30)
    player = until_person(table, 0.0)
    snapshot = table.snapshot(table.seats[player], 10.0)
    assert 19.0 <= snapshot.view.deadline <= 20.5
    assert table.computer_job(10.0) is None
    job = table.computer_job(31.0)
    assert job is not None and table.match.player_at(job.decision.seat) == player
    table.computer_answer(job, job.player.choose_move(job.obs, random.Random(1)), 31.0)
    assert table.seats[player].state(True, 60.0, 31.0) is SeatState.CONNECTED  # still the player's seat


def test_reactions_reach_everyone_but_not_too_often() -> None:
    table = table_of()
    out = table.handle(1, React(Stamp.NICE), 0.0)
    assert out == [(ALL, Reaction(1, Stamp.NICE))]
    assert table.handle(1, React(Stamp.NICE), 0.5) == []
    assert table.handle(1, React(Stamp.SORRY), 2.0) == [(ALL, Reaction(1, Stamp.SORRY))]


def test_before_the_start_a_drop_keeps_the_seat_for_the_drop_timeout() -> None:
    table = Table("ABCDE", TableSettings(players=3, drop_timeout=20), seed=1)
    table.join("host", 0.0)
    friend, _ = table.join("friend", 0.0)
    table.drop(friend.player, 1.0)
    assert table.lobby(2.0).seats[friend.player].state is SeatState.RECONNECTING
    table.come_back(friend.token, 5.0)
    table.drop(friend.player, 6.0)
    assert table.tick(10.0) == []
    out = table.tick(26.0)
    lobby = next(m for _, m in out if isinstance(m, Lobby))
    assert lobby.seats[friend.player].state is SeatState.OPEN  # not back in time: the seat is free again
    table.drop(0, 30.0)
    assert not table.closed
    out = table.tick(50.0)
    assert (ALL, Closed(Closing.HOST_LEFT)) in out and table.closed  # the owner did not come back


def test_the_owner_leaving_before_the_start_closes_the_table() -> None:
    table = Table("ABCDE", TableSettings(players=3), seed=1)
    table.join("host", 0.0)
    table.join("friend", 0.0)
    out = table.leave(0, 1.0)
    assert (ALL, Closed(Closing.HOST_LEFT)) in out and table.closed


def test_a_saved_match_is_hosted_again_where_it_was() -> None:
    table = table_of()
    for _ in range(3):
        player = until_person(table)
        table.handle(player, move_for(table, player), 0.0)
    data = table.save_data()
    assert data is not None
    again = Table.resume("FGHJK", data)
    host, _ = again.join("p0", 0.0)
    friend, _ = again.join("p1", 0.0)
    assert (host.player, friend.player) == (0, 1)
    again.start(0, 0.0)
    assert again.match.game.hands == table.match.game.hands
    assert again.match.game.history == table.match.game.history
    with pytest.raises(ValueError, match="saved match"):
        Table.resume("FGHJK", {**data, "version": 99})
    with pytest.raises(ValueError):
        Table.resume("FGHJK", {**data, "record": {"games": "x"}})


def test_updates_carry_only_the_new_history() -> None:
    table = table_of()
    player = until_person(table)
    out = table.handle(player, move_for(table, player), 0.0)
    update = next(m for p, m in out if p == player and isinstance(m, Update))
    assert len(update.view.history) == 1
    entry = update.view.history[0]
    assert isinstance(entry, Turn) and entry.seat == table.match.seat_of(player)
    assert update.events


def test_everyone_ready_deals_the_next_game_at_once() -> None:
    table = table_of(players=2, people=2, games=2)
    for _ in range(500):
        if table.match.game.over:
            break
        play_computers(table, 0.0)
        runner = table.runner
        assert runner is not None
        decision = runner.decision()
        if decision is None:
            break
        player = runner.player_of(decision)
        obs = observe(runner.game, decision.seat)
        beginner = make_player("beginner")
        if decision.gift is not None:
            table.handle(player, Give(table.step, beginner.choose_gift(obs, random.Random(2))), 0.0)
        else:
            move = beginner.choose_move(obs, random.Random(2))
            table.handle(player, Act(table.step, move if move != PASS else None), 0.0)  # type: ignore[arg-type]
    assert table.match.game.over
    assert table.ready(0, 1.0) == [] or len(table.match.games) == 1
    out = table.ready(1, 1.0)
    assert len(table.match.games) == 2
    assert {p for p, m in out if isinstance(m, Update)} == {0, 1}


def test_a_return_sends_the_records_made_when_each_game_ended(monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's record is made once: a player coming back (again and again: a storm of returns from a
    seat's token) is sent the same records without the table building each anew on the server's loop."""
    import game.network.friends.table as table_module
    from game.engine.record import record_json as original

    made: list[int] = []

    def counted(rules: RuleSet, games: Sequence[Game]) -> dict[str, Any]:
        made.append(len(games))
        return original(rules, games)

    monkeypatch.setattr(table_module, "record_json", counted)
    table = table_of(players=3, people=1, games=3, drop_timeout=0)
    table.drop(0, 0.0)
    now = 1.0
    for _ in range(20):
        play_computers(table, now)
        if table.over:
            break
        now += 10.0
        table.tick(now)
    assert table.over and len(made) == 3, "one record a game, as each ended"
    token = table.seats[0].token
    for _ in range(3):
        _, out = table.come_back(token, now, 0)
        table.drop(0, now)
        records = [m for _, m in out if isinstance(m, GameRecord)]
        assert [r.game for r in records] == [0, 1, 2]
        assert records[0].record == original(table.match.rules, [table.match.games[0]])
    assert len(made) == 3, "a return builds no record again"


def mirrored(table: Table, mirrors: dict[int, Mirror], out: list[Outgoing]) -> None:
    """Each player's mirror takes what was sent to it, and then holds the host's history of its view."""
    for player, mirror in mirrors.items():
        for message in to(out, player):
            if isinstance(message, (Snapshot, Update)):
                view = mirror.apply(message)
                assert view.history == view_of(table.match, player).history, (table.seed, player)


def test_a_play_told_later_why_its_trick_ended_reaches_every_mirror() -> None:
    """A play whose trick ends only after the 10捨て or 7渡し it led to (an 8-cut by a sequence holding a 10) learns
    why its trick ended after its update went out: the next update sends that entry again, so every client's copy
    of the history stays the host's (it kept the play without its reason before)."""
    rules = {"ten_discard": True, "seven_pass": True, "eight_cut": True, "eight_cut_sequence": True}
    normal = make_player("normal")
    amended = 0
    for seed in range(12):
        table = Table("ABCDE", TableSettings(players=4, overrides=rules, games=1), seed=seed, between_games=5)
        for k in range(4):
            table.join(f"p{k}", 0.0)
        mirrors = {player: Mirror() for player in range(4)}
        mirrored(table, mirrors, table.start(0, 0.0))
        for _ in range(400):
            runner = table.runner
            assert runner is not None
            decision = runner.decision()
            if decision is None or runner.game.result is not None:
                break
            obs = observe(runner.game, decision.seat)
            if decision.gift is not None:
                message: Act | Give = Give(table.step, normal.choose_gift(obs, random.Random(seed)))
            else:
                move = normal.choose_move(obs, random.Random(seed))
                message = Act(table.step, move if isinstance(move, Play) else None)
            before = list(runner.game.history)
            mirrored(table, mirrors, table.handle(runner.player_of(decision), message, 0.0))
            amended += any(a != b for a, b in zip(before, runner.game.history, strict=False))
    assert amended, "no play learned later why its trick ended: the deals do not test it"


class Told(Player):
    """A computer remembering what the table told it: the seating of each game, the games it saw end."""

    def __init__(self) -> None:
        self.seatings: list[tuple[int, ...]] = []
        self.ends: list[bool] = []
        """For each game it was shown: whether it was over."""

    def seated(self, seating: Sequence[int]) -> None:
        self.seatings.append(tuple(seating))

    def notify(self, obs: Observation, events: Sequence[Event]) -> None:
        self.ends.append(obs.state.over)

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return normal_move(obs.state, obs.hand, obs.drawn)


def test_the_computers_are_told_who_sits_where_and_shown_each_finished_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """As at the desktop table: a computer that models each player by its moves (the Expert) learns the seating
    of every game (UECda seats change every three) and sees every game end."""
    import game.network.friends.table as table_module

    computers: dict[int, Told] = {}

    def made(level: str) -> Told:
        computers[len(computers)] = Told()
        return computers[len(computers) - 1]

    monkeypatch.setattr(table_module, "make_player", made)
    table = table_of(players=5, people=1, preset="uecda", games=4)
    now = 0.0
    for _ in range(2000):
        if table.match.over:
            break
        play_computers(table, now)
        runner = table.runner
        assert runner is not None
        decision = runner.decision()
        if decision is None:
            now += 10.0
            table.tick(now)
            continue
        obs = observe(runner.game, decision.seat)
        if decision.gift is not None:
            table.handle(0, Give(table.step, make_player("normal").choose_gift(obs, random.Random(2))), now)
        else:
            move = make_player("normal").choose_move(obs, random.Random(2))
            table.handle(0, Act(table.step, move if move != PASS else None), now)  # type: ignore[arg-type]
    assert table.match.over
    played = [result.seating for result in table.match.results]
    assert len(played) == 4 and len(set(played)) > 1, "the seats changed during the match"
    assert len(computers) == 4
    for computer in computers.values():
        assert computer.seatings == played
        assert computer.ends == [True] * 4
