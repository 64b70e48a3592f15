"""Which model plays each other seat in the Expert's playouts (its ``others`` option).

The Expert's playouts play every other seat as the tournament's default
client (Normal).  Against a player who is not the default client that model
is wrong; this module gives the other seats a stronger one:

* ``strong``: every other seat plays Strong (which makes the 2017 UECda
  champion's move about two times in three, Normal one time in two);
* ``champion``: every other seat draws its moves from the champion model
  (``ChampionModel``), a softmax fitted to a champion program's decisions
  (``champion_weights.json``, fitted by ``tools/champion_data.py fit`` on
  the decisions it extracts from the official server's logs);
* ``read-strong`` / ``read-champion``: each seat by what its moves this game
  say: Normal for a seat whose moves the Normal model explains in the reading
  of the hands (``inference.ChainSampler``), Strong (the champion model) for a
  seat it leaves unexplained (the sampler's loose seats);
* ``match``: each player by what its moves said over the match: the soft
  Strong (``soft_strong``: its moves drawn from a softmax over Strong's choice
  and score gap, fitted to the champion's decisions) for a player the default
  client did not explain in a finished game of the match (``unexplained_moves``:
  the hands are known once a game is over), or in this game's reading; Normal
  for the rest;
* ``fit``: each player by which model explained more of its moves over the
  finished games of the match (``model_fits``): Strong for a player Strong
  explained better than the default client, Normal for the rest.

The champion model scores a move by the learned policy's features
(``policy.FEATURES``) and two more: whether it is Strong's move, and how far
below Strong's best it scores.

``seat_policy`` builds the playout policy from a model per seat.
"""

from __future__ import annotations

import json
import math
import random
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import accumulate
from typing import Any, Final

from game.engine import Game, Move, Observation, Play, PublicView, moves_for
from game.engine.native import Reduced, rebuilt

from .normal import normal_move
from .playout import Policy, PositionKey, position_key, remembered
from .policy import FEATURES, move_features
from .sampling import PastTurn, past_turns
from .strong import WIN, play_weight, scored_moves, strong_move, strong_policy

CHAMPION_WEIGHTS: Final = "champion_weights.json"
"""The champion model's weights, fitted to a champion program's decisions."""
CHAMPION_FEATURES: Final = (*FEATURES, "strong_choice", "strong_gap")
"""The champion model's features: the learned policy's, then Strong's choice and its score's gap."""
STRONG_GAP: Final = 4.0
"""A move's Strong score this far below the best (or unscored) counts as the farthest."""
SOFT_STRONG: Final = (0.580, -4.784)
"""The soft Strong's weights on Strong's choice and on its score gap (``CHAMPION_FEATURES``' last two):
a softmax over those two features fitted to 15,898 of the champion's decisions (held out: top-1 66.1%,
log-likelihood -0.91 a decision; the whole champion model 71.0% and -0.72, at several times the cost)."""


def champion_features(state: PublicView, hand: int, moves: Sequence[Move]) -> list[list[float]]:
    """The champion model's feature vector (``CHAMPION_FEATURES``) of each of ``moves``."""
    base = move_features(state, hand, moves)
    listed = scored_moves(state, hand)
    scored = {move: score for score, move in listed}
    best = max(scored.values(), default=0.0)
    choice = strongs_choice(listed, state) if listed else None
    out = []
    for move, feats in zip(moves, base, strict=True):
        score = scored.get(move)
        gap = STRONG_GAP if score is None or best >= WIN > score else min(STRONG_GAP, best - score)
        out.append([*feats, 1.0 if move == choice else 0.0, gap / STRONG_GAP])
    return out


@dataclass(frozen=True)
class ChampionModel:
    """A softmax over the champion features (one weight each)."""

    weights: tuple[float, ...]

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt

    @staticmethod
    def from_json(data: Any, name: str = CHAMPION_WEIGHTS) -> ChampionModel:
        """The model of a weights file's JSON (``ValueError`` naming ``name`` when it does not fit the features)."""
        if not isinstance(data, dict) or not isinstance(data.get("features"), list):
            raise ValueError(f"{name} is not a champion model's weights (no list of features)")
        if data["features"] != list(CHAMPION_FEATURES):
            raise ValueError(f"{name} was fitted for other features; refit it with tools/champion_data.py fit")
        weights = data.get("weights")
        if not isinstance(weights, list) or len(weights) != len(CHAMPION_FEATURES) or not all(
            isinstance(w, (int, float)) and not isinstance(w, bool) and math.isfinite(w) for w in weights
        ):
            raise ValueError(f"{name}: expected {len(CHAMPION_FEATURES)} finite weights, one per feature")
        return ChampionModel(tuple(float(w) for w in weights))

    def probabilities(self, state: PublicView, hand: int, moves: Sequence[Move]) -> list[float]:
        """The model's probability of each of ``moves`` (the legal moves of the seat to act)."""
        w = self.weights
        scores = [sum([a * b for a, b in zip(w, f) if b], 0.0) for f in champion_features(state, hand, moves)]
        top = max(scores)
        e = [math.exp(x - top) for x in scores]
        total = sum(e, 0.0)
        return [x / total for x in e]

    def choices(self, state: PublicView, hand: int, drawn: int = -1) -> tuple[list[Move], list[float]]:
        """The legal moves of the seat to act holding ``hand``, and the model's probability of each."""
        moves = moves_for(state, hand, drawn)
        return moves, self.probabilities(state, hand, moves)

    def policy(self, rng: random.Random) -> Policy:
        """A playout policy: the seat to act draws its move from the model; the moves and their
        probabilities are remembered by position (one search's playouts meet positions again)."""
        return drawn_policy(lambda game, hand: self.choices(game, hand, game.drawn), rng)


