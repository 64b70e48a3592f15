"""Normal (普通): the UECda tournament's default client, move for move.

The official dev kit's standard client (``client/daihinmin.c``) chooses from
tables of its hand: a column per rank (1..13 for 3..2, 0 below the 3 and 14
above the 2, where only a joker can stand) and a row per suit (♠♥♦♣).  This
module makes the same choices on our card sets:

* Leading: the longest sequence, then the largest group, then a single.
  Holding the joker it counts the joker into every sequence and group it
  could complete (so it leads ``5♠ 6♠ JK`` or ``9♥ JK`` rather than keep the
  joker); without a sequence or a group it leads its weakest single, and the
  lone joker only when nothing else is left.  Among equals the weakest wins
  (in a revolution the client scans from the other end: the weakest there),
  then the first suit of ♠♥♦♣ (of a revolution's sequences, the last).
* Following a single: its weakest single that beats the table among the
  cards in no group and no sequence of three or more; else the joker.
* Following a group: the weakest group of exactly the table's size among the
  cards that beat it, whether or not they belong to a sequence; else one a
  card short, completed by the joker.
* Following a sequence: the weakest sequence of the table's length among
  the cards that beat it (the top end of a longer run); else one the joker
  completes.
* Passing otherwise, and whenever the client's choice is not a legal play
  (the referee counts a refused play as a pass: a joker placed on the
  table's own rank, say).
* Exchange: its weakest cards.

Rules the client does not know (two jokers, J-back, 8-cut, the 5スキップ and
others) change nothing in what it chooses, except that it only ever chooses
what our rules can read: sequences of ``sequence_min`` cards or more where
sequences are played, a joker beyond the ends of a sequence only with
``joker_beyond_ends``.  With the Akita 2-player pile, a choice that does not
use the card just drawn is no play either.

``normal_move`` is a pure function of the public state and the hand of the
seat to act, so the same code serves the player (on its observation) and the
playouts and hand reading of the stronger levels (on sampled worlds:
``normal_policy``).
"""

from __future__ import annotations

import random
from functools import cache

from game.engine import PASS, Game, Move, Observation, Play, PublicView, moves_for
from game.engine.cards import JOKER_MASK, JOKER_RANK, NATURAL_MASK
from game.engine.legality import legal_reading
from game.engine.movegen import suit_ranks
from game.engine.plays import GROUP, SEQUENCE, SINGLE
from game.levels import Level

from .hand import play_power
from .player import Player

TOP: int = 14
"""The column above the 2 (and a lone joker's column in the normal order)."""
COLUMNS = range(1, 14)
"""The columns of natural cards: 3..2."""


def normal_move(state: PublicView, hand: int, drawn: int = -1) -> Move:
    """The default client's move for the seat to act, holding ``hand``, in ``state``."""
    choice = client_choice(state, hand)
    if choice is not None:
        legal = legal_reading(state, hand, drawn, choice)
        if legal is not None:
            return legal
    if state.top is not None:
        return PASS
    return _fallback_lead(moves_for(state, hand, drawn), state.reversed)


def normal_policy(game: Game) -> Move:
    """``normal_move`` for the seat to act in a complete game (playouts)."""
    return normal_move(game, game.hands[game.turn], game.drawn)


def cards_before_gift(hand: int, given: int) -> int:
    """How many cards of ``hand`` besides ``given`` the default client would have given before
    them (it gives its weakest, ♠♥♦♣ within a rank: ``player.weakest_cards``); 0 when ``given``
    is its gift."""
    highest = given.bit_length() - 1
    return (hand & ~given & ((1 << highest) - 1)).bit_count()


class Normal(Player):
    """Level 2: the UECda tournament's default client (its gift: ``Player.choose_gift``, the weakest cards)."""

    level = Level.NORMAL

    def choose_move(self, obs: Observation, rng: random.Random, deadline: float | None = None) -> Move:
        return normal_move(obs.state, obs.hand, obs.drawn)


# --- the client's tables -----------------------------------------------------------
#
# A rank index r (0..12 for 3..2) is the client's column r + 1; a suit's row is a set
# of columns (bit c for column c).  Card sets stay the engine's (bit rank * 4 + suit).

NIBBLE_LOW = 0x1111111111111
"""The ♠ of every rank."""
SUIT_CARDS = tuple(sum(NIBBLE_LOW << s for s in range(4) if suits >> s & 1) for suits in range(16))
"""The natural cards of each suit set."""


def _rows(cards: int) -> tuple[int, int, int, int]:
    """For each suit, the columns ``cards`` holds."""
    return (suit_ranks(cards, 0) << 1, suit_ranks(cards, 1) << 1, suit_ranks(cards, 2) << 1,
            suit_ranks(cards, 3) << 1)


