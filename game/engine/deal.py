"""Dealing a shuffled deck: hands, the 5-card mode's stocks, the 2-player pile."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import deck_mask, iter_ids
from .rules import RuleSet

PILE_DRAW_HAND = 13
"""Cards each player is dealt when the rest of the deck forms a common pile."""


@dataclass(frozen=True, slots=True)
class Deal:
    hands: tuple[int, ...]
    """Card sets by seat."""
    stocks: tuple[tuple[int, ...], ...] | None = None
    """With ``hand_size``: each seat's face-down stock, card ids, top first."""
    pile: tuple[int, ...] | None = None
    """With ``pile_draw``: the common pile, card ids, top first."""


def deal(rules: RuleSet, rng: random.Random, first: int) -> Deal:
    """Shuffle with ``rng`` and deal one card at a time from seat ``first`` on.

    Every card is dealt (an uneven deal gives the seats from ``first`` on one
    more), except with ``hand_size`` (equal stocks, the odd card set aside
    unseen) and ``pile_draw`` (13 cards each, the rest is the pile).
    """
    n = rules.players
    deck = list(iter_ids(deck_mask(rules.jokers)))
    rng.shuffle(deck)
    order = [(first + i) % n for i in range(n)]
    if rules.pile_draw:
        dealt, rest = deck[: PILE_DRAW_HAND * n], deck[PILE_DRAW_HAND * n:]
        return Deal(hands=_round_robin(dealt, order, n), pile=tuple(rest))
    if rules.hand_size:
        each = len(deck) // n
        piles: list[list[int]] = [[] for _ in range(n)]
        for i, cid in enumerate(deck[: each * n]):
            piles[order[i % n]].append(cid)
        hands = tuple(_mask(p[: rules.hand_size]) for p in piles)
        return Deal(hands=hands, stocks=tuple(tuple(p[rules.hand_size:]) for p in piles))
    return Deal(hands=_round_robin(deck, order, n))


def _round_robin(cards: list[int], order: list[int], n: int) -> tuple[int, ...]:
    hands = [0] * n
    for i, cid in enumerate(cards):
        hands[order[i % n]] |= 1 << cid
    return tuple(hands)


def _mask(ids: list[int]) -> int:
    mask = 0
    for cid in ids:
        mask |= 1 << cid
    return mask
