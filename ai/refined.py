"""The refined Strong: Strong's moves re-ranked by a linear score fitted to rollouts.

Strong scores each move by the plan of the hand it leaves (``strong``).  The
refined policy keeps Strong's candidates and its sure wins and losses, and
ranks the others by ``weights . features``: Strong's score and the numbers
behind it (the plan's value, its weak plays and controls, the chance the
play wins its trick, whether the hand then goes out holding the lead), what
the move is (a pass, a lead, its size and kind, how much strength it spends,
the joker, a revolution) and how these meet the state (cards left, the
nearest opponent's count).  Every feature is public or the seat's own.

The weights are fitted offline, one set per preset (``tools/train_refined.py``):
in games of Strong players under the preset's rules each candidate of a
decision is played out once on the true deal, every seat then playing Strong
(exact: Strong is deterministic), and a conditional logit is fitted to pick
the candidate that did best.  Playing the best of such rollouts is one step
of policy improvement over Strong; the fit carries it to positions it has not
seen, at the cost of Strong's own scoring.  The weights ship as
``ai/refined_<preset>.json`` (the preset their data was played under) and are
read once; the runtime needs only the standard library.

Which weights a preset's rules play is data (``PRESET_WEIGHTS``), chosen by
how they did at one seat against Strong under those rules: the weights of one
preset do not always carry to another's, nor does a preset's own fit always
play best there.  Under the rules of a preset not in the table, and under any
rules a house rule or player count sets apart from a preset's own, the refined
policy is Strong.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from game.engine import Game, Move, Play, PublicView, RuleSet, moves_for, preset_rules
from game.engine.effects import revolts
from game.engine.plays import GROUP, SEQUENCE

from .strong import DEFAULT_WEIGHTS, Judged, best_scored, judged_moves, play_weight, strong_policy

FEATURES: Final = (
    "score", "pass", "lead", "plan", "weak", "controls", "chance", "finish", "size", "sequence", "group",
    "spent", "joker", "revolution", "left", "pass_left", "pass_nearest", "lead_size", "lead_group",
    "lead_sequence", "chance_nearest", "weak_nearest", "plan_left", "spent_left",
)
"""The features of a move, in the order of the weights."""
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
    def from_json(data: Any, name: str = "the weights") -> RefinedModel:
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


PRESET_WEIGHTS: Final[Mapping[str, str]] = {
    "uecda": "uecda",  # +0.45 a game against four Strong (3.45 where they score 3.0)
}
"""By preset: whose weights its own rules play (``refined_<name>.json``).  A preset plays weights once they
beat Strong at one seat under its rules (``tools/train_refined.py duel``) and the Expert's own seat played
by them measures stronger there.  Not the others yet (README): under ``classic`` the uecda weights beat
Strong by 0.44 a game, under ``standard`` and ``akita`` their own fits by 0.12 and 0.06, under ``duel5``
its own fit wins 72.3% of the games, but the Expert's own seat played so measured no stronger than Strong
(200 playouts a decision, 200 to 1,000 games a preset; ``akita`` not measured); under ``tournament`` no
fit beat Strong."""


def weights_name(preset: str) -> str:
    """The file in ``ai/`` that holds the weights fitted under ``preset``'s rules."""
    return f"refined_{preset}.json"


@lru_cache(maxsize=8)
def refined_model(preset: str = "uecda") -> RefinedModel:
    """The shipped weights fitted under ``preset``'s rules (``ai/refined_<preset>.json``), read once."""
    name = weights_name(preset)
    return RefinedModel.from_json(json.loads(resources.files("ai").joinpath(name).read_text(encoding="utf-8")), name)


@lru_cache(maxsize=16)
def fitted_model(rules: RuleSet) -> RefinedModel | None:
    """The model ``rules`` play (``PRESET_WEIGHTS``): for a preset's own rules (its switches and player count
    unchanged) that the table names; None for any other rules."""
    name = PRESET_WEIGHTS.get(rules.preset)
    if name is None or rules != preset_rules(rules.preset):
        return None
    return refined_model(name)


def refined_policy(game: Game) -> Move:
    """The refined move for the seat to act in a complete game, by the weights fitted for its rules; Strong's
    move under rules no shipped weights were fitted for."""
    model = fitted_model(game.rules)
    return strong_policy(game) if model is None else model.policy(game)


__all__ = [
    "FEATURES", "PRESET_WEIGHTS", "RefinedModel", "fitted_model", "move_features", "refined_model", "refined_policy",
    "weights_name",
]
