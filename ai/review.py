"""A finished game reviewed: each decision of one seat rated by the Expert's search, the best move beside it.

For every decision the seat made (its moves, and the cards it chose to give:
the exchange, 7渡し, 10捨て), in the order it made them:

1. the seat's observation at that moment is rebuilt by replaying the game
   record (``decision_points``): what it held and had seen, nothing else;
2. a fixed number of worlds (complete deals) consistent with that
   observation are drawn by the Expert's sampler (``Expert.sampler``: the
   others' hands read from their moves, the exchange), each with a playout
   seed of its own;
3. the move played and every candidate the Expert weighs there
   (``Expert.considered``; for a gift, the best few by Strong's plan and the
   weakest cards) are each played out on **the same worlds with the same
   playout seeds** (common random numbers), the seat as the Expert's own
   playouts play it, the others as its model of them; a candidate's value
   is its mean points (the preset's points for the place reached).  As in
   a race, a candidate that can no longer beat the leader by more than a
   small margin stops early (``values``); the move played and the leader
   are played out on every world.
4. a move that starts a line going out by force (``forcing``: no set of
   the unseen cards can answer any of its plays but the last) is worth the
   best place still open, in every world, whatever the playouts made of
   it; when there is such a line and the move played was not on one, the
   rating keeps the line (``Rating.sure_line``) and its first play is among
   the candidates.

The best move is the candidate of highest value, the move played winning
ties: on those worlds it is never rated below the move played.  The loss of
a decision is the difference.  Everything is drawn from ``random.Random``
seeded by the review's seed and the decision's place in the record, so a
review is the same for the same game and seed, however its decisions are
shared among processes.

    python -m ai.review RECORD.json --seat 0          # one game of a record
    python -m ai.review --bench                        # typical 4-player games, timed
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, replace
from functools import partial
from multiprocessing import get_context
from typing import Any, Final

from game.engine import PASS, Game, Match, Observation, Pass, Phase, Play, observe, preset_rules
from game.engine.cards import format_cards
from game.engine.record import Record, apply_action, parse_record, record_json, replay
from game.engine.runner import Answer, Decision, play_game

from .expert import Expert
from .forcing import best_open_place, forced_line_of
from .levels import make_player
from .player import Player, gift_count, weakest_cards
from .playout import Policy, give_in_exchange, place_points, playout, points_range
from .strong import ranked_gifts

WORLDS: Final = 200
"""Worlds each decision is rated on."""
GIFTS: Final = 3
"""Gifts rated besides the one given: Strong's best few by the plan they leave (and the weakest cards)."""
RACE_FROM: Final = 80
"""Worlds every candidate is played out on before the race may leave one behind..."""
RACE_EVERY: Final = 40
"""... and how often it looks again."""
RACE_Z: Final = 2.0
"""How many standard errors of the paired difference bound what a candidate may still gain on the leader."""
RACE_MARGIN: Final = 0.0125
"""A candidate that cannot beat the leader by more than this share of the points range (0.05 point in
``standard``) leaves the race: it would not move the best value by more."""
NOTABLE: Final = 0.025
"""A loss below this share of the preset's points range (0.1 point in ``standard``) is not a mistake worth showing."""


class Cancelled(Exception):
    """The review was called off before the decision was rated."""


@dataclass(frozen=True, slots=True)
class DecisionPoint:
    """One decision of the reviewed seat, as it stood."""

    number: int
    """Its place among the seat's decisions in the game (0 = the first)."""
    game: int
    """The game's index in the record."""
    action: int
    """The index of the action in the game's ``actions`` (a move, or cards handed on or discarded);
    -1 for a gift in the exchange (before the first action)."""
    obs: Observation
    played: Answer
    """The move made, or the cards given (a card set)."""

    @property
    def gift(self) -> bool:
        return isinstance(self.played, int)


@dataclass(frozen=True, slots=True)
class Rating:
    """A decision rated: the expected points of the move played and of the best one found."""

    number: int
    game: int
    action: int
    played: Answer
    best: Answer
    played_points: float
    """The mean points of the move played over the worlds."""
    best_points: float
    choices: tuple[tuple[Answer, float, int], ...]
    """Every move rated, with its mean points and the number of worlds it was played out on: those
    played out on every world first, best first (the move played first among equals), then the others
    (left behind in the race), best first."""
    worlds: int
    forced: bool
    """There was nothing else to do (one legal move)."""
    sure_line: tuple[Play, ...] = ()
    """A line that went out by force from here, when the move played did not (``forcing.forced_line``):
    its first play is the best move."""

    @property
    def loss(self) -> float:
        """The expected points given away (0 when the move played was the best found)."""
        return self.best_points - self.played_points

    @property
    def gift(self) -> bool:
        return isinstance(self.played, int)


