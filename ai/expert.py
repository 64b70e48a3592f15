"""Expert (最強): Monte Carlo search over the hidden cards, anytime, with an endgame solver.

A decision goes like this:

1. Forced or obvious moves return at once: one legal move; going out; the
   first play of a line that goes out by force (``forcing.forced_out``:
   every play but the last one no set of the unseen cards can beat).
2. A two-player endgame with every card known is solved exactly
   (``endgame.solve``): a forced win is played as soon as it is found.
3. Otherwise the Strong evaluation ranks the legal moves and keeps the best
   few as candidates (passing is always one; a few more once a finished game
   has shown a player unlike the default client).  A UCB1 bandit picks which
   candidate to try next; a try samples a world consistent with what the
   player has seen and likely given how the others moved
   (``inference.ChainSampler``: the exchange tells an upper class what its
   lower class cannot hold, and each deal is weighed by how many of the
   others' moves the default client's choices would not explain), applies
   the candidate and plays the game on with a fast policy (for the player
   Strong, or the refined Strong once a finished game of the match has shown
   another player unlike the default client, its answers remembered by
   position for the whole search; for the others Normal, or Strong for a
   player whose moves Strong explained better than the default client in
   the finished games of the match) until the player's place is settled.  The
   reward is the preset's points for that place.  Candidates share the same
   sequence of sampled worlds (common random numbers), so they are compared
   on the same deals.
4. The search stops after ``iterations`` tries, or at the deadline (by
   default ``budget`` seconds), or when asked to stop; of the candidates
   tried at least half as often as the most tried, the one with the best
   mean reward is played.  (``allocation=halving`` shares the tries by
   sequential halving instead of UCB1; it measured no stronger.)

The exchange gift is Strong's (the cards whose loss leaves the best plan).
With ``gifts`` the search weighs Strong's best few gifts the same way, each
try giving one in a world and playing the game out from its first lead
(``gift_search``); it measured no stronger, so it is off by default.

The search can be shared among processes (root parallelism): each runs
``search_part`` with its own random numbers and returns a ``Tally`` (the
candidates, their tries and rewards); ``combine`` adds the tallies up and
plays the best mean.  The decision worker does this on a machine with two
cores or more.

The table's Expert uses the defaults of ``ExpertOptions``; the arena sets
the others to measure a variant (``python -m ai.arena --expert reading=passes``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from game.engine import PASS, Event, Game, Move, Observation, Pass, Phase, Play, RuleSet
from game.levels import Level

from .endgame import Solution, solve, two_player_world
from .forcing import forced_out_of, forced_place
from .inference import TILT_RANKS, TRUST, ChainSampler
from .normal import normal_policy
from .opponents import NO_FIT, Fit, champion_model, model_fits, opponent_model, seat_policy, unexplained_moves
from .player import Player
from .playout import Policy, Settle, fewer_collections, give_in_exchange, place_points, playout_place, remembered
from .refined import fitted_model, refined_policy
from .sampling import WorldSampler
from .strong import WIN, best_gift, play_weight, ranked_gifts, scored_moves, strong_policy

ENDGAME_CARDS = 16
"""The solver is tried on two-player endgames with at most this many cards in play."""
EXACT_CARDS = 12
"""Up to this many cards the solver runs to the end, whatever the deadline (it needs a
few thousand positions at most: milliseconds), so a forced win is never missed."""
ENDGAME_NODES = 20_000
"""The solver's node limit above ``EXACT_CARDS`` when the search runs by iterations rather than by time."""


@dataclass(frozen=True, slots=True)
class Tally:
    """What one search found: the candidates, how often each was tried and the sum of its rewards
    (each scaled to 0..1).  Tallies of the same decision add up (``combine``)."""

    arms: tuple[Move, ...]
    pulls: tuple[int, ...]
    totals: tuple[float, ...]
    prior: Prior | None = None
    """What each candidate's mean starts from (``root_prior``), the same in every part of a decision."""

    def best(self) -> Move:
        """The tried candidate with the best mean reward (``best_arm``)."""
        return self.arms[best_arm(self.pulls, self.totals, self.prior)]


@dataclass(frozen=True, slots=True)
class Prior:
    """A policy's preference among the candidates, counted as tries made before the search: ``weight`` tries
    of each candidate with the reward ``leaning`` (0 for the candidate the policy likes least, 1 for its
    favourite).  The playouts' means move away from it as their tries outnumber it."""

    weight: float
    leaning: tuple[float, ...]

    def mean(self, arm: int, pulls: int, total: float) -> float:
        """The mean reward of ``arm`` after ``pulls`` tries that brought ``total``, the prior's tries included."""
        return (total + self.weight * self.leaning[arm]) / (pulls + self.weight)


