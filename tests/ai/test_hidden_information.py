"""No level reads hidden cards: states that differ only in what a seat cannot see get the same decision."""

from __future__ import annotations

import random

import pytest

from ai.expert import ExpertOptions
from ai.levels import make_player
from ai.player import Player
from game.engine import Game, Phase, PublicState, observe
from game.levels import LEVELS
from tests.engine.randomized import give_random_gifts, random_rules, random_step


def player_for(level: str) -> Player:
    return make_player(level, ExpertOptions(iterations=6))  # few playouts: what it reads matters, not how well


def random_state(rng: random.Random, exchange: bool) -> Game:
    """A game some way in (or, with ``exchange``, a game 2+ in its exchange phase)."""
    while True:
        rules = random_rules(rng)
        previous = list(range(rules.players))
        rng.shuffle(previous)
        game = Game.new(rules, rng, previous_places=previous if exchange or rng.random() < 0.5 else None)
        if exchange:
            if game.phase is Phase.EXCHANGE:
                return game
            continue
        give_random_gifts(game, rng)
        for _ in range(rng.randint(0, 40)):
            if game.over:
                break
            random_step(game, rng, checked=False)
        give_random_gifts(game, rng)
        if not game.over:
            return game


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.slow
def test_hidden_cards_do_not_change_the_move(level: str) -> None:
    rng = random.Random(LEVELS.index(level))
    player = player_for(level)
    differed = 0
    for i in range(30):
        game = random_state(rng, exchange=False)
        seat = game.turn
        obs = observe(game, seat)
        twin = obs.sample(rng)
        differed += twin.hands != game.hands
        twin_obs = observe(twin, seat)
        assert twin_obs == obs, "the twin looks the same to the seat"
        first = player.choose_move(obs, random.Random(i))
        second = player.choose_move(twin_obs, random.Random(i))
        assert first == second
    assert differed > 20, "the twins really differ in hidden cards"


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_the_gift(level: str) -> None:
    rng = random.Random(10 + LEVELS.index(level))
    player = player_for(level)
    for i in range(15):
        game = random_state(rng, exchange=True)
        seat = game.turn
        obs = observe(game, seat)
        twin = obs.sample(rng)
        assert player.choose_gift(obs, random.Random(i)) == player.choose_gift(observe(twin, seat), random.Random(i))


def test_the_observation_holds_no_other_hand() -> None:
    """The players get only ``observe``'s view, and no field of it can hold a hidden card."""
    hidden = {"hands", "stocks", "pile", "removed", "drawn", "gifts", "deal", "chosen_gifts", "setup_events"}
    assert not hidden & set(PublicState.__dataclass_fields__)
    rng = random.Random(4)
    for _ in range(20):
        game = random_state(rng, exchange=False)
        obs = observe(game, game.turn)
        assert obs.state == game.public() and obs.hand == game.hands[obs.seat]
        others = 0
        for seat in range(game.n):
            if seat != obs.seat:
                others |= game.hands[seat] & ~obs.known[seat]
        assert not (obs.hand | obs.dealt | sum(k for k in obs.known)) & others
