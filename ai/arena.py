"""The arena: computer levels play many matches against each other; a table of how they did.

    python -m ai.arena --rules uecda --games 1000 --seats expert,normal,normal,normal,normal --seed 1

Deals are duplicated: every deal set (one match seed) is played once per
rotation of the seat list, so each level sits in every seat over the same
cards, which cuts the luck of the deal.  A match is the preset's match length
(10 games when it has none), and under the ``uecda`` rules the tournament's:
classes carry over 100 games between resets, as on the official server
(``--match-games`` sets another length).  Matches run in worker processes
(``--workers``, default: the number of cores, at most 2).  The table gives per
level: mean points per game with a 95% confidence interval, the share of each
class, the share of wins (1st place) and the decision time (mean and 95th
percentile).  The interval is taken over units of up to ``BLOCK`` consecutive
games of a deal set in all its rotations: a class carried over ties
neighbouring games together, the duplicate deals tie the rotations.
``--drawn-classes`` deals every game after a match's first with classes
drawn from the deal set's seed instead of carried from the game before: the
games are then independent, and two runs compare game by game without one
game's luck carrying into the rest of the match (a measurement; the table
plays with carried classes).  ``--json`` prints the same as one JSON object,
and ``--results FILE`` keeps every game (one JSON line each) for
``python -m ai.results``, which compares two levels of a run, or one level
over two runs, game by game on the same deals.

A seat may also be a player the arena does not know by level: ``main`` takes
a ``factory`` (a module-level function, so that worker processes can call it)
that turns such a seat (``kind:spec``, e.g. ``external:CMD`` from
``python -m game.network.uecda arena``) into a player.  Players that listen to the game
(``Player.notify``: a program behind a socket) are told every action, and every
player is closed when its match ends.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any, TextIO

from game.engine import Event, Game, Match, RuleSet, observe, preset_rules
from game.engine.events import MatchOver, visible_to
from game.engine.match import GameResult
from game.engine.runner import Answer, Decision, MatchRunner
from game.levels import LEVELS

from .expert import ExpertOptions
from .levels import make_player
from .player import Player

BLOCK = 10
"""Games of a match per unit of the confidence interval."""

SeatFactory = Callable[[str], Player]
"""Makes the player of a seat given as ``kind:spec`` (a module-level function: jobs are pickled)."""


@dataclass(frozen=True)
class MatchJob:
    """One match of the arena: a deal set played with one rotation of the seats."""

    rules: RuleSet
    levels: tuple[str, ...]
    """The level of each player (player identities of ``Match``), already rotated."""
    expert: ExpertOptions
    """How the Experts search."""
    deal_set: int
    rotation: int
    seed: int
    games: int
    factory: SeatFactory | None = None
    """Makes the players of ``kind:spec`` seats."""
    drawn_classes: bool = False
    """Deal each game after the first with classes drawn from the seed (``DrawnClasses``)."""


class DrawnClasses(Match):
    """A match whose games after the first are dealt with classes drawn from its seed, whatever the game
    before: the same classes and cards for every run with this seed, the exchange included, and nobody
    reseated.  Each game is then a duplicate deal of its own."""

    def next_game(self) -> Game:
        if self.game.result is not None:
            self.record_result()
        if self.over:
            raise ValueError("the match is over")
        index = len(self.results)
        places = list(range(self.rules.players))
        random.Random(f"arena-classes/{self.seed}/{index}").shuffle(places)
        self.game = self.deal_game(index, tuple(places), None)
        self.games.append(self.game)
        return self.game


@dataclass
class PlayerGame:
    """How one player did in one game."""

    level: str
    deal_set: int
    index: int
    """The game's number in its match (from 0)."""
    points: int
    place: int
    title: str


@dataclass
class MatchOutcome:
    games: list[list[PlayerGame]] = field(default_factory=list)
    """For each game of the match, one entry per player."""
    times: dict[str, list[float]] = field(default_factory=dict)
    """Decision times in seconds by level (moves and gifts)."""
    deal_set: int = 0
    rotation: int = 0
    levels: tuple[str, ...] = ()
    """The level of each player, as the job seated them."""

    def result_lines(self) -> Iterator[dict[str, Any]]:
        """Each game as one line of ``--results`` (read back by ``ai.results``)."""
        for entries in self.games:
            yield {"deal_set": self.deal_set, "rotation": self.rotation, "game": entries[0].index,
                   "levels": list(self.levels), "points": [e.points for e in entries],
                   "places": [e.place for e in entries]}