def mean_reward(arm: int, pulls: Sequence[int], totals: Sequence[float], prior: Prior | None = None) -> float:
    """The mean reward of ``arm`` (-1 when untried), from the prior's tries too when there is one."""
    if not pulls[arm]:
        return -1.0
    return prior.mean(arm, pulls[arm], totals[arm]) if prior else totals[arm] / pulls[arm]


def best_arm(pulls: Sequence[int], totals: Sequence[float], prior: Prior | None = None) -> int:
    """Of the candidates tried at least half as often as the most tried, the one with the best mean
    reward (more tries, then the earlier one, break ties).  A candidate tried much less often was left
    behind by the search, and its mean is not comparable (the ones kept were kept for a lucky start)."""
    most = max(pulls)

    def key(a: int) -> tuple[bool, float, int, int]:
        return (2 * pulls[a] >= most, mean_reward(a, pulls, totals, prior), pulls[a], -a)

    return max(range(len(pulls)), key=key)


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
    return Tally(arms, tuple(pulls), tuple(totals), tallies[0].prior).best()


class Reading(str, Enum):
    """How the Expert draws the worlds it plays out."""

    CHAIN = "chain"
    """Weighted by how well they explain the others' moves (``inference.ChainSampler``)."""
    PASSES = "passes"
    """Consistent with the exchange and the passes only (``sampling.WorldSampler``)."""


class Allocation(str, Enum):
    """How the search shares its tries among the candidates."""

    UCB = "ucb"
    """UCB1: the next try goes to the candidate with the best mean plus an exploration bonus."""
    HALVING = "halving"
    """Sequential halving: rounds of equal time; in a round every candidate left is tried in the same
    worlds, and the better half by mean goes on to the next round (the last two share the last round)."""


class Own(str, Enum):
    """Who plays the Expert's own seat in its playouts after the move tried."""

    STRONG = "strong"
    """Strong (its answers remembered by position)."""
    REFINED = "refined"
    """The refined Strong (``ai.refined``: Strong's moves re-ranked by weights fitted to rollouts; its answers
    remembered by position); Strong under rules ``refined.PRESET_WEIGHTS`` gives no weights."""
    ADAPTIVE = "adaptive"
    """The refined Strong once a finished game of the match showed another player unlike the default client (a
    person, a program, Strong), under rules the refined Strong has weights for (``refined.fitted_model``); else
    Strong: against four default clients the refined Strong measured no stronger in the Expert's playouts
    (-0.12 +- 0.10 a game), against the others it did."""


class Others(str, Enum):
    """Who plays the other seats in the Expert's playouts (``ai.opponents``)."""

    NORMAL = "normal"
    """The tournament's default client (``normal_policy``), as Normal plays."""
    LEARNED = "learned"
    """The learned move policy (``ai.policy``, fitted by ``tools/train_policy.py``)."""
    STRONG = "strong"
    """Strong (its answers remembered by position)."""
    CHAMPION = "champion"
    """The champion model: a softmax fitted to a champion program's decisions (``opponents.ChampionModel``)."""
    READ_STRONG = "read-strong"
    """Per seat: Strong for a seat whose moves the chain leaves unexplained (its loose seats), else Normal."""
    READ_CHAMPION = "read-champion"
    """Per seat: the champion model for a seat the chain leaves unexplained, else Normal."""
    MATCH = "match"
    """Per player: the soft Strong (``opponents.soft_strong``) for a player the default client did not
    explain in a finished game of the match (the runner tells who sits where: ``Expert.seating``; the
    chain reads such a player from its passes only from the start) or that the chain leaves
    unexplained this game, else Normal."""
    FIT = "fit"
    """Per player: Strong for a player whose moves Strong explained better than the default client over the
    finished games of the match (``opponents.model_fits``; the runner tells who sits where:
    ``Expert.seating``), else Normal.  The chain reads every player as it does under ``normal``.  Against four
    Strong (as ``strong`` from a match's second game on) 3.89 a game over four runs of 300 games on three deal
    sets (4.21 and 3.58, 4.01, 3.74), where the earlier versions' runs on the same deals averaged 3.64, and 3.73
    over four runs on four more (3.81 over the 2,400 games); against
    the champion program and three default clients -0.05 to +0.21 against the runs of ``normal``; among
    default clients the same as ``normal``."""

    FIT_SOFT = "fit-soft"
    """As ``fit``, the players Strong explained better drawn from the soft Strong (``opponents.soft_strong``)
    instead of played as Strong: the playouts try such a player's likely answers rather than one.  Handed the
    true deal, that model took the Expert +0.33 a game above Strong's against the champion program; on the dealt
    worlds +0.04 +- 0.14 (on the same deals), no more than the noise."""

    @property
    def fits(self) -> bool:
        """Whether a player's model follows from how well each model explained its moves in the finished games."""
        return self in (Others.FIT, Others.FIT_SOFT)

    @property
    def reads(self) -> bool:
        """Whether the model of a seat depends on how the reading of the hands explains its moves."""
        return self in (Others.READ_STRONG, Others.READ_CHAMPION, Others.MATCH)


