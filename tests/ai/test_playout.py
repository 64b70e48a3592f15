"""Playouts: the policies' memory of positions met before."""

from __future__ import annotations

import random

from ai.normal import normal_policy
from ai.playout import Policy, playout, playout_place, position_key, remembered
from ai.strong import strong_policy
from game.engine import Game, Move, Phase
from game.engine.state import FIELDS

from .test_hidden_information import random_state


def counted(policy: Policy, calls: list[int]) -> Policy:
    def choose(game: Game) -> Move:
        calls[0] += 1
        return policy(game)

    return choose


def test_a_remembered_policy_answers_as_the_policy() -> None:
    """Positions of random rule mixes (locks, revolutions, the pile, stocks), one memory per start
    as in a search: every answer is the policy's own answer, and each position is worked out once."""
    rng = random.Random(31)
    for policy in (strong_policy, normal_policy):
        calls = [0]
        asked = worked = 0
        for _ in range(40):
            start = random_state(rng, exchange=False)
            memory = remembered(counted(policy, calls))
            keys: set[object] = set()
            for _ in range(2):  # the second playout meets the first one's positions again
                game = start.clone()
                while not game.over and game.phase is Phase.PLAY:
                    move = memory(game)
                    asked += 1
                    keys.add(position_key(game))
                    assert move == policy(game)
                    game.apply(move)
            worked += len(keys)
        assert calls[0] == worked < asked


CONSTANT = {"rules", "n"}
"""Facts the key may leave out: the rules and the number of players do not change within a search."""
DERIVED = {"reversed", "stock_count", "over", "place_of", "previous_titles"}
"""Facts that follow from the declared fields (``PublicFacts``)."""


class Reading:
    """A game that notes which of its facts are read."""

    def __init__(self, game: Game, read: set[str]) -> None:
        self._game = game
        self._read = read

    def __getattr__(self, name: str) -> object:
        self._read.add(name)
        return getattr(self._game, name)


def test_the_key_holds_all_the_policies_read() -> None:
    """The key is every declared public field but the rules, the hand to act and the card it drew: all
    the policies read."""
    rng = random.Random(33)
    read: set[str] = set()
    keyed = (set(FIELDS) - {"rules"}) | DERIVED | {"hands", "drawn"}
    for _ in range(300):
        game = random_state(rng, exchange=False)
        if game.phase is not Phase.PLAY:
            continue
        for policy in (strong_policy, normal_policy):
            policy(Reading(game, read))  # type: ignore[arg-type]
    assert read <= keyed | CONSTANT, f"the key leaves out {read - keyed - CONSTANT}"
    assert {"hands", "top", "played", "counts", "passed", "lock"} <= read


def test_every_public_field_changes_the_key() -> None:
    """Two positions that differ in any declared field but the rules have different keys."""
    game = random_state(random.Random(34), exchange=False)
    key = position_key(game)
    for name in FIELDS[1:]:
        twin = game.clone()
        value = getattr(twin, name)
        if isinstance(value, list):
            setattr(twin, name, [*value, value[0]] if value else [0])
        elif isinstance(value, bool):
            setattr(twin, name, not value)
        elif isinstance(value, int):
            setattr(twin, name, value + 1 if name != "turn" else (value + 1) % game.n)
        else:
            setattr(twin, name, object())
        assert position_key(twin) != key, name


def seated(seat: int, own: Policy) -> Policy:
    """``own`` for ``seat``, Normal for the others (as in the Expert's playouts)."""

    def choose(game: Game) -> Move:
        return own(game) if game.turn == seat else normal_policy(game)

    return choose


def test_remembering_leaves_playouts_unchanged() -> None:
    rng = random.Random(32)
    for _ in range(20):
        game = random_state(rng, exchange=False)
        seat = game.turn
        remembering = seated(seat, remembered(strong_policy))
        for _ in range(2):
            assert playout(game.clone(), seat, remembering) == playout(game.clone(), seat, seated(seat, strong_policy))


def test_a_settled_place_ends_the_playout_at_the_seats_own_turn() -> None:
    """``settle`` is asked only when the seat is to play, and its place ends the playout unplayed."""
    rng = random.Random(5)
    settled = 0
    for _ in range(20):
        start = random_state(rng, exchange=False)
        if start.phase is not Phase.PLAY or start.over:
            continue
        seat = start.turn
        asked: list[int] = []

        def settle(game: Game, asked: list[int] = asked, last: int = start.n - 1) -> int | None:
            asked.append(game.turn)
            return last if len(asked) == 2 else None

        game = start.clone()
        place = playout_place(game, seat, strong_policy, settle=settle)
        assert set(asked) == {seat}
        if len(asked) == 2:  # its second turn came before its place was settled by the play
            assert place == start.n - 1 and game.place_of(seat) is None
            settled += 1
        else:
            assert place == game.place_of(seat)
    assert settled
