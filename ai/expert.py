"""Expert (最強): Monte Carlo search over the hidden cards, anytime, with an endgame solver.

A decision goes like this:

1. Forced or obvious moves return at once (one legal move; going out).
2. A two-player endgame with every card known is solved exactly
   (``endgame.solve``): a forced win is played as soon as it is found.
3. Otherwise the Strong evaluation ranks the legal moves and keeps the best
   few as candidates (passing is always one).  A UCB1 bandit picks which
   candidate to try next; a try samples a world consistent with what the
   player has seen and likely given how the others moved
   (``inference.ChainSampler``: the exchange tells an upper class what its
   lower class cannot hold, and each deal is weighed by how many of the
   others' moves the default client's choices would not explain), applies
   the candidate and plays the game on with a fast policy (Strong for the
   player, its answers remembered by position for the whole search; Normal
   for the others) until the player's place is settled.  The
   reward is the preset's points for that place.  Candidates share the same
   sequence of sampled worlds (common random numbers), so they are compared
   on the same deals.
4. The search stops after ``iterations`` tries, or at the deadline (by
   default ``budget`` seconds), or when asked to stop; the candidate with
   the best mean reward is played.

The search can be shared among processes (root parallelism): each runs
``search_part`` with its own random numbers and returns a ``Tally`` (the
candidates, their tries and rewards); ``combine`` adds the tallies up and
plays the best mean.  The decision worker does this on a machine with two
cores or more.

The learned move policy (``ai.policy``) can take three parts: the
candidates (``prior="learned"``: every legal move in the policy's order,
the bandit widening to ``2 + widening * sqrt(tries)`` of them), the
playouts (``own_playout`` for the searching seat, ``others_playout`` for
the others), and the worlds (``weighting`` > 0: each try's world is drawn
from a pool of ``pool`` sampled worlds in proportion to the likelihood of
the other players' past moves under the policy).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine import PASS, Game, Move, Observation, Pass, Play
from game.levels import Level

from .endgame import solve, two_player_world
from .inference import TRUST, ChainSampler, check_trust
from .normal import normal_move, normal_policy
from .player import Player
from .playout import Policy, playout, points_range, remembered
from .policy import load_policy
from .sampling import WorldSampler, weighted_pool
from .strong import WIN, best_gift, play_weight, scored_moves, strong_policy

ENDGAME_CARDS = 16
"""The solver is tried on two-player endgames with at most this many cards in play."""
EXACT_CARDS = 12
"""Up to this many cards the solver runs to the end, whatever the deadline (it needs a
few thousand positions at most: milliseconds), so a forced win is never missed."""
PLAYOUT_CHOICES = {
    "prior": ("strong", "learned", "both"),
    "own_playout": ("strong", "learned"),
    "others_playout": ("normal", "learned"),
    "reading": ("chain", "passes"),
}
"""The choices of the Expert's string options."""
ENDGAME_NODES = 20_000
"""The solver's node limit above ``EXACT_CARDS`` when the search runs by iterations rather than by time."""


@dataclass(frozen=True, slots=True)
class Tally:
    """What one search found: the candidates, how often each was tried and the sum of its rewards
    (each scaled to 0..1).  Tallies of the same decision add up (``combine``)."""

    arms: tuple[Move, ...]
    pulls: tuple[int, ...]
    totals: tuple[float, ...]

    def best(self) -> Move:
        """The tried candidate with the best mean reward (more tries, then the earlier one, break ties)."""
        def key(a: int) -> tuple[float, int, int]:
            pulls = self.pulls[a]
            return (self.totals[a] / pulls if pulls else -1.0, pulls, -a)

        return self.arms[max(range(len(self.arms)), key=key)]


