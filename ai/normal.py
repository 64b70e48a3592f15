"""Normal (普通): the UECda tournament's "default client" strategy, for every rule mix.

* Leading: the longest sequence, else the largest group, else the weakest
  single; the joker is kept (played only when nothing else is left).
* Following: the weakest play that beats the table without breaking up a
  group or a sequence of the hand and without a joker; a single may be beaten
  with the joker when nothing else can.  Otherwise it passes.
* Exchange: its weakest cards.

``normal_move`` is a pure function of the public state and the hand of the
seat to act, so the same code serves the player (on its observation) and the
playouts of the stronger levels (on sampled worlds: ``normal_policy``).
"""

from __future__ import annotations

import random

from game.engine import PASS, Game, Move, Observation, Play, PublicView, moves_for
from game.engine.cards import JOKER_MASK, JOKER_RANK
from game.engine.plays import GROUP, SEQUENCE, SINGLE

from .hand import breaks_up, play_power
from .player import Player


def normal_move(state: PublicView, hand: int, drawn: int = -1) -> Move:
    """The default client's move for the seat to act, holding ``hand``, in ``state``."""
    moves = moves_for(state, hand, drawn)
    if state.top is None:
        return _lead(state, moves)
    return _follow(state, hand, moves)


def normal_policy(game: Game) -> Move:
    """``normal_move`` for the seat to act in a complete game (playouts)."""
    return normal_move(game, game.hands[game.turn], game.drawn)


def _lead(state: PublicView, moves: list[Move]) -> Move:
    reversed_ = state.reversed
    best_seq: Play | None = None
    best_group: Play | None = None
    best_single: Play | None = None
    fallback: Move = moves[0]
    for move in moves:
        if not isinstance(move, Play):
            continue
        if move.cards & JOKER_MASK:
            continue
        kind = move.kind
        if kind == SEQUENCE:
            if best_seq is None or _longer_or_weaker(move, best_seq, reversed_):
                best_seq = move
        elif kind == GROUP:
            if best_group is None or _longer_or_weaker(move, best_group, reversed_):
                best_group = move
        elif best_single is None or play_power(move, reversed_) < play_power(best_single, reversed_):
            best_single = move
    return best_seq or best_group or best_single or fallback


def _longer_or_weaker(play: Play, best: Play, reversed_: bool) -> bool:
    if play.size != best.size:
        return play.size > best.size
    return play_power(play, reversed_) < play_power(best, reversed_)


def _follow(state: PublicView, hand: int, moves: list[Move]) -> Move:
    top = state.top
    assert top is not None
    if len(moves) == 1:
        return PASS
    reversed_ = state.reversed
    min_len = state.rules.sequence_min if state.rules.sequences else 99
    best: Play | None = None
    best_power = 99
    joker: Play | None = None
    for move in moves:
        if not isinstance(move, Play):
            continue
        if move.cards & JOKER_MASK:
            if move.rank == JOKER_RANK:
                joker = move
            continue
        p = play_power(move, reversed_)
        if p >= best_power:
            continue
        if breaks_up(hand, move, min_len):
            continue
        best, best_power = move, p
    if best is not None:
        return best
    if joker is not None and top.kind == SINGLE:
        return joker
    return PASS


class Normal(Player):
    """Level 2: the classic tournament default client, generalised to all our rules."""

    level = "normal"

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return normal_move(obs.state, obs.hand, obs.drawn)