def _counts(cards: int) -> int:
    """How many cards of each rank ``cards`` hold, a number per rank in the rank's four bits."""
    return (cards & NIBBLE_LOW) + (cards >> 1 & NIBBLE_LOW) + (cards >> 2 & NIBBLE_LOW) + (cards >> 3 & NIBBLE_LOW)


def _beating(rank: int, reversed_: bool) -> int:
    """The natural cards of the ranks beyond ``rank`` (below it in a revolution)."""
    if reversed_:
        return (1 << (rank << 2)) - 1 if rank > 0 else 0
    return NATURAL_MASK & ~((1 << ((rank + 1) << 2)) - 1)


@cache
def natural_runs(row: int, least: int) -> tuple[tuple[int, int], ...]:
    """The client's sequence table of one suit without the joker (``makeKaidanTable``): from each
    column, the held columns upwards without a gap (start, length), where ``least`` or more."""
    out = []
    for column in COLUMNS:
        length = _run_up(row, column)
        if length >= least:
            out.append((column, length))
    return tuple(out)


@cache
def joker_runs(row: int, least: int, beyond_ends: bool) -> tuple[tuple[int, int, int], ...]:
    """The client's sequence table of one suit with the joker (``makeJKaidanTable``): from each
    column 0..13, the sequence upwards whose first missing column (or the place above the 2) is
    the joker's (start, length, joker column), where ``least`` long or more."""
    out = []
    for column in range(0, TOP):
        gap = column + _run_up(row, column)
        length = gap - column + 1 + (_run_up(row, gap + 1) if gap < TOP else 0)
        if length >= least and (beyond_ends or 0 < gap < TOP):
            out.append((column, length, gap))
    return tuple(out)


def _run_up(row: int, column: int) -> int:
    """How many columns from ``column`` upwards ``row`` holds without a gap."""
    n = 0
    while row >> (column + n) & 1:
        n += 1
    return n


Run = tuple[int, int, int, int]
"""A cell of the sequence table: (start column, suit, length, the joker's column or -1)."""


def _runs(rows: tuple[int, int, int, int], least: int, joker: bool, beyond_ends: bool) -> list[Run]:
    if joker:
        return [(start, suit, length, gap) for suit, row in enumerate(rows)
                for start, length, gap in joker_runs(row, least, beyond_ends)]
    return [(start, suit, length, -1) for suit, row in enumerate(rows) for start, length in natural_runs(row, least)]


def _chosen_run(runs: list[Run], rows: tuple[int, int, int, int], reversed_: bool) -> Run | None:
    """Of runs of one length: the lowest (``lowSequence``: the lowest column, then the first
    suit), or in a revolution ``highSequence``'s: the highest column where a run starts on a held
    card, the last suit found there, then down that suit while runs start in every column."""
    if not reversed_:
        return min(runs)
    starts = {(run[1], run[0]): run for run in runs}
    for column in range(13, 0, -1):
        found = [run for run in runs if run[0] == column and rows[run[1]] >> column & 1]
        if found:
            run = max(found, key=lambda r: r[1])
            while (run[1], run[0] - 1) in starts:
                run = starts[(run[1], run[0] - 1)]
            return run
    return None


def _run_play(run: Run, rows: tuple[int, int, int, int], joker: int) -> Play:
    start, suit, length, gap = run
    natural = 0
    for column in range(start, start + length):
        if rows[suit] >> column & 1:
            natural |= 1 << ((column - 1) * 4 + suit)
    return Play(natural | (joker if gap >= 0 else 0), SEQUENCE, start - 1, length, 1 << suit)


def _group_rank(cards: int, size: int, extra: int, reversed_: bool) -> int:
    """The weakest rank (``lowGroup``, ``highGroup`` reversed) where ``cards`` hold ``size`` cards
    with ``extra`` jokers; -1 if none."""
    held = size - extra
    if held < 1:
        return -1
    differ = _counts(cards) ^ (held * NIBBLE_LOW)  # a rank's four bits are 0 where it holds ``held``
    ranks = ~(differ | differ >> 1 | differ >> 2 | differ >> 3) & NIBBLE_LOW
    if not ranks:
        return -1
    bit = ranks.bit_length() if reversed_ else (ranks & -ranks).bit_length()  # the highest / lowest rank
    return (bit - 1) >> 2


