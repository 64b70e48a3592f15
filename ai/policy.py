"""A learned move policy: a softmax over hand-crafted features of each legal move.

Every legal move of the seat to act is described by a few numbers
(``FEATURES``: its kind and size, its strength in the order in force and
how many unseen ranks could beat it, whether it splits a group, spends a
joker or a control card, cuts, revolts, locks, goes out, how many cards and
weak singles it leaves, and for a pass whether it is the extra turn and how
close the others are to going out).  A move's score is the dot product of
its features with the weights; the policy plays move *i* with probability
``exp(score_i) / sum(exp(score_j))``.

The weights are fitted offline (``tools/train_policy.py``) to the Expert's
own choices in self-play and shipped as ``ai/policy_weights.json``, read once
through ``importlib.resources``.  The runtime needs only the standard
library.  ``PolicyModel.policy(rng)`` is a playout policy for a complete
game (the other seats of the Expert's playouts with ``ExpertOptions(others=
"learned")``, a measurement option); ``PolicyModel.probabilities`` gives
each legal move's probability.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Final

from game.engine import PASS, Game, Move, Play, PublicView, moves_for
from game.engine.cards import JOKER_MASK, JOKER_RANK, N_RANKS, SPADE_3, deck_mask
from game.engine.effects import eight_cuts, revolts
from game.engine.movegen import lock_suits
from game.engine.plays import SEQUENCE, SINGLE

from .hand import breaks_up

FEATURES: Final = (
    "pass",
    "pass_extra_turn",
    "pass_opponent_near_out",
    "pass_hand_size",
    "pass_players_in",
    "lead_single",
    "lead_group",
    "lead_sequence",
    "lead_size",
    "lead_power",
    "follow_power",
    "follow_margin",
    "beaters",
    "control_lead",
    "control_follow",
    "joker_in_play",
    "lone_joker",
    "breaks_up",
    "eight_cut",
    "revolution",
    "revolution_gain",
    "locks",
    "spade3_return",
    "goes_out",
    "rest_cards",
    "ranks_cleared",
    "rest_controls",
    "spends_controls",
    "weak_singles_delta",
    "weakest_of_kind",
    "power_near_out",
    "rest_one",
    "beats_own",
)
"""The features of a move, in the order of the weights."""
N_FEATURES: Final = len(FEATURES)


class _Context:
    """What every move of one decision shares: rank counts, the order in force, the beaters table."""

    __slots__ = (
        "beat", "by_power", "control", "extra_turn", "hand", "hand_count", "hcnt", "jokers_unseen", "lead",
        "lock_base", "locked", "near_out", "players_in", "power", "reversed", "rules", "top", "top_power", "weakest",
    )

    def __init__(self, state: PublicView, hand: int, moves: Sequence[Move]) -> None:
        rules = state.rules
        seat = state.turn
        self.rules = rules
        self.hand = hand
        rev = state.revolution != state.j_back
        self.reversed = rev
        power = [N_RANKS - 1 - r for r in range(N_RANKS)] if rev else list(range(N_RANKS))
        self.power = power
        unseen = deck_mask(rules.jokers) & ~hand & ~state.played
        jokers_unseen = (unseen & JOKER_MASK).bit_count()
        self.hcnt = [(hand >> (r << 2) & 0xF).bit_count() for r in range(N_RANKS)]
        # by_power[p]: unseen naturals of the rank of power p; rows of the beaters table on demand.
        by_power = [0] * N_RANKS
        for r in range(N_RANKS):
            by_power[power[r]] = (unseen >> (r << 2) & 0xF).bit_count()
        strongest_unseen = max((q for q in range(N_RANKS) if by_power[q]), default=-1)
        self.by_power = by_power
        self.jokers_unseen = jokers_unseen
        self.beat: list[list[int] | None] = [None] * 5
        self.control = [not jokers_unseen and power[r] > strongest_unseen for r in range(N_RANKS)]
        self.hand_count = hand.bit_count()
        top = state.top
        self.top = top
        self.lead = top is None
        self.top_power = _play_power(top, power) if top is not None else 0
        self.extra_turn = top is not None and state.last_player == seat
        self.locked = state.lock
        self.lock_base = state.lock_base
        others = [state.counts[s] for s in range(state.n) if s != seat and state.active >> s & 1]
        self.near_out = bool(others) and min(others) <= 2
        self.players_in = len(others)
        self.weakest = _weakest_plays(moves, power)

    def beaters(self, size: int, p: int) -> int:
        """Ranks stronger than power ``p`` of which the unseen cards (with jokers) make ``size`` of a kind
        (for a single, the unseen joker counts too)."""
        row = self.beat[size]
        if row is None:
            row = [0] * (N_RANKS + 1)
            jokers = self.jokers_unseen
            need = max(size, 1) - jokers
            by_power = self.by_power
            running = 1 if size == 1 and jokers else 0
            for q in range(N_RANKS - 1, -1, -1):
                row[q] = running
                if by_power[q] >= need:
                    running += 1
            self.beat[size] = row
        return row[p]


def _weakest_plays(moves: Sequence[Move], power: list[int]) -> dict[tuple[int, int], int]:
    """The power of the weakest play without a joker of each kind and size among ``moves``."""
    weakest: dict[tuple[int, int], int] = {}
    for move in moves:
        if isinstance(move, Play) and not move.cards & JOKER_MASK:
            key = (move.kind, move.size)
            p = _play_power(move, power)
            if p < weakest.get(key, 99):
                weakest[key] = p
    return weakest


def _play_power(play: Play, power: list[int]) -> int:
    if play.rank >= JOKER_RANK:
        return JOKER_RANK
    if play.kind == SEQUENCE:
        low = max(play.rank, 0)
        high = min(play.rank + play.size - 1, N_RANKS - 1)
        return max(power[low], power[high])
    return power[play.rank]


def _features(ctx: _Context, move: Move) -> list[float]:
    """The feature vector (``FEATURES``) of one move."""
    f = [0.0] * N_FEATURES
    if not isinstance(move, Play):
        _pass_features(ctx, f)
        return f
    p = _play_power(move, ctx.power)
    _strength_features(ctx, move, p, f)
    _card_features(ctx, move, f)
    _rule_features(ctx, move, f)
    _rest_features(ctx, move, p, f)
    return f


def _pass_features(ctx: _Context, f: list[float]) -> None:
    """A pass: whether it gives up the extra turn, how near the others are to going out, the hand's size."""
    f[0] = 1.0
    f[1] = 1.0 if ctx.extra_turn else 0.0
    f[2] = 1.0 if ctx.near_out else 0.0
    f[3] = ctx.hand_count / 11.0
    f[4] = ctx.players_in / 4.0


