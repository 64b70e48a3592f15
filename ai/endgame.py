"""An exact solver for two-player endgames with every card known.

When only two players still hold cards and the observer can tell the other
one's hand (every unseen card is in it), the rest of the game is a finite
two-player game of perfect information: the observer wins when it ends
above the other player.  ``solve`` searches it exhaustively (depth first,
with a transposition table and the finishing and larger plays tried first)
and returns a move that forces the win, if one exists.  A node limit keeps
it bounded; with 12 or fewer cards in play it is never reached in practice.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from game.engine import Game, Move, Observation, Play

from .playout import settle_handoff

DEFAULT_NODE_LIMIT: Final = 400_000


class SearchLimit(Exception):
    """The node limit was reached before the answer was known."""


@dataclass(frozen=True, slots=True)
class Solution:
    move: Move | None
    """A move that forces the win (None when there is none or the search gave up)."""
    proven: bool
    """True when the answer is exact (a forced win, or a proof that none exists)."""
    nodes: int


def two_player_world(obs: Observation) -> Game | None:
    """The complete game when ``obs`` is a two-player endgame with the other hand known, else None."""
    state = obs.state
    if state.over or state.active.bit_count() != 2 or not state.active >> obs.seat & 1:
        return None
    if state.pile_count or state.removed_count:
        return None
    if state.rules.hand_size:
        return None  # the 5-card mode sets a card aside unseen: the other hand is not certain
    other = (state.active & ~(1 << obs.seat)).bit_length() - 1
    unseen = obs.unseen
    if unseen.bit_count() != state.counts[other]:
        return None
    hands = [0] * state.n
    hands[obs.seat] = obs.hand
    hands[other] = unseen
    return obs.world(hands, pile=[] if state.rules.pile_draw else None)


def solve(game: Game, me: int, node_limit: int = DEFAULT_NODE_LIMIT, deadline: float | None = None) -> Solution:
    """A winning move for ``me`` (the seat to act) in a perfect-information two-player endgame.

    The search gives up (``proven`` False) after ``node_limit`` positions or
    at ``deadline`` (a ``time.perf_counter()`` value).
    """
    search = _Search(me, node_limit, deadline)
    try:
        move = search.winning_move(game)
    except SearchLimit:
        return Solution(None, False, search.nodes)
    return Solution(move, True, search.nodes)


def wins(game: Game, me: int, node_limit: int = DEFAULT_NODE_LIMIT) -> bool:
    """Does ``me`` end above the other player from ``game`` (whoever acts), with best play by both?

    Raises ``SearchLimit`` past ``node_limit`` positions.
    """
    search = _Search(me, node_limit, None)
    search.other = (game.active & ~(1 << me)).bit_length() - 1
    return search._wins(game)


class _Search:
    __slots__ = ("deadline", "me", "memo", "node_limit", "nodes", "other")

    def __init__(self, me: int, node_limit: int, deadline: float | None) -> None:
        self.me = me
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        self.memo: dict[tuple[object, ...], bool] = {}
        self.other = -1

    def winning_move(self, game: Game) -> Move | None:
        self.other = (game.active & ~(1 << self.me)).bit_length() - 1
        for move in self._ordered(game):
            child = game.clone()
            child.apply(move)
            settle_handoff(child)
            if self._wins(child):
                return move
        return None

    def _wins(self, game: Game) -> bool:
        """Does ``me`` end above the other player from here, with best play by both?"""
        if game.over:
            places = game.result.places if game.result is not None else ()
            return places.index(self.me) < places.index(self.other)
        key = (game.hands[self.me], game.hands[self.other], game.top, game.turn, game.revolution, game.j_back,
               game.lock, game.lock_base, game.passed, game.last_player, game.active)
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchLimit
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise SearchLimit
        mine = game.turn == self.me
        result = not mine
        for move in self._ordered(game):
            child = game.clone()
            child.apply(move)
            settle_handoff(child)
            if self._wins(child) == mine:
                result = mine
                break
        self.memo[key] = result
        return result

    @staticmethod
    def _ordered(game: Game) -> list[Move]:
        """Going out first, then plays with more cards, then passing."""
        hand = game.hands[game.turn]
        moves = game.move_list()

        def order(move: Move) -> tuple[int, int]:
            if not isinstance(move, Play):
                return (2, 0)
            return (0 if move.cards == hand else 1, -move.size)

        moves.sort(key=order)
        return moves