def make_seat(job: MatchJob, level: str) -> Player:
    """The player of one seat: a level, or a ``kind:spec`` seat made by the job's factory."""
    if level in LEVELS or job.factory is None:
        return make_player(level, job.expert)
    return job.factory(level)


def play_match(job: MatchJob) -> MatchOutcome:
    """Play one match; every move and gift is checked by the engine."""
    players: list[Player] = []
    try:
        for level in job.levels:
            players.append(make_seat(job, level))
        return _play(job, players)
    finally:
        for player in players:
            player.close()


def _play(job: MatchJob, players: Sequence[Player]) -> MatchOutcome:
    kind = DrawnClasses if job.drawn_classes else Match
    runner = MatchRunner(kind(job.rules, seed=job.seed, games=job.games))
    outcome = MatchOutcome(times={level: [] for level in set(job.levels)}, deal_set=job.deal_set,
                           rotation=job.rotation, levels=job.levels)
    listeners = [p for p, player in enumerate(players) if type(player).notify is not Player.notify]
    step = 0

    def tell(events: Sequence[Event]) -> None:
        match = runner.match
        for player_id in listeners:
            player = players[player_id]
            number = getattr(player, "player_number", None)
            if isinstance(number, int) and hasattr(player, "seating"):
                # A program tells its opponents apart by player number: keep each one's number over reseats.
                n = job.rules.players
                player.seating = tuple((match.player_at(s) - player_id + number) % n for s in range(n))
            seat = match.seat_of(player_id)
            player.notify(observe(runner.game, seat), [visible_to(e, seat) for e in events])

    def decide(decision: Decision) -> Answer:
        nonlocal step
        player_id = runner.player_of(decision)
        obs = observe(runner.game, decision.seat)
        rng = random.Random(f"arena/{job.seed}/{job.rotation}/{runner.match.index}/{step}")
        step += 1
        start = time.perf_counter()
        player = players[player_id]
        reply = player.choose_gift(obs, rng) if decision.gift is not None else player.choose_move(obs, rng)
        outcome.times[job.levels[player_id]].append(time.perf_counter() - start)
        return reply

    def after(decision: Decision, events: list[Event]) -> None:
        tell(events)

    def dealt(game: Game) -> None:
        for player in players:
            player.seated(runner.match.seating)
        tell(game.setup_events)

    def booked(game: GameResult, _: MatchOver | None) -> None:
        result = game.result
        entries = []
        for player_id, level in enumerate(job.levels):
            seat = game.seating.index(player_id)
            place = result.places.index(seat)
            entries.append(PlayerGame(level, job.deal_set, len(outcome.games), result.points[seat], place,
                                      result.titles[seat].value))
        outcome.games.append(entries)

    if listeners:
        runner.play(decide, after, on_game=dealt, on_result=booked)
    else:
        runner.play(decide, on_result=booked)
    return outcome


def default_match_games(rules: RuleSet) -> int:
    """Games per match: under the ``uecda`` rules the tournament's class cycle (classes reset every
    100 games on the official server), else the preset's match length, else 10."""
    return rules.info.class_reset_every or rules.info.match_end.games or 10


def rotations(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """Every cyclic rotation of the seat list (each level visits every seat)."""
    n = len(seats)
    return [tuple(seats[(i + r) % n] for i in range(n)) for r in range(n)]


def plan(
    rules: RuleSet, seats: Sequence[str], games: int, seed: int, match_games: int, expert: ExpertOptions,
    factory: SeatFactory | None = None, drawn_classes: bool = False,
) -> list[MatchJob]:
    """The matches to play: enough deal sets × rotations for ``games`` games."""
    turns = rotations(seats)
    per_set = match_games * len(turns)
    sets = max(1, math.ceil(games / per_set))
    jobs = []
    for deal_set in range(sets):
        left = games - deal_set * per_set
        length = match_games if left >= per_set else max(1, math.ceil(left / len(turns)))
        set_seed = int.from_bytes(random.Random(f"arena/{seed}/{deal_set}").randbytes(6), "big")
        for rotation, levels in enumerate(turns):
            jobs.append(MatchJob(rules, levels, expert, deal_set, rotation, set_seed, length, factory, drawn_classes))
    return jobs


T_95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
        15: 2.13, 20: 2.09, 30: 2.04, 60: 2.00, 120: 1.98}


