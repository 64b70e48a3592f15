"""The desktop session tells its computers who sits where, game by game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.normal import normal_move
from ai.player import Player
from game.engine import Move, Observation
from game.engine.rules import PresetId
from game.levels import Level
from game.session import SeatSpec, Session, SessionSetup
from game.setups import SeatKind
from game.worker import DecisionWorker
from tests.sessions import play


class Seated(Player):
    """The default client, remembering every seating it was told (not a subclass of the compiled Normal)."""

    def __init__(self) -> None:
        self.told: list[tuple[int, ...]] = []

    def seated(self, seating: Sequence[int]) -> None:
        self.told.append(tuple(seating))

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return normal_move(obs.state, obs.hand, obs.drawn)


def test_every_computer_is_told_the_seating_of_each_game() -> None:
    """UECda seats change every three games: a computer that models each player (the Expert's
    ``others=fit``) must know which player sits where in every game, not only in the first."""
    seats = (SeatSpec(SeatKind.HUMAN), *(SeatSpec(SeatKind.COMPUTER, Level.NORMAL) for _ in range(4)))
    setup = SessionSetup(preset=PresetId.UECDA, players=5, seats=seats, seed=5, games=4)
    computers: list[Seated] = []

    def factory(spec: SeatSpec, _: SessionSetup) -> Seated:
        computers.append(Seated())
        return computers[-1]

    with DecisionWorker(mode="inline") as worker:
        session = Session(setup, worker, player_factory=factory)
        play(session)
    played = [result.seating for result in session.match.results]
    assert len(played) == 4 and len(set(played)) > 1, "the seats changed during the match"
    assert len(computers) == 4
    for computer in computers:
        assert computer.told == played
