"""Playouts: a sampled world played to the end (or until a seat's place is settled) by a fast policy."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from game.engine import Game, Move, Phase
from game.engine.rules import RuleSet

from .normal import normal_policy
from .player import weakest_cards

Policy = Callable[[Game], Move]
"""A move for the seat to act in a complete game."""

Settle = Callable[[Game], int | None]
"""The place the seat to act is sure of from here (0: 1st), when it knows one without playing on."""


PositionKey = tuple[object, ...]


def position_key(game: Game) -> PositionKey:
    """What a policy of the public state and the hand to act may read, as a dictionary key: the hand
    to act, the card it drew and every declared public field but the rules (``State.key``).  Under one
    rule set, equal keys mean the same choice for any such policy (``normal_move``, ``strong_move``)."""
    turn = game.turn
    return (game.hands[turn], game.drawn if game.drawn_seat == turn else -1, *game.key())


def remembered(policy: Policy) -> Policy:
    """``policy`` answering a position it has met before from memory (one search's playouts meet
    the same positions again and again).  Only for policies of the public state and the hand to
    act, and for one search: the key leaves out the rules."""
    memo: dict[PositionKey, Move] = {}

    def choose(game: Game) -> Move:
        key = position_key(game)
        found = memo.get(key)
        if found is None:
            found = policy(game)
            memo[key] = found
        return found

    return choose


PLAYOUT_COLLECTION_THRESHOLD = 100_000
"""How many objects made and not freed start the cycle collector's youngest generation while playouts run.
Python's default, 700, has it run every few moves of a playout (which makes and drops many small
objects and almost no cycles): about a twentieth of a search's time."""


@contextmanager
def fewer_collections(threshold: int = PLAYOUT_COLLECTION_THRESHOLD) -> Iterator[None]:
    """Run the cycle collector less often meanwhile (``threshold`` for its youngest generation, never
    below what is set), then as it was.  As a decorator (``@fewer_collections()``) the pace comes back
    once the function has returned and its locals are gone."""
    before = gc.get_threshold()
    gc.set_threshold(max(threshold, before[0]), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def points_range(rules: RuleSet) -> tuple[int, int]:
    """The fewest and the most points one game can bring."""
    titles = rules.titles
    points = [rules.points_for(place, titles[place]) for place in range(rules.players)]
    return min(points), max(points)


def place_points(rules: RuleSet, place: int) -> int:
    return rules.points_for(place, rules.titles[place])


def playout(game: Game, seat: int, policy: Policy = normal_policy, max_steps: int = 2000) -> int:
    """Play ``game`` on with ``policy`` until ``seat``'s place is settled; its points."""
    return place_points(game.rules, playout_place(game, seat, policy, max_steps))


def playout_place(
    game: Game, seat: int, policy: Policy = normal_policy, max_steps: int = 2000, settle: Settle | None = None
) -> int:
    """Play ``game`` on with ``policy`` until ``seat``'s place is settled; the place (0: 1st).  ``settle``, when
    given, is asked at each of ``seat``'s turns in the play for a place it is sure of, which ends the playout."""
    steps = 0
    while True:
        place = game.place_of(seat)
        if place is not None:
            return place
        if steps >= max_steps:  # pragma: no cover - a safety net, games always end
            return game.n - 1
        if settle is not None and game.turn == seat and game.phase is Phase.PLAY:
            place = settle(game)
            if place is not None:
                return place
        if game.phase is Phase.HANDOFF:
            settle_handoff(game)
        else:
            game.apply(policy(game))
        steps += 1


def settle_handoff(game: Game) -> None:
    """Hand on (7渡し) or discard (10捨て) the weakest cards until the play goes on (search)."""
    while game.phase is Phase.HANDOFF:
        gift = game.pending[0]
        game.apply_gift(weakest_cards(game.hands[gift.giver], gift.count))


def give_in_exchange(game: Game, seat: int, cards: int) -> None:
    """``seat`` gives ``cards`` in the exchange; the other upper classes still to give hand over their
    weakest cards (the others' model: the default client's gift), so the play begins (search)."""
    game.give(seat, cards)
    while game.phase is Phase.EXCHANGE:
        due = game.pending[0]
        game.give(due.giver, weakest_cards(game.hands[due.giver], due.count))