def _group_play(cards: int, whole: int, rank: int, size: int, joker: int, lock: int) -> Play:
    """The cards of ``rank``, the joker taking the first suits ``whole`` (the hand) lacks there
    (locked suits only, under a lock)."""
    suits = cards >> (rank << 2) & 0xF
    natural = suits << (rank << 2)
    if suits.bit_count() >= size:
        return Play(natural, GROUP, rank, size, suits)
    if size > 4:
        return Play(natural | joker, GROUP, rank, size, 0xF)
    held = whole >> (rank << 2) & 0xF
    for suit in range(4):
        if suits.bit_count() < size and not held >> suit & 1 and (not lock or lock >> suit & 1):
            suits |= 1 << suit
    return Play(natural | joker, GROUP, rank, size, suits)


def _single(cards: int, joker: int, reversed_: bool) -> Play | None:
    """``lowSolo`` (``highSolo`` reversed): the weakest card, ♠♥♦♣ first; else the lone joker."""
    if cards:
        if reversed_:
            rank = (cards.bit_length() - 1) >> 2
            suits = cards >> (rank << 2) & 0xF
            low = suits & -suits
            return Play(low << (rank << 2), SINGLE, rank, 1, low)
        low = cards & -cards
        cid = low.bit_length() - 1
        return Play(low, SINGLE, cid >> 2, 1, 1 << (cid & 3))
    if joker:
        return Play(joker, SINGLE, JOKER_RANK, 1, 0)
    return None


def _loose(cards: int, least: int) -> int:
    """The cards in no group and no run of ``least`` or more (``removeSequence``, ``removeGroup``)."""
    counts = _counts(cards)
    grouped = ((counts >> 1 | counts >> 2) & NIBBLE_LOW) * 0xF  # the ranks held twice or more
    in_run = 0
    if least:
        starts = cards  # the cards that begin a run of ``least`` in their suit
        for k in range(1, least):
            starts &= cards >> (k << 2)
        for k in range(least):
            in_run |= starts << (k << 2)
    return cards & ~grouped & ~in_run


def client_choice(state: PublicView, cards: int) -> Play | None:
    """The play the default client sends (None: it sends nothing, a pass); it may be illegal."""
    rules = state.rules
    least = rules.sequence_min if rules.sequences else 0
    natural = cards & NATURAL_MASK
    jokers = cards & JOKER_MASK
    joker = jokers & -jokers
    reversed_ = state.reversed
    top = state.top
    if top is None:
        return _lead(natural, joker, least, rules.joker_beyond_ends, reversed_)
    if top.rank >= JOKER_RANK:
        beating = 0
    elif top.kind == SEQUENCE:
        beating = _beating(top.rank if reversed_ else top.top, reversed_)
    else:
        beating = _beating(top.rank, reversed_)
    allowed = SUIT_CARDS[state.lock or 0xF]
    if top.size == 1:
        return _single(_loose(natural, least) & beating & allowed, joker, reversed_)
    playable = natural & beating & allowed
    if top.kind == SEQUENCE:
        rows = _rows(playable)
        runs = [run for run in _runs(rows, least, False, False) if run[2] == top.size]
        if not runs and joker:
            runs = [run for run in _runs(rows, least, True, rules.joker_beyond_ends) if run[2] == top.size]
        chosen = _chosen_run(runs, rows, reversed_) if runs else None
        return None if chosen is None else _run_play(chosen, rows, joker)
    rank = _group_rank(playable, top.size, 0, reversed_)
    if rank < 0 and joker:
        rank = _group_rank(playable, top.size, 1, reversed_)
    if rank < 0:
        return None
    return _group_play(playable, natural, rank, top.size, joker, state.lock)


def _lead(natural: int, joker: int, least: int, beyond_ends: bool, reversed_: bool) -> Play | None:
    if least:
        rows = _rows(natural)
        runs = _runs(rows, least, bool(joker), beyond_ends)
        if runs:
            longest = max(run[2] for run in runs)
            chosen = _chosen_run([run for run in runs if run[2] == longest], rows, reversed_)
            return None if chosen is None else _run_play(chosen, rows, joker)
    extra = 1 if joker else 0
    counts = _counts(natural)
    largest = max(counts >> (rank << 2) & 0xF for rank in range(13))
    if largest and largest + extra >= 2:
        size = largest + extra
        return _group_play(natural, natural, _group_rank(natural, size, extra, reversed_), size, joker, 0)
    return _single(natural, joker, reversed_)


def _fallback_lead(moves: list[Move], reversed_: bool) -> Move:
    """A lead when the client's own is no play here (the Akita pile's drawn card): the largest
    play without a joker, the weakest among those."""
    plays = [m for m in moves if isinstance(m, Play) and not m.cards & JOKER_MASK]
    if not plays:
        return moves[0]
    return min(plays, key=lambda p: (-p.size, play_power(p, reversed_)))