def t_critical(df: int) -> float:
    """Two-sided 95% Student t value (a small table; 1.96 for large samples)."""
    best = 1.96
    for k in sorted(T_95, reverse=True):
        if df <= k:
            best = T_95[k]
    return best


def mean_interval(samples: Sequence[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval."""
    n = len(samples)
    mean = sum(samples) / n if n else 0.0
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean, t_critical(n - 1) * math.sqrt(var / n)


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


def summarise(rules: RuleSet, outcomes: Sequence[MatchOutcome], seats: Sequence[str]) -> dict[str, Any]:
    """The per-level table as plain data."""
    levels = list(dict.fromkeys(seats))
    titles = [t.value for t in dict.fromkeys(rules.titles)]
    table: dict[str, Any] = {}
    total_games = sum(len(o.games) for o in outcomes)
    for level in levels:
        per_unit: dict[tuple[int, int], list[float]] = {}
        points: list[float] = []
        classes = dict.fromkeys(titles, 0)
        wins = 0
        for outcome in outcomes:
            for entries in outcome.games:
                mine = [e for e in entries if e.level == level]
                for e in mine:
                    points.append(e.points)
                    classes[e.title] = classes.get(e.title, 0) + 1
                    wins += e.place == 0
                    per_unit.setdefault((e.deal_set, e.index // BLOCK), []).append(e.points)
        units = [sum(v) / len(v) for v in per_unit.values()]
        mean, half = mean_interval(units) if len(units) >= 2 else mean_interval(points)
        times = [t for o in outcomes for t in o.times.get(level, [])]
        count = len(points)
        table[level] = {
            "seats": seats.count(level),
            "player_games": count,
            "points_per_game": round(mean, 4),
            "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "classes": {t: round(c / count, 4) if count else 0.0 for t, c in classes.items()},
            "win_share": round(wins / count, 4) if count else 0.0,
            "decisions": len(times),
            "decision_ms_mean": round(1000 * sum(times) / len(times), 3) if times else 0.0,
            "decision_ms_p95": round(1000 * percentile(times, 0.95), 3),
        }
    return {"rules": rules.preset, "players": rules.players, "seats": list(seats), "games": total_games,
            "deal_sets": len({e.deal_set for o in outcomes for g in o.games for e in g}), "levels": table}


def format_table(report: dict[str, Any]) -> str:
    """The report as a text table."""
    lines = [
        f"{report['rules']} ({report['players']} players), seats {','.join(report['seats'])}: "
        f"{report['games']} games over {report['deal_sets']} deal sets",
    ]
    titles = list(next(iter(report["levels"].values()))["classes"])
    head = f"{'level':<9} {'seats':>5} {'pts/game':>9} {'95% CI':>17} {'win':>6} "
    head += " ".join(f"{t[:9]:>9}" for t in titles)
    head += f" {'ms mean':>9} {'ms p95':>9}"
    lines.append(head)
    for level, row in report["levels"].items():
        low, high = row["ci95"]
        line = f"{level:<9} {row['seats']:>5} {row['points_per_game']:>9.3f} {f'[{low:.3f}, {high:.3f}]':>17} "
        line += f"{row['win_share']:>6.1%} " + " ".join(f"{row['classes'][t]:>9.1%}" for t in titles)
        line += f" {row['decision_ms_mean']:>9.2f} {row['decision_ms_p95']:>9.2f}"
        lines.append(line)
    return "\n".join(lines)


def run_jobs(
    jobs: Sequence[MatchJob], workers: int, progress: TextIO | None, results: TextIO | None = None,
) -> list[MatchOutcome]:
    """Play every match, in ``workers`` processes (1: here), with a progress bar; each match's games
    go to ``results`` as it ends (one JSON line a game), so a run stopped early keeps them."""
    total = sum(job.games for job in jobs)
    outcomes: list[MatchOutcome] = []
    done = 0
    started = time.perf_counter()

    def show() -> None:
        if progress is None:
            return
        width = 30
        filled = int(width * done / total) if total else width
        elapsed = time.perf_counter() - started
        eta = elapsed / done * (total - done) if done else 0.0
        progress.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games, "
                       f"{elapsed:.0f}s elapsed, ~{eta:.0f}s left ")
        progress.flush()

    def played() -> Iterator[MatchOutcome]:
        if workers <= 1:
            for job in jobs:
                yield play_match(job)
            return
        context = multiprocessing.get_context("spawn")
        with context.Pool(workers) as pool:
            yield from pool.imap_unordered(play_match, jobs)

    show()
    for outcome in played():
        outcomes.append(outcome)
        done += len(outcome.games)
        if results is not None:
            results.writelines(json.dumps(line) + "\n" for line in outcome.result_lines())
            results.flush()
        show()
    if progress is not None:
        progress.write("\n")
    return outcomes


def parse_args(argv: Sequence[str] | None, prog: str | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog=prog or "python -m ai.arena", description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="uecda", help="preset id (default uecda)")
    parser.add_argument("--players", type=int, default=None, help="players (default: the number of seats)")
    parser.add_argument("--games", type=int, default=100, help="games to play in total (default 100)")
    parser.add_argument("--seats", default=None, help="levels by seat, comma separated (default: all normal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--match-games", type=int, default=None,
                        help="games per match (default: 100 under the uecda rules, as in the tournament; "
                             "else the preset's match length, or 10)")
    parser.add_argument("--drawn-classes", action="store_true",
                        help="deal each game after a match's first with classes drawn from the seed, not carried "
                             "from the game before: independent games that compare game by game across runs")
    parser.add_argument("--override", action="append", default=[], metavar="SWITCH=VALUE",
                        help="a rule switch (JSON value), e.g. --override j_back=true")
    parser.add_argument("--budget", type=float, default=None, help="the Expert's seconds per decision")
    parser.add_argument("--iterations", type=int, default=None, help="the Expert's playouts per decision")
    parser.add_argument("--expert", action="append", default=[], metavar="OPTION=VALUE",
                        help="an Expert option (ai.expert.ExpertOptions; JSON value), e.g. --expert reading=passes")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: cores, at most 2)")
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--results", metavar="FILE",
                        help="write every game's points and places to FILE, one JSON line a game, as each match "
                             "ends (compare runs game by game with python -m ai.results)")
    return parser.parse_args(argv)


def json_values(items: Sequence[str]) -> dict[str, Any]:
    """``NAME=VALUE`` items by name, each value read as JSON (as text when it is not JSON)."""
    values: dict[str, Any] = {}
    for item in items:
        name, _, value = item.partition("=")
        try:
            values[name] = json.loads(value)
        except json.JSONDecodeError:
            values[name] = value
    return values


def main(argv: Sequence[str] | None = None, factory: SeatFactory | None = None, prog: str | None = None) -> int:
    """The command line; ``factory`` makes the players of ``kind:spec`` seats (see the module docstring)."""
    args = parse_args(argv, prog)
    overrides = json_values(args.override)
    seats = args.seats.split(",") if args.seats else None
    players = args.players or (len(seats) if seats else None)
    rules = preset_rules(args.rules, players, overrides)
    if seats is None:
        seats = ["normal"] * rules.players
    if len(seats) != rules.players:
        print(f"{len(seats)} seats for {rules.players} players", file=sys.stderr)
        return 2
    for level in seats:
        if level not in LEVELS and (factory is None or ":" not in level):
            print(f"unknown level {level!r} (levels: {', '.join(LEVELS)})", file=sys.stderr)
            return 2
    values: dict[str, Any] = {}
    if args.budget is not None:
        values["budget"] = args.budget
    if args.iterations is not None:
        values["iterations"] = args.iterations
    values.update(json_values(args.expert))
    try:
        expert = ExpertOptions().with_values(values)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    match_games = args.match_games or default_match_games(rules)
    jobs = plan(rules, seats, args.games, args.seed, match_games, expert, factory, args.drawn_classes)
    workers = args.workers if args.workers is not None else min(2, os.cpu_count() or 1)
    with ExitStack() as files:
        try:
            results = files.enter_context(open(args.results, "w", encoding="utf-8")) if args.results else None
        except OSError as error:
            print(f"cannot write the results to {args.results}: {error.strerror or error}", file=sys.stderr)
            return 2
        outcomes = run_jobs(jobs, workers, None if args.quiet else sys.stderr, results)
    report = summarise(rules, outcomes, seats)
    print(json.dumps(report) if args.json else format_table(report))
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
