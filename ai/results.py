"""The arena's results game by game (``python -m ai.arena --results FILE``), compared on the same deals.

    python -m ai.results RUN.jsonl --level expert --versus external       # one run: two levels, game by game
    python -m ai.results A.jsonl B.jsonl --level expert                   # two runs: one level, game by game

Luck of the deal swamps the difference between two players over a few hundred
games; a difference taken game by game on the same cards does not carry it.
Within one run, two levels played the same game.  Two runs with the same
seed, seat list and match length deal the same cards in the same game of the
same rotation (the classes carried over can part them later, through the
exchange), so a level's points in one run less its points in the other, game
by game, measure a change of that level (an option of the Expert, say) with
the deal's luck taken out.  A level is named exactly, or by the start of its
name when that names one level (``external`` for ``external:CMD``); when it
holds several seats of a game, its points there are their mean.

The interval is the 95% interval of the mean difference over single games,
and over units of ``arena.BLOCK`` games of a deal set pooled over its
rotations, as the arena's own table takes it (a class carried over ties
neighbouring games together: the wider of the two is the honest one).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from .arena import BLOCK, mean_interval

Key = tuple[int, int, int]
"""A game's place in a run: deal set, rotation, game of the match."""


class ResultsError(ValueError):
    """A results file that cannot be read, or runs that cannot be compared."""


@dataclass(frozen=True)
class ArenaGame:
    """One game of an arena run: by player, its level, points and place (0 is 1st)."""

    deal_set: int
    rotation: int
    game: int
    levels: tuple[str, ...]
    points: tuple[int, ...]
    places: tuple[int, ...]

    @property
    def key(self) -> Key:
        return (self.deal_set, self.rotation, self.game)

    def points_of(self, level: str) -> float:
        """The level's points in this game (their mean when it holds several seats)."""
        mine = [p for name, p in zip(self.levels, self.points) if name == level]
        if not mine:
            raise ResultsError(f"no {level!r} in game {self.key}")
        return sum(mine) / len(mine)


@dataclass(frozen=True)
class Comparison:
    """A paired difference: ``first`` minus ``second``, game by game."""

    first: str
    second: str
    games: int
    first_mean: float
    second_mean: float
    difference: float
    by_game: float
    """Half-width of the 95% interval over single games."""
    by_block: float
    """Half-width of the 95% interval over blocks of ``BLOCK`` games of a deal set."""

    def describe(self) -> str:
        return (f"{self.first} minus {self.second}, {self.games} games: {self.first_mean:.2f} against "
                f"{self.second_mean:.2f}, {self.difference:+.2f} [{self.difference - self.by_game:+.2f}, "
                f"{self.difference + self.by_game:+.2f}] by game, [{self.difference - self.by_block:+.2f}, "
                f"{self.difference + self.by_block:+.2f}] by {BLOCK}-game block")


def read_results(path: Path) -> list[ArenaGame]:
    """The games of a ``--results`` file (``ResultsError`` naming the line that is not one)."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as error:
        raise ResultsError(f"{path}: cannot read it ({error})") from None
    games = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            game = ArenaGame(int(data["deal_set"]), int(data["rotation"]), int(data["game"]),
                             tuple(str(v) for v in data["levels"]), tuple(int(v) for v in data["points"]),
                             tuple(int(v) for v in data["places"]))
        except (ValueError, KeyError, TypeError) as error:
            raise ResultsError(f"{path}, line {number}: not a game of the arena's results ({error})") from None
        if not len(game.levels) == len(game.points) == len(game.places) or not game.levels:
            raise ResultsError(f"{path}, line {number}: the levels, points and places do not match up")
        games.append(game)
    if not games:
        raise ResultsError(f"{path}: no games")
    if len({game.key for game in games}) != len(games):
        raise ResultsError(f"{path}: a game appears twice (the results of runs on other seeds put together?)")
    return games


def level_named(games: Iterable[ArenaGame], name: str) -> str:
    """The level called ``name``, or the only one whose name starts with it."""
    levels = sorted({level for game in games for level in game.levels})
    if name in levels:
        return name
    matches = [level for level in levels if level.startswith(name)]
    if len(matches) != 1:
        raise ResultsError(f"{name!r} names {'no level' if not matches else 'several levels'} "
                           f"(levels: {', '.join(levels)})")
    return matches[0]


def within(games: Sequence[ArenaGame], level: str, other: str) -> Comparison:
    """``level``'s points less ``other``'s in the same game of one run."""
    first, second = level_named(games, level), level_named(games, other)
    if first == second:
        raise ResultsError(f"{first!r} against itself")
    pairs = [(g.key, g.points_of(first), g.points_of(second)) for g in games]
    return paired(first, second, pairs)


def across(first_run: Sequence[ArenaGame], second_run: Sequence[ArenaGame], level: str,
           other: str | None = None) -> Comparison:
    """``level``'s points in the first run less ``other``'s (by default the same level's) in the second,
    over the games both runs played, each seated where the other run seated it (else not the same deals)."""
    first = level_named(first_run, level)
    second = level_named(second_run, other or level)
    played = {g.key: g for g in second_run}
    pairs = []
    for game in first_run:
        twin = played.get(game.key)
        if twin is None:
            continue
        if first not in game.levels or second not in twin.levels:
            raise ResultsError(f"game {game.key}: {first!r} or {second!r} does not play it")
        if game.levels.index(first) != twin.levels.index(second):
            raise ResultsError(f"game {game.key}: the runs seat {first!r} and {second!r} apart, "
                               "so they did not hold the same cards")
        pairs.append((game.key, game.points_of(first), twin.points_of(second)))
    if not pairs:
        raise ResultsError("the runs share no game (another seed, seat list or match length?)")
    return paired(first, second, pairs)


def paired(first: str, second: str, pairs: Sequence[tuple[Key, float, float]]) -> Comparison:
    """``first`` less ``second`` over ``pairs`` (a game's key, their points in it)."""
    differences = [a - b for _, a, b in pairs]
    blocks: dict[tuple[int, int], list[float]] = {}
    for (deal_set, _, game), a, b in pairs:
        blocks.setdefault((deal_set, game // BLOCK), []).append(a - b)
    mean, by_game = mean_interval(differences)
    _, by_block = mean_interval([sum(v) / len(v) for v in blocks.values()])
    n = len(pairs)
    return Comparison(first, second, n, sum(a for _, a, _ in pairs) / n, sum(b for _, _, b in pairs) / n,
                      mean, by_game, by_block)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.results", description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="+", metavar="FILE", help="one or two --results files of the arena")
    parser.add_argument("--level", required=True, help="the level compared (or the start of its name)")
    parser.add_argument("--versus", metavar="LEVEL",
                        help="with one run, the level it is compared with; with two, the level of the second run "
                             "(default: the same level)")
    args = parser.parse_args(argv)
    if len(args.runs) > 2:
        parser.error("one run, or two to compare")
    if len(args.runs) == 1 and not args.versus:
        parser.error("one run needs --versus: the level to compare with")
    try:
        runs = [read_results(Path(name)) for name in args.runs]
        if len(runs) == 1:
            comparison = within(runs[0], args.level, args.versus)
        else:
            found = across(runs[0], runs[1], args.level, args.versus)
            comparison = replace(found, first=f"{found.first} in {args.runs[0]}",
                                 second=f"{found.second} in {args.runs[1]}")
    except ResultsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(comparison.describe())
    return 0


if __name__ == "__main__":
    sys.exit(main())