@dataclass(frozen=True, slots=True)
class ExpertOptions:
    """How the Expert searches.  The table plays the defaults; the arena measures other values
    (``--budget``, ``--iterations``, ``--expert NAME=VALUE``)."""

    budget: float = 0.5
    """Seconds per decision when no deadline is given."""
    iterations: int | None = None
    """A fixed number of playouts per decision (deterministic), instead of the time budget."""
    cpu_budget: bool = False
    """Count ``budget`` in this process's CPU time rather than wall time: the search gets the same work
    whatever else runs on the machine (measurements; a client allowed to take longer when the machine is
    busy).  A deadline given (wall time) still ends the search when it comes first."""
    candidates: int = 5
    """How many of Strong's best moves the bandit weighs (and the pass, when legal)."""
    wide_candidates: int = 8
    """How many it weighs once a finished game of the match has shown a player the default client does not
    explain (``Expert.met_unlike``: a person, a program, Strong).  Against the champion program the Expert's own
    points +0.18, +0.06 and +0.11 (+-0.14) a game with 8 rather than 5 on two deal sets, against four Strong -0.02
    and +0.07; against four default clients 8 cost 0.05, so among them it weighs ``candidates``.  12 rather than 8
    moved its points against the program by +0.01."""
    exploration: float = 0.5
    """UCB1's exploration constant."""
    allocation: Allocation = Allocation.UCB
    """How the tries are shared among the candidates (its text is accepted and turned into one)."""
    reading: Reading = Reading.CHAIN
    """How worlds are drawn (its text is accepted and turned into one)."""
    trust: float = TRUST
    """The chain's weight per move a deal does not explain (lower: the others are read more strictly)."""
    exchanges: bool = False
    """The chain also reads the exchanges between two other players (the upper class holds the lower class's
    strongest cards).  Right on every true deal tested, yet no stronger: against the champion program -0.20
    (the default's runs -0.02 to -0.33), against four Normal -0.02 and -0.09 a game on the same deals.  It reads
    the most of the program's hand at the real table (``tools/log_reading.py``: 36.1% of its hidden cards right,
    the default 32.7%)."""
    pool: int = 0
    """How many of its deals the chain offers each player it reads loosely, the hand in each weighed by how likely
    the soft Strong makes all that player's moves with it (``inference.ChainSampler.weigh_pools``; 0: none).
    It reads a Strong player a little better (46% of its hidden cards right rather than 43%), yet measured no
    stronger: 16 against the champion program -0.31 (the default's runs -0.02 to -0.33), against four Strong
    +0.07 +- 0.23 a game on the same deals."""
    tilt: float = 0.0
    """How much the chain favours the deals where a player it reads loosely holds strong cards (the log-weight's rise
    per joker, 2 or ace: ``inference.ChainSampler``): from passes alone, the worlds gave the champion program 0.4
    fewer of them than it held in its games (0.76 fewer early in a game it began as an upper class).  0.6 with
    ``exchanges`` mends that, yet measured no stronger against the program: -0.19 and -0.29 on two deal sets (the
    default's runs -0.02 to -0.33; the Expert's own points +0.03 +- 0.15 on the same deals); with ``others=fit``
    +0.10 +- 0.13 and -0.17 +- 0.15 on two more (the same deals as the default), though it reads 37.2% of the
    program's hidden cards right at the real table where the default reads 32.7%."""
    rank_tilt: tuple[float, ...] = ()
    """By rank in the current order (weakest first, the jokers last: 14 values), how much the chain favours the deals
    where a player it reads loosely holds such a card (the log-weight's rise per card, beside ``tilt``'s;
    ``inference.card_tilts``; empty: none).  Any sequence of numbers is accepted and turned into a tuple.
    ``tools/log_reading.py --fit-tilt`` fits it to a program's logged hands: for the champion program, with
    ``exchanges``, ``[0.07, -0.22, -0.48, -0.13, -0.55, 0.26, -0.37, -0.28, 0.08, 0.04, 0.14, 0.77, 0.48, 0.18]``
    (it keeps aces and 2s and sheds its 4s to 7s sooner than its passes say), which placed 36.9% of its hidden
    cards right on a held-out run, as ``tilt=0.6`` did (37.2%; 32.7% without either).  Against the program those
    weights with ``exchanges`` moved the Expert's own points by +0.06 +- 0.13 on the same deals: no more than
    the noise."""
    gifts: int = 0
    """How many of Strong's best exchange gifts a search weighs like moves (``Expert.gift_search``); below 2,
    Strong's gift (the one that leaves the best plan) is given at once.  4 chose another gift than Strong's in
    two exchanges of three, yet measured no stronger: against four Normal +0.10 and -0.10 (+-0.10) a game on two
    deal sets of 300 games, against the champion program -0.36 (the default's runs -0.02 to -0.33)."""
    others: Others = Others.FIT
    """Who plays the other seats in the playouts (its text is accepted and turned into one)."""
    own: Own = Own.ADAPTIVE
    """Who plays the Expert's own seat in the playouts (its text is accepted and turned into one)."""
    forced_leaves: int = 0
    """In its playouts, while the Expert's own seat holds at most this many cards, each of its turns first looks
    for a line that goes out by force (``forcing.forced_place``, the world's other hands as the unseen cards),
    which settles its place at once (0: never).  The playouts' own policy wins the place of every line found
    anyway (2,028 of 2,400 playouts came to one), so this only ends them sooner: against the champion program
    3 moved the Expert's own points by -0.12 +- 0.14 a game on the same deals."""
    place_values: tuple[float, ...] | None = None
    """The playouts' reward by place (1st first) instead of the preset's points: e.g. what each place is
    worth over the rest of the class cycle (the class carries into the next game's exchange).  Used when
    it names a value for every player; any sequence is accepted and turned into a tuple."""
    root_prior: float = 0.0
    """How much the champion model's preference among the candidates weighs in the search (0: not at all): each
    candidate starts with ``root_prior * (candidates - 1) ** 0.6`` tries' worth of reward, from 0 for the one the
    model finds least likely to 1 for its likeliest (``Prior``), the way the champion program starts its own
    search from its policy (with 4).  Against four Strong with drawn classes, 4 moved the Expert's own points by
    +0.04 and +0.07 (+-0.10) a game on two deal sets, 8 by -0.02 and -0.04; against the champion program 4 moved
    them by -0.02 +- 0.11 on the same deals: no more than the noise."""

    def __post_init__(self) -> None:
        if self.place_values is not None:
            values = self.place_values
            if not isinstance(values, (list, tuple)) or not all(_number(v) for v in values) or len(set(values)) < 2:
                raise ValueError(f"place_values: expected numbers that tell the places apart, not {values!r}")
            object.__setattr__(self, "place_values", tuple(float(v) for v in values))
        tilts = self.rank_tilt
        if not isinstance(tilts, (list, tuple)) or len(tilts) not in (0, TILT_RANKS) or not all(map(_number, tilts)):
            raise ValueError(f"rank_tilt: expected {TILT_RANKS} numbers (the ranks weakest first, the jokers last), "
                             f"or none, not {tilts!r}")
        object.__setattr__(self, "rank_tilt", tuple(float(v) for v in tilts))
        for name, fits, expected in _LIMITS:
            value = getattr(self, name)
            if not fits(value):
                raise ValueError(f"{name}: expected {expected}, not {value!r}")
        for name, kind in (("reading", Reading), ("others", Others), ("allocation", Allocation), ("own", Own)):
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, kind(value))
            except ValueError:
                choices = ", ".join(k.value for k in kind)
                raise ValueError(f"{name}: expected one of {choices}, not {value!r}") from None

    def with_values(self, values: Mapping[str, Any]) -> ExpertOptions:
        """These options with ``values`` by name (``ValueError`` naming an unknown option or a bad value)."""
        names = [f.name for f in fields(self)]
        for name in values:
            if name not in names:
                raise ValueError(f"unknown Expert option {name!r} (options: {', '.join(names)})")
        return replace(self, **values)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


