"""Sampled worlds agree with the observation, and the exchange inference never excludes the truth."""

from __future__ import annotations

import random

from ai.normal import normal_policy
from ai.player import weakest_cards
from ai.policy import load_policy
from ai.sampling import WorldSampler, exchange_inference, log_likelihood, past_turns
from game.engine import Game, Phase, Turn, moves_for, observe, preset_rules
from game.engine.cards import strongest_cards

from ..engine.randomized import give_random_gifts, random_rules
from .helpers import cards


def exchanged_game(preset: str, seed: int, moves: int | None = None) -> Game:
    """A game 2+ after its exchange (the upper classes give their weakest cards), ``moves`` moves
    of Normal players in (by default 0 to 25)."""
    rng = random.Random(seed)
    rules = preset_rules(preset)
    places = list(range(rules.players))
    rng.shuffle(places)
    game = Game.new(rules, rng, previous_places=places)
    while game.phase is Phase.EXCHANGE:
        gift = game.pending[0]
        game.give(gift.giver, weakest_cards(game.hands[gift.giver], gift.count))
    for _ in range(rng.randint(0, 25) if moves is None else moves):
        if game.over or game.phase is not Phase.PLAY:
            break
        game.apply(normal_policy(game))
    return game


def test_the_receiver_knows_what_the_giver_kept() -> None:
    checked = 0
    for seed in range(60):
        game = exchanged_game("uecda" if seed % 2 else "standard", seed)
        if game.over:
            continue
        for seat in range(game.n):
            obs = observe(game, seat)
            capped, forbidden = exchange_inference(obs)
            if capped < 0:
                continue
            checked += 1
            assert game.hands[capped] & forbidden == 0, "the inference holds in the real game"
            sampler = WorldSampler(obs)
            rng = random.Random(seed)
            for _ in range(5):
                world = sampler.sample(rng)
                assert world.hands[capped] & forbidden == 0
                assert observe(world, seat) == obs
                assert [h.bit_count() for h in world.hands] == game.counts
    assert checked > 40


def test_the_inference_at_the_start_of_the_game() -> None:
    """Right after the exchange, the 大富豪 knows the 大貧民 holds nothing above its two gifts."""
    rules = preset_rules("uecda")
    rng = random.Random(8)
    game = Game.new(rules, rng, previous_places=[0, 1, 2, 3, 4])
    received = strongest_cards(game.deal.hands[4], 2)
    while game.phase is Phase.EXCHANGE:
        gift = game.pending[0]
        game.give(gift.giver, sum(1 << c for c in cards(game.hands[gift.giver])[: gift.count]))
    capped, forbidden = exchange_inference(observe(game, 0))
    assert capped == 4
    assert forbidden and game.hands[4] & forbidden == 0
    assert received & game.hands[0] == received


def test_no_inference_without_an_exchange() -> None:
    game = Game.new(preset_rules("uecda"), random.Random(1))
    assert exchange_inference(observe(game, 0)) == (-1, 0)
    duel = Game.new(preset_rules("duel5"), random.Random(1))
    assert exchange_inference(observe(duel, 0)) == (-1, 0)
    sampler = WorldSampler(observe(duel, 0))
    world = sampler.sample(random.Random(2))
    assert observe(world, 0) == observe(duel, 0)


def test_past_turns_rebuild_the_tables_the_others_faced() -> None:
    """Every past decision of another player is rebuilt with the hand it had then, and its
    move is one of the legal moves of that table; the true deal explains them all."""
    rules = preset_rules("uecda")
    game = Game.new(rules, random.Random(21))
    tables = {}
    while not game.over and len(game.history) < 30:
        tables[len(game.history)] = (game.public(), game.hands[game.turn])
        game.apply(normal_policy(game))
    if game.over:
        return
    obs = observe(game, game.turn)
    turns = past_turns(obs, limit=0)
    assert turns and all(t.seat != obs.seat for t in turns)
    index = [i for i, t in enumerate(obs.history) if isinstance(t, Turn) and t.seat != obs.seat]
    for past, i in zip(turns, index, strict=True):
        state, hand = tables[i]
        assert past.view == state
        assert game.hands[past.seat] | past.later == hand
        assert past.move in moves_for(past.view, hand)
    assert log_likelihood(game, turns, load_policy()) > -1e9


def test_past_turns_are_exactly_the_tables_of_any_rule_mix() -> None:
    """Random rule mixes (house rules, the exchange, 7渡し and 10捨て, clears of every kind): each past
    decision of another player comes with exactly the public state it was made in."""
    rng = random.Random(22)
    checked = 0
    for _ in range(80):
        rules = random_rules(rng)
        places = list(range(rules.players))
        rng.shuffle(places)
        game = Game.new(rules, rng, previous_places=places if rng.random() < 0.6 else None)
        tables = {}
        for _ in range(rng.randint(5, 200)):
            if game.over:
                break
            if game.phase.giving:
                give_random_gifts(game, rng)
                continue
            tables[len(game.history)] = (game.public(), game.hands[game.turn])
            game.apply(rng.choice(game.move_list()))
        for seat in range(game.n):
            obs = observe(game, seat)
            turns = past_turns(obs, limit=0)
            if rules.hand_size or rules.pile_draw or game.miyako >= 0:
                assert turns == []
                continue
            index = [i for i, t in enumerate(obs.history) if isinstance(t, Turn) and t.seat != seat]
            for past, i in zip(turns, index, strict=True):
                state, hand = tables[i]
                assert past.view == state, (rules, i)
                if not rules.seven_pass:
                    assert game.hands[past.seat] | past.later == hand
                checked += 1
    assert checked > 1000
