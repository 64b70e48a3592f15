"""How well the Expert's worlds read the others' hands: ``python -m ai.reading``.

Positions come from seeded 5-player ``uecda`` games, begun after an exchange,
with ``--players`` (Normal or Strong) at every seat: every fourth decision
with a choice, once the game has run a few turns.  On each, every reading
draws ``--worlds`` worlds, and the figure is the share of the hidden cards
(those of the other hands the observer cannot tell) that a world puts in the
hand that really holds them, over all positions, with the CPU time a
position took (the chain's burn-in included):

- ``certain``: deals that keep only what is certain (the counts, the known
  cards, the exchange): what knowing nothing more is worth;
- ``passes``: the others read from their passes only (``sampling.WorldSampler``);
- ``expert``: the Expert's reading (``Expert.sampler``: the chain, the default
  client as the model, a player it cannot explain read from its passes),
  with ``--expert NAME=VALUE`` measuring a variant (e.g. ``pool=16``);
- ``strong``: the chain with Strong as the model of every player, strictly:
  the reading of a Strong player by its own policy, as far as its moves tell.

The true deal would place them all; against a player whose moves its model
makes, what is missing is what the moves do not tell.

``--headroom N`` asks how much more a player's moves could tell with time to
spare: on each position the Expert's reading offers every other player ``N``
hands (the chain's deals, a few steps apart), and each move model (the
default client, Strong, the soft Strong, the champion model) weighs them by
its likelihood of all that player's moves this game (``opponents.turns_surprise``),
raised to a power (0: the reading as it is; higher: sharper).  It prints the
share of the hidden cards the weighed hands hold right at each power, the
share the likeliest hands hold, and how often the true hand is likelier than
an offered one: a model whose moves tell the hand puts the true hand above
nearly all of them.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from game.engine import Game, Observation, native, observe, preset_rules
from game.engine.runner import Answer, Decision, play_game

from .arena import json_values
from .expert import Expert, ExpertOptions
from .inference import ChainSampler
from .levels import make_player
from .normal import normal_move
from .opponents import Choices, champion_model, strong_choices, turns_surprise
from .sampling import WorldSampler
from .strong import strong_move

Reader = Callable[[Observation], WorldSampler | ChainSampler]
"""A reading: what draws the worlds for an observation."""

PLAYERS = ("normal", "strong")
"""The levels ``--players`` takes (the ones a reading's model may be)."""
SETTLED = 10
"""Decisions a game has run (its gifts included) before its positions are taken: the first moves tell little."""


@dataclass(frozen=True, slots=True)
class Position:
    """A decision of ``obs.seat`` with the true deal beside it."""

    obs: Observation
    hands: tuple[int, ...]
    read: tuple[int, ...] = ()
    """The seats whose hidden cards are counted (none named: every other seat)."""


def readers(options: ExpertOptions) -> dict[str, Reader]:
    """The readings measured, by name (``options``: the Expert's)."""
    expert = Expert(options)
    return {
        "certain": lambda obs: WorldSampler(obs, passes=False),
        "passes": WorldSampler,
        "expert": expert.sampler,
        "strong": lambda obs: ChainSampler(obs, model=strong_move),
    }


def positions(count: int, players: str) -> list[Position]:
    """``count`` positions of games among ``players``, in a fixed order."""
    rules = preset_rules("uecda")
    player = make_player(players)
    found: list[Position] = []
    seed = 0
    while len(found) < count:
        seed += 1
        rng = random.Random(seed)
        places = list(range(rules.players))
        rng.shuffle(places)
        game = Game.new(rules, rng, previous_places=places)
        steps = 0

        def decide(decision: Decision, game: Game = game, seed: int = seed) -> Answer:
            nonlocal steps
            obs = observe(game, decision.seat)
            rng = random.Random(f"{seed}/{steps}")
            steps += 1
            if decision.gift is not None:
                return player.choose_gift(obs, rng)
            if steps > SETTLED and steps % 4 == 0 and len(found) < count and len(obs.move_list()) > 1:
                found.append(Position(obs, tuple(game.hands)))
            return player.choose_move(obs, rng)

        play_game(game, decide)
    return found


def placed(position: Position, world: Game) -> tuple[int, int]:
    """How many of the hidden cards ``world`` puts in the hand that holds them, of how many."""
    obs = position.obs
    right = hidden = 0
    for seat, hand in enumerate(position.hands):
        if seat == obs.seat or (position.read and seat not in position.read):
            continue
        unknown = hand & ~obs.known[seat]
        right += (world.hands[seat] & unknown).bit_count()
        hidden += unknown.bit_count()
    return right, hidden


@dataclass(frozen=True, slots=True)
class Figure:
    share: float
    """Of the hidden cards, the share the worlds placed right."""
    milliseconds: float
    """CPU time a position took."""


def measure(reader: Reader, found: list[Position], worlds: int) -> Figure:
    """The share of the hidden cards ``reader``'s worlds place right over ``found``, and its time."""
    right = hidden = 0
    start = time.process_time()
    for index, position in enumerate(found):
        rng = random.Random(index)
        sampler = reader(position.obs)
        for _ in range(worlds):
            got, of = placed(position, sampler.sample(rng))
            right += got
            hidden += of
    seconds = time.process_time() - start
    return Figure(right / hidden if hidden else 1.0, 1000 * seconds / len(found))


POWERS: Final = (0.0, 1.0, 2.0, 4.0, 8.0)
"""The powers a headroom raises each model's likelihood to (0: the offered hands as the chain draws them)."""


def move_models() -> dict[str, Choices]:
    """The move models a headroom weighs the offered hands by, by name."""
    return {
        "default client": lambda state, hand: ([normal_move(state, hand)], [1.0]),
        "Strong": lambda state, hand: ([strong_move(state, hand)], [1.0]),
        "soft Strong": strong_choices,
        "champion": champion_model().choices,
    }


@dataclass(frozen=True, slots=True)
class Headroom:
    """How much of the players' hidden cards the hands the chain offers hold right, weighed by a move model."""

    shares: tuple[float, ...]
    """By ``POWERS``: the share held right, each hand weighed by the model's likelihood raised to that power."""
    likeliest: float
    """The share the likeliest of the offered hands hold right."""
    truth: float
    """Of the offered hands, the share the true hand is likelier than (ties count half), over the players read."""


def headroom(found: Sequence[Position], options: ExpertOptions, offered: int,
             models: Mapping[str, Choices]) -> dict[str, Headroom]:
    """Each model's ``Headroom`` over ``found``: on each position the Expert's reading (``options``) offers
    each player counted ``offered`` hands, weighed by the model's likelihood of all that player's moves this
    game (players without a move this game or a hidden card are left out)."""
    expert = Expert(options)
    hidden = 0
    right = {name: [0.0] * len(POWERS) for name in models}
    likeliest = dict.fromkeys(models, 0.0)
    truth: dict[str, list[float]] = {name: [] for name in models}
    for index, position in enumerate(found):
        rng = random.Random(index)
        obs = position.obs
        sampler = expert.sampler(obs)
        if not isinstance(sampler, ChainSampler):
            raise ValueError("the headroom weighs the chain's deals: it needs reading=chain")
        sampler.sample(rng)
        for seat, hand in enumerate(position.hands):
            unknown = hand & ~obs.known[seat]
            turns = sampler.turns.get(seat)
            if seat == obs.seat or (position.read and seat not in position.read) or not unknown or not turns:
                continue
            hands = sampler.hands_of(seat, offered, rng)
            held = [(h & unknown).bit_count() for h in hands]
            hidden += unknown.bit_count()
            for name, choices in models.items():
                known = {h: turns_surprise(turns, h, choices) for h in set(hands)}
                surprises = [known[h] for h in hands]
                least = min(surprises)
                for p, power in enumerate(POWERS):
                    weights = [math.exp(-power * (x - least)) for x in surprises]
                    right[name][p] += sum(w * n for w, n in zip(weights, held)) / sum(weights)
                best = [n for n, x in zip(held, surprises) if x == least]
                likeliest[name] += sum(best) / len(best)
                true = turns_surprise(turns, hand, choices)
                truth[name].append(sum(1.0 if x > true else 0.5 if x == true else 0.0 for x in surprises) / offered)
    if not hidden:
        raise ValueError("no position has a player with a move this game and a hidden card")
    return {name: Headroom(tuple(r / hidden for r in right[name]), likeliest[name] / hidden,
                           sum(truth[name]) / len(truth[name])) for name in models}


def print_headroom(found: Sequence[Position], options: ExpertOptions, offered: int) -> None:
    """``headroom``'s figures for every move model, a line each."""
    print("powers: " + ", ".join(f"{p:g}" for p in POWERS))
    for name, room in headroom(found, options, offered, move_models()).items():
        shares = ", ".join(f"{share:.1%}" for share in room.shares)
        print(f"{name:>14}: {shares}; the likeliest hands {room.likeliest:.1%}; "
              f"the true hand likelier than {room.truth:.0%} of those offered")


def print_heading(count: int, whose: str, args: argparse.Namespace) -> None:
    """The first line of a measurement's output: the positions, what each draws, how the search runs, the
    Expert's options."""
    each = f"{args.headroom} hands offered" if args.headroom else f"{args.worlds} worlds"
    print(f"{count} positions of {whose}, {each} each, the search runs {native.status()}"
          + "".join(f", {item}" for item in args.expert))


def add_reading_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that choose the readings measured: ``--only`` and ``--expert``."""
    parser.add_argument("--only", action="append", default=[], metavar="READING",
                        help="measure this reading only (may be repeated): certain, passes, expert, strong")
    parser.add_argument("--expert", action="append", default=[], metavar="OPTION=VALUE",
                        help="an Expert option for its reading (ai.expert.ExpertOptions; JSON value), e.g. pool=16")
    parser.add_argument("--headroom", type=int, default=0, metavar="N",
                        help="instead of the readings, weigh N hands the Expert's reading offers each player "
                             "by each move model's likelihood of its moves")


def chosen_readers(
    parser: argparse.ArgumentParser, args: argparse.Namespace,
) -> tuple[ExpertOptions, dict[str, Reader]]:
    """The Expert's options ``--expert`` names and the readings ``--only`` keeps (all when it names none);
    a bad option or an unknown reading ends the program through ``parser.error``."""
    if args.headroom < 0:
        parser.error("--headroom: expected a number of hands")
    try:
        options = ExpertOptions().with_values(json_values(args.expert))
    except ValueError as error:
        parser.error(str(error))
    chosen = readers(options)
    unknown = [name for name in args.only if name not in chosen]
    if unknown:
        parser.error(f"unknown reading {unknown[0]!r} (readings: {', '.join(chosen)})")
    if args.only:
        chosen = {name: reader for name, reader in chosen.items() if name in args.only}
    return options, chosen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ai.reading", description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="how many positions (default 40)")
    parser.add_argument("--worlds", type=int, default=40, help="worlds each reading draws a position (default 40)")
    parser.add_argument("--players", choices=PLAYERS, default="strong", help="who plays the games (default strong)")
    add_reading_arguments(parser)
    args = parser.parse_args(argv)
    if args.positions < 1 or args.worlds < 1:
        parser.error("--positions and --worlds must be positive")
    options, chosen = chosen_readers(parser, args)
    found = positions(args.positions, args.players)
    print_heading(len(found), f"{args.players} players", args)
    if args.headroom:
        print_headroom(found, options, args.headroom)
        return 0
    for name, reader in chosen.items():
        figure = measure(reader, found, args.worlds)
        print(f"{name:>8}: {figure.share:.1%} of the hidden cards placed right, "
              f"{figure.milliseconds:.1f} ms of CPU a position")
    return 0


if __name__ == "__main__":
    sys.exit(main())
