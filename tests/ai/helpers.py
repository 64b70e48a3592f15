"""Shared helpers: play games between computer players with every action checked by the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from ai import arena
from ai.expert import Expert
from ai.player import Player, gift_count
from game.engine import Game, Match, RuleSet, observe, parse_cards
from game.engine.cards import deck_mask, iter_ids
from game.engine.runner import Answer, Decision, MatchRunner
from game.engine.runner import play_game as run_game

MAX_DECISIONS = 5000
"""A game that asks for more decisions than this does not end."""


def late_position(rules: RuleSet, hands: list[str], leader: int = 0) -> Game:
    """A position where every card not in ``hands`` (card codes by seat) has been played; ``leader`` leads."""
    masks = [parse_cards(h) for h in hands]
    game = Game.from_hands(rules, masks, leader=leader)
    held = 0
    for mask in masks:
        held |= mask
    game.played = deck_mask(rules.jokers) & ~held
    return game


class CheckedPlayers:
    """The runner's ``decide``: each decision asked of the player in its seat through an observation,
    and checked here before the engine checks it again.  Decision ``k`` of a game draws from
    ``Random(f"{seed}/{k}")``, ``seed`` set by ``new_game``."""

    def __init__(self, players: Sequence[Player], player_at: Callable[[int], int], game: Callable[[], Game]) -> None:
        self.players = players
        self.player_at = player_at
        self.game = game
        self.seed = 0
        self.taken = 0
        """Decisions taken in the current game."""

    def new_game(self, seed: int) -> None:
        self.seed = seed
        self.taken = 0

    def __call__(self, decision: Decision) -> Answer:
        player = self.players[self.player_at(decision.seat)]
        obs = observe(self.game(), decision.seat)
        rng = random.Random(f"{self.seed}/{self.taken}")
        self.taken += 1
        assert self.taken < MAX_DECISIONS, "the game ends"
        if decision.gift is not None:
            gift = player.choose_gift(obs, rng)
            assert gift.bit_count() == gift_count(obs), "a gift has the pending number of cards"
            assert gift & ~obs.hand == 0, "a gift comes from the hand"
            return gift
        move = player.choose_move(obs, rng)
        assert move in obs.move_list(), f"{move} is one of the listed moves"
        return move


def play_game(game: Game, players: Sequence[Player], seed: int, seating: Sequence[int] | None = None) -> int:
    """Play ``game`` to the end; ``players`` by player id, ``seating[seat]`` the player in each seat.

    Every gift and move goes through the engine's checks (``give``, ``play``), so an
    illegal choice raises.  Returns the number of decisions taken.
    """
    seats = list(seating) if seating is not None else list(range(game.n))
    decide = CheckedPlayers(players, seats.__getitem__, lambda: game)
    decide.new_game(seed)
    run_game(game, decide)
    return decide.taken


def play_match(rules: RuleSet, players: Sequence[Player], seed: int, games: int) -> Match:
    """A match of ``games`` games (fewer if the preset's target ends it)."""
    runner = MatchRunner(Match(rules, seed=seed, games=games))
    decide = CheckedPlayers(players, runner.match.player_at, lambda: runner.game)
    runner.play(decide, on_game=lambda game: decide.new_game(seed * 100 + runner.match.index))
    return runner.match


def cards(mask: int) -> list[int]:
    return list(iter_ids(mask))


def capture_experts(monkeypatch: pytest.MonkeyPatch) -> list[Expert]:
    """The Experts the arena seats from now on."""
    made: list[Expert] = []
    make = arena.make_seat

    def seat(job: arena.MatchJob, level: str) -> Player:
        player = make(job, level)
        if isinstance(player, Expert):
            made.append(player)
        return player

    monkeypatch.setattr(arena, "make_seat", seat)
    return made
