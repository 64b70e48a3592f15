"""Which plays a hand may make: following rules and fast move generation.

Everything here is a pure function of the hand and the public trick state
(the play to beat, whether the order is reversed, the locked suit set), so the
same code serves the game, a player's observation and a search AI.

Move generation works on card-set bitmasks: a rank's suits are four bits of the
hand, and the natural groups and sequences come from small tables filled on
first use, so that generating moves does not rebuild lists of card objects.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from .cards import (
    JOKER_MASK,
    JOKER_RANK,
    N_RANKS,
    NATURAL_MASK,
    RANK_3,
    RANK_9,
    SPADE_3,
)
from .errors import IllegalMove, Reason, rank_text, suit_text
from .plays import GROUP, SEQUENCE, SINGLE, Kind, Play, canonical_group_suits, group_suit_readings, readings
from .rules import RuleSet, SequenceBeats

KIND_NAMES: Final = {SINGLE: "single", GROUP: "group", SEQUENCE: "sequence"}

# --- small tables -----------------------------------------------------------

_SUBSETS: Final = [[s for s in range(1, 16) if s & ~n == 0] for n in range(16)]
"""Non-empty suit subsets of each 4-bit suit set."""
_SUBSETS_BY_SIZE: Final = [[[s for s in _SUBSETS[n] if s.bit_count() == k] for k in range(5)] for n in range(16)]
_SUBSETS_WITH_EMPTY: Final = [[0, *_SUBSETS[n]] for n in range(16)]

_NATURAL_GROUPS: Final = [
    [[Play(s << (r << 2), SINGLE if s.bit_count() == 1 else GROUP, r, s.bit_count(), s) for s in _SUBSETS[n]]
     for n in range(16)]
    for r in range(N_RANKS)
]
"""All natural singles and groups of rank r made from the suits n."""
_NATURAL_BY_SIZE: Final = [
    [[[p for p in _NATURAL_GROUPS[r][n] if p.size == k] for k in range(5)] for n in range(16)]
    for r in range(N_RANKS)
]
LONE_JOKERS: Final = (Play(1 << 52, SINGLE, JOKER_RANK, 1, 0), Play(1 << 53, SINGLE, JOKER_RANK, 1, 0))
_SPREAD_MASK: Final = int("1" * N_RANKS, 16)
_compress_cache: dict[int, int] = {}
_natural_seq_cache: dict[tuple[int, int, int], list[Play]] = {}


def suit_ranks(hand: int, suit: int) -> int:
    """The ranks (a 13-bit set) that ``hand`` holds in ``suit``."""
    spread = (hand >> suit) & _SPREAD_MASK
    ranks = _compress_cache.get(spread)
    if ranks is None:
        ranks = 0
        for r in range(N_RANKS):
            if spread >> (r << 2) & 1:
                ranks |= 1 << r
        _compress_cache[spread] = ranks
    return ranks


def spread_ranks(ranks: int, suit: int) -> int:
    """The cards of ``suit`` at the ranks of a 13-bit rank set."""
    cards = 0
    r = 0
    while ranks:
        if ranks & 1:
            cards |= 1 << ((r << 2) + suit)
        ranks >>= 1
        r += 1
    return cards


def _natural_sequences(ranks: int, suit: int, min_len: int) -> list[Play]:
    """Every natural sequence of ``min_len``+ cards in one suit's rank set (cached)."""
    key = (ranks, suit, min_len)
    found = _natural_seq_cache.get(key)
    if found is None:
        found = []
        for low in range(N_RANKS):
            length = 0
            while low + length < N_RANKS and ranks >> (low + length) & 1:
                length += 1
                if length >= min_len:
                    window = ((1 << length) - 1) << low
                    found.append(Play(spread_ranks(window, suit), SEQUENCE, low, length, 1 << suit))
        _natural_seq_cache[key] = found
    return found


def _joker_bits(hand: int, count: int) -> int:
    """The first ``count`` jokers held in ``hand``."""
    jokers = hand & JOKER_MASK
    if count == 1:
        return jokers & -jokers
    return jokers


# --- the following rule -----------------------------------------------------


def readings_matter(rules: RuleSet, lock: int) -> bool:
    """Do the suits a joker stands for change anything (a lock now or later)?"""
    return rules.lock and (lock != 0 or rules.lock_joker_starts)


