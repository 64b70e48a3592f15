"""Card-set arithmetic the computer players share: rank strength, groups, runs.

What a play does (革命, 8切り, 縛り...) is the engine's: ``game.engine.effects``.

Everything works on the engine's card-set bitmasks (bit ``rank * 4 + suit``,
jokers 52 and 53) so that the players and the playouts stay cheap.  "Power"
is a rank's strength in the order in force: 0 is the weakest natural rank,
12 the strongest, and a lone joker is 13 in either order.
"""

from __future__ import annotations

from game.engine import Play, PublicView
from game.engine.cards import JOKER_RANK, N_RANKS, deck_mask, iter_ids
from game.engine.movegen import suit_ranks
from game.engine.plays import GROUP, SEQUENCE, SINGLE


def power(rank: int, reversed_: bool) -> int:
    """The strength of ``rank`` in the order in force (a lone joker is always 13)."""
    if rank >= JOKER_RANK:
        return JOKER_RANK
    return N_RANKS - 1 - rank if reversed_ else rank


def play_power(play: Play, reversed_: bool) -> int:
    """How strong ``play`` is against plays of its own kind and size (higher beats lower)."""
    if play.rank >= JOKER_RANK:
        return JOKER_RANK
    if play.kind == SEQUENCE and reversed_:
        return N_RANKS - 1 - (play.rank + play.size - 1)
    return power(play.rank, reversed_)


def rank_count(hand: int, rank: int) -> int:
    """Natural cards of ``rank`` in ``hand``."""
    return ((hand >> (rank << 2)) & 0xF).bit_count()


def in_run(hand: int, cid: int, min_len: int) -> bool:
    """Is the natural card ``cid`` of ``hand`` part of a run of ``min_len`` or more ranks of its suit?"""
    ranks = suit_ranks(hand, cid & 3)
    r = cid >> 2
    low = r
    while low > 0 and ranks >> (low - 1) & 1:
        low -= 1
    high = r
    while high < N_RANKS - 1 and ranks >> (high + 1) & 1:
        high += 1
    return high - low + 1 >= min_len


def breaks_up(hand: int, play: Play, min_len: int) -> bool:
    """Would playing ``play`` (natural cards) split a group or a sequence (of ``min_len``+) of ``hand``?"""
    if play.kind == SINGLE:
        return rank_count(hand, play.rank) > 1 or in_run(hand, play.cards.bit_length() - 1, min_len)
    if play.kind == GROUP:
        return rank_count(hand, play.rank) != play.size or any(in_run(hand, c, min_len) for c in iter_ids(play.cards))
    return False


def unseen(state: PublicView, hand: int) -> int:
    """Cards the holder of ``hand`` has not seen: not in its hand and not played."""
    return deck_mask(state.rules.jokers) & ~hand & ~state.played
