"""Random rule sets, positions and games for the property tests."""

from __future__ import annotations

import random
from enum import Enum

from game.engine import PRESET_IDS, PRESETS, Event, Game, RuleError, RuleSet, preset_rules
from game.engine.cards import iter_ids
from game.engine.rules import SWITCH_NAMES, switch_kind


def random_rules(rng: random.Random) -> RuleSet:
    """A random preset, player count and a few random switch overrides (always valid)."""
    while True:
        preset = rng.choice(PRESET_IDS)
        info = PRESETS[preset]
        players = rng.randint(info.min_players, info.max_players)
        overrides: dict[str, object] = {}
        for name in rng.sample(SWITCH_NAMES, rng.randint(0, 6)):
            kind = switch_kind(name)
            if kind is bool:
                overrides[name] = rng.random() < 0.5
            elif isinstance(kind, tuple):
                low, high = kind
                overrides[name] = rng.randint(low, min(high, 6))
            elif isinstance(kind, type) and issubclass(kind, Enum):
                overrides[name] = rng.choice(list(kind)).value
        try:
            return preset_rules(preset, players, overrides)
        except RuleError:
            continue


def give_random_gifts(game: Game, rng: random.Random) -> list[Event]:
    """Random cards for every gift due now (the exchange, 7渡し, 10捨て); the events."""
    events: list[Event] = []
    while game.phase.giving:
        gift = game.pending[0]
        ids = rng.sample(list(iter_ids(game.hands[gift.giver])), gift.count)
        cards = 0
        for cid in ids:
            cards |= 1 << cid
        events += game.give(gift.giver, cards)
    return events


def random_step(game: Game, rng: random.Random, checked: bool = True) -> list[Event]:
    """One random action: the gifts due, else a random legal move (``apply``'d unless ``checked``)."""
    if game.phase.giving:
        return give_random_gifts(game, rng)
    move = rng.choice(game.move_list())
    if checked:
        return game.play(move)
    game.apply(move)
    return []


def random_position(rng: random.Random, rules: RuleSet | None = None) -> Game | None:
    """A game of ``rules`` (random ones by default) up to 40 random actions in, a move due; None if it ended first."""
    game = Game.new(rules or random_rules(rng), rng)
    give_random_gifts(game, rng)
    for _ in range(rng.randint(0, 40)):
        if game.over:
            return None
        random_step(game, rng, checked=False)
    give_random_gifts(game, rng)
    return None if game.over else game