@dataclass(frozen=True)
class Review:
    """A game reviewed for one seat."""

    seat: int
    game: int
    seed: int
    worlds: int
    ratings: tuple[Rating, ...]
    points: int | None
    """The points the seat took in the game (None: the game did not finish)."""
    low: int
    """The fewest points one game of these rules can bring..."""
    high: int
    """... and the most."""

    @property
    def span(self) -> float:
        """The range of points of one game (the scale of a loss)."""
        return float(self.high - self.low) or 1.0

    @property
    def total_loss(self) -> float:
        return sum(r.loss for r in self.ratings)

    def mistakes(self) -> list[Rating]:
        """The decisions whose loss is worth showing, costliest first (earlier first among equals)."""
        notable = [r for r in self.ratings if r.loss >= NOTABLE * self.span]
        return sorted(notable, key=lambda r: (-r.loss, r.number))

    def costliest(self, count: int = 3) -> list[Rating]:
        return self.mistakes()[:count]

    def curve(self) -> list[float]:
        """The seat's expected points after each of its decisions (the move played's value)."""
        return [r.played_points for r in self.ratings]


# --- the decisions of a game ----------------------------------------------------------------


def opening(record: Record, game: int) -> Game:
    """Game ``game`` of ``record`` as dealt: before the exchange's chosen gifts and the first action."""
    specs = list(record.games[: game + 1])
    specs[-1] = replace(specs[-1], exchange=(), actions=())
    return replay(Record(record.rules, tuple(specs))).games[-1]


def decision_points(record: Record, seat: int, game: int = -1) -> list[DecisionPoint]:
    """Every decision ``seat`` made in game ``game`` of ``record`` (-1: the last), with its observation.

    Raises ``RecordError`` or ``IllegalAction`` as ``replay`` does for a record that does not replay.
    """
    index = game % len(record.games) if record.games else 0
    if not record.games:
        return []
    if not 0 <= seat < record.rules.players:
        raise ValueError(f"seat {seat} is not a seat of a {record.rules.players}-player game")
    spec = record.games[index]
    state = opening(record, index)
    points: list[DecisionPoint] = []

    def decided(action: int, played: Answer) -> None:
        points.append(DecisionPoint(len(points), index, action, observe(state, seat), played))

    for giver, cards in spec.exchange:
        if giver == seat and state.phase is Phase.EXCHANGE:
            decided(-1, cards)
        state.give(giver, cards)
    for number, action in enumerate(spec.actions):
        if action.seat == seat and not state.over:
            if action.handoff is not None:
                decided(number, action.cards or 0)
            else:
                decided(number, PASS if action.cards is None else state.resolve(action.cards, action.joker_as))
        apply_action(state, action, index, number)
    return points


# --- rating one decision ------------------------------------------------------------------------


def choices_of(point: DecisionPoint, expert: Expert) -> list[Answer]:
    """The moves a decision is rated over: the move played first, then the Expert's candidates."""
    obs = point.obs
    found: list[Answer]
    if point.gift:
        found = [*ranked_gifts(obs, GIFTS), weakest_cards(obs.hand, gift_count(obs))]
    else:
        found = list(expert.considered(obs))
    out: list[Answer] = [point.played]
    for choice in found:
        if choice not in out:
            out.append(choice)
    return out


def draw_worlds(point: DecisionPoint, seed: int, count: int, expert: Expert) -> list[tuple[Game, int]]:
    """``count`` worlds consistent with the decision's observation, each with its playout seed."""
    rng = random.Random(f"review/{seed}/{point.game}/{point.action}/{point.number}")
    sampler = expert.sampler(point.obs)
    return [(sampler.sample(rng), rng.getrandbits(64)) for _ in range(count)]


def values(point: DecisionPoint, answers: Sequence[Answer], worlds: Sequence[tuple[Game, int]], expert: Expert,
           cancelled: Callable[[], bool] | None = None, *, race: float | None = None) -> list[tuple[float, int]]:
    """Each answer's mean points over ``worlds`` and how many of them it was played out on; every
    world is played out with its own seed for every answer (common random numbers).

    With a ``race`` margin, from ``RACE_FROM`` worlds on and every ``RACE_EVERY``, an answer that
    cannot beat the leader on the worlds so far by more than that margin (the paired difference's
    mean plus ``RACE_Z`` standard errors) stops there: it would not change the best value by more.
    The first answer (the move played) and the leader run on every world.
    """
    seat = point.obs.seat
    seeded = random.Random()
    policy = expert.playout_policy(seat, seeded)
    results: list[list[int]] = [[] for _ in answers]
    live = list(range(len(answers)))
    for count, (world, world_seed) in enumerate(worlds, start=1):
        if cancelled is not None and cancelled():
            raise Cancelled
        for i in live:
            seeded.seed(world_seed)
            results[i].append(play_from(world.clone(), seat, answers[i], policy))
        looks = count >= RACE_FROM and count % RACE_EVERY == 0 and count < len(worlds)
        if race is not None and looks and len(live) > 2:
            live = _still_in(live, results, race)
    return [(sum(found) / max(1, len(found)), len(found)) for found in results]


