"""Plays: singles, groups and sequences, with jokers standing in for cards.

A ``Play`` says which physical cards leave the hand and how they are read: the
kind, the (lowest) rank, the size and the suit set.  Jokers inside a group or a
sequence stand for the cards the reading needs (``stand_ins``); a lone joker is
always just the joker (rank ``JOKER_RANK``, no suit).

``Play`` is a ``NamedTuple`` rather than a frozen dataclass: it is as immutable,
hashable and typed, and move generation creates it several times faster, which
matters for a search AI that generates millions of them.

>>> from game.engine.cards import parse_cards
>>> [p.describe() for p in readings(parse_cards("5S 6S JK"), sequence_min=3)]
['5S 6S JK (JK=7S)', '5S 6S JK (JK=4S)']
>>> single(parse_cards("JK")).rank == JOKER_RANK
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from itertools import combinations
from typing import Final, NamedTuple

from .cards import (
    JOKER_MASK,
    JOKER_RANK,
    N_RANKS,
    NATURAL_MASK,
    card_code,
    card_id,
    format_cards,
    iter_ids,
    joker_count,
    place_id,
    rank_of,
    rank_suits,
    suit_of,
)


class Kind(IntEnum):
    SINGLE = 1
    GROUP = 2
    SEQUENCE = 3


SINGLE: Final = Kind.SINGLE
GROUP: Final = Kind.GROUP
SEQUENCE: Final = Kind.SEQUENCE


class Play(NamedTuple):
    """Cards put on the table in one turn, with their reading."""

    cards: int
    """The physical cards (a card-set bitmask)."""
    kind: Kind
    rank: int
    """The group's rank, the sequence's lowest rank, ``JOKER_RANK`` for a lone joker."""
    size: int
    suits: int
    """The suit set as read (jokers take the suits they stand for); 0 for a lone joker."""

    @property
    def top(self) -> int:
        """The highest rank in the play (the sequence's last rank)."""
        return self.rank + self.size - 1 if self.kind == SEQUENCE else self.rank

    @property
    def jokers(self) -> int:
        return joker_count(self.cards)

    @property
    def is_lone_joker(self) -> bool:
        return self.rank == JOKER_RANK

    def has_rank(self, rank: int) -> bool:
        """Does the play contain ``rank`` as read (a joker standing for it counts)?"""
        if self.kind == SEQUENCE:
            return self.rank <= rank < self.rank + self.size
        return self.rank == rank

    @property
    def stand_ins(self) -> int:
        """The cards the jokers stand for (for a group of 5+ only the missing suits)."""
        if self.rank == JOKER_RANK or not self.cards & JOKER_MASK:
            return 0
        return self.read_cards & ~self.cards

    @property
    def read_cards(self) -> int:
        """The natural cards the play stands for (jokers replaced by their stand-ins).

        A joker beyond the end of a sequence stands for a place, not a card
        (ids 54..61, see ``cards.place_id``).
        """
        if self.rank == JOKER_RANK:
            return 0
        if self.kind == SEQUENCE:
            suit = self.suits.bit_length() - 1
            mask = 0
            for r in range(self.rank, self.rank + self.size):
                mask |= 1 << place_id(r, suit)
            return mask
        return self.suits << (self.rank << 2)

    def joker_as(self) -> list[str]:
        """The stand-in card code for each joker (records' ``joker_as``)."""
        codes = [card_code(c) for c in iter_ids(self.stand_ins)]
        while len(codes) < self.jokers:
            codes.append(card_code(card_id(self.rank, 0)))
        return codes[: self.jokers]

    def describe(self) -> str:
        """The cards as codes, with the jokers' stand-ins: ``5S 6S JK (JK=7S)``."""
        text = format_cards(self.cards)
        stand = self.joker_as() if self.kind != SINGLE else []
        return f"{text} (JK={','.join(stand)})" if stand else text


@dataclass(frozen=True, slots=True)
class Pass:
    """Passing the turn."""

    def __repr__(self) -> str:
        return "PASS"


PASS: Final = Pass()

Move = Play | Pass
"""What a player does on its turn: a play or a pass."""


def _suit_bits(suits: int) -> list[int]:
    return [s for s in range(4) if suits >> s & 1]


def single(cards: int) -> Play:
    """The single play of one card (a natural card or a lone joker)."""
    cid = cards.bit_length() - 1
    if cid >= 52:
        return Play(cards, SINGLE, JOKER_RANK, 1, 0)
    return Play(cards, SINGLE, cid >> 2, 1, 1 << (cid & 3))


def group_suit_readings(natural_suits: int, jokers: int) -> Iterator[int]:
    """Every suit set a group can be read as: the natural suits plus one per joker."""
    if natural_suits.bit_count() + jokers >= 4:
        yield 0xF
        return
    missing = _suit_bits(0xF & ~natural_suits)
    for chosen in combinations(missing, jokers):
        extra = 0
        for s in chosen:
            extra |= 1 << s
        yield natural_suits | extra


def canonical_group_suits(natural_suits: int, jokers: int) -> int:
    """The reading used when the jokers' suits make no difference: S, H, D, C first."""
    return next(group_suit_readings(natural_suits, jokers))


def readings(cards: int, *, sequence_min: int = 3, sequences: bool = True, beyond_ends: bool = False) -> list[Play]:
    """Every way to read ``cards`` as a play, strongest first in the natural order.

    Groups come before sequences; an empty list means the cards are no play.
    With ``beyond_ends`` a joker may also end a sequence below the 3 or above the 2.
    """
    size = cards.bit_count()
    if size == 0:
        return []
    if size == 1:
        return [single(cards)]
    jokers = joker_count(cards)
    naturals = cards & NATURAL_MASK
    ids = list(iter_ids(naturals))
    out: list[Play] = []
    ranks = {rank_of(c) for c in ids}
    if len(ranks) <= 1:
        candidate_ranks = list(ranks) if ranks else list(range(N_RANKS))
        for rank in sorted(candidate_ranks, reverse=True):
            nat = rank_suits(naturals, rank)
            for suits in group_suit_readings(nat, jokers):
                out.append(Play(cards, GROUP, rank, size, suits))
    if sequences and size >= sequence_min and ids:
        suits_used = {suit_of(c) for c in ids}
        nat_ranks = sorted(rank_of(c) for c in ids)
        if len(suits_used) == 1 and len(set(nat_ranks)) == len(nat_ranks):
            suit = suits_used.pop()
            margin = 1 if beyond_ends else 0
            lowest = max(-margin, nat_ranks[-1] - size + 1)
            highest = min(nat_ranks[0], N_RANKS - size + margin)
            for low in range(highest, lowest - 1, -1):
                out.append(Play(cards, SEQUENCE, low, size, 1 << suit))
    return out
