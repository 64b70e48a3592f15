"""The level registry, the player contract and complete legal games for every level and preset."""

from __future__ import annotations

import pickle
import random

import pytest

from ai.expert import Expert, ExpertOptions
from ai.levels import make_player
from ai.player import Player
from game.engine import PRESETS, preset_rules
from game.levels import LEVELS
from tests.engine.randomized import random_rules

from .helpers import play_match

FAST_EXPERT = ExpertOptions(iterations=6)
"""Few playouts: the tests check legality, not strength."""


def quick_player(level: str) -> Player:
    return make_player(level, FAST_EXPERT)


def test_levels_are_the_four_strengths() -> None:
    assert LEVELS == ("beginner", "normal", "strong", "expert")
    for level in LEVELS:
        player = make_player(level)
        assert isinstance(player, Player)
        assert player.level == level
        assert player.runs_in_process is True
        assert pickle.loads(pickle.dumps(player)).level == level


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer level"):
        make_player("grandmaster")


def test_expert_options() -> None:
    expert = make_player("expert", ExpertOptions(budget=0.2, iterations=30))
    assert isinstance(expert, Expert)
    assert expert.options.budget == 0.2 and expert.options.iterations == 30
    default = make_player("expert")
    assert isinstance(default, Expert) and default.options == ExpertOptions() and default.options.budget == 0.5
    with pytest.raises(ValueError):
        make_player("expert", ExpertOptions(budget=0))


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.slow
def test_every_level_plays_every_preset(level: str, preset: str) -> None:
    """One seat of the level against Normal players, a short match with the exchange."""
    rules = preset_rules(preset)
    players = [quick_player(level)] + [make_player("normal") for _ in range(rules.players - 1)]
    match = play_match(rules, players, seed=len(preset), games=2)
    assert match.results


@pytest.mark.parametrize("level", [*LEVELS[:-1], pytest.param(LEVELS[-1], marks=pytest.mark.slow)])
def test_two_player_modes(level: str) -> None:
    """The akita 2-player pile and the duel5 stocks, the level in both seats."""
    for preset in ("akita", "duel5", "standard"):
        rules = preset_rules(preset, 2)
        play_match(rules, [quick_player(level), quick_player(level)], seed=3, games=2)


@pytest.mark.slow
def test_random_rule_mixes() -> None:
    """Every level at one table, over random presets, player counts and switches."""
    rng = random.Random(11)
    for i in range(12):
        rules = random_rules(rng)
        players = [quick_player(LEVELS[(i + seat) % len(LEVELS)]) for seat in range(rules.players)]
        play_match(rules, players, seed=i, games=2)


@pytest.mark.slow
def test_many_games_every_level_and_rule_mix() -> None:
    """A longer run over random rule mixes (the arena plays far more)."""
    rng = random.Random(12)
    for i in range(60):
        rules = random_rules(rng)
        players = [quick_player(rng.choice(LEVELS)) for _ in range(rules.players)]
        play_match(rules, players, seed=100 + i, games=3)