def lock_suits(play: Play, rules: RuleSet) -> int:
    """The suit set ``play`` offers towards starting a lock (0: it cannot start one)."""
    if play.rank == JOKER_RANK or (play.cards & JOKER_MASK and not rules.lock_joker_starts):
        return 0
    return play.suits


def trump_rank(top: Play, rules: RuleSet) -> int | None:
    """The rank whose groups of ``top``'s size beat it whatever the rank, order or lock (砂嵐: 3s on
    three cards, 救急車: 9s on two), None if there is none."""
    if top.kind != GROUP:
        return None
    if rules.sandstorm and top.size == 3:
        return RANK_3
    if rules.ambulance and top.size == 2:
        return RANK_9
    return None


def trumps(play: Play, top: Play, rules: RuleSet) -> bool:
    """Does ``play`` beat ``top`` whatever the rank, order or lock (砂嵐 on three cards, 救急車 on two)?"""
    return play.kind == GROUP and play.size == top.size and play.rank == trump_rank(top, rules)


def stronger_ranks(rank: int, reversed_: bool) -> range:
    """The ranks stronger than ``rank`` in the order in force, the nearest first."""
    return range(rank - 1, -1, -1) if reversed_ else range(rank + 1, N_RANKS)


def follow_error(play: Play, top: Play | None, reversed_: bool, lock: int, rules: RuleSet) -> IllegalMove | None:
    """Why ``play`` may not follow ``top`` (None: it may), for a well-formed reading."""
    if top is None:
        return None
    if top.rank == JOKER_RANK:
        if rules.spade3_return and play.cards == SPADE_3:
            return None
        return IllegalMove(Reason.JOKER_ON_TABLE)
    if trumps(play, top, rules):
        return None
    if play.size != top.size:
        return IllegalMove(Reason.WRONG_SIZE, count=top.size)
    if play.kind != top.kind:
        return IllegalMove(Reason.WRONG_KIND, kind=KIND_NAMES[top.kind])
    if lock and play.rank != JOKER_RANK and play.suits != lock:
        return IllegalMove(Reason.LOCKED, suits=suit_text(lock))
    if _stronger(play, top, reversed_, rules):
        return None
    if top.kind == SEQUENCE:
        shown = f"{rank_text(top.rank, in_sequence=True)}-{rank_text(top.top, in_sequence=True)}"
    else:
        shown = rank_text(top.rank)
    return IllegalMove(Reason.NOT_STRONGER_REVERSED if reversed_ else Reason.NOT_STRONGER, rank=shown)


def _stronger(play: Play, top: Play, reversed_: bool, rules: RuleSet) -> bool:
    if play.rank == JOKER_RANK:
        return True
    if top.kind == SEQUENCE:
        if rules.sequence_beats is SequenceBeats.TOP:
            return play.rank < top.rank if reversed_ else play.rank > top.rank
        if reversed_:
            return play.rank + play.size - 1 < top.rank
        return play.rank > top.rank + top.size - 1
    return play.rank < top.rank if reversed_ else play.rank > top.rank


def canonical(play: Play, lock: int, rules: RuleSet) -> Play:
    """``play`` with its jokers' suits normalised when they make no difference."""
    if play.kind == GROUP and play.cards & JOKER_MASK and not readings_matter(rules, lock):
        natural = (play.cards >> (play.rank << 2)) & 0xF
        suits = canonical_group_suits(natural, (play.cards & JOKER_MASK).bit_count())
        if suits != play.suits:
            return play._replace(suits=suits)
    return play


# --- move generation --------------------------------------------------------


def legal_plays(hand: int, top: Play | None, reversed_: bool, lock: int, rules: RuleSet) -> list[Play]:
    """Every play ``hand`` may make on ``top`` (None: leading), in a fixed order.

    Joker readings whose suits make no difference appear once (the canonical
    reading); where a lock makes them matter each suit reading is its own play.
    """
    if top is None:
        return _leads(hand, reversed_, lock, rules)
    if top.rank == JOKER_RANK:  # only the ♠3 answers a lone joker (スペ3返し)
        return [_NATURAL_GROUPS[0][1][0]] if rules.spade3_return and hand & SPADE_3 else []
    if top.kind == SEQUENCE:
        out: list[Play] = []
        if rules.sequences:
            _sequences(out, hand, (hand & JOKER_MASK).bit_count(), top.size, top, lock if lock else 0xF, reversed_,
                       rules)
        return out
    if top.kind != SINGLE:
        return _groups(hand, top, reversed_, lock, rules)
    out = []  # the single cards that beat it (a joker beats any)
    natural = hand & NATURAL_MASK
    suit_filter = lock if lock else 0xF
    for r in stronger_ranks(top.rank, reversed_):
        n = (natural >> (r << 2)) & suit_filter
        if n:
            out += _NATURAL_BY_SIZE[r][n][1]
    if hand & JOKER_MASK:
        out.append(LONE_JOKERS[0] if hand & (1 << 52) else LONE_JOKERS[1])
    return out