def strong_choices(state: PublicView, hand: int, drawn: int = -1,
                   weights: tuple[float, float] = SOFT_STRONG) -> tuple[list[Move], list[float]]:
    """The moves Strong scores for the seat to act holding ``hand``, and the soft Strong's probability
    of each: a softmax over whether it is Strong's move and how far below Strong's best it scores."""
    scored = scored_moves(state, hand, drawn=drawn)
    best = max(score for score, _ in scored)
    choice = strongs_choice(scored, state)
    on_choice, on_gap = weights
    logits = [on_choice * (move == choice) + on_gap * min(STRONG_GAP, best - score) / STRONG_GAP
              for score, move in scored]
    top = max(logits)
    return [move for _, move in scored], [math.exp(x - top) for x in logits]


SURPRISE_FLOOR: Final = 0.02
"""A move's probability under the soft Strong is mixed with this much (no model explains a player exactly;
a move Strong does not score, or cannot make with the hand, costs -log of it)."""


Choices = Callable[[PublicView, int], tuple[Sequence[Move], Sequence[float]]]
"""A move model as a spread: the moves it may make for the seat to act holding a hand, and their weights."""


def turns_surprise(turns: Iterable[PastTurn], hand: int, choices: Choices = strong_choices) -> float:
    """How unlikely the model ``choices`` (by default the soft Strong) finds all of ``turns`` made holding
    ``hand`` now: the sum of their ``move_surprise``."""
    return sum((move_surprise(past, hand, choices) for past in turns), 0.0)


def move_surprise(past: PastTurn, hand: int, choices: Choices) -> float:
    """How unlikely the model ``choices`` finds the move of ``past`` made holding ``hand`` now (its hand then
    is this plus what it played since): -log of its probability, mixed with ``SURPRISE_FLOOR``; a move it
    makes for certain tells nothing (0)."""
    held = hand | past.later
    if isinstance(past.move, Play) and past.move.cards & ~held:
        return -math.log(SURPRISE_FLOOR)
    options, weights = choices(past.view, held)
    chance = weights[options.index(past.move)] / sum(weights, 0.0) if past.move in options else 0.0
    if chance == 1.0:
        return 0.0
    return -math.log(SURPRISE_FLOOR + (1.0 - SURPRISE_FLOOR) * chance)


def strongs_choice(scored: Sequence[tuple[float, Move]], state: PublicView) -> Move:
    """Strong's move among ``scored`` (score, move) pairs: the best score, ties to the weaker play, a play
    before a pass (as ``strong_move`` breaks them)."""
    reversed_now = state.revolution != state.j_back

    def order(entry: tuple[float, Move]) -> tuple[float, float]:
        score, move = entry
        return score, -play_weight(move, reversed_now) if isinstance(move, Play) else -99.0

    return max(scored, key=order)[1]


def soft_strong(rng: random.Random) -> Policy:
    """The soft Strong as a playout policy (``strong_choices``; remembered by position)."""
    return drawn_policy(lambda game, hand: strong_choices(game, hand, game.drawn), rng)


def drawn_policy(choices: Callable[[Game, int], tuple[list[Move], list[float]]], rng: random.Random) -> Policy:
    """A playout policy drawing the seat to act's move from ``choices`` (the moves and their weights, for
    the game and the hand to act), remembered by position; going out when it can is never left to chance."""
    memo: dict[PositionKey, tuple[list[Move], list[float]]] = {}

    def play(game: Game) -> Move:
        key = position_key(game)
        found = memo.get(key)
        if found is None:
            hand = game.hands[game.turn]
            moves = moves_for(game, hand, game.drawn)
            going_out = [m for m in moves if isinstance(m, Play) and m.cards == hand]
            if len(moves) == 1 or (going_out and not game.rules.forbidden_finish):
                found = ([going_out[0] if going_out else moves[0]], [1.0])
            else:
                options, weights = choices(game, hand)
                found = (options, list(accumulate(weights)))
            memo[key] = found
        moves, cumulative = found
        if len(moves) == 1:
            return moves[0]
        return moves[min(bisect_right(cumulative, rng.random() * cumulative[-1]), len(moves) - 1)]

    return play