def _strength_features(ctx: _Context, move: Play, p: int, f: list[float]) -> None:
    """The lead's kind and size, or the margin over the table; the play's power and how many unseen
    ranks could beat it (none: a control card)."""
    lead = ctx.lead
    if lead:
        f[5 + move.kind - SINGLE] = 1.0
        f[8] = move.size / 4.0
        f[9] = p / 13.0
    else:
        f[10] = p / 13.0
        f[11] = (p - ctx.top_power) / 13.0
    if move.rank == JOKER_RANK:
        beaters = 0
    elif move.kind == SEQUENCE:
        beaters = ctx.beaters(2, min(p, N_RANKS))
    else:
        beaters = ctx.beaters(min(move.size, 4), p)
    f[12] = beaters / 13.0
    if beaters == 0:
        f[13 if lead else 14] = 1.0


def _card_features(ctx: _Context, move: Play, f: list[float]) -> None:
    """A lone joker, a joker spent in a play, or a group of the hand broken up."""
    if move.rank == JOKER_RANK:
        f[16] = 1.0
    elif move.cards & JOKER_MASK:
        f[15] = 1.0
    elif move.kind != SEQUENCE:
        rules = ctx.rules
        min_len = rules.sequence_min if rules.sequences else 99
        if breaks_up(ctx.hand, move, min_len):
            f[17] = 1.0


def _rule_features(ctx: _Context, move: Play, f: list[float]) -> None:
    """What the play does by the rules: an 8-cut, a revolution (and what it gains the rest of the hand),
    a lock, the spade-3 return."""
    rules = ctx.rules
    if eight_cuts(move, rules):
        f[18] = 1.0
    if revolts(move, rules):
        f[19] = 1.0
        f[20] = _revolution_gain(ctx, move)
    if (
        rules.lock and not ctx.lead and not ctx.locked and move.rank != JOKER_RANK
        and ctx.lock_base and lock_suits(move, rules) == ctx.lock_base
    ):
        f[21] = 1.0
    if move.cards == SPADE_3 and not ctx.lead and ctx.top is not None and ctx.top.rank == JOKER_RANK:
        f[22] = 1.0


def _revolution_gain(ctx: _Context, move: Play) -> float:
    """How much stronger the rest of the hand gets in the order a revolution turns round, per card."""
    gain = 0
    left = 0
    power = ctx.power
    for r in range(N_RANKS):
        k = ctx.hcnt[r] - ((move.cards >> (r << 2)) & 0xF).bit_count()
        if k > 0:
            gain += k * (12 - 2 * power[r])
            left += k
    return gain / (12.0 * max(left, 1))


def _rest_features(ctx: _Context, move: Play, p: int, f: list[float]) -> None:
    """What the hand keeps: going out, the cards left, ranks cleared, controls kept and spent, weak
    singles made or mended, the weakest play of its kind, power when someone is near out, one card
    left, beating one's own play."""
    rest = ctx.hand_count - move.size
    if rest == 0:
        f[23] = 1.0
    f[24] = rest / 11.0
    cleared, spent, weak_delta = _rank_changes(ctx, move)
    jokers = move.cards & JOKER_MASK
    jokers_played = jokers.bit_count()
    control = ctx.control
    controls_in_hand = ctx.hand_count and sum(ctx.hcnt[r] for r in range(N_RANKS) if control[r])
    f[25] = cleared / 3.0
    f[26] = (controls_in_hand + (ctx.hand & JOKER_MASK).bit_count() - spent - jokers_played) / 4.0
    f[27] = (spent + jokers_played) / 4.0
    f[28] = weak_delta / 3.0
    if not jokers and ctx.weakest.get((move.kind, move.size), -1) == p:
        f[29] = 1.0
    if ctx.near_out:
        f[30] = p / 13.0
    if rest == 1:
        f[31] = 1.0
    if ctx.extra_turn:
        f[32] = 1.0


