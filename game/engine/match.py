"""A match: several games with classes carried over, reseating and a running score.

Players keep their identity (0..n-1) across games while seats may change:
``seating[seat]`` is the player sitting there.  Each game is dealt from its own
random generator derived from the match seed, so a match can be replayed or
resumed game by game.

>>> from game.engine.rules import preset_rules
>>> match = Match(preset_rules("tournament"), seed=3)
>>> match.length, match.game.n
(3, 4)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .events import GameOver, MatchOver
from .game import Game
from .rules import RuleSet

__all__ = ["GameResult", "Match", "game_rng", "next_deal"]


def game_rng(seed: int, index: int) -> random.Random:
    """The random generator that deals game ``index`` of the match with ``seed``."""
    return random.Random(f"daifugo/{seed}/{index}")


def next_deal(
    rules: RuleSet, games_done: int, places: Sequence[int], class_reset_every: int | None = None
) -> tuple[tuple[int, ...] | None, tuple[int, ...] | None]:
    """How the next game is dealt after ``games_done`` games, the last ending in ``places`` (seats, 1st first).

    Returns (for each seat of the next game the seat its player leaves, or None when
    nobody moves; the previous places the next game is dealt with, in its seats, or
    None when it is dealt as a first game: the class cycle starts again).
    ``class_reset_every`` overrides the rules' class cycle (0: never).
    """
    reset = (rules.info.class_reset_every or 0) if class_reset_every is None else class_reset_every
    moves = tuple(places) if rules.reseat and games_done % rules.info.reseat_every == 0 else None
    if reset and games_done % reset == 0:
        return moves, None
    return moves, tuple(range(rules.players)) if moves is not None else tuple(places)


@dataclass(frozen=True, slots=True)
class GameResult:
    seating: tuple[int, ...]
    """The player in each seat during the game."""
    result: GameOver

    @property
    def player_places(self) -> tuple[int, ...]:
        """Players from 1st to last."""
        return tuple(self.seating[s] for s in self.result.places)

    def points_of(self, player: int) -> int:
        return self.result.points[self.seating.index(player)]


class Match:
    """A series of games under one rule set."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        *,
        games: int | None = None,
        first_leader: int | None = None,
        class_reset_every: int | None = None,
    ) -> None:
        """``games`` overrides the preset's match length (0 or None keeps it);
        ``first_leader`` is the seat that leads game 1 (the 先攻 choice);
        ``class_reset_every`` overrides the preset's class cycle (0: classes never reset)."""
        end = rules.info.match_end
        self.rules = rules
        self.seed = seed
        self.length: int | None = games if games else end.games
        self.target: int | None = end.target
        self.class_reset_every: int = (
            rules.info.class_reset_every or 0) if class_reset_every is None else class_reset_every
        """Every this many games the next game is dealt as a first game (0: never)."""
        self.seating: list[int] = list(range(rules.players))
        self.totals: list[int] = [0] * rules.players
        self.results: list[GameResult] = []
        self.outcome: MatchOver | None = None
        self.game = self.deal_game(0, None, first_leader)
        self.games: list[Game] = [self.game]
        """Every game of the match so far, the current one last."""

    @property
    def index(self) -> int:
        """The number of the current game, from 0."""
        return len(self.results)

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def record_result(self) -> MatchOver | None:
        """Book the finished current game; return the match's end if this was the last game."""
        result = self.game.result
        if result is None:
            raise ValueError("the current game is not over")
        if self.results and self.results[-1].result is result:
            return self.outcome
        self.results.append(GameResult(tuple(self.seating), result))
        for seat, points in enumerate(result.points):
            self.totals[self.seating[seat]] += points
        if self._finished():
            self.outcome = MatchOver(tuple(self.totals), self.ranking())
        return self.outcome

    def _finished(self) -> bool:
        if self.length is not None and len(self.results) >= self.length:
            return True
        if self.target is not None:
            best = max(self.totals)
            return best >= self.target and self.totals.count(best) == 1
        return False

    def ranking(self) -> tuple[int, ...]:
        """Players by total points; ties go to the better place in the latest game."""
        last = self.results[-1].player_places if self.results else tuple(range(self.rules.players))
        return tuple(sorted(range(self.rules.players), key=lambda p: (-self.totals[p], last.index(p))))

    def next_game(self) -> Game:
        """Book the current game if needed, reseat, and deal the next game."""
        if self.game.result is not None:
            self.record_result()
        if self.over:
            raise ValueError("the match is over")
        last = self.results[-1]
        moves, previous = next_deal(self.rules, len(self.results), last.result.places, self.class_reset_every)
        if moves is not None:
            self.seating = [last.seating[seat] for seat in moves]
        self.game = self.deal_game(len(self.results), previous, None)
        self.games.append(self.game)
        return self.game

    def deal_game(self, index: int, previous_places: Sequence[int] | None, leader: int | None) -> Game:
        """Deal game ``index`` (``previous_places``: the seats from 1st to last of the game before, None for a
        first game; ``leader``: who leads, None for the rules' choice).  A match with fixed deals (a
        lesson) deals its own."""
        return Game.new(self.rules, game_rng(self.seed, index), previous_places=previous_places, leader=leader)

    def player_at(self, seat: int) -> int:
        return self.seating[seat]

    def seat_of(self, player: int) -> int:
        return self.seating.index(player)