_LIMITS: tuple[tuple[str, Callable[[Any], bool], str], ...] = (
    ("budget", lambda v: _number(v) and v > 0, "a positive number of seconds"),
    ("iterations", lambda v: v is None or (_whole(v) and v >= 1), "a whole number from 1, or none"),
    ("cpu_budget", lambda v: isinstance(v, bool), "true or false"),
    ("exchanges", lambda v: isinstance(v, bool), "true or false"),
    ("candidates", lambda v: _whole(v) and v >= 1, "a whole number from 1"),
    ("wide_candidates", lambda v: _whole(v) and v >= 1, "a whole number from 1"),
    ("pool", lambda v: _whole(v) and v >= 0, "a whole number from 0"),
    ("root_prior", lambda v: _number(v) and v >= 0, "a number from 0"),
    ("forced_leaves", lambda v: _whole(v) and v >= 0, "a whole number from 0"),
    ("gifts", lambda v: _whole(v) and v >= 0, "a whole number from 0"),
    ("exploration", lambda v: _number(v) and v >= 0, "a number from 0"),
    ("trust", lambda v: _number(v) and 0 <= v <= 1, "a number from 0 to 1"),
    ("tilt", lambda v: _number(v) and v >= 0, "a number from 0"),
)
"""The numeric options: name, whether a value fits, what is expected."""


