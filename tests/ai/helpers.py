"""Shared helpers: play games between computer players with every action checked by the engine."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.player import Player, gift_count
from game.engine import Game, Match, RuleSet, observe, runner
from game.engine.cards import iter_ids
from game.engine.runner import Answer, Decision


def play_game(game: Game, players: Sequence[Player], seed: int, seating: Sequence[int] | None = None) -> int:
    """Play ``game`` to the end; ``players`` by player id, ``seating[seat]`` the player in each seat.

    Every gift and move goes through the engine's checks (``give``, ``play``), so an
    illegal choice raises.  Returns the number of decisions taken.
    """
    seats = list(seating) if seating is not None else list(range(game.n))
    taken = 0

    def decide(decision: Decision) -> Answer:
        nonlocal taken
        player = players[seats[decision.seat]]
        obs = observe(game, decision.seat)
        rng = random.Random(f"{seed}/{taken}")
        taken += 1
        assert taken < 5000, "the game ends"
        if decision.gift is not None:
            gift = player.choose_gift(obs, rng)
            assert gift.bit_count() == gift_count(obs), "a gift has the pending number of cards"
            assert gift & ~obs.hand == 0, "a gift comes from the hand"
            return gift
        move = player.choose_move(obs, rng)
        assert move in obs.move_list(), f"{move} is one of the listed moves"
        return move

    runner.play_game(game, decide)
    return taken


def play_match(rules: RuleSet, players: Sequence[Player], seed: int, games: int) -> Match:
    """A match of ``games`` games (fewer if the preset's target ends it)."""
    match = Match(rules, seed=seed, games=games)
    while True:
        play_game(match.game, players, seed * 100 + match.index, match.seating)
        if match.record_result() is not None:
            return match
        match.next_game()


def cards(mask: int) -> list[int]:
    return list(iter_ids(mask))
