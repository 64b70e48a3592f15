"""Everything that goes to a decision process pickles, compiled or not: the players, and every frozen
dataclass of the compiled modules (``game.engine.native.rebuilt``).  The slow compiled-modules test runs
this file on the compiled modules, where a frozen dataclass without ``__reduce__`` cannot be unpickled."""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import random

import pytest

from ai.expert import Expert, ExpertOptions, Others
from ai.hand_plan import Judgement, Plan, _Seq
from ai.normal import Normal
from ai.opponents import ChampionModel, Fit
from ai.player import Player
from ai.sampling import PassSeen, PastTurn
from ai.strong import Strong, Weights
from game.engine import PASS, Game, Play, native, observe, preset_rules
from game.engine.cards import Card
from game.engine.effects import Situation
from game.engine.state import PendingGift


def samples() -> list[object]:
    game = Game.new(preset_rules("uecda"), random.Random(3))
    play = next(move for move in game.legal_moves() if isinstance(move, Play))
    return [
        Card(53), Situation(preset_rules("akita"), play, 2, 1, True), Plan(2.5, (play,), 1, 2, True),
        Judgement(2.5, 1, 2, False), _Seq(3, 1, play), Weights(lead=1.5, chances=False),
        PassSeen(2, play, True, 4, 7), PastTurn(1, PASS, game.public(), 3), ChampionModel((0.5, -1.25)),
        Fit(12, 7, 10), game.public(), PendingGift(0, 4, 2),
    ]


@pytest.mark.parametrize("obj", samples(), ids=lambda obj: type(obj).__name__)
def test_a_frozen_dataclass_comes_back_equal(obj: object) -> None:
    assert pickle.loads(pickle.dumps(obj)) == obj


def test_a_game_comes_back_the_same() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(5), previous_places=[4, 3, 2, 1, 0])
    back = pickle.loads(pickle.dumps(game))
    assert type(back) is Game and back.snapshot() == game.snapshot()
    assert back.legal_moves()[:] == game.legal_moves()[:]


PLAYERS = [Normal(), Strong(Weights(finish=12.0)), Expert(ExpertOptions(iterations=30, others=Others.CHAMPION))]


@pytest.mark.parametrize("player", PLAYERS, ids=lambda player: type(player).__name__)
def test_a_player_goes_to_a_decision_process_and_plays_the_same(player: Player) -> None:
    back = pickle.loads(pickle.dumps(player))
    game = Game.new(preset_rules("uecda"), random.Random(8))
    obs = observe(game, game.turn)
    assert back.choose_move(obs, random.Random(2)) == player.choose_move(obs, random.Random(2))


def test_every_frozen_dataclass_of_the_compiled_modules_rebuilds_itself() -> None:
    found = []
    for name in native.MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if (isinstance(value, type) and value.__module__ == name and dataclasses.is_dataclass(value)
                    and value.__dataclass_params__.frozen and dataclasses.fields(value)):  # type: ignore[attr-defined]
                found.append(value.__name__)
                assert "__reduce__" in vars(value), f"{name}.{value.__name__} needs __reduce__ (native.rebuilt)"
    assert {type(obj).__name__ for obj in samples()} == set(found), "a sample of each"
