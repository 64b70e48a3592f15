"""Beginner (弱い): a random legal move, leaning to small plays, sometimes passing."""

from __future__ import annotations

import random

from game.engine import PASS, Move, Observation, Play
from game.levels import Level

from .player import Player

PASS_CHANCE = 0.25
"""How often it passes although it could play."""


class Beginner(Player):
    level = Level.BEGINNER

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        moves = obs.move_list()
        plays = [m for m in moves if isinstance(m, Play)]
        if not plays:
            return PASS
        if PASS in moves and rng.random() < PASS_CHANCE:
            return PASS
        # Weight by weakness: fewer cards and lower rank in the natural order are likelier.
        weights = [1.0 / (p.size * (1 + min(p.rank, 13) / 4)) for p in plays]
        return rng.choices(plays, weights=weights)[0]