def _still_in(live: list[int], results: list[list[int]], margin: float) -> list[int]:
    """The answers of a race that go on: the first, the leader, and those that may still beat the
    leader by more than ``margin``."""
    def mean(i: int) -> float:
        return sum(results[i]) / len(results[i])

    leader = min(live, key=lambda i: (-mean(i), i))
    kept = []
    for i in live:
        if i in (0, leader):
            kept.append(i)
            continue
        diffs = [a - b for a, b in zip(results[leader], results[i])]
        n = len(diffs)
        gap = sum(diffs) / n
        spread = math.sqrt(sum((d - gap) ** 2 for d in diffs) / (n - 1))
        if gap + margin < RACE_Z * spread / math.sqrt(n):
            kept.append(i)
    return kept


def play_from(game: Game, seat: int, answer: Answer, policy: Policy) -> int:
    """``seat`` makes ``answer`` in ``game``; the points it ends with when ``policy`` plays on."""
    if isinstance(answer, int):
        give_in_exchange(game, seat, answer)
    else:
        game.apply(answer)
    return playout(game, seat, policy)


def rate(point: DecisionPoint, seed: int, worlds: int = WORLDS, expert: Expert | None = None,
         cancelled: Callable[[], bool] | None = None) -> Rating:
    """Rate one decision (see the module docstring); ``Cancelled`` when ``cancelled()`` turns true."""
    expert = expert if expert is not None else Expert()
    answers = choices_of(point, expert)
    line = () if point.gift else forced_line_of(point.obs)
    if line and line[0] not in answers:
        answers.append(line[0])
    drawn = draw_worlds(point, seed, worlds, expert)
    low, high = points_range(point.obs.rules)
    found = values(point, answers, drawn, expert, cancelled, race=RACE_MARGIN * (high - low))
    if line:  # a move that goes out by force is worth the best place still open, in every world
        certain = (float(place_points(point.obs.rules, best_open_place(point.obs.state))), worlds)
        forcing = [isinstance(answer, Play) and bool(forced_line_of(point.obs, first=answer)) for answer in answers]
        for i in range(len(answers)):
            if forcing[i]:
                found[i] = certain
        if forcing[0]:
            line = ()  # the move played (the first answer) goes out by force too
    # The best is the highest mean among the answers played out on every world (the move played among them).
    order = sorted(range(len(answers)), key=lambda i: (found[i][1] < worlds, -found[i][0], i))
    best = order[0]
    forced = not point.gift and len(point.obs.move_list()) == 1
    return Rating(point.number, point.game, point.action, point.played, answers[best], found[0][0], found[best][0],
                  tuple((answers[i], *found[i]) for i in order), worlds, forced, line)


def rate_call(point: DecisionPoint, seed: int, worlds: int, cancelled: Callable[[], bool]) -> Rating:
    """``rate`` with the Expert's defaults, in the shape of work for a decision process."""
    return rate(point, seed, worlds, cancelled=cancelled)


# --- a whole game ---------------------------------------------------------------------------------------


def review_game(record: Record, seat: int, seed: int = 1, *, game: int = -1, worlds: int = WORLDS,
                executor: Executor | None = None) -> Review:
    """Review ``seat``'s decisions in game ``game`` of ``record``; ``executor`` shares them among processes."""
    points = decision_points(record, seat, game)
    if executor is None:
        ratings = [rate(point, seed, worlds) for point in points]
    else:
        ratings = list(executor.map(partial(rate, seed=seed, worlds=worlds), points))
    return assemble(record, seat, seed, worlds, ratings, game)


def assemble(record: Record, seat: int, seed: int, worlds: int, ratings: Iterable[Rating], game: int = -1) -> Review:
    """The review of ``seat`` from its decisions' ratings (in any order)."""
    index = game % len(record.games) if record.games else 0
    played = replay(Record(record.rules, record.games[: index + 1])).games[-1] if record.games else None
    result = played.result if played is not None else None
    low, high = points_range(record.rules)
    return Review(seat, index, seed, worlds, tuple(sorted(ratings, key=lambda r: r.number)),
                  result.points[seat] if result is not None else None, low, high)


# --- the command line: a review printed, and the benchmark ------------------------------------------


def describe(answer: Answer) -> str:
    if isinstance(answer, Pass):
        return "pass"
    if isinstance(answer, Play):
        return format_cards(answer.cards)
    return "give " + format_cards(answer)