class Expert(Player):
    """Level 4: determinized Monte Carlo search with a bandit at the root."""

    level = Level.EXPERT
    search_parts = True

    def __init__(self, options: ExpertOptions = ExpertOptions()) -> None:
        self.options = options
        self.seating: tuple[int, ...] = ()
        """By seat: who sits there this game, the same number for the same player all match (``seated``;
        empty when the runner does not say)."""
        self.unlike_default: set[int] = set()
        """The players (as ``seating`` numbers them) the default client did not explain in a finished game."""
        self.met_unlike = False
        """Whether a finished game of the match showed another player the default client did not explain, under
        rules the refined Strong has weights for (the rules the switch was measured under; the seating need not be
        known): from then on ``own=adaptive`` plays the Expert's own seat refined and the bandit weighs
        ``wide_candidates``."""
        self.fits: dict[int, Fit] = {}
        """By player (as ``seating`` numbers them): how many of its moves each model explained in the finished
        games (``others=fit``)."""

    def seated(self, seating: Sequence[int]) -> None:
        self.seating = tuple(seating)

    def notify(self, obs: Observation, events: Sequence[Event]) -> None:
        """At the end of a game: remember whether the default client left a player unexplained (``met_unlike``),
        which players (``others=match``), or how well each model explained each player (``others=fit``)."""
        if not self.met_unlike and obs.state.over:
            fitted = fitted_model(obs.state.rules) is not None
            self.met_unlike = fitted and any((unexplained_moves(obs) or {}).values())
        others = self.options.others
        if not (others is Others.MATCH or others.fits) or not obs.state.over or len(self.seating) != obs.state.n:
            return
        if others is Others.MATCH:
            for seat, misses in (unexplained_moves(obs) or {}).items():
                if misses:
                    self.unlike_default.add(self.seating[seat])
            return
        for seat, fit in (model_fits(obs) or {}).items():
            player = self.seating[seat]
            self.fits[player] = self.fits.get(player, NO_FIT) + fit

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
        """Strong's gift (the one that leaves the best plan), or with ``gifts`` the best of Strong's first
        few played out in worlds like a move (``gift_search``)."""
        if self.options.gifts < 2 or obs.state.phase is not Phase.EXCHANGE:
            return best_gift(obs)
        return self.gift_search(obs, rng)

    def gift_search(self, obs: Observation, rng: random.Random) -> int:
        """The exchange gift with the best mean reward among Strong's ``gifts`` best: each try gives one in a
        world, the other upper classes give their weakest cards (the default client's gift), and the game is
        played out as in a move's search, within the options' budget or iterations."""
        gifts = ranked_gifts(obs, self.options.gifts)
        if len(gifts) == 1:
            return gifts[0]
        seat = obs.seat

        def give(game: Game, arm: int) -> None:
            give_in_exchange(game, seat, gifts[arm])

        clock = self._clock(None)
        deadline = None if self.options.iterations is not None else clock() + self.options.budget
        pulls, totals = self._tries(obs, rng, len(gifts), give, deadline, None, clock)
        return gifts[best_arm(pulls, totals)]

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
        if deadline is not None and self.options.cpu_budget and self.options.iterations is None:
            cancelled = _past_or(deadline, cancelled)  # the budget counts CPU time within the deadline given
            deadline = None
        clock = self._clock(deadline)
        start = clock()
        if deadline is None and self.options.iterations is None:
            deadline = start + self.options.budget
        moves = obs.move_list()
        if len(moves) == 1:
            return moves[0]
        scored = _ranked(obs)
        if scored[0][0] >= WIN:
            return scored[0][1]
        forced = forced_out_of(obs)
        if forced is not None:
            return forced
        solved = self._solved_endgame(obs, clock, start, deadline)
        if solved is not None:
            return solved
        arms = self._candidates(scored, moves)
        if len(arms) == 1:
            return arms[0]
        return self._bandit(obs, rng, arms, deadline, cancelled, clock)

    def _clock(self, deadline: float | None) -> Callable[[], float]:
        """Wall time, or this process's CPU time when the options' budget is counted so."""
        if deadline is None and self.options.iterations is None and self.options.cpu_budget:
            return time.process_time
        return time.perf_counter

    def _solved_endgame(
        self, obs: Observation, clock: Callable[[], float], start: float, deadline: float | None
    ) -> Move | None:
        """The move of a two-player endgame with every card known, solved exactly: up to
        ``EXACT_CARDS`` whatever the time, else within 60% of the time left (or a node limit when
        the search does not run on wall time); None if there is none or it found no forced result."""
        world = two_player_world(obs)
        in_play = sum(world.counts) if world is not None else 0
        if world is None or in_play > ENDGAME_CARDS:
            return None
        solution: Solution
        if in_play <= EXACT_CARDS:
            solution = solve(world, obs.seat)
        elif deadline is None or clock is not time.perf_counter:
            solution = solve(world, obs.seat, node_limit=ENDGAME_NODES)
        else:
            solution = solve(world, obs.seat, deadline=start + (deadline - start) * 0.6)
        return solution.move

    def _candidates(self, scored: list[tuple[float, Move]], moves: Sequence[Move]) -> list[Move]:
        """Strong's best ``candidates`` distinct moves (``wide_candidates`` once the match has shown a player unlike
        the default client), and the pass when it is legal."""
        count = self.options.wide_candidates if self.met_unlike else self.options.candidates
        arms: list[Move] = []
        for _, move in scored:
            if len(arms) >= count:
                break
            if move not in arms:
                arms.append(move)
        if PASS in moves and PASS not in arms:
            arms.append(PASS)
        return arms

    def considered(self, obs: Observation) -> list[Move]:
        """The moves the search weighs for ``obs`` (every legal move when there is only one): the
        bandit's arms, whatever shortcut (a forced win, a solved endgame) the search may take first."""
        moves = obs.move_list()
        if len(moves) <= 1:
            return moves
        return self._candidates(_ranked(obs), moves)

    def sampler(self, obs: Observation) -> WorldSampler | ChainSampler:
        """What draws the worlds of a search on ``obs`` (the ``reading`` option)."""
        if self.options.reading is Reading.CHAIN:
            unlike = self._singled_seats() if self.options.others is Others.MATCH else frozenset()
            return ChainSampler(obs, trust=self.options.trust, unlike=unlike,
                                exchanges=self.options.exchanges, pool=self.options.pool, tilt=self.options.tilt,
                                rank_tilt=self.options.rank_tilt)
        return WorldSampler(obs)

    def _singled_seats(self) -> frozenset[int]:
        """The seats of the players earlier games singled out for the stronger model: found unlike the default
        client (``others=match``, read from their passes only too), or whose moves Strong explained better
        (``others=fit``)."""
        if not self.seating:
            return frozenset()
        if self.options.others is Others.MATCH:
            unlike = self.unlike_default
        elif self.options.others.fits:
            unlike = {player for player, fit in self.fits.items() if fit.strong > fit.normal}
        else:
            return frozenset()
        return frozenset(s for s, player in enumerate(self.seating) if player in unlike)

    def playout_policy(self, seat: int, rng: random.Random, unexplained: Iterable[int] = ()) -> Policy:
        """The playouts' policy for a search by ``seat``: the ``own`` option's (its answers remembered) for that seat,
        the others' model for the rest.  The seats singled out get the stronger model of the ``others``
        option, the rest Normal: under ``match`` and ``fit`` the players singled out by earlier games, and
        under a reading option the seats the reading of the hands leaves ``unexplained``."""
        models: dict[int, Policy] = {}
        singled = {*self._singled_seats(), *(unexplained if self.options.others.reads else ())} - {seat}
        if singled:
            models = dict.fromkeys(singled, opponent_model(self.options.others.value, rng))
        own = remembered(refined_policy if self.refined_own() else strong_policy)
        return seat_policy(seat, own, self._others_policy(rng), models)

    def refined_own(self) -> bool:
        """Whether the Expert's own seat plays the refined Strong in its playouts (the ``own`` option)."""
        return self.options.own is Own.REFINED or (self.options.own is Own.ADAPTIVE and self.met_unlike)

    def place_rewards(self, rules: RuleSet) -> tuple[float, ...]:
        """The playouts' reward of each place (1st first): ``place_values`` when it names one per
        player, else the preset's points."""
        values = self.options.place_values
        if values is not None and len(values) == rules.players:
            return values
        return tuple(float(place_points(rules, place)) for place in range(rules.players))

    def _bandit(
        self,
        obs: Observation,
        rng: random.Random,
        arms: list[Move],
        deadline: float | None,
        cancelled: Callable[[], bool] | None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Tally:
        """UCB1 over the candidate moves (``_tries``)."""
        def play(game: Game, arm: int) -> None:
            game.apply(arms[arm])

        prior = self.prior(obs, arms)
        pulls, totals = self._tries(obs, rng, len(arms), play, deadline, cancelled, clock, prior)
        return Tally(tuple(arms), tuple(pulls), tuple(totals), prior)

    def prior(self, obs: Observation, arms: Sequence[Move]) -> Prior | None:
        """What the search's means start from (the ``root_prior`` option): the champion model's log-probability
        of each candidate, scaled from 0 (the least likely) to 1 (the likeliest); None without the option."""
        if not self.options.root_prior:
            return None
        moves = obs.move_list()
        chances = dict(zip(moves, champion_model().probabilities(obs.state, obs.hand, moves)))
        logs = [math.log(max(chances[arm], 1e-300)) for arm in arms]
        low = min(logs)
        span = max(logs) - low or 1.0
        weight = self.options.root_prior * (len(arms) - 1) ** 0.6
        return Prior(weight, tuple((x - low) / span for x in logs))

    # The playouts make and drop many small objects: the collector runs less often meanwhile, and its usual
    # pace comes back once the search's worlds and memories are gone (a collection with them alive would go
    # through them all).
    @fewer_collections()
    def _tries(
        self,
        obs: Observation,
        rng: random.Random,
        count: int,
        act: Callable[[Game, int], None],
        deadline: float | None,
        cancelled: Callable[[], bool] | None,
        clock: Callable[[], float],
        prior: Prior | None = None,
    ) -> tuple[list[int], list[float]]:
        """Tries of ``count`` candidates shared by the ``allocation`` option: each try makes one (``act``) in a
        world drawn for it (the k-th try of every candidate in the same k-th world) and plays the game out;
        how often each was tried and the sum of its rewards (each scaled to 0..1).  The means the sharing
        compares start from ``prior`` when there is one."""
        values = self.place_rewards(obs.state.rules)
        low, high = min(values), max(values)
        span = float(high - low) or 1.0
        sampler = self.sampler(obs)
        seat = obs.seat
        worlds: list[Game] = []
        unexplained: frozenset[int] = frozenset()
        if self.options.others.reads and isinstance(sampler, ChainSampler):
            worlds.append(sampler.sample(rng))  # the burn-in decides which seats the chain leaves unexplained
            unexplained = sampler.loose_seats
        policy = self.playout_policy(seat, rng, unexplained)
        settle = self._settle(seat)
        pulls = [0] * count
        totals = [0.0] * count

        def attempt(arm: int) -> None:
            k = pulls[arm]
            if k == len(worlds):
                worlds.append(sampler.sample(rng))
            game = worlds[k].clone()
            act(game, arm)
            place = playout_place(game, seat, policy, settle=settle)
            pulls[arm] += 1
            totals[arm] += (values[place] - low) / span

        if self.options.allocation is Allocation.HALVING:
            _halve(attempt, pulls, totals, self.options.iterations, deadline, cancelled, clock, prior)
        else:
            self._ucb(attempt, pulls, totals, deadline, cancelled, clock, prior)
        return pulls, totals

    def _settle(self, seat: int) -> Settle | None:
        """What settles ``seat``'s place in a playout before it is played out (the ``forced_leaves`` option)."""
        most = self.options.forced_leaves
        if not most:
            return None

        def forced(game: Game) -> int | None:
            return forced_place(game, seat) if game.hands[seat].bit_count() <= most else None

        return forced

    def _ucb(
        self,
        attempt: Callable[[int], None],
        pulls: list[int],
        totals: list[float],
        deadline: float | None,
        cancelled: Callable[[], bool] | None,
        clock: Callable[[], float],
        prior: Prior | None = None,
    ) -> None:
        """UCB1 (``Allocation.UCB``): tries until the iterations are done, or the deadline passes or the
        search is cancelled once every candidate has been tried."""
        count = len(pulls)
        done = 0
        limit = self.options.iterations
        while True:
            if limit is not None and done >= limit:
                break
            if done >= count and (
                (deadline is not None and clock() >= deadline) or (cancelled is not None and cancelled())
            ):
                break
            attempt(self._pick(pulls, totals, done, prior))
            done += 1

    def _others_policy(self, rng: random.Random) -> Policy:
        """The model of every other seat (of those the reading does not single out, under a reading option)."""
        others = self.options.others
        if others is Others.LEARNED:
            from .policy import load_policy

            return load_policy().policy(rng)
        if others in (Others.STRONG, Others.CHAMPION):
            return opponent_model(others.value, rng)
        return normal_policy

    def _pick(self, pulls: list[int], totals: list[float], done: int, prior: Prior | None = None) -> int:
        """UCB1: the arm with the best mean plus exploration bonus (untried arms first); with a ``prior``, its
        tries count in the mean and in the bonus."""
        for arm, n in enumerate(pulls):
            if n == 0:
                return arm
        log_total = math.log(done)
        c = self.options.exploration
        more = prior.weight if prior else 0.0
        best_arm = 0
        best_value = -1.0
        for arm, n in enumerate(pulls):
            value = mean_reward(arm, pulls, totals, prior) + c * math.sqrt(log_total / (n + more))
            if value > best_value:
                best_arm, best_value = arm, value
        return best_arm


def _halve(
    attempt: Callable[[int], None],
    pulls: list[int],
    totals: list[float],
    limit: int | None,
    deadline: float | None,
    cancelled: Callable[[], bool] | None,
    clock: Callable[[], float],
    prior: Prior | None = None,
) -> None:
    """Sequential halving (``Allocation.HALVING``): ceil(log2 n) rounds sharing the time (or the ``limit``
    tries) equally; a round tries every candidate left once a sweep, all in the same world, and keeps the
    better half by mean (ties: the earlier, Strong's better) for the next.  Every round makes one sweep at
    least, unless the deadline has passed or the search is cancelled (every candidate has been tried)."""
    left = list(range(len(pulls)))
    rounds = max(1, math.ceil(math.log2(len(left))))
    start = clock()
    done = 0
    for r in range(rounds):
        if r and ((deadline is not None and clock() >= deadline) or (cancelled is not None and cancelled())):
            return
        share = None if limit is None else done + max(len(left), (limit - done) // (rounds - r))
        end = None if deadline is None else start + (deadline - start) * (r + 1) / rounds
        while True:
            for arm in left:
                if limit is not None and done >= limit:
                    return
                attempt(arm)
                done += 1
            if (share is not None and done >= share) or (end is not None and clock() >= end):
                break
            if cancelled is not None and cancelled():
                return
        left = sorted(left, key=lambda a: (-mean_reward(a, pulls, totals, prior), a))[: (len(left) + 1) // 2]


def _past_or(deadline: float, cancelled: Callable[[], bool] | None) -> Callable[[], bool]:
    """True once the wall clock reaches ``deadline`` or ``cancelled`` says so."""
    def stop() -> bool:
        return time.perf_counter() >= deadline or (cancelled is not None and cancelled())

    return stop


def _ranked(obs: Observation) -> list[tuple[float, Move]]:
    """The legal moves by Strong's score, best first (ties: the lighter play, a pass last)."""
    state = obs.state
    scored = scored_moves(state, obs.hand, drawn=obs.drawn)
    reversed_now = state.revolution != state.j_back
    scored.sort(key=lambda sm: (sm[0], _tie(sm[1], reversed_now)), reverse=True)
    return scored


def _tie(move: Move, reversed_: bool) -> float:
    return -play_weight(move, reversed_) if isinstance(move, Play) else -99.0