def combine(parts: Sequence[Move | Tally]) -> Move:
    """The move of a search shared among processes: a move one part found outright (a forced move,
    a solved endgame), else the best mean of the tallies added up."""
    for part in parts:
        if not isinstance(part, Tally):
            return part
    tallies = [part for part in parts if isinstance(part, Tally)]
    if not tallies:
        raise ValueError("nothing to combine")
    arms = tallies[0].arms
    pulls = [0] * len(arms)
    totals = [0.0] * len(arms)
    for tally in tallies:
        if tally.arms != arms:  # pragma: no cover - the candidates depend on the observation only
            raise ValueError("the parts searched different candidates")
        for a in range(len(arms)):
            pulls[a] += tally.pulls[a]
            totals[a] += tally.totals[a]
    return Tally(arms, tuple(pulls), tuple(totals)).best()


class Expert(Player):
    """Level 4: determinized Monte Carlo search with a bandit at the root."""

    level = Level.EXPERT
    search_parts = True

    def __init__(
        self,
        budget: float = 0.5,
        iterations: int | None = None,
        candidates: int = 5,
        exploration: float = 0.5,
        policy: Policy | None = None,
        self_policy: Policy | None = None,
        prior: str = "strong",
        own_playout: str = "strong",
        others_playout: str = "normal",
        widening: float = 0.6,
        weighting: float = 0.0,
        pool: int = 32,
        likelihood: str = "learned",
        cpu_budget: bool = False,
        reading: str = "chain",
        trust: float = TRUST,
    ) -> None:
        if budget <= 0:
            raise ValueError("the budget must be positive")
        check_trust(trust)
        self.budget = budget
        """Seconds per decision when no deadline is given."""
        self.iterations = iterations
        """A fixed number of playouts per decision (deterministic), instead of the time budget."""
        self.candidates = candidates
        self.exploration = exploration
        self.policy = policy
        """The playout policy of the other seats (default: Normal)."""
        self.self_policy = self_policy
        """The playout policy of the searching seat (default: Strong)."""
        options = (
            ("prior", prior), ("own_playout", own_playout), ("others_playout", others_playout), ("reading", reading)
        )
        for name, value in options:
            if value not in PLAYOUT_CHOICES[name]:
                raise ValueError(f"{name} must be one of {', '.join(PLAYOUT_CHOICES[name])}")
        self.prior = prior
        """Which moves the bandit weighs: ``strong`` (Strong's best few and the pass) or
        ``learned`` (every legal move in the learned policy's order, widened progressively) or
        ``both`` (Strong's first, then the others in the learned policy's order, widened progressively)."""
        self.own_playout = own_playout
        """The searching seat's playout policy when ``self_policy`` is None: ``strong`` or ``learned``."""
        self.others_playout = others_playout
        """The other seats' playout policy when ``policy`` is None: ``normal`` or ``learned``."""
        self.reading = reading
        """How worlds are drawn: ``chain`` (weighted by how well they explain the others' moves,
        ``inference.ChainSampler``) or ``passes`` (``sampling.WorldSampler``: the exchange and the passes)."""
        self.trust = trust
        """The chain's weight per move a deal does not explain (lower: the others are read more strictly)."""
        self.widening = widening
        self.weighting = weighting
        """Above 0, worlds are drawn in proportion to the likelihood (to this power) of the other
        players' past moves under the learned policy, from ``pool`` sampled worlds."""
        self.pool = pool
        if likelihood not in ("learned", "anchored"):
            raise ValueError("likelihood must be learned or anchored")
        self.likelihood = likelihood
        self.cpu_budget = cpu_budget
        """Count ``budget`` in this process's CPU time rather than wall time (for measurements on a
        busy machine: the search gets the same work whatever else runs; deadlines given are wall time)."""
        """The model of the others' past moves: ``learned`` (the policy) or ``anchored`` (half the
        policy, half the move of the tournament's default client, Normal)."""
        """With the learned prior, the bandit weighs ``2 + widening * sqrt(playouts)`` moves (and the pass)."""

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return self.search(obs, rng, deadline)

    def search_part(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool]
    ) -> Move | Tally:
        return self.tally(obs, rng, deadline, cancelled)

    def combine(self, parts: Sequence[object]) -> Move:
        return combine([part for part in parts if isinstance(part, (Tally, Play, Pass))])

    def choose_move_cancellable(
        self, obs: Observation, rng: random.Random, deadline: float | None, cancelled: Callable[[], bool]
    ) -> Move:
        return self.search(obs, rng, deadline, cancelled)

    def choose_gift(self, obs: Observation, rng: random.Random) -> int:
        return best_gift(obs)

    # --- the search ------------------------------------------------------------

    def search(
        self,
        obs: Observation,
        rng: random.Random,
        deadline: float | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Move:
        """The move to play: see the module docstring."""
        found = self.tally(obs, rng, deadline, cancelled)
        return found.best() if isinstance(found, Tally) else found

    def tally(
        self,
        obs: Observation,
        rng: random.Random,
        deadline: float | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> Move | Tally:
        """The search: the move when it is clear without playouts, else the candidates' tally."""
        clock = time.perf_counter
        if deadline is None and self.iterations is None and self.cpu_budget:
            clock = time.process_time
        start = clock()
        if deadline is None and self.iterations is None:
            deadline = start + self.budget
        moves = obs.move_list()
        if len(moves) == 1:
            return moves[0]
        scored = self._scored(obs)
        if scored[0][0] >= WIN:
            return scored[0][1]

        world = two_player_world(obs)
        in_play = sum(world.counts) if world is not None else 0
        if world is not None and in_play <= ENDGAME_CARDS:
            if in_play <= EXACT_CARDS:
                solution = solve(world, obs.seat)
            elif deadline is None or clock is not time.perf_counter:
                solution = solve(world, obs.seat, node_limit=ENDGAME_NODES)
            else:
                solution = solve(world, obs.seat, deadline=start + (deadline - start) * 0.6)
            if solution.move is not None:
                return solution.move

        arms, opening = self._arms(obs, moves, scored)
        if len(arms) == 1:
            return arms[0]
        return self._bandit(obs, rng, arms, deadline, cancelled, opening, clock)

    def considered(self, obs: Observation) -> list[Move]:
        """The moves the search weighs for ``obs`` (every legal move when there is only one): the
        bandit's arms, whatever shortcut (a forced win, a solved endgame) the search may take first."""
        moves = obs.move_list()
        if len(moves) <= 1:
            return moves
        return self._arms(obs, moves, self._scored(obs))[0]

    def _scored(self, obs: Observation) -> list[tuple[float, Move]]:
        """Strong's scores of the legal moves, best first (ties: the lighter play first)."""
        state = obs.state
        scored = scored_moves(state, obs.hand, drawn=obs.drawn)
        reversed_now = state.revolution != state.j_back
        scored.sort(key=lambda sm: (sm[0], _tie(sm[1], reversed_now)), reverse=True)
        return scored

    def _arms(self, obs: Observation, moves: list[Move], scored: list[tuple[float, Move]]) -> tuple[list[Move], int]:
        """The bandit's arms, and how many of them it opens with."""
        state = obs.state
        arms: list[Move] = []
        opening = len(moves)
        if self.prior == "learned":
            probs = load_policy().probabilities(state, obs.hand, moves)
            order = sorted(range(len(moves)), key=lambda i: (-probs[i], i))
            arms = [moves[i] for i in order]
            if PASS in moves:
                arms.remove(PASS)
                arms.insert(min(2, len(arms)), PASS)
            opening = min(len(arms), 3 if PASS in moves else 2)
        else:
            for _, move in scored:
                if len(arms) >= self.candidates:
                    break
                if move not in arms:
                    arms.append(move)
            if PASS in moves and PASS not in arms:
                arms.append(PASS)
            opening = len(arms)
            if self.prior == "both" and len(arms) < len(moves):
                probs = load_policy().probabilities(state, obs.hand, moves)
                order = sorted(range(len(moves)), key=lambda i: (-probs[i], i))
                arms += [moves[i] for i in order if moves[i] not in arms]
        return arms, opening

    def sampler(self, obs: Observation) -> WorldSampler | ChainSampler:
        """What draws the worlds of a search on ``obs`` (``reading``; the weighted pool aside)."""
        if self.reading == "chain":
            return ChainSampler(obs, trust=self.trust)
        return WorldSampler(obs)

    def playout_policy(self, seat: int, rng: random.Random) -> Policy:
        """The playouts' policy for a search by ``seat``: its own for that seat, the others' model for the rest."""
        return _mixed(seat, self._others_policy(rng), self._own_policy(rng))

    def _bandit(
        self,
        obs: Observation,
        rng: random.Random,
        arms: list[Move],
        deadline: float | None,
        cancelled: Callable[[], bool] | None,
        opening: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Tally:
        low, high = points_range(obs.state.rules)
        span = float(high - low) or 1.0
        weighted = self.weighting > 0
        sampler: WorldSampler | ChainSampler
        worlds: list[Game] = []
        pool: list[Game] = []
        pool_weights: list[float] = []
        if weighted:
            sampler = WorldSampler(obs, passes=False)
            anchor = normal_move if self.likelihood == "anchored" else None
            pool, pool_weights = weighted_pool(sampler, rng, load_policy(), self.pool, self.weighting, anchor=anchor)
        else:
            sampler = self.sampler(obs)
        seat = obs.seat
        policy = self.playout_policy(seat, rng)
        count = len(arms)
        live = count if opening is None else opening
        pulls = [0] * count
        totals = [0.0] * count
        done = 0
        limit = self.iterations
        while True:
            if limit is not None and done >= limit:
                break
            if done >= live and (
                (deadline is not None and clock() >= deadline) or (cancelled is not None and cancelled())
            ):
                break
            if live < count and live < 2 + self.widening * math.sqrt(done):
                live += 1
            arm = self._pick(pulls[:live], totals, done)
            k = pulls[arm]
            if k == len(worlds):
                if weighted:
                    worlds.append(rng.choices(pool, weights=pool_weights)[0])
                else:
                    worlds.append(sampler.sample(rng))
            game = worlds[k].clone()
            game.apply(arms[arm])
            points = playout(game, seat, policy)
            pulls[arm] += 1
            totals[arm] += (points - low) / span
            done += 1
        return Tally(tuple(arms), tuple(pulls), tuple(totals))

    def _own_policy(self, rng: random.Random) -> Policy:
        if self.self_policy is not None:
            return self.self_policy
        return load_policy().policy(rng) if self.own_playout == "learned" else remembered(strong_policy)

    def _others_policy(self, rng: random.Random) -> Policy:
        if self.policy is not None:
            return self.policy
        return load_policy().policy(rng) if self.others_playout == "learned" else normal_policy

    def _pick(self, pulls: list[int], totals: list[float], done: int) -> int:
        """UCB1: the arm with the best mean plus exploration bonus (untried arms first)."""
        for arm, n in enumerate(pulls):
            if n == 0:
                return arm
        log_total = math.log(done)
        c = self.exploration
        best_arm = 0
        best_value = -1.0
        for arm, n in enumerate(pulls):
            value = totals[arm] / n + c * math.sqrt(log_total / n)
            if value > best_value:
                best_arm, best_value = arm, value
        return best_arm


def _mixed(seat: int, others: Policy, own: Policy) -> Policy:
    """A policy that plays ``own`` for ``seat`` and ``others`` for everyone else."""
    if own is others:
        return others

    def policy(game: Game) -> Move:
        return own(game) if game.turn == seat else others(game)

    return policy


def _tie(move: Move, reversed_: bool) -> float:
    return -play_weight(move, reversed_) if isinstance(move, Play) else -99.0