def print_review(review: Review, out: Callable[[str], object] = print) -> None:
    costliest = review.costliest()
    for r in review.ratings:
        mark = f"  <-- {r.loss:.2f} lost" if r in costliest else ""
        better = "" if r.best == r.played else f"  best {describe(r.best)} {r.best_points:+.2f}"
        played = f"{describe(r.played)} {r.played_points:+.2f}"
        out(f"{r.number + 1:3d}  action {r.action:3d}  played {played}{better}{mark}")
    out(f"points taken: {review.points}; expected points lost: {review.total_loss:.2f}")


def typical_games(count: int, seed: int) -> list[tuple[dict[str, Any], int]]:
    """``count`` typical 4-player games and the seat to review: the second game of a ``standard`` match
    (so with the exchange), that seat played by Strong (standing in for a person), the others by Normal."""
    rules = preset_rules("standard", 4)
    players: list[Player] = [make_player("strong"), *(make_player("normal") for _ in range(3))]
    out = []
    for k in range(count):
        match = Match(rules, seed=seed + k, games=2)
        while True:
            game = match.game
            rng = random.Random(f"{seed}/{k}/{match.index}")

            def decide(decision: Decision, game: Game = game, rng: random.Random = rng, match: Match = match) -> Answer:
                player = players[match.player_at(decision.seat)]
                obs = observe(game, decision.seat)
                return player.choose_gift(obs, rng) if decision.gift is not None else player.choose_move(obs, rng)

            play_game(game, decide)
            if match.record_result() is not None:
                break
            match.next_game()
        out.append((record_json(rules, match.games), match.seat_of(0)))
    return out


def _executor(processes: int) -> AbstractContextManager[Executor | None]:
    return ProcessPoolExecutor(processes, mp_context=get_context("spawn")) if processes > 1 else nullcontext()


def timed_rate(point: DecisionPoint, seed: int, worlds: int) -> tuple[Rating, float]:
    """``rate`` and the CPU seconds it took in its process (for the benchmark)."""
    start = time.process_time()
    rating = rate(point, seed, worlds)
    return rating, time.process_time() - start


def bench(count: int, seed: int, worlds: int, processes: int) -> list[float]:
    """Review ``count`` typical games; print for each the wall-clock time (the machine's load shows in it) and
    the CPU time of its ratings (which it does not: on an idle machine the wall clock is about that over the
    number of processes)."""
    times = []
    with _executor(processes) as executor:
        record, seat = typical_games(1, seed + 1000)[0]
        review_game(parse_record(record), seat, seed, worlds=4, executor=executor)  # the processes started
        cpu_total = 0.0
        for record, seat in typical_games(count, seed):
            parsed = parse_record(record)
            start = time.perf_counter()
            points = decision_points(parsed, seat)
            work = partial(timed_rate, seed=seed, worlds=worlds)
            timed = list(executor.map(work, points)) if executor is not None else [work(p) for p in points]
            review = assemble(parsed, seat, seed, worlds, [rating for rating, _ in timed])
            elapsed = time.perf_counter() - start
            cpu = sum(seconds for _, seconds in timed)
            cpu_total += cpu
            times.append(elapsed)
            print(f"{len(review.ratings):3d} decisions  {elapsed:5.1f} s  (CPU {cpu:5.1f} s)  "
                  f"{len(review.mistakes())} mistakes, {review.total_loss:.2f} points lost", flush=True)
    ordered = sorted(times)
    print(f"{count} games, {worlds} worlds a decision, {processes} process(es): wall clock median "
          f"{ordered[len(ordered) // 2]:.1f} s, worst {ordered[-1]:.1f} s; CPU {cpu_total / count:.1f} s a game")
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.review", description="Review one seat's decisions in a game.")
    parser.add_argument("record", nargs="?", help="a game record (JSON)")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--game", type=int, default=-1, help="the game's index in the record (default: the last)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--bench", type=int, nargs="?", const=5, default=None, metavar="GAMES",
                        help="review this many typical 4-player games and print the times")
    args = parser.parse_args(argv)
    if args.bench is not None:
        bench(args.bench, args.seed, args.worlds, args.processes)
        return 0
    if args.record is None:
        parser.error("give a record file, or --bench")
    try:
        with open(args.record, encoding="utf-8") as file:
            record = parse_record(json.load(file))
    except (OSError, ValueError) as error:
        print(f"{args.record}: {error}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    with _executor(args.processes) as executor:
        review = review_game(record, args.seat, args.seed, game=args.game, worlds=args.worlds, executor=executor)
    print_review(review)
    print(f"{time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "GIFTS", "NOTABLE", "WORLDS", "Cancelled", "DecisionPoint", "Rating", "Review", "assemble", "choices_of",
    "decision_points", "draw_worlds", "main", "rate", "rate_call", "review_game", "values",
]