def _leads(hand: int, reversed_: bool, lock: int, rules: RuleSet) -> list[Play]:
    """Every play that may lead: singles and groups, with and without jokers, and sequences."""
    out: list[Play] = []
    natural = hand & NATURAL_MASK
    jokers = (hand & JOKER_MASK).bit_count()
    for r in range(N_RANKS):
        n = (natural >> (r << 2)) & 0xF
        if n:
            out += _NATURAL_GROUPS[r][n]
    if jokers:
        matter = readings_matter(rules, lock)
        out.append(LONE_JOKERS[0] if hand & (1 << 52) else LONE_JOKERS[1])
        for r in range(N_RANKS):
            n = (natural >> (r << 2)) & 0xF
            if n or jokers > 1:
                _joker_groups(out, hand, jokers, r, n, 0, 0, matter)
    if rules.sequences:
        _sequences(out, hand, jokers, 0, None, 0xF, reversed_, rules)
    return out


def _groups(hand: int, top: Play, reversed_: bool, lock: int, rules: RuleSet) -> list[Play]:
    """The groups that beat the group ``top``: stronger ranks in the locked suits, and the trumps."""
    out: list[Play] = []
    natural = hand & NATURAL_MASK
    jokers = (hand & JOKER_MASK).bit_count()
    matter = readings_matter(rules, lock)
    size = top.size
    for r in stronger_ranks(top.rank, reversed_):
        n = (natural >> (r << 2)) & 0xF
        if lock:
            if size <= 4 and n & lock == lock and lock.bit_count() == size:
                out.append(Play(lock << (r << 2), GROUP, r, size, lock))
            if jokers:
                _joker_groups(out, hand, jokers, r, n & lock, size, lock, True)
        else:
            if size <= 4 and n:
                out += _NATURAL_BY_SIZE[r][n][size]
            if jokers and (n or jokers > 1):
                _joker_groups(out, hand, jokers, r, n, size, 0, matter)
    trump = trump_rank(top, rules)
    if trump is not None:
        _trump_groups(out, hand, jokers, trump, size, matter)
    return out


def _trump_groups(out: list[Play], hand: int, jokers: int, r: int, size: int, matter: bool) -> None:
    """Add the groups of rank ``r`` and ``size`` that beat any group of that size (砂嵐, 救急車)."""
    n = (hand >> (r << 2)) & 0xF
    found: list[Play] = list(_NATURAL_BY_SIZE[r][n][size]) if n else []
    if jokers and (n or jokers > 1):
        _joker_groups(found, hand, jokers, r, n, size, 0, matter)
    out += [play for play in found if play not in out]


def _joker_groups(out: list[Play], hand: int, jokers: int, r: int, n: int, size: int, lock: int, matter: bool) -> None:
    """Groups of rank r with 1..jokers jokers and natural suits from n.

    ``size`` 0 means any size of 2 or more; ``lock`` forces the reading's suit set.
    """
    shift = r << 2
    for j in range(1, jokers + 1):
        jbits = _joker_bits(hand, j)
        if size:
            need = size - j
            if need < 0 or need > 4:
                continue
            subsets = _SUBSETS_BY_SIZE[n][need] if need else ([0] if j >= 2 else [])
        else:
            subsets = _SUBSETS[n] if j == 1 else _SUBSETS_WITH_EMPTY[n]
        for s in subsets:
            total = s.bit_count() + j
            if total < 2:
                continue
            cards = (s << shift) | jbits
            if lock:
                out.append(Play(cards, GROUP, r, total, lock))
            elif matter:
                for suits in group_suit_readings(s, j):
                    out.append(Play(cards, GROUP, r, total, suits))
            else:
                out.append(Play(cards, GROUP, r, total, canonical_group_suits(s, j)))