def _rank_changes(ctx: _Context, move: Play) -> tuple[int, int, int]:
    """Over the ranks the play takes cards of: how many it clears from the hand, how many control
    cards it spends, and how the count of weak singles changes."""
    cleared = 0
    spent = 0
    weak_delta = 0
    if move.rank == JOKER_RANK:
        return 0, 0, 0
    cards = move.cards
    hcnt = ctx.hcnt
    control = ctx.control
    for r in range(max(move.rank, 0), min(move.top, N_RANKS - 1) + 1):
        k = ((cards >> (r << 2)) & 0xF).bit_count()
        if not k:
            continue
        have = hcnt[r]
        if have == k:
            cleared += 1
        if control[r]:
            spent += k
        elif have == 1:
            weak_delta -= 1
        elif have - k == 1:
            weak_delta += 1
    return cleared, spent, weak_delta


def move_features(state: PublicView, hand: int, moves: Sequence[Move]) -> list[list[float]]:
    """The feature vector (``FEATURES``) of each of ``moves`` for the seat to act, holding ``hand``."""
    ctx = _Context(state, hand, moves)
    return [_features(ctx, move) for move in moves]


def legal_moves_features(state: PublicView, hand: int, drawn: int = -1) -> tuple[list[Move], list[list[float]]]:
    """The legal moves of the seat to act and their feature vectors."""
    moves = moves_for(state, hand, drawn)
    return moves, move_features(state, hand, moves)


@dataclass(frozen=True)
class PolicyModel:
    """The weights of the softmax policy, one per feature."""

    weights: tuple[float, ...]
    temperature: float = 1.0
    """Scores are divided by it: below 1 the policy is greedier."""

    def scores(self, state: PublicView, hand: int, moves: Sequence[Move]) -> list[float]:
        """Each move's score (log-probability up to a constant)."""
        ctx = _Context(state, hand, moves)
        w = self.weights
        scale = 1.0 / self.temperature
        out = []
        for move in moves:
            f = _features(ctx, move)
            out.append(scale * sum([a * b for a, b in zip(w, f) if b]))
        return out

    def probabilities(self, state: PublicView, hand: int, moves: Sequence[Move]) -> list[float]:
        """The policy's probability of each of ``moves`` (the legal moves of the seat to act)."""
        scores = self.scores(state, hand, moves)
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        total = sum(e)
        return [x / total for x in e]

    def choose(self, state: PublicView, hand: int, rng: random.Random, drawn: int = -1) -> Move:
        """A move drawn from the policy."""
        moves = moves_for(state, hand, drawn)
        if len(moves) == 1:
            return moves[0]
        for move in moves:  # going out is never declined
            if isinstance(move, Play) and move.cards == hand and not state.rules.forbidden_finish:
                return move
        scores = self.scores(state, hand, moves)
        top = max(scores)
        e = [math.exp(s - top) for s in scores]
        x = rng.random() * sum(e)
        for move, weight in zip(moves, e):
            x -= weight
            if x <= 0:
                return move
        return moves[-1]

    def best(self, state: PublicView, hand: int, drawn: int = -1) -> Move:
        """The move the policy likes most."""
        moves = moves_for(state, hand, drawn)
        if len(moves) == 1:
            return moves[0]
        scores = self.scores(state, hand, moves)
        return moves[max(range(len(moves)), key=scores.__getitem__)]

    def policy(self, rng: random.Random) -> PlayoutPolicy:
        """A playout policy: the seat to act in a complete game draws its move from this policy."""
        return PlayoutPolicy(self, rng)


class PlayoutPolicy:
    """``PolicyModel.choose`` for the seat to act in a complete game (a ``playout.Policy``)."""

    __slots__ = ("model", "rng")

    def __init__(self, model: PolicyModel, rng: random.Random) -> None:
        self.model = model
        self.rng = rng

    def __call__(self, game: Game) -> Move:
        return self.model.choose(game, game.hands[game.turn], self.rng, game.drawn)


@lru_cache(maxsize=4)
def load_policy(name: str = "policy_weights.json") -> PolicyModel:
    """The shipped weights (``ai/<name>``), read once."""
    text = resources.files("ai").joinpath(name).read_text(encoding="utf-8")
    data = json.loads(text)
    if list(data["features"]) != list(FEATURES):
        raise ValueError(f"{name} was fitted for other features; refit it with tools/train_policy.py")
    return PolicyModel(tuple(float(w) for w in data["weights"]))


__all__ = ["FEATURES", "PASS", "PlayoutPolicy", "PolicyModel", "legal_moves_features", "load_policy", "move_features"]
