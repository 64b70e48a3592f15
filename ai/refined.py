"""The refined Strong: Strong's moves re-ranked by a linear score fitted to rollouts.

Strong scores each move by the plan of the hand it leaves (``strong``).  The
refined policy keeps Strong's candidates and its sure wins and losses, and
ranks the others by ``weights . features``: Strong's score and the numbers
behind it (the plan's value, its weak plays and controls, the chance the
play wins its trick, whether the hand then goes out holding the lead), what
the move is (a pass, a lead, its size and kind, how much strength it spends,
the joker, a revolution) and how these meet the state (cards left, the
nearest opponent's count).  Every feature is public or the seat's own.

The weights are fitted offline (``tools/train_refined.py``): in games of five
Strong players each candidate of a decision is played out once on the true
deal, every seat then playing Strong (exact: Strong is deterministic), and a
conditional logit is fitted to pick the candidate that did best.  Playing the
best of such rollouts is one step of policy improvement over Strong; the fit
carries it to positions it has not seen, at the cost of Strong's own scoring.
The weights ship as ``ai/refined_weights.json`` and are read once; the
runtime needs only the standard library.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from game.engine import Game, Move, Play, PublicView, moves_for
from game.engine.effects import revolts
from game.engine.plays import GROUP, SEQUENCE

from .strong import DEFAULT_WEIGHTS, Judged, best_scored, judged_moves, play_weight

FEATURES: Final = (
    "score", "pass", "lead", "plan", "weak", "controls", "chance", "finish", "size", "sequence", "group",
    "spent", "joker", "revolution", "left", "pass_left", "pass_nearest", "lead_size", "lead_group",
    "lead_sequence", "chance_nearest", "weak_nearest", "plan_left", "spent_left",
)
"""The features of a move, in the order of the weights."""
REFINED_WEIGHTS: Final = "refined_weights.json"
SURE: Final = 500.0
"""Strong's scores this far from 0 are its sure wins and losses: the refined policy keeps Strong's move there."""


def move_features(state: PublicView, hand: int, judged: Judged) -> list[float] | None:
    """The features (``FEATURES``) of one of Strong's ``judged_moves``; None for a sure win or loss."""
    score, move, plan, chance = judged
    if plan is None or abs(score) >= SURE:
        return None
    seat = state.turn
    nearest = min((state.counts[s] for s in range(state.n) if s != seat and state.active >> s & 1), default=0) / 11
    if isinstance(move, Play):
        lead = 1.0 if state.top is None else 0.0
        size = float(move.size)
        sequence = 1.0 if move.kind == SEQUENCE else 0.0
        group = 1.0 if move.kind == GROUP else 0.0
        spent = play_weight(move, state.revolution != state.j_back) / 10
        joker = 1.0 if move.jokers else 0.0
        revolution = 1.0 if revolts(move, state.rules) else 0.0
        left = (hand & ~move.cards).bit_count() / 11
        passing = 0.0
        finish = 1.0 if chance >= 1.0 and plan.finishable() else 0.0
    else:
        lead = size = sequence = group = spent = joker = revolution = 0.0
        left = hand.bit_count() / 11
        passing = 1.0
        finish = 1.0 if plan.finishable() else 0.0
    return [
        score, passing, lead, plan.value, float(plan.weak), float(plan.controls), chance, finish, size, sequence,
        group, spent, joker, revolution, left, passing * left, passing * nearest, lead * size, lead * group,
        lead * sequence, chance * nearest, plan.weak * nearest, plan.value * left, spent * left,
    ]


class RefinedModel:
    """The fitted weights (``from_json``) and the policy they rank moves by."""

    __slots__ = ("weights",)

    def __init__(self, weights: tuple[float, ...]) -> None:
        self.weights = weights

    @staticmethod
    def from_json(data: Any, name: str = REFINED_WEIGHTS) -> RefinedModel:
        """The model of a weights file's JSON (``ValueError`` naming ``name`` when it does not fit the features)."""
        if not isinstance(data, dict) or data.get("features") != list(FEATURES):
            raise ValueError(f"{name} was not fitted for the refined policy's features; refit it with "
                             "tools/train_refined.py")
        weights = data.get("weights")
        if not isinstance(weights, list) or len(weights) != len(FEATURES) or not all(
            isinstance(w, (int, float)) and not isinstance(w, bool) and math.isfinite(w) for w in weights
        ):
            raise ValueError(f"{name}: expected {len(FEATURES)} finite weights, one per feature")
        return RefinedModel(tuple(float(w) for w in weights))

    def value(self, features: list[float]) -> float:
        """A move's worth by the weights (``move_features``; higher is better)."""
        total = 0.0
        for weight, x in zip(self.weights, features):
            total += weight * x
        return total

    def move(self, state: PublicView, hand: int, drawn: int = -1) -> Move:
        """The refined move of the seat to act holding ``hand``: the best by the weights, or Strong's own
        where Strong is sure (a move that goes out, or one that loses at once)."""
        moves = moves_for(state, hand, drawn)
        if len(moves) == 1:
            return moves[0]
        judged = judged_moves(state, hand, DEFAULT_WEIGHTS, drawn)
        best: Move | None = None
        best_value = -math.inf
        for entry in judged:
            features = move_features(state, hand, entry)
            if features is None:
                return best_scored(judged, state)
            value = self.value(features)
            if value > best_value:
                best, best_value = entry[1], value
        assert best is not None
        return best

    def policy(self, game: Game) -> Move:
        """The refined move for the seat to act in a complete game (playouts)."""
        return self.move(game, game.hands[game.turn], game.drawn)


@lru_cache(maxsize=2)
def refined_model(name: str = REFINED_WEIGHTS) -> RefinedModel:
    """The shipped weights (``ai/<name>``), read once."""
    return RefinedModel.from_json(json.loads(resources.files("ai").joinpath(name).read_text(encoding="utf-8")), name)


def refined_policy(game: Game) -> Move:
    """The refined move for the seat to act in a complete game, by the shipped weights."""
    return refined_model().policy(game)


__all__ = ["FEATURES", "RefinedModel", "move_features", "refined_model", "refined_policy"]