def _sequences(
    out: list[Play], hand: int, jokers: int, size: int, top: Play | None, suits: int, reversed_: bool, rules: RuleSet
) -> None:
    """Sequences of ``size`` cards (0: any length) that beat ``top`` (None: leading)."""
    min_len = rules.sequence_min
    margin = 1 if jokers and rules.joker_beyond_ends else 0
    if size:
        low_range = (_sequence_lows(top, size, reversed_, rules, margin) if top is not None
                     else range(-margin, N_RANKS - size + margin + 1))
    for suit in range(4):
        if not suits >> suit & 1:
            continue
        ranks = suit_ranks(hand, suit)
        held = ranks.bit_count()
        if held + jokers < (size or min_len) or held == 0:
            continue
        if not size:
            out += _natural_sequences(ranks, suit, min_len)
            if jokers:
                _lead_joker_sequences(out, hand, jokers, ranks, suit, min_len, margin)
            continue
        for low in low_range:
            present = _window(ranks, low, size)
            missing = size - present.bit_count()
            if missing == 0:
                out.append(Play(spread_ranks(present, suit), SEQUENCE, low, size, 1 << suit))
            if jokers and missing <= jokers:
                _joker_sequences(out, hand, jokers, ranks, suit, low, size)


def _lead_joker_sequences(
    out: list[Play], hand: int, jokers: int, ranks: int, suit: int, min_len: int, margin: int
) -> None:
    """Every sequence of ``min_len``+ cards in one suit that leads with jokers (``margin``: one place
    beyond each end)."""
    for low in range(-margin, N_RANKS):
        missing = 0
        for length in range(1, N_RANKS - low + 1 + margin):
            rank = low + length - 1
            if rank < 0 or not ranks >> rank & 1:
                missing += 1
                if missing > jokers:
                    break
            if length >= min_len:
                _joker_sequences(out, hand, jokers, ranks, suit, low, length)


def _window(ranks: int, low: int, length: int) -> int:
    """The ranks of a 13-bit rank set inside ``low .. low + length - 1`` (which may reach past the ends)."""
    start, stop = max(low, 0), min(low + length, N_RANKS)
    return ranks & (((1 << (stop - start)) - 1) << start) if stop > start else 0


def _sequence_lows(top: Play, size: int, reversed_: bool, rules: RuleSet, margin: int) -> range:
    """The lowest ranks of the sequences of ``size`` that beat ``top`` (``margin``: one place beyond each end)."""
    first_low, last_low = -margin, N_RANKS - size + margin
    if rules.sequence_beats is SequenceBeats.TOP:
        return range(first_low, top.rank) if reversed_ else range(top.rank + 1, last_low + 1)
    if reversed_:
        return range(first_low, max(first_low, top.rank - size + 1))
    return range(top.rank + top.size, last_low + 1)


def _joker_sequences(out: list[Play], hand: int, jokers: int, ranks: int, suit: int, low: int, length: int) -> None:
    """Sequences on one window that use jokers (for the gaps, and optionally in place of held cards)."""
    present = _window(ranks, low, length)
    missing = length - present.bit_count()
    if missing > jokers or present == 0:
        return
    held = [r for r in range(max(low, 0), min(low + length, N_RANKS)) if present >> r & 1]
    for used in range(max(missing, 1), jokers + 1):
        extra = used - missing
        if extra >= len(held):
            continue
        jbits = _joker_bits(hand, used)
        for replaced in combinations(held, extra):
            keep = present
            for r in replaced:
                keep &= ~(1 << r)
            out.append(Play(spread_ranks(keep, suit) | jbits, SEQUENCE, low, length, 1 << suit))


def play_readings(cards: int, rules: RuleSet) -> list[Play]:
    """Every reading of ``cards`` as a play under ``rules`` (see ``plays.readings``)."""
    return readings(cards, sequence_min=rules.sequence_min, sequences=rules.sequences,
                    beyond_ends=rules.joker_beyond_ends)


__all__ = [
    "LONE_JOKERS",
    "Kind",
    "canonical",
    "follow_error",
    "legal_plays",
    "lock_suits",
    "play_readings",
    "readings_matter",
    "spread_ranks",
    "suit_ranks",
]