@dataclass(frozen=True, slots=True)
class Fit:
    """How many of one player's moves in a finished game each model makes holding its true hand."""

    moves: int
    normal: int
    """The default client's (Normal's) move."""
    strong: int
    """Strong's move."""

    def __reduce__(self) -> Reduced:
        return rebuilt(self)  # a frozen dataclass, compiled: see native.rebuilt

    def __add__(self, other: Fit) -> Fit:
        return Fit(self.moves + other.moves, self.normal + other.normal, self.strong + other.strong)


NO_FIT: Final = Fit(0, 0, 0)


def true_turns(obs: Observation) -> list[tuple[PastTurn, int]] | None:
    """For a finished game seen by ``obs.seat``: every other seat's turn with the hand it held then (known
    now: what it played later, and for the one seat left with cards, the cards nobody played).  None when
    the hands cannot be told (the game is not over, hands changed other than by playing, or more than one
    seat kept cards)."""
    state = obs.state
    rules = state.rules
    if (not state.over or rules.seven_pass or rules.ten_discard or rules.hand_size or rules.pile_draw
            or state.miyako >= 0):
        return None
    holding = [seat for seat in range(state.n) if state.counts[seat] and seat != obs.seat]
    if len(holding) > 1:
        return None
    end = [0] * state.n
    for seat in holding:
        end[seat] = obs.unseen
    return [(past, end[past.seat] | past.later) for past in past_turns(obs, limit=0)]


def unexplained_moves(obs: Observation) -> dict[int, int] | None:
    """For a finished game seen by ``obs.seat``: by other seat, how many of its moves the default client
    would not have made holding its true hand (``true_turns``; None when the hands cannot be told)."""
    turns = true_turns(obs)
    if turns is None:
        return None
    found = dict.fromkeys((seat for seat in range(obs.state.n) if seat != obs.seat), 0)
    for past, held in turns:
        if normal_move(past.view, held) != past.move:
            found[past.seat] += 1
    return found


FIT_MOVES: Final = 12
"""The moves with a choice ``model_fits`` counts per seat and game, its first: enough to tell Strong from the
default client (which makes about half of Strong's moves), and a bounded cost when a game ends (the desktop
table tells its players within a frame)."""


def model_fits(obs: Observation, most: int = FIT_MOVES) -> dict[int, Fit] | None:
    """For a finished game seen by ``obs.seat``: by other seat, how many of its first ``most`` moves with a
    choice (a forced move tells nothing) the default client and Strong would have made holding its true
    hand (``true_turns``; None when the hands cannot be told)."""
    turns = true_turns(obs)
    if turns is None:
        return None
    counts = {seat: [0, 0, 0] for seat in range(obs.state.n) if seat != obs.seat}
    for past, held in turns:
        count = counts[past.seat]
        if count[0] >= most or len(moves_for(past.view, held)) < 2:
            continue
        count[0] += 1
        count[1] += normal_move(past.view, held) == past.move
        count[2] += strong_move(past.view, held) == past.move
    return {seat: Fit(*count) for seat, count in counts.items()}


@lru_cache(maxsize=2)
def champion_model(name: str = CHAMPION_WEIGHTS) -> ChampionModel:
    """The champion model's shipped weights (``ai/<name>``), read once."""
    return ChampionModel.from_json(json.loads(resources.files("ai").joinpath(name).read_text(encoding="utf-8")), name)


def seat_policy(me: int, own: Policy, default: Policy, models: Mapping[int, Policy]) -> Policy:
    """A playout policy: ``own`` for seat ``me``, ``models[seat]`` for the seats it names,
    ``default`` for the rest."""
    if not models:
        if own is default:
            return default

        def mixed(game: Game) -> Move:
            return own(game) if game.turn == me else default(game)

        return mixed
    table = dict(models)
    table[me] = own

    def policy(game: Game) -> Move:
        return table.get(game.turn, default)(game)

    return policy


def opponent_model(mode: str, rng: random.Random) -> Policy:
    """The playout policy a stronger model of a seat plays: Strong (its answers remembered) for
    ``strong``, ``read-strong`` and ``fit``, the champion model for ``champion`` and ``read-champion``, the soft
    Strong for ``match`` and ``fit-soft``."""
    if mode in ("strong", "read-strong", "fit"):
        return remembered(strong_policy)
    if mode in ("champion", "read-champion"):
        return champion_model().policy(rng)
    if mode in ("match", "fit-soft"):
        return soft_strong(rng)
    raise ValueError(
        f"no stronger model for {mode!r} (strong, read-strong, fit, fit-soft, champion, read-champion, match)")


__all__ = [
    "CHAMPION_FEATURES", "CHAMPION_WEIGHTS", "FIT_MOVES", "NO_FIT", "SOFT_STRONG", "ChampionModel", "Choices",
    "Fit", "champion_features", "champion_model", "drawn_policy", "model_fits", "move_surprise", "opponent_model",
    "seat_policy", "soft_strong", "strong_choices", "true_turns", "turns_surprise", "unexplained_moves",
]
